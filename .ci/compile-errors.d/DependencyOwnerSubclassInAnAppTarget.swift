// expect: declare the subclass `nonisolated final class`
// flags: -swift-version 6 -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
// In an app target a class is isolated to the main actor by default, and it cannot inherit DependencyOwner's
// nonisolated initializers. Swift's error does not name the fix; its note, "overridden declaration is here", shows
// the two lines of DependencyOwner.swift above `init()`, which do.
import Ambient

final class SearchModel: DependencyOwner {
    @Dependency(\.date) var date
}
