import Foundation
import Testing

/// `instantsearch serve` / `--postgres` run a sibling executable. In a SwiftPM build folder it
/// is looked for in both configurations' folders, so `make run`'s release binary finds one
/// built by a plain `swift build --product …`; when there is none, the message names the
/// exact command that builds it.
@Suite(.serialized) struct SiblingLookupTests {
    /// A throwaway `ROOT/.build/<triple>/release` holding a hard link of the binary under test
    /// (a link, not a copy: see SiblingDispatchTests), beside the real one, same file system.
    private func fakeBuild(_ body: (_ root: URL, _ triple: URL) throws -> Void) throws {
        let binary = URL(fileURLWithPath: Project.binary)
        let root = binary.deletingLastPathComponent().appendingPathComponent("is-siblings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let triple = root.appendingPathComponent(".build/x86_64-test-linux")
        for configuration in ["release", "debug"] {
            try FileManager.default.createDirectory(at: triple.appendingPathComponent(configuration), withIntermediateDirectories: true)
        }
        try FileManager.default.linkItem(atPath: binary.path, toPath: triple.appendingPathComponent("release/instantsearch").path)
        try body(root, triple)
    }

    @Test func aReleaseBinaryRunsASiblingFromTheDebugFolder() throws {
        try fakeBuild { _, triple in
            // The "server" is echo, by a symbolic link: no file written here that a child forked
            // meanwhile could hold open for writing (exec would fail with ETXTBSY).
            let echo = try #require(["/bin/echo", "/usr/bin/echo"].first(where: FileManager.default.isExecutableFile(atPath:)))
            try FileManager.default.createSymbolicLink(
                atPath: triple.appendingPathComponent("debug/instantsearch-serve").path, withDestinationPath: echo)
            let (status, output) = try spawn(triple.appendingPathComponent("release/instantsearch").path, ["serve", "a.json", "--port", "0"])
            #expect(status == 0)
            #expect(output == "a.json --port 0\n", "the debug folder's instantsearch-serve ran with the arguments")
        }
    }

    @Test func withoutTheSiblingTheMessageNamesTheCommandThatBuildsIt() throws {
        try fakeBuild { root, triple in
            let (status, output) = try spawn(triple.appendingPathComponent("release/instantsearch").path, ["serve", "a.json"])
            #expect(status == 2)
            #expect(output.contains("serve needs instantsearch-serve beside this binary"))
            #expect(
                output.contains(
                    "Build it with: cd \(root.resolvingSymlinksInPath().path) && swift build -c release --static-swift-stdlib --product instantsearch-serve"),
                "\(output)"
            )
        }
    }
}
