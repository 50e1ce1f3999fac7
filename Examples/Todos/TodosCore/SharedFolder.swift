public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a data folder is shared with other users who could replace the files saved in it.
///
/// A save creates a temporary file beside the data file and renames it over it. In a folder that others can write
/// (group or world write permission without the sticky bit), or that another user owns, they can rename, remove or
/// replace those names — swap a temporary file for a symbolic link, say — between two steps of a save. Saves check
/// for such swaps, but a folder that others control is refused for changes unless its use is meant
/// (`allowsSharedFolder`); reads go on, since they replace nothing.
///
/// ```swift
/// if let problem = SharedFolder.problem(of: URL(filePath: "/srv/todos")) {
///     print("warning: \(problem)")
/// }
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public enum SharedFolder {
    /// What makes `folder` shared, with the fix, or `nil` when only its owner — this process's user — can change
    /// it, or when it does not exist.
    ///
    /// - Parameter folder: The data folder.
    /// - Returns: A sentence that names the folder, why others can change it, and what to run to stop them.
    public static func problem(of folder: URL) -> String? {
        var path = folder.path(percentEncoded: false)
        if path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        if status.st_uid != geteuid() {
            return "the data folder \(path) belongs to another user (uid \(status.st_uid)), who could replace the "
                + "files todos saves there; use a folder of your own"
        }
        if status.st_mode & 0o022 != 0 && status.st_mode & S_ISVTX == 0 {
            let octal = String(status.st_mode & 0o7777, radix: 8)
            let mode = String(repeating: "0", count: max(0, 4 - octal.count)) + octal
            return "the data folder \(path) can be written by other users (mode \(mode), no sticky bit), who could "
                + "replace the files todos saves there; make it yours alone with `chmod go-w \(path)`"
        }
        return nil
    }
}
