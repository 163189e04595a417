/// A command template cut into text and placeholders, as fzf finds them: the first `{` whose
/// text up to the next `}` is a placeholder starts one; a backslash before a placeholder makes
/// it text (the backslash dropped).
public enum PlaceholderTemplate {
    public enum Segment: Equatable, Sendable {
        case text(String)
        case placeholder(Placeholder)
    }

    /// `attributes`: a record's attribute names are placeholders too, and `${NAME}` stays the shell's.
    public static func segments(_ template: String, attributes: Bool) -> [Segment] {
        var segments: [Segment] = []
        var text = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else {
                rest = rest[open...]
                break
            }
            let inner = after[..<close]
            let before = open > template.startIndex ? template[template.index(before: open)] : nil
            let shellVariable = attributes && before == "$"
            // `{{}`: the first brace is text, the placeholder may start at the next one.
            guard !inner.contains("{"), !shellVariable, let reading = Placeholder.read(inner, attributes: attributes) else {
                text += "{"
                rest = after
                continue
            }
            rest = after[after.index(after: close)...]
            // A backslash that is not the end of a placeholder before it escapes this one.
            if before == "\\", text.last == "\\" {
                text.removeLast()
                text += "{\(inner)}"
                continue
            }
            switch reading {
            case .text(let literal): text += literal
            case .placeholder(let placeholder):
                if !text.isEmpty { segments.append(.text(text)) }
                text = ""
                segments.append(.placeholder(placeholder))
            }
        }
        text += rest
        if !text.isEmpty { segments.append(.text(text)) }
        return segments
    }
}
