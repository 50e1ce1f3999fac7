import Testing

@testable import Ambient

/// A scope keeps the value of its first override in its node when the value fits (`InlineValue`), and boxes it
/// otherwise. Each kind of value must read back the same through every path, wherever it is kept, and be freed
/// exactly once: when its scope ends, or at once when the update replaces it. Serialized: the tests count live
/// instances of one type.
@Suite(.serialized) struct InlineValueTests {
    /// A counted reference, held by every kind of value below.
    final class Token: Sendable {
        static let live = LiveInstances()
        let number: Int
        init(_ number: Int) {
            self.number = number
            Token.live.created()
        }
        deinit { Token.live.freed() }
    }

    /// Plain data: nothing to destroy.
    struct Point: Sendable, Equatable {
        var x = 0
        var y = 0
    }

    /// A reference and a number: destroyed through its type.
    struct Pair: Sendable {
        let token: Token
        let number: Int
    }

    protocol Greeter: Sendable {
        var token: Token { get }
    }

    struct SmallGreeter: Greeter {
        let token: Token
    }

    /// Too large for an existential's own buffer, so an `any Greeter` holding it holds a box of its own.
    struct LargeGreeter: Greeter {
        let token: Token
        let padding = (1, 2, 3, 4)
    }

    /// Six words: too large to be kept in the node.
    struct Wide: Sendable {
        let token: Token
        let numbers = (1, 2, 3, 4, 5)
    }

    enum TokenKey: DependencyKey {
        static var defaultValue: Token { Token(0) }
    }
    enum PointKey: DependencyKey {
        static var defaultValue: Point { Point() }
    }
    enum PairKey: DependencyKey {
        static var defaultValue: Pair { Pair(token: Token(0), number: 0) }
    }
    enum GreeterKey: DependencyKey {
        static var defaultValue: any Greeter { SmallGreeter(token: Token(0)) }
    }
    enum OptionalTokenKey: DependencyKey {
        static var defaultValue: Token? { nil }
    }
    enum WideKey: DependencyKey {
        static var defaultValue: Wide { Wide(token: Token(0)) }
    }
    enum VectorKey: DependencyKey {
        static var defaultValue: SIMD4<Float> { SIMD4(0, 0, 0, 0) }
    }

    struct Owner {
        @Dependency(\.inlineToken) var token
        @Dependency(\.inlinePair) var pair
        @Dependency(\.inlineGreeter) var greeter
        @Dependency(\.inlineWide) var wide
        @Dependency(PointKey.self) var point
    }

    @Test func smallValuesAreKeptInTheNodeAndLargeOrOveralignedOnesAreBoxed() {
        #expect(InlineValue.fits(Token.self))
        #expect(InlineValue.fits(Point.self))
        #expect(InlineValue.fits(Pair.self))
        #expect(InlineValue.fits((any Greeter).self))
        #expect(!InlineValue.fits(Wide.self))
        #expect(MemoryLayout<SIMD4<Float>>.alignment > MemoryLayout<UInt>.alignment)
        #expect(!InlineValue.fits(SIMD4<Float>.self))

        var small = DependencyValues()
        small.inlineGreeter = SmallGreeter(token: Token(1))
        #expect(small.storage.firstValueType != nil)
        var wide = DependencyValues()
        wide.inlineWide = Wide(token: Token(1))
        #expect(wide.storage.firstValueType == nil)
        #expect(wide.storage.setsOverrides)
    }

    @Test func aBoxedValueIsWhereItsReadersLookForItWhateverItsAlignment() {
        func readBack<Value: Sendable & Equatable>(_ value: Value) -> Bool {
            let box = Box(value)
            let address = ScopeNode.valueAddress(in: .passUnretained(box))
            return withExtendedLifetime(box) { ScopeNode.value(at: address, as: Value.self) == value }
        }
        #expect(readBack(UInt8(7)))
        #expect(readBack(UInt16(7)))
        #expect(readBack(Float(7)))
        #expect(readBack(Point(x: 3, y: 4)))
        #expect(readBack("a string"))
        #expect(readBack(SIMD4<Float>(1, 2, 3, 4)))
        #expect(ScopeNode.value(at: ScopeNode.valueAddress(in: nil), as: Int.self) == nil)
    }

    @Test func eachKindOfValueIsDestroyedTheWayItsTypeNeeds() {
        #expect(InlineValue.Destruction.of(Int.self) == .none)
        #expect(InlineValue.Destruction.of(Point.self) == .none)
        #expect(InlineValue.Destruction.of(Token.self) == .release)
        // `AnyObject` is an existential, not a class: destroyed through its type, which is correct, if slower.
        #expect(InlineValue.Destruction.of(AnyObject.self) == .generic)
        #expect(InlineValue.Destruction.of(Token?.self) == .generic)
        #expect(InlineValue.Destruction.of(Pair.self) == .generic)
        #expect(InlineValue.Destruction.of(String.self) == .generic)
        #expect(InlineValue.Destruction.of((any Greeter).self) == .generic)
    }

    @Test func theInlineWordsFollowTheAtomicWords() {
        #expect(ScopeNode(root: Root(context: .testing)).inlineValueWordsAreSecond)
    }

    @Test func everyKindReadsBackThroughEveryPath() {
        let token = Token(1)
        let greeter = LargeGreeter(token: token)
        for kind in 0..<6 {
            withDependencies {
                switch kind {
                case 0: $0.inlineToken = token
                case 1: $0[PointKey.self] = Point(x: 3, y: 4)
                case 2: $0.inlinePair = Pair(token: token, number: 7)
                case 3: $0.inlineGreeter = greeter
                case 4: $0.inlineWide = Wide(token: token)
                default: $0[VectorKey.self] = SIMD4(1, 2, 3, 4)
                }
            } operation: {
                let owner = Owner()
                // Read in the scope itself, by a type key, by a key path, and in a nested scope whose overrides
                // map holds what it inherits.
                let reads: [(String, DependencyValues)] = [
                    ("scope", .current),
                    ("nested", withDependencies({ $0[PureKey.self] = 1 }, operation: { .current })),
                ]
                for (place, values) in reads {
                    switch kind {
                    case 0:
                        #expect(values.inlineToken === token, "\(place)")
                        #expect(owner.token === token)
                    case 1:
                        #expect(values[PointKey.self] == Point(x: 3, y: 4), "\(place)")
                        #expect(owner.point == Point(x: 3, y: 4))
                    case 2:
                        #expect(values.inlinePair.token === token && values.inlinePair.number == 7, "\(place)")
                        #expect(owner.pair.number == 7)
                    case 3:
                        #expect(values.inlineGreeter.token === token, "\(place)")
                        #expect(owner.greeter is LargeGreeter)
                    case 4:
                        #expect(values.inlineWide.token === token, "\(place)")
                        #expect(owner.wide.numbers.4 == 5)
                    default:
                        #expect(values[VectorKey.self] == SIMD4(1, 2, 3, 4), "\(place)")
                    }
                }
            }
        }
    }

    @Test func descriptionsShowAnInlineValue() {
        var values = DependencyValues()
        values[PointKey.self] = Point(x: 3, y: 4)
        #expect(values.description.contains("x: 3, y: 4"))
    }

    @Test func anInlineValueIsFreedWithItsScopeAndNotBefore() {
        let before = Token.live.alive
        for kind in 0..<4 {
            withDependencies {
                switch kind {
                case 0: $0.inlineToken = Token(1)
                case 1: $0.inlinePair = Pair(token: Token(1), number: 1)
                case 2: $0[OptionalTokenKey.self] = Token(1)
                default: $0.inlineGreeter = LargeGreeter(token: Token(1))
                }
            } operation: {
                #expect(Token.live.alive == before + 1)
                // A nested scope copies the value into the map of overrides it inherits; the copy goes with it.
                withDependencies {
                    $0[PureKey.self] = 1
                } operation: {
                    #expect(DependencyValues.current.description.contains("Token"))
                }
            }
            #expect(Token.live.alive == before, "kind \(kind)")
        }
    }

    @Test func anInlineValueReplacedInTheSameUpdateIsFreedAtOnce() {
        let before = Token.live.alive
        withDependencies {
            $0.inlinePair = Pair(token: Token(1), number: 1)
            $0.inlinePair = Pair(token: Token(2), number: 2)
            #expect(Token.live.alive == before + 1)
            $0.inlineToken = Token(3)
            $0.inlinePair = Pair(token: Token(4), number: 4)
            #expect(Token.live.alive == before + 2)
        } operation: {
            #expect(DependencyValues.current.inlinePair.number == 4)
            #expect(DependencyValues.current.inlineToken.number == 3)
        }
        #expect(Token.live.alive == before)
    }

    @Test func aValueSetThroughAKeyPathReplacesAnInlineOne() {
        let before = Token.live.alive
        withDependencies {
            $0.inlineToken = Token(1)
            $0.assign(\.inlineToken, Token(2))
            #expect(Token.live.alive == before + 1)
            #expect($0.storage.firstValueType == nil)
            $0.inlineToken = Token(3)
            #expect($0.storage.firstValueType != nil)
        } operation: {
            #expect(DependencyValues.current.inlineToken.number == 3)
        }
        #expect(Token.live.alive == before)
    }

    @Test func threadsReadingOneScopeAgreeOnItsValueAndItIsFreedOnce() {
        let before = Token.live.alive
        let threads = RacingThreads(count: 4)
        defer { threads.stop() }
        let wrong = Counter()
        for round in 0..<200 {
            let shared = withDependencies {
                $0.inlinePair = Pair(token: Token(round), number: round)
            } operation: {
                DependencyValues.current
            }
            // Each thread reads the shared scope's inline value, directly and from a scope of its own inside it,
            // whose first read makes the shared scope box a copy for its map: at once, on four threads.
            threads.race { index in
                withDependencies(shared) {
                    withDependencies {
                        $0[PureKey.self] = index
                    } operation: {
                        let values = DependencyValues.current
                        if values.inlinePair.number != round || values[PureKey.self] != index { _ = wrong.increment() }
                    }
                    if DependencyValues.current.inlinePair.token.number != round { _ = wrong.increment() }
                }
            }
        }
        // NB: the threads keep the last body they ran, and so the last scope, until they get another.
        threads.race { _ in }
        #expect(wrong.value == 0)
        #expect(Token.live.alive == before)
    }

    @Test func aValueKeptByAReaderOutlivesItsScope() {
        let before = Token.live.alive
        let kept = withDependencies {
            $0.inlinePair = Pair(token: Token(1), number: 1)
        } operation: {
            DependencyValues.current.inlinePair
        }
        #expect(Token.live.alive == before + 1)
        #expect(kept.token.number == 1)
        _ = consume kept
        #expect(Token.live.alive == before)
    }
}

extension DependencyValues {
    fileprivate var inlineToken: InlineValueTests.Token {
        get { self[InlineValueTests.TokenKey.self] }
        set { self[InlineValueTests.TokenKey.self] = newValue }
    }
    fileprivate var inlinePair: InlineValueTests.Pair {
        get { self[InlineValueTests.PairKey.self] }
        set { self[InlineValueTests.PairKey.self] = newValue }
    }
    fileprivate var inlineGreeter: any InlineValueTests.Greeter {
        get { self[InlineValueTests.GreeterKey.self] }
        set { self[InlineValueTests.GreeterKey.self] = newValue }
    }
    fileprivate var inlineWide: InlineValueTests.Wide {
        get { self[InlineValueTests.WideKey.self] }
        set { self[InlineValueTests.WideKey.self] = newValue }
    }
}
