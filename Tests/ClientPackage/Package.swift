// swift-tools-version: 6.2
import PackageDescription

/// A client of navcore as a Swift package sees it: it depends on the `NavCore` library product
/// only. `make client-package` (mk/noswift.mk) builds it and checks that nothing but NavCore
/// and this target was compiled: no C target, no system library (libffi), no pkg-config.
let package = Package(
    name: "navcore-client",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(name: "navcore", path: "../..")],
    targets: [
        .executableTarget(name: "Client", dependencies: [.product(name: "NavCore", package: "navcore")])
    ],
    swiftLanguageModes: [.v6]
)
