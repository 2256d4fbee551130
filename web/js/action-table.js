// The wire contract's actions for the web client, generated from
// Sources/WireContract/ActionTable.swift (WireContractTests checks it; set
// POKEDEX_WRITE_CONTRACT=1 when running them to rewrite it). Build actions with actions.js.

export const stackElement = ["path","element"];

export const actions = {
  "list.reachedEnd": [{}],
  "list.retryTapped": [{}],
  "list.binding": [{"search":"string"}, {"type":"string|null"}],
  "list.rowTapped": [{"id":"int"}],
  "destination.dismiss": [{}],
  "favoriteSet": [{"list":"string","id":"int","on":"bool"}],
  "destination.presented.detail.closeTapped": [{}],
  "destination.presented.detail.retryTapped": [{}],
  "destination.presented.detail.typeTapped": [{"type":"string"}],
  "path.popFrom": [{"id":"int"}],
  "path.element.type.rowTapped": [{"id":"int"}],
  "path.element.type.retryTapped": [{}],
  "path.element.detail.closeTapped": [{}],
  "path.element.detail.retryTapped": [{}],
  "path.element.detail.typeTapped": [{"type":"string"}],
  "navigate": [{"route":"string"}],
  "dismissNotice": [{}],
  "setLocale": [{"locale":"string"}],
  "favoritesTapped": [{}],
  "selectList": [{"id":"string"}],
  "rename": [{"name":"string"}],
  "destination.presented.favorites.rowTapped": [{"id":"int"}],
  "destination.presented.favorites.inviteTapped": [{"role":"string","expiresInDays":"int?","maxUses":"int?"}],
  "destination.presented.favorites.inviteDismissed": [{}],
  "destination.presented.favorites.revokeInviteTapped": [{"id":"string"}],
  "destination.presented.favorites.removeMemberTapped": [{"id":"string"}],
  "destination.presented.favorites.retryTapped": [{}],
  "destination.presented.favorites.leaveTapped": [{}],
  "alert.confirm": [{}],
  "alert.cancel": [{}],
  "destination.presented.favorites.sortChanged": [{"by":"string"}],
  "lists.undo": [{}],
  "lists.create": [{"name":"string"}],
  "lists.rename": [{"id":"string","name":"string"}],
  "lists.delete": [{"id":"string"}],
  "lists.setRole": [{"member":"string","role":"string"}],
  "lists.transferOwnership": [{"member":"string"}],
  "destination.presented.favorites.moreMembersTapped": [{}],
  "account.createSignInCode": [{}],
  "account.signInDismissed": [{}],
  "account.signOut": [{}],
  "account.signOutEverywhere": [{}],
  "account.reportProblem": [{}],
  "account.reportDismissed": [{}],
};

// Actions that may carry a `key`: star intents, replayed until acknowledged.
export const keyed = ["favoriteSet"];
