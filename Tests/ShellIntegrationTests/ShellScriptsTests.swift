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
