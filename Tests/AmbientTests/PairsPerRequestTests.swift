import Foundation
import Testing

@testable import Ambient

/// Semantics: nothing keeps a scope alive but what still uses it. Two defaults of a request that hold each other
/// through `@Dependency` properties are held by the request's scope while it lives, and freed with it, with the
/// request's body. Serialized: the tests count live instances of shared types. The requests run on a thread of their
/// own, so that they leave the tasks of other tests their threads.
@Suite(.serialized) struct PairsPerRequestTests {
    /// A request's body, overridden by each request; counted.
    final class Body: Sendable {
        static let live = LiveInstances()
        let bytes: [UInt8]
        init(size: Int) {
            bytes = [UInt8](repeating: 1, count: size)
            Body.live.created()
        }
        deinit { Body.live.freed() }
    }

    enum BodyKey: DependencyKey {
        static var defaultValue: Body { Body(size: 0) }
    }

    enum UserKey: DependencyKey {
        static var defaultValue: String { "nobody" }
    }

    /// A session of the request's user, keeping the client to refresh its token later.
    final class Session: Sendable {
        static let live = LiveInstances()
        struct Refresh: Sendable {
            @Dependency(\.pairClient) var client
        }
        let user: String
        let bodySize: Int
        let refresh = Refresh()
        init() {
            user = DependencyValues.current.pairUser
            bodySize = DependencyValues.current.pairBody.bytes.count
            Session.live.created()
        }
        deinit { Session.live.freed() }
    }

    /// A client whose default reads the session.
    final class Client: Sendable {
        static let live = LiveInstances()
        let session: Session
        init() {
            session = DependencyValues.current.pairSession
            Client.live.created()
        }
        deinit { Client.live.freed() }
    }

    enum SessionKey: DependencyKey {
        static var defaultValue: Session { Session() }
    }

    enum ClientKey: DependencyKey {
        static var defaultValue: Client { Client() }
    }

    /// A `Ping` that names its `Pong`, built from the request's body.
    final class Ping: Sendable {
        static let live = LiveInstances()
        struct Partner: Sendable {
            @Dependency(\.pairPong) var pong
        }
        let body: Body
        let partner = Partner()
        init() {
            body = DependencyValues.current.pairBody
            Ping.live.created()
        }
        deinit { Ping.live.freed() }
    }

    /// A `Pong` that names its `Ping`, built for the request's user.
    final class Pong: Sendable {
        static let live = LiveInstances()
        struct Partner: Sendable {
            @Dependency(\.pairPing) var ping
        }
        let user: String
        let partner = Partner()
        init() {
            user = DependencyValues.current.pairUser
            Pong.live.created()
        }
        deinit { Pong.live.freed() }
    }

    enum PingKey: DependencyKey {
        static var defaultValue: Ping { Ping() }
    }

    enum PongKey: DependencyKey {
        static var defaultValue: Pong { Pong() }
    }

    /// Runs 20,000 requests, each of its own user with a 1 KiB body, on a thread of its own, in a fresh root; returns
    /// how many of them `isRight` found wrong.
    private func requests(_ isRight: @escaping @Sendable (_ request: Int) -> Bool) async -> Int {
        await withCheckedContinuation { continuation in
            Thread {
                var wrong = 0
                withFreshRoot(.default) {
                    for request in 1...20_000 {
                        withDependencies {
                            $0.pairUser = "user \(request)"
                            $0.pairBody = Body(size: 1024)
                        } operation: {
                            if !isRight(request) { wrong += 1 }
                        }
                    }
                }
                continuation.resume(returning: wrong)
            }.start()
        }
    }

    @Test func clientAndSessionThatHoldEachOtherLeaveAtMostTwoOfEachAlive() async {
        let before = (Client.live.alive, Session.live.alive, Body.live.alive)
        let wrong = await requests { request in
            let client = DependencyValues.current.pairClient
            return client.session.user == "user \(request)" && client.session.bodySize == 1024
                && client.session.refresh.client === client
        }
        #expect(wrong == 0)
        #expect(Client.live.alive - before.0 <= 2)
        #expect(Session.live.alive - before.1 <= 2)
        #expect(Body.live.alive - before.2 <= 2)
    }

    @Test func pingAndPongThatNameEachOtherLeaveAtMostTwoOfEachAlive() async {
        let before = (Ping.live.alive, Pong.live.alive, Body.live.alive)
        let wrong = await requests { request in
            let ping = DependencyValues.current.pairPing
            let pong = ping.partner.pong
            return pong.user == "user \(request)" && pong.partner.ping === ping
        }
        #expect(wrong == 0)
        #expect(Ping.live.alive - before.0 <= 2)
        #expect(Pong.live.alive - before.1 <= 2)
        #expect(Body.live.alive - before.2 <= 2)
    }
}

extension DependencyValues {
    fileprivate var pairUser: String {
        get { self[PairsPerRequestTests.UserKey.self] }
        set { self[PairsPerRequestTests.UserKey.self] = newValue }
    }
    fileprivate var pairBody: PairsPerRequestTests.Body {
        get { self[PairsPerRequestTests.BodyKey.self] }
        set { self[PairsPerRequestTests.BodyKey.self] = newValue }
    }
    fileprivate var pairClient: PairsPerRequestTests.Client { self[PairsPerRequestTests.ClientKey.self] }
    fileprivate var pairSession: PairsPerRequestTests.Session { self[PairsPerRequestTests.SessionKey.self] }
    fileprivate var pairPing: PairsPerRequestTests.Ping { self[PairsPerRequestTests.PingKey.self] }
    fileprivate var pairPong: PairsPerRequestTests.Pong { self[PairsPerRequestTests.PongKey.self] }
}
