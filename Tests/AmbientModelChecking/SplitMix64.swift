/// A small seeded generator (SplitMix64), so that a seed names one program on every platform and run.
struct SplitMix64 {
    /// The generator's state: the seed it was made with, advanced by each number it draws.
    var seed: UInt64

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int {
        seed &+= 0x9E37_79B9_7F4A_7C15
        let mixed = (seed ^ (seed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        let mixedAgain = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((mixedAgain ^ (mixedAgain >> 31)) % UInt64(bound))
    }

    /// `true` `percent` times in a hundred.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func element<T>(of elements: [T]) -> T { elements[below(elements.count)] }
}
