import Ambient
import Testing

nonisolated final class RequestHandler: DependencyOwner {
    @Dependency(\.api) private var api
    @Dependency(\.date) private var date

    func source() -> String { api.source }
}

@Test func aDependencyOwnerReadsTheScopeItWasCreatedIn() {
    let handler = withDependencies {
        $0.api = StubAPI()
    } operation: {
        RequestHandler()
    }
    #expect(handler.source() == "StubAPI")
}
