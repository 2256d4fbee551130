extension ClientMessage {
    /// The frame's UTF-8 bytes, as the browser (or the load-test client) sends it.
    public func encoded() -> [UInt8] {
        var writer = JSONWriter()
        switch self {
        case .hello(let hello):
            writer.raw(#"{"type":"hello","version":"#)
            writer.write(hello.version)
            writer.raw(#","token":"#)
            writer.write(JSONValue(hello.token))
            writer.raw(#","resume":"#)
            if let resume = hello.resume {
                writer.raw(#"{"session":"#)
                writer.write(resume.session)
                writer.raw(#","seq":"#)
                writer.write(resume.seq)
                writer.raw("}")
            } else {
                writer.raw("null")
            }
            writer.raw(#","route":"#)
            writer.write(JSONValue(hello.route))
            if hello.newUser { writer.raw(#","newUser":true"#) }
            if let session = hello.session {
                writer.raw(#","session":"#)
                writer.write(session)
            }
            if let locale = hello.locale {
                writer.raw(#","locale":"#)
                writer.write(locale)
            }
            if let signIn = hello.signIn {
                writer.raw(#","signIn":"#)
                writer.write(signIn)
            }
        case let .action(ref, action, key):
            writer.raw(#"{"type":"action""#)
            if let ref {
                writer.raw(#","ref":"#)
                writer.write(ref)
            }
            if let key {
                writer.raw(#","key":"#)
                writer.write(key)
            }
            writer.raw(#","action":"#)
            writer.write(action)
        }
        writer.raw("}")
        return writer.bytes
    }
}
