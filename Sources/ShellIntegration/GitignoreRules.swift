#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The `.gitignore` patterns the walker honours: simple ones, matched with `fnmatch`.
///
/// Understood: blank lines and `#` comments; `*`, `?` and `[…]` inside one path segment;
/// a trailing `/` (directories only); a leading `/` or a `/` inside (relative to the
/// `.gitignore`'s folder, else the name anywhere below it); a leading `**/` (anywhere below);
/// `!` (re-include: the last matching pattern wins, as in git). Not understood: `**` inside a
/// pattern (taken as `*`), escapes with `\`, and the global excludes file or `.git/info/exclude`.
/// A `.gitignore` is read in every folder walked, inside a repository or not.
public struct GitignoreRules: Sendable {
    struct Rule: Sendable {
        /// The folder the `.gitignore` is in, relative to the walk's root ("" for the root).
        let base: String
        let pattern: String
        /// A `/` at the start or inside: matched against the path below `base`.
        let anchored: Bool
        let directoriesOnly: Bool
        let negated: Bool
    }

    private(set) var rules: [Rule] = []

    public init() {}

    /// The rules in force below `base`: these, then the `.gitignore` text found there.
    public func adding(_ text: String, base: String) -> GitignoreRules {
        var copy = self
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            var line = Substring(rawLine)
            while line.last == " " || line.last == "\r" { line.removeLast() }
            guard !line.isEmpty, line.first != "#" else { continue }
            let negated = line.first == "!"
            if negated { line.removeFirst() }
            let directoriesOnly = line.last == "/"
            if directoriesOnly { line.removeLast() }
            if line.hasPrefix("**/") { line.removeFirst(3) }
            var anchored = line.contains("/")
            if line.first == "/" {
                line.removeFirst()
                anchored = true
            }
            guard !line.isEmpty else { continue }
            let pattern = String(line).replacing("**", with: "*")
            copy.rules.append(Rule(base: base, pattern: pattern, anchored: anchored, directoriesOnly: directoriesOnly, negated: negated))
        }
        return copy
    }

    public var isEmpty: Bool { rules.isEmpty }

    /// Whether the entry at `path` (relative to the walk's root), named `name`, is ignored.
    public func ignores(path: String, name: String, isDirectory: Bool) -> Bool {
        var ignored = false
        for rule in rules where !rule.directoriesOnly || isDirectory {
            let below: Substring
            if rule.base.isEmpty {
                below = Substring(path)
            } else if path.hasPrefix(rule.base + "/") {
                below = path.dropFirst(rule.base.count + 1)
            } else {
                continue
            }
            let subject = rule.anchored ? String(below) : name
            if fnmatch(rule.pattern, subject, rule.anchored ? FNM_PATHNAME : 0) == 0 { ignored = !rule.negated }
        }
        return ignored
    }
}
