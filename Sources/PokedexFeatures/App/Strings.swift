import PokedexModels

/// The server's own sentences (notices, alerts, failures) in each language the Pokédex speaks.
/// The web client's message catalogs (`web/js/i18n/`) hold the rest of the interface.
enum Strings {
    static func nothingAt(_ route: String, showingList: Bool, _ locale: AppLocale) -> String {
        let quoted = Route.quoted(route)
        return switch (locale, showingList) {
        case (.en, true): "There is nothing at “\(quoted)”, so here is the list."
        case (.en, false): "There is nothing at “\(quoted)”."
        case (.es, true): "No hay nada en «\(quoted)», así que aquí está la lista."
        case (.es, false): "No hay nada en «\(quoted)»."
        }
    }

    static func truncated(_ locale: AppLocale) -> String {
        switch locale {
        case .en: "That link goes deeper than \(Route.maxScreens) screens, so it opens at the \(Route.maxScreens)th."
        case .es: "Ese enlace tiene más de \(Route.maxScreens) pantallas, así que se abre en la \(Route.maxScreens).ª."
        }
    }

    static func fullStack(_ locale: AppLocale) -> String {
        switch locale {
        case .en: "You are \(Route.maxScreens) screens deep. Go back before opening another."
        case .es: "Estás a \(Route.maxScreens) pantallas de profundidad. Vuelve atrás antes de abrir otra."
        }
    }

    static func joined(_ listName: String, _ locale: AppLocale) -> String {
        switch locale {
        case .en: "You joined “\(listName)”."
        case .es: "Te uniste a «\(listName)»."
        }
    }

    static func accessLost(_ loss: ListAccessLoss, _ listName: String, _ locale: AppLocale) -> String {
        switch (loss, locale) {
        case (.left, .en): "You left “\(listName)”."
        case (.removed, .en): "You were removed from “\(listName)”."
        case (.left, .es): "Saliste de «\(listName)»."
        case (.removed, .es): "Te quitaron de «\(listName)»."
        case (.deleted, .en): "“\(listName)” was deleted."
        case (.deleted, .es): "Se borró «\(listName)»."
        }
    }

    static func nothingToUndo(_ locale: AppLocale) -> String {
        locale == .es ? "No hay nada tuyo que deshacer en esta lista." : "There is nothing of yours to undo in this list."
    }

    static func thisMember(_ locale: AppLocale) -> String { locale == .es ? "este miembro" : "this member" }
    static func thisList(_ locale: AppLocale) -> String { locale == .es ? "esta lista" : "this list" }

    static func removeMember(_ name: String, list: String, _ locale: AppLocale) -> (title: String, message: String, confirm: String) {
        switch locale {
        case .en: ("Remove \(name)?", "\(name) will no longer see or change “\(list)”.", "Remove")
        case .es: ("¿Quitar a \(name)?", "\(name) ya no podrá ver ni cambiar «\(list)».", "Quitar")
        }
    }

    static func leave(list: String, _ locale: AppLocale) -> (title: String, message: String, confirm: String) {
        switch locale {
        case .en: ("Leave “\(list)”?", "You will need a new invite to join it again.", "Leave")
        case .es: ("¿Salir de «\(list)»?", "Necesitarás una invitación nueva para volver a unirte.", "Salir")
        }
    }

    static func deleteList(_ list: String, _ locale: AppLocale) -> (title: String, message: String, confirm: String) {
        switch locale {
        case .en: ("Delete “\(list)”?", "Its stars, members and invites go with it, for everyone. This cannot be undone.", "Delete")
        case .es: ("¿Borrar «\(list)»?", "Sus estrellas, miembros e invitaciones se van con ella, para todos. No se puede deshacer.", "Borrar")
        }
    }

    static func transferOwnership(_ name: String, list: String, _ locale: AppLocale) -> (title: String, message: String, confirm: String) {
        switch locale {
        case .en: ("Make \(name) the owner?", "\(name) will own “\(list)”; you stay as an editor.", "Make owner")
        case .es: ("¿Hacer dueño a \(name)?", "\(name) será dueño de «\(list)»; tú sigues como editor.", "Hacer dueño")
        }
    }

    /// A failure's message: the error's own in `locale` when it has one.
    static func failure(_ error: any Error, _ locale: AppLocale) -> String {
        if let error = error as? LocalizedMessage { return error.message(in: locale) }
        return "\(error)"
    }

    static func somethingWentWrong(_ error: any Error, _ locale: AppLocale) -> String {
        switch locale {
        case .en: "Something went wrong: \(error)"
        case .es: "Algo salió mal: \(error)"
        }
    }
}
