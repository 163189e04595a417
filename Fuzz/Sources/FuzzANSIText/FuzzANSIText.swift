import Foundation
import CFuzzDriver
import InstantSearchCore

/// `--ansi`'s parser (`ANSIText`, also the preview's): the input is a line as a program wrote
/// it. Whatever it holds, no escape is left in the text, every span lies inside it, and the
/// stripped text is the parsed one.
func fuzzANSIText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let raw = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parsed = ANSIText(parsing: raw)
    precondition(!parsed.text.unicodeScalars.contains("\u{1B}") && !parsed.text.unicodeScalars.contains("\u{9B}"))
    let count = parsed.text.count
    precondition(parsed.spans.allSatisfy { !$0.range.isEmpty && $0.range.lowerBound >= 0 && $0.range.upperBound <= count })
    precondition(ANSIText.strip(raw) == parsed.text)
    return 0
}

@main enum FuzzANSITextMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzANSIText))
    }
}
