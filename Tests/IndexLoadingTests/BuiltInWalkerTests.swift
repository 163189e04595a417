import Foundation
import IndexLoading
import InstantSearchCore
import Testing

/// The built-in walker lists what fzf 0.74.5's lists for the same tree and options (each set
/// read off fzf 0.74.5 on this tree), in its own order: breadth first, a folder's files first.
@Suite struct BuiltInWalkerTests {
    /// .bashrc a.txt alink→a.txt lnk→src up→.. src/b.go src/.hid/c d2/e d2/back→../d2
    /// node_modules/x/f .git/g x/l→../y y/l→../x y/f
    static func tree() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for file in [".bashrc", "a.txt", "src/b.go", "src/.hid/c", "d2/e", "node_modules/x/f", ".git/g", "y/f"] {
            try folder.write(file, "")
        }
        try FileManager.default.createDirectory(atPath: folder.path + "/x", withIntermediateDirectories: true)
        for (link, target) in [("alink", "a.txt"), ("lnk", "src"), ("up", ".."), ("d2/back", "../d2"), ("x/l", "../y"), ("y/l", "../x")] {
            try FileManager.default.createSymbolicLink(atPath: folder.path + "/" + link, withDestinationPath: target)
        }
        return folder
    }

    func walked(_ folder: TemporaryFolder, _ walker: String? = nil, skip: String? = nil, roots: [String]? = nil) throws -> [String] {
        let options = try walker.map { try BuiltInWalker.Options(parsing: $0) } ?? BuiltInWalker.Options()
        let found = BuiltInWalker(
            options: options, roots: roots ?? [folder.path + "/"], skipped: skip.map(BuiltInWalker.skipList) ?? BuiltInWalker.defaultSkipped)
        var paths: [String] = []
        found.walk { path in
            paths.append(String(decoding: path, as: UTF8.self))
            return true
        }
        return paths.map { $0.hasPrefix(folder.path + "/") ? String($0.dropFirst(folder.path.count + 1)) : $0 }
    }

    @Test func theDefaultFollowsLinksListsHiddenFilesAndSkipsGitAndNodeModules() throws {
        let folder = try Self.tree()
        // Links back up (up → .., d2/back → ../d2) and round (x/l/l → x, y/l/l → y) are not walked.
        #expect(
            try walked(folder) == [
                ".bashrc", "a.txt", "alink", "d2/e", "lnk/b.go", "src/b.go", "y/f", "lnk/.hid/c", "src/.hid/c", "x/l/f",
            ])
    }

    @Test func withoutHiddenAHiddenFolderIsLeftButHiddenFilesStay() throws {
        let folder = try Self.tree()
        #expect(try walked(folder, "file") == [".bashrc", "a.txt", "alink", "d2/e", "src/b.go", "y/f"])
    }

    @Test func foldersEndWithASlash() throws {
        let folder = try Self.tree()
        #expect(try walked(folder, "dir") == ["d2/", "src/", "x/", "y/"])
        #expect(
            try walked(folder, "file,dir,hidden") == [
                ".bashrc", "a.txt", "alink", "d2/", "src/", "x/", "y/", "d2/e", "src/b.go", "src/.hid/", "y/f", "src/.hid/c",
            ])
    }

    @Test func skippedNamesAndPathsAndSeveralRoots() throws {
        let folder = try Self.tree()
        #expect(try walked(folder, "file", skip: "src,y") == [".bashrc", "a.txt", "alink", "d2/e", "node_modules/x/f"])
        #expect(try walked(folder, skip: "src,y,lnk,x") == [".bashrc", "a.txt", "alink", ".git/g", "d2/e"])
        #expect(try walked(folder, "file", skip: "node_modules/x,.git,x,y") == [".bashrc", "a.txt", "alink", "d2/e", "src/b.go"])
        #expect(try walked(folder, "file", roots: [folder.path + "/src", folder.path + "/d2"]) == ["src/b.go", "d2/e"])
    }

    @Test func badOptionsNameWalkerAndWhatItTakes() {
        for (text, expected) in [
            ("files", "--walker: \"files\" is not a walker option; allowed: file, dir, follow, hidden (comma-separated)"),
            ("follow,hidden", "--walker: give file or dir (or both): \"follow,hidden\" lists nothing"),
        ] {
            #expect(throws: LineOptionError(expected)) { try BuiltInWalker.Options(parsing: text) }
        }
    }
}
