import Foundation
import Testing

/// Enter prints the line drawn as selected at that moment, while the lines still come in: the
/// test holds the input (a FIFO it writes batch by batch), so at each point the screen it reads
/// is the one Enter answers to. Each batch brings a better match for the query, which takes
/// the first row (and the selection): a pick of the newest lines rather than the drawn ones
/// would print another line than the selected row.
@Suite(.serialized) struct LoadAndPickSessionTests {
    /// Batch `number`'s lines: fillers, and one `numpy` line shorter (so better) than the
    /// batch before's.
    private func batch(_ number: Int) -> String {
        let fillers = (0..<200).map { "filler \(number)-\($0)" }
        let best = "numpy-" + String(repeating: "z", count: 12 - number)
        return (fillers[..<100] + [best] + fillers[100...]).joined(separator: "\n") + "\n"
    }

    /// Opens the FIFO for writing once the program has it open for reading (non-blocking
    /// open fails with ENXIO until then; the limit only bounds a broken run).
    private func openForWriting(_ path: String) throws -> Int32 {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let fd = open(path, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { return fd }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw TmuxError.timedOut("the program to open the FIFO")
    }

    private func write(_ text: String, to fd: Int32) {
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n > 0 { done += n } else { Thread.sleep(forTimeInterval: 0.01) }
        }
    }

    /// The selected row's text: the row with the pointer (`--pointer @`: fzf's own pointer is
    /// the gutter's glyph, told apart by colour only).
    private func selectedLine(_ screen: String) -> String? {
        screen.split(separator: "\n").first { $0.hasPrefix("@ ") }
            .map { $0.dropFirst(2).trimmingCharacters(in: .whitespaces) }
    }

    @Test(arguments: 1...6)
    func enterPrintsTheSelectedRowAfterBatch(_ batches: Int) throws {
        let tmux = try Tmux(width: 100, height: 30)
        let fifo = tmux.workDirectory.appendingPathComponent("load.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        try tmux.shell("\(Project.binary) --pointer @ < load.fifo > out.txt; echo \"exit=$?\"")
        let fd = try openForWriting(fifo)
        defer { close(fd) }
        write(batch(1), to: fd)
        try tmux.waitFor("the first batch") { $0.contains("201/201") }
        try tmux.type("numpy")
        var screen = try tmux.waitFor("the query's match") { $0.contains("> numpy") && $0.contains(" 1/201 ") }
        for number in stride(from: 2, through: batches, by: 1) {
            write(batch(number), to: fd)
            let total = number * 201
            screen = try tmux.waitFor("batch \(number) searched") { $0.contains(" \(number)/\(total) ") }
        }
        let selected = try #require(selectedLine(screen), "a selected row:\n\(screen)")
        #expect(selected == "numpy-" + String(repeating: "z", count: 12 - batches), "the newest batch's best line on top:\n\(screen)")
        // The input stays open: the load is still under way when Enter comes.
        try tmux.press("Enter")
        try tmux.waitFor("exit=0")
        #expect(tmux.file("out.txt") == selected + "\n", "the printed line is the row drawn selected:\n\(screen)")
    }
}
