import Ambient
import Testing

nonisolated struct Inbox: Sendable {
    var messages: @Sendable () async throws -> [String]

    static func fixed(_ messages: [String]) -> Inbox { Inbox { messages } }
}

private enum InboxKey: DependencyKey {
    static var defaultValue: Inbox { Inbox { try await MailServer.messages() } }
    static var testingValue: Inbox { .fixed([]) }
}

nonisolated extension DependencyValues {
    var inbox: Inbox {
        get { self[InboxKey.self] }
        set { self[InboxKey.self] = newValue }
    }
}

enum Launch {
    /// Called first thing in the app's `init()`.
    static func prepare(scenario: String? = LaunchScenario.name()) {
        prepareDependencies(
            scenarios: [
                "emptyInbox": { $0.inbox = .fixed([]) },
                "fullInbox": { $0.inbox = .fixed(["Welcome", "Your order has shipped"]) },
            ],
            named: scenario)
    }
}

@Test func launchOnTheFullInboxScenarioShowsItsMessages() async throws {
    Launch.prepare(scenario: "fullInbox")
    #expect(try await DependencyValues.current.inbox.messages() == ["Welcome", "Your order has shipped"])
}

/// The live mail server the article's inbox names.
nonisolated enum MailServer {
    static func messages() async throws -> [String] { ["From the server"] }
}
