/// An error whose message a person reads, in the session's language.
public protocol LocalizedMessage {
    func message(in locale: AppLocale) -> String
}
