import Ambient
import Foundation
import Testing

struct Stamper: Sendable {  // a struct
    @Dependency(\.date) private var date
}

actor StampLog {  // an actor
    @Dependency(\.date) private var date
}

@MainActor final class StampModel {  // a main-actor class
    @Dependency(\.date) private var date
}

final class AuditLog: Sendable {  // or read the value once, in init
    private let date: DateGenerator

    init() {
        date = DependencyValues.current.date
    }
}

@Test func anObjectKeepsTheScopeItWasCreatedIn() async throws {
    let builder = withDependencies {
        $0.api = StubAPI()
    } operation: {
        ReportBuilder()
    }

    let report = try await withDependencies {
        $0.api = OtherAPI()
    } operation: {
        try await builder.build()  // still StubAPI: the scope builder was created in
    }
    #expect(report.source == "StubAPI")
}

/// Work that leaves the task, with the values of the scope that scheduled it.
func scheduleUploads() {
    let values = DependencyValues.current
    DispatchQueue.global().async {
        withDependencies(values) {
            Uploader().upload()  // sees the scope that scheduled it
        }
    }

    Task.detached {
        await withDependencies(values) { await Uploader().sync() }
    }
}

private enum SearchIndexKey: DependencyKey {
    static var defaultValue: SearchIndex { SearchIndex(api: DependencyValues.current.api) }
    static var testingValue: SearchIndex { defaultValue }
}

nonisolated extension DependencyValues {
    var searchIndex: SearchIndex {
        get { self[SearchIndexKey.self] }
        set { self[SearchIndexKey.self] = newValue }
    }
}

@Test func aDefaultFollowsTheOverrideOfWhatItRead() {
    let index = withDependencies {
        $0.api = StubAPI()
    } operation: {
        DependencyValues.current.searchIndex  // a second SearchIndex, built with StubAPI
    }
    #expect(index.api.source == "StubAPI")
    #expect(DependencyValues.current.searchIndex.api.source == "TestAPI")
}

@Test func theUpdateClosureSeesItsOwnValuesThroughItsArgumentAndTheOuterOnesThroughCurrent() {
    let stubbedIndex = withDependencies {
        $0.api = StubAPI()
        $0.searchIndex = SearchIndex(api: $0.api)  // StubAPI; DependencyValues.current.api is the outer API
    } operation: {
        DependencyValues.current.searchIndex
    }
    #expect(stubbedIndex.api.source == "StubAPI")
    withDependencies {
        $0.api = StubAPI()
        #expect(DependencyValues.current.api.source == "TestAPI")
    } operation: {
    }
}

nonisolated extension DependencyValues {
    var now: Date { date.now }  // asks the date generator on each read
}

@Test func aComputedPropertyAsksOnEveryRead() {
    let calls = CallCounter()
    withDependencies {
        $0.date = DateGenerator { Date(timeIntervalSince1970: Double(calls.next())) }
    } operation: {
        #expect(DependencyValues.current.now == Date(timeIntervalSince1970: 1))
        #expect(DependencyValues.current.now == Date(timeIntervalSince1970: 2))
    }
}

/// Counts the calls of a date generator.
nonisolated private final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor @Test func aModelBuiltInsideTheScopeAgreesWithIt() async {
    let model = withDependencies {
        $0.api = StubAPI()
    } operation: {
        ProfileModel(dependencies: .current)
    }
    await model.load()
    #expect(model.name == "StubAPI")
}

nonisolated final class ResultsModel: DependencyOwner {
    struct Row {
        @Ambient.Dependency(\.date) var date
    }
}

@Test func aTypeNestedInADependencyOwnerReadsThroughThePlainWrapper() {
    let fixed = Date(timeIntervalSince1970: 0)
    let row = withDependencies {
        $0.date = DateGenerator { fixed }
    } operation: {
        ResultsModel.Row()
    }
    #expect(row.date.now == fixed)
}
