import Testing

@testable import Ambient

/// The lock-free read path keeps its atomic words first among an object's stored properties (`AtomicWords`); if a
/// change moved them, every atomic operation would hit another field.
@Suite struct AtomicWordsLayoutTests {
    @Test func everyClassWithAtomicWordsKeepsThemFirst() {
        let root = Root(context: .testing)
        let storage = ScopeNode(root: root)
        #expect(storage.atomicWordsAreFirst)
        #expect(KeyInfo(reads: [], keyType: ServiceKey.self).atomicWordsAreFirst)
        #expect(ReadRecorder().atomicWordsAreFirst)
        #expect(LockFreeTable<Service>().atomicWordsAreFirst)
    }

    @Test func lazyReferenceIsSetOnceAndReleasedWithItsOwner() {
        weak var released: Service?
        do {
            let info = KeyInfo(reads: [], keyType: ServiceKey.self)
            let first = Service("first")
            released = first
            #expect(info.value.load() == nil)
            #expect(info.value.storeIfNil(Box(first)).unbox(as: Service.self) === first)
            #expect(info.value.storeIfNil(Box(Service("second"))).unbox(as: Service.self) === first)
        }
        #expect(released == nil)
    }
}
