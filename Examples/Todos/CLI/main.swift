// The Todos example: store objects (`TodosStore`, `SettingsStore`) built from Ambient dependencies, run as a
// command-line app. The same stores back the SwiftUI views in TodosUI; `AMBIENT_CONTEXT=preview` switches every
// dependency to its preview value (sample todos in memory), and the tests switch them to testing values.
// Parsing and running live in `TodosCommandLine`, so that the tests can call them.
import Foundation

if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
    TodosCommandLine.main()
} else {
    // The stores are Observation models, which need macOS 14.
    FileHandle.standardError.write(Data("todos needs macOS 14 or later.\n".utf8))
    exit(1)
}
