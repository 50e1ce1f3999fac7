// swift-tools-version: 6.2
import PackageDescription

/// The settings of a new app target in Xcode 26, for the targets that check Ambient there.
let appTargetSettings: [SwiftSetting] = [
    // Every declaration is isolated to the main actor unless it says otherwise.
    .defaultIsolation(MainActor.self),
    // A nonisolated async function runs on its caller's actor.
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    // A conformance of a type isolated to the main actor is isolated to it too.
    .enableUpcomingFeature("InferIsolatedConformances"),
]

let package = Package(
    name: "Ambient",
    platforms: [
        // The original SwiftUI Dependencies package's floor, so any app that uses it can switch. API that needs
        // Observation (iOS 17, macOS 14, tvOS 17, watchOS 10) says so with `@available`.
        .iOS(.v14), .macOS(.v11), .tvOS(.v14), .watchOS(.v7), .visionOS(.v1),
    ],
    products: [
        .library(name: "Ambient", targets: ["Ambient"]),
        .library(name: "AmbientTesting", targets: ["AmbientTesting"]),
        .executable(name: "todos", targets: ["todos"]),
    ],
    targets: [
        // Atomic operations on one word, for the lock-free read path (Swift's own need iOS 18).
        .target(name: "AmbientAtomics"),
        .target(name: "Ambient", dependencies: ["AmbientAtomics"], exclude: ["Internal/README.md"]),
        // Installs AmbientTesting's per-test roots when a test binary that links it is loaded.
        .target(name: "AmbientTestingHook"),
        .target(name: "AmbientTesting", dependencies: ["Ambient", "AmbientTestingHook"]),
        .testTarget(name: "AmbientTests", dependencies: ["Ambient", "AmbientModelChecking", "Swift5ModeFixture"]),
        // A reference model of the rules of the Semantics article, and random programs checked against it
        // (ReferenceModelTests, AmbientSoak).
        .target(name: "AmbientModelChecking", dependencies: ["Ambient"], path: "Tests/AmbientModelChecking"),
        .testTarget(name: "AmbientTestingTests", dependencies: ["Ambient", "AmbientTesting"]),
        // Every `swift` snippet of the DocC catalogs, verbatim, so each one keeps compiling (see .ci/doc-snippets).
        .testTarget(
            name: "DocSnippetsTests",
            dependencies: ["Ambient", "AmbientTesting"],
            exclude: ["MigratingFromSwiftDependencies"]
        ),
        // The swift-dependencies guide's snippets, in a module of their own: they use the worked example's
        // `\.weather`, which the quick start's snippets declare with another type.
        .testTarget(
            name: "DocSnippetsMigrationTests",
            dependencies: ["Ambient", "AmbientTesting", "MigrationExample"],
            path: "Tests/DocSnippetsTests/MigratingFromSwiftDependencies"
        ),

        // The Todos example: store objects shared by a command-line app and SwiftUI views.
        .target(name: "TodosCore", dependencies: ["Ambient"], path: "Examples/Todos/TodosCore"),
        .target(name: "TodosUI", dependencies: ["Ambient", "TodosCore"], path: "Examples/Todos/TodosUI"),
        .executableTarget(
            name: "todos",
            dependencies: ["Ambient", "TodosCore", "TodosFileStorage"],
            path: "Examples/Todos/CLI"
        ),
        .testTarget(
            name: "TodosTests",
            dependencies: ["Ambient", "AmbientTesting", "TodosCore", "TodosTestSupport", "todos"],
            path: "Examples/Todos/Tests"
        ),
        // The command-line app's file layer (locks, atomic saves, shared-folder checks, terminal escaping) behind the
        // `TodoStorage` protocol of TodosCore, its tests over the real executable, and their fixtures.
        .target(
            name: "TodosFileStorage",
            dependencies: ["Ambient", "TodosCore"],
            path: "Examples/Todos/FileStorage/Sources"
        ),
        .target(
            name: "TodosTestSupport",
            dependencies: ["Ambient", "TodosCore"],
            path: "Examples/Todos/FileStorage/TestSupport"
        ),
        .testTarget(
            name: "TodosFileStorageTests",
            dependencies: ["AmbientTesting", "TodosCore", "TodosFileStorage", "TodosTestSupport", "todos"],
            path: "Examples/Todos/FileStorage/Tests"
        ),

        // The worked example of the "Migrating from swift-dependencies" article, built and tested so it keeps compiling.
        .target(name: "MigrationExample", dependencies: ["Ambient"], path: "Examples/Migration/Forecast"),
        .testTarget(
            name: "MigrationExampleTests",
            dependencies: ["Ambient", "AmbientTesting", "MigrationExample"],
            path: "Examples/Migration/Tests"
        ),

        // The image feed example: a loader per image (a dependency family), a configuration fetched at launch (an
        // asynchronous dependency) and a launch scenario, tested through the real executable.
        .executableTarget(name: "imagefeed", dependencies: ["Ambient"], path: "Examples/ImageFeed/CLI"),
        .testTarget(name: "ImageFeedTests", dependencies: ["imagefeed"], path: "Examples/ImageFeed/Tests"),

        // A dependency split across modules: an interface features import, a live module only the app links.
        .target(
            name: "GeocoderInterface", dependencies: ["Ambient"], path: "Examples/FeatureModules/GeocoderInterface"),
        .target(
            name: "GeocoderLive",
            dependencies: ["Ambient", "GeocoderInterface"],
            path: "Examples/FeatureModules/GeocoderLive"
        ),
        .target(
            name: "MapFeature",
            dependencies: ["Ambient", "GeocoderInterface"],
            path: "Examples/FeatureModules/MapFeature"
        ),
        .testTarget(
            name: "FeatureModulesTests",
            dependencies: ["AmbientTesting", "GeocoderInterface", "GeocoderLive", "MapFeature"],
            path: "Examples/FeatureModules/Tests"
        ),

        // An Xcode 26 app target (`appTargetSettings`): the original SwiftUI Dependencies README setup unchanged,
        // Ambient's quick start and main-actor services, built and tested where every declaration is `@MainActor`.
        .target(
            name: "AppTargetFixture",
            dependencies: ["Ambient"],
            path: "Tests/AppTargetFixture",
            swiftSettings: appTargetSettings
        ),
        .testTarget(
            name: "AppTargetFixtureTests",
            dependencies: ["Ambient", "AmbientTesting", "AppTargetFixture"],
            path: "Tests/AppTargetFixtureTests",
            swiftSettings: appTargetSettings
        ),

        // A module in the Swift 5 language mode: the original README setup in plain, main-actor and owner types.
        .target(
            name: "Swift5ModeFixture",
            dependencies: ["Ambient"],
            path: "Tests/Swift5ModeFixture",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),

        .executableTarget(
            name: "AmbientBenchmarks",
            dependencies: ["Ambient", "BenchmarkSupport"],
            path: "Benchmarks/AmbientBenchmarks"
        ),
        .target(name: "BenchmarkSupport", path: "Benchmarks/Support"),
        // Runs as many random programs against the reference model as asked: `swift run -c release AmbientSoak 20000`.
        .executableTarget(
            name: "AmbientSoak",
            dependencies: ["AmbientModelChecking"],
            path: "Benchmarks/AmbientSoak"
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where !["AmbientAtomics", "AmbientTestingHook"].contains(target.name) {
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
