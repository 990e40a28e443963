// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "AuthConformance", platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "ConformanceKit", targets: ["ConformanceKit"]),
        .library(name: "ConformanceTesting", targets: ["ConformanceTesting"]),
        .library(name: "MockIdP", targets: ["MockIdP"]), .library(name: "ReferenceAuth", targets: ["ReferenceAuth"]),
        .library(name: "IdentityToolkitSubject", targets: ["IdentityToolkitSubject"]),
        .executable(name: "conformance", targets: ["conformance"]),
    ], dependencies: [.package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0")],
    targets: [
        .target(
            name: "MockIdP",
            dependencies: [
                "ConformanceFixtures", .product(name: "Crypto", package: "swift-crypto"),
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
            dependencies: ["MockIdP", "ConformanceFixtures", .product(name: "Crypto", package: "swift-crypto")]),
        .target(name: "ConformanceTesting", dependencies: ["ConformanceKit"]),
        .target(
            name: "ReferenceAuth",
            dependencies: [
                "ConformanceKit", "MockIdP", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        .target(
            name: "IdentityToolkitSubject",
            dependencies: ["ConformanceKit", "MockIdP", .product(name: "_CryptoExtras", package: "swift-crypto")]),
        .target(
            name: "PhoneOnlyExample", dependencies: ["ConformanceKit", "MockIdP"], path: "Examples/PhoneOnlyAdapter"),
        .target(
            name: "CrashingSubject", dependencies: ["ConformanceKit", "MockIdP", "ReferenceAuth"],
            path: "Examples/CrashingSubject"),
        .executableTarget(
            name: "crashing-subject", dependencies: ["ConformanceKit", "CrashingSubject"],
            path: "Examples/CrashingSubjectCommand"), .target(name: "LoopbackHTTP", dependencies: ["MockIdP"]),
        .executableTarget(
            name: "conformance",
            dependencies: ["ConformanceKit", "ReferenceAuth", "IdentityToolkitSubject", "LoopbackHTTP"]),
        .target(
            name: "ReferenceTestSupport", dependencies: ["ConformanceKit", "ReferenceAuth"],
            path: "Tests/ReferenceTestSupport"),
        .testTarget(
            name: "PhoneAuthTests",
            dependencies: ["ConformanceTesting", "ReferenceAuth", "ReferenceTestSupport", "CrashingSubject"]),
        .testTarget(name: "MFATests", dependencies: ["ConformanceTesting", "ReferenceAuth", "ReferenceTestSupport"]),
        .testTarget(
            name: "EmailLinkTests", dependencies: ["ConformanceTesting", "ReferenceAuth", "ReferenceTestSupport"]),
        .testTarget(name: "OAuthTests", dependencies: ["ConformanceTesting", "ReferenceAuth", "ReferenceTestSupport"]),
        .testTarget(name: "AppleTests", dependencies: ["ConformanceTesting", "ReferenceAuth", "ReferenceTestSupport"]),
        .testTarget(
            name: "IdentityToolkitTests",
            dependencies: ["IdentityToolkitSubject", "ReferenceAuth", "ReferenceTestSupport"]),
        .testTarget(
            name: "ServeTests",
            dependencies: [
                "LoopbackHTTP", "MockIdP", "IdentityToolkitSubject", "ReferenceAuth", "ReferenceTestSupport",
            ]), .testTarget(name: "ConformanceKitTests", dependencies: ["ConformanceKit"]),
        .testTarget(name: "MockIdPTests", dependencies: ["MockIdP"]),
    ])
