#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The identity of the calling thread, as a number that can be compared and stored anywhere.
///
/// Creating a default value is synchronous, so "the same thread" means "nested inside that creation".
@inline(__always)
func currentThreadID() -> UInt {
    // NB: `pthread_t` is a pointer on Darwin and an integer on Linux; both fit in a `UInt`.
    #if canImport(Darwin)
        return UInt(bitPattern: pthread_self())
    #else
        return UInt(pthread_self())
    #endif
}
