// The wire contract's actions for the web client, generated from
// Sources/WireContract/ActionTable.swift (WireContractTests checks it; set
// POKEDEX_WRITE_CONTRACT=1 when running them to rewrite it). Build actions with actions.js.

export const stackElement = ["path","element"];

export const actions = {
  "list.reachedEnd": [{}],
  "list.retryTapped": [{}],
  "list.binding": [{"search":"string"}, {"type":"string|null"}],
  "list.rowTapped": [{"id":"int"}],
  "list.favoriteTapped": [{"id":"int"}],
  "destination.dismiss": [{}],
  "destination.presented.detail.closeTapped": [{}],
  "destination.presented.detail.favoriteTapped": [{}],
  "destination.presented.detail.retryTapped": [{}],
  "destination.presented.detail.typeTapped": [{"type":"string"}],
  "path.popFrom": [{"id":"int"}],
  "path.element.type.rowTapped": [{"id":"int"}],
  "path.element.type.retryTapped": [{}],
  "path.element.type.favoriteTapped": [{"id":"int"}],
  "path.element.detail.closeTapped": [{}],
  "path.element.detail.favoriteTapped": [{}],
  "path.element.detail.retryTapped": [{}],
  "path.element.detail.typeTapped": [{"type":"string"}],
  "navigate": [{"route":"string"}],
  "dismissNotice": [{}],
  "setLocale": [{"locale":"string"}],
  "favoritesTapped": [{}],
  "selectList": [{"id":"string"}],
  "rename": [{"name":"string"}],
  "destination.presented.favorites.rowTapped": [{"id":"int"}],
  "destination.presented.favorites.inviteTapped": [{"role":"string"}],
  "destination.presented.favorites.inviteDismissed": [{}],
  "destination.presented.favorites.revokeInviteTapped": [{"id":"string"}],
  "destination.presented.favorites.removeMemberTapped": [{"id":"string"}],
  "destination.presented.favorites.retryTapped": [{}],
  "destination.presented.favorites.leaveTapped": [{}],
  "alert.confirm": [{}],
  "alert.cancel": [{}],
};
