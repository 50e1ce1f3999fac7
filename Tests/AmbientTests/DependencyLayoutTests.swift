import Testing

@testable import Ambient

/// An object pays for every `@Dependency` it declares, in memory and in the stores that build it.
@Suite struct DependencyLayoutTests {
    @Test func aDependencyPropertyTakesSevenWords() {
        // values, key path, identity, declaration site (three words), and whether it is a key path's; on platforms
        // with SwiftUI, one more word holds the values at the view's position.
        #if canImport(SwiftUI)
            #expect(MemoryLayout<Dependency<Int>>.stride == 64)
        #else
            #expect(MemoryLayout<Dependency<Int>>.stride == 56)
        #endif
    }

    @Test func aDeclarationSiteTakesThreeWords() {
        #expect(MemoryLayout<DeclarationSite>.size == 24)
    }
}
