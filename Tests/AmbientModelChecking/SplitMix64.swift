/// A small seeded generator (SplitMix64), so that a seed names one program on every platform and run.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        let mixed = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
        let mixedAgain = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixedAgain ^ (mixedAgain >> 31)
    }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// `true` `percent` times in a hundred.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func element<T>(of elements: [T]) -> T { elements[below(elements.count)] }
}
