/// Where a dependency's value came from: an override set somewhere, a cached default, or a default rebuilt for a
/// scope.
///
/// Ask for one with `DependencyValues.explain(_:)` when a view, a test or
/// a request sees a value you did not expect. Its ``description`` is one stable line, made for logs and test
/// expectations:
///
/// ```swift
/// print(DependencyValues.current.explain(\.api)!)
/// // APIKey = StubAPI(): overridden at MyAppTests/LoaderTests.swift:12, 1 scope up
/// ```
public struct DependencyProvenance: Sendable, Equatable, CustomStringConvertible {
    /// The key's type name, such as `APIKey`.
    public var key: String
    /// A short description of the value: `String(describing:)`, cut to 80 characters.
    public var value: String
    /// Where the value came from.
    public var source: Source

    /// Where a value came from.
    ///
    /// ```swift
    /// if case .override(let site, _) = values.explain(\.api)?.source { print(site ?? "unknown") }
    /// ```
    public enum Source: Sendable, Equatable {
        /// An explicit override, set at `setAt` (when a `withDependencies` call set it) in the scope `scopesUp`
        /// scopes above the explained values (0: those values' own scope).
        case override(setAt: Location?, scopesUp: Int)
        /// The default of `context`, created once and cached in `root` (`process` or `test root`); `createdAt` is
        /// the `@Dependency` whose read created it, when that read was in the testing or preview context.
        case cachedDefault(context: DependencyContext, root: String, createdAt: Location?)
        /// The default of `context`, rebuilt for these values because they override `becauseOf`, keys it read
        /// while it was created.
        case rebuiltDefault(context: DependencyContext, becauseOf: [String])

        /// The part of the description after the value.
        fileprivate var phrase: String {
            switch self {
            case .override(let site, let scopesUp):
                let place = site.map { "overridden at \($0)" } ?? "overridden by code that did not say where"
                let scope =
                    switch scopesUp {
                    case 0: "in this scope"
                    case 1: "1 scope up"
                    default: "\(scopesUp) scopes up"
                    }
                return "\(place), \(scope)"
            case .cachedDefault(let context, let root, let createdAt):
                let cached =
                    "default of the \(context.id) context, cached in the " + (root == "process" ? "process root" : root)
                return createdAt.map { "\(cached), created by the read at \($0)" } ?? cached
            case .rebuiltDefault(let context, let keys):
                return "default of the \(context.id) context, rebuilt for these values because they override "
                    + keys.joined(separator: ", ")
            }
        }
    }

    /// A place in the source: a file as `#fileID` gives it, and a line.
    ///
    /// ```swift
    /// let location = DependencyProvenance.Location(fileID: "App/Main.swift", line: 3)
    /// print(location)   // App/Main.swift:3
    /// ```
    public struct Location: Sendable, Equatable, CustomStringConvertible {
        /// The file: `Module/File.swift`.
        public var fileID: String
        /// The line.
        public var line: Int

        /// A location.
        ///
        /// - Parameters:
        ///   - fileID: The file, as `#fileID` gives it.
        ///   - line: The line.
        public init(fileID: String, line: Int) {
            self.fileID = fileID
            self.line = line
        }

        /// `Module/File.swift:12`.
        public var description: String { "\(fileID):\(line)" }
    }

    /// A provenance, as ``DependencyValues`` reports it; build one by hand only to compare.
    ///
    /// ```swift
    /// let expected = DependencyProvenance(key: "APIKey", value: "StubAPI()", source: .override(setAt: nil, scopesUp: 0))
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key's type name.
    ///   - value: The value's short description.
    ///   - source: Where the value came from.
    public init(key: String, value: String, source: Source) {
        self.key = key
        self.value = value
        self.source = source
    }

    /// One line: the key, the value and where it came from.
    ///
    /// ```swift
    /// // ServiceKey = Service(testing): default of the testing context, cached in the test root, created by the read at App/Feature.swift:8
    /// // AnalyticsKey = Analytics(): default of the testing context, rebuilt for these values because they override ServiceKey
    /// ```
    public var description: String {
        "\(key) = \(value): " + source.phrase
    }
}
