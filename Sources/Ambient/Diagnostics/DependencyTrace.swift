/// A trace on standard error: one line for each default created and each scope entered, with its location.
///
/// Use it when you cannot tell which scope a piece of code runs in, or when a default is created earlier or more
/// often than you expect. Start the process with `AMBIENT_TRACE=1`, or call ``start()`` at launch. Tracing is off
/// by default and then costs one load per scope entered.
///
/// ```swift
/// DependencyTrace.start()
/// // ambient: entered scope at App/Server.swift:40 (overrides RequestIDKey)
/// // ambient: created DatabaseKey (default of the default context, process root)
/// ```
///
/// A creation names the `@Dependency` whose read made it when that read was in the testing or preview context.
public enum DependencyTrace {
    /// Whether trace lines go to standard error: set by `AMBIENT_TRACE=1`, ``start()`` and ``stop()``.
    ///
    /// ```swift
    /// if !DependencyTrace.isRunning { DependencyTrace.start() }
    /// ```
    public static var isRunning: Bool { TraceSwitch.shared.toStandardError }

    /// Starts writing trace lines to standard error, for the whole process.
    ///
    /// ```swift
    /// @main struct App { static func main() { DependencyTrace.start(); run() } }
    /// ```
    public static func start() {
        TraceSwitch.shared.toStandardError = true
    }

    /// Stops writing trace lines.
    ///
    /// ```swift
    /// DependencyTrace.stop()
    /// ```
    public static func stop() {
        TraceSwitch.shared.toStandardError = false
    }
}
