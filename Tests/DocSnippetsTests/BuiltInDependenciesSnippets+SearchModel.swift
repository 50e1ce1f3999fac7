import Ambient
import Observation

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor @Observable final class SearchModel {
    @ObservationIgnored @Dependency(\.continuousClock) private var clock
    @ObservationIgnored @Dependency(\.api) private var api
    var results: [String] = []

    func search(_ query: String) async throws {
        try await clock.sleep(for: .milliseconds(300))  // debounce
        results = try await api.search(query)
    }
}
