// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Ambient",
    platforms: [
        // `Synchronization` (the lock-free read path) and Observation set the floor on Apple platforms.
        .iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2),
    ],
    products: [
        .library(name: "Ambient", targets: ["Ambient"]),
        .library(name: "AmbientTesting", targets: ["AmbientTesting"]),
        .executable(name: "todos", targets: ["todos"]),
    ],
    targets: [
        .target(name: "Ambient"),
        .target(name: "AmbientTesting", dependencies: ["Ambient"]),
        .testTarget(name: "AmbientTests", dependencies: ["Ambient"]),
        .testTarget(name: "AmbientTestingTests", dependencies: ["Ambient", "AmbientTesting"]),

        // The Todos example: store objects shared by a command-line app and SwiftUI views.
        .target(name: "TodosCore", dependencies: ["Ambient"], path: "Examples/Todos/TodosCore"),
        .target(name: "TodosUI", dependencies: ["Ambient", "TodosCore"], path: "Examples/Todos/TodosUI"),
        .executableTarget(name: "todos", dependencies: ["Ambient", "TodosCore"], path: "Examples/Todos/CLI"),
        .testTarget(
            name: "TodosTests",
            dependencies: ["Ambient", "AmbientTesting", "TodosCore", "todos"],
            path: "Examples/Todos/Tests"
        ),

        // The worked example of the "Migrating from swift-dependencies" article, built and tested so it keeps compiling.
        .target(name: "MigrationExample", dependencies: ["Ambient"], path: "Examples/Migration/Forecast"),
        .testTarget(
            name: "MigrationExampleTests",
            dependencies: ["Ambient", "AmbientTesting", "MigrationExample"],
            path: "Examples/Migration/Tests"
        ),

        .executableTarget(
            name: "AmbientBenchmarks",
            dependencies: ["Ambient", "BenchmarkSupport"],
            path: "Benchmarks/AmbientBenchmarks"
        ),
        .target(name: "BenchmarkSupport", path: "Benchmarks/Support"),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            // Imports are internal unless marked `public import`, so no module leaks into the public API by accident.
            .enableUpcomingFeature("InternalImportsByDefault"),
            // Existential types must be spelled `any P`, which makes their cost visible.
            .enableUpcomingFeature("ExistentialAny"),
            // A file sees only the members of modules it imports itself.
            .enableUpcomingFeature("MemberImportVisibility"),
        ]
}
