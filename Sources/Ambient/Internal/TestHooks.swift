/// The seam through which `AmbientTesting` gives each running test a root of its own, so that the core links no
/// test framework and finds the running test all the same.
///
/// `AmbientTesting` installs a provider when it is loaded (a C constructor in `AmbientTestingHook` calls it, so no
/// test has to). ``DependencyValues/current`` asks it only outside every scope — where the process's values would be
/// used — so code inside a scope, and every process that does not link `AmbientTesting`, pays one comparison.
@_documentation(visibility: private)
public protocol _TestRootProvider: Sendable {
    /// The values of the running test's own root, made on first need; `nil` when no test is running here.
    func currentTestValues() -> DependencyValues?
}

/// Where `AmbientTesting` installs its ``_TestRootProvider``.
@_documentation(visibility: private)
public enum _TestHooks {
    /// Installs `provider`; the first call wins (it is made once, when `AmbientTesting` is loaded).
    public static func install(_ provider: any _TestRootProvider) {
        _ = TestRootProviderSlot.shared.provider.storeIfNil(ProviderBox(provider))
    }
}

/// The installed provider, read with one atomic load.
final class TestRootProviderSlot: @unchecked Sendable {
    // Safe: `atomicWords` is only reached through atomic operations after `init` (see `AtomicWords`).

    /// Word 0: the ``ProviderBox``, retained. Must stay the first stored property.
    private var atomicWords = AtomicWords()
    var provider: LazyReference<ProviderBox> { LazyReference(0, of: self) }

    static let shared = TestRootProviderSlot()

    deinit { provider.releaseStored() }

    /// The running test's values, if a provider is installed and a test is running.
    @inline(__always)
    var currentTestValues: DependencyValues? {
        guard let box = provider.loadUnmanaged() else { return nil }
        return box._withUnsafeGuaranteedRef { $0.provider.currentTestValues() }
    }
}

/// A provider, boxed so that it fits in one word.
final class ProviderBox: Sendable {
    let provider: any _TestRootProvider
    init(_ provider: any _TestRootProvider) { self.provider = provider }
}
