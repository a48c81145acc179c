// swift-tools-version:6.0
import PackageDescription

// Fuzz targets live in their own package so that the root package stays dependency-free and
// unchanged. Build and run them with `scripts/fuzz.sh` (see Fuzz/README.md): it builds with
// `--sanitize=fuzzer`, which instruments every module (the root's too) and links libFuzzer,
// whose `main` calls each target's `LLVMFuzzerTestOneInput`.
//
// The targets use `@testable import ImageSearchModel` to reach internal types (`QueryString`,
// `Redactor`); that works because debug builds compile every module with `-enable-testing`.
let package = Package(
    name: "SignalboxFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Signalbox", path: "..")
    ],
    targets: [
        .target(name: "FuzzSupport"),
        fuzzTarget("decode-response"),
        fuzzTarget("http-error"),
        fuzzTarget("query-redaction"),
        fuzzTarget("image-format"),
    ],
    swiftLanguageModes: [.v6]
)

/// One libFuzzer target: an executable whose single source file defines
/// `LLVMFuzzerTestOneInput` (no `main.swift`, so SwiftPM compiles it with `-parse-as-library`).
func fuzzTarget(_ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: [
            "FuzzSupport",
            .product(name: "ImageSearchModel", package: "Signalbox"),
        ]
    )
}
