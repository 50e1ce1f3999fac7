import Testing

@testable import Ambient

@Suite struct ReaderTests {
    let double = Reader<Int, Int> { $0 * 2 }

    @Test func applyRunsTheFunction() {
        #expect(double.apply(21) == 42)
    }

    @Test func mapTransformsTheValue() {
        #expect(double.map { "\($0)" }.apply(5) == "10")
    }

    @Test func flatMapRunsTheNextReaderInTheSameEnvironment() {
        let sum = double.flatMap { doubled in Reader<Int, Int> { doubled + $0 } }
        #expect(sum.apply(3) == 9)
    }

    @Test func zipPairsBothValues() {
        let pair = double.zip(Reader<Int, String> { "#\($0)" })
        let value = pair.apply(4)
        #expect(value.0 == 8)
        #expect(value.1 == "#4")
    }

    @Test func localDerivesTheEnvironment() {
        let length = double.local { (text: String) in text.count }
        #expect(length.apply("abc") == 6)
    }

    @Test func pureIgnoresTheEnvironment() {
        #expect(Reader<Int, String>.pure("x").apply(1) == "x")
    }

    @Test func dependencyReaderReadsTheValuesItIsGiven() {
        withFreshRoot {
            let name = Reader.dependency(\.service).map(\.name)
            var values = DependencyValues.current
            values.service = Service("given")
            #expect(name.apply(values) == "given")
            #expect(name.run() == "testing")
            #expect(Reader.dependency(Greeter.self).run().greeting == "Test hello")
        }
    }

    @Test func runUsesTheCurrentScope() {
        withFreshRoot {
            let name = Reader.dependency(\.service).map(\.name)
            let scoped = withDependencies {
                $0.service = Service("scoped")
            } operation: {
                name.run()
            }
            #expect(scoped == "scoped")
        }
    }

    @Test func withDependenciesChangesWhatTheReaderSees() {
        withFreshRoot {
            let demo = Reader.dependency(\.service).map(\.name).withDependencies { $0.context = .preview }
            #expect(demo.run() == "preview")
        }
    }
}
