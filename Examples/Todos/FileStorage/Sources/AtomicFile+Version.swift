import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension AtomicFile {
    /// What the file was when it was read: which file it was (device and inode), its size and when it was last
    /// modified. A save compares it with what has the file's name just before the rename, so that a change made
    /// meanwhile by a program that does not take todos' lock (an editor, a copy, a sync tool) fails the save instead
    /// of being overwritten.
    struct Version: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modifiedSeconds: Int
        var modifiedNanoseconds: Int

        /// The version of the file whose status is `status`.
        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
            #if canImport(Darwin)
                modifiedSeconds = Int(status.st_mtimespec.tv_sec)
                modifiedNanoseconds = Int(status.st_mtimespec.tv_nsec)
            #else
                modifiedSeconds = Int(status.st_mtim.tv_sec)
                modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
            #endif
        }

        /// The version of what has the name `path` now, without following a link, or `nil` when nothing has it.
        static func current(at path: String) throws -> Version? {
            var status = stat()
            guard lstat(path, &status) == 0 else {
                if errno == ENOENT { return nil }
                throw AtomicFile.lastError()
            }
            return Version(status)
        }
    }

    /// Why a save stopped before its rename: the file is no longer what was read.
    struct ChangedError: Error, CustomStringConvertible {
        var description: String {
            "another program changed it after todos read it, without taking todos' lock; run the command again to "
                + "apply it to what the file holds now"
        }
    }
}
