import CNcurses

#if canImport(Glibc)
import Glibc
#endif

/// The body of a paste, read in bulk.
///
/// curses reads the terminal one byte per system call, and matches every byte against its
/// key sequences: for 10,000 pasted characters that is most of the time a paste takes.
/// Inside a paste there are no keys to match, so while one is open and curses holds nothing
/// unread, the loop reads the waiting bytes itself, as UTF-8, and gives them to the same
/// `InputDecoder` (which also decodes whatever follows the end marker in that read: plain
/// keys and CSI / SS3 sequences).
struct PasteInput {
    /// The start of a character cut at the end of a read.
    private var pending: [UInt8] = []

    /// Bytes waiting on `fd`, up to `limit`, without blocking; decoded to characters.
    mutating func read(from fd: Int32, limit: Int = 1 << 16) -> [RawInput] {
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 0) > 0, ready.revents & Int16(POLLIN) != 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return [] }
        return decode(buffer[..<count])
    }

    /// UTF-8 to characters, keeping an incomplete last character for the next read;
    /// malformed bytes become U+FFFD.
    mutating func decode(_ bytes: ArraySlice<UInt8>) -> [RawInput] {
        var input = pending + bytes
        pending = []
        // Hold back a last character whose bytes have not all arrived.
        var cut = input.count
        var back = 0
        while back < min(4, input.count), input[input.count - 1 - back] & 0xC0 == 0x80 { back += 1 }
        if back < input.count {
            let lead = input[input.count - 1 - back]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            if length > back + 1 { cut = input.count - 1 - back }
        }
        pending = Array(input[cut...])
        input.removeSubrange(cut...)
        return String(decoding: input, as: UTF8.self).unicodeScalars.map { RawInput(code: $0.value) }
    }
}
