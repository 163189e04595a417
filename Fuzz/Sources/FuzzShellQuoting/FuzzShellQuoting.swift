import CFuzzDriver
import Foundation
import InstantSearchCore

/// `ShellQuoting`, the one quoting of every value that meets a shell: the input is any bytes
/// (not always UTF-8, NULs included). Read back by POSIX's rules — inside `'…'` every byte is
/// itself until the next quote; outside, only `\x` (the byte x) and an opening quote may come,
/// any other byte would be the shell's syntax — the word is exactly the input without its NULs.
/// The String form is the same bytes, and valid UTF-8 stays valid.
func fuzzShellQuoting(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let quoted = ShellQuoting.quote(bytes: input)
    precondition(wordAsShellReadsIt(quoted) == input.filter { $0 != 0 }, "quoted \(input) as \(quoted)")
    let text = String(decoding: input, as: UTF8.self)
    let quotedText = ShellQuoting.quote(text)
    precondition(Array(quotedText.utf8) == ShellQuoting.quote(bytes: text.utf8))
    precondition(String(validating: Array(quotedText.utf8), as: UTF8.self) != nil)
    return 0
}

/// The word `bytes` make for sh, or nil when something in it is not quoted (the shell would
/// read it as syntax) or a quote is left open.
func wordAsShellReadsIt(_ bytes: [UInt8]) -> [UInt8]? {
    var word: [UInt8] = []
    var inQuotes = false
    var index = 0
    while index < bytes.count {
        let byte = bytes[index]
        index += 1
        if inQuotes {
            if byte == UInt8(ascii: "'") { inQuotes = false } else { word.append(byte) }
        } else if byte == UInt8(ascii: "'") {
            inQuotes = true
        } else if byte == UInt8(ascii: "\\"), index < bytes.count {
            word.append(bytes[index])
            index += 1
        } else {
            return nil
        }
    }
    return inQuotes ? nil : word
}

@main enum FuzzShellQuotingMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzShellQuoting))
    }
}
