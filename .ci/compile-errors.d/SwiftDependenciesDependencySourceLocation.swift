// expect: (compiles)
// guide row: @Dependency(\.x, fileID: #fileID, filePath: #filePath, line: #line, column: #column)
import Ambient

final class Model {
    @Dependency(\.date, fileID: #fileID, filePath: #filePath, line: #line, column: #column) var date
}
