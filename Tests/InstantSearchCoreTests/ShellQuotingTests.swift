import Glibc
import InstantSearchCore
import Testing

/// `ShellQuoting`: whatever a value holds, `SHELL -c "printf %s QUOTED"` prints exactly its
/// bytes (NULs dropped: no C string holds one) in dash, bash and zsh, under a UTF-8 locale (where
/// the shells read multibyte characters) and under C.
struct ShellQuotingTests {
    static let shells = ["dash", "bash", "zsh"].compactMap { name in
        ["/bin/", "/usr/bin/"].map { $0 + name }.first { access($0, X_OK) == 0 }
    }
    static let locales = ["C.UTF-8", "C"]

    /// What a quoting over Swift Characters got wrong: a quote that is one Character with
    /// what follows it (a combining mark, a ZWJ, a variation selector).
    static let reproductions = [
        "a'\u{301}; touch /tmp/pwned; echo '\u{301}", "'\u{200D}$(id)'\u{200D}", "x'\u{FE0F};id;'\u{FE0F}",
        "'\u{1F1EB}\u{1F1F7}'", "it's", "'", "''", "", "\n", "a\nb'c\n", "$(id) `id` ${HOME} \"q\" \\ ; | & > <",
    ]

    @Test func quotesAWordAsPOSIXSingleQuotes() {
        #expect(ShellQuoting.quote("it's") == #"'it'\''s'"#)
        #expect(ShellQuoting.quote("") == "''")
        #expect(ShellQuoting.quote("a\0b") == "'ab'", "NUL dropped")
        #expect(ShellQuoting.quote(bytes: [0xFF, 0x27, 0xC3]) == [0x27, 0xFF] + Array(#"'\''"#.utf8) + [0xC3, 0x27])
    }

    @Test(arguments: shells, locales)
    func theReproductionsPrintAsTheyAre(shell: String, locale: String) throws {
        for text in Self.reproductions {
            let printed = try printedByShell(shell, locale: locale, ShellQuoting.quote(bytes: text.utf8))
            #expect(printed == Array(text.utf8), "\(shell) under \(locale): \(text.debugDescription)")
        }
    }

    /// Random strings of scalars, the dangerous ones often: quotes, combining marks, ZWJ,
    /// VS16, flags, NUL, newlines, the shell's own characters; through the String API.
    @Test(arguments: shells, locales)
    func randomTextPrintsAsItIs(shell: String, locale: String) throws {
        var random = SplitMix64(seed: 0x5EED_0001)
        for round in 0..<120 {
            let text = String(String.UnicodeScalarView((0..<Int.random(in: 0...12, using: &random)).map { _ in Self.scalars.randomElement(using: &random)! }))
            let quoted = ShellQuoting.quote(text)
            let printed = try printedByShell(shell, locale: locale, Array(quoted.utf8))
            let expected = Array(text.utf8).filter { $0 != 0 }
            #expect(printed == expected, "\(shell) under \(locale), round \(round): \(text.debugDescription) quoted as \(quoted.debugDescription)")
        }
    }

    /// Random bytes, not all UTF-8: a lead byte before a quote, lone continuation bytes, 0xFF.
    @Test(arguments: shells, locales)
    func randomBytesPrintAsTheyAre(shell: String, locale: String) throws {
        var random = SplitMix64(seed: 0x5EED_0002)
        for round in 0..<120 {
            let bytes = (0..<Int.random(in: 0...12, using: &random)).flatMap { _ in Self.byteRuns.randomElement(using: &random)! }
            let printed = try printedByShell(shell, locale: locale, ShellQuoting.quote(bytes: bytes))
            #expect(printed == bytes.filter { $0 != 0 }, "\(shell) under \(locale), round \(round): \(bytes)")
        }
    }

    static let scalars: [Unicode.Scalar] = [
        "'", "'", "'", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{1F1EB}", "\u{1F1F7}", "\u{1F468}", "\0", "\n", "\r", "\t",
        "\"", "\\", "$", "`", ";", "(", ")", "|", "&", "<", ">", "*", "?", "~", "!", "#", "%", "-", " ", "a", "é", "\u{7F}",
        "\u{85}", "\u{2028}", "\u{FFFD}", "\u{10FFFF}",
    ]
    static let byteRuns: [[UInt8]] = [
        [0x27], [0x27], [0xC3], [0xE2], [0xE2, 0x80], [0xF0, 0x9F], [0x80], [0xBF], [0xFF], [0xFE], [0xC0, 0xA7], [0x00],
        [0x0A], [0x5C], [0x24], [0x60], [0x22], [0x3B], [0x61], [0xCC, 0x81], [0xE2, 0x80, 0x8D], [0xEF, 0xB8, 0x8F],
    ]
}

/// What `shell -c "printf %s QUOTED"` writes on standard output.
private func printedByShell(_ shell: String, locale: String, _ quoted: [UInt8]) throws -> [UInt8] {
    try shellOutput(shell, locale: locale, command: Array("printf %s ".utf8) + quoted)
}

/// What `shell -c command` writes on standard output, the command handed over as bytes (argv,
/// not a Swift String).
func shellOutput(_ shell: String = "/bin/sh", locale: String = "C.UTF-8", command: [UInt8]) throws -> [UInt8] {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw ShellRunFailure.noPipe }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup(shell), strdup("-c"), bytesString(command), nil]
    let envp: [UnsafeMutablePointer<CChar>?] = [strdup("LC_ALL=\(locale)"), strdup("PATH=/usr/bin:/bin"), nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let started = posix_spawn(&pid, shell, &actions, nil, argv, envp)
    close(fds[1])
    defer { close(fds[0]) }
    guard started == 0 else { throw ShellRunFailure.cannotStart(shell) }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        output += buffer[..<count]
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return output
}

/// A C string of `bytes` as they are (none is NUL), to free.
private func bytesString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar> {
    let pointer = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
    for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
    pointer[bytes.count] = 0
    return pointer
}

private enum ShellRunFailure: Error {
    case noPipe
    case cannotStart(String)
}

/// A seeded generator, so a failing round is the same round every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
