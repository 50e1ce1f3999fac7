public import Foundation

extension DependencyValues {
    /// The calendar that dates are computed in, as code should ask for it instead of `Calendar.current`.
    ///
    /// - Live and previews: `Calendar.autoupdatingCurrent`, which follows the system's settings.
    /// - Tests: the Gregorian calendar in the ``DependencyValues/timeZone`` and ``DependencyValues/locale`` of the
    ///   test (UTC and `en_US_POSIX` unless the test overrides them), so that "the start of the day" is the same
    ///   instant wherever the test runs.
    ///
    /// ```swift
    /// @Dependency(\.calendar) private var calendar
    /// let isToday = calendar.isDate(todo.dueDate, inSameDayAs: date.now)
    ///
    /// // In a test, overriding the time zone moves the testing calendar with it:
    /// withDependencies { $0.timeZone = TimeZone(identifier: "Asia/Tokyo")! } operation: { ... }
    /// ```
    public var calendar: Calendar {
        get { self[CalendarKey.self] }
        set { self[CalendarKey.self] = newValue }
    }
}

private enum CalendarKey: DependencyKey {
    static var defaultValue: Calendar { .autoupdatingCurrent }
    static var previewValue: Calendar { .autoupdatingCurrent }
    static var testingValue: Calendar {
        let values = DependencyValues.current
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = values.timeZone
        calendar.locale = values.locale
        return calendar
    }
}
