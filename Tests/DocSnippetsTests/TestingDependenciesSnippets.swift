import Ambient
import Foundation

final class CheckoutModel {
    @Dependency(\.api) private var api
    @Dependency(\.date) private var date
    private(set) var receipt: Receipt?
    private(set) var submittedAt: Date?

    func submit() async throws {
        receipt = try await api.submit(["milk"])
        submittedAt = date.now
    }
}
