#if canImport(SwiftUI)
    import Ambient
    import Foundation
    public import SwiftUI
    import TodosCore

    // Apple API used here, looked up in Apple's documentation (docs search):
    // - `List`, `Section`, `ForEach(_:content:)` over `Identifiable` data (iOS 13, all platforms).
    // - `DynamicViewContent.onDelete(perform: ((IndexSet) -> Void)?)` and
    //   `onMove(perform: ((IndexSet, Int) -> Void)?)` (iOS 13, all platforms): offsets into the `ForEach`'s data,
    //   which is the whole `todos` array here, so they go to the store unchanged.
    // - `TextField(_:text:)`, `View.onSubmit(of:_:)` (iOS 15, macOS 12, tvOS 15, watchOS 8).
    // - `Menu(_:systemImage:content:)` (iOS 14, macOS 11, tvOS 17, visionOS 1; not watchOS, hence the
    //   `@available(watchOS, unavailable)`), `Button(_:role:action:)` (iOS 15).
    // - `View.toolbar(content:)`, `ToolbarItem(placement:content:)`, `ToolbarItemPlacement.primaryAction` (iOS 14).
    // - `@Bindable` subscript(dynamicMember:) -> `Binding` (iOS 17): `$store` is `DependencyState`'s projected
    //   `Bindable`, and `$store.todos[row.index]` a `Binding<Todo>`.

    /// The todo list: rows bound to the store, swipe to delete, drag to reorder, an order menu and an add field.
    ///
    /// The view owns a ``TodosStore`` through `@DependencyState`, built once from the dependencies at the view's
    /// position: the app's file storage, the previews' sample todos, or whatever an ancestor overrides.
    ///
    /// ```swift
    /// @main struct TodosApp: App {
    ///     var body: some Scene {
    ///         WindowGroup { NavigationStack { TodosView() } }
    ///     }
    /// }
    /// ```
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
                Section {
                    ForEach(store.todos.indexed()) { row in
                        TodoItemView(todo: $store.todos[row.index])
                    }
                    .onDelete { offsets in store.delete(atOffsets: offsets) }
                    .onMove { source, destination in store.move(fromOffsets: source, toOffset: destination) }
                }
                Section {
                    TextField("New todo", text: $newTitle)
                        .onSubmit { add() }
                }
            }
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Menu("Order", systemImage: "arrow.up.arrow.down") {
                        Button("By date") { store.orderByDate() }
                        Button("By priority") { store.orderByPriority() }
                        Button("Remove completed", role: .destructive) { store.removeCompleted() }
                    }
                }
            }
        }

        private func add() {
            let title = newTitle.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !title.isEmpty else { return }
            store.add(title: title)
            newTitle = ""
        }
    }

    @available(watchOS, unavailable)
    #Preview("Sample todos") {
        // Previews run in the preview context: `todoStorage` gives the sample todos, in memory.
        NavigationStack { TodosView() }
    }

    @available(watchOS, unavailable)
    #Preview("Empty list, through an override") {
        NavigationStack { TodosView() }
            .dependency(\.todoStorage, .inMemory())
    }
#endif
