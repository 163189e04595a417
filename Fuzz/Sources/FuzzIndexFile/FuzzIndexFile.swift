import CFuzzDriver
import Foundation
import InstantSearchCore
@_spi(Fuzzing) import SearchEngine

/// The index-file reader. Inputs of even length get their checksums recomputed first
/// (`IndexFileFuzzing.resealed`), so that the fuzzer reaches the structure behind them; odd
/// ones are read as they are. Whatever opens is searched. The seeds (Fuzz/Corpus) are written
/// by `instantsearch index` at the current format version: a seed of an older one stops at
/// the version and reaches nothing behind it.
let path =
    (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
    + "/instantsearch-fuzz-\(getpid()).isidx"

func fuzzIndexFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if size % 2 == 0 { bytes = IndexFileFuzzing.resealed(bytes) }
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)),
        let index = try? SearchIndex.read(indexFile: path)
    else { return 0 }
    for text in ["", "s", "st", "star wars", "zz"] {
        if let results = try? index.search(Query(text: text, hitsPerPage: 5, facets: ["*"])) {
            for hit in results.hits { _ = hit.record.serialized() }
        }
        // Plain lines (their ends two bytes a line, or four) are searched fzf's way too.
        if index.holdsPlainLines, let results = try? index.searchLines(Query(text: text, hitsPerPage: 5), options: LineMatchOptions()) {
            for hit in results.hits { _ = hit.record.serialized() }
        }
    }
    _ = index.objectIDs
    return 0
}

@main enum FuzzIndexFileMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzIndexFile))
    }
}
