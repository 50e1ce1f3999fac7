// expect: read by its DependencyOwner
// OwnedDependency named outright in a type that is not a DependencyOwner has no values to read.
import Ambient

struct Report {
    @OwnedDependency(\.date) var date
}
