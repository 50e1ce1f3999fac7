import Ambient
import Testing

/// The service the article's example overrides.
nonisolated final class Service: Sendable, CustomStringConvertible {
    let name: String
    init(_ name: String) { self.name = name }
    var description: String { "Service(\(name))" }
}

private enum ServiceKey: DependencyKey {
    static var defaultValue: Service { Service("live") }
    static var testingValue: Service { Service("testing") }
}

nonisolated extension DependencyValues {
    var service: Service {
        get { self[ServiceKey.self] }
        set { self[ServiceKey.self] = newValue }
    }
}

/// The article's fragment, compiled but not run: a test prints nothing but its result. The test below checks what
/// it prints.
private func printTheExplanationOfAnOverride() {
    withDependencies {
        $0.service = Service("stub")
    } operation: {
        print(DependencyValues.current.explain(\.service)!)
    }
    // ServiceKey = Service(stub): overridden at AmbientTests/ProvenanceTests.swift:11, in this scope
}

@Test func explainingAnOverrideNamesTheScopeThatSetIt() throws {
    let line = #line + 1
    let text = withDependencies {
        $0.service = Service("stub")
    } operation: {
        DependencyValues.current.explain(\.service)?.description
    }
    #expect(
        text
            == "ServiceKey = Service(stub): overridden at DocSnippetsTests/FindingWhereAValueCameFromSnippets.swift:"
            + "\(line), in this scope")
}
