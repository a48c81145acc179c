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
        // The concurrency toolkit of every module (not a product; its API is `package`): the
        // lock (`os_unfair_lock` on Darwin, one atomic word elsewhere), `DrainQueue`, and the
        // one import of the C library (Darwin, Glibc or Musl).
        .target(name: "SignalboxLocks"),
        // ReactiveSwift's `Atomic`, the package's locked-value box, re-exported by Signalbox
        // (its own module so that it does not shadow `Synchronization.Atomic` inside
        // Signalbox).
        .target(name: "SignalboxAtomic", dependencies: ["SignalboxLocks"]),
        .target(name: "Signalbox", dependencies: ["SignalboxAtomic", "SignalboxLocks"]),
        .target(name: "SignalboxTesting", dependencies: ["Signalbox", "SignalboxLocks"]),
        .testTarget(
            name: "SignalboxTests",
            dependencies: ["Signalbox", "SignalboxTesting", "SignalboxLocks", "TestThreads"]),
        .testTarget(
            name: "SignalboxTestingTests", dependencies: ["SignalboxTesting", "TestThreads"]),
        // Calls of libcurl's variadic setter, which Swift cannot make: header-only wrappers
        // around a function pointer `Network` looks up at run time in the libcurl that
        // FoundationNetworking links (Linux). No library is linked and nothing is compiled.
        .systemLibrary(name: "CCurlCalls"),
        .target(
            name: "ImageSearchModel", dependencies: ["Signalbox", "SignalboxLocks", "CCurlCalls"]
        ),
        // The catalog of invented photo records that answers Pixabay searches offline.
        .target(name: "ImageSearchOffline", dependencies: ["ImageSearchModel", "Signalbox"]),
        // Test support for the model layer: `StubNetwork`.
        .target(
            name: "ImageSearchTesting", dependencies: ["ImageSearchModel", "Signalbox", "SignalboxLocks"]
        ),
        .target(
            name: "LoopbackHTTPServer", dependencies: ["SignalboxLocks"], path: "Tests/LoopbackHTTPServer"
        ),
        // Test support: the `.ownThreads` suite trait, which keeps tests that block off the
        // cooperative pool.
        .target(name: "TestThreads", path: "Tests/TestThreads"),
        .testTarget(
            name: "ImageSearchModelTests",
            dependencies: [
                "ImageSearchModel", "ImageSearchOffline", "ImageSearchTesting", "Signalbox",
                "SignalboxTesting", "LoopbackHTTPServer", "SignalboxLocks", "TestThreads",
            ]),
        .target(
            name: "ImageSearchViewModel", dependencies: ["ImageSearchModel", "Signalbox", "SignalboxLocks"]
        ),
        .testTarget(
            name: "ImageSearchViewModelTests",
            dependencies: [
                "ImageSearchViewModel", "ImageSearchModel", "ImageSearchTesting", "Signalbox",
                "SignalboxTesting", "LoopbackHTTPServer", "SignalboxLocks", "TestThreads",
            ]),
        .executableTarget(
            name: "imagesearch",
            dependencies: [
                "ImageSearchViewModel", "ImageSearchModel", "ImageSearchOffline", "Signalbox",
                "SignalboxLocks",
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
                "LoopbackHTTPServer", "SignalboxLocks", "TestThreads",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
