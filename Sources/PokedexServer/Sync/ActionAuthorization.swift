import Foundation
import PokedexFeatures
import PokedexModels
import StateSync

/// What a session's user may do, checked before an action reaches the Store. Storage checks
/// again in the same transaction as each write; this check is what turns a refusal into an
/// `error` frame for the action's `ref`, with nothing changed.
enum ActionAuthorization {
    static func check(_ action: AppFeature.Action, in state: AppFeature.State) throws(ProtocolError) {
        let role = state.account.activeRole
        switch action {
        case .list(.favoriteTapped), .destination(.presented(.detail(.favoriteTapped))),
             .path(.element(_, .detail(.favoriteTapped))), .path(.element(_, .type(.favoriteTapped))):
            guard role?.canWrite == true else {
                throw ProtocolError(.forbidden, "You can only view “\(state.account.activeList?.name ?? "this list")”.")
            }
        case let .selectList(id):
            guard state.account.lists.wrappedValue.contains(where: { $0.id == id }) else {
                throw ProtocolError(.forbidden, "You are not a member of that list.")
            }
        case let .rename(name):
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard (1...40).contains(trimmed.count) else {
                throw ProtocolError(.badAction, "A name has 1 to 40 characters.")
            }
        case .destination(.presented(.favorites(.inviteTapped))),
             .destination(.presented(.favorites(.revokeInviteTapped))),
             .destination(.presented(.favorites(.removeMemberTapped))):
            guard role == .owner else { throw ProtocolError(.forbidden, "Only the list's owner can do that.") }
        case .setLocale:
            break  // Every user picks their own language, whatever their role.
        case .destination(.presented(.favorites(.leaveTapped))):
            guard let role, role != .owner else { throw ProtocolError(.forbidden, "You cannot leave your own list.") }
        default:
            break
        }
    }
}
