import Foundation
import Testing

@testable import TodosFileStorage

/// The split of a file's objects into members as written, which a save copies unknown fields from.
@Suite struct JSONMembersTests {
    @Test func membersAreSplitAsWrittenWhateverTheirStringsHold() throws {
        let text = #"[{"title": "a\\\"b\\\\", "x" :"q\\\"}\\\\", "y": [{"z": "]\"},"}]}, 3]"#
        guard case .array(let elements)? = JSONMembers.document(Data(text.utf8)) else {
            Issue.record("not split: \(text)")
            return
        }
        #expect(elements.count == 2)
        #expect(elements.last.map { $0 == nil } == true)
        let members = try #require(elements.first ?? nil)
        #expect(members.map(\.name) == ["title", "x", "y"])
        #expect(
            members.map { String(decoding: $0.rawValue, as: UTF8.self) }
                == [#""a\\\"b\\\\""#, #""q\\\"}\\\\""#, #"[{"z": "]\"},"}]"#])
    }

    @Test(arguments: [#"[{"a": "unterminated}]"#, #"{"a" 1}"#, "3", #"[1] x"#])
    func aDocumentThatIsNotWellFormedIsNotSplit(text: String) {
        #expect(JSONMembers.document(Data(text.utf8)) == nil)
    }
}
