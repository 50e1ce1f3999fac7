// expect: error: type 'UserDefaultsKey' does not conform to protocol 'TestDependencyKey'
// expect: note: protocol requires property 'testingValue' with type 'UserDefaultsClient'
// first error: declares `testValue`: rename it `testingValue`
// guide row: TestDependencyKey
// An interface key ported from swift-dependencies with its `testValue` left as it was. One error, whose note quotes
// the lines of TestDependencyKey.swift above `testingValue`, which name the rename; not the value's Sendable
// conformance or MainActorDependencyKey's subscript, which the key's other uses would blame.
import Ambient

public struct UserDefaultsClient: Sendable {
    public var string: @Sendable (String) -> String?
}

public enum UserDefaultsKey: TestDependencyKey {
    public static let testValue = UserDefaultsClient(string: { _ in nil })
}

extension DependencyValues {
    public var userDefaults: UserDefaultsClient {
        get { self[UserDefaultsKey.self] }
        set { self[UserDefaultsKey.self] = newValue }
    }
}
