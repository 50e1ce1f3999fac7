import Foundation

/// Sets an environment variable of this process (used inside exit tests, which run in a child process).
enum ProcessEnvironmentOverride {
    static func set(_ name: String, _ value: String) {
        setenv(name, value, 1)
    }
}
