import CFuzzDriver
import Foundation
import InstantSearchServer

/// `serve`'s request parsing, as its connections run it: the head scanner fed in two reads
/// (the first byte of the input says where to split), the head parser, the target, then a
/// chunked body. Besides crashes, it checks that the split never changes the scanner's answer.
let limits = HTTPLimits(maxRequestLineBytes: 8 * 1024, maxHeaderBytes: 32 * 1024, maxHeaderCount: 100, maxBodyBytes: 64 * 1024)

func scan(_ bytes: [UInt8], split: Int) -> Result<HTTPHeadScanner.Progress, HTTPFailure> {
    var scanner = HTTPHeadScanner(limits: limits)
    return Result { () throws(HTTPFailure) in
        if split < bytes.count, case .complete(let end) = try scanner.scan(Array(bytes[..<split])) {
            return .complete(bodyStart: end)
        }
        return try scanner.scan(bytes)
    }
}

func fuzzHTTPRequest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let split = Int(data[0])
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let whole = scan(bytes, split: bytes.count)
    let parts = scan(bytes, split: split)
    guard whole == parts else { fatalError("the scanner's answer depends on how the bytes arrive: \(whole) vs \(parts)") }
    guard case .success(.complete(let bodyStart)) = whole else { return 0 }
    precondition(bodyStart <= bytes.count)
    guard let head = try? HTTPRequestHead.parse(bytes[..<bodyStart]) else { return 0 }
    _ = HTTPTarget(head.target).pathSegments
    if head.framing == .chunked {
        var decoder = ChunkedBodyDecoder(maxBodyBytes: limits.maxBodyBytes)
        if let used = try? decoder.feed(bytes[bodyStart...]) {
            precondition(used <= bytes.count - bodyStart)
            precondition(decoder.body.count <= limits.maxBodyBytes)
        }
    }
    return 0
}

@main enum FuzzHTTPRequestMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzHTTPRequest))
    }
}
