/// A value built at most once, by the first caller, even when callers race; the others wait for it.
///
/// The builder runs outside the lock, so it may take its time and read dependencies. A builder that asks the same
/// cell again on its own thread would wait for itself forever; that stops with a message instead.
final class OnceCell<Value>: @unchecked Sendable {
    // Safe: `state` is only touched inside `lock`, and a built value is published once and never replaced.
    private let lock = ConditionLock(State.empty)

    private enum State {
        case empty
        case building(thread: UInt)
        case built(Value)
    }

    private enum Step {
        case build
        case done(Value)
    }

    /// The value, if it was built.
    var value: Value? {
        lock.withLock { state in
            if case .built(let value) = state { return value }
            return nil
        }
    }

    /// The value, built by `build` if no caller built it yet; a caller that loses the race waits and gets the
    /// winner's value.
    func value(orBuild build: () -> Value, reentered: () -> Never) -> Value {
        let thread = currentThreadID()
        let step: Step = lock.waitFor { state in
            switch state {
            case .built(let value):
                return .done(value)
            case .empty:
                state = .building(thread: thread)
                return .build
            case .building(let builder):
                if builder == thread { reentered() }
                return nil
            }
        }
        if case .done(let value) = step { return value }
        let value = build()
        lock.withLockBroadcasting { $0 = .built(value) }
        return value
    }
}
