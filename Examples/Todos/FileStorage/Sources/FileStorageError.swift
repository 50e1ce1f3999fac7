public import TodosCore

/// Why the todos file (or the settings file) could not be read or saved. Each case names the file, so the message
/// can be acted on; the stores see it as the ``storageError`` it stands for.
///
/// ```swift
/// FileStorageError.busy(path: "/data/todos.json", seconds: 10).description
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public enum FileStorageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file exists but could not be read (permissions, a directory in its place, a folder that cannot be
    /// searched, ...).
    case unreadable(path: String, reason: String)
    /// The file was read but does not hold what it should: it is left untouched and never overwritten.
    case corrupt(path: String, reason: String)
    /// A save failed before the new file replaced the old one, so the previous file is unchanged; or, when there was
    /// no file (`hadFile` is `false`), none was created.
    case saveFailed(path: String, reason: String, hadFile: Bool = true)
    /// Another process held the file's lock for `seconds`, so nothing was read or changed.
    case busy(path: String, seconds: Double)
    /// The file's folder can be changed by other users (``SharedFolder``), so nothing was changed.
    case sharedFolder(path: String, problem: String)
    /// Another user of a shared folder put a file of theirs in the file's place during a save (only possible when
    /// shared folders are allowed): the save's bytes went nowhere else, but the previous file is gone.
    case replaced(path: String, reason: String)
    /// The file's folder was removed, or another folder was put in its place, during a save (by another program):
    /// the folder now at that path holds nothing of the save.
    case folderGone(path: String, folder: String)

    /// The file the error is about.
    public var path: String {
        switch self {
        case .unreadable(let path, _), .corrupt(let path, _), .saveFailed(let path, _, _), .busy(let path, _),
            .sharedFolder(let path, _), .replaced(let path, _), .folderGone(let path, _):
            path
        }
    }

    /// Whether the error is about reading the file: while it lasts, a store refuses changes.
    public var isReadFailure: Bool {
        switch self {
        case .unreadable, .corrupt: true
        case .saveFailed, .busy, .sharedFolder, .replaced, .folderGone: false
        }
    }

    /// One line that says what went wrong, with the file's path, and what became of the file.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read \(path) (\(reason)); it was left untouched."
        case .corrupt(let path, let reason):
            "\(path) is not a todos file (\(reason)); it was left untouched. Fix or move it, then try again."
        case .saveFailed(let path, let reason, hadFile: true):
            "cannot save \(path) (\(reason)); the previous file is unchanged."
        case .saveFailed(let path, let reason, hadFile: false):
            "cannot create \(path) (\(reason)); nothing was saved."
        case .busy(let path, let seconds):
            "another todos process kept \(path) locked for \(Self.text(seconds)) s; gave up, nothing was changed. "
                + "Try again."
        case .sharedFolder(let path, let problem):
            "refused to change \(path): \(problem); nothing was changed."
        case .replaced(let path, let reason):
            "cannot save \(path) (\(reason)); the previous file is gone and nothing was written elsewhere. Check "
                + "what \(path) is now before using it."
        case .folderGone(let path, let folder):
            "cannot save \(path): the data folder \(folder) disappeared or was replaced during the save, so nothing "
                + "was saved in it. Check what \(folder) is now, restore it if it was removed or moved by mistake, "
                + "then try again."
        }
    }

    /// The error as the stores see it: a read failure, during which they refuse changes, or a failed save.
    public var storageError: TodoStorageError {
        isReadFailure ? .unreadable(description) : .unsaved(description)
    }

    /// `10`, `0.5`: seconds without a needless fraction.
    private static func text(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e9 ? String(Int(seconds)) : String(seconds)
    }
}
