import Ambient
import Testing

@Test func aStoreKeepsItsStateInTheRoot() {
    let item = "Milk"
    DependencyValues.current.cart.add(item)
    // ... anywhere else in the same root:
    let items = DependencyValues.current.cart.items  // contains item
    #expect(items == [item])
}

private struct AnalyticsKey: DependencyKey {
    static var defaultValue: Analytics { Analytics(api: DependencyValues.current.api) }
    static var testingValue: Analytics { defaultValue }  // built from the test's API client
}

nonisolated extension DependencyValues {
    var analytics: Analytics {
        get { self[AnalyticsKey.self] }
        set { self[AnalyticsKey.self] = newValue }
    }
}

@Test func anOverrideRebuildsWhatWasBuiltFromIt() {
    let scoped = withDependencies {
        $0.api = StubAPI()
    } operation: {
        DependencyValues.current.analytics.api  // StubAPI: built again, once, for this scope
    }
    let root = DependencyValues.current.analytics.api  // the root's API client
    #expect(scoped.source == "StubAPI")
    #expect(root.source == "TestAPI")
}

nonisolated final class Session: Sendable {
    let user: String?
    init(user: String?) { self.user = user }
}

nonisolated final class Drafts: Sendable {
    let session: Session
    init(session: Session) { self.session = session }
}

private enum SessionKey: DependencyKey {
    static var defaultValue: Session { Session(user: nil) }  // signed out
    static var testingValue: Session { defaultValue }
}

private enum DraftsKey: DependencyKey {
    static var defaultValue: Drafts { Drafts(session: DependencyValues.current.session) }
    static var testingValue: Drafts { defaultValue }  // built from the test's session
}

nonisolated extension DependencyValues {
    var session: Session {
        get { self[SessionKey.self] }
        set { self[SessionKey.self] = newValue }
    }
    var drafts: Drafts { self[DraftsKey.self] }
}

@Test func signingOutRebuildsWhatWasBuiltFromTheSession() {
    let signedIn = withDependencies {
        $0.session = Session(user: "ada")
    } operation: {
        DependencyValues.current
    }
    let signedOut = withDependencies {
        $0.session = Session(user: nil)
    } operation: {
        DependencyValues.current
    }
    #expect(signedIn.drafts.session.user == "ada")
    #expect(signedOut.drafts.session.user == nil)
}
