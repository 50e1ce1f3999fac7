import Ambient
import Testing

/// A repository per account.
private final class Repository: Sendable {
    let account: Int
    let source: String
    init(account: Int, source: String) {
        self.account = account
        self.source = source
    }
}

/// Live members only: a test that reads one fails, naming the key and the argument.
private enum LiveOnlyRepositoryKey: DependencyFamilyKey {
    static func defaultValue(for account: Int) -> Repository { Repository(account: account, source: "live") }
}

/// With testing members.
private enum RepositoryKey: DependencyFamilyKey {
    static func defaultValue(for account: Int) -> Repository { Repository(account: account, source: "live") }
    static func testingValue(for account: Int) -> Repository { Repository(account: account, source: "testing") }
}

@Suite struct DependencyFamilyStrictnessTests {
    @Test func familyWithoutTestingValueFailsTheTestNamingTheKeyAndTheArgument() {
        let failures = capturingFailures {
            #expect(DependencyValues.current[LiveOnlyRepositoryKey.self][42].source == "live")
        }
        #expect(
            failures.messages == [
                """
                Ambient: LiveOnlyRepositoryKey has no testingValue(for:), so this test created its member for 42 with \
                defaultValue(for:) (the live value). Override the member for 42 in the test, through the \
                DependencyValues property that reads LiveOnlyRepositoryKey (in `withDependencies` or the test's \
                `.dependencies` trait), or give LiveOnlyRepositoryKey a `static func testingValue(for:)`.
                """
            ])
    }

    @Test func familyWithTestingValueReportsNothing() {
        let failures = capturingFailures {
            #expect(DependencyValues.current[RepositoryKey.self][42].source == "testing")
        }
        #expect(failures.messages.isEmpty)
    }

    @Test func overriddenMemberIsNotReported() {
        let stub = Repository(account: 42, source: "stub")
        let failures = capturingFailures {
            withDependencies {
                $0[LiveOnlyRepositoryKey.self][42] = stub
            } operation: {
                #expect(DependencyValues.current[LiveOnlyRepositoryKey.self][42] === stub)
            }
        }
        #expect(failures.messages.isEmpty)
    }

    @Test func previewMembersAreTheTestingOnesElseTheLiveOnesUnreported() {
        let failures = capturingFailures {
            withDependencies {
                $0.context = .preview
            } operation: {
                #expect(DependencyValues.current[RepositoryKey.self][1].source == "testing")
                #expect(DependencyValues.current[LiveOnlyRepositoryKey.self][1].source == "live")
            }
        }
        #expect(failures.messages.isEmpty)
    }
}
