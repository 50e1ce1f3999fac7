#if canImport(SwiftUI)
    import Ambient
    import Foundation
    public import SwiftUI
    import TodosCore

    // Apple API used here, looked up in Apple's documentation (docs search):
    // - `Form`, `Section(_:content:)`, `Toggle(_:isOn:)` (all platforms).
    // - `Picker(_:selection:content:)` with `View.tag(_:)` (all platforms): chosen over `Slider` and `Stepper`, which
    //   do not exist on tvOS.
    // - `@Bindable` subscript(dynamicMember:) -> `Binding` (iOS 17): `$settings` is `DependencyState`'s projection.

    /// The settings screen: the sleep goal and the notifications switch, saved as soon as they change in the
    /// `keyValueStore` dependency, through a ``SettingsStore`` the view owns with `@DependencyState`.
    ///
    /// ```swift
    /// NavigationStack { SettingsView() }
    /// ```
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    public struct SettingsView: View {
        @DependencyState private var settings: SettingsStore

        /// The sleep goals on offer, every half hour of ``SettingsStore/sleepGoalRange``.
        private static let sleepGoals = Array(
            stride(
                from: SettingsStore.sleepGoalRange.lowerBound,
                through: SettingsStore.sleepGoalRange.upperBound,
                by: 0.5
            )
        )

        /// A settings screen on the `keyValueStore` dependency.
        public init() {}

        /// The view's content.
        public var body: some View {
            Form {
                Section("Sleep") {
                    Picker("Sleep goal", selection: $settings.sleepGoal) {
                        ForEach(Self.sleepGoals, id: \.self) { hours in
                            Text("\(hours.formatted()) hours").tag(hours)
                        }
                    }
                }
                Section("Notifications") {
                    Toggle("Reminders", isOn: $settings.isNotificationsEnabled)
                }
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension SettingsView {
        /// The previews' content, outside `#Preview` so that CI type-checks it (see below).
        @MainActor static var previewOfTheDefaults: some View {
            // Previews run in the preview context: an empty key-value store, so the defaults show.
            SettingsView()
        }

        /// Saved settings, through an override.
        @MainActor static var previewOfSavedSettings: some View {
            SettingsView()
                .dependency(\.keyValueStore, .inMemory(["sleepGoal": 6.5, "isNotificationsEnabled": false]))
        }
    }

    // NB: `#Preview` expands through Xcode's preview macro plugin into DeveloperToolsSupport, neither of which exists
    // off Apple platforms; CI type-checks the content above against the stand-in SwiftUI instead.
    #if canImport(DeveloperToolsSupport)
        #Preview("Defaults") { SettingsView.previewOfTheDefaults }
        #Preview("Saved settings, through an override") { SettingsView.previewOfSavedSettings }
    #endif
#endif
