import InstantSearchCore
import Testing

/// `--with-nth` and `--accept-nth` as fzf 0.74.5 makes lines of them (each expectation read
/// off fzf 0.74.5 for the same line and option).
@Suite struct FieldTemplateTests {
    static let colon = try! FieldDelimiter(":")

    func shown(_ text: String, _ line: String, index: Int = 0, delimiter: FieldDelimiter = .awk) throws -> String {
        try FieldTemplate(text, option: "--with-nth").shown(line, index: index, delimiter: delimiter)
    }

    func accepted(_ text: String, _ line: String, index: Int = 0, delimiter: FieldDelimiter = .awk) throws -> String {
        try FieldTemplate(text, option: "--accept-nth").accepted(line, index: index, delimiter: delimiter)
    }

    @Test func anExpressionKeepsEachFieldsSeparator() throws {
        // fzf shows "a:b:" for `-d: --with-nth 1,2`, and `b:$` finds it.
        #expect(try shown("1,2", "a:b:c", delimiter: Self.colon) == "a:b:")
        // Blanks after the last field are trimmed, as fzf trims the shown text.
        #expect(try shown("2,1", "hello world ") == "world hello")
        #expect(try shown("1..", "hello world  ") == "hello world")
    }

    @Test func aTemplatesPlaceholdersLoseTheLastSeparator() throws {
        #expect(try shown("{2} {1}. {1}.", "hello world ") == "world hello. hello.")
        #expect(try shown("{1..2}|", "a:b:c", delimiter: Self.colon) == "a:b|")
        // Braces around anything but fields or n are text.
        #expect(try shown("{a}-{1}", "hello world") == "{a}-hello")
        #expect(try shown("{n}:{-1}", "x y z", index: 41) == "41:z")
    }

    @Test func whatIsPrintedLosesTheLastSeparator() throws {
        #expect(try accepted("1,2", "a:b:c", delimiter: Self.colon) == "a:b")
        #expect(try accepted("2..", "a b c  ") == "b c")
        #expect(try accepted("{3}-{1}-{n}", "a b c  ") == "c-a-0")
        #expect(try accepted("{n}:{2}", "foo bar", index: 1) == "1:bar")
    }

    @Test func withoutAPlaceholderItIsAnErrorNamingTheOption() {
        for bad in ["abc", "{x}", "", "{}"] {
            do {
                _ = try FieldTemplate(bad, option: "--accept-nth")
                Issue.record("\(bad) was taken")
            } catch {
                #expect(error.description.hasPrefix("--accept-nth: \"\(bad)\" is neither a field expression"))
            }
        }
        // A bad expression inside braces is named as one.
        #expect(throws: LineOptionError.self) { try FieldTemplate("{0}", option: "--with-nth") }
        #expect(throws: LineOptionError.self) { try FieldTemplate("0", option: "--with-nth") }
    }
}
