import Ambient
import AmbientTesting
import Testing

@testable import AppTargetFixture

/// Main-actor services in a target isolated to the main actor by default: created there, once per root, with no
/// `MainActor.assumeIsolated` in the app's code.
@Suite struct MainActorServiceTests {
    @Test func aServiceIsCreatedOnceAndShared() {
        let before = AuthService.instances
        let first = CheckoutModel()
        let second = CheckoutModel()
        #expect(first.auth === second.auth)
        #expect(!first.auth.isLive, "a test gets the testing value")
        #expect(AuthService.instances == before + 1)
    }

    @Test func theAppGetsTheLiveService() {
        let model = withDependencies {
            $0.context = .default
        } operation: {
            CheckoutModel()
        }
        #expect(model.auth.isLive)
    }

    @Test func anOverrideWins() {
        let signedIn = AuthService(isLive: false)
        signedIn.staysSignedIn = true
        let model = withDependencies {
            $0.auth = signedIn
        } operation: {
            CheckoutModel()
        }
        #expect(model.auth === signedIn)
    }

    @Test func aBackgroundTaskReadsTheSameInstanceOnTheMainActor() async {
        let model = CheckoutModel()
        let values = DependencyValues.current
        let fromTask = await Task.detached { await MainActor.run { values.auth } }.value
        #expect(fromTask === model.auth)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func anObservableStoreIsSharedAndKeepsItsState() {
        #expect(CartModel().cart === CartModel().cart)
        CartModel().cart.items.append("Tea")
        #expect(CartModel().cart.items == ["Tea"])
    }
}
