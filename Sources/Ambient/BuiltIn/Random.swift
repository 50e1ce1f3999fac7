/// A random number generator that code takes from its dependencies, so that tests get a repeatable sequence.
///
/// Read it through ``DependencyValues/random`` instead of using `SystemRandomNumberGenerator`, and pass it to the
/// standard library's `random(in:using:)`, `randomElement(using:)` and `shuffled(using:)`:
///
/// ```swift
/// struct Dice {
///     @Dependency(\.random) private var random
///
///     func roll() -> Int {
///         random { Int.random(in: 1...6, using: &$0) }
///     }
/// }
/// ```
///
/// The generator is a handle: copies draw from the same sequence, so `var generator = random` followed by
/// `names.shuffled(using: &generator)` also advances the dependency's sequence. It is safe to use from any thread;
/// calls from several threads each draw different numbers.
public struct RandomGenerator: RandomNumberGenerator, Sendable {
    /// The generator that numbers are drawn from, under a lock shared by the copies.
    private let generator: ConditionLock<any RandomNumberGenerator & Sendable>

    /// A generator that draws from `generator`, under a lock so that any thread can use it.
    ///
    /// ```swift
    /// withDependencies { $0.random = RandomGenerator(MyRecordedNumbers()) } operation: { ... }
    /// ```
    ///
    /// - Parameter generator: The generator to draw from.
    public init(_ generator: some RandomNumberGenerator & Sendable) {
        self.generator = ConditionLock(generator)
    }

    /// The system's generator, `SystemRandomNumberGenerator`: the live value.
    public static var system: RandomGenerator {
        RandomGenerator(SystemRandomNumberGenerator())
    }

    /// A new generator whose sequence is fixed by `seed`: the same seed always gives the same numbers, in every
    /// run and on every platform.
    ///
    /// The sequence is SplitMix64's (statistically sound for tests and games; not for cryptography).
    ///
    /// ```swift
    /// var generator = RandomGenerator.seeded(42)
    /// let first = Int.random(in: 1...6, using: &generator)  // the same in every run
    /// ```
    ///
    /// - Parameter seed: The seed; tests use 0.
    /// - Returns: A new generator at the start of the seed's sequence.
    public static func seeded(_ seed: UInt64) -> RandomGenerator {
        RandomGenerator(SplitMix64(state: seed))
    }

    /// Returns the next random 64 bits.
    ///
    /// - Returns: A value from the generator's sequence.
    public func next() -> UInt64 {
        generator.withLock { $0.next() }
    }

    /// Runs `body` with this generator, to pass it to an API that takes one `inout`.
    ///
    /// ```swift
    /// let roll = random { Int.random(in: 1...6, using: &$0) }
    /// let deck = random { cards.shuffled(using: &$0) }
    /// ```
    ///
    /// - Parameter body: Draws from the generator it is given.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func callAsFunction<R>(_ body: (inout RandomGenerator) throws -> R) rethrows -> R {
        var generator = self
        return try body(&generator)
    }
}

extension DependencyValues {
    /// The random number generator, as code should use it instead of `SystemRandomNumberGenerator`.
    ///
    /// - Live: ``RandomGenerator/system``.
    /// - Previews and tests: ``RandomGenerator/seeded(_:)`` with seed 0, created once per root, so each test draws
    ///   the same sequence from its start whatever other tests do, and a preview shows the same data every time.
    ///
    /// ```swift
    /// @Dependency(\.random) private var random
    /// let tip = random { tips.randomElement(using: &$0)! }
    ///
    /// // In a test, choose another sequence:
    /// withDependencies { $0.random = .seeded(7) } operation: { ... }
    /// ```
    public var random: RandomGenerator {
        get { self[RandomGeneratorKey.self] }
        set { self[RandomGeneratorKey.self] = newValue }
    }
}

private enum RandomGeneratorKey: DependencyKey {
    static var defaultValue: RandomGenerator { .system }
    static var testingValue: RandomGenerator { .seeded(0) }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state advanced by the golden-ratio increment, then mixed.
private struct SplitMix64: RandomNumberGenerator, Sendable {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
