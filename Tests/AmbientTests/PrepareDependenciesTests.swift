import Testing

@testable import Ambient

@Suite struct PrepareDependenciesTests {
    @Test func preparedValuesAreSeenEverywhereInTheRoot() {
        withFreshRoot {
            let prepared = Service("prepared")
            prepareDependencies { $0.service = prepared }
            #expect(DependencyValues.current.service === prepared)
            #expect(DependencyValues().service === prepared)
            withDependencies {
                $0.liveOnly = "x"
            } operation: {
                #expect(DependencyValues.current.service === prepared)
            }
        }
    }

    @Test func preparedValuesReachDefaultsBuiltFromThem() {
        withFreshRoot {
            prepareDependencies { $0.service = Service("prepared") }
            #expect(DependencyValues.current.analytics.service.name == "prepared")
        }
    }

    @Test func preparedValuesWinInEveryContext() {
        withFreshRoot {
            prepareDependencies { $0.service = Service("prepared") }
            withDependencies {
                $0.context = .preview
            } operation: {
                #expect(DependencyValues.current.service.name == "prepared")
            }
        }
    }

    @Test func secondCallIsReportedAndIgnored() {
        withFreshRoot {
            let log = collectingReports {
                prepareDependencies { $0.service = Service("first") }
                prepareDependencies { $0.service = Service("second") }
            }
            #expect(DependencyValues.current.service.name == "first")
            #expect(log.kinds == [.misuse])
            #expect(
                log.messages == [
                    """
                    Ambient: prepareDependencies(_:) was called again and is ignored. Set every dependency in one \
                    call, once, as early as possible at launch (for example in your App's init or at the top of \
                    main.swift).
                    """
                ]
            )
        }
    }

    @Test func keyAlreadyReadIsReportedAndKeepsItsValue() {
        withFreshRoot {
            let early = DependencyValues.current.service
            let log = collectingReports {
                prepareDependencies {
                    $0.service = Service("late")
                    $0.liveOnly = "prepared"
                }
            }
            #expect(DependencyValues.current.service === early)
            #expect(DependencyValues.current.liveOnly == "prepared")
            #expect(
                log.messages == [
                    """
                    Ambient: prepareDependencies(_:) cannot set ServiceKey: its value was already read and may be \
                    held by code that is running. Call prepareDependencies(_:) before anything reads ServiceKey.
                    """
                ]
            )
        }
    }

    @Test func changingTheContextIsReported() {
        withFreshRoot {
            let log = collectingReports {
                prepareDependencies { $0.context = .preview }
            }
            #expect(DependencyValues.current.context == .testing)
            #expect(log.messages.first?.hasPrefix("Ambient: prepareDependencies(_:) cannot change the context") == true)
        }
    }

    /// `prepareDependencies(_:)` after a key was read in a scope that switched the context: the read is in the
    /// root's table under the other context, and still counts as a read, so the key is reported and keeps its value.
    @Test func keyReadOnlyInAnotherContextIsStillReportedByPrepareDependencies() {
        withFreshRoot(.default) {
            let early = withDependencies {
                $0.context = .preview
            } operation: {
                DependencyValues.current.service
            }
            let log = collectingReports { prepareDependencies { $0.service = Service("late") } }
            #expect(log.messages.count == 1)
            #expect(log.messages.first?.contains("cannot set ServiceKey") == true)
            #expect(
                withDependencies {
                    $0.context = .preview
                } operation: {
                    DependencyValues.current.service
                } === early)
            #expect(DependencyValues.current.service.name == "live")
        }
    }
}
