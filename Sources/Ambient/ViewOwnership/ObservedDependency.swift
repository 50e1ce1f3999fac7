/// The storage behind `@InjectedObject`: which dependency instance a view observes, and its change subscription.
///
/// The view reads the dependency at its position at each update; this follows that instance. It subscribes to the
/// first one, keeps the subscription while the view keeps getting the same instance, and swaps it when an ancestor's
/// override hands the view another one. It holds the observed instance strongly, so a new instance can never be
/// mistaken for an old one that happened to live at the same address. The subscription goes with the storage.
///
/// Not thread-safe: a view updates it from the main actor only.
final class ObservedDependency<Object: AnyObject> {
    private var observed: (object: Object, subscription: AnyObject)?

    /// Follows `object`, subscribing with `subscribe` when it is not the instance already observed.
    ///
    /// - Parameters:
    ///   - object: The dependency at the view's position, at this update.
    ///   - subscribe: Subscribes the view to `object`'s changes; the result is kept until the instance changes.
    func follow(_ object: Object, subscribe: (Object) -> AnyObject) {
        guard observed?.object !== object else { return }
        observed = nil
        observed = (object, subscribe(object))
    }
}
