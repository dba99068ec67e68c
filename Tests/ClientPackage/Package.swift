// swift-tools-version: 6.2
import PackageDescription

/// A client of navcore as a Swift package sees it: it depends on the `NavCore` library product
/// only. `make client-package` (mk/client.mk) builds it and checks that nothing but NavCore
/// and this target was compiled: no C target, no system library (libffi), no pkg-config; then
/// runs it: its top-level code awaits every op and checks that each had ended (warnings are
/// errors here, so an `await` that resolved to a form that does not wait fails the build).
let package = Package(
    name: "navcore-client",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(name: "navcore", path: "../..")],
    targets: [
        .executableTarget(
            name: "Client", dependencies: [.product(name: "NavCore", package: "navcore")],
            swiftSettings: [.treatAllWarnings(as: .error)]
        )
    ],
    swiftLanguageModes: [.v6]
)
