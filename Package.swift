// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Ambient",
    platforms: [
        // Observation (`@Observable`) and `Synchronization` set the floor on Apple platforms.
        .iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2),
    ],
    products: [
        .library(name: "Ambient", targets: ["Ambient"]),
    ],
    targets: [
        .target(name: "Ambient"),
        .testTarget(name: "AmbientTests", dependencies: ["Ambient"]),
        .executableTarget(
            name: "AmbientBenchmarks",
            dependencies: ["Ambient"],
            path: "Benchmarks"
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        // Imports are internal unless marked `public import`, so no module leaks into the public API by accident.
        .enableUpcomingFeature("InternalImportsByDefault"),
        // Existential types must be spelled `any P`, which makes their cost visible.
        .enableUpcomingFeature("ExistentialAny"),
        // A file sees only the members of modules it imports itself.
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
