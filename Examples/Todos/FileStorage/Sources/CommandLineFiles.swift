public import Ambient
public import Foundation

/// Which files one run of `todos` works on, and whether it may, decided before anything is read or written: the
/// variables that choose the data folder, the lock timings, the in-memory contexts and shared folders.
///
/// ```swift
/// switch CommandLineFiles.choose(in: .default, dataDirectory: nil, liveFolder: folder, reads: true, changes: true,
///     environment: environment, undecodable: [:], onWait: { _ in }) {
/// case .files(let todos, let settings, let warning): ...
/// default: ...
/// }
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public enum CommandLineFiles {
    /// What one run works on, or why it is refused.
    public enum Choice {
        /// The files in the data folder; `warning` (usually empty) goes to standard error before the output.
        case files(todos: FileTodoStorage, settings: SettingsFile, warning: String)
        /// The context's own values in memory: a read in the preview or testing context with no folder named.
        case inMemory
        /// Bad input, refused with the usage (exit status 2).
        case badInput(BadInput)
        /// A refusal without the usage, with its exit status: a change that only memory would hold (2), or a
        /// change in a shared folder (1).
        case refused(message: String, status: Int32)
    }

    /// The lines of `todos help` about the variables of the file layer.
    public static let environmentHelp = """
          TODOS_ALLOW_SHARED_FOLDER=1
                                    Allow changes in a data folder that other users can write (group or world
                                    writable without the sticky bit, or owned by someone else, or in such a
                                    folder); refused otherwise.
          TODOS_LOCK_NOTICE=S, TODOS_LOCK_TIMEOUT=S
                                    Seconds to wait for another todos process before saying so (1) and
                                    before giving up (10).

        """

    /// The files of a run in `context`, or why it is refused.
    ///
    /// - Parameters:
    ///   - context: The context the run is in: outside the default one, only a folder named on purpose is used.
    ///   - dataDirectory: The folder `--data-dir` named, if any.
    ///   - liveFolder: The `todosDirectory` dependency, read in the default context only.
    ///   - reads: Whether the command reads the todos or the settings.
    ///   - changes: Whether the command changes them.
    ///   - environment: The process environment.
    ///   - undecodable: The variables of ``DataFolderVariables/names`` that are not UTF-8, each as a message shows it.
    ///   - onWait: Called once, with the lock file's path, when the lock has been busy for the notice time.
    /// - Returns: The files to use, ``Choice/inMemory``, or the refusal.
    public static func choose(
        in context: DependencyContext,
        dataDirectory: String?,
        liveFolder: @autoclosure () -> URL,
        reads: Bool,
        changes: Bool,
        environment: [String: String],
        undecodable: [String: String],
        onWait: @escaping @Sendable (_ lockPath: String) -> Void
    ) -> Choice {
        let locking: FileLocking
        do {
            locking = try LockTimings.locking(environment: environment, onWait: onWait)
        } catch {
            return .badInput(error)
        }
        if dataDirectory == nil, reads,
            let problem = DataFolderVariables.problem(in: context, environment: environment, undecodable: undecodable)
        {
            return .badInput(problem)
        }
        let folder: URL
        if context == .default {
            folder = liveFolder()
        } else {
            // These contexts keep their data in memory, where a change would be dropped at exit: only a folder named
            // on purpose makes them use files.
            let variable = environment[TodosDirectory.variable].flatMap { $0.isEmpty ? nil : $0 }
            guard let named = dataDirectory ?? variable else {
                guard changes else { return .inMemory }
                return .refused(
                    message: InMemoryContext.refusal(in: context, environment: environment).message, status: 2)
            }
            folder = URL(filePath: named, directoryHint: .isDirectory)
        }
        let allowsSharing = SharedFolderPolicy.allowsSharing(environment)
        var warning = ""
        if !allowsSharing, reads, let problem = SharedFolder.problem(of: folder) {
            if changes { return .refused(message: SharedFolderPolicy.refusal(problem), status: 1) }
            warning = SharedFolderPolicy.warning(problem)
        }
        return .files(
            todos: FileTodoStorage(
                url: folder.appending(component: "todos.json"), locking: locking, allowsSharedFolder: allowsSharing),
            settings: SettingsFile(
                url: folder.appending(component: "settings.json"), locking: locking, allowsSharedFolder: allowsSharing),
            warning: warning
        )
    }
}
