import Foundation
import Testing

/// Ctrl-R's scopes in real shells: the command log records each command's folder, machine and
/// session; Ctrl-R pressed again in the list narrows it to this directory, this repository,
/// this session, this host, and back to everywhere, the scope named on screen.
@Suite(.serialized) struct HistoryScopesSessionTests {
    typealias Shell = ShellIntegrationSessionTests.Shell

    static let markers = ["in-sub", "in-other", "in-repo", "from-elsewhere"]

    /// The markers of the commands the list shows.
    private func listed(_ screen: String) -> Set<String> {
        Set(Self.markers.filter { marker in screen.split(separator: "\n").contains { $0.contains("echo " + marker) } })
    }

    @Test(arguments: ShellIntegrationSessionTests.shells)
    func ctrlRAgainNarrowsToEachScopeInTurn(shell: Shell) throws {
        let tmux = try ShellIntegrationSessionTests.start(shell)
        // A command another machine's shell ran in the same folder, as a shared log holds it.
        let log = tmux.workDirectory.appendingPathComponent("state/instantsearch/history.\(shell.rawValue)")
        try FileManager.default.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "1\t0\t\(tmux.workDirectory.path)/repo/sub\totherhost\t1:1\techo from-elsewhere\n".write(to: log, atomically: true, encoding: .utf8)
        try tmux.shell("mkdir -p repo/.git repo/sub other")
        for step in ["cd repo/sub", "echo in-sub", "cd ../../other", "echo in-other", "cd ../repo", "echo in-repo", "cd sub", "clear"] {
            try tmux.shell(step)
        }
        try tmux.waitFor("a clear screen") { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "$" }
        try tmux.press("C-r")
        try tmux.waitFor("the history listed") { $0.contains("scope: everywhere") && $0.contains("echo in-repo") }
        try tmux.type("echo")
        let everywhere = try tmux.waitFor("the echo commands") { listed($0).count == 4 && $0.contains("4 results") }
        #expect(listed(everywhere) == Set(Self.markers))

        let scopes: [(String, Set<String>)] = [
            ("this directory", ["in-sub", "from-elsewhere"]), ("this repository", ["in-sub", "in-repo", "from-elsewhere"]),
            ("this session", ["in-sub", "in-other", "in-repo"]), ("this host", ["in-sub", "in-other", "in-repo"]),
            ("everywhere", Set(Self.markers)),
        ]
        for (name, expected) in scopes {
            try tmux.press("C-r")
            let screen = try tmux.waitFor("the scope \(name)") { $0.contains("scope: \(name) · Ctrl-R") && $0.contains("\(expected.count) result") }
            #expect(listed(screen) == expected, "\(name):\n\(screen)")
        }

        // The newest command of this directory is picked from its scope.
        try tmux.press("C-r")
        try tmux.waitFor("this directory again") { $0.contains("scope: this directory") && listed($0) == ["in-sub", "from-elsewhere"] }
        try tmux.press("Enter")
        try tmux.waitFor("the command on the prompt") { ShellIntegrationSessionTests.promptLine($0) == "$ echo in-sub" }
    }
}
