public import Ambient
public import Foundation
import TodosCore

/// The settings of a program without `UserDefaults` — the command-line app — kept as JSON in one file, with the
/// same care as the todos.
///
/// ``SettingsStore`` works on a ``KeyValueStore``. The file hands it one in memory that holds what the file holds,
/// and saves what the store holds afterwards, under the same lock and atomic save as the todos: a change re-reads
/// the file under an exclusive lock, so it keeps what another process saved; a corrupt file is refused with its path
/// and left untouched; a failed save is an error, never a setting that only seemed saved; a symbolic link is
/// never written through; and fields of the file that this version does not know are saved again as they were. Apps keep their settings in the `keyValueStore` dependency (`UserDefaults`) instead.
///
/// ```swift
/// let file = SettingsFile(url: URL(filePath: "/tmp/todos/settings.json"))
/// try file.update { store in
///     var dependencies = DependencyValues.current
///     dependencies.keyValueStore = store
///     SettingsStore(dependencies: dependencies).sleepGoal = 7
/// }
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public struct SettingsFile: Sendable {
    private let data: DataFile<Contents>

    /// The settings file at `url`.
    ///
    /// - Parameters:
    ///   - url: The JSON file; nothing is created until a setting changes.
    ///   - locking: How long to wait for another process that holds the lock; 10 seconds, silently, unless given.
    ///   - allowsSharedFolder: Whether changes may be saved in a folder that other users can write (see
    ///     ``SharedFolder``); `false` unless given.
    public init(url: URL, locking: FileLocking = .standard, allowsSharedFolder: Bool = false) {
        data = DataFile(
            file: AtomicFile(url: url),
            locking: locking,
            allowsSharedFolder: allowsSharedFolder,
            empty: Contents(),
            knownFields: Contents.fieldNames,
            check: Contents.problem
        )
    }

    /// The file's path, for messages.
    public var path: String { data.path }

    /// The saved settings, in a new key-value store in memory.
    ///
    /// - Returns: A store that holds what the file holds; changes to it are not saved.
    /// - Throws: ``FileStorageError/unreadable(path:reason:)``, ``FileStorageError/corrupt(path:reason:)`` or
    ///   ``FileStorageError/busy(path:seconds:)``.
    public func read() throws(FileStorageError) -> KeyValueStore {
        try data.read().store()
    }

    /// Hands `change` a key-value store in memory that holds the saved settings, then saves what it holds, all under
    /// the file's exclusive lock.
    ///
    /// - Parameter change: What to do with the settings; it must not use the file itself.
    /// - Returns: What `change` returned.
    /// - Throws: What ``read()`` throws (nothing is saved then), or ``FileStorageError/saveFailed(path:reason:)``; the
    ///   previous file is then unchanged.
    public func update<Result>(_ change: (KeyValueStore) -> Result) throws(FileStorageError) -> Result {
        try data.update { contents in
            let store = contents.store()
            let result = change(store)
            contents = Contents(store)
            return result
        }.result
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension SettingsFile {
    /// What the file holds: each setting, or nothing for one still at its default.
    struct Contents: Codable, Equatable, Sendable {
        var sleepGoal: Double?
        var isNotificationsEnabled: Bool?

        /// The JSON fields of the settings; the file's other fields are kept as they were.
        static let fieldNames: Set<String> = [SettingsStore.Keys.sleepGoal, SettingsStore.Keys.isNotificationsEnabled]

        init() {}

        /// The settings a key-value store holds.
        init(_ store: KeyValueStore) {
            sleepGoal = store.value(forKey: SettingsStore.Keys.sleepGoal)
            isNotificationsEnabled = store.value(forKey: SettingsStore.Keys.isNotificationsEnabled)
        }

        /// A new key-value store in memory that holds these settings.
        func store() -> KeyValueStore {
            var values: [String: any KeyValueStoreValue] = [:]
            values[SettingsStore.Keys.sleepGoal] = sleepGoal
            values[SettingsStore.Keys.isNotificationsEnabled] = isNotificationsEnabled
            return .inMemory(values)
        }

        /// Why decoded settings make no sense, or `nil`.
        @Sendable static func problem(_ contents: Contents) -> String? {
            guard let goal = contents.sleepGoal, !SettingsStore.sleepGoalRange.contains(goal) else { return nil }
            return "sleepGoal \(goal) is outside \(SettingsStore.sleepGoalRange)"
        }
    }
}
