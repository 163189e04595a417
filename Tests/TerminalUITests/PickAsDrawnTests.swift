import InstantSearchCore
import Testing

@testable import TerminalUI

/// Enter picks the hit the screen shows selected: results laid out after the last frame (a
/// load's next batch, an answer arriving with the key) are not what the user chose from.
@Suite struct PickAsDrawnTests {
    private func pickedName(_ harness: AppHarness) -> String? {
        harness.app.outcomeHits.first?.record["name"]?.stringValue
    }

    /// The selected row of a drawn screen, its text after the bar.
    private func selectedRow(_ screen: Canvas) -> String? {
        screen.lines.first { $0.hasPrefix("▌") }.map { String($0.dropFirst()).trimmingCharacters(in: .whitespaces) }
    }

    @Test func newResultsNotYetDrawnLeaveThePickOnTheHitDrawnSelected() async throws {
        let harness = AppHarness()
        await harness.start()
        let drawn = harness.screen()
        let shown = try #require(selectedRow(drawn))
        #expect(shown.hasPrefix("Sony Bravia TV"), "the first hit drawn selected:\n\(drawn.lines.joined(separator: "\n"))")
        // An answer comes in and is laid out (the list now holds it), but no frame draws it.
        await harness.type("bose")
        #expect(harness.app.hitsList.selectedHit?.record["name"]?.stringValue == "Bose QuietComfort headphones")
        harness.app.handle(.enter)
        #expect(pickedName(harness) == "Sony Bravia TV", "what the screen showed selected")
    }

    @Test func onceDrawnTheNewResultsAreWhatEnterPicks() async throws {
        let harness = AppHarness()
        await harness.start()
        _ = harness.screen()
        await harness.type("bose")
        let drawn = harness.screen()
        #expect(selectedRow(drawn)?.hasPrefix("Bose QuietComfort headphones") == true)
        harness.app.handle(.enter)
        #expect(pickedName(harness) == "Bose QuietComfort headphones")
    }

    /// A key that moves the selection over the same results counts before the frame shows it:
    /// keys are acted on in the order typed (Down then Enter picks the second hit, as in fzf).
    @Test func aMoveOverTheDrawnResultsIsPickedBeforeItsFrame() async throws {
        let harness = AppHarness()
        await harness.start()
        _ = harness.screen()
        await harness.press(.down)
        harness.app.handle(.enter)
        #expect(pickedName(harness) == "Sony WH-1000XM5 headphones")
    }
}
