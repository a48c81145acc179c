// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Signalbox",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "Signalbox", targets: ["Signalbox"]),
        .library(name: "ImageSearchModel", targets: ["ImageSearchModel"]),
        .library(name: "SignalboxTesting", targets: ["SignalboxTesting"]),
        .library(name: "ImageSearchViewModel", targets: ["ImageSearchViewModel"]),
        .executable(name: "imagesearch", targets: ["imagesearch"]),
        .executable(name: "playground", targets: ["playground"]),
    ],
    targets: [
        .target(name: "Signalbox"),
        .target(name: "SignalboxTesting", dependencies: ["Signalbox", "ImageSearchModel"]),
        .executableTarget(name: "signalbox-perf", dependencies: ["Signalbox"]),
        .testTarget(name: "SignalboxTests", dependencies: ["Signalbox", "SignalboxTesting"]),
        .testTarget(name: "SignalboxTestingTests", dependencies: ["SignalboxTesting"]),
        .target(name: "ImageSearchModel", dependencies: ["Signalbox"]),
        .target(name: "LoopbackHTTPServer", path: "Tests/LoopbackHTTPServer"),
        .testTarget(
            name: "ImageSearchModelTests",
            dependencies: ["ImageSearchModel", "Signalbox", "SignalboxTesting", "LoopbackHTTPServer"]),
        .target(name: "ImageSearchViewModel", dependencies: ["ImageSearchModel", "Signalbox"]),
        .testTarget(
            name: "ImageSearchViewModelTests",
            dependencies: [
                "ImageSearchViewModel", "ImageSearchModel", "Signalbox", "SignalboxTesting",
                "LoopbackHTTPServer",
            ]),
        .executableTarget(
            name: "imagesearch",
            dependencies: ["ImageSearchViewModel", "ImageSearchModel", "Signalbox"]),
        // The guided tour: `swift run playground`; `.ci/run` diffs its output against
        // Playground/expected-output.txt.
        .executableTarget(
            name: "playground",
            dependencies: [
                "Signalbox", "SignalboxTesting", "ImageSearchModel", "ImageSearchViewModel",
            ],
            path: "Playground",
            exclude: ["README.md", "expected-output.txt"]),
        .testTarget(
            name: "ImageSearchCLITests",
            dependencies: ["imagesearch", "ImageSearchModel", "Signalbox", "LoopbackHTTPServer"]),
    ],
    swiftLanguageModes: [.v6]
)
