/// Most user-facing texts of the core. Tests pin them: they are part of the API.
///
/// Texts built from state that only their own file holds live beside it: the report of a missing testing value in
/// `MissingTestingValue.swift`, the cycle and long-wait reports in `CreationWait.swift`, the refusals of an
/// environment variable in `ContextDetection.swift` and `CreationWait.swift`, and the stop for a main-actor
/// property read off the main actor in `MainActorIsolation.swift`.
///
/// Every name a message echoes (a key's or a type's, an endpoint's, a file's) is interpolated as `\(visible: name)`
/// (``VisibleText``), so that its control characters cannot forge a line of output or reach the terminal.
enum Messages {
    static let preparedTwice = """
        Ambient: prepareDependencies(_:) was called again and is ignored. Set every dependency in one call, once, \
        as early as possible at launch (for example in your App's init or at the top of main.swift).
        """

    static func lateRead(_ read: String, by key: any DependencyKey.Type) -> String {
        """
        Ambient: \(visible: key)'s default read \(read), which its first creation did not read, so values that \
        override \(read) (and nothing that the first creation read) share one instance of \(visible: key). To give \
        them their own, read \(read) on every creation of \(visible: key).
        """
    }

    static func chainOfCreations(_ key: any DependencyKey.Type) -> String {
        """
        Ambient: a task that a value of \(visible: key) started (in its initializer, or through a task that such a \
        task started) created \(visible: key) again, a second time in a row: each value was freed before its task \
        read \(visible: key), so each new value's task creates the next, for as long as the tasks run. In that task, \
        capture the value (`Task { [weak self] in ... }`) and use it instead of reading \(visible: key) again.
        """
    }

    static func preparedAfterRead(_ key: any DependencyKey.Type) -> String {
        """
        Ambient: prepareDependencies(_:) cannot set \(visible: key): its value was already read and may be held by \
        code that is running. Call prepareDependencies(_:) before anything reads \(visible: key).
        """
    }

    static let preparedContext = """
        Ambient: prepareDependencies(_:) cannot change the context of the process; it is ignored. Set the \
        AMBIENT_CONTEXT environment variable instead, or set `context` in a withDependencies scope.
        """

    /// The failure of the test that called `endpoint`; or with the `context` of a call that no test receives, the
    /// warning that says what is true there, where no test is running.
    static func unimplemented(_ endpoint: String, calledIn context: DependencyContext? = nil) -> String {
        switch context {
        case nil:
            return """
                Ambient: \(visible: endpoint) is unimplemented in tests, and this test called it. Override it for the \
                test, for example `withDependencies { $0.<client>.<endpoint> = { ... } }`, or in the test's \
                `.dependencies { }` trait.
                """
        case .testing:
            return """
                Ambient: \(visible: endpoint) is unimplemented in tests, and it was called in the testing context \
                where no test receives Ambient's failures (a process that does not link AmbientTesting, or a thread \
                that carries no test's values). Override it where it is called, for example \
                `withDependencies { $0.<client>.<endpoint> = { ... } }`.
                """
        case .preview:
            return """
                Ambient: \(visible: endpoint) is unimplemented in the preview values (a key's previewValue is its \
                testingValue unless it declares one), and it was called. Give the key a `static var previewValue` \
                that implements it, or override it where it is called, for example \
                `withDependencies { $0.<client>.<endpoint> = { ... } }`.
                """
        case .default:
            return """
                Ambient: \(visible: endpoint) is unimplemented, and it was called with the live values. A key's \
                defaultValue must implement every endpoint: replace `unimplemented("\(visible: endpoint)")` in it.
                """
        }
    }

    static func missingInitializer(_ type: any Any.Type) -> String {
        """
        Ambient: \(visible: type) does not implement init(dependencies:). Add `init(dependencies: DependencyValues)` \
        to \(visible: type), or build it yourself and pass the values on, for example \
        `DependencyState { dependencies in \(visible: type)(..., dependencies: dependencies) }`.
        """
    }

    static func readBeforeInstall(_ type: any Any.Type) -> String {
        """
        Ambient: a view read its \(visible: type) before SwiftUI installed the view, so it was built from the \
        dependencies of the current scope rather than those at the view's position. Read @DependencyObject and \
        @DependencyState properties in `body` (or later), not in the view's initializer.
        """
    }

    static func reentrantBuild(_ type: any Any.Type) -> String {
        """
        Ambient: building \(visible: type) for a view read the same view's \(visible: type), which is not built yet. \
        Do not read the view's @DependencyObject or @DependencyState from inside the object's initializer.
        """
    }
}
