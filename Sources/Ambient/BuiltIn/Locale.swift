public import Foundation

extension DependencyValues {
    /// The locale that text, numbers and dates are formatted for, as code should ask for it instead of
    /// `Locale.current`.
    ///
    /// - Live and previews: `Locale.autoupdatingCurrent`, which follows the system's setting.
    /// - Tests: `en_US_POSIX`, the locale whose formats never change, so that a test pins the same text wherever it
    ///   runs. The testing ``DependencyValues/calendar`` uses it.
    ///
    /// ```swift
    /// @Dependency(\.locale) private var locale
    /// let text = price.formatted(.currency(code: "EUR").locale(locale))
    ///
    /// // In a test, check the French text:
    /// withDependencies { $0.locale = Locale(identifier: "fr_FR") } operation: { ... }
    /// ```
    public var locale: Locale {
        get { self[LocaleKey.self] }
        set { self[LocaleKey.self] = newValue }
    }
}

private enum LocaleKey: DependencyKey {
    static var defaultValue: Locale { .autoupdatingCurrent }
    static var previewValue: Locale { .autoupdatingCurrent }
    static var testingValue: Locale { Locale(identifier: "en_US_POSIX") }
}
