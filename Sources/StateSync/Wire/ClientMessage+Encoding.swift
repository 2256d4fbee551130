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
            writer.optional(#","session":"#, hello.session)
            writer.optional(#","locale":"#, hello.locale)
            writer.optional(#","signIn":"#, hello.signIn)
        case let .action(ref, action, key):
            writer.raw(#"{"type":"action""#)
            writer.optional(#","ref":"#, ref)
            writer.optional(#","key":"#, key)
            writer.raw(#","action":"#)
            writer.write(action)
        }
        writer.raw("}")
        return writer.bytes
    }
}
