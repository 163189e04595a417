import InstantSearchCore
import Testing

@testable import TerminalUI

/// What the views keep of an index while another is on screen (`ViewsByIndex`): Tab and
/// back find the hits' selection and the slider's attribute as they were left, and an index
/// shown for the first time starts at the top.
@Suite struct ViewsByIndexTests {
    @Test func tabAndBackFindTheSelectionAndTheSliderAttributeAsLeft() async {
        var products = ProductsBackend.description
        products.numericAttributes = ["price", "rating"]
        let harness = AppHarness(indices: [products, categoriesDescription])
        await harness.start()
        await harness.press(.down, .down)
        await harness.press(.function(4), .down)
        #expect(harness.app.hitsList.selection == 2)
        #expect(harness.app.sliderPane.attribute == "rating")

        await harness.press(.function(2), .tab)
        #expect(harness.hub.state.active.name == "categories")
        #expect(harness.app.hitsList.selection == 0, "an index shown for the first time starts at the top")
        await harness.press(.down)
        #expect(harness.app.hitsList.selection == 1)

        await harness.press(.backTab)
        #expect(harness.hub.state.active.name == "products")
        #expect(harness.app.hitsList.selection == 2)
        #expect(harness.app.sliderPane.attribute == "rating")
        await harness.press(.tab)
        #expect(harness.app.hitsList.selection == 1, "and the other index's own place")
    }
}
