import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading and writing an open file descriptor whole, retrying interrupted calls: what a save and a read do through
/// the one descriptor they opened, never through the file's name again.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum FileDescriptor {
    /// Why a file is more than a read accepts.
    struct TooLarge: Error {}

    /// The bytes from `descriptor`'s position to its end; throws ``TooLarge`` once more than `limit` bytes came.
    static func readToEnd(_ descriptor: Int32, limit: Int) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw lastError()
            }
            guard data.count + count <= limit else { throw TooLarge() }
            data.append(contentsOf: buffer[..<count])
        }
    }

    /// Writes every byte of `data` to `descriptor`.
    static func writeAll(_ data: Data, to descriptor: Int32) throws {
        var remaining = data[...]
        while !remaining.isEmpty {
            let count = remaining.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw lastError()
            }
            remaining = remaining.dropFirst(count)
        }
    }

    /// The error of the last failed system call.
    static func lastError() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}
