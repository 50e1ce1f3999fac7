// Functions the optimizer of the benchmark module cannot see into. Release builds optimize across modules, so
// `@inline(never)` alone is not enough: `@_optimize(none)` keeps the optimizer from learning that a sink does not
// keep its argument, which would let it put a "built" object on the stack and measure no allocation at all.

/// Consumes an object: one call, no retain (the argument is passed borrowed), and the object escapes.
@inline(never) @_optimize(none)
public func sink(_ object: AnyObject) {
    _ = object
}

/// Consumes an integer: one call.
@inline(never) @_optimize(none)
public func sink(_ value: Int) {
    _ = value
}

/// Consumes any value: a generic call, for values that are neither (costlier; used outside timed loops).
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Returns its argument, unknown to the caller's optimizer.
@inline(never) @_optimize(none)
public func opaque<T>(_ value: T) -> T { value }
