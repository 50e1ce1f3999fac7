import Ambient
import AmbientTesting
import Testing

@testable import AppTargetFixture

/// The original SwiftUI Dependencies README setup, unchanged in a target isolated to the main actor by default.
@Suite struct OriginalReadmeTests {
    @Test func aClassReadsTheKeysDefaultValue() {
        let model = withDependencies {
            $0.context = .default
        } operation: {
            GreetingModel()
        }
        #expect(model.myDependency == "Default value")
    }

    @Test func aStructReadsTheOverrideOfTheScopeItWasCreatedIn() {
        let row = withDependencies {
            $0.myDependency = "Overridden"
        } operation: {
            GreetingRow()
        }
        #expect(row.myDependency == "Overridden")
        #expect(
            withDependencies {
                $0.myDependency = "Inner"
            } operation: {
                row.myDependency
            } == "Overridden")
    }

    @Test func ownersCreatedInDifferentScopesKeepTheirOwnValues() {
        let first = withDependencies {
            $0.myDependency = "First"
        } operation: {
            GreetingModel()
        }
        let second = withDependencies {
            $0.myDependency = "Second"
        } operation: {
            GreetingModel()
        }
        #expect(first.myDependency == "First")
        #expect(second.myDependency == "Second")
        #expect(first.myDependency == "First", "a second read is served from the scope's cache")
    }
}

/// Ambient's README quick start and testing section, in the same target.
@Suite struct QuickStartTests {
    @Test func theBuilderCreatedInTheScopeReadsTheStub() {
        #expect(builder.api is StubAPI)
    }

    @Test func eachContextGetsItsValue() {
        let live = withDependencies {
            $0.context = .default
        } operation: {
            ReportBuilder()
        }
        let preview = withDependencies {
            $0.context = .preview
        } operation: {
            ReportBuilder()
        }
        #expect(live.api.source == "LiveAPI")
        #expect(preview.api.source == "PreviewAPI")
        #expect(ReportBuilder().api.source == "TestAPI")
    }
}
