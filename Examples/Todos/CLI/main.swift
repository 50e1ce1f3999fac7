// The Todos example: store objects (`TodosStore`, `SettingsStore`) built from Ambient dependencies, run as a
// command-line app. The same stores back the SwiftUI views in TodosUI; `AMBIENT_CONTEXT=preview` switches every
// dependency to its preview value (sample todos in memory), and the tests switch them to testing values.
import Foundation

let outcome = TodosCommandLine.run(Array(CommandLine.arguments.dropFirst()))
FileHandle.standardOutput.write(Data(outcome.output.utf8))
FileHandle.standardError.write(Data(outcome.errorOutput.utf8))
exit(outcome.status)
