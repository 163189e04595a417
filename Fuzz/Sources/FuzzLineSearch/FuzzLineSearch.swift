import CFuzzDriver
import Foundation
import InstantSearchCore
import SearchEngine

/// fzf's matching of plain lines: the first byte picks the options, the next line is the query
/// (fzf's syntax), the rest are the lines. Each prefix of the query is searched as typed, by
/// one searcher (which narrows a longer query to a shorter one's matches) and by a fresh one:
/// the two must find the same lines, in the same order — narrowing must never lose a line.
func fuzzLineSearch(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 1, size <= 8192 else { return 0 }
    let mode = data[0]
    let rest = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let split = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.count
    let query = String(decoding: rest[..<split], as: UTF8.self)
    guard query.count <= 24 else { return 0 }
    let lines = Array(rest[min(rest.count, split + 1)...])
    var options = LineMatchOptions()
    options.extended = mode & 1 == 0
    options.exact = mode & 2 != 0
    options.caseMatching = [.smart, .ignore, .respect, .smart][Int(mode >> 2 & 3)]
    options.normalize = mode & 16 == 0
    options.sort = mode & 32 == 0
    options.reversed = mode & 64 != 0
    options.tiebreaks = mode & 128 != 0 ? [.begin, .length] : nil
    let typing = LineSearcher(bytes: lines)
    let characters = Array(query)
    for end in 0...characters.count {
        let text = String(characters[..<end])
        for page in 0..<2 {
            let asked = Query(text: text, page: page, hitsPerPage: 3)
            guard let typed = try? typing.answer(asked, options: options),
                let fresh = try? LineSearcher(bytes: lines).answer(asked, options: options)
            else { fatalError("a line search threw for \(text.debugDescription)") }
            guard typed.nbHits == fresh.nbHits, typed.page == fresh.page, typed.nbHits <= typing.count else {
                fatalError("narrowing changed the answer to \(text.debugDescription): \(typed) vs \(fresh)")
            }
            _ = try? typing.search(asked, options: options).hits.map { $0.highlights }
        }
    }
    return 0
}

@main enum FuzzLineSearchMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzLineSearch))
    }
}
