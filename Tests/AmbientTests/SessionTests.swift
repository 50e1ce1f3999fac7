import Testing

@testable import Ambient

/// The signed-in session recipe of the "Lifetimes and caching" article: signing out gives the signed-in subtree (or
/// scope) a new `session` value. Every default built from the session is rebuilt, the old ones are freed once
/// their views (or values) go, and app-wide defaults stay.
///
/// Serialized: the live counts are per type, and both tests create these types.
@Suite(.serialized) struct SessionTests {
    @Test func signingOutInAViewSubtreeRebuildsFreesAndKeepsWhatItShould() {
        let app = DependencyValues(storage: ScopeNode(root: Root(context: .testing)))
        let (drafts, images) = (Drafts.live.alive, ImageCache.live.alive)
        // `InboxView().dependency(\.session, session).id(ObjectIdentifier(session))`, with `session` in `@State`:
        // the modifier keeps its cache, and each session gives the subtree's views a new identity, so new storages.
        let signedInSubtree = DerivedDependencies()
        func inbox(for session: Session) -> ViewOwnedObject<InboxModel> {
            let storage = ViewOwnedObject { InboxModel(dependencies: $0) }
            storage.install(signedInSubtree.values(from: app, applying: DependencyChange(\.session, session)))
            return storage
        }
        var ada: ViewOwnedObject<InboxModel>? = inbox(for: Session(user: "ada"))
        weak let adasDrafts = ada?.builtObject?.drafts
        weak let adasOutbox = ada?.builtObject?.outbox
        let appImages = ada.flatMap { $0.builtObject.map { ObjectIdentifier($0.images) } }
        #expect(Drafts.live.alive == drafts + 1)

        let signedOut = inbox(for: Session(user: nil))  // "Sign out": a new session value for the subtree
        let model = signedOut.builtObject
        #expect(model?.drafts !== adasDrafts, "what was built from the session is rebuilt")
        #expect(model?.drafts.session.user == nil)
        #expect(model?.outbox.drafts === model?.drafts, "also what was built from it through other dependencies")
        #expect(Drafts.live.alive == drafts + 2, "the old drafts live while the old view does")

        ada = nil  // SwiftUI lets the old view go
        #expect(adasDrafts == nil, "and are freed with it")
        #expect(Drafts.live.alive == drafts + 1)
        #expect(adasOutbox == nil)

        #expect(model.map { ObjectIdentifier($0.images) } == appImages, "app-wide defaults stay")
        #expect(ImageCache.live.alive == images + 1)
    }

    @Test func signingOutInAScopeRebuildsFreesAndKeepsWhatItShould() {
        withFreshRoot {
            let (drafts, images) = (Drafts.live.alive, ImageCache.live.alive)
            var signedIn: DependencyValues? = withDependencies {
                $0.session = Session(user: "ada")
            } operation: {
                DependencyValues.current
            }
            weak let adasDrafts = signedIn?.drafts
            let appImages = signedIn.map { ObjectIdentifier($0.images) }

            let signedOut = withDependencies {
                $0.session = Session(user: nil)
            } operation: {
                DependencyValues.current
            }
            #expect(signedOut.drafts !== adasDrafts, "what was built from the session is rebuilt")
            #expect(signedOut.drafts.session.user == nil)
            #expect(Drafts.live.alive == drafts + 2, "the old drafts live while the signed-in values do")

            signedIn = nil
            #expect(adasDrafts == nil, "and are freed with them")
            #expect(Drafts.live.alive == drafts + 1)

            #expect(ObjectIdentifier(signedOut.images) == appImages, "app-wide defaults stay")
            #expect(ImageCache.live.alive == images + 1)
        }
    }
}

/// Who is signed in; a new value for each sign-in and sign-out.
private final class Session: Sendable {
    let user: String?
    init(user: String?) { self.user = user }
}

/// Built from the session: belongs to one signed-in user.
private final class Drafts: Sendable {
    static let live = LiveInstances()
    let session: Session
    init(session: Session) {
        self.session = session
        Self.live.created()
    }
    deinit { Self.live.freed() }
}

/// Built from the drafts, and so from the session through them.
private final class Outbox: Sendable {
    let drafts: Drafts
    init(drafts: Drafts) { self.drafts = drafts }
}

/// Built from nothing: shared by the whole app.
private final class ImageCache: Sendable {
    static let live = LiveInstances()
    init() { Self.live.created() }
    deinit { Self.live.freed() }
}

/// What a signed-in view owns: it keeps what it was built with.
private final class InboxModel: Sendable {
    let drafts: Drafts
    let outbox: Outbox
    let images: ImageCache
    init(dependencies: DependencyValues) {
        drafts = dependencies.drafts
        outbox = dependencies.outbox
        images = dependencies.images
    }
}

private enum SessionKey: DependencyKey {
    static var defaultValue: Session { Session(user: nil) }
    static var testingValue: Session { defaultValue }
}

private enum DraftsKey: DependencyKey {
    static var defaultValue: Drafts { Drafts(session: DependencyValues.current.session) }
    static var testingValue: Drafts { defaultValue }
}

private enum OutboxKey: DependencyKey {
    static var defaultValue: Outbox { Outbox(drafts: DependencyValues.current.drafts) }
    static var testingValue: Outbox { defaultValue }
}

private enum ImageCacheKey: DependencyKey {
    static var defaultValue: ImageCache { ImageCache() }
    static var testingValue: ImageCache { defaultValue }
}

extension DependencyValues {
    fileprivate var session: Session {
        get { self[SessionKey.self] }
        set { self[SessionKey.self] = newValue }
    }
    fileprivate var drafts: Drafts { self[DraftsKey.self] }
    fileprivate var outbox: Outbox { self[OutboxKey.self] }
    fileprivate var images: ImageCache { self[ImageCacheKey.self] }
}
