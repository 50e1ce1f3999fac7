import Ambient
import Foundation
import Testing
import XCTest

/// A root of testing values for every running test, with no trait and no base class: how a test that links
/// `AmbientTesting` is isolated, and strict, by default.
///
/// The core asks for the running test's values whenever code reads ``DependencyValues/current`` outside every
/// scope. The running test is found the way each framework exposes it:
///
/// - Swift Testing: `Test.current` and `Test.Case.current`, task-local, so the test's child tasks — and a `Task` it
///   leaves running — find its root, while `Task.detached` and Dispatch carry no test and fall back to the process's
///   values (which is reported, see ``processRootWillCreate(_:)``). Swift Testing has no public event for the end of
///   a test, so such a root lives until the process ends — use the `.dependencies` trait where a test's defaults hold
///   resources that must be freed with it.
/// - XCTest: the test method that an `XCTestObservation` observer saw start (XCTest runs one method at a time per
///   process) answers reads from every thread until it finishes; then its root goes. A ``DependencyTestCase`` hands
///   its own root over for its method, so those reads see its overrides.
///
/// Each root reports to a ``TestIssueReporter`` of its test: a key read without a testing value, or a call of an
/// `unimplemented` endpoint, fails the test that runs where it happens — the test of the task, or on another thread
/// the test whose values were re-entered there — and the test whose values made the report only where none runs.
final class ImplicitTestRoots: _TestRootProvider {
    static let shared = ImplicitTestRoots()

    /// The XCTest method that runs, with its reporter and, once made or handed over, its root.
    private struct XCTestMethod {
        var key: String
        var reporter: TestIssueReporter
        var values: DependencyValues?
    }

    /// A Swift Testing test case's root, with its reporter.
    private struct SwiftTestingRoot {
        var values: DependencyValues
        var reporter: TestIssueReporter
    }

    private struct State {
        var roots: [String: SwiftTestingRoot] = [:]
        var xcTest: XCTestMethod?
        var strayKeys: Set<ObjectIdentifier> = []
    }
    private let state = _Locked(State())
    /// Where a read that reached the process's root is reported; standard error, or a test's collector.
    private let writeStrayRead: @Sendable (String) -> Void

    init(writeStrayRead: @escaping @Sendable (String) -> Void = { ProcessEnvironment.writeToStandardError($0) }) {
        self.writeStrayRead = writeStrayRead
    }

    func currentTestValues() -> DependencyValues? {
        if let identity = Self.swiftTestingIdentity() {
            return swiftTestingRoot(identity).values
        }
        return state.withLock { state in
            guard var method = state.xcTest else { return nil }
            if let values = method.values { return values }
            let values = EndedTestsHeir.freshRoot(reporter: method.reporter)
            method.values = values
            state.xcTest = method
            return values
        }
    }

    /// The root of the Swift Testing test case `identity`, which runs on the current task: made on its first read,
    /// and at every later one its reporter's courier is made again here (see ``TestIssueReporter/refreshCourier()``).
    private func swiftTestingRoot(_ identity: String) -> SwiftTestingRoot {
        let (root, isNew) = state.withLock { state in
            if let root = state.roots[identity] { return (root, false) }
            // Made here, on the test's task: the reporter's courier inherits the test's task-local values.
            let reporter = TestIssueReporter(collects: false, usesCourier: true)
            let root = SwiftTestingRoot(
                values: EndedTestsHeir.freshRoot(reporter: reporter), reporter: reporter)
            state.roots[identity] = root
            return (root, true)
        }
        if !isNew { root.reporter.refreshCourier() }
        return root
    }

    /// The reporter of the test that runs here, if one does: the Swift Testing test of this task (its trait's or
    /// `withTestDependencies`' root, else its own implicit root), or on the main thread the XCTest method that runs.
    func reporterOfTheTestRunningHere() -> TestIssueReporter? {
        if let identity = Self.swiftTestingIdentity() {
            return TestRoot.reporter ?? swiftTestingRoot(identity).reporter
        }
        guard Thread.isMainThread else { return nil }
        return TestRoot.reporter ?? state.withLock { $0.xcTest?.reporter }
    }

    /// How many implicit roots are alive, for tests.
    var count: Int { state.withLock { $0.roots.count + ($0.xcTest?.values == nil ? 0 : 1) } }

    /// The running Swift Testing test case, as a key: the test's identity, and the case's arguments for a
    /// parameterized test.
    private static func swiftTestingIdentity() -> String? {
        guard let test = Test.current else { return nil }
        guard let testCase = Test.Case.current, testCase.isParameterized else { return "\(test.id)" }
        // NB: `Test.Case` has no public identity; its reflection shows its arguments, which tell cases apart.
        return "\(test.id) \(String(reflecting: testCase))"
    }

    /// XCTest: a test method starts; its failures from other threads are recorded by `reporter` when it ends.
    func xcTestCaseWillStart(_ name: String, reporter: TestIssueReporter) {
        state.withLock { $0.xcTest = XCTestMethod(key: "XCTest " + name, reporter: reporter) }
    }

    /// XCTest: a ``DependencyTestCase`` method runs in `root`, which answers every read made while it runs.
    func adopt(_ root: TestRoot, forXCTestCase name: String) {
        root.reporter.marksItsTasks()
        state.withLock { state in
            state.xcTest = XCTestMethod(key: "XCTest " + name, reporter: root.reporter, values: root.values)
        }
    }

    /// XCTest: a test method ended; its root goes.
    func xcTestCaseDidFinish(_ name: String) {
        state.withLock { state in
            if state.xcTest?.key == "XCTest " + name { state.xcTest = nil }
        }
    }

    /// A read that carried no test's values reached the process's root while tests run: said once per key, since it
    /// uses values that no test isolates or checks.
    func processRootWillCreate(_ key: any DependencyKey.Type) {
        guard DependencyContext.current == .testing,
            state.withLock({ $0.strayKeys.insert(ObjectIdentifier(key)).inserted })
        else { return }
        writeStrayRead(Self.strayRead(of: key))
    }

    /// The report of a read outside every test's values.
    static func strayRead(of key: any DependencyKey.Type) -> String {
        let name = VisibleText.of(key)
        return """
            Ambient: \(name) was read outside every test's dependency values, on a thread or task that carries none \
            (a Dispatch queue, a Thread, Task.detached, or work left running after its test ended), so it got the \
            process's values, which no test isolates or checks. Re-enter the test's values there: capture `let \
            values = DependencyValues.current` in the test and run the work in `withDependencies(values) { ... }`.\n
            """
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
        let reporter = TestIssueReporter(testName: testCase.name)
        // NB: failures kept from other threads are recorded in a teardown block, while the test still runs:
        // swift-corelibs-xctest stops the process when a failure is recorded after the test run stopped.
        testCase.addTeardownBlock { reporter.finish() }
        ImplicitTestRoots.shared.xcTestCaseWillStart(testCase.name, reporter: reporter)
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
