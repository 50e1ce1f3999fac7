import Foundation
import Testing
import TodosCore
import TodosFileStorage
import TodosTestSupport

@Suite struct TodosDirectoryTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        arguments: [
            ([:], "/home/ada/.local/share/todos/"),
            (["XDG_DATA_HOME": "/data"], "/data/todos/"),
            (["XDG_DATA_HOME": "relative/data"], "/home/ada/.local/share/todos/"),
            (["XDG_DATA_HOME": ""], "/home/ada/.local/share/todos/"),
            (["TODOS_DATA_DIR": "/srv/todos/", "XDG_DATA_HOME": "/data"], "/srv/todos/"),
            (["TODOS_DATA_DIR": "", "XDG_DATA_HOME": "/data"], "/data/todos/"),
        ] as [([String: String], String)]
    )
    func firstVariableThatIsSetWins(environment: [String: String], expected: String) {
        let folder = TodosDirectory.resolve(environment: environment, home: "/home/ada")
        #expect(folder.path(percentEncoded: false) == expected)
    }
}
