// swift-format-ignore-file

import Ambient

// Ambient's README quick start, laid out as the README shows it (so the formatter leaves this file alone).

private struct APIKey: DependencyKey {
    static var defaultValue: any API { LiveAPI() }     // the app
    static var previewValue: any API { PreviewAPI() }  // SwiftUI previews
    static var testingValue: any API { TestAPI() }     // tests
}
nonisolated extension DependencyValues {  // nonisolated: read and set anywhere, also in an app target
    var api: any API { get { self[APIKey.self] } set { self[APIKey.self] = newValue } }
}

struct ReportBuilder { @Dependency(\.api) var api }                // in any type, on any platform

let builder = withDependencies { $0.api = StubAPI() } operation: { ReportBuilder() }   // builder.api is StubAPI
