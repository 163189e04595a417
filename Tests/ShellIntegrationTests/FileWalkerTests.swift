import Foundation
import InstantSearchCore
import ShellIntegration
import Testing

/// The Ctrl-T / Alt-C walker: what it lists, skips and bounds, and in which order.
@Suite struct FileWalkerTests {
    static let files = [
        "a.txt": "hello", "my notes/plan b.md": "x", "src/main.swift": "", "src/lib/util.swift": "",
        ".hidden/secret.txt": "", ".env": "", ".git/HEAD": "", "src/.git/config": "",
        ".gitignore": "*.log\nbuild/\n", "debug.log": "", "build/out.o": "", "src/.gitignore": "/generated.swift\n",
        "src/generated.swift": "", "src/lib/generated.swift": "", "empty/": "",
    ]

    func paths(_ tree: TemporaryTree, _ change: (inout FileWalker.Options) -> Void = { _ in }) -> [String] {
        var options = FileWalker.Options()
        change(&options)
        var paths: [String] = []
        FileWalker(root: tree.root, options: options).walk {
            paths.append($0.path); return true
        }
        return paths
    }

    @Test func listsBreadthFirstSkippingHiddenGitAndIgnored() throws {
        let tree = try TemporaryTree(Self.files)
        #expect(
            paths(tree) == [
                "a.txt", "empty/", "my notes/", "src/", "my notes/plan b.md", "src/lib/", "src/main.swift",
                "src/lib/generated.swift", "src/lib/util.swift",
            ])
    }

    @Test func hiddenWhenAskedButNeverGit() throws {
        let tree = try TemporaryTree(Self.files)
        let all = paths(tree) { $0.includeHidden = true }
        #expect(all.contains(".hidden/secret.txt") && all.contains(".env") && all.contains(".gitignore"))
        #expect(!all.contains { $0.hasPrefix(".git/") || $0 == ".git" || $0.hasSuffix("/.git") || $0.contains(".git/") })
    }

    @Test func ignoredFilesWhenAsked() throws {
        let tree = try TemporaryTree(Self.files)
        let all = paths(tree) { $0.respectsGitignore = false }
        #expect(all.contains("debug.log") && all.contains("build/out.o") && all.contains("src/generated.swift"))
    }

    @Test func foldersOnly() throws {
        let tree = try TemporaryTree(Self.files)
        #expect(paths(tree) { $0.directoriesOnly = true } == ["empty/", "my notes/", "src/", "src/lib/"])
    }

    /// As fzf's walker lists them: a folder's path ends in `/` (what Ctrl-T inserts, what Alt-C
    /// changes into); its name and its parent's `dir` facet value do not.
    @Test func aFolderEndsInASlash() throws {
        let tree = try TemporaryTree(Self.files)
        var found: [FileWalker.Entry] = []
        FileWalker(root: tree.root).walk {
            found.append($0); return true
        }
        let lib = try #require(found.first { $0.name == "lib" })
        #expect(lib.path == "src/lib/" && lib.dir == "src" && lib.isDirectory && lib.ext == "")
        #expect(found.filter(\.isDirectory).allSatisfy { $0.path.hasSuffix("/") })
        #expect(found.filter { !$0.isDirectory }.allSatisfy { !$0.path.hasSuffix("/") })
        // The extension facet counts a folder as one, a file without an extension as such.
        #expect(lib.json(now: lib.mtime)["ext"] == .string("(folder)"))
        let bare = FileWalker.Entry(path: "LICENSE", name: "LICENSE", ext: "", dir: ".", size: 1, mtime: 0, isDirectory: false)
        #expect(bare.json(now: 0)["ext"] == .string("(none)"))
    }

    @Test func boundedDepthAndCount() throws {
        let tree = try TemporaryTree(Self.files)
        #expect(paths(tree) { $0.maximumDepth = 1 } == ["a.txt", "empty/", "my notes/", "src/"])
        var options = FileWalker.Options()
        options.maximumCount = 3
        var seen = 0
        let summary = FileWalker(root: tree.root, options: options).walk { _ in
            seen += 1; return true
        }
        #expect(seen == 3 && summary.reachedBound)
    }

    @Test func stopsWhenTheVisitorSaysSo() throws {
        let tree = try TemporaryTree(Self.files)
        var seen = 0
        FileWalker(root: tree.root).walk { _ in
            seen += 1; return seen < 2
        }
        #expect(seen == 2)
    }

    @Test func recordsCarryNameExtensionFolderSizeAndAge() throws {
        let tree = try TemporaryTree(Self.files)
        var entries: [FileWalker.Entry] = []
        FileWalker(root: tree.root).walk {
            entries.append($0); return true
        }
        let plan = try #require(entries.first { $0.name == "plan b.md" })
        #expect(plan.path == "my notes/plan b.md" && plan.ext == "md" && plan.dir == "my notes" && plan.size == 1)
        let record = plan.json(now: plan.mtime + 3 * 86_400 + 5)
        #expect(record["age"] == .number(3))
        #expect(record["dir"] == .string("my notes"))
        let top = try #require(entries.first { $0.name == "a.txt" })
        #expect(top.dir == "." && top.size == 5)
    }

    @Test func aMissingRootGivesNothing() {
        var seen = 0
        FileWalker(root: "/nonexistent/\(UUID().uuidString)").walk { _ in
            seen += 1; return true
        }
        #expect(seen == 0)
    }
}

extension FileWalkerTests {
    /// The hand-written line reads back as the record `json` builds, whatever the name holds.
    @Test(arguments: ["plain.txt", "quote \" and \\ back", "tab\there\nnewline \u{1} ctl", "naïve – 日本.md"])
    func theNDJSONLineIsTheRecord(name: String) throws {
        let entry = FileWalker.Entry(path: "dir/\(name)", name: name, ext: "md", dir: "dir", size: 12, mtime: 1_000_000, isDirectory: false)
        let parsed = try JSONParser.parse(entry.ndjsonLine(now: 1_000_000 + 86_400 * 2, frecency: 6.93147), file: "line")
        var expected = entry.json(now: 1_000_000 + 86_400 * 2)
        if case .object(var fields) = expected {
            fields["frecency"] = .number(6.931)
            expected = .object(fields)
        }
        #expect(parsed == expected)
    }
}
