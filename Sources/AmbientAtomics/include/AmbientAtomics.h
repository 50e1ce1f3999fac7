// Atomic operations on one machine word, for Ambient's lock-free read path.
//
// Swift's own atomics (the Synchronization module) need iOS 18 / macOS 15; Ambient supports iOS 14 / macOS 11.
// These functions are `static inline`, so the Swift compiler inlines them into their callers: a load costs what
// the instruction costs. They use the GCC/Clang `__atomic` builtins, which Clang provides on every Apple platform,
// Linux and Windows, on plain `uintptr_t` objects, and which the thread sanitizer understands.

#ifndef AMBIENT_ATOMICS_H
#define AMBIENT_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>

/// Loads the word, ordered before every later load and store of this thread (acquire).
static inline __attribute__((always_inline)) uintptr_t ambient_load_acquire(const uintptr_t *address) {
    return __atomic_load_n(address, __ATOMIC_ACQUIRE);
}

/// Loads the word, with no ordering.
static inline __attribute__((always_inline)) uintptr_t ambient_load_relaxed(const uintptr_t *address) {
    return __atomic_load_n(address, __ATOMIC_RELAXED);
}

/// Stores the word, ordered after every earlier load and store of this thread (release).
static inline __attribute__((always_inline)) void ambient_store_release(uintptr_t *address, uintptr_t value) {
    __atomic_store_n(address, value, __ATOMIC_RELEASE);
}

/// Stores the word, with no ordering.
static inline __attribute__((always_inline)) void ambient_store_relaxed(uintptr_t *address, uintptr_t value) {
    __atomic_store_n(address, value, __ATOMIC_RELAXED);
}

/// Stores `desired` if the word is `*expected` (acquire and release); otherwise writes the word into `*expected`.
/// Returns whether it stored.
static inline __attribute__((always_inline)) bool ambient_compare_exchange(
    uintptr_t *address, uintptr_t *expected, uintptr_t desired) {
    return __atomic_compare_exchange_n(address, expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

/// Stores `desired` and returns the word it replaced (acquire and release).
static inline __attribute__((always_inline)) uintptr_t ambient_exchange(uintptr_t *address, uintptr_t desired) {
    return __atomic_exchange_n(address, desired, __ATOMIC_ACQ_REL);
}

/// The provider of per-test roots that AmbientTesting installs (a retained Swift object), or 0. A C global, so that
/// reading it costs one load: a Swift `static let` would add a `swift_once` check to every read of the current scope.
extern uintptr_t ambient_test_root_provider;

/// Loads `ambient_test_root_provider` (acquire).
static inline __attribute__((always_inline)) uintptr_t ambient_load_test_root_provider(void) {
    return __atomic_load_n(&ambient_test_root_provider, __ATOMIC_ACQUIRE);
}

/// Stores `provider` in `ambient_test_root_provider` if it is 0; returns whether it did.
static inline __attribute__((always_inline)) bool ambient_install_test_root_provider(uintptr_t provider) {
    uintptr_t expected = 0;
    return __atomic_compare_exchange_n(
        &ambient_test_root_provider, &expected, provider, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

/// The trace switch (`AMBIENT_TRACE`): bit 0 for standard error, the rest counts collectors; see `Trace.swift`.
/// A C global for the same reason as `ambient_test_root_provider`: entering a scope reads it.
extern uintptr_t ambient_trace_switch;

/// The address of `ambient_trace_switch`, for atomic operations on it.
static inline __attribute__((always_inline)) uintptr_t *ambient_trace_switch_address(void) {
    return &ambient_trace_switch;
}

#endif
