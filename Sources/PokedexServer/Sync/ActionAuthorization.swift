import PokedexFeatures
import PokedexModels
import StateSync
import WireContract

/// What a session's user may do, checked before an action reaches the Store by the role its
/// table entry requires (`ActionTable`); an action the table does not have never gets here
/// (`ActionDecoder` refuses it). Storage checks again in the same transaction as each write;
/// this check is what turns a refusal into an `error` frame for the action's `ref`, with
/// nothing changed.
enum ActionAuthorization {
    static func check(_ decoded: ActionDecoder.Decoded, in state: AppFeature.State) throws(ProtocolError) {
        // The active role only where it is needed: reading it took the user's lists' lock and
        // copied them, for every action, nearly all of which anyone may send.
        switch decoded.entry.role {
        case .anyone:
            break
        case .editor:
            guard state.account.activeRole?.canWrite == true else {
                throw ProtocolError(.forbidden, "You can only view “\(state.account.activeList?.name ?? "this list")”.")
            }
        case .owner:
            guard state.account.activeRole == .owner else { throw ProtocolError(.forbidden, "Only the list's owner can do that.") }
        case .memberNotOwner:
            guard let role = state.account.activeRole, role != .owner else {
                throw ProtocolError(.forbidden, "You cannot leave your own list.")
            }
        case let .memberOf(field):
            let id = decoded.fields.payload[field]?.stringValue
            guard state.account.lists.wrappedValue.contains(where: { $0.id == id }) else {
                throw ProtocolError(.forbidden, "You are not a member of that list.")
            }
        case let .editorOf(field):
            let id = decoded.fields.payload[field]?.stringValue
            guard let list = state.account.lists.wrappedValue.first(where: { $0.id == id }) else {
                throw ProtocolError(.forbidden, "You are not a member of that list.")
            }
            guard list.role.canWrite else { throw ProtocolError(.forbidden, "You can only view “\(list.list.name)”.") }
        case let .ownerOf(field):
            let id = decoded.fields.payload[field]?.stringValue
            guard state.account.lists.wrappedValue.contains(where: { $0.id == id && $0.role == .owner }) else {
                throw ProtocolError(.forbidden, "Only the list's owner can do that.")
            }
        }
    }
}
