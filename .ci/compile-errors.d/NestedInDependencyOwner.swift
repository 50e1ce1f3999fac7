// expect: in a nested type, write @Ambient.Dependency
// Inside a DependencyOwner subclass, `@Dependency` names OwnedDependency, which only the owner can read; a struct
// nested in the subclass must say which wrapper it means.
import Ambient

final class SearchModel: DependencyOwner {
    struct Row {
        @Dependency(\.date) var date
    }
}
