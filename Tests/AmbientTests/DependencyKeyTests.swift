import Testing

@testable import Ambient

@Suite struct DependencyKeyTests {
    @Test(arguments: [
        (DependencyContext.default, "live"),
        (.preview, "preview"),
        (.testing, "testing"),
    ])
    func keyGivesTheValueOfTheContext(context: DependencyContext, expected: String) {
        withFreshRoot(context) {
            #expect(DependencyValues.current.service.name == expected)
        }
    }

    @Test func previewValueDefaultsToTestingValue() {
        withFreshRoot(.preview) {
            #expect(DependencyValues.current[TestingOnlyKey.self] == "testing")
        }
    }

    @Test func previewAndTestingValuesDefaultToDefaultValue() {
        let log = collectingReports {
            withFreshRoot(.preview) { #expect(DependencyValues.current.liveOnly == "live only") }
            withFreshRoot(.testing) { #expect(DependencyValues.current.liveOnly == "live only") }
        }
        #expect(log.kinds == [.missingTestingValue], "only the testing read is reported")
    }

    @Test func typeKeyIsReadWithoutAProperty() {
        withFreshRoot {
            #expect(DependencyValues.current[Greeter.self].greeting == "Test hello")
            withDependencies {
                $0[Greeter.self] = Greeter(greeting: "Hi")
            } operation: {
                #expect(DependencyValues.current[Greeter.self].greeting == "Hi")
            }
        }
    }
}
