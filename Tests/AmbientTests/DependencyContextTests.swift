import Testing

@testable import Ambient

/// Compiles only for a type with the conformances the original "SwiftUI Dependencies" package gives its context.
private func conformsLikeTheOriginal<Context>(_: Context.Type) -> Bool
where Context: Hashable & Identifiable & Sendable & CustomStringConvertible, Context.ID == String {
    true
}

@Suite struct DependencyContextTests {
    @Test func contextOfTheTestProcessIsTesting() {
        #expect(DependencyContext.current == .testing)
    }

    @Test(arguments: [
        (DependencyContext.default, "Default"),
        (.preview, "Preview"),
        (.testing, "Testing"),
    ])
    func descriptionNamesTheContext(context: DependencyContext, name: String) {
        #expect(context.description == name)
        #expect("\(context)" == name)
    }

    @Test(arguments: [
        (DependencyContext.default, "default"),
        (.preview, "preview"),
        (.testing, "testing"),
    ])
    func idIsTheContextsLowercaseName(context: DependencyContext, name: String) {
        let id: String = context.id
        #expect(id == name)
    }

    @Test func contextHasTheOriginalPackagesConformances() {
        #expect(conformsLikeTheOriginal(DependencyContext.self))
    }

    @Test func idsAreDistinctSoContextsCanDriveAForEach() {
        let ids = DependencyContext.allCases.map(\.id)
        #expect(ids == ["default", "preview", "testing"])
        #expect(Set(ids).count == DependencyContext.allCases.count)
    }

    @Test func idIsTheSpellingThatAmbientContextAccepts() {
        for context in DependencyContext.allCases {
            let detection = ContextDetection.detect(environment: ["AMBIENT_CONTEXT": context.id], arguments: [])
            #expect(detection.context == context)
            #expect(detection.warning == nil)
        }
    }

    @Test func scopeCanSwitchContextForItself() {
        withFreshRoot(.default) {
            #expect(DependencyValues.current.service.name == "live")
            withDependencies {
                $0.context = .preview
            } operation: {
                #expect(DependencyValues.current.context == .preview)
                #expect(DependencyValues.current.service.name == "preview")
            }
            #expect(DependencyValues.current.context == .default)
            #expect(DependencyValues.current.service.name == "live")
        }
    }
}
