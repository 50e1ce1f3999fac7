import Foundation
import Testing

@testable import Ambient

/// A member of the families below: an object, counted while it lives.
private final class Loader: Sendable {
    let url: String
    let source: String
    private let instances: LiveInstances?

    init(url: String, source: String, instances: LiveInstances? = nil) {
        self.url = url
        self.source = source
        self.instances = instances
        instances?.created()
    }

    deinit { instances?.freed() }
}

/// How many times each argument's member was created, across the tests (each test uses arguments of its own).
private let creations = ConditionLock<[String: Int]>([:])

private enum LoaderKey: DependencyFamilyKey {
    static func defaultValue(for url: String) -> Loader { Loader(url: url, source: "live") }
    static func testingValue(for url: String) -> Loader {
        creations.withLock { $0[url, default: 0] += 1 }
        return Loader(url: url, source: DependencyValues.current.liveOnly)
    }
}

/// A default built from a member: a gallery that shows the loader of one URL.
private final class Gallery: Sendable {
    let loader: Loader
    init(loader: Loader) { self.loader = loader }
}

private enum GalleryKey: DependencyKey {
    static var defaultValue: Gallery { Gallery(loader: DependencyValues.current.loader["cover"]) }
    static var testingValue: Gallery { defaultValue }
}

extension DependencyValues {
    fileprivate var loader: DependencyFamily<String, Loader> {
        get { self[LoaderKey.self] }
        set { self[LoaderKey.self] = newValue }
    }
}

@Suite struct DependencyFamilyTests {
    @Test func sameArgumentGivesTheSameMemberAndEachArgumentItsOwn() {
        withFreshRoot {
            prepareDependencies { $0.liveOnly = "root" }
            let first = DependencyValues.current.loader["same/a"]
            #expect(DependencyValues.current.loader["same/a"] === first)
            #expect(DependencyValues.current.loader["same/b"] !== first)
            #expect(first.url == "same/a" && first.source == "root")
        }
        #expect(creations.withLock { [$0["same/a"], $0["same/b"]] } == [1, 1])
    }

    @Test func concurrentFirstReadsOfAnArgumentCreateItsMemberOnce() {
        let threads = RacingThreads(count: 8)
        defer { threads.stop() }
        let held = ConditionLock<[Loader]>([])
        withFreshRoot {
            prepareDependencies { $0.liveOnly = "root" }
            let values = DependencyValues.current
            for round in 0..<200 {
                threads.race { _ in
                    let loader = values.loader["race/\(round)"]
                    held.withLock { $0.append(loader) }
                }
            }
        }
        let loaders = held.withLock { $0 }
        #expect(loaders.count == 8 * 200)
        #expect(Set(loaders.map { ObjectIdentifier($0) }).count == 200)
        let counts = creations.withLock { $0.filter { $0.key.hasPrefix("race/") }.map(\.value) }
        #expect(counts.count == 200 && counts.allSatisfy { $0 == 1 })
    }

    @Test func hundredThousandArgumentsKeepOnlyTheMembersInUse() {
        let instances = LiveInstances()
        let family = DependencyFamily { url in Loader(url: url, source: "override", instances: instances) }
        var mostKept = 0
        var held: [Loader] = []
        for index in 0..<100_000 {
            let loader = family["feed/\(index)"]
            if index.isMultiple(of: 1_000) { held.append(loader) }
            mostKept = max(mostKept, family.overrides.family?.keptCount ?? 0)
        }
        // 100 members are held: the family keeps them and at most twice as many slots, plus 64.
        #expect(instances.alive == 100)
        #expect(mostKept <= 2 * 100 + 64)
        #expect(held.allSatisfy { family[$0.url] === $0 })
        held.removeAll()
        #expect(instances.alive == 0)
    }

    @Test func membersOfAProtocolTypeAreKeptByTheObjectTheyAre() {
        let family = DependencyFamily { (url: String) -> any Sendable in Loader(url: url, source: "existential") }
        let loader = family["protocol/a"] as? Loader
        #expect(loader != nil)
        #expect(family["protocol/a"] as? Loader === loader)
    }

    @Test func valueMembersAreKeptAsLongAsTheFamily() {
        let made = ConditionLock(0)
        let family = DependencyFamily { (id: Int) -> String in
            made.withLock { $0 += 1 }
            return "account \(id)"
        }
        #expect(family[1] == "account 1" && family[1] == "account 1" && family[2] == "account 2")
        #expect(made.withLock { $0 } == 2)
    }

    @Test func scopeOverridesOneMemberAndSharesTheOthers() {
        withFreshRoot {
            prepareDependencies { $0.liveOnly = "root" }
            let shared = DependencyValues.current.loader["one/shared"]
            let stub = Loader(url: "one/stubbed", source: "stub")
            withDependencies {
                $0.loader["one/stubbed"] = stub
            } operation: {
                #expect(DependencyValues.current.loader["one/stubbed"] === stub)
                #expect(DependencyValues.current.loader["one/shared"] === shared)
            }
            #expect(DependencyValues.current.loader["one/stubbed"].source == "root")
        }
    }

    @Test func scopeOverridesTheWholeFamily() {
        withFreshRoot {
            prepareDependencies { $0.liveOnly = "root" }
            withDependencies {
                $0.loader = DependencyFamily { Loader(url: $0, source: "whole") }
            } operation: {
                let loader = DependencyValues.current.loader["whole/a"]
                #expect(loader.source == "whole")
                #expect(DependencyValues.current.loader["whole/a"] === loader)
            }
        }
    }

    @Test func defaultBuiltFromAMemberFollowsAnOverrideOfThatMember() {
        withFreshRoot {
            prepareDependencies { $0.liveOnly = "root" }
            let rootGallery = DependencyValues.current[GalleryKey.self]
            let stub = Loader(url: "cover", source: "stub")
            let scopeGallery = withDependencies {
                $0.loader["cover"] = stub
            } operation: {
                DependencyValues.current[GalleryKey.self]
            }
            #expect(rootGallery.loader.source == "root")
            #expect(scopeGallery.loader === stub)
            #expect(DependencyValues.current[GalleryKey.self] === rootGallery)
        }
    }

    @Test func memberFirstReadInAScopeOverridingWhatItReadsIsTheScopesAndTheRootKeepsItsOwn() {
        withFreshRoot {
            prepareDependencies { $0.liveOnly = "root" }
            let loader = withDependencies {
                $0.liveOnly = "scope"
            } operation: {
                DependencyValues.current.loader["scope/a"]
            }
            #expect(loader.source == "scope")
            #expect(DependencyValues.current.loader["scope/a"].source == "root")
        }
    }

    @Test func memberWhoseCreationReadsItselfStopsWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = DependencyValues.current[SelfReadingKey.self]["loop"]
        }
        let errorOutput = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(errorOutput.contains("Ambient: creating the member for loop reads that same member."))
    }

    @Test func familyAndTheValuesItKeepsAreFreedWithItsRoot() {
        withFreshRoot {
            let wrapped = DependencyValues.current[WrappedLoaderKey.self]["freed/a"]
            #expect(DependencyValues.current[WrappedLoaderKey.self]["freed/a"][0] === wrapped[0])
            #expect(wrappedInstances.alive == 1)
        }
        #expect(wrappedInstances.alive == 0)
    }
}

/// The loaders that `WrappedLoaderKey`'s members hold, counted.
private let wrappedInstances = LiveInstances()

/// A family whose members are values (arrays), so it keeps them as long as itself.
private enum WrappedLoaderKey: DependencyFamilyKey {
    static func defaultValue(for url: String) -> [Loader] { [] }
    static func testingValue(for url: String) -> [Loader] {
        [Loader(url: url, source: "wrapped", instances: wrappedInstances)]
    }
}

/// A family whose member's creation reads that same member.
private enum SelfReadingKey: DependencyFamilyKey {
    static func defaultValue(for argument: String) -> String { DependencyValues.current[SelfReadingKey.self][argument] }
    static func testingValue(for argument: String) -> String { defaultValue(for: argument) }
}
