// swift-tools-version:6.0
import PackageDescription

// The custom backend guide's worked example (README "Plugging in a backend") as a developer
// would write it: a package of their own that depends on instantsearch's libraries. Here the
// dependency is this repository by path (`make test` builds and tests it); from elsewhere it
// is `.package(url: "…/instantsearch", from: "0.1.0")`, with the package named "instantsearch".
let instantsearch = String(String(#filePath.dropLast("/Examples/ElasticStyleBackend/Package.swift".count)).split(separator: "/").last!)

let package = Package(
    name: "ElasticStyleBackend",
    platforms: [.macOS(.v15)],
    products: [.library(name: "ElasticStyleBackend", targets: ["ElasticStyleBackend"])],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // The tests' stand-in service.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        .target(
            name: "ElasticStyleBackend",
            dependencies: [
                .product(name: "InstantSearchCore", package: instantsearch),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        .testTarget(
            name: "ElasticStyleBackendTests",
            dependencies: [
                "ElasticStyleBackend", .product(name: "InstantSearchCore", package: instantsearch),
                .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
    ]
)
