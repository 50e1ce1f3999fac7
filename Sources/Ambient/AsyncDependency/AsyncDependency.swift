/// A dependency whose live value is made by an asynchronous, throwing function: a database that must be opened, a
/// configuration fetched at launch.
///
/// Declare the key's values as `AsyncDependency`: the live one with the function that makes the value, the testing
/// and preview ones, usually, with a value that is ready at once. A key's value is created once per root, like any
/// default, so the function runs once however many tasks await the value at the same time, and they all get the one
/// value it returns.
///
/// ```swift
/// private enum DatabaseKey: DependencyKey {
///     static var defaultValue: AsyncDependency<Database> { AsyncDependency { try await Database.open(at: path) } }
///     static var testingValue: AsyncDependency<Database> { .ready(Database.inMemory()) }
/// }
///
/// let database = try await DependencyValues.current.database.value
/// ```
///
/// - A failure is thrown to every task that awaits that run, and is not kept: the next await runs the function again.
/// - A task that is cancelled while it awaits throws `CancellationError` at once; the function keeps running for the
///   others, and its value is kept.
/// - ``readyValue`` reads the value without waiting, and throws ``AsyncDependencyNotReadyError`` until it is ready.
///
/// The function runs in the dependency values in which the `AsyncDependency` was created: for a key's default,
/// the values it was read from.
public final class AsyncDependency<Value: Sendable>: Sendable {
    /// Creates the value.
    private typealias Creation = @Sendable () async throws -> Value

    private let state: ConditionLock<State>

    private struct State {
        /// Creates the value, in the values the dependency was created in; dropped once it returned the value.
        var create: Creation?
        var ready: Value?
        /// The tasks that wait for the running creation, by waiter; `nil` while no creation runs.
        var waiters: [Int: CheckedContinuation<Value, any Error>]?
        var lastWaiter = 0
    }

    /// A value that `make` creates, on the first await of ``value``.
    ///
    /// ```swift
    /// AsyncDependency { try await RemoteConfig.fetch() }
    /// ```
    ///
    /// - Parameter make: Creates the value; it runs in the dependency values current here.
    public init(_ make: @escaping @Sendable () async throws -> Value) {
        let values = DependencyValues.current
        state = ConditionLock(State(create: { try await withDependencies(values, operation: make) }))
    }

    /// A value that is ready at once: a testing or preview value, or an override.
    ///
    /// ```swift
    /// withDependencies { $0.database = .ready(Database.inMemory()) } operation: { ... }
    /// ```
    ///
    /// - Parameter value: The value.
    /// - Returns: A dependency whose value is `value`, with nothing to create.
    public static func ready(_ value: Value) -> AsyncDependency {
        AsyncDependency(ready: value)
    }

    private init(ready: Value) {
        state = ConditionLock(State(ready: ready))
    }

    /// The value, once it is ready: the first await starts its creation, and every await until it ends waits for it.
    ///
    /// ```swift
    /// let database = try await DependencyValues.current.database.value
    /// ```
    ///
    /// - Throws: What the creation threw, to every task that awaited that run; `CancellationError` when the awaiting
    ///   task is cancelled first.
    public var value: Value {
        get async throws {
            if let ready = state.withLock({ $0.ready }) { return ready }
            let waiter = state.withLock { state in
                state.lastWaiter += 1
                return state.lastWaiter
            }
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    guard let create = wait(waiter, continuation) else { return }
                    Task {
                        do {
                            finish(.success(try await create()))
                        } catch {
                            finish(.failure(error))
                        }
                    }
                }
            } onCancel: {
                state.withLock { $0.waiters?.removeValue(forKey: waiter) }?.resume(throwing: CancellationError())
            }
        }
    }

    /// The value if it is ready, without waiting or starting its creation.
    ///
    /// Use it where code can't await, after something awaited ``value`` (the app's launch, a test's setup):
    ///
    /// ```swift
    /// let database = try DependencyValues.current.database.readyValue
    /// ```
    ///
    /// - Throws: ``AsyncDependencyNotReadyError`` while the value is not ready.
    public var readyValue: Value {
        get throws(AsyncDependencyNotReadyError) {
            let (ready, isRunning) = state.withLock { ($0.ready, $0.waiters != nil) }
            guard let ready else { throw AsyncDependencyNotReadyError(type: "\(Self.self)", isRunning: isRunning) }
            return ready
        }
    }

    /// Registers `continuation` as `waiter`, or resumes it at once; returns the creation to start, when this waiter is
    /// the first since the last one ended.
    private func wait(_ waiter: Int, _ continuation: CheckedContinuation<Value, any Error>) -> Creation? {
        state.withLock { state in
            if let ready = state.ready {
                continuation.resume(returning: ready)
                return nil
            }
            // NB: under the lock, as the cancellation handler takes it: a cancellation either comes first and is seen
            // here, or comes later and finds the continuation registered.
            if Task.isCancelled {
                continuation.resume(throwing: CancellationError())
                return nil
            }
            // NB: deferred, so that the first waiter registers in the table it makes for the creation it starts.
            defer { state.waiters?[waiter] = continuation }
            guard state.waiters == nil else { return nil }
            state.waiters = [:]
            return state.create
        }
    }

    /// Ends a creation: keeps its value, or forgets its error so that the next await runs it again; resumes every
    /// task that waited for it.
    private func finish(_ outcome: Result<Value, any Error>) {
        let waiting = state.withLock { state in
            if case .success(let value) = outcome {
                state.ready = value
                state.create = nil
            }
            defer { state.waiters = nil }
            return state.waiters ?? [:]
        }
        for continuation in waiting.values { continuation.resume(with: outcome) }
    }
}
