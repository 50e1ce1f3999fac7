#if canImport(SwiftUI)
    public import SwiftUI
    public import TodosCore

    // Apple API used here, looked up in Apple's documentation (docs search):
    // - `Toggle(isOn: Binding<Bool>, label: () -> Label)` (iOS 13, macOS 10.15, tvOS 13, watchOS 6).
    // - `Text.strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text` (iOS 13, all platforms).
    // - `View.foregroundStyle(_:)` (iOS 15, macOS 12, tvOS 15, watchOS 8).
    // - `VStack(alignment:spacing:content:)`, `View.font(_:)`, `Font.caption`, `View.padding(_:_:)` (iOS 13).
    // - `#Preview(_:body:)` (Xcode 15), around a small view that holds the `@State` (iOS 13).

    /// One row of the list: a toggle bound to the todo's `isDone`, its title struck through once it is done. The row
    /// edits the todo through a binding, so the store that owns it saves the change:
    ///
    /// ```swift
    /// ForEach(store.todos.indexed()) { row in
    ///     TodoItemView(todo: Binding(get: { row.element }, set: { @MainActor edited in store.update(edited) }))
    /// }
    /// ```
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    public struct TodoItemView: View {
        @Binding private var todo: Todo

        /// A row for the todo behind `todo`, usually a binding into a store's `todos`.
        public init(todo: Binding<Todo>) {
            _todo = todo
        }

        /// The view's content.
        public var body: some View {
            Toggle(isOn: $todo.isDone) {
                VStack(alignment: .leading) {
                    Text(todo.title)
                        .strikethrough(todo.isDone)
                    if todo.priority > 0 {
                        Text("Priority \(todo.priority)")
                            .font(.caption)
                            .foregroundStyle(.secondary)
                    }
                }
            }
        }
    }

    /// Two rows on state of their own, for the preview: one open, one done.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    private struct TodoItemPreview: View {
        @State private var open = Todo.samples[1]
        @State private var done = Todo.samples[2]

        var body: some View {
            VStack {
                TodoItemView(todo: $open)
                TodoItemView(todo: $done)
            }
            .padding()
        }
    }

    // NB: `#Preview` expands through Xcode's preview macro plugin into DeveloperToolsSupport, neither of which exists
    // off Apple platforms; CI type-checks `TodoItemPreview` against the stand-in SwiftUI instead.
    #if canImport(DeveloperToolsSupport)
        #Preview("Open and done") { TodoItemPreview() }
    #endif
#endif
