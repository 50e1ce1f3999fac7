// The `swift` snippets of the "SwiftUI and previews" article (Sources/Ambient/Ambient.docc), verbatim, type-checked by
// .ci/swiftui-typecheck against the stand-in SwiftUI and Combine modules; .ci/doc-snippets checks that each snippet is
// here. Below them, the declarations the snippets use without declaring (the API clients, the app's configuration).
// The `#Preview` snippets sit under `#if canImport(DeveloperToolsSupport)`: the macro exists only in Xcode, so here
// they are parsed, not type-checked, and their content is type-checked in `previewContent()` below.

import Ambient

protocol API: Sendable {
    func profile() async throws -> Profile
}

private enum APIKey: DependencyKey {
    static var defaultValue: any API { LiveAPI() }        // the app
    static var previewValue: any API { PreviewAPI() }     // SwiftUI previews
    static var testingValue: any API { TestAPI() }        // unit tests
}

nonisolated extension DependencyValues {
    var api: any API {
        get { self[APIKey.self] }
        set { self[APIKey.self] = newValue }
    }
}

import Ambient
import Observation
import SwiftUI

@MainActor @Observable
final class ProfileModel: ObservableDependency {
    var name = ""
    private(set) var isLoading = false
    private let api: any API

    init(dependencies: DependencyValues) {
        api = dependencies.api
    }

    func load() async {
        isLoading = true
        defer { isLoading = false }
        name = (try? await api.profile().name) ?? ""
    }
}

struct ProfileView: View {
    @DependencyState private var model: ProfileModel

    var body: some View {
        Form {
            TextField("Name", text: $model.name)   // $model hands out Bindings
        }
        .disabled(model.isLoading)
        .task { await model.load() }
    }
}

import Ambient
import Combine
import SwiftUI

@MainActor
final class SettingsViewModel: ObservableDependencyObject {
    @Published var sleepGoal: Double = 8
    private let api: any API

    init(dependencies: DependencyValues) {
        api = dependencies.api
    }
}

struct SettingsView: View {
    @DependencyObject private var viewModel: SettingsViewModel

    var body: some View {
        Slider(value: $viewModel.sleepGoal, in: 4...12)
    }
}

@MainActor @Observable
final class ConversationModel: ObservableDependency {
    let conversationID: String
    private let api: any API

    init(conversationID: String, dependencies: DependencyValues) {
        self.conversationID = conversationID
        api = dependencies.api
    }
}

struct ConversationView: View {
    @DependencyState private var model: ConversationModel

    init(conversationID: String) {
        _model = DependencyState { dependencies in
            ConversationModel(conversationID: conversationID, dependencies: dependencies)
        }
    }

    var body: some View {
        Text(model.conversationID)
    }
}

struct VersionFooter: View {
    @Dependency(\.api) private var api
    @Environment(\.dependencyContext) private var context

    var body: some View {
        Text(context == .preview ? "Demo data" : "Connected")
    }
}

struct RootView: View {
    var body: some View {
        TabView {
            ProfileView()                          // the live API
            ProfileView()
                .dependency(\.api, StagingAPI())   // this tab only
        }
    }
}

@main
struct SleepApp: App {
    init() {
        prepareDependencies { $0.api = LiveAPI(baseURL: Config.baseURL) }
    }

    var body: some Scene {
        WindowGroup { RootView() }
        WindowGroup("Demo", id: "demo") { RootView() }
            .dependencies { $0.context = .preview }
    }
}

struct AccountView: View {
    @State private var isDemo = false

    var body: some View {
        VStack {
            Toggle("Demo mode", isOn: $isDemo)
            ProfileView()
                .dependencies { $0.context = isDemo ? .preview : DependencyContext.current }
                .id(isDemo)   // a new identity builds a new model for the new values
        }
    }
}

@MainActor @Observable
final class FeedModel: ObservableDependency {
    private(set) var api: any API

    init(dependencies: DependencyValues) {
        api = dependencies.api
    }

    func use(_ api: any API) {
        self.api = api
    }
}

struct FeedView: View {
    let usesStaging: Bool   // the parent overrides \.api according to it
    @DependencyState private var model: FeedModel
    @Dependency(\.api) private var api

    var body: some View {
        Text("Feed")
            .onChange(of: usesStaging) { model.use(api) }
    }
}

@MainActor
final class AuthService: ObservableObject {
    @Published var staysSignedIn = false
}

private enum AuthKey: MainActorDependencyKey {
    static var defaultValue: AuthService { AuthService() }   // created on the main actor, on first read
    static var testingValue: AuthService { AuthService() }
}

extension DependencyValues {
    @MainActor var auth: AuthService {
        get { self[AuthKey.self] }
        set { self[AuthKey.self] = newValue }
    }
}

struct SignInOptions: View {
    @InjectedObject(\.auth) private var auth

    var body: some View {
        Toggle("Stay signed in", isOn: $auth.staysSignedIn)
    }
}

#if canImport(DeveloperToolsSupport)
#Preview("Preview data") {
    ProfileView()
}

#Preview("Failing network") {
    ProfileView()
        .dependency(\.api, FailingAPI())
}

#Preview("Live data") {
    ProfileView()
        .dependencies { $0.context = .default }
}

#Preview("Offline", traits: .dependency(\.api, FailingAPI())) {
    ProfileView()
}

#Preview("Live service", traits: .dependencies { $0.context = .default }) {
    ProfileView()
}
#endif

// The content of the previews above, type-checked here.
@MainActor func previewContent() -> some View {
    VStack {
        ProfileView()
        ProfileView()
            .dependency(\.api, FailingAPI())
        ProfileView()
            .dependencies { $0.context = .default }
    }
}

// The traits of the previews above, type-checked here.
@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
@MainActor func previewTraits() -> [PreviewTrait<Preview.ViewTraits>] {
    [.dependency(\.api, FailingAPI()), .dependencies { $0.context = .default }]
}

// The "Lifetimes and caching" article's signed-in session, in SwiftUI.
struct SignedInRoot: View {
    @State private var session = Session(user: "ada")

    var body: some View {
        VStack {
            InboxView()
                .dependency(\.session, session)
                .id(ObjectIdentifier(session))   // new views, and new models, for a new session
            Button("Sign out") { session = Session(user: nil) }
        }
    }
}

// What the snippets use without declaring it.

import Foundation

struct Profile: Sendable {
    var name: String
}

struct LiveAPI: API {
    var baseURL = URL(string: "https://api.example.com")!
    func profile() async throws -> Profile { Profile(name: "Live") }
}

struct PreviewAPI: API {
    func profile() async throws -> Profile { Profile(name: "Preview") }
}

struct TestAPI: API {
    func profile() async throws -> Profile { Profile(name: "Test") }
}

struct StagingAPI: API {
    func profile() async throws -> Profile { Profile(name: "Staging") }
}

struct FailingAPI: API {
    struct Failure: Error {}
    func profile() async throws -> Profile { throw Failure() }
}

enum Config {
    static let baseURL = URL(string: "https://api.example.com")!
}

// The "Lifetimes and caching" article declares these in a snippet of its own (compiled in DocSnippetsTests).
nonisolated final class Session: Sendable {
    let user: String?
    init(user: String?) { self.user = user }
}

private enum SessionKey: DependencyKey {
    static var defaultValue: Session { Session(user: nil) }
}

nonisolated extension DependencyValues {
    var session: Session {
        get { self[SessionKey.self] }
        set { self[SessionKey.self] = newValue }
    }
}

struct InboxView: View {
    var body: some View { Text("Inbox") }
}
