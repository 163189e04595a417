/// Text that carries ANSI colour codes (`ls --color=always`, `grep --color=always`), read as
/// fzf's `--ansi` reads it: SGR sequences (`ESC [ … m`) become styles over the text they
/// precede; every other escape sequence (cursor moves, OSC titles and links, charset
/// designations) is dropped, so none ever reaches the terminal raw. The text left is what is
/// matched, highlighted, cut into fields and printed.
///
/// Bounded: one pass over the scalars; a sequence with more than `maxParameterBytes` of
/// parameters is read to its end and dropped whole, as is a sequence cut short at the end.
public struct ANSIText: Hashable, Sendable {
    /// The text with every escape sequence taken out.
    public let text: String
    /// The styled stretches of `text`, in Character offsets, in order; unstyled text has none.
    public let spans: [ANSISpan]

    /// Parameters kept of one sequence; enough for any real SGR (`38;2;255;255;255;48;2;…`).
    public static let maxParameterBytes = 64

    /// Text taken as it is, without colours (escape bytes in it are text: the terminal front
    /// end draws them as harmless replacement characters).
    public init(text: String) {
        (self.text, spans) = (text, [])
    }

    public init(parsing raw: String) {
        guard Self.mayHoldEscapes(raw) else {
            (text, spans) = (raw, [])
            return
        }
        var parser = Parser()
        for scalar in raw.unicodeScalars { parser.feed(scalar) }
        text = String(parser.text)
        spans = Self.characterSpans(parser.finishedSpans, in: text)
    }

    /// The text `--with-nth` shows, its colours kept: fields are cut from the text without
    /// codes, as they are for matching, and each keeps the styles over it; a template's own text
    /// has none. Trailing white space is trimmed, as `FieldTemplate.shown` trims it.
    public func selecting(_ template: FieldTemplate, index: Int, delimiter: FieldDelimiter) -> ANSIText {
        var kept: [ANSISpan] = []
        var offset = 0
        for piece in template.pieces(of: text, index: index, delimiter: delimiter) {
            switch piece {
            case .text(let literal):
                offset += literal.count
            case .line(let field):
                let start = text.distance(from: text.startIndex, to: field.startIndex)
                let length = field.count
                for span in spans where span.range.overlaps(start..<start + length) {
                    let lower = max(span.range.lowerBound, start) - start + offset
                    let upper = min(span.range.upperBound, start + length) - start + offset
                    if let last = kept.last, last.style == span.style, last.range.upperBound == lower {
                        kept[kept.count - 1].range = last.range.lowerBound..<upper
                    } else {
                        kept.append(ANSISpan(range: lower..<upper, style: span.style))
                    }
                }
                offset += length
            }
        }
        let shown = template.shown(text, index: index, delimiter: delimiter)
        let length = shown.count
        kept = kept.compactMap { span in
            span.range.lowerBound < length ? ANSISpan(range: span.range.lowerBound..<min(span.range.upperBound, length), style: span.style) : nil
        }
        return ANSIText(text: shown, spans: kept)
    }

    private init(text: String, spans: [ANSISpan]) {
        (self.text, self.spans) = (text, spans)
    }

    /// `raw` without its escape sequences (what is matched and printed with `--ansi`).
    public static func strip(_ raw: String) -> String {
        guard mayHoldEscapes(raw) else { return raw }
        var parser = Parser(keepsStyles: false)
        for scalar in raw.unicodeScalars { parser.feed(scalar) }
        return String(parser.text)
    }

    /// ESC, or the one-byte CSI (U+009B); text without either is its own stripped text.
    private static func mayHoldEscapes(_ raw: String) -> Bool {
        raw.utf8.contains(0x1B) || raw.unicodeScalars.contains("\u{9B}")
    }

    /// Scalar-offset spans as Character-offset spans (a combining mark belongs to its base).
    private static func characterSpans(_ spans: [(range: Range<Int>, style: ANSIStyle)], in text: String) -> [ANSISpan] {
        guard !spans.isEmpty else { return [] }
        var characterOf: [Int] = []
        characterOf.reserveCapacity(text.unicodeScalars.count + 1)
        var count = 0
        for character in text {
            for _ in character.unicodeScalars { characterOf.append(count) }
            count += 1
        }
        characterOf.append(count)
        var result: [ANSISpan] = []
        for span in spans {
            let lower = characterOf[min(span.range.lowerBound, characterOf.count - 1)]
            let upper = characterOf[min(span.range.upperBound, characterOf.count - 1)]
            guard upper > lower else { continue }
            if let last = result.last, last.style == span.style, last.range.upperBound == lower {
                result[result.count - 1].range = last.range.lowerBound..<upper
            } else {
                result.append(ANSISpan(range: lower..<upper, style: span.style))
            }
        }
        return result
    }

    private struct Parser {
        enum State { case text, escape, csi, string, stringEscape, skipOne }
        var keepsStyles = true
        var state = State.text
        var parameters: [UInt8] = []
        var overflowed = false
        var style = ANSIStyle()
        var text = String.UnicodeScalarView()
        var scalarCount = 0
        var spanStart = 0
        var spans: [(range: Range<Int>, style: ANSIStyle)] = []

        mutating func feed(_ scalar: Unicode.Scalar) {
            switch state {
            case .text:
                switch scalar.value {
                case 0x1B: state = .escape
                case 0x9B: startCSI()
                default:
                    text.append(scalar)
                    scalarCount += 1
                }
            case .escape:
                switch scalar {
                case "[": startCSI()
                case "]", "P", "X", "^", "_": state = .string  // OSC, DCS, SOS, PM, APC: up to BEL or ST
                case "(", ")", "*", "+", "#", "%": state = .skipOne  // charset designations take one more
                default: state = .text  // a two-character sequence (ESC 7, ESC =, …): dropped
                }
            case .csi:
                // Parameter and intermediate bytes, then one final byte.
                if (0x20...0x3F).contains(scalar.value) {
                    if parameters.count < ANSIText.maxParameterBytes { parameters.append(UInt8(scalar.value)) } else { overflowed = true }
                } else {
                    if scalar == "m" && keepsStyles && !overflowed { apply(parameters) }
                    state = .text
                }
            case .string:
                if scalar == "\u{07}" { state = .text } else if scalar == "\u{1B}" { state = .stringEscape }
            case .stringEscape: state = scalar == "\\" ? .text : .string
            case .skipOne: state = .text
            }
        }

        private mutating func startCSI() {
            state = .csi
            parameters.removeAll(keepingCapacity: true)
            overflowed = false
        }

        /// An SGR sequence: the style so far ends here, the new one starts.
        private mutating func apply(_ parameters: [UInt8]) {
            var next = style
            next.apply(sgr: parameters)
            guard next != style else { return }
            if scalarCount > spanStart, !style.isPlain { spans.append((spanStart..<scalarCount, style)) }
            spanStart = scalarCount
            style = next
        }

        /// The spans, the one still open at the end of the text included.
        var finishedSpans: [(range: Range<Int>, style: ANSIStyle)] {
            scalarCount > spanStart && !style.isPlain ? spans + [(spanStart..<scalarCount, style)] : spans
        }
    }
}

/// A stretch of text in one style, by Character offsets.
public struct ANSISpan: Hashable, Sendable {
    public var range: Range<Int>
    public var style: ANSIStyle

    public init(range: Range<Int>, style: ANSIStyle) {
        self.range = range
        self.style = style
    }
}

/// What SGR codes set: colours (the 16 basic ones, the 256-colour palette, true colour) and
/// attributes. The terminal front end maps them onto what the terminal can show.
public struct ANSIStyle: Hashable, Sendable {
    public enum Color: Hashable, Sendable {
        /// 0–7 the basic colours, 8–15 their bright forms, 16–255 the 256-colour palette.
        case indexed(UInt8)
        case rgb(UInt8, UInt8, UInt8)
    }

    public var foreground: Color?
    public var background: Color?
    public var bold = false
    public var dim = false
    public var underline = false
    public var reverse = false

    public init(foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false) {
        (self.foreground, self.background) = (foreground, background)
        (self.bold, self.dim, self.underline, self.reverse) = (bold, dim, underline, reverse)
    }

    public var isPlain: Bool { self == ANSIStyle() }

    /// Applies one SGR sequence's parameters (`1;31`, `38;5;208`, `38:2:255:0:0`; empty: reset).
    mutating func apply(sgr parameters: [UInt8]) {
        // Colons (ISO 8613-6) separate sub-parameters as semicolons do in the common form.
        var codes: [Int] = []
        var current: Int? = nil
        for byte in parameters {
            if byte >= 0x30 && byte <= 0x39 {
                current = min(9999, (current ?? 0) * 10 + Int(byte - 0x30))
            } else if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") {
                codes.append(current ?? 0)
                current = nil
            } else {
                return  // private or intermediate bytes: not a plain SGR, ignored
            }
        }
        codes.append(current ?? 0)
        var i = 0
        while i < codes.count {
            let code = codes[i]
            switch code {
            case 0: self = ANSIStyle()
            case 1: bold = true
            case 2: dim = true
            case 4: underline = true
            case 7: reverse = true
            case 22: (bold, dim) = (false, false)
            case 24: underline = false
            case 27: reverse = false
            case 30...37: foreground = .indexed(UInt8(code - 30))
            case 39: foreground = nil
            case 40...47: background = .indexed(UInt8(code - 40))
            case 49: background = nil
            case 90...97: foreground = .indexed(UInt8(code - 90 + 8))
            case 100...107: background = .indexed(UInt8(code - 100 + 8))
            case 38, 48:
                let (color, used) = Self.extendedColor(codes, at: i + 1)
                if let color { if code == 38 { foreground = color } else { background = color } }
                i += used
            default: break
            }
            i += 1
        }
    }

    /// `5;N` or `2;R;G;B` after 38 / 48: the colour and how many codes it took.
    private static func extendedColor(_ codes: [Int], at start: Int) -> (Color?, Int) {
        guard start < codes.count else { return (nil, 0) }
        switch codes[start] {
        case 5:
            guard start + 1 < codes.count else { return (nil, 1) }
            return (codes[start + 1] <= 255 ? .indexed(UInt8(codes[start + 1])) : nil, 2)
        case 2:
            guard start + 3 < codes.count else { return (nil, codes.count - start) }
            let (r, g, b) = (codes[start + 1], codes[start + 2], codes[start + 3])
            guard r <= 255, g <= 255, b <= 255 else { return (nil, 4) }
            return (.rgb(UInt8(r), UInt8(g), UInt8(b)), 4)
        default:
            return (nil, 1)
        }
    }
}
