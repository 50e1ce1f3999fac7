import Foundation
import Testing

@testable import Ambient

/// A service isolated to the main actor, declared as a nonisolated module declares one.
@MainActor final class SignInService {
    let context: String
    static var instances = 0

    init(context: String) {
        self.context = context
        Self.instances += 1
    }
}

private enum SignInKey: MainActorDependencyKey {
    static var defaultValue: SignInService { SignInService(context: "live") }
    static var testingValue: SignInService { SignInService(context: "testing") }
}

private enum PreviewedSignInKey: MainActorDependencyKey {
    static var defaultValue: SignInService { SignInService(context: "live") }
    static var previewValue: SignInService { SignInService(context: "preview") }
    static var testingValue: SignInService { SignInService(context: "testing") }
}

extension DependencyValues {
    @MainActor var signIn: SignInService {
        get { self[SignInKey.self] }
        set { self[SignInKey.self] = newValue }
    }

    @MainActor var previewedSignIn: SignInService {
        get { self[PreviewedSignInKey.self] }
        set { self[PreviewedSignInKey.self] = newValue }
    }

    /// A property isolated to the main actor that reads a plain key, as an app target declares every property.
    @MainActor var mainActorGreeting: String {
        get { self[GreetingKey.self] }
        set { self[GreetingKey.self] = newValue }
    }
}

private enum GreetingKey: DependencyKey {
    static var defaultValue: String { "Hello" }
    static var testingValue: String { "Test hello" }
}

@MainActor private final class SignInModel {
    @Dependency(\.signIn) var signIn
    @Dependency(\.mainActorGreeting) var greeting
}

@MainActor private struct GreetingRow {
    @Dependency(\.mainActorGreeting) var greeting
}

/// Semantics: main-actor modules keep every rule, here in a nonisolated module: a `@MainActor` service is a
/// dependency, created on the main actor, with no `MainActor.assumeIsolated` in the key; a `@MainActor` property is
/// read by `@Dependency` in a main-actor owner.
@MainActor @Suite struct MainActorDependencyKeyTests {
    @Test(arguments: [
        (DependencyContext.default, "live", "live"),
        (.preview, "testing", "preview"),
        (.testing, "testing", "testing"),
    ])
    func eachContextGetsItsValue(context: DependencyContext, signIn: String, previewed: String) {
        withFreshRoot(context) {
            #expect(DependencyValues.current.signIn.context == signIn)
            #expect(DependencyValues.current.previewedSignIn.context == previewed)
        }
    }

    @Test func theValueIsCreatedOncePerRootAndShared() {
        withFreshRoot {
            let before = SignInService.instances
            let first = SignInModel()
            let second = SignInModel()
            #expect(first.signIn === second.signIn)
            #expect(first.signIn === DependencyValues.current.signIn)
            #expect(SignInService.instances == before + 1)
        }
        withFreshRoot {
            let before = SignInService.instances
            _ = SignInModel().signIn
            #expect(SignInService.instances == before + 1, "another root creates its own")
        }
    }

    @Test func anOverrideWinsAndIsRestoredOnExit() {
        withFreshRoot {
            let signedIn = SignInService(context: "signed in")
            let model = withDependencies {
                $0.signIn = signedIn
            } operation: {
                SignInModel()
            }
            #expect(model.signIn === signedIn)
            #expect(DependencyValues.current.signIn.context == "testing")
        }
    }

    @Test func aTaskOffTheMainActorReadsTheSameInstanceThroughTheMainActor() async {
        await withFreshRoot {
            let values = DependencyValues.current
            let fromTask = await Task.detached { await MainActor.run { values.signIn } }.value
            #expect(fromTask === values.signIn)
        }
    }

    @Test func aMainActorPropertyIsReadByAClassAndAStruct() {
        withFreshRoot {
            #expect(SignInModel().greeting == "Test hello")
            let row = withDependencies {
                $0.mainActorGreeting = "Hi"
            } operation: {
                GreetingRow()
            }
            #expect(row.greeting == "Hi")
        }
    }

    @Test func aMainActorPropertyIsWrappedOncePerKeyPath() {
        let first = MainActorProperty.sendableKeyPath(for: \DependencyValues.mainActorGreeting)
        let second = MainActorProperty.sendableKeyPath(for: \DependencyValues.mainActorGreeting)
        #expect(ObjectIdentifier(first) == ObjectIdentifier(second))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func aFirstReadOffTheMainActorThatSwift5AllowsStopsWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // NB: the key under which the @MainActor subscript reads, as code compiled with only a warning reaches it.
            _ = await Task.detached { DependencyValues.current[MainActorKey<SignInKey>.self] }.value
        }
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(
            text.contains(
                """
                Ambient: SignInKey is a MainActorDependencyKey, and its value was first asked for off the main actor, \
                where it cannot be created. Read it on the main actor (`await MainActor.run { ... }` in a task); the \
                Swift 6 language mode refuses such a read when it compiles it, the Swift 5 mode only warns.
                """
            )
        )
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func aWrapperSentOffTheMainActorStopsWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let dependency = await MainActor.run { Dependency(\DependencyValues.mainActorGreeting) }
            _ = await Task.detached { dependency.wrappedValue }.value
        }
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(
            text.contains(
                """
                Ambient: a @Dependency of a key path, a DependencyValues property isolated to the main actor, was \
                read off the main actor. Read it on the main actor (a @Dependency declared in a type isolated to the \
                main actor is read there), or declare the property nonisolated: \
                `nonisolated extension DependencyValues { ... }`.
                """
            )
        )
    }
}
