// swift-tools-version:6.0
import Foundation
import PackageDescription

// libFuzzer targets, apart from the main package so that `swift build` and `swift test` never
// see them. `make fuzz` builds them with `-sanitize=fuzzer,address` and runs each for
// FUZZ_SECONDS. The convention (README "Fuzzing and sanitizers"): every folder of
// `Fuzz/Sources` is a target of that name, one file whose `@main` passes its input function to
// `LLVMFuzzerRunDriver` (CFuzzDriver), and its seeds in `Fuzz/Corpus/<name>/`.
let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let folders = (try? FileManager.default.contentsOfDirectory(atPath: here.appendingPathComponent("Sources").path)) ?? []
// The main package, by the name SwiftPM gives a local package: its folder's.
let root = here.deletingLastPathComponent().lastPathComponent

/// Products of the main package a target needs besides the engine and the core.
let extraProducts: [String: [String]] = ["FuzzHTTPRequest": ["InstantSearchServer"], "FuzzInputDecoder": ["TerminalUI"]]

let package = Package(
    name: "instantsearch-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "..")],
    targets: [.target(name: "CFuzzDriver", path: "Support")]
        + folders.filter { !$0.hasPrefix(".") }.sorted().map { name in
            .executableTarget(
                name: name,
                dependencies: ["CFuzzDriver"]
                    + (["SearchEngine", "InstantSearchCore"] + extraProducts[name, default: []]).map {
                        .product(name: $0, package: root)
                    }
            )
        }
)
