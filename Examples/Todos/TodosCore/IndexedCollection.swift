/// A collection's elements, each with its index: what a list row needs to bind to the element it shows, or to
/// number it. Each pair keeps the element's identity, so a `ForEach` over the pairs follows elements, not positions:
///
/// ```swift
/// for row in todos.indexed() where !row.element.isDone {
///     print("\(row.index + 1). \(row.element.title)")
/// }
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public struct IndexedCollection<Base: RandomAccessCollection>: RandomAccessCollection {
    /// An element and its index in the base collection.
    public struct Element {
        /// The element's index in the base collection.
        public let index: Base.Index
        /// The element.
        public let element: Base.Element
    }

    /// The collection whose elements are paired with their indices.
    public let base: Base

    /// The base collection's first index.
    public var startIndex: Base.Index { base.startIndex }

    /// The base collection's end index.
    public var endIndex: Base.Index { base.endIndex }

    /// The element at `position`, with `position`.
    public subscript(position: Base.Index) -> Element {
        Element(index: position, element: base[position])
    }

    /// The index after `index` in the base collection.
    public func index(after index: Base.Index) -> Base.Index {
        base.index(after: index)
    }

    /// The index before `index` in the base collection.
    public func index(before index: Base.Index) -> Base.Index {
        base.index(before: index)
    }

    /// The index `distance` steps from `index`, in constant time.
    public func index(_ index: Base.Index, offsetBy distance: Int) -> Base.Index {
        base.index(index, offsetBy: distance)
    }

    /// The number of steps from `start` to `end`, in constant time.
    public func distance(from start: Base.Index, to end: Base.Index) -> Int {
        base.distance(from: start, to: end)
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension IndexedCollection.Element: Identifiable where Base.Element: Identifiable {
    /// The element's identity, so that `ForEach` follows elements, not positions.
    public var id: Base.Element.ID { element.id }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension IndexedCollection.Element: Sendable where Base.Index: Sendable, Base.Element: Sendable {}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension IndexedCollection: Sendable where Base: Sendable {}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension RandomAccessCollection {
    /// The elements paired with their indices, for rows that bind to the element they show.
    ///
    /// - Returns: `(index, element)` pairs with the same indices as this collection.
    public func indexed() -> IndexedCollection<Self> {
        IndexedCollection(base: self)
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension IndexedCollection.Element: Equatable where Base.Element: Equatable {}
