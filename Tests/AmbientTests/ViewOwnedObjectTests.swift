import Testing

@testable import Ambient

@Suite struct ViewOwnedObjectTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func objectIsBuiltExactlyOnceAcrossManyUpdates() {
        let builds = Counter()
        let storage = countingStorage(builds)
        let first = storage.install(values(withService: "first"))
        for update in 1...100 {
            #expect(storage.install(values(withService: "update \(update)")) === first)
        }
        #expect(builds.value == 1)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func objectKeepsTheValuesOfTheFirstUpdate() {
        let storage = countingStorage(Counter())
        #expect(storage.builtObject == nil)
        storage.install(values(withService: "first"))
        storage.install(values(withService: "later"))
        #expect(storage.builtObject?.service.name == "first")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test @MainActor func objectIsBuiltInsideTheScopeOfItsValues() {
        let storage = ViewOwnedObject<ProfileModel>()
        let model = withFreshRoot { storage.install(values(withService: "override")) }
        #expect(model.service.name == "override")
        #expect(model.scopedService.name == "override", "its own @Dependency agrees with init(dependencies:)")
        #expect(model.scopedService === model.service)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test @MainActor func defaultStorageUsesTheTypesInitializer() {
        let before = ProfileModel.initializations.value
        ViewOwnedObject<ProfileModel>().install(values(withService: "any"))
        #expect(ProfileModel.initializations.value == before + 1)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test @MainActor func customBuilderIsUsedAndTheDefaultInitializerNeverCalled() {
        // `GreetingModel` has no `init(dependencies:)`: reaching the default one would stop the test process.
        let storage = ViewOwnedObject { dependencies in GreetingModel(greeting: "Hi", dependencies: dependencies) }
        let model = storage.install(values(withService: "custom"))
        #expect(model.greeting == "Hi")
        #expect(model.service.name == "custom")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test @MainActor func customBuilderOfAnInjectableTypeBypassesItsInitializer() {
        let before = ProfileModel.initializations.value
        let storage = ViewOwnedObject { _ in ProfileModel(dependencies: values(withService: "custom")) }
        #expect(ProfileModel.initializations.value == before, "nothing built before the first update")
        #expect(storage.install(values(withService: "ignored")).service.name == "custom")
        #expect(ProfileModel.initializations.value == before + 1, "built once, by the custom builder")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func differentOwnersGetDifferentObjects() {
        let builds = Counter()
        let shared = values(withService: "shared")
        let first = countingStorage(builds).install(shared)
        let second = countingStorage(builds).install(shared)
        #expect(first !== second)
        #expect(builds.value == 2)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func objectAndSubscriptionAreReleasedWithTheirOwner() {
        weak var object: Built?
        weak var subscription: Subscription?
        do {
            // What a view keeps per identity: the storage, and the relay that follows its object.
            let storage = countingStorage(Counter())
            let relay = ObservedDependency<Built>()
            object = storage.install(values(withService: "owned"))
            relay.follow(storage.install(values(withService: "owned"))) { _ in
                let made = Subscription(counting: Counter())
                subscription = made
                return made
            }
            #expect(object != nil)
            #expect(subscription != nil)
        }
        #expect(object == nil)
        #expect(subscription == nil)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func repeatedInstallsGiveOneObjectSoTheViewSubscribesOnce() {
        let subscriptions = Counter()
        let relay = ObservedDependency<Built>()
        let storage = countingStorage(Counter())
        for _ in 1...5 {
            relay.follow(storage.install(values(withService: "observed"))) { _ in
                Subscription(counting: subscriptions)
            }
        }
        #expect(subscriptions.value == 1)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func readBeforeInstallIsReportedOnceAndBuildsNoThrowawayObject() {
        let builds = Counter()
        let storage = countingStorage(builds)
        let log = collectingReports {
            withFreshRoot {
                withDependencies {
                    $0.service = Service("scope")
                } operation: {
                    let early = storage.object
                    #expect(storage.object === early)
                    #expect(early.service.name == "scope")
                    #expect(storage.install(values(withService: "view")) === early, "the view keeps that object")
                }
            }
        }
        #expect(builds.value == 1)
        #expect(log.kinds == [.misuse])
        #expect(
            log.messages == [
                """
                Ambient: a view read its Built before SwiftUI installed the view, so it was built from the \
                dependencies of the current scope rather than those at the view's position. Read @DependencyObject \
                and @DependencyState properties in `body` (or later), not in the view's initializer.
                """
            ]
        )
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func concurrentFirstUpdatesBuildOneObject() async {
        for round in 1...20 {
            let builds = Counter()
            let storage = countingStorage(builds)
            let serials = await withTaskGroup(of: Int.self) { group in
                for task in 1...16 {
                    group.addTask { storage.install(values(withService: "round \(round) task \(task)")).serial }
                }
                return await group.reduce(into: Set<Int>()) { $0.insert($1) }
            }
            #expect(builds.value == 1)
            #expect(serials == [1])
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func objectThatReadsItsOwnViewWhileBuiltStopsWithAMessage() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Owner: @unchecked Sendable {
                var storage: ViewOwnedObject<Built>?
            }
            let owner = Owner()
            owner.storage = ViewOwnedObject { _ in owner.storage!.object }
            owner.storage!.install(DependencyValues())
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                text.contains(
                    """
                    Ambient: building Built for a view read the same view's Built, which is not built yet. Do not \
                    read the view's @DependencyObject or @DependencyState from inside the object's initializer.
                    """
                )
            )
        }
    }
}

@Suite struct ObservedDependencyTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func sameInstanceIsSubscribedOnce() {
        let subscriptions = Counter()
        let target = ObservedDependency<Service>()
        let service = Service("auth")
        target.follow(service) { _ in Subscription(counting: subscriptions) }
        target.follow(service) { _ in Subscription(counting: subscriptions) }
        #expect(subscriptions.value == 1)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func anotherInstanceReplacesTheSubscription() {
        let subscriptions = Counter()
        let target = ObservedDependency<Service>()
        weak var first: Subscription?
        target.follow(Service("live")) { _ in
            let made = Subscription(counting: subscriptions)
            first = made
            return made
        }
        let demo = Service("demo")
        target.follow(demo) { _ in Subscription(counting: subscriptions) }
        #expect(first == nil, "the old subscription is released")
        #expect(subscriptions.value == 2)
        target.follow(demo) { _ in Subscription(counting: subscriptions) }
        #expect(subscriptions.value == 2, "and the new instance is the one followed")
    }
}

@Suite struct ViewRootTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func viewTreeStartsFromTheProcessRootInTheDetectedContext() {
        #expect(DependencyValues.viewRoot.context == DependencyContext.current)
        #expect(DependencyValues.viewRoot.storage.root === Root.process)
        #expect(!DependencyValues.viewRoot.storage.hasOverrides)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func overridingACopyLeavesTheRootUntouched() {
        var values = DependencyValues.viewRoot
        values.context = .preview
        #expect(values.context == .preview)
        #expect(DependencyValues.viewRoot.context == DependencyContext.current)
    }
}

@Suite struct ViewOwnedObjectSlotTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func recreatedViewReadsTheKeptObjectNotItsOwnCandidate() {
        let builds = Counter()
        let kept = countingStorage(builds)
        var firstCopy = ViewOwnedObjectSlot(kept)
        kept.install(values(withService: "position"))
        firstCopy.installed(kept)

        var laterCopy = ViewOwnedObjectSlot(countingStorage(builds))
        kept.install(values(withService: "ignored"))
        laterCopy.installed(kept)

        #expect(laterCopy.object === firstCopy.object)
        #expect(laterCopy.candidate.builtObject == nil, "the later copy's candidate is never built")
        #expect(builds.value == 1)
    }

    @Test func earlyReadsOfLaterViewValuesBuildModelsThatAreFreedWhenTheViewIsInstalled() {
        // SwiftUI makes a new value of a view each time its parent's body runs, each with a new candidate storage,
        // and keeps the first value's storage (in `@State`). This view reads its model in its initializer.
        let models = LiveInstances()
        let builds = Counter()
        func candidate() -> ViewOwnedObject<TrackedModel> {
            ViewOwnedObject { _ in TrackedModel(models, serial: builds.increment()) }
        }
        let kept = candidate()
        let log = collectingReports {
            withFreshRoot {
                var first = ViewOwnedObjectSlot(kept)
                let early = first.object
                kept.install(values(withService: "position"))
                first.installed(kept)
                #expect(first.object === early, "the first value's early read built the model the view keeps")
                var latest: ViewOwnedObjectSlot<TrackedModel>?
                for _ in 2...3 {
                    var later = ViewOwnedObjectSlot(candidate())
                    _ = later.object
                    kept.install(values(withService: "ignored"))
                    later.installed(kept)
                    #expect(later.object === early)
                    latest = later
                }
                #expect(builds.value == 3, "each later value that reads early builds one model the view never uses")
                #expect(latest?.candidate != nil, "SwiftUI still holds the latest value")
                #expect(models.alive == 1, "and those models are freed once the value is installed")
            }
        }
        #expect(log.kinds == [.misuse, .misuse, .misuse], "each early read is reported to the test")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func readBeforeInstallationGoesToTheCandidate() {
        let slot = ViewOwnedObjectSlot(countingStorage(Counter()))
        let log = collectingReports {
            withFreshRoot { #expect(slot.object === slot.candidate.builtObject) }
        }
        #expect(log.kinds == [.misuse])
    }
}

/// A model that counts its live instances, so a test can see which are freed.
private final class TrackedModel: Sendable {
    let models: LiveInstances
    let serial: Int
    init(_ models: LiveInstances, serial: Int) {
        self.models = models
        self.serial = serial
        models.created()
    }
    deinit { models.freed() }
}
