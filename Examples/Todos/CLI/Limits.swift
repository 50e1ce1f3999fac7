import TodosCore

/// The values `todos` accepts; anything outside is bad input, refused before anything changes.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum Limits {
    /// Priorities, lowest to highest.
    static let priority = 0...9
    /// Sleep goals, in hours: the range of the settings screen's slider.
    static let sleepGoal = SettingsStore.sleepGoalRange

    /// The sleep goal range as the help and errors print it.
    static var sleepGoalText: String {
        "\(Format.hours(sleepGoal.lowerBound)) to \(Format.hours(sleepGoal.upperBound))"
    }
}
