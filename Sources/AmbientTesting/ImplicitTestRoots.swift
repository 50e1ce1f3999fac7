import Ambient
import Foundation
import Testing
import XCTest

/// A root of testing values for every running test, with no trait and no base class: how a test that links
/// `AmbientTesting` is isolated by default.
///
/// The core asks for the running test's values whenever code reads ``DependencyValues/current`` outside every
/// scope. The running test is found the way each framework exposes it: Swift Testing's `Test.current` and
/// `Test.Case.current` (task-local, so child tasks agree and `Task.detached` and Dispatch fall back to the
/// process's values), and for XCTest the test case that an `XCTestObservation` observer saw start (XCTest runs one
/// test at a time per process). An XCTest test's root is dropped when the observer sees the test finish; Swift
/// Testing has no public event for the end of a test, so a Swift Testing test's implicit root lives until the
/// process ends — use the `.dependencies` trait where a test's defaults hold resources that must be freed with it.
///
/// Implicit roots only isolate; strict reporting (a failure for a key without a testing value) comes with the
/// `.dependencies` trait, ``DependencyTestCase`` and ``withTestDependencies(_:operation:fileID:line:)``.
final class ImplicitTestRoots: _TestRootProvider {
    static let shared = ImplicitTestRoots()

    private struct State {
        var roots: [String: DependencyValues] = [:]
        var xcTestCase: String?
    }
    private let state = _Locked(State())

    func currentTestValues() -> DependencyValues? {
        guard let identity = Self.swiftTestingIdentity() ?? state.withLock({ $0.xcTestCase }) else { return nil }
        return state.withLock { state in
            if let values = state.roots[identity] { return values }
            let values = DependencyValues._freshRoot(context: .testing)
            state.roots[identity] = values
            return values
        }
    }

    /// How many implicit roots are alive, for tests.
    var count: Int { state.withLock { $0.roots.count } }

    /// The running Swift Testing test case, as a key: the test's identity, and the case's arguments for a
    /// parameterized test.
    private static func swiftTestingIdentity() -> String? {
        guard let test = Test.current else { return nil }
        guard let testCase = Test.Case.current, testCase.isParameterized else { return "\(test.id)" }
        // NB: `Test.Case` has no public identity; its reflection shows its arguments, which tell cases apart.
        return "\(test.id) \(String(reflecting: testCase))"
    }

    /// XCTest: a test method starts.
    func xcTestCaseWillStart(_ name: String) {
        state.withLock { $0.xcTestCase = "XCTest " + name }
    }

    /// XCTest: a test method ended; its root goes.
    func xcTestCaseDidFinish(_ name: String) {
        let key = "XCTest " + name
        state.withLock { state in
            if state.xcTestCase == key { state.xcTestCase = nil }
            state.roots[key] = nil
        }
    }
}

/// Tells ``ImplicitTestRoots`` which XCTest test method is running, and keeps it for failures reported from
/// other threads.
final class XCTestRootObserver: NSObject, XCTestObservation {
    // NB: `XCTestCase` is not `Sendable`; the running one is only handed to XCTest's own `record` calls.
    private static let current = _Locked<XCTestCaseBox?>(nil)

    /// The XCTest test method that is running, if any.
    static var running: XCTestCase? { current.withLock { $0?.testCase } }

    func testCaseWillStart(_ testCase: XCTestCase) {
        Self.current.withLock { $0 = XCTestCaseBox(testCase: testCase) }
        ImplicitTestRoots.shared.xcTestCaseWillStart(testCase.name)
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        Self.current.withLock { $0 = nil }
        ImplicitTestRoots.shared.xcTestCaseDidFinish(testCase.name)
    }
}

/// The running XCTest test case, held across threads.
struct XCTestCaseBox: @unchecked Sendable {
    // Safe: the test case is only passed to XCTest's failure-recording methods, which XCTest itself calls from any
    // thread (an assertion on a Dispatch queue records into the running test).
    let testCase: XCTestCase
}
