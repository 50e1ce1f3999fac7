import Foundation
import Observation
import Testing

@testable import Ambient

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor @Observable final class CounterModel: ObservableDependency {
    var count = 0
    let service: Service
    @ObservationIgnored @Dependency(\.service) var serviceProperty

    init(dependencies: DependencyValues) {
        service = dependencies.service
    }

    func increment() { count += 1 }
}

/// A model meant to be built with a custom closure only.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor final class CustomOnlyModel: DependencyInjectable {
    let title: String
    init(title: String) { self.title = title }
}

@Suite struct DependencyInjectableTests {
    @MainActor @Test func observableDependencyIsBuiltFromValuesAndObservable() {
        let stub = Service("stub")
        let model = withFreshRoot {
            withDependencies {
                $0.service = stub
            } operation: {
                CounterModel(dependencies: DependencyValues.current)
            }
        }
        #expect(model.service === stub)
        #expect(model.serviceProperty === stub)
        let changed = ConditionLock(false)
        withObservationTracking {
            _ = model.count
        } onChange: {
            changed.withLock { $0 = true }
        }
        model.increment()
        #expect(changed.withLock { $0 })
    }

    @MainActor @Test func missingInitializerStopsWithTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                _ = CustomOnlyModel(dependencies: DependencyValues())
            }
        }
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(
            text.contains(
                """
                Ambient: CustomOnlyModel does not implement init(dependencies:). Add `init(dependencies: \
                DependencyValues)` to CustomOnlyModel, or build it yourself and pass the values on, for example \
                `DependencyState { dependencies in CustomOnlyModel(..., dependencies: dependencies) }`.
                """
            )
        )
    }
}
