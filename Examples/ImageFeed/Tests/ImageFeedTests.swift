import Foundation
import Testing

/// `imagefeed` run as a user runs it: the real executable, in a new folder of its own that holds what the test puts
/// there (the configuration, the images).
@Suite struct ImageFeedTests {
    /// What one run printed and how it ended.
    private struct Run {
        var status: Int32
        var output: String
        var errorOutput: String
    }

    /// The folder the runs of one test start in, removed when the test ends.
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imagefeed-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Writes `text` at `path` in the test's folder, creating the folders on the way.
    private func write(_ text: String, at path: String) throws {
        let file = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// Runs the built `imagefeed` (beside the test bundle) in the test's folder, with only `environment` set.
    private func imagefeed(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let built =
            Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
            + [URL(fileURLWithPath: CommandLine.arguments[0])]
        let executable = try #require(
            built.map { $0.deletingLastPathComponent().appendingPathComponent("imagefeed") }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) })
        // Standard output and error go to files beside the folder, read once the program exited.
        let printed = folder.appendingPathExtension("stdout")
        let complained = folder.appendingPathExtension("stderr")
        defer {
            for url in [folder, printed, complained] { try? FileManager.default.removeItem(at: url) }
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = folder
        for url in [printed, complained] { _ = FileManager.default.createFile(atPath: url.path, contents: nil) }
        process.standardOutput = try FileHandle(forWritingTo: printed)
        process.standardError = try FileHandle(forWritingTo: complained)
        try process.run()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: try String(contentsOf: printed, encoding: .utf8),
            errorOutput: try String(contentsOf: complained, encoding: .utf8))
    }

    @Test func imagesAreLoadedOncePerNameFromTheFolderTheFetchedConfigurationNames() throws {
        try write(#"{"imageRoot": "photos"}"#, at: "feed-config.json")
        try write("cat", at: "photos/cat.png")
        try write("not this one", at: "images/cat.png")
        let run = try imagefeed(["cat.png", "dog.png", "cat.png"])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(
            run.output == """
                cat.png: 3 bytes from photos
                dog.png: not found in photos
                cat.png: 3 bytes from photos
                3 images, 2 loaders

                """)
        #expect(run.errorOutput == "")
    }

    @Test func missingConfigurationStopsTheProgramWithOneLine() throws {
        let run = try imagefeed(["cat.png"])
        #expect(run.status == 1)
        #expect(run.output == "")
        #expect(run.errorOutput == "imagefeed: cannot fetch the configuration: feed-config.json is missing\n")
    }

    @Test(arguments: [
        (["-AmbientScenario", "samples", "cat.png", "dog.png"], [:]),
        (["cat.png", "dog.png"], ["AMBIENT_SCENARIO": "samples"]),
    ])
    func samplesScenarioLoadsImagesFromMemoryWithoutFetchingTheConfiguration(
        arguments: [String],
        environment: [String: String]
    ) throws {
        let run = try imagefeed(arguments, environment: environment)
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.output == "cat.png: 4 bytes from samples\ndog.png: 5 bytes from samples\n2 images, 2 loaders\n")
    }

    @Test func unknownScenarioStopsTheProgramNamingTheKnownOnes() throws {
        let run = try imagefeed(["-AmbientScenario", "sample", "cat.png"])
        #expect(run.status == 1)
        #expect(run.output == "")
        #expect(run.errorOutput == "Ambient: no scenario is named 'sample'; the known ones are: samples. Stopping.\n")
    }
}
