/// The error of a synchronous read of an ``AsyncDependency`` whose value is not ready yet.
///
/// ```swift
/// do {
///     let database = try DependencyValues.current.database.readyValue
/// } catch {
///     print(error)  // AsyncDependency<Database> is not ready: its creation is running. Await `value` first.
/// }
/// ```
public struct AsyncDependencyNotReadyError: Error, Equatable, CustomStringConvertible {
    /// The dependency's type, such as `"AsyncDependency<Database>"`.
    public var type: String
    /// Whether its creation was running when it was read; `false` when nothing has awaited it yet, or the last
    /// creation failed.
    public var isRunning: Bool

    /// Creates the error for `type`.
    ///
    /// - Parameters:
    ///   - type: The dependency's type, as the message should show it.
    ///   - isRunning: Whether its creation was running.
    public init(type: String, isRunning: Bool) {
        self.type = type
        self.isRunning = isRunning
    }

    /// What is wrong and what to do, in one line.
    public var description: String {
        let state =
            isRunning ? "its creation is running" : "nothing has awaited its value yet, or its last creation failed"
        return "\(type) is not ready: \(state). Await `value` first."
    }
}
