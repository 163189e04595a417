import Foundation
import CFuzzDriver
import InstantSearchCore
import SearchEngine

/// The JSON / NDJSON / CSV loaders. The first byte chooses the format (auto, array, NDJSON,
/// CSV), `--lenient`, and whether what loads is then indexed and searched (bit 3: building an
/// index costs far more than loading, so most inputs exercise the loaders alone).
func fuzzDataLoader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    guard size > 0 else { return 0 }
    let mode = data[0]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let formats: [DataFormat?] = [nil, .jsonArray, .ndjson, .csv]
    let options = LoadOptions(lenient: mode & 4 != 0)
    guard let records = try? DataLoader.loadRecords(bytes: bytes, name: "fuzz", format: formats[Int(mode & 3)], options: options),
        mode & 8 != 0, records.count <= 64
    else { return 0 }
    let index = SearchIndex(name: "fuzz", records: records)
    for text in ["", "a", "ab c"] {
        if let results = try? index.search(Query(text: text, facets: ["*"])) {
            for hit in results.hits { _ = hit.record.serialized() }
        }
    }
    return 0
}

@main enum FuzzDataLoaderMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzDataLoader))
    }
}
