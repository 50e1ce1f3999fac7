import Ambient
import Combine
import Observation
import SwiftUI

protocol API: Sendable { func name() -> String }
struct LiveAPI: API { func name() -> String { "live" } }
struct DemoAPI: API { func name() -> String { "demo" } }

private enum APIKey: DependencyKey {
    static var defaultValue: any API { LiveAPI() }
    static var previewValue: any API { DemoAPI() }
}
extension DependencyValues {
    var api: any API {
        get { self[APIKey.self] }
        set { self[APIKey.self] = newValue }
    }
}

@MainActor final class AuthService: ObservableObject, Sendable {
    @Published var staysSignedIn = false
}
private enum AuthKey: MainActorDependencyKey {
    static var defaultValue: AuthService { AuthService() }
    static var testingValue: AuthService { AuthService() }
}
extension DependencyValues {
    @MainActor var auth: AuthService {
        get { self[AuthKey.self] }
        set { self[AuthKey.self] = newValue }
    }
}

@MainActor @Observable final class ProfileModel: ObservableDependency {
    var name = ""
    let api: any API
    @ObservationIgnored @Dependency(\.api) private var scopedAPI
    init(dependencies: DependencyValues) { api = dependencies.api }
    init(user: String, dependencies: DependencyValues) {
        name = user
        api = dependencies.api
    }
}

@MainActor final class SettingsViewModel: ObservableDependencyObject {
    @Published var sleepGoal: Double = 8
    @Published var isOn = false
    let api: any API
    init(dependencies: DependencyValues) { api = dependencies.api }
    init(user: String, dependencies: DependencyValues) { api = dependencies.api }
}

struct ProfileView: View {
    @DependencyState private var model: ProfileModel
    @Dependency(\.api) private var api
    @Environment(\.dependencyContext) private var context
    @Environment(\.dependencies) private var dependencies

    init() {}
    init(user: String) {
        _model = DependencyState { dependencies in ProfileModel(user: user, dependencies: dependencies) }
    }

    var body: some View {
        let binding: Binding<String> = $model.name
        _ = binding
        _ = api.name()
        _ = context == .preview
        return Text(model.name)
    }
}

struct SettingsView: View {
    @DependencyObject private var viewModel: SettingsViewModel
    @InjectedObject(\.auth) private var auth

    init() {}
    init(user: String) {
        _viewModel = DependencyObject { dependencies in SettingsViewModel(user: user, dependencies: dependencies) }
    }

    var body: some View {
        Toggle("On", isOn: $viewModel.isOn)
            .dependency(\.api, DemoAPI())
            .dependencies {
                $0.api = DemoAPI()
                $0.context = .preview
            }
    }
}

struct Badge: View {
    @InjectedObject(\.auth) private var auth
    @Dependency(\.auth) private var sameAuth  // a @MainActor property: Dependency's main-actor initializer
    var body: some View { Toggle("Stay", isOn: $auth.staysSignedIn) }
}

struct DemoApp: App {
    init() {}
    var body: some Scene {
        WindowGroup { ProfileView() }
            .dependency(\.api, DemoAPI())
            .dependencies { $0.context = .preview }
    }
}

/// A non-view type keeps working.
struct ReportBuilder: Sendable {
    @Dependency(\.api) private var api
    func build() -> String { api.name() }
}
actor Loader {
    @Dependency(\.api) private var api
}

/// A model that is not @Observable still compiles under @DependencyState (as with the original package).
@MainActor final class PlainModel: ObservableDependency {
    var isOn = false
    init(dependencies: DependencyValues) {}
}
struct PlainView: View {
    @DependencyState private var model: PlainModel
    var body: some View {
        Toggle("\(ObjectIdentifier(model))", isOn: $model.isOn)   // bindings without Observation, as the original has
    }
}
@MainActor func explicitTypes(_ wrapper: DependencyObject<SettingsViewModel>.Wrapper) -> Binding<Bool> { wrapper.isOn }

// The original SwiftUI Dependencies package's spellings, which code written against it uses.
extension DependencyState where Value == ProfileModel {
    @MainActor var userName: String { wrappedValue.name }
}
extension DependencyObject where ObjectType == SettingsViewModel {
    @MainActor var goal: Double { wrappedValue.sleepGoal }
}
@MainActor func originalSpellings(
    _ state: DependencyState<ProfileModel>.Wrapper,
    _ context: DependencyContext
) -> (Binding<String>, String) {
    let id: String = context.id
    return (state.name, id)
}
/// The original declares its projected-value wrappers `Sendable`; a main-actor struct is, implicitly.
func requiresSendable<T: Sendable>(_: T.Type) {}
func wrappersAreSendable() { requiresSendable(DependencyState<ProfileModel>.Wrapper.self) }
