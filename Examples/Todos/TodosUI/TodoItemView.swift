#if canImport(SwiftUI)
    public import SwiftUI
    public import TodosCore

    // Apple API used here, looked up in Apple's documentation (docs search):
    // - `Toggle(isOn: Binding<Bool>, label: () -> Label)` (iOS 13, macOS 10.15, tvOS 13, watchOS 6).
    // - `Text.strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text` (iOS 13, all platforms).
    // - `View.foregroundStyle(_:)` (iOS 15, macOS 12, tvOS 15, watchOS 8).
    // - `#Preview(_:body:)` and `@Previewable` (iOS 17, macOS 14): a `@State` inside a preview.

    /// One row of the list: a toggle bound to the todo's `isDone`, its title struck through once it is done.
    ///
    /// The row edits the todo through a binding, so the store that owns the todo saves the change:
    ///
    /// ```swift
    /// ForEach(store.todos.indexed()) { row in
    ///     TodoItemView(todo: $store.todos[row.index])
    /// }
    /// ```
    public struct TodoItemView: View {
        @Binding private var todo: Todo

        /// A row for the todo behind `todo`.
        ///
        /// - Parameter todo: A binding to the todo, usually into a store's `todos`.
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

    #Preview("Open and done") {
        @Previewable @State var open = Todo.samples[1]
        @Previewable @State var done = Todo.samples[2]
        return VStack {
            TodoItemView(todo: $open)
            TodoItemView(todo: $done)
        }
        .padding()
    }
#endif
