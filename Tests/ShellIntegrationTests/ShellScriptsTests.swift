import Foundation
import ShellIntegration
import Testing

/// The printed scripts parse in their shells (each test runs where the shell is installed:
/// scripts/ensure-deps.sh --test installs zsh and fish) and bind the keys they promise.
@Suite struct ShellScriptsTests {
    static func installed(_ shell: String) -> Bool {
        ["/bin/", "/usr/bin/", "/usr/local/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + shell) }
    }

    static func syntaxErrors(_ shell: ShellKind) throws -> String {
        let file = NSTemporaryDirectory() + "instantsearch-\(UUID().uuidString).\(shell.rawValue)"
        try ShellScripts.script(for: shell).write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [shell.rawValue, "-n", file]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return process.terminationStatus == 0 ? text : "status \(process.terminationStatus): \(text)"
    }

    @Test(.enabled(if: installed("bash"))) func bashParses() throws { #expect(try Self.syntaxErrors(.bash) == "") }
    @Test(.enabled(if: installed("zsh"))) func zshParses() throws { #expect(try Self.syntaxErrors(.zsh) == "") }
    @Test(.enabled(if: installed("fish"))) func fishParses() throws { #expect(try Self.syntaxErrors(.fish) == "") }

    /// `ssh **<Tab>` offers hosts from ssh's files, never a "host" ssh would read as an option.
    @Test(arguments: ShellKind.allCases.filter { installed($0.rawValue) })
    func hostsNeverStartWithADash(shell: ShellKind) throws {
        let tree = try TemporaryTree([
            ".ssh/config": "Host build-box -oProxyCommand=touch\\ /tmp/pwned *.wild\n",
            ".ssh/known_hosts": "-oProxyCommand=x,git.example.org ssh-ed25519 AAAA\n[old.example.org]:2222 ssh-rsa AAAA\n",
        ])
        let script = tree.root + "/script"
        try ShellScripts.script(for: shell).write(toFile: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Interactive: the scripts define nothing in a shell that is not (HOME has no rc file).
        let command = shell == .fish ? "source $argv[1] 2>/dev/null; __instantsearch_hosts" : "source \"$1\" 2>/dev/null; __instantsearch_hosts"
        process.arguments = ["HOME=\(tree.root)", shell.rawValue, "-i", "-c", command] + (shell == .fish ? [] : [shell.rawValue]) + [script]
        process.standardError = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let hosts = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(hosts.filter { $0.hasPrefix("-") } == [], "\(shell)")
        #expect(Set(["build-box", "git.example.org", "old.example.org"]).isSubset(of: hosts), "\(shell): \(hosts)")
    }

    @Test(arguments: ShellKind.allCases)
    func bindsTheFourKeys(shell: ShellKind) {
        let script = ShellScripts.script(for: shell)
        for widget in ["ctrl_t", "history", "cd", "complete"] where shell == .bash {
            #expect(script.contains("__instantsearch_\(widget)"))
        }
        for widget in ["file-widget", "history-widget", "cd-widget", "completion"] where shell != .bash {
            #expect(script.contains("instantsearch-\(widget)"))
        }
        #expect(script.contains("--source=history") && script.contains("--source=files") && script.contains("--source=dirs"))
        #expect(script.contains("INSTANTSEARCH_CTRL_T_COMMAND"))
    }
}
