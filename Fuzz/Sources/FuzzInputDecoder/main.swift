import Foundation
import CFuzzDriver
import TerminalUI

/// The terminal input decoder (keys, Alt+key, CSI / SS3 sequences, SGR and X10 mouse reports,
/// bracketed paste), then the search box editing what it decoded, as the app does: printable
/// keys and pastes inserted, the box's keys (Backspace, Delete, arrows, Home, End, Ctrl-W,
/// Ctrl-U) applied through the standard key table, and the box drawn after every event.
///
/// The input: the first byte says where one read ends and the next begins (so a sequence or a
/// paste is also cut between two reads), the second how wide the box is drawn. Then one code a
/// byte, where 0xFF marks the next byte as a curses key code and 0xFE the next byte as an index
/// into `combining`: code points that join their neighbours (accents, regional indicators,
/// Hangul jamo, ZWJ, variation selectors, skin tones), which one byte could not spell.
///
/// Nothing may trap; every paste stays within its limit and every click within the screen's
/// range; the box's cursor is always between two of its characters and drawn inside its area.
func fuzzInputDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 1 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var inputs: [RawInput] = []
    var marker: UInt8?
    for byte in bytes.dropFirst(2) {
        switch marker {
        case 0xFF?: inputs.append(RawInput(code: 0o400 + UInt32(byte), isKeyCode: true))
        case 0xFE?: inputs.append(RawInput(code: combining[Int(byte) % combining.count]))
        default:
            if byte == 0xFF || byte == 0xFE {
                marker = byte
                continue
            }
            inputs.append(RawInput(code: UInt32(byte)))
        }
        marker = nil
    }
    let cut = min(Int(bytes[0]), inputs.count)
    var decoder = InputDecoder()
    var events = decoder.decode(Array(inputs[..<cut]))
    events += decoder.decode(Array(inputs[cut...]))
    if let rest = decoder.finish() { events.append(rest) }
    var box = SearchBox()
    // From 4 columns: the prompt (2) and at least one column of text, the cursor after it.
    let width = 4 + Int(bytes[1]) % 44
    for event in events {
        switch event {
        case .paste(let text) where text.unicodeScalars.count > InputDecoder.pasteLimit:
            fatalError("a paste of \(text.unicodeScalars.count) characters")
        case .paste(let text):
            box.insert(text)
        case .mouse(let mouse) where !(0..<10_000).contains(mouse.x) || !(0..<10_000).contains(mouse.y):
            fatalError("a click at \(mouse.x),\(mouse.y)")
        case .key(.character(let character)):
            box.insert(character)
        case .key(let key):
            if let action = KeyTable.standard.action(for: key, in: [.searchBox]) { box.perform(action) }
        default: continue
        }
        check(box, width: width)
    }
    return 0
}

/// The box's cursor is between two characters, and drawing it stays inside its area.
private func check(_ box: SearchBox, width: Int) {
    guard (0...box.text.count).contains(box.cursor) else {
        fatalError("cursor \(box.cursor) in \(box.text.count) characters: \(box.text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
    var canvas = Canvas(width: width, height: 1)
    let column = box.render(canvas.bounds, &canvas)
    guard (0..<width).contains(column) else { fatalError("cursor drawn at column \(column) of \(width)") }
}

/// Code points that combine with what stands before or after them.
private let combining: [UInt32] = [
    0x0301, 0x0308, 0x0327, 0x20DD, 0x0E31, 0x093F, 0x094D, 0x0915,  // accents, Thai, Devanagari
    0x1F1EB, 0x1F1F7, 0x1F1FA, 0x1F1F8,                                // regional indicators
    0x1100, 0x1112, 0x1161, 0x1175, 0x11A8, 0x11AB, 0xAC00, 0xD55C,      // Hangul jamo L V T, LV, LVT
    0x200D, 0x200C, 0x200B, 0xFE0F, 0xFE0E, 0x1F3FB, 0x1F3FF,           // joiners, selectors, skin tones
    0x1F469, 0x1F4BB, 0x1F468, 0x2764, 0x1F3F3, 0xE0067, 0xE007F,       // emoji, tag characters
    0x0600, 0x0D4E, 0x65E5, 0x0065, 0x0020, 0xD800, 0x110000,           // prepend, CJK, e, space, invalid
]

@main enum FuzzInputDecoderMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzInputDecoder))
    }
}
