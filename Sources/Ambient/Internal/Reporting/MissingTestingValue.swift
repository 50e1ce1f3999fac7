/// The report made when a key without a testing value of its own is read in the testing context.
enum MissingTestingValue {
    /// Set while `previewValue` falls back to `testingValue`: a preview using the live value is not a test.
    @TaskLocal static var isSuppressed = false

    static func report<Key: DependencyKey>(_: Key.Type) {
        guard !isSuppressed, let creation = CreationFrame.innermost?.current, creation.context == .testing,
            creation.key == ObjectIdentifier(Key.self)
        else {
            return
        }
        let read = creation.readContext
        let token = "\(ObjectIdentifier(Key.self))"
        IssueReporting.report(
            .missingTestingValue, message(Key.self, read: read), once: token, site: read?.site,
            to: creation.read.storage.reporter)
    }

    /// The report's text, with the fix spelled for `read`, the read that created the default: the override as it
    /// compiles (`$0.analytics = ...`) when the read tells which property or type key made it, and the
    /// `@Dependency` that made it; when the scope the read was made in overrides the key, which that `@Dependency`
    /// does not see, it adds that the `@Dependency`'s object was created outside that scope.
    static func message<Key: DependencyKey>(_: Key.Type, read: ReadContext?) -> String {
        // NB: a direct read (`DependencyValues.current.analytics`) goes through the key's subscript, which does not
        // know the property that called it, so the message then names the key instead of an assignment.
        let assignment =
            read?.propertyName(for: Key.self).map { "$0.\($0) = ..." }
            ?? (read?.typeKey == Key.self ? "$0[\(visible: Key.self).self] = ..." : nil)
        let reader = read?.site.map { "the @Dependency declared at \(visible: $0)" }
        let override =
            if let assignment {
                "Override it in the test (`withDependencies { \(assignment) }` or `.dependencies { \(assignment) }`)"
            } else {
                "Set the DependencyValues property that reads \(visible: Key.self) in the test (in `withDependencies` "
                    + "or the test's `.dependencies` trait)"
            }
        let message = """
            Ambient: \(visible: Key.self) has no testingValue, so this test read its defaultValue (the live \
            value)\(reader.map { " through \($0)" } ?? ""). \(override), or give \(visible: Key.self) a \
            `static var testingValue`; declare `static var testingValue: Value { defaultValue }` when the live \
            value is safe in tests.
            """
        guard read?.ambient.storage.override(for: ObjectIdentifier(Key.self)) != nil else { return message }
        let fix =
            assignment.map { ": `withDependencies { \($0) } operation: { MyObject() }`" }
            ?? ", in the operation of the withDependencies that overrides \(visible: Key.self)"
        return message + " " + """
            The current scope does override \(visible: Key.self), but \(reader ?? "the @Dependency that read it") \
            belongs to an object created outside that scope, and an object keeps the values it was created with. \
            Create the object inside the scope\(fix).
            """
    }
}
