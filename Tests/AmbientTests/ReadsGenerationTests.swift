import Testing

@testable import Ambient

/// A default whose creations read different keys: its reads are their union, and a value that a `@Dependency` key
/// path cached in a scope follows the key when a creation elsewhere reads more (`ReadsGeneration`).
@Suite struct ReadsGenerationTests {
    /// Whether `Report` also reads `Detail` while it is created.
    enum VerboseKey: DependencyKey {
        static var defaultValue: Bool { false }
        static var testingValue: Bool { false }
    }

    enum DetailKey: DependencyKey {
        static var defaultValue: String { "plain" }
        static var testingValue: String { "plain" }
    }

    final class Report: Sendable {
        let detail: String?
        init(detail: String?) { self.detail = detail }
    }

    /// A default that reads `Detail` only when `Verbose` is set.
    enum ReportKey: DependencyKey {
        static var defaultValue: Report {
            let values = DependencyValues.current
            return Report(detail: values[VerboseKey.self] ? values[DetailKey.self] : nil)
        }
        static var testingValue: Report { defaultValue }
    }

    struct Reader: Sendable {
        @Dependency(\.generationReport) var report
    }

    /// A scope that overrides `Detail`, a reader made in it, and what the reader read first: in that scope the
    /// report reads only `Verbose`, so it is the root's instance, cached for the reader's key path.
    private func readerInADetailedScope() -> (DependencyValues, Reader, Report) {
        let detailed = withDependencies {
            $0[DetailKey.self] = "detailed"
        } operation: {
            DependencyValues.current
        }
        let reader = withDependencies(detailed) { Reader() }
        return (detailed, reader, reader.report)
    }

    @Test func aCachedKeyPathFollowsItsKeyWhenACreationElsewhereReadsMore() {
        withFreshRoot {
            let (detailed, reader, rootReport) = readerInADetailedScope()
            #expect(rootReport.detail == nil)
            #expect(reader.report === rootReport)
            // A creation that reads `Detail` too: from now on the report is rebuilt where `Detail` is overridden.
            let before = ReadsGeneration.current
            withDependencies {
                $0[VerboseKey.self] = true
            } operation: {
                #expect(DependencyValues.current.generationReport.detail == "plain")
            }
            #expect(ReadsGeneration.current != before)
            let scopeReport = withDependencies(detailed) { DependencyValues.current.generationReport }
            #expect(scopeReport !== rootReport)
            #expect(reader.report === scopeReport)
            #expect(reader.report === scopeReport)
        }
    }

    /// Makes the report's reads grow in a root of its own: read first where `Verbose` is not set, then rebuilt
    /// where it is, which reads `Detail` too. Every growth, in any root, starts a new generation.
    private func growTheReportsReadsInAFreshRoot() {
        withFreshRoot {
            _ = DependencyValues.current.generationReport
            withDependencies {
                $0[VerboseKey.self] = true
            } operation: {
                _ = DependencyValues.current.generationReport
            }
        }
    }

    /// A scope that outlives many generations (one per test root whose defaults read more, in a test process)
    /// takes the long read after each, and its cache starts pairs of the new generation; what it keeps for readers
    /// of the pairs it replaced must not grow with every generation. Its reads stay right once it stops caching,
    /// also when its own root's reads grow.
    @Test func aLongLivedScopeKeepsABoundedCacheThroughManyGenerations() throws {
        try withFreshRoot {
            let root = DependencyValues.current
            let (detailed, reader, rootReport) = readerInADetailedScope()
            // A hundred more key paths, so that each generation's pairs grow a few times.
            let owners = withDependencies(detailed) { (0..<100).map(IndexedOwner.init) }
            let number = DependencyValues.current[BaseNumberKey.self]
            #expect(owners.allSatisfy { $0.number == number })
            let cache = try #require(detailed.storage.keyPathValues.load())
            let perGeneration = cache.keptWords
            for _ in 0...(2 * KeyPathCache.keptWordsLimit / perGeneration) {
                growTheReportsReadsInAFreshRoot()
                // This root's reads did not grow: the reader still reads the root's instance.
                #expect(reader.report === rootReport)
                #expect(owners.allSatisfy { $0.number == number })
            }
            // At most one generation past the limit.
            #expect(cache.keptWords <= KeyPathCache.keptWordsLimit + perGeneration)
            withDependencies(root) {
                withDependencies {
                    $0[VerboseKey.self] = true
                } operation: {
                    _ = DependencyValues.current.generationReport
                }
            }
            let scopeReport = withDependencies(detailed) { DependencyValues.current.generationReport }
            #expect(scopeReport !== rootReport)
            #expect(reader.report === scopeReport)
        }
    }

    @Test func readersOnOtherThreadsWhileReadsGrowSeeAnInstanceAndThenTheRebuiltOne() {
        let threads = RacingThreads(count: 4)
        defer { threads.stop() }
        let wrong = Counter()
        for _ in 0..<100 {
            withFreshRoot {
                let (detailed, reader, rootReport) = readerInADetailedScope()
                // NB: threads carry no values of their own; the fourth re-enters this root's.
                let root = DependencyValues.current
                // Three threads read through the cached key path while the fourth makes the reads grow.
                threads.race { index in
                    if index == 0 {
                        withDependencies(root) {
                            withDependencies {
                                $0[VerboseKey.self] = true
                            } operation: {
                                _ = DependencyValues.current.generationReport
                            }
                        }
                        return
                    }
                    for _ in 0..<50 where reader.report.detail != nil && reader.report !== rootReport {
                        _ = wrong.increment()
                    }
                }
                let scopeReport = withDependencies(detailed) { DependencyValues.current.generationReport }
                if reader.report !== scopeReport || scopeReport === rootReport { _ = wrong.increment() }
            }
        }
        #expect(wrong.value == 0)
    }
}

extension DependencyValues {
    fileprivate var generationReport: ReadsGenerationTests.Report { self[ReadsGenerationTests.ReportKey.self] }
}
