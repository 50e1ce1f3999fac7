// expect: error: extra argument 'file' in call
// guide row: @Dependency(\.x, file: #file, fileID: #fileID, line: #line)
import Ambient

final class Model {
    @Dependency(\.date, file: #file, fileID: #fileID, line: #line) var date
}
