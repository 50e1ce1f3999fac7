import AmbientAtomics

/// The seam through which `AmbientTesting` gives each running test a root of its own, so that the core links no
/// test framework and finds the running test all the same.
///
/// `AmbientTesting` installs a provider when it is loaded (a C constructor in `AmbientTestingHook` calls it, so no
/// test has to). ``DependencyValues/current`` asks it only outside every scope — where the process's values would be
/// used — so code inside a scope, and every process that does not link `AmbientTesting`, pays one comparison.
package protocol _TestRootProvider: Sendable {
    /// The values of the running test's own root, made on first need; `nil` when no test is running here.
    func currentTestValues() -> DependencyValues?

    /// Told before a default of `key` is created in the process's root in the testing context: a read that carried
    /// no test's values reached it, in a test process.
    func processRootWillCreate(_ key: any DependencyKey.Type)
}

/// Where `AmbientTesting` installs its ``_TestRootProvider``.
package enum _TestHooks {
    /// Installs `provider`; the first call wins (it is made once, when `AmbientTesting` is loaded).
    package static func install(_ provider: any _TestRootProvider) {
        let bits = retainedBits(ProviderBox(provider))
        if !ambient_install_test_root_provider(bits) { unmanaged(bits, as: ProviderBox.self).release() }
    }

    /// The running test's values, if a provider is installed and a test is running. One load when none is.
    @inline(__always)
    static var currentTestValues: DependencyValues? {
        withProvider { $0.currentTestValues() } ?? nil
    }

    /// Tells the installed provider, if any, that a default of `key` is about to be created in the process's root.
    static func processRootWillCreate(_ key: any DependencyKey.Type) {
        withProvider { $0.processRootWillCreate(key) }
    }

    /// What `body` makes of the installed provider; `nil`, after one load, when none is installed.
    @inline(__always) @discardableResult
    private static func withProvider<R>(_ body: (any _TestRootProvider) -> R) -> R? {
        let bits = ambient_load_test_root_provider()
        guard bits != 0 else { return nil }
        // The box is retained forever once installed.
        return unmanaged(bits, as: ProviderBox.self)._withUnsafeGuaranteedRef { body($0.provider) }
    }
}

/// A provider, boxed so that it fits in one word.
final class ProviderBox: Sendable {
    let provider: any _TestRootProvider
    init(_ provider: any _TestRootProvider) { self.provider = provider }
}
