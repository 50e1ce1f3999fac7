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
/// The folders above the data folder count too: in one that others can write (or own), they can rename the data
/// folder away and put a link to another folder in its place, and the files of a save would be created there. So
/// each folder on the way is checked, both as written and with its links resolved, and a link on the way must be
/// ours. Folders of the superuser are trusted, and a sticky folder such as `/tmp` is not shared, since others cannot
/// rename what is ours in it.
///
/// ```swift
/// if let problem = SharedFolder.problem(of: URL(filePath: "/srv/todos")) {
///     print("warning: \(problem)")
/// }
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public enum SharedFolder {
    /// What makes `folder` shared, with the fix, or `nil` when only its owner — this process's user — can change
    /// it and the folders above it, or when it does not exist (and those of the folders above it that exist are
    /// not shared).
    ///
    /// - Parameter folder: The data folder.
    /// - Returns: A sentence that names the folder, why others can change it, and what to run to stop them.
    public static func problem(of folder: URL) -> String? {
        var path = folder.absoluteURL.path(percentEncoded: false)
        if path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return ownProblem(path) ?? problemAbove(path)
    }

    /// What lets others change the data folder at `path` itself, or `nil`.
    private static func ownProblem(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        if status.st_uid != geteuid() {
            return "the data folder \(path) belongs to another user (uid \(status.st_uid)), who could replace the "
                + "files todos saves there; use a folder of your own"
        }
        if status.st_mode & 0o022 != 0 && status.st_mode & S_ISVTX == 0 {
            return "the data folder \(path) can be written by other users (mode \(mode(status)), no sticky bit), who "
                + "could replace the files todos saves there; make it yours alone with `chmod go-w \(path)`"
        }
        return nil
    }

    /// What lets others put another folder in the place of the data folder at `path`: a folder above it that they
    /// can write or own, or a link on the way that is theirs; or `nil`.
    private static func problemAbove(_ path: String) -> String? {
        // As written: each folder and link on the way, as far as they exist.
        var deepest = "/"
        for prefix in prefixes(of: path) {
            var status = stat()
            guard lstat(prefix, &status) == 0 else { break }
            if let problem = problem(of: prefix, status, above: path, isDataFolder: prefix == path) { return problem }
            deepest = prefix
        }
        // With the links resolved: the folders above where the data really is.
        guard let resolved = realpath(deepest, nil) else { return nil }
        defer { free(resolved) }
        let real = String(cString: resolved)
        for prefix in prefixes(of: real) where !(deepest == path && prefix == real) {
            var status = stat()
            guard lstat(prefix, &status) == 0 else { break }
            if let problem = problem(of: prefix, status, above: path, isDataFolder: false) { return problem }
        }
        return nil
    }

    /// What lets others replace what is below the folder or link at `prefix`, whose status is `status`, on the way to
    /// the data folder at `path`; the data folder itself is only checked as a link (``ownProblem(_:)`` does the rest).
    private static func problem(of prefix: String, _ status: stat, above path: String, isDataFolder: Bool) -> String? {
        let isTrusted = status.st_uid == geteuid() || status.st_uid == 0
        if status.st_mode & S_IFMT == S_IFLNK {
            guard !isTrusted else { return nil }
            return "the symbolic link \(prefix) on the way to the data folder \(path) belongs to another user (uid "
                + "\(status.st_uid)), who could point it at another folder; keep the data elsewhere"
        }
        guard !isDataFolder, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        if !isTrusted {
            return "the folder \(prefix) above the data folder \(path) belongs to another user (uid \(status.st_uid)), "
                + "who could put a link to another folder in the data folder's place; keep the data elsewhere"
        }
        if status.st_mode & 0o022 != 0 && status.st_mode & S_ISVTX == 0 {
            return "the folder \(prefix) above the data folder \(path) can be written by other users (mode "
                + "\(mode(status)), no sticky bit), who could put a link to another folder in the data folder's place; "
                + "make it yours alone with `chmod go-w \(prefix)`, or keep the data elsewhere"
        }
        return nil
    }

    /// `/`, `/a`, `/a/b` for `/a/b`.
    private static func prefixes(of path: String) -> [String] {
        var prefixes = ["/"]
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            prefixes.append(prefix)
        }
        return prefixes
    }

    /// `0777`: the permission bits of `status` as `chmod` takes them.
    private static func mode(_ status: stat) -> String {
        let octal = String(status.st_mode & 0o7777, radix: 8)
        return String(repeating: "0", count: max(0, 4 - octal.count)) + octal
    }
}
