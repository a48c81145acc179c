// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Signalbox",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "Signalbox", targets: ["Signalbox"]),
        .library(name: "ImageSearchModel", targets: ["ImageSearchModel"]),
        .library(name: "ImageSearchOffline", targets: ["ImageSearchOffline"]),
        .library(name: "SignalboxTesting", targets: ["SignalboxTesting"]),
        .library(name: "ImageSearchTesting", targets: ["ImageSearchTesting"]),
        .library(name: "ImageSearchViewModel", targets: ["ImageSearchViewModel"]),
        .executable(name: "imagesearch", targets: ["imagesearch"]),
        .executable(name: "playground", targets: ["playground"]),
    ],
    targets: [
        // ReactiveSwift's `Atomic`, re-exported by Signalbox (its own module so that it does
        // not shadow `Synchronization.Atomic` inside Signalbox).
        .target(name: "SignalboxAtomic"),
        .target(name: "Signalbox", dependencies: ["SignalboxAtomic"]),
        .target(name: "SignalboxTesting", dependencies: ["Signalbox"]),
        .testTarget(name: "SignalboxTests", dependencies: ["Signalbox", "SignalboxTesting"]),
        .testTarget(name: "SignalboxTestingTests", dependencies: ["SignalboxTesting"]),
        .target(name: "ImageSearchModel", dependencies: ["Signalbox"]),
        // The catalog of invented photo records that answers Pixabay searches offline.
        .target(name: "ImageSearchOffline", dependencies: ["ImageSearchModel", "Signalbox"]),
        // Test support for the model layer: `StubNetwork`.
        .target(name: "ImageSearchTesting", dependencies: ["ImageSearchModel", "Signalbox"]),
        .target(name: "LoopbackHTTPServer", path: "Tests/LoopbackHTTPServer"),
        .testTarget(
            name: "ImageSearchModelTests",
            dependencies: [
                "ImageSearchModel", "ImageSearchOffline", "ImageSearchTesting", "Signalbox",
                "SignalboxTesting", "LoopbackHTTPServer",
            ]),
        .target(name: "ImageSearchViewModel", dependencies: ["ImageSearchModel", "Signalbox"]),
        .testTarget(
            name: "ImageSearchViewModelTests",
            dependencies: [
                "ImageSearchViewModel", "ImageSearchModel", "ImageSearchTesting", "Signalbox",
                "SignalboxTesting", "LoopbackHTTPServer",
            ]),
        .executableTarget(
            name: "imagesearch",
            dependencies: [
                "ImageSearchViewModel", "ImageSearchModel", "ImageSearchOffline", "Signalbox",
            ]),
        // The guided tour: `swift run playground`; `.ci/run` diffs its output against
        // Playground/expected-output.txt.
        .executableTarget(
            name: "playground",
            dependencies: [
                "Signalbox", "SignalboxTesting", "ImageSearchModel", "ImageSearchOffline",
                "ImageSearchTesting", "ImageSearchViewModel",
            ],
            path: "Playground",
            exclude: ["README.md", "expected-output.txt"]),
        .testTarget(
            name: "ImageSearchCLITests",
            dependencies: [
                "imagesearch", "ImageSearchModel", "ImageSearchOffline", "Signalbox",
                "LoopbackHTTPServer",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
