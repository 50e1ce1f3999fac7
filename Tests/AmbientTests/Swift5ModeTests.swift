import Ambient
import Foundation
import Swift5ModeFixture
import Testing

/// Semantics: "Main-actor modules keep every rule", from the other side: a module in the Swift 5 language mode
/// declares `@Dependency(\.key)` in plain, main-actor and owner types as the original package's README does, and
/// each reads its scope's values.
@Suite struct Swift5ModeTests {
    @Test func plainClassOfASwift5ModuleReadsItsScope() {
        let service = withDependencies {
            $0.myDependency = "Overridden"
            $0.date = DateGenerator { Date(timeIntervalSince1970: 42) }
        } operation: {
            Swift5Greeter()
        }
        #expect(service.myDependency == "Overridden")
        #expect(service.date.now == Date(timeIntervalSince1970: 42))
    }

    @Test func structOfASwift5ModuleReadsItsScope() {
        let row = withDependencies {
            $0.myDependency = "Row"
        } operation: {
            Swift5GreetingRow()
        }
        #expect(row.myDependency == "Row")
    }

    @Test @MainActor func mainActorClassOfASwift5ModuleReadsItsScope() {
        let model = withDependencies {
            $0.myDependency = "Model"
        } operation: {
            Swift5GreetingModel()
        }
        #expect(model.myDependency == "Model")
    }

    @Test func dependencyOwnerOfASwift5ModuleReadsItsScope() {
        let owner = withDependencies {
            $0.myDependency = "Owner"
        } operation: {
            Swift5GreetingOwner()
        }
        #expect(owner.myDependency == "Owner")
    }
}
