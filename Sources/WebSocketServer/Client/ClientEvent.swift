/// What happens on a client connection, in order: `opened`, any number of `text`, then one of
/// `closed` or `error`.
public enum ClientEvent: Sendable, Equatable {
    case opened
    /// A complete text message (fragments reassembled).
    case text([UInt8])
    /// The close code from the server's close frame, the code we closed with, or 1006 when the
    /// socket dropped without one.
    case closed(code: UInt16)
    /// The connection could not be made (or failed before opening); lws' text.
    case error(String)
}

/// Why an awaited event did not come.
public enum ClientConnectionError: Error, Equatable {
    case closed(code: UInt16)
    case failed(String)
    case unexpected(ClientEvent)
}

/// Where a connection's events go.
enum ClientEventSink: Sendable {
    /// Called on the client's service thread: must not block.
    case handler(@Sendable (ClientConnection, ClientEvent) -> Void)
    /// Kept for `ClientConnection.nextEvent(timeout:)`.
    case inbox(EventInbox<ClientEvent>)
}
