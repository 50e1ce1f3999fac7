#if canImport(SwiftUI)
    import Ambient
    import Foundation
    public import SwiftUI
    import TodosCore

    // Apple API used here, looked up in Apple's documentation (docs search):
    // - `List(content:)`, `Section(content:)`, `ForEach(_:content:)` over `Identifiable` data (iOS 13, all platforms).
    // - `Binding(get:set:)` (iOS 13, all platforms): each closure `@isolated(any) @Sendable`, so the setter is marked
    //   `@MainActor` to call the store.
    // - `View.disabled(_:)` (iOS 13, all platforms): no editing while the store refuses changes.
    // - `NavigationStack(root:)` (iOS 16, macOS 13, tvOS 16, watchOS 9), in the previews.
    // - `DynamicViewContent.onDelete(perform: ((IndexSet) -> Void)?)` and
    //   `onMove(perform: ((IndexSet, Int) -> Void)?)` (iOS 13, all platforms): offsets into the `ForEach`'s data,
    //   which is `todos.indexed()` here, whose indices are those of the whole `todos` array, so they go to the store
    //   unchanged.
    // - `TextField(_:text:)`, `View.onSubmit(of:_:)` (iOS 15, macOS 12, tvOS 15, watchOS 8).
    // - `Menu(_:systemImage:content:)` (iOS 14, macOS 11, tvOS 17, visionOS 1; not watchOS, hence the
    //   `@available(watchOS, unavailable)`), `Button(_:role:action:)` (iOS 15).
    // - `View.toolbar(content:)`, `ToolbarItem(placement:content:)`, `ToolbarItemPlacement.primaryAction` (iOS 14).

    /// The todo list: rows bound to the store, swipe to delete, drag to reorder, an order menu and an add field. It
    /// owns a ``TodosStore`` through `@DependencyState`, built once from the dependencies at the view's position.
    ///
    /// ```swift
    /// @main struct TodosApp: App {
    ///     var body: some Scene {
    ///         WindowGroup { NavigationStack { TodosView() } }
    ///     }
    /// }
    /// ```
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @available(watchOS, unavailable)
    public struct TodosView: View {
        @DependencyState private var store: TodosStore
        @State private var newTitle = ""

        /// A list of the todos that the `todoStorage` dependency holds.
        public init() {}

        /// The view's content.
        public var body: some View {
            List {
                if let problem = store.loadError ?? store.saveError {
                    Text(problem.description)
                        .foregroundStyle(.red)
                }
                if !store.isEditable {
                    Button("Try again") { store.reload() }
                }
                Section {
                    // `indexed()` pairs each todo with its index and keeps its identity, so a row follows its todo
                    // when the list is reordered, and its binding can read the todo where the store holds it.
                    ForEach(store.todos.indexed()) { row in
                        TodoItemView(todo: binding(for: row))
                    }
                    .onDelete { offsets in store.delete(atOffsets: offsets) }
                    .onMove { source, destination in store.move(fromOffsets: source, toOffset: destination) }
                }
                .disabled(!store.isEditable)
                Section {
                    TextField("New todo", text: $newTitle)
                        .onSubmit { add() }
                }
                .disabled(!store.isEditable)
            }
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Menu("Order", systemImage: "arrow.up.arrow.down") {
                        Button("By date") { store.orderByDate() }
                        Button("By priority") { store.orderByPriority() }
                        Button("Remove completed", role: .destructive) { store.removeCompleted() }
                    }
                    .disabled(!store.isEditable)
                }
            }
        }

        /// A binding to the todo of `row`: it reads the todo at the row's index while that is still the row's todo,
        /// and hands each edit to the store by identifier, so it never lands on another todo or undoes another
        /// window's change.
        private func binding(for row: IndexedCollection<[Todo]>.Element) -> Binding<Todo> {
            Binding(
                get: { @MainActor in
                    let todos = store.todos
                    guard todos.indices.contains(row.index), todos[row.index].id == row.id else { return row.element }
                    return todos[row.index]
                },
                set: { @MainActor edited in store.update(edited) }
            )
        }

        private func add() {
            let title = newTitle.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !title.isEmpty else { return }
            // The title stays in the field when the todo could not be saved, so nothing typed is lost.
            if store.add(title: title) != nil {
                newTitle = ""
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @available(watchOS, unavailable)
    extension TodosView {
        /// The previews' content, outside `#Preview` so that CI type-checks it (see below).
        @MainActor static var previewOfTheSamples: some View {
            // Previews run in the preview context: `todoStorage` gives the sample todos, in memory.
            NavigationStack { TodosView() }
        }

        /// An empty list, through an override.
        @MainActor static var previewOfAnEmptyList: some View {
            NavigationStack { TodosView() }
                .dependency(\.todoStorage, .inMemory())
        }
    }

    // NB: `#Preview` expands through Xcode's preview macro plugin into DeveloperToolsSupport, neither of which exists
    // off Apple platforms; CI type-checks the content above against the stand-in SwiftUI instead.
    #if canImport(DeveloperToolsSupport)
        @available(watchOS, unavailable)
        #Preview("Sample todos") { TodosView.previewOfTheSamples }

        @available(watchOS, unavailable)
        #Preview("Empty list, through an override") { TodosView.previewOfAnEmptyList }
    #endif
#endif
