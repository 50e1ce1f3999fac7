import Foundation

/// What is known about the read under way on this task, for the report a creation may make: which `@Dependency`
/// made it, through which key path, and what the reading code's current scope overrides.
///
/// Set only on the slow path of a `@Dependency` read in the testing context, where such reports are made, and in the
/// preview context, where provenance tells which read created a default; reads in the default context never pay for
/// it.
struct ReadContext: Sendable {
    @TaskLocal static var current: ReadContext?

    /// Where the reading `@Dependency` is declared.
    var site: DeclarationSite?
    /// How the property reads, such as `\DependencyValues.analytics`; `nil` for a type key.
    var keyPath: (any AnyKeyPath & Sendable)?
    /// The type key, when the property reads one directly.
    var typeKey: (any DependencyKey.Type)?
    /// The values current where the read happens (they may differ from the values the property reads).
    var ambient: DependencyValues

    /// The name of the `DependencyValues` property for `Key`, when the reading key path is one: `analytics`.
    ///
    /// A key path to a computed property does not print its name on every platform (`\\DependencyValues.<computed
    /// 0x…>` on Linux), so when it does not, the name is read from the declaration itself — `@Dependency(\\.analytics)`
    /// at the site's line — which is where a test runs. `nil` when neither tells.
    func propertyName<Key: DependencyKey>(for _: Key.Type) -> String? {
        guard let keyPath, type(of: keyPath).valueType == Key.Value.self else { return nil }
        return Self.name(inKeyPathDescription: "\(keyPath)") ?? site.flatMap(Self.name(declaredAt:))
    }

    /// `analytics` in `\\DependencyValues.analytics`.
    static func name(inKeyPathDescription text: String) -> String? {
        let prefix = "\\DependencyValues."
        guard text.hasPrefix(prefix) else { return nil }
        return identifier(text.dropFirst(prefix.count))
    }

    /// `analytics` in the `@Dependency(\\.analytics)` at `site`, read from the source file.
    static func name(declaredAt site: DeclarationSite) -> String? {
        // NB: `nil` when the file cannot be read (a test binary run away from its sources).
        guard site.line >= 1, let data = FileManager.default.contents(atPath: site.filePath),
            let line = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .dropFirst(site.line - 1).first,
            let marker = line.range(of: "@Dependency(")
        else { return nil }
        let rest = line[marker.upperBound...].drop { $0 == " " }
        guard rest.hasPrefix("\\.") else { return nil }
        return identifier(rest.dropFirst(2).prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }

    private static func identifier(_ text: Substring) -> String? {
        guard let first = text.first, first.isLetter || first == "_",
            text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return String(text)
    }
}
