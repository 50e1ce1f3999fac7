// expect: error: no exact matches in call to global function 'withDependencies'
// guide row: withDependencies(from: self) { ... }
import Ambient

final class Child {}

final class Parent {
    func child() -> Child { withDependencies(from: self) { Child() } }
}
