// swift-tools-version:6.0
import PackageDescription

// Benchmarks live in their own package so that the root package stays dependency-free.
let package = Package(
    name: "SignalboxBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Signalbox", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", exact: "0.14.0"),
    ],
    targets: [
        .executableTarget(
            name: "signalbox-benchmarks",
            dependencies: [
                .product(name: "Signalbox", package: "Signalbox"),
                .product(name: "ImageSearchModel", package: "Signalbox"),
                .product(name: "ImageSearchOffline", package: "Signalbox"),
                .product(name: "ImageSearchViewModel", package: "Signalbox"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
