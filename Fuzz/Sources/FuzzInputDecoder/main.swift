import Foundation
import CFuzzDriver
import TerminalUI

/// The terminal input decoder (keys, Alt+key, CSI / SS3 sequences, SGR and X10 mouse reports,
/// bracketed paste): the input is what the terminal sent, one code a byte, with 0xFF marking
/// the next byte as a curses key code; the first byte says where one read ends and the next
/// begins, so a sequence or a paste is also cut between two reads. The decoder must not trap,
/// must keep every paste within its limit, and every click within the screen's range.
func fuzzInputDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var inputs: [RawInput] = []
    var keyCode = false
    for byte in bytes.dropFirst() {
        if byte == 0xFF, !keyCode {
            keyCode = true
            continue
        }
        inputs.append(RawInput(code: keyCode ? 0o400 + UInt32(byte) : UInt32(byte), isKeyCode: keyCode))
        keyCode = false
    }
    let cut = min(Int(bytes[0]), inputs.count)
    var decoder = InputDecoder()
    var events = decoder.decode(Array(inputs[..<cut]))
    events += decoder.decode(Array(inputs[cut...]))
    if let rest = decoder.finish() { events.append(rest) }
    for event in events {
        switch event {
        case .paste(let text) where text.unicodeScalars.count > InputDecoder.pasteLimit:
            fatalError("a paste of \(text.unicodeScalars.count) characters")
        case .mouse(let mouse) where !(0..<10_000).contains(mouse.x) || !(0..<10_000).contains(mouse.y):
            fatalError("a click at \(mouse.x),\(mouse.y)")
        default: break
        }
    }
    return 0
}

@main enum FuzzInputDecoderMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzInputDecoder))
    }
}
