// swift-tools-version: 6.2
import PackageDescription

/// navcore: a navigation-stack core for any UI toolkit.
///
/// - `NavCoreEngine`: the engine and the vocabulary both fronts speak (pure Swift, no C types,
///   no Foundation, no existentials of non-class protocols), which also builds as Embedded
///   Swift (`make embedded`); not a product of its own: NavCore re-exports its vocabulary.
/// - `NavCore`: the Swift-native API over the engine.
/// - `NavCoreJSON`: typed results and typed routes (`Codable` ⇄ JSON text) over NavCore, with
///   Foundation.
/// - `NavCoreObservation`: `NavigationState`, an `@Observable` mirror of a main-actor `Navigator`
///   (kept out of NavCore, so that libnavcore.so does not link the Observation runtime).
/// - `CNavCore`: `include/navcore.h`, the C interface, as a header-only module.
/// - `NavCoreC`: the C interface's definitions (`@c` exports over the same engine), shipped as
///   the dynamic library `libnavcore.so`; with the engine, the embedded core.
/// - `CFFI`: the system libffi, with which the C-ABI tests make callback trampolines at run time.
/// - `CABITests` drive the library through the header only (they import `CNavCore`, never the
///   Swift modules, whose names would clash with the C ones).
/// - `NavCoreCTests` test what of the C front the header cannot reach (the handle table's
///   generations), with `@testable import NavCoreC`.
/// - `platforms`: NavCore and NavCoreC use `Synchronization`'s `Atomic` and `Mutex`, which need macOS 15,
///   iOS/tvOS 18, watchOS 11, visionOS 2; tools version 6.2 for `weak let`.
/// - `MainActorAppTests`: a Swift 6 `@MainActor` app model on `Navigator(dispatch: .mainActor)`, asserting
///   the main actor in every callback kind (run under TSan by `make test-tsan`).
/// - `ScenarioKit`: the parser and runner of SPEC §11 conformance scenarios, shared by the
///   `navcore-scenario` executable and the tests.
let package = Package(
    name: "navcore",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "NavCore", targets: ["NavCore"]),
        .library(name: "NavCoreJSON", targets: ["NavCoreJSON"]),
        .library(name: "NavCoreObservation", targets: ["NavCoreObservation"]),
        .library(name: "navcore", type: .dynamic, targets: ["NavCoreC"]),
        .executable(name: "navcore-scenario", targets: ["navcore-scenario"]),
    ],
    targets: [
        .target(name: "NavCoreEngine"),
        .target(name: "NavCore", dependencies: ["NavCoreEngine"]),
        .target(name: "NavCoreJSON", dependencies: ["NavCore"]),
        .target(name: "NavCoreObservation", dependencies: ["NavCore"]),
        .target(name: "CNavCore", path: "include", publicHeadersPath: "."),
        .target(name: "NavCoreC", dependencies: ["NavCoreEngine", "CNavCore"]),
        .target(name: "ScenarioKit", dependencies: ["NavCore"]),
        .executableTarget(name: "navcore-scenario", dependencies: ["ScenarioKit"]),
        .executableTarget(name: "navcore-example", dependencies: ["NavCore"], path: "Sources/navcore-example"),
        .executableTarget(name: "navcore-fuzz", dependencies: ["CNavCore", "NavCoreC"], path: "Sources/navcore-fuzz"),
        .executableTarget(name: "navcore-bench", dependencies: ["NavCore"], path: "Sources/navcore-bench"),
        .systemLibrary(name: "CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),
        .testTarget(name: "NavCoreTests", dependencies: ["NavCore", "NavCoreJSON", "ScenarioKit"]),
        .testTarget(name: "CABITests", dependencies: ["CNavCore", "NavCoreC", "CFFI"]),
        .testTarget(name: "NavCoreCTests", dependencies: ["NavCoreC"]),
        .testTarget(name: "MainActorAppTests", dependencies: ["NavCore", "NavCoreObservation", "NavCoreJSON"]),
    ],
    swiftLanguageModes: [.v6]
)
