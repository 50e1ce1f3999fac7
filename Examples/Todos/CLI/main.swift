// The Todos example: store objects (`TodosStore`, `SettingsStore`) built from Ambient dependencies, run as a
// command-line app. The same stores back the SwiftUI views in TodosUI; `AMBIENT_CONTEXT=preview` switches every
// dependency to its preview value (sample todos in memory), and the tests switch them to testing values.
// Parsing and running live in `TodosCommandLine`, so that the tests can call them.
TodosCommandLine.main()
