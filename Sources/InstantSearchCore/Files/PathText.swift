/// A file path's parts as text, as NSString's path methods cut them (`/a/b.tar.gz`: last
/// component `b.tar.gz`, extension `gz`), without Foundation. Runs of slashes count as one
/// and a trailing slash as none, as there.
public enum PathText {
    /// The last component; "/" for the root, "" for "".
    public static func lastComponent(_ path: String) -> String {
        let path = standardized(path)
        guard path != "/", let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// The path without its last component (and the slash before it); "" when it has one only.
    public static func deletingLastComponent(_ path: String) -> String {
        let path = standardized(path)
        guard path != "/", let slash = path.lastIndex(of: "/") else { return path == "/" ? "/" : "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The extension of the last component, after its last dot ("" when none, or when the dot
    /// opens the name: `.bashrc`).
    public static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = extensionDot(of: name) else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The path without the extension of its last component, its dot included (`a.` → `a`).
    public static func deletingExtension(_ path: String) -> String {
        let path = standardized(path)
        let name = lastComponent(path)
        guard let dot = extensionDot(of: name) else { return path }
        return String(path.dropLast(name.distance(from: dot, to: name.endIndex)))
    }

    private static func extensionDot(of name: String) -> String.Index? {
        guard name != "..", let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return dot
    }

    private static func standardized(_ path: String) -> String {
        var out = ""
        for character in path where !(character == "/" && out.last == "/") { out.append(character) }
        if out.count > 1 && out.last == "/" { out.removeLast() }
        return out
    }
}
