import Ambient
import SwiftUI

// The original SwiftUI Dependencies README's setup in a view, unchanged, type-checked only in the module built with an
// app target's settings (DocSnippetsAppTarget), where the extension's property is isolated to the main actor.

private struct MyDependencyKey: DependencyKey {
    static let defaultValue = "Default value"
}

extension DependencyValues {
    var myDependency: String {
        get { self[MyDependencyKey.self] }
        set { self[MyDependencyKey.self] = newValue }
    }
}

struct MyDependencyView: View {
    @Dependency(\.myDependency) var myDependency

    var body: some View {
        Text(myDependency)
    }
}

struct MyDependencyParent: View {
    var body: some View {
        MyDependencyView()
            .dependency(\.myDependency, "Custom value")
    }
}
