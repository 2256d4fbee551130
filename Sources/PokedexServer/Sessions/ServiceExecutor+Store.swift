import Composable
import WebSocketServer

/// A session's Store runs on the service thread of the connection that started it.
extension ServiceExecutor: StoreExecutor {}
