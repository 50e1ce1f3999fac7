import Testing

@testable import Ambient

/// Semantics: overrides reach derived defaults, and freeing never splits an instance, for a scope made inside the
/// values that a value keeps (`withDependencies(session.values) { … }`): such a scope holds its root weakly, so it
/// can outlive the root, and the instances built for it stay its own. Serialized: the tests count creations of
/// shared keys.
@Suite(.serialized) struct KeptValuesScopeTests {
    enum ThemeKey: DependencyKey {
        static var defaultValue: Int { 0 }
        static var testingValue: Int { 0 }
    }

    /// A signed-in session: its creation reads the user's profile, and it keeps the values it was created from.
    final class Session: Sendable {
        static let creations = ConditionLock(0)
        let profile: Profile
        let values: DependencyValues
        init() {
            Session.creations.withLock { $0 += 1 }
            profile = DependencyValues.current[ProfileKey.self]
            values = DependencyValues.current
        }
    }

    enum SessionKey: DependencyKey {
        static var defaultValue: Session { Session() }
        static var testingValue: Session { Session() }
    }

    /// The user's profile, which refreshes through the session later.
    struct Profile: Sendable {
        @Dependency(SessionKey.self) var session
    }

    enum ProfileKey: DependencyKey {
        static var defaultValue: Profile { Profile() }
        static var testingValue: Profile { Profile() }
    }

    /// A screen that reads the session while it is created and follows the theme.
    final class Screen: DependencyOwner, @unchecked Sendable {
        // Safe: the stored properties are set in `init` and only read afterwards.
        @Dependency(ThemeKey.self) var theme
        let session: ObjectIdentifier
        override init() {
            session = ObjectIdentifier(DependencyValues.current[SessionKey.self])
            super.init()
        }
    }

    enum ScreenKey: DependencyKey {
        static var defaultValue: Screen { Screen() }
        static var testingValue: Screen { Screen() }
    }

    /// An account that follows the theme and keeps the values it was created from; its creations are counted.
    final class Account: @unchecked Sendable {
        // Safe: the stored properties are set in `init` and only read afterwards.
        static let creations = ConditionLock(0)
        @Dependency(ThemeKey.self) var theme
        let values = DependencyValues.current
        init() { Account.creations.withLock { $0 += 1 } }
    }

    enum AccountKey: DependencyKey {
        static var defaultValue: Account { Account() }
        static var testingValue: Account { Account() }
    }

    /// A screen created in a themed scope inside the session's values builds a session and a profile of that scope.
    /// Once the root ends, while the scope lives, the scope's profile still refreshes through the scope's session.
    /// It once got the root's session: the root, ending first, handed its session to the scope's profile, which
    /// named the key, though the scope's overrides decide which session the profile reads (reference model seed 377).
    ///
    /// Open: the profile's first read of its session then creates a session (and a profile) in the root's heir, which
    /// does not know the key, before it finds the scope's: a value's values look for a linked scope's instance by the
    /// reads the root they read in knows. The root's heir is the test's own, so that this creation is no read outside
    /// the test.
    @Test func profileOfAScopeInsideASessionsValuesKeepsTheScopesSessionWhenTheRootEndsFirst() {
        var themed: DependencyValues?
        var screenSession: ObjectIdentifier?
        var rootSession: ObjectIdentifier?
        // NB: the root made here, not kept in a variable: it must end when the block does.
        withDependencies(
            DependencyValues._freshRoot(context: .testing, heir: DependencyValues._freshRoot(context: .testing))
        ) {
            let session = DependencyValues.current[SessionKey.self]
            rootSession = ObjectIdentifier(session)
            withDependencies(session.values) {
                withDependencies {
                    $0[ThemeKey.self] = 1
                } operation: {
                    screenSession = DependencyValues.current[ScreenKey.self].session
                    themed = DependencyValues.current
                }
            }
        }
        let profile = withDependencies(themed!) { DependencyValues.current[ProfileKey.self] }
        let sessions = Session.creations.withLock { $0 }
        #expect(ObjectIdentifier(profile.session) == screenSession)
        #expect(ObjectIdentifier(profile.session) != rootSession)
        withKnownIssue("a read through a value's values once the root ended creates in the heir first; open") {
            #expect(Session.creations.withLock { $0 } == sessions)
        }
    }

    /// An account read in a themed scope inside an account's values is that scope's, and is found again once the root
    /// ended, without a creation. A read there once created an account in the root's heir, which did not know the key
    /// yet, before it found the scope's (reference model seeds 31 and 105).
    @Test func scopeInsideAnAccountsValuesFindsItsOwnAccountAfterTheRootEndedWithoutCreatingOne() {
        let (themed, scoped) = withFreshRoot {
            withDependencies(DependencyValues.current[AccountKey.self].values) {
                withDependencies {
                    $0[ThemeKey.self] = 1
                } operation: {
                    (DependencyValues.current, DependencyValues.current[AccountKey.self])
                }
            }
        }
        let creations = Account.creations.withLock { $0 }
        let again = withDependencies(themed) { DependencyValues.current[AccountKey.self] }
        #expect(again === scoped)
        #expect(Account.creations.withLock { $0 } == creations)
    }
}
