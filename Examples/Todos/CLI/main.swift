// The Todos example's command-line app: the stores of TodosCore, built from Ambient dependencies (see README.md).
// Parsing and running live in `TodosCommandLine`, so that the tests can call them.
import Foundation

if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
    TodosCommandLine.main()
} else {
    // The stores are Observation models, which need macOS 14.
    FileHandle.standardError.write(Data("todos needs macOS 14 or later.\n".utf8))
    exit(1)
}
