import Ambient
import Foundation

/// What the app fetches at launch before it shows anything: here, `feed-config.json` in the working folder stands in
/// for a server's answer.
struct Configuration: Decodable, Sendable {
    /// The folder the images are in.
    var imageRoot: String
}

/// Why the configuration could not be fetched.
enum ConfigurationError: Error, CustomStringConvertible {
    case missing

    var description: String { "feed-config.json is missing" }
}

/// Where images come from: a folder, or bytes in memory.
struct ImageSource: Sendable {
    /// What the source is, as the output names it.
    var name: String
    /// The bytes of an image, or nil if the source has none by that name.
    var read: @Sendable (String) -> Data?

    /// The images in the folder at `path`.
    static func folder(_ path: String) -> ImageSource {
        ImageSource(name: path) { FileManager.default.contents(atPath: "\(path)/\($0)") }
    }

    /// Two small images in memory, for tests and the `samples` scenario.
    static let samples = ImageSource(name: "samples") {
        ["cat.png": Data("meow".utf8), "dog.png": Data("woof!".utf8)][$0]
    }
}

/// The loader of one image: it reads the bytes once, from the image source of the scope that first reads it.
final class ImageLoader: Sendable {
    let name: String
    let sourceName: String
    let data: Data?

    init(name: String, source: ImageSource) {
        self.name = name
        sourceName = source.name
        data = source.read(name)
    }
}

/// The configuration, fetched once per process however many tasks await it.
private enum ConfigurationKey: DependencyKey {
    static var defaultValue: AsyncDependency<Configuration> {
        AsyncDependency {
            guard let data = FileManager.default.contents(atPath: "feed-config.json") else {
                throw ConfigurationError.missing
            }
            return try JSONDecoder().decode(Configuration.self, from: data)
        }
    }
    static var testingValue: AsyncDependency<Configuration> { .ready(Configuration(imageRoot: "images")) }
}

/// The folder of the images, which the app sets from the configuration once it has it.
private enum ImageRootKey: DependencyKey {
    static var defaultValue: String { "images" }
    static var testingValue: String { "images" }
}

/// The image source, built from the image root of the scope that reads it.
private enum ImageSourceKey: DependencyKey {
    static var defaultValue: ImageSource { .folder(DependencyValues.current.imageRoot) }
    static var testingValue: ImageSource { .samples }
}

/// One loader per image name: a dependency family whose members read the image source.
private enum ImageLoaderKey: DependencyFamilyKey {
    static func defaultValue(for name: String) -> ImageLoader {
        ImageLoader(name: name, source: DependencyValues.current.imageSource)
    }
    static func testingValue(for name: String) -> ImageLoader { defaultValue(for: name) }
}

extension DependencyValues {
    var configuration: AsyncDependency<Configuration> {
        get { self[ConfigurationKey.self] }
        set { self[ConfigurationKey.self] = newValue }
    }
    var imageRoot: String {
        get { self[ImageRootKey.self] }
        set { self[ImageRootKey.self] = newValue }
    }
    var imageSource: ImageSource {
        get { self[ImageSourceKey.self] }
        set { self[ImageSourceKey.self] = newValue }
    }
    var imageLoaders: DependencyFamily<String, ImageLoader> {
        get { self[ImageLoaderKey.self] }
        set { self[ImageLoaderKey.self] = newValue }
    }
}
