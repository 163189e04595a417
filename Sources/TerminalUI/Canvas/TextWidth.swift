import CNcurses

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text measured the way curses will draw it.
///
/// The canvas must agree with ncursesw about how many columns each piece of text takes,
/// or every line after a mismatch is shifted. ncursesw asks `wcwidth` per code point and
/// hangs zero-width code points on the previous cell, so we do exactly the same: a
/// grapheme is cut into *clusters*, each one code point of width 1 or 2 followed by its
/// zero-width marks. Most graphemes are one cluster; an emoji ZWJ family becomes several,
/// just as curses (and most terminals) would lay it out.
struct TextCluster: Equatable {
    /// What goes in the cell: a printable base plus any zero-width marks.
    var text: String
    /// 1 or 2 columns.
    var width: Int
}

enum TextWidth {
    /// Shown in place of control characters and code points the C library cannot measure:
    /// sending those to curses would make its idea of the line differ from ours.
    static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// `wcwidth` only knows Unicode widths under a UTF-8 `LC_CTYPE`. Programs start in
    /// the "C" locale (so do test runners), where every non-ASCII character measures -1.
    /// Switch just the character-type category, once, and only if it is not UTF-8 already,
    /// so a user's own UTF-8 locale is left alone.
    private static let localeReady: Bool = {
        ensureUTF8CharacterType()
        return true
    }()

    /// Makes `LC_CTYPE` a UTF-8 locale if it is not one. Not thread-safe (setlocale never
    /// is): call it from the terminal's thread before other threads measure text.
    static func ensureUTF8CharacterType() {
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) == "UTF-8" { return }
        if setlocale(LC_CTYPE, "C.UTF-8") == nil {
            _ = setlocale(LC_CTYPE, "en_US.UTF-8")
        }
    }

    /// Columns one code point takes: 0 (combining, joiners), 1, 2; or -1 if unprintable.
    static func width(of scalar: Unicode.Scalar) -> Int {
        _ = localeReady
        // ASCII fast path: by far the most common input and always well-defined.
        if scalar.value >= 0x20 && scalar.value < 0x7F { return 1 }
        if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { return -1 }
        return Int(cn_wcwidth(scalar.value))
    }

    /// Cuts one grapheme into the clusters curses will draw. Control characters become a
    /// space (tab, newline) or the replacement character; a grapheme that takes no
    /// column at all (a lone zero-width space or joiner) yields nothing.
    static func clusters(of character: Character) -> [TextCluster] {
        // Fast path: a single printable ASCII byte.
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
            return [TextCluster(text: String(character), width: 1)]
        }
        var result: [TextCluster] = []
        for scalar in character.unicodeScalars {
            var w = width(of: scalar)
            var shown = scalar
            if scalar == "\t" || scalar == "\n" || scalar == "\r" {
                shown = " "
                w = 1
            } else if w < 0 {
                shown = replacement
                w = 1
            }
            if w == 0 {
                // A zero-width mark stays with the cluster before it; with nothing before
                // it there is no cell to hang it on, so it is dropped.
                if !result.isEmpty { result[result.count - 1].text.unicodeScalars.append(shown) }
            } else {
                result.append(TextCluster(text: String(Character(shown)), width: min(w, 2)))
            }
        }
        return result
    }

    /// Every cluster of `string`, in order; stops early when `body` returns false.
    ///
    /// Every frame measures all the text it draws, so the common graphemes (one code point
    /// with a width, such as ASCII or a box-drawing rule) are measured here without building
    /// the array `clusters(of:)` returns: one allocation per character was most of a frame.
    static func forEachCluster(in string: String, _ body: (TextCluster) -> Bool) {
        // All ASCII (most of what a frame draws): a byte is a character, and no grapheme
        // breaking is needed to find them.
        let ascii = string.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
            for byte in bytes {
                let character = Character(Unicode.Scalar(byte))
                if byte >= 0x20 && byte < 0x7F {
                    if !body(TextCluster(text: String(character), width: 1)) { return true }
                } else {
                    for cluster in clusters(of: character) where !body(cluster) { return true }
                }
            }
            return true
        }
        if ascii == true { return }
        for character in string {
            if let cluster = singleCluster(character) {
                if !body(cluster) { return }
                continue
            }
            for cluster in clusters(of: character) where !body(cluster) { return }
        }
    }

    /// The one cluster of a grapheme that is a single printable code point; nil for anything
    /// else (marks, sequences, control characters), which `clusters(of:)` cuts up.
    private static func singleCluster(_ character: Character) -> TextCluster? {
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
            return TextCluster(text: String(character), width: 1)
        }
        var scalars = character.unicodeScalars.makeIterator()
        guard let scalar = scalars.next(), scalars.next() == nil else { return nil }
        let w = width(of: scalar)
        guard w > 0 else { return nil }
        return TextCluster(text: String(character), width: min(w, 2))
    }
}

/// Columns `character` takes on a terminal: 0, 1, 2 (or more for a grapheme curses draws
/// as several wide cells, such as an emoji ZWJ sequence).
public func displayWidth(of character: Character) -> Int {
    TextWidth.clusters(of: character).reduce(0) { $0 + $1.width }
}

extension Character {
    /// Columns this character takes on a terminal; see `displayWidth(of:)`.
    public var displayWidth: Int { TerminalUI.displayWidth(of: self) }
}

extension String {
    /// Columns this text takes on a terminal, as the canvas will lay it out.
    public var displayWidth: Int {
        var total = 0
        TextWidth.forEachCluster(in: self) {
            total += $0.width; return true
        }
        return total
    }

    /// The text cut to at most `width` columns, ending in `ellipsis` when something was
    /// cut. Never splits a wide character: a 2-column character that would straddle the
    /// limit is left out, so the result may be one column narrower than `width`.
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if displayWidth <= width { return self }
        let ellipsisWidth = ellipsis.displayWidth
        // If even the ellipsis does not fit, fall back to a hard cut.
        let budget = ellipsisWidth <= width ? width - ellipsisWidth : width
        var kept = ""
        var used = 0
        TextWidth.forEachCluster(in: self) { cluster in
            guard used + cluster.width <= budget else { return false }
            kept += cluster.text
            used += cluster.width
            return true
        }
        return ellipsisWidth <= width ? kept + ellipsis : kept
    }

    /// The text cut to at most `width` columns from the start, beginning with `ellipsis`
    /// when something was cut: the end of a long path, which tells it from its neighbours.
    public func truncatedKeepingEnd(toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if displayWidth <= width { return self }
        let budget = max(0, width - ellipsis.displayWidth)
        var clusters: [(text: String, width: Int)] = []
        TextWidth.forEachCluster(in: self) { cluster in
            clusters.append((cluster.text, cluster.width))
            return true
        }
        var kept: [String] = []
        var used = 0
        for cluster in clusters.reversed() {
            guard used + cluster.width <= budget else { break }
            kept.append(cluster.text)
            used += cluster.width
        }
        return ellipsis + kept.reversed().joined()
    }
}
