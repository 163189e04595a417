import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

// A minimal TUI on the terminal layer alone, for the end-to-end tests of what must never
// be reached on purpose in the real program: a crash inside a running session ("!" traps
// on an out-of-range index, a real fault in this process). Also shows what it receives
// (keys, pastes), so the terminal layer can be watched on its own. Not installed; the
// tests run it from .build.
CrashReport.prepare(program: "terminal-probe")

final class Probe: TerminalApp {
    private var log: [String] = ["probe ready: ! crashes, q quits"]

    func handle(_ event: TerminalEvent) throws -> LoopCommand {
        switch event {
        case .key(.character("q")), .key(.control("c")), .signal: return .quit
        case .key(.character("!")):
            let empty: [Int] = []
            log.append("never shown: \(empty[log.count])")
        case .key(let key): log.append("key \(key)")
        case .paste(let text): log.append("paste of \(text.count) characters")
        case .mouse(let mouse): log.append("mouse \(mouse)")
        case .resize(let width, let height): log.append("size \(width)x\(height)")
        case .wake, .firstFrameDrawn, .terminalReleased: return .ignored
        }
        return .continue
    }

    func render(into canvas: inout Canvas) throws -> CursorPosition? {
        for (row, line) in log.suffix(canvas.height).enumerated() {
            _ = canvas.write(line, x: 0, y: row, maxWidth: canvas.width)
        }
        return nil
    }
}

let loop = try EventLoop()
switch try loop.run(Probe()) {
case .quit: exit(0)
case .signal(let number): exit(128 + number)
}
