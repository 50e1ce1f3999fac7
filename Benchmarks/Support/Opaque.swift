// Functions the optimizer of the benchmark module cannot see into: they live in another module and are not
// inlinable, so a value passed to them must really be computed, and a value returned by them is unknown.

/// Consumes a value.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Returns its argument, unknown to the caller's optimizer.
@inline(never)
public func opaque<T>(_ value: T) -> T { value }
