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
    /// The profile's first read of its session once created a session (and a profile) in the root's heir, which did
    /// not know the key, before it found the scope's. The root's heir is the test's own, so that such a creation is no
    /// read outside the test.
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
        #expect(Session.creations.withLock { $0 } == sessions)
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

    /// A dashboard: it follows the feed, which no one read before it, and keeps the values it was created from.
    final class Dashboard: @unchecked Sendable {
        // Safe: the stored properties are set in `init` and only read afterwards.
        @Dependency(FeedKey.self) var feed
        let values = DependencyValues.current
    }

    enum DashboardKey: DependencyKey {
        static var defaultValue: Dashboard { Dashboard() }
        static var testingValue: Dashboard { Dashboard() }
    }

    final class Feed: Sendable {}

    enum FeedKey: DependencyKey {
        static var defaultValue: Feed { Feed() }
        static var testingValue: Feed { Feed() }
    }

    /// A themed scope inside a dashboard's values has a dashboard of its own: the first dashboard named a feed no one
    /// had read, which any override may decide. Once the root ended, a scope inside the themed one that sets the feed
    /// reads a dashboard, and the root's heir learns that a dashboard reads the feed alone. The themed scope still
    /// answers with the dashboard it handed out; it once got a new one from the heir (reference model seed 42588).
    @Test func scopeInsideADashboardsValuesKeepsItsDashboardWhateverTheHeirLearnsOfItsReads() {
        var themed: DependencyValues?
        var themedDashboard: ObjectIdentifier?
        // NB: the root made here, not kept in a variable: it must end when the block does.
        withDependencies(
            DependencyValues._freshRoot(context: .testing, heir: DependencyValues._freshRoot(context: .testing))
        ) {
            withDependencies(DependencyValues.current[DashboardKey.self].values) {
                withDependencies {
                    $0[ThemeKey.self] = 1
                } operation: {
                    themed = DependencyValues.current
                    themedDashboard = ObjectIdentifier(DependencyValues.current[DashboardKey.self])
                }
            }
        }
        let ownFeed = withDependencies(themed!) {
            withDependencies {
                $0[FeedKey.self] = Feed()
            } operation: {
                ObjectIdentifier(DependencyValues.current[DashboardKey.self])
            }
        }
        let again = withDependencies(themed!) { ObjectIdentifier(DependencyValues.current[DashboardKey.self]) }
        #expect(ownFeed != themedDashboard)
        #expect(again == themedDashboard)
    }

    /// The currency, read in the root before anything else.
    struct Currency: Sendable {}

    enum CurrencyKey: DependencyKey {
        static var defaultValue: Currency { Currency() }
        static var testingValue: Currency { Currency() }
    }

    /// A ledger in a currency.
    final class Ledger: @unchecked Sendable {
        // Safe: the stored property is set in `init` and only read afterwards.
        @Dependency(CurrencyKey.self) var currency
    }

    enum LedgerKey: DependencyKey {
        static var defaultValue: Ledger { Ledger() }
        static var testingValue: Ledger { Ledger() }
    }

    /// A wallet: it reads the ledger while it is created and keeps the values it was created from.
    final class Wallet: Sendable {
        let ledger = DependencyValues.current[LedgerKey.self]
        let values = DependencyValues.current
    }

    enum WalletKey: DependencyKey {
        static var defaultValue: Wallet { Wallet() }
        static var testingValue: Wallet { Wallet() }
    }

    /// A statement of the wallet, in the currency; neither was read before it.
    struct Statement: Sendable {
        @Dependency(CurrencyKey.self) var currency
        @Dependency(WalletKey.self) var wallet
    }

    enum StatementKey: DependencyKey {
        static var defaultValue: Statement { Statement() }
        static var testingValue: Statement { Statement() }
    }

    /// Once the root ended, a themed scope inside a wallet's values reads the ledger as those values do: the root's,
    /// which the wallet read. So does the wallet of a statement created there, which the root's heir builds: its
    /// ledger is the one a read in the scope returns, before or after. Such a wallet once built a ledger of its own,
    /// which the heir placed in the themed scope (it did not know the currency, so any override could decide the
    /// ledger); the scope then answered with one ledger, the statement's wallet with another (reference model seed
    /// 48176).
    @Test(arguments: [false, true])
    func walletCreatedInAScopeInsideAWalletsValuesAfterTheRootEndedSharesTheScopesLedger(readingTheLedgerFirst: Bool) {
        var themed: DependencyValues?
        var rootLedger: ObjectIdentifier?
        // NB: the root made here, not kept in a variable: it must end when the block does.
        withDependencies(
            DependencyValues._freshRoot(context: .testing, heir: DependencyValues._freshRoot(context: .testing))
        ) {
            _ = DependencyValues.current[CurrencyKey.self]
            let wallet = DependencyValues.current[WalletKey.self]
            rootLedger = ObjectIdentifier(wallet.ledger)
            withDependencies(wallet.values) {
                withDependencies {
                    $0[ThemeKey.self] = 1
                } operation: {
                    themed = DependencyValues.current
                }
            }
        }
        withDependencies(themed!) {
            let first = readingTheLedgerFirst ? ObjectIdentifier(DependencyValues.current[LedgerKey.self]) : nil
            let statementsLedger = ObjectIdentifier(DependencyValues.current[StatementKey.self].wallet.ledger)
            let ledger = ObjectIdentifier(DependencyValues.current[LedgerKey.self])
            #expect(statementsLedger == ledger)
            #expect(ledger == rootLedger)
            #expect(first ?? ledger == ledger)
        }
    }
}
