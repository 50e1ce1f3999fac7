// expect: error: type 'DependencyValues' has no member '_current'
// guide row: DependencyValues._current
import Ambient

let values = DependencyValues._current
