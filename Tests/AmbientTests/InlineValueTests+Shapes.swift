import Testing

@testable import Ambient

/// A key for each value type, so that one generic check can set and read values of every shape.
enum ShapeKey<Value: Sendable>: DependencyKey {
    static var defaultValue: Value { preconditionFailure("the tests set \(Value.self) before they read it") }
}

/// Names `ShapeKey<Value>` in a key path: a new key path object each time one is written.
struct ShapeTag<Value>: Hashable, Sendable {}

extension DependencyValues {
    fileprivate subscript<Value: Sendable>(shape _: ShapeTag<Value>) -> Value {
        get { self[ShapeKey<Value>.self] }
        set { self[ShapeKey<Value>.self] = newValue }
    }
}

/// A struct owner of `ShapeKey<Value>`'s key path.
private struct ShapeReader<Value: Sendable>: Sendable {
    @Dependency var value: Value
    init() { _value = Dependency(\.[shape: ShapeTag<Value>()]) }
}

/// A class owner of `ShapeKey<Value>`'s key path, read in place.
private final class ShapeOwner<Value: Sendable>: @unchecked Sendable {
    // Safe: the only stored property is a `@Dependency`, written in `init` and only read afterwards.
    @Dependency var value: Value
    init() { _value = Dependency(\.[shape: ShapeTag<Value>()]) }
}

/// Values of every shape a first override can have, on each side of what `InlineValue` keeps in the node: each must
/// read back as the value set last through every path (the update itself, a type key, a key path in a struct and a
/// class, a nested scope, a scope that overrides it again, `prepareDependencies`), and every reference it holds must
/// be freed with its scope.
extension InlineValueTests {
    protocol ClassBoundGreeter: AnyObject, Greeter {}

    final class BoundGreeter: ClassBoundGreeter {
        let token: Token
        init(_ number: Int) { token = Token(number) }
    }

    /// Exactly five words: the most the node keeps.
    struct FiveWords: Sendable {
        let token: Token
        let padding = (1, 2, 3, 4)
    }

    /// Five references: five releases, through the type's own destruction.
    struct FiveReferences: Sendable {
        let tokens: (Token, Token, Token, Token, Token)
    }

    struct WeakAndStrong: @unchecked Sendable {
        // Safe: a `let` weak reference, only read.
        weak var weak: Token?
        let strong: Token
    }

    enum Payload: Sendable {
        case empty
        case one(Token)
        case two(Token, Int)
    }

    enum Shape: CaseIterable, Sendable {
        case classReference, classBoundExistential, smallExistential, boxedExistential, anySendableWithReferences
        case optionalNil, optionalSome, fiveWords, sixWords, fiveReferences, weakAndStrong, payloadEmpty
        case payloadOne, payloadTwo, closure, string, array, integer, overaligned, empty
    }

    @Test(arguments: Shape.allCases)
    func everyShapeReadsBackThroughEveryPathAndIsFreed(_ shape: Shape) {
        typealias T = Token
        switch shape {
        case .classReference:
            check({ T($0) }, inline: true) { $0.number }
        case .classBoundExistential:
            check({ BoundGreeter($0) as any ClassBoundGreeter }, inline: true) { $0.token.number }
        case .smallExistential:
            check({ SmallGreeter(token: T($0)) as any Greeter }, inline: true) { $0.token.number }
        case .boxedExistential:
            check({ LargeGreeter(token: T($0)) as any Greeter }, inline: true) { $0.token.number }
        case .anySendableWithReferences:
            check({ (T($0), T(0)) as any Sendable }, inline: true) { ($0 as? (T, T))?.0.number }
        case .optionalNil:
            check({ _ in T?.none }, inline: true) { $0 == nil ? nil : -1 }
        case .optionalSome:
            check({ T?.some(T($0)) }, inline: true) { $0?.number ?? -1 }
        case .fiveWords:
            check({ FiveWords(token: T($0)) }, inline: true) { $0.token.number }
        case .sixWords:
            check({ Wide(token: T($0)) }, inline: false) { $0.token.number }
        case .fiveReferences:
            check({ FiveReferences(tokens: (T(0), T(0), T(0), T(0), T($0))) }, inline: true) { $0.tokens.4.number }
        case .weakAndStrong:
            check({ WeakAndStrong(weak: nil, strong: T($0)) }, inline: true) { $0.strong.number }
        case .payloadEmpty:
            check({ _ in Payload.empty }, inline: true) { if case .empty = $0 { nil } else { -1 } }
        case .payloadOne:
            check({ Payload.one(T($0)) }, inline: true) { if case .one(let token) = $0 { token.number } else { -1 } }
        case .payloadTwo:
            check({ Payload.two(T(0), $0) }, inline: true) { if case .two(_, let number) = $0 { number } else { -1 } }
        case .closure:
            check({ number in { @Sendable in number } }, inline: true) { $0() }
        case .string:
            check({ "a string too long to be kept in its own two words: \($0)" }, inline: true) {
                Int($0.split(separator: " ").last ?? "")
            }
        case .array:
            check({ [T(0), T($0)] }, inline: true) { $0[1].number }
        case .integer:
            check({ $0 }, inline: true) { $0 }
        case .overaligned:
            check({ SIMD4<Float>(repeating: Float($0)) }, inline: false) { Int($0[3]) }
        case .empty:
            check({ _ in () }, inline: true) { _ in nil }
        }
    }

    /// Sets values made by `make` (from a number) as `ShapeKey<Value>`'s in every way and reads them back through
    /// every path, with `number` telling which number a value was made from (`nil`: values of this shape all look
    /// alike); then checks that nothing it made is alive.
    private func check<Value: Sendable>(
        _ make: (Int) -> Value, inline: Bool, number: @escaping (Value) -> Int?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        func expect(_ value: Value, madeFrom expected: Int, _ path: String) {
            guard let found = number(value) else { return }
            #expect(found == expected, "\(path)", sourceLocation: sourceLocation)
        }
        let before = Token.live.alive
        withFreshRoot {
            withDependencies {
                $0[ShapeKey<Value>.self] = make(1)
                #expect(($0.storage.firstValueType != nil) == inline, sourceLocation: sourceLocation)
                expect($0[ShapeKey<Value>.self], madeFrom: 1, "update")
                $0[ShapeKey<Value>.self] = make(2)
                $0[PureKey.self] = 2
                $0[ShapeKey<Value>.self] = make(3)
                expect($0[ShapeKey<Value>.self], madeFrom: 3, "update, after a second key")
                $0.assign(\.[shape: ShapeTag<Value>()], make(4))
                expect($0[ShapeKey<Value>.self], madeFrom: 4, "update, after a key path")
                $0[ShapeKey<Value>.self] = make(5)
            } operation: {
                let reader = ShapeReader<Value>()
                let owner = ShapeOwner<Value>()
                // The first read of a key path resolves it; the next ones read what the scope cached.
                for _ in 0..<3 {
                    expect(reader.value, madeFrom: 5, "struct owner")
                    expect(owner.value, madeFrom: 5, "class owner")
                }
                expect(DependencyValues.current[ShapeKey<Value>.self], madeFrom: 5, "type key")
                withDependencies {
                    $0[PureKey.self] = 3
                } operation: {
                    expect(DependencyValues.current[ShapeKey<Value>.self], madeFrom: 5, "nested scope")
                    expect(ShapeReader<Value>().value, madeFrom: 5, "nested scope's owner")
                    #expect(DependencyValues.current.description.contains("ShapeKey"), sourceLocation: sourceLocation)
                }
                withDependencies {
                    $0[ShapeKey<Value>.self] = make(6)
                } operation: {
                    expect(DependencyValues.current[ShapeKey<Value>.self], madeFrom: 6, "overriding scope")
                    expect(ShapeOwner<Value>().value, madeFrom: 6, "overriding scope's owner")
                }
                expect(owner.value, madeFrom: 5, "class owner, after the overriding scope")
            }
        }
        #expect(Token.live.alive == before, "scopes", sourceLocation: sourceLocation)
        withFreshRoot {
            prepareDependencies { $0[ShapeKey<Value>.self] = make(7) }
            expect(DependencyValues.current[ShapeKey<Value>.self], madeFrom: 7, "prepared")
            expect(ShapeReader<Value>().value, madeFrom: 7, "prepared, owner")
        }
        #expect(Token.live.alive == before, "prepared", sourceLocation: sourceLocation)
    }

    /// A value whose `deinit` reads dependencies and enters scopes, on whatever thread frees it.
    final class ReadsWhenFreed: Sendable {
        let token: Token
        init(_ number: Int) { token = Token(number) }
        deinit {
            let number = token.number
            _ = DependencyValues.current[PureKey.self]
            withDependencies {
                $0[PureKey.self] = number
            } operation: {
                _ = ShapeReader<Int>().value
            }
        }
    }

    @Test func aValueWhoseDeinitReadsAndEntersScopesIsFreedFromTheNodeOnce() {
        let before = Token.live.alive
        withFreshRoot {
            prepareDependencies { $0[ShapeKey<Int>.self] = 1 }
            for number in 0..<20 {
                withDependencies {
                    $0[ShapeKey<ReadsWhenFreed>.self] = ReadsWhenFreed(number)
                    // Replaced in the update: freed there, from the node.
                    $0[ShapeKey<ReadsWhenFreed>.self] = ReadsWhenFreed(number + 1)
                } operation: {
                    #expect(ShapeReader<ReadsWhenFreed>().value.token.number == number + 1)
                    #expect(Token.live.alive == before + 1)
                }
            }
        }
        #expect(Token.live.alive == before)
    }
}
