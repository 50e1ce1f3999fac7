import Ambient
import XCTest

/// Installs AmbientTesting's per-test roots into the core and starts watching XCTest's tests.
///
/// Called once, by the C constructor in `AmbientTestingHook`, when the binary that links AmbientTesting is loaded.
/// Public only so that the linker keeps it for that constructor.
@_documentation(visibility: private)
@_cdecl("ambient_testing_install")
public func _ambientTestingInstall() {
    _TestHooks.install(ImplicitTestRoots.shared)
    XCTestObservationCenter.shared.addTestObserver(XCTestRootObserver())
}
