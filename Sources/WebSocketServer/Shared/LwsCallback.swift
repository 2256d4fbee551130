import CLibWebSockets

/// One call of lws's protocol callback, with what lws passes.
struct LwsCallbackCall {
    let wsi: OpaquePointer
    let reason: lws_callback_reasons
    let user: UnsafeMutableRawPointer?
    let input: UnsafeMutableRawPointer?
    let length: Int

    /// lws's default handling (`lws_callback_http_dummy`), for what a loop leaves to it.
    func passOn() -> Int32 {
        lws_callback_http_dummy(wsi, reason, user, input, length)
    }
}

/// The server's and the client's lws callback (`serverCallback`, `clientCallback`): finds the
/// `Loop` that is the context's user pointer (lws's default handling while there is none, as
/// while a context is made), carries out its mail on the wake-up `lws_cancel_service` causes,
/// and hands it any other call.
func serviceLoopCallback<Loop: ServiceLoop>(
    _ type: Loop.Type, _ wsi: OpaquePointer?, _ reason: lws_callback_reasons,
    _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    guard let wsi, let pointer = lws_context_user(lws_get_context(wsi)) else {
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
    let loop = Unmanaged<Loop>.fromOpaque(pointer).takeUnretainedValue()
    if reason == LWS_CALLBACK_EVENT_WAIT_CANCELLED {
        loop.drainMailbox()
        return 0
    }
    return loop.handle(LwsCallbackCall(wsi: wsi, reason: reason, user: user, input: input, length: length))
}
