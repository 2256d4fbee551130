/// What happened to a message handed to `send`.
public enum SendResult: Sendable, Equatable {
    /// Queued; it will be written in order after the messages queued before it.
    case queued
    /// The connection's outbound queue is over its cap: the queue was cleared and this (and every
    /// further) message is dropped until the socket has caught up.
    case overflowed
    /// The connection is closing or closed.
    case closed
}
