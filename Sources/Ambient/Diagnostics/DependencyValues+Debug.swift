extension DependencyValues: CustomStringConvertible {
    /// The context and the overrides these values carry, sorted by key, for logs and debugging.
    ///
    /// ```swift
    /// print(values)   // DependencyValues(context: Testing, APIKey: StubAPI())
    /// ```
    public var description: String {
        let overrides = storage.allOverrides().all
            .map { "\($0.keyType): \($0.box.valueDescription)" }
            .sorted()
        return "DependencyValues(" + (["context: \(context)"] + overrides).joined(separator: ", ") + ")"
    }
}
