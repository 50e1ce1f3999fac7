// expect: (compiles)
// guide row: @Dependency(UserDefaultsKey.self)
// A property that names an interface key, in a module that sees only its TestDependencyKey conformance.
import Ambient

public struct UserDefaultsClient: Sendable {
    public var string: @Sendable (String) -> String?
}

public enum UserDefaultsKey: TestDependencyKey {
    public static let testingValue = UserDefaultsClient(string: { _ in nil })
}

final class Settings {
    @Dependency(UserDefaultsKey.self) var userDefaults
}
