// The declarations of Ambient and AmbientTesting that XCTestFailure.swift uses, as those modules declare them.
import XCTest

public struct _DeclarationSite {
    public var fileID: String
    public var filePath: String
    public var line: Int
    public var column: Int
}

enum XCTestRootObserver {
    static var running: XCTestCase? { nil }
}
