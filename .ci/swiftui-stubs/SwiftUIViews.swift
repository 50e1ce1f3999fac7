// Stand-ins for the SwiftUI views and modifiers that the Todos example (Examples/Todos/TodosUI) uses, signature for
// signature as Apple documents them; bodies are placeholders. Each was looked up in Apple's documentation (docs
// search, developer.apple.com/documentation/swiftui), with its availability:
//
// - `ViewBuilder` (iOS 13, all platforms): blocks, `if`, `if`/`else`. Apple's current pages spell the attribute
//   `@ContentBuilder`; the builders it replaces are `@ViewBuilder` and `@ToolbarContentBuilder`, which the SDKs
//   that build the package's floor (iOS 14) have.
// - `List(content:)`, `Section(content:)` (iOS 13); `Section(_:content:)` with a title (iOS 15, macOS 12, tvOS 15,
//   watchOS 8); `Form(content:)` (iOS 13).
// - `ForEach(_:content:)` over `Identifiable` data and `ForEach(_:id:content:)` (iOS 13); `DynamicViewContent`,
//   `onDelete(perform:)` and `onMove(perform:)`, each taking `Optional<...>` (iOS 13, all platforms).
// - `Binding(get:set:)` with `@isolated(any) @Sendable` closures, `Binding.projectedValue`, `State.projectedValue`
//   (iOS 13).
// - `Toggle(isOn:label:)`, `Toggle(_:isOn:)` (iOS 13); `Picker(_:selection:content:)` with a `StringProtocol` title
//   (iOS 13); `View.tag(_:)` (iOS 13).
// - `TextField(_:text:)` with a `LocalizedStringKey` title (iOS 13); `View.onSubmit(of:_:)` with `SubmitTriggers`
//   (iOS 15, macOS 12, tvOS 15, watchOS 8).
// - `Button(_:action:)` (iOS 13) and `Button(_:role:action:)`, `ButtonRole.destructive` (iOS 15, macOS 12, tvOS 15,
//   watchOS 8); actions `@escaping @MainActor () -> Void`.
// - `Menu(_:systemImage:content:)` (iOS 14, macOS 11, tvOS 17, visionOS 1; not watchOS).
// - `View.toolbar(content:)` with `ToolbarContent`, `ToolbarItem(placement:content:)`,
//   `ToolbarItemPlacement.primaryAction` (iOS 14, macOS 11, tvOS 14, watchOS 7).
// - `NavigationStack(root:)` (iOS 16, macOS 13, tvOS 16, watchOS 9).
// - `View.disabled(_:)` (iOS 13); `View.foregroundStyle(_:)` (iOS 15, macOS 12, tvOS 15, watchOS 8) with `Color.red`
//   and `HierarchicalShapeStyle.secondary` as `ShapeStyle`s; `Text.strikethrough(_:color:)`, `View.font(_:)`,
//   `Font.caption`, `VStack(alignment:spacing:content:)`, `View.padding(_:_:)` (iOS 13).
//
// Not stood in: `#Preview` (Xcode 15), a macro whose plugin and target module (DeveloperToolsSupport) exist only in
// Xcode. The example keeps each preview's content in a property or view that is type-checked here, and its one-line
// `#Preview` under `#if canImport(DeveloperToolsSupport)`.
public import Foundation

@resultBuilder public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<First: View, Second: View>(
        first: First
    ) -> _ConditionalContent<First, Second> { _ConditionalContent() }
    public static func buildEither<First: View, Second: View>(
        second: Second
    ) -> _ConditionalContent<First, Second> { _ConditionalContent() }
}
public struct EmptyView: View {
    nonisolated public init() {}
    public var body: Never { fatalError() }
}
public struct TupleView<T>: View {
    nonisolated public init(_ value: T) {}
    public var body: Never { fatalError() }
}
public struct _ConditionalContent<TrueContent, FalseContent>: View {
    public var body: Never { fatalError() }
}
extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

public struct LocalizedStringKey: ExpressibleByStringInterpolation, Equatable, Sendable {
    public init(_ value: String) {}
    public init(stringLiteral value: String) {}
}

public struct List<SelectionValue: Hashable, Content: View>: View {
    public var body: Never { fatalError() }
}
extension List where SelectionValue == Never {
    nonisolated public init(@ViewBuilder content: () -> Content) {}
}
public struct Section<Parent, Content, Footer> {}
extension Section: View where Parent: View, Content: View, Footer: View {
    public var body: Never { fatalError() }
}
extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) {}
}
extension Section where Parent == Text, Content: View, Footer == EmptyView {
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
}
public struct Form<Content: View>: View {
    nonisolated public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public protocol DynamicViewContent<Data>: View {
    associatedtype Data: Collection
    var data: Data { get }
}
public struct _DynamicViewContentPlaceholder<Data: Collection>: DynamicViewContent {
    public var data: Data { fatalError() }
    public var body: Never { fatalError() }
}
extension DynamicViewContent {
    nonisolated public func onDelete(perform action: ((IndexSet) -> Void)?) -> some DynamicViewContent {
        _DynamicViewContentPlaceholder<Data>()
    }
    nonisolated public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> some DynamicViewContent {
        _DynamicViewContentPlaceholder<Data>()
    }
}
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    public var data: Data
}
extension ForEach: View, DynamicViewContent where Content: View {
    public var body: Never { fatalError() }
}
extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    nonisolated public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
    }
}
extension ForEach where Content: View {
    nonisolated public init(
        _ data: Data,
        id: KeyPath<Data.Element, ID>,
        @ViewBuilder content: @escaping (Data.Element) -> Content
    ) {
        self.data = data
    }
}

public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    public var body: Never { fatalError() }
}
extension Picker where Label == Text {
    nonisolated public init<S: StringProtocol>(
        _ title: S,
        selection: Binding<SelectionValue>,
        @ViewBuilder content: () -> Content
    ) {}
}
public struct TextField<Label: View>: View {
    public var body: Never { fatalError() }
}
extension TextField where Label == Text {
    nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
}
public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = SubmitTriggers(rawValue: 1)
    public static let search = SubmitTriggers(rawValue: 2)
}

public struct ButtonRole: Equatable, Sendable {
    public static let destructive = ButtonRole()
    public static let cancel = ButtonRole()
}
public struct Button<Label: View>: View {
    public var body: Never { fatalError() }
}
extension Button where Label == Text {
    @preconcurrency nonisolated public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}
    @preconcurrency nonisolated public init(
        _ titleKey: LocalizedStringKey,
        role: ButtonRole?,
        action: @escaping @MainActor () -> Void
    ) {}
}
public struct Label<Title: View, Icon: View>: View {
    public var body: Never { fatalError() }
}
public struct Image: View {
    public var body: Never { fatalError() }
}
@available(watchOS, unavailable)
public struct Menu<Label: View, Content: View>: View {
    public var body: Never { fatalError() }
}
@available(watchOS, unavailable)
extension Menu {
    nonisolated public init(
        _ titleKey: LocalizedStringKey,
        systemImage: String,
        @ViewBuilder content: () -> Content
    ) where Label == SwiftUI.Label<Text, Image> {}
}

@MainActor @preconcurrency public protocol ToolbarContent {
    associatedtype Body: ToolbarContent
    var body: Body { get }
}
extension Never: ToolbarContent {}
@resultBuilder public struct ToolbarContentBuilder {
    public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content { content }
}
public struct ToolbarItemPlacement: Sendable {
    public static let automatic = ToolbarItemPlacement()
    public static let primaryAction = ToolbarItemPlacement()
}
public struct ToolbarItem<ID, Content: View>: ToolbarContent {
    public var body: Never { fatalError() }
}
extension ToolbarItem where ID == () {
    nonisolated public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
}

public struct NavigationPath {}
public struct NavigationStack<Data, Root: View>: View {
    public var body: Never { fatalError() }
}
extension NavigationStack where Data == NavigationPath {
    nonisolated public init(@ViewBuilder root: () -> Root) {}
}

public struct HorizontalAlignment: Sendable {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
}
public struct VStack<Content: View>: View {
    nonisolated public init(
        alignment: HorizontalAlignment = .center,
        spacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) {}
    public var body: Never { fatalError() }
}
public enum Edge: Int8, Sendable {
    case top, leading, bottom, trailing
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let all = Set(rawValue: 15)
    }
}

public protocol ShapeStyle: Sendable {}
public struct Color: ShapeStyle, Hashable {
    public static let red = Color()
}
extension Color: View {
    public var body: Never { fatalError() }
}
extension ShapeStyle where Self == Color {
    public static var red: Color { Color.red }
}
public struct HierarchicalShapeStyle: ShapeStyle {
    public static let secondary = HierarchicalShapeStyle()
}
extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle.secondary }
}
public struct Font: Hashable, Sendable {
    public static let caption = Font()
}

extension Text {
    nonisolated public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text { self }
}

extension View {
    nonisolated public func disabled(_ disabled: Bool) -> some View { _Placeholder() }
    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { _Placeholder() }
    nonisolated public func font(_ font: Font?) -> some View { _Placeholder() }
    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { _Placeholder() }
    nonisolated public func tag<V: Hashable>(_ tag: V) -> some View { _Placeholder() }
    nonisolated public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
        _Placeholder()
    }
    nonisolated public func toolbar<Content: ToolbarContent>(
        @ToolbarContentBuilder content: () -> Content
    ) -> some View { _Placeholder() }
}

// What the SwiftUI snippets of the documentation (.ci/swiftui-stubs/DocSnippets.swift) use besides, each looked up in
// Apple's documentation (docs search, developer.apple.com/documentation/swiftui), with its availability:
//
// - `TabView` and `TabView.init(content:)` where `SelectionValue == Int` (iOS 13, macOS 10.15, tvOS 13, watchOS 7).
// - `Slider` and `Slider.init(value:in:onEditingChanged:)` (iOS 13, macOS 10.15, watchOS 6; not tvOS).
// - `View.task(name:priority:file:line:_:)`, the current spelling of `task(priority:_:)` (iOS 15, macOS 12, tvOS 15,
//   watchOS 8).
// - `View.onChange(of:initial:_:)` with an action that takes no arguments (iOS 17, macOS 14, tvOS 17, watchOS 10).
// - In SwiftUI.swift: `WindowGroup.init(_:id:content:)`, `SceneBuilder`, `App.main()`.

public struct TabView<SelectionValue: Hashable, Content: View>: View {
    public var body: Never { fatalError() }
}
extension TabView where SelectionValue == Int {
    nonisolated public init(@ViewBuilder content: () -> Content) {}
}

@available(tvOS, unavailable)
public struct Slider<Label: View, ValueLabel: View>: View {
    public var body: Never { fatalError() }
}
@available(tvOS, unavailable)
extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    nonisolated public init<V>(
        value: Binding<V>,
        in bounds: ClosedRange<V> = 0...1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where V: BinaryFloatingPoint, V.Stride: BinaryFloatingPoint {}
}

extension View {
    nonisolated public func task(
        name: String? = nil,
        priority: TaskPriority = .userInitiated,
        file: String = #fileID,
        line: Int = #line,
        _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View { _Placeholder() }
    nonisolated public func onChange<V: Equatable>(
        of value: V,
        initial: Bool = false,
        _ action: @escaping () -> Void
    ) -> some View { _Placeholder() }
}
