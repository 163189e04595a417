import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion and returns its status and output (stdout and stderr).
///
/// posix_spawn and waitpid rather than Foundation's Process: its waitUntilExit can miss a
/// child's exit when called off the main thread, and a tmux server forked by the child
/// would hold a pipe open forever. Output goes to a temporary file instead.
@discardableResult
func spawn(_ executable: String, _ arguments: [String], captureOutput: Bool = true) throws -> (status: Int32, output: String) {
    let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString)").path
    defer { unlink(outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, captureOutput ? outputPath : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)

    // The child starts as from a login shell: no signal blocked or ignored because this test
    // runner blocks or ignores it (tmux and the program under test inherit that otherwise).
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let error = posix_spawnp(&pid, executable, &actions, &attributes, argv, environ)
    guard error == 0 else { throw SpawnError(message: "cannot run \(executable): \(String(cString: strerror(error)))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let output = captureOutput ? ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "") : ""
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return (exitStatus, output)
}

struct SpawnError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
