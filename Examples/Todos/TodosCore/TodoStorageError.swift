/// Why the todos could not be loaded or saved, in the storage's words; a store only needs the kind: while the todos
/// cannot be read it refuses every change, so it never overwrites what it could not read.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public enum TodoStorageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The saved todos could not be read; the message says where and why.
    case unreadable(String)
    /// A change could not be saved, and what was saved before stands; the message says where and why.
    case unsaved(String)
    /// The app set no `\.todoStorage`, so there is nothing to load from or save to.
    case missing

    /// Whether the todos could not be read: while that lasts, a store refuses changes.
    public var isReadFailure: Bool {
        switch self {
        case .unreadable, .missing: true
        case .unsaved: false
        }
    }

    /// The line to show.
    public var description: String {
        switch self {
        case .unreadable(let message), .unsaved(let message):
            message
        case .missing:
            "no todo storage was set: set `\\.todoStorage` where the app starts (the command-line app sets a file "
                + "storage in its data folder); nothing was read or saved."
        }
    }
}
