// swift-tools-version: 6.2
import PackageDescription

/// The package is cut along its audiences:
/// - vendors' test targets link `ConformanceTesting` (which brings `ConformanceKit` and the world, `MockIdP`), and
///   `IdentityToolkitSubject` to judge a server over HTTP: these depend on swift-crypto only;
/// - vendors' executables link `ConformanceCommand` (the `conformance` command as a library: run, the HTTP subject);
/// - `conformance serve` (`ConformanceServe`) is `IdentityToolkitServer` (the reference behind the Identity Toolkit
///   REST API) on `LoopbackHTTP`, on SwiftNIO; `HTTPMessages` are the request and response values both sides share,
///   and `PlainHTTPClient` the HTTP/1.1 client the HTTP subject and the served server send `http://` requests
///   through (Foundation only; no vendor's test target compiles it unless it links `IdentityToolkitSubject`).
///   No product reaches them (`conformance` is this package's own executable, not a product): SwiftPM resolves every
///   dependency some product needs, whichever product a vendor links, so a product that reached SwiftNIO would bring
///   it to every vendor (`.ci/vendor-resolution` checks that it does not);
/// - `ReferenceAuth` is the conforming reference, with its defects and variations for this package's own audit.
let package = Package(
    name: "AuthConformance", platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "ConformanceTesting", targets: ["ConformanceTesting"]),
        .library(name: "ConformanceKit", targets: ["ConformanceKit"]), .library(name: "MockIdP", targets: ["MockIdP"]),
        .library(name: "IdentityToolkitSubject", targets: ["IdentityToolkitSubject"]),
        .library(name: "ConformanceCommand", targets: ["ConformanceCommand"]),
        .library(name: "ReferenceAuth", targets: ["ReferenceAuth"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        // Only `LoopbackHTTP` (what `conformance serve` listens with) links it; nothing vendors' test targets link.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    ],
    targets: [
        // What vendors' test targets link.
        .target(name: "HTTPMessages"),
        // The HTTP/1.1 client the HTTP subject and the served server send `http://` requests through.
        .target(name: "PlainHTTPClient", dependencies: ["HTTPMessages"]),
        .target(
            name: "MockIdP",
            dependencies: [
                "HTTPMessages", "ConformanceFixtures", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        .target(
            name: "ConformanceFixtures", path: "Fixtures", exclude: ["identity-toolkit"],
            resources: [
                .copy("fixture.schema.json"), .copy("catalogue.schema.json"), .copy("phone"), .copy("mfa"),
                .copy("email-link"), .copy("oauth"), .copy("apple"),
            ]),
        .target(
            name: "ConformanceKit",
            dependencies: [
                "MockIdP", "HTTPMessages", "ConformanceFixtures", .product(name: "Crypto", package: "swift-crypto"),
            ]), .target(name: "ConformanceTesting", dependencies: ["ConformanceKit", "MockIdP"]),
        .target(
            name: "IdentityToolkitSubject",
            dependencies: [
                "ConformanceKit", "MockIdP", "HTTPMessages", "PlainHTTPClient",
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        // The reference and what serves it.
        .target(
            name: "ReferenceAuth",
            dependencies: [
                "ConformanceKit", "MockIdP", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        .target(
            name: "IdentityToolkitServer",
            dependencies: ["ReferenceAuth", "ConformanceKit", "HTTPMessages", "PlainHTTPClient"]),
        .target(
            name: "LoopbackHTTP",
            dependencies: [
                "HTTPMessages", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        // The checks' GitHub and Apple on loopback, for a served server to reach (OAUTH and APPLE over HTTP).
        .target(
            name: "WorldProviderEndpoints",
            dependencies: ["LoopbackHTTP", "HTTPMessages", "MockIdP", "ConformanceKit", "IdentityToolkitSubject"]),
        // What vendors' executables link, and the package's own command.
        .target(name: "ConformanceCommand", dependencies: ["ConformanceKit", "IdentityToolkitSubject"]),
        .target(
            name: "ConformanceServe",
            dependencies: [
                "ConformanceCommand", "ConformanceKit", "IdentityToolkitSubject", "IdentityToolkitServer",
                "LoopbackHTTP", "ReferenceAuth", "WorldProviderEndpoints",
            ]),
        .executableTarget(
            name: "conformance",
            dependencies: ["ConformanceCommand", "ConformanceServe", "ReferenceAuth", "WorldProviderEndpoints"]),
        // Examples.
        .target(
            name: "PhoneOnlyExample", dependencies: ["ConformanceKit", "MockIdP"], path: "Examples/PhoneOnlyAdapter"),
        .target(
            name: "CrashingSubject", dependencies: ["ConformanceKit", "MockIdP", "ReferenceAuth"],
            path: "Examples/CrashingSubject"),
        .executableTarget(
            name: "crashing-subject", dependencies: ["ConformanceCommand", "CrashingSubject"],
            path: "Examples/CrashingSubjectCommand"),
        // A client SDK written as SDKs are (URLSession, completion handlers, its own storage) and its adapter, on the
        // vendors' products only: what a vendor writes to judge its SDK against `conformance serve`.
        .target(
            name: "URLSessionExample", dependencies: ["ConformanceKit", "IdentityToolkitSubject"],
            path: "Examples/URLSessionClient"),
        // Its command, one call: `ConformanceCommand.main(client:)` with every server and report option.
        .executableTarget(
            name: "tinyauth-conformance", dependencies: ["ConformanceCommand", "URLSessionExample"],
            path: "Examples/URLSessionClientCommand"),
        // Tests: one target per flow for its rules and its defects caught (PhoneAuthTests, MFATests, EmailLinkTests,
        // OAuthTests, AppleTests); one per module for what that module does, a test of several modules going to the
        // module whose behaviour it pins (the runner and the reports: ConformanceKitTests; `expectConformance`:
        // ConformanceTestingTests; the reference's behaviour, defects and variations: ReferenceAuthTests; the
        // command: ConformanceCommandTests); and DocumentationTests: the README, the articles and docs/RULES.md
        // against the code.
        .target(
            name: "ReferenceTestSupport",
            dependencies: [
                "ConformanceCommand", "ConformanceKit", "ReferenceAuth", "IdentityToolkitServer",
                "IdentityToolkitSubject",
            ], path: "Tests/ReferenceTestSupport"),
        .testTarget(
            name: "PhoneAuthTests", dependencies: ["ConformanceTesting", "ReferenceAuth", "ReferenceTestSupport"]),
        .testTarget(name: "MFATests", dependencies: ["ConformanceTesting", "ReferenceAuth", "ReferenceTestSupport"]),
        .testTarget(
            name: "EmailLinkTests", dependencies: ["ConformanceTesting", "ReferenceAuth", "ReferenceTestSupport"]),
        .testTarget(name: "OAuthTests", dependencies: ["ConformanceTesting", "ReferenceAuth", "ReferenceTestSupport"]),
        .testTarget(name: "AppleTests", dependencies: ["ConformanceTesting", "ReferenceAuth", "ReferenceTestSupport"]),
        .testTarget(
            name: "IdentityToolkitTests",
            dependencies: [
                "IdentityToolkitSubject", "IdentityToolkitServer", "ConformanceCommand", "ReferenceAuth",
                "ReferenceTestSupport", "WorldProviderEndpoints",
            ]),
        .testTarget(
            name: "ServeTests",
            dependencies: [
                "LoopbackHTTP", "HTTPMessages", "MockIdP", "IdentityToolkitSubject", "IdentityToolkitServer",
                "ReferenceAuth", "ReferenceTestSupport", "WorldProviderEndpoints",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        .testTarget(
            name: "ConformanceKitTests",
            dependencies: [
                "ConformanceKit", "ReferenceTestSupport", "ReferenceAuth", "ConformanceTesting", "ConformanceCommand",
            ]),
        .testTarget(
            name: "ConformanceTestingTests", dependencies: ["ConformanceTesting", "ReferenceAuth", "CrashingSubject"]),
        .testTarget(
            name: "ReferenceAuthTests",
            dependencies: ["ConformanceKit", "MockIdP", "ReferenceAuth", "ReferenceTestSupport"]),
        .testTarget(
            name: "ConformanceCommandTests",
            dependencies: [
                "ConformanceCommand", "ConformanceKit", "IdentityToolkitServer", "IdentityToolkitSubject", "MockIdP",
                "ReferenceAuth", "ReferenceTestSupport",
            ]),
        .testTarget(
            name: "DocumentationTests",
            dependencies: ["ConformanceCommand", "ConformanceKit", "ReferenceAuth", "IdentityToolkitServer"]),
        .testTarget(name: "MockIdPTests", dependencies: ["MockIdP"]),
        // The URLSession example against the served server on loopback, its verdicts pinned.
        .testTarget(
            name: "ExampleClientTests",
            dependencies: [
                "URLSessionExample", "IdentityToolkitSubject", "ConformanceKit", "IdentityToolkitServer",
                "LoopbackHTTP", "ConformanceCommand", "MockIdP", "ReferenceTestSupport",
            ]),
        // The HTTP layer alone, over raw sockets: framing, graceful close, both loopback addresses, CORS; its
        // timeouts on NIO's testing event loop, whose time moves only when a test moves it.
        .testTarget(
            name: "LoopbackHTTPTests",
            dependencies: [
                "LoopbackHTTP", "HTTPMessages", "PlainHTTPClient", "ReferenceTestSupport",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        // The HTTP/1.1 client alone, against a server that answers as scripted, byte for byte.
        .testTarget(
            name: "PlainHTTPClientTests", dependencies: ["PlainHTTPClient", "HTTPMessages", "ReferenceTestSupport"]),
    ])
