import Testing

@testable import Ambient

private struct Empty {}
private struct OtherEmpty {}

/// Padding between the two fields: the comparison must not read it as a difference.
private struct Padded {
    var flag: UInt8
    var count: Int64
}

/// Larger than an existential's inline buffer, so `Any` keeps it in a box of its own.
private struct Large {
    var service: Service
    var number = 1
    var other = 2
    var third = 3
}

@Suite struct BitwiseIdentityTests {
    @Test(arguments: [
        (1, 1, true), (2, 3, false), (0, 0, true),
    ])
    func bitwiseIdentityComparesBytes(first: Int, second: Int, identical: Bool) {
        #expect(isBitwiseIdentical(first, second) == identical)
    }

    @Test func emptyStructsAreOneValue() {
        #expect(isBitwiseIdentical(Empty(), Empty()))
        #expect(isBitwiseIdentical(opening: Empty(), Empty()))
    }

    @Test func sameReferencesAreTheSameValue() {
        let service = Service("shared")
        let existential: any Sendable = service
        #expect(isBitwiseIdentical(service, service))
        #expect(isBitwiseIdentical(existential, existential))
        #expect(isBitwiseIdentical("text", "text"))
        #expect(isBitwiseIdentical(opening: Large(service: service), Large(service: service)))
    }

    @Test func otherInstancesAreOtherValuesWhateverTheirContents() {
        #expect(!isBitwiseIdentical(Service("twin"), Service("twin")))
        #expect(!isBitwiseIdentical(opening: Large(service: Service("a")), Large(service: Service("a"))))
    }

    @Test func otherPlainDataIsAnotherValue() {
        let service = Service("shared")
        #expect(!isBitwiseIdentical(Padded(flag: 1, count: 2), Padded(flag: 1, count: 3)))
        #expect(!isBitwiseIdentical(opening: Large(service: service), Large(service: service, third: 4)))
    }

    @Test func valuesOfOtherTypesAreNeverTheSame() {
        #expect(!isBitwiseIdentical(opening: Empty(), OtherEmpty()))
        #expect(!isBitwiseIdentical(opening: Int(7), UInt(7)), "the same bytes, another type")
    }

    @Test func existentialsAreComparedAsTheirDynamicType() {
        let service = Service("shared")
        let boxed: any Sendable = Large(service: service)
        let again: any Sendable = Large(service: service)
        #expect(!isBitwiseIdentical(boxed, again), "as existentials: two boxes")
        #expect(isBitwiseIdentical(opening: boxed, again), "opened: one value")
    }
}
