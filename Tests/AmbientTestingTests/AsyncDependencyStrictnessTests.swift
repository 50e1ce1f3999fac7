import Ambient
import Testing

/// A remote configuration fetched at launch.
private struct RemoteConfig: Sendable, Equatable {
    var flags: [String]
}

/// A live value only: a test that reads it is failed before it fetches anything.
private enum LiveOnlyConfigKey: DependencyKey {
    static var defaultValue: AsyncDependency<RemoteConfig> { AsyncDependency { RemoteConfig(flags: ["live"]) } }
}

/// With a synchronous testing value, ready at once.
private enum ConfigKey: DependencyKey {
    static var defaultValue: AsyncDependency<RemoteConfig> { AsyncDependency { RemoteConfig(flags: ["live"]) } }
    static var testingValue: AsyncDependency<RemoteConfig> { .ready(RemoteConfig(flags: ["testing"])) }
}

@Suite struct AsyncDependencyStrictnessTests {
    @Test func asyncDependencyWithoutTestingValueFailsTheTestThatReadsIt() async {
        let failures = await capturingFailures {
            _ = try? await DependencyValues.current[LiveOnlyConfigKey.self].value
        }
        #expect(failures.messages.count == 1)
        #expect(
            failures.messages.first?.hasPrefix(
                "Ambient: LiveOnlyConfigKey has no testingValue, so this test read its defaultValue (the live value).")
                == true)
    }

    @Test func synchronousTestingValueIsReadyAndReportsNothing() async throws {
        let failures = try await capturingFailures {
            let config = DependencyValues.current[ConfigKey.self]
            let ready = try config.readyValue
            let awaited = try await config.value
            #expect(ready == RemoteConfig(flags: ["testing"]) && awaited == ready)
        }
        #expect(failures.messages.isEmpty)
    }
}
