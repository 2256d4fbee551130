import Foundation
import WebSocketServer

/// The address a connection's limits are counted against: the TCP peer, unless the peer is a
/// proxy the operator named (`--trusted-proxy`), then the last hop its `X-Forwarded-For`
/// names (the address that proxy saw; earlier hops are whatever the client wrote). Loopback
/// gets no exemption: behind nginx every browser arrives from 127.0.0.1.
enum ClientAddress {
    static func of(_ connection: Connection, trustedProxies: Set<String>) -> String {
        resolve(peer: connection.remoteAddress, forwardedFor: connection.forwardedFor, trustedProxies: trustedProxies)
    }

    static func resolve(peer: String, forwardedFor: String?, trustedProxies: Set<String>) -> String {
        guard trustedProxies.contains(peer), let forwardedFor,
              let last = forwardedFor.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty
        else { return peer }
        return last
    }
}
