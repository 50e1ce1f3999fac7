import Testing
import TodosCore

@Suite struct IndexedCollectionTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func pairsEachElementWithItsIndex() {
        let rows = ["a", "b", "c"].indexed()
        #expect(rows.map(\.index) == [0, 1, 2])
        #expect(rows.map(\.element) == ["a", "b", "c"])
        #expect(rows.count == 3)
        #expect(rows[1].element == "b")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func keepsTheIndicesOfASlice() {
        let slice = [10, 20, 30, 40][2...]
        let rows = slice.indexed()
        #expect(rows.map(\.index) == [2, 3])
        #expect(rows.map(\.element) == [30, 40])
        #expect(rows.reversed().map(\.index) == [3, 2])
        #expect(rows.distance(from: rows.startIndex, to: rows.endIndex) == 2)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func rowsAreIdentifiedByTheirElement() {
        let rows = Todo.samples.indexed()
        #expect(rows.map(\.id) == Todo.samples.map(\.id))
        #expect(rows.last?.index == Todo.samples.count - 1)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func emptyCollectionHasNoRows() {
        #expect([Int]().indexed().isEmpty)
    }
}
