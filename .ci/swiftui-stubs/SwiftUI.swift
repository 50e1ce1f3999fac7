public import Combine
// Stub of Apple's SwiftUI, signature for signature as looked up; bodies are placeholders.
@_exported public import Observation

public protocol DynamicProperty {
    mutating func update()
}
extension DynamicProperty {
    public mutating func update() {}
}

@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    var body: Body { get }
}
extension Never: View, Scene {
    public var body: Never { return fatalError() }  // NB: `return` keeps `@SceneBuilder` out
}
public struct _Placeholder: View, Scene {
    public var body: Never { return fatalError() }  // NB: `return` keeps `@SceneBuilder` out
}
public struct Text: View {
    public init(_ text: String) {}
    public var body: Never { fatalError() }
}
public struct Toggle<Label: View>: View {
    nonisolated public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {}
    public var body: Never { fatalError() }
}
extension Toggle where Label == Text {
    nonisolated public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {}
}
public struct WindowGroup: Scene {
    public init(content: () -> some View) {}
    // The documentation's snippets: `init(_:id:content:)` with a title key (iOS 14, macOS 11, tvOS 14, watchOS 7).
    nonisolated public init(_ titleKey: LocalizedStringKey, id: String, content: () -> some View) {}
    public var body: Never { return fatalError() }  // NB: `return` keeps `@SceneBuilder` out
}
@MainActor @preconcurrency public protocol App {
    associatedtype Body: Scene
    // The documentation's snippets: `@SceneBuilder` on `App.body` and `Scene.body`, `App.main()` for `@main`
    // (iOS 14, macOS 11, tvOS 14, watchOS 7).
    @SceneBuilder var body: Body { get }
    init()
}
extension App {
    @MainActor @preconcurrency public static func main() {}
}
@resultBuilder public struct SceneBuilder {
    public static func buildBlock<each Content>(_ content: repeat each Content) -> some Scene
    where repeat each Content: Scene { _Placeholder() }
}

@MainActor @preconcurrency public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    func body(content: Self.Content) -> Self.Body
}
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: Never { fatalError() }
}
public struct ModifiedContent<Content, Modifier> {}
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { fatalError() }
}

extension View {
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { ModifiedContent() }
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        _Placeholder()
    }
    nonisolated public func transformEnvironment<V>(
        _ keyPath: WritableKeyPath<EnvironmentValues, V>,
        transform: @escaping (inout V) -> Void
    ) -> some View { _Placeholder() }
    nonisolated public func id<ID: Hashable>(_ id: ID) -> some View { _Placeholder() }
}

@MainActor @preconcurrency public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
}
extension Scene {
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some Scene {
        _Placeholder()
    }
}

public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Self.Value { get }
}
public struct EnvironmentValues {
    public init() {}
    public subscript<K>(key: K.Type) -> K.Value where K: EnvironmentKey {
        get { K.defaultValue }
        set {}
    }
}

@frozen @propertyWrapper public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    let keyPath: KeyPath<EnvironmentValues, Value>
    public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

@frozen @propertyWrapper public struct State<Value>: DynamicProperty {
    var value: Value
    public init(wrappedValue value: Value) { self.value = value }
    public var wrappedValue: Value {
        get { value }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError() }
}

@MainActor @frozen @propertyWrapper @preconcurrency
public struct StateObject<ObjectType>: DynamicProperty where ObjectType: ObservableObject {
    nonisolated(unsafe) let thunk: () -> ObjectType
    nonisolated public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { self.thunk = thunk }
    @MainActor @preconcurrency public var wrappedValue: ObjectType { thunk() }
    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        ObservedObject(wrappedValue: thunk()).projectedValue
    }
}

@MainActor @propertyWrapper @preconcurrency @frozen
public struct ObservedObject<ObjectType>: DynamicProperty where ObjectType: ObservableObject {
    @MainActor @dynamicMemberLookup @preconcurrency @frozen public struct Wrapper {
        let object: ObjectType
        @MainActor @preconcurrency
        public subscript<Subject>(
            dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>
        ) -> Binding<Subject> { fatalError() }
    }
    @MainActor @preconcurrency public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    @MainActor @preconcurrency public var wrappedValue: ObjectType
    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        Wrapper(object: wrappedValue)
    }
}

@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    @preconcurrency public init(
        get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}

@dynamicMemberLookup @propertyWrapper public struct Bindable<Value> {
    public var wrappedValue: Value
    init(value: Value) { wrappedValue = value }
    public var projectedValue: Bindable<Value> { self }
}
extension Bindable where Value: AnyObject, Value: Observable {
    public init(_ wrappedValue: Value) { self.init(value: wrappedValue) }
    public init(wrappedValue: Value) { self.init(value: wrappedValue) }
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}

// Previews. `PreviewTrait` and `Preview` belong to DeveloperToolsSupport, which SwiftUI re-exports (`import SwiftUI`
// names them): `@MainActor struct PreviewTrait<T>` with `@MainActor init(_ traits: PreviewTrait<T>...)`, and
// `@MainActor struct Preview` with `enum ViewTraits` (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1). They stand
// in here rather than in a module of their own, which would switch on the `#if canImport(DeveloperToolsSupport)`
// blocks that hold `#Preview`, a macro with no stand-in. SwiftUI's own: `@MainActor protocol PreviewModifier`
// (`associatedtype Context = Void`, `typealias Content = PreviewModifierContent`, `@MainActor static func
// makeSharedContext() async throws -> Self.Context`, `@ContentBuilder @MainActor func body(content: Self.Content,
// context: Self.Context) -> Self.Body`), `nonisolated struct PreviewModifierContent: View`, and `@MainActor static func
// modifier(_ modifier: some PreviewModifier) -> PreviewTrait<T>` where `T == Preview.ViewTraits` (iOS 18, macOS 15,
// tvOS 18, watchOS 11, visionOS 2).
@MainActor public struct PreviewTrait<T> {
    public init(_ traits: PreviewTrait<T>...) {}
}
@MainActor public struct Preview {
    public enum ViewTraits {}
}
@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
@MainActor public protocol PreviewModifier {
    associatedtype Context = Void
    associatedtype Body: View
    typealias Content = PreviewModifierContent
    static func makeSharedContext() async throws -> Self.Context
    @ViewBuilder func body(content: Self.Content, context: Self.Context) -> Self.Body
}
@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
public struct PreviewModifierContent: View {
    public var body: Never { fatalError() }
}
@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
extension PreviewTrait where T == Preview.ViewTraits {
    public static func modifier(_ modifier: some PreviewModifier) -> PreviewTrait<T> { PreviewTrait() }
}
