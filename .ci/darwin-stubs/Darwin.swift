// A stand-in for the few Darwin declarations that Ambient's Darwin branches use, signature for signature as the
// Darwin module imports them into Swift (looked up, not recalled): `pthread_t` is `UnsafeMutablePointer<_opaque_
// pthread_t>` and `pthread_self()` returns it; `dlsym(_:_:)` takes and returns implicitly unwrapped raw pointers.
// Only its existence matters to `#if canImport(Darwin)`; nothing here is ever run.

public struct _opaque_pthread_t {}
public typealias pthread_t = UnsafeMutablePointer<_opaque_pthread_t>

public func pthread_self() -> pthread_t { fatalError("stand-in") }

public func dlsym(_ handle: UnsafeMutableRawPointer!, _ symbol: UnsafePointer<CChar>!) -> UnsafeMutableRawPointer! {
    fatalError("stand-in")
}
