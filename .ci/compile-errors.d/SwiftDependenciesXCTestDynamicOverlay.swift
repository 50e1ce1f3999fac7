// expect: error: no such module 'XCTestDynamicOverlay'
// guide row: import XCTestDynamicOverlay
import Ambient
import XCTestDynamicOverlay
