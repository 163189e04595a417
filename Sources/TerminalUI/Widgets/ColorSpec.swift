#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// fzf's `--color`: base schemes and `element:colour:attribute…` pairs, read left to right
/// onto a theme (a base scheme starts afresh from its own looks, as in fzf).
public enum ColorSpec {
    public struct Error: Swift.Error, CustomStringConvertible, Equatable {
        public let message: String
        public var description: String { message }
    }

    /// fzf's base schemes.
    public enum Base: String, CaseIterable, Sendable {
        case dark, light, sixteen = "16", bw
    }

    /// `theme` with every comma-separated piece of `spec` applied in order.
    public static func apply(_ spec: String, to theme: Theme) throws(Error) -> Theme {
        var theme = theme
        for piece in spec.split(separator: ",", omittingEmptySubsequences: true) {
            let piece = piece.trimmingBlanks()
            if piece.isEmpty { continue }
            if let base = Base(rawValue: piece.lowercased()) {
                theme = theme.isBoldless ? Theme.base(base).withoutBold() : Theme.base(base)
                continue
            }
            var parts = piece.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            let name = parts.removeFirst().lowercased()
            if Theme.sectionElements.contains(name) {
                guard !parts.isEmpty else {
                    throw Error(message: "'\(piece)' needs a colour or an attribute after '\(name):' (e.g. \(name):red or \(name):#5f87af:bold).")
                }
                let inherited = Theme.$current.withValue(theme) { Theme.section(name) }
                theme.sectionLooks[name] = try look(inherited, parts, background: name.hasSuffix("-bg"), piece: piece)
                continue
            }
            guard let element = ThemeElement(rawValue: name) else {
                throw Error(
                    message:
                        "no element or base scheme is named '\(name)' (in '\(piece)'); elements: \(ThemeElement.names); base schemes: \(Base.allCases.map(\.rawValue).joined(separator: ", "))."
                )
            }
            guard !parts.isEmpty else {
                throw Error(message: "'\(piece)' needs a colour or an attribute after '\(name):' (e.g. \(name):red or \(name):#5f87af:bold).")
            }
            theme[element] = try look(theme[element], parts, background: element.isBackground, piece: piece)
        }
        return theme
    }

    /// `style` with a piece's colour (a background for `background` elements) and attributes.
    private static func look(_ style: Style, _ parts: [String], background: Bool, piece: String) throws(Error) -> Style {
        var style = style
        var attributes: TextAttributes?
        for part in parts {
            let word = part.lowercased()
            if let attribute = Self.attributes[word] {
                attributes = (attributes ?? []).union(attribute)
            } else if word == "regular" {
                attributes = attributes ?? []
            } else if let color = TerminalColorName.parse(word) {
                if background { style.background = color } else { style.foreground = color }
            } else {
                throw Error(
                    message:
                        "'\(part)' in '\(piece)' is neither a colour (-1, 0 to 255, #rrggbb, \(TerminalColorName.names)) nor an attribute (\(Self.attributeNames))."
                )
            }
        }
        if let attributes { style.attributes = attributes }
        return style
    }

    static let attributes: [String: TextAttributes] = [
        "bold": .bold, "underline": .underline, "reverse": .reverse, "dim": .dim, "italic": .italic,
    ]
    static let attributeNames = "bold, underline, reverse, dim, italic, regular"
}

/// fzf's colour names and numbers: -1 (the terminal's own), 0 to 255, #rrggbb, and the ANSI
/// names (black … white, bright-black … bright-white, default).
public enum TerminalColorName {
    static let basic = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
    static var names: String { "default, " + basic.joined(separator: ", ") + ", bright-black … bright-white" }

    public static func parse(_ text: String) -> PaletteColor? {
        if text == "-1" || text == "default" { return .default }
        if let index = basic.firstIndex(of: text) { return .indexed(UInt8(index)) }
        if text.hasPrefix("bright-"), let index = basic.firstIndex(of: String(text.dropFirst(7))) { return .indexed(UInt8(index + 8)) }
        if text.hasPrefix("#") {
            let hex = text.dropFirst()
            guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16) else { return nil }
            return .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
        }
        guard text.count <= 3, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber), let number = Int(text), number <= 255 else { return nil }
        return .indexed(UInt8(number))
    }
}
