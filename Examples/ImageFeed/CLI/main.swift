// imagefeed: prints the size of each image named on the command line, from the folder that the configuration it
// fetches at launch names. It shows a dependency family (one loader per image), an asynchronous dependency (the
// configuration) and launch scenarios (`-AmbientScenario samples` or `AMBIENT_SCENARIO=samples`: images in memory,
// no configuration fetched).
import Ambient
import Foundation

prepareDependencies(scenarios: [
    "samples": {
        $0.configuration = .ready(Configuration(imageRoot: "samples"))
        $0.imageSource = .samples
    }
])
var names = Array(CommandLine.arguments.dropFirst())
if let index = names.firstIndex(of: LaunchScenario.argument) {
    names.removeSubrange(index..<min(index + 2, names.endIndex))
}

let configuration: Configuration
do {
    configuration = try await DependencyValues.current.configuration.value
} catch {
    FileHandle.standardError.write(Data("imagefeed: cannot fetch the configuration: \(error)\n".utf8))
    exit(1)
}

// The loaders read the image source, whose default reads the image root: in this scope, each loader is built from
// the configured folder, once per name.
let loaders = withDependencies {
    $0.imageRoot = configuration.imageRoot
} operation: {
    names.map { DependencyValues.current.imageLoaders[$0] }
}
for loader in loaders {
    if let data = loader.data {
        print("\(loader.name): \(data.count) bytes from \(loader.sourceName)")
    } else {
        print("\(loader.name): not found in \(loader.sourceName)")
    }
}
print("\(loaders.count) images, \(Set(loaders.map(ObjectIdentifier.init)).count) loaders")
