// The Favorites screen (destination.favorites): a switcher of my lists with new/rename/delete
// (list-manager.js), the active list's Pokémon as cards with stars, its members with presence
// (counted, in pages of 50), and for owners invites (create with expiry and uses, revoke),
// members' roles, hand-over and removal; members who do not own the list can leave it. Every part is
// keyed and updated only when its slice of the state changed.

import { h, fill, icon, card, setPressed, setLocked, isLocked, intendedOn, initials, avatarClass, reconcile, displayName, listDisplayName } from './dom.js';
import { action } from '../actions.js';
import { t, formatNumber, currentLocale } from '../i18n/index.js';
import { createActivityView, attribution } from './activity.js';
import { createListManager } from './list-manager.js';

const roleLabel = (role) => t(`fav.${role}`);
const inviteLabel = (role) => t(`fav.${role}Link`);

function roleBadge(role) {
  return h('span', { class: `role role-${role}`, text: roleLabel(role) });
}

/**
 * `act(name, fields)` sends a favorites action (`rowTapped`), `send` any other, `setStar(id, on)` a
 * card's star intent; `onLocked()` explains a locked star.
 */
export function createFavoritesView({ act, send, setStar, onLocked }) {
  const title = h('h2', { class: 'fav-title', tabindex: '-1' });
  const subtitle = h('p', { class: 'fav-subtitle' });
  const banner = h('header', { class: 'fav-banner' }, h('p', { class: 'fav-kicker' }, icon('star'), t('favorites')), title, subtitle);

  // The list switcher: native radios styled as chips (arrow keys move between them).
  const switcher = h('div', { class: 'switcher', role: 'radiogroup', 'aria-label': t('fav.yourLists') });
  // Named lists: create one, and (owners) rename or delete the active one.
  const manager = createListManager({ send });
  const switcherWrap = h('nav', { class: 'fav-lists', 'aria-label': t('fav.lists') }, switcher, manager.el);

  const grid = h('ul', { class: 'grid grid-compact fav-grid', 'aria-label': t('fav.pokemonInList') });
  const empty = h('div', { class: 'fav-empty' });
  const pokemonSection = h('section', { class: 'fav-section', 'aria-labelledby': 'fav-pokemon-title' }, h('h3', { id: 'fav-pokemon-title', text: t('list.label') }), grid, empty);

  const members = h('ul', { class: 'members', 'aria-label': t('fav.members') });
  const membersTitle = h('h3', { id: 'fav-members-title', text: t('fav.members') });
  // A big list's roster comes a page at a time (up to 1,000); the title counts them all.
  // One page: the server's ListRoster.shownMembers.
  const rosterPage = 20;
  const moreMembers = h('button', { type: 'button', class: 'button button-small button-quiet more-members', hidden: true });
  moreMembers.addEventListener('click', () => act('moreMembersTapped'));
  const membersSection = h('section', { class: 'fav-section', 'aria-labelledby': 'fav-members-title' }, membersTitle, members, moreMembers);

  // Owners: create an invite with a role, and the open invites with Revoke.
  const roleName = 'fav-invite-role';
  const roleChoice = h(
    'fieldset',
    { class: 'segmented' },
    h('legend', { class: 'visually-hidden', text: t('fav.inviteAs') }),
    ['editor', 'viewer'].map((role) =>
      h(
        'label',
        { class: 'segment' },
        h('input', { type: 'radio', name: roleName, value: role, checked: role === 'editor' }),
        h('span', { text: roleLabel(role) }),
      ),
    ),
  );
  // How long the link works and how many may join with it (the server bounds both).
  const expiryChoice = h(
    'select',
    { class: 'invite-select invite-expiry', 'aria-label': t('fav.expiresIn') },
    [1, 7, 30].map((days) => h('option', { value: String(days), selected: days === 7, text: t('fav.days', days) })),
  );
  const usesChoice = h(
    'select',
    { class: 'invite-select invite-uses', 'aria-label': t('fav.maxUses') },
    h('option', { value: '', text: t('fav.anyUses') }),
    [1, 5, 10, 25, 100].map((n) => h('option', { value: String(n), text: t('fav.upTo', n) })),
  );
  const inviteTerms = h(
    'div',
    { class: 'invite-terms' },
    h('label', { class: 'invite-term' }, h('span', { text: t('fav.expiresIn') }), expiryChoice),
    h('label', { class: 'invite-term' }, h('span', { text: t('fav.maxUses') }), usesChoice),
  );
  const inviteButton = h('button', { type: 'button', class: 'button invite-create' }, icon('link'), h('span', { text: t('fav.createInvite') }));
  const invites = h('ul', { class: 'invites', 'aria-label': t('fav.openInvites') });
  const invitesTitle = h('h4', { class: 'invites-title', text: t('fav.openInvites') });
  const inviteSection = h(
    'section',
    { class: 'fav-section fav-invite', 'aria-labelledby': 'fav-invite-title' },
    h('h3', { id: 'fav-invite-title', text: t('fav.invitePeople') }),
    h('p', { class: 'fav-hint', text: t('fav.shareHint') }),
    h('div', { class: 'invite-form' }, roleChoice, inviteTerms, inviteButton),
    invitesTitle,
    invites,
  );

  const leaveButton = h('button', { type: 'button', class: 'button button-danger-outline leave' }, icon('leave'), h('span', { text: t('fav.leave') }));
  const leaveSection = h('section', { class: 'fav-section fav-leave' }, h('p', { class: 'fav-hint', text: t('fav.leaveHint') }), leaveButton);

  // A failed change (an invite, a revoke): said at the top, with Retry when it can be done again.
  const failure = h('div', { class: 'state state-error fav-error', role: 'alert', hidden: true });
  failure.addEventListener('click', (event) => {
    if (event.target.closest('.retry')) act('retryTapped');
  });

  const el = h('article', { class: 'favorites' }, banner, failure, switcherWrap, pokemonSection, membersSection, inviteSection, leaveSection);

  // Who added what and when, the cards' order, the activity and Undo (activity.js).
  const activity = createActivityView({ act, send, undoAction: () => action('lists.undo') });
  pokemonSection.insertBefore(activity.sort, grid);
  pokemonSection.after(activity.section);
  const withAttribution = (cardEl, row) => {
    const added = attribution(row);
    if (added) cardEl.querySelector('.card-open').append(added);
    return cardEl;
  };
  // Every half minute while the view is on the page; it stops once the view was removed.
  const timeTicker = setInterval(() => (el.isConnected ? activity.refreshTimes(el) : clearInterval(timeTicker)), 30_000);

  const chips = new Map();
  const cards = new Map();
  const people = new Map();
  const openInvites = new Map();
  let shown = { lists: null, favorites: null, me: null, locked: null };

  switcher.addEventListener('change', (event) => {
    const id = event.target.closest('input')?.value;
    if (id && id !== shown.lists?.active) send(action('selectList', { id }));
  });
  grid.addEventListener('click', (event) => {
    const id = Number(event.target.closest('.card')?.dataset.id);
    const star = event.target.closest('.star');
    if (star && isLocked(star)) onLocked();
    else if (star) setStar(id, intendedOn(star));
    else if (event.target.closest('.card-open')) act('rowTapped', { id });
  });
  inviteButton.addEventListener('click', () => {
    const role = roleChoice.querySelector('input:checked')?.value ?? 'editor';
    const fields = { role, expiresInDays: Number(expiryChoice.value) };
    if (usesChoice.value) fields.maxUses = Number(usesChoice.value);
    act('inviteTapped', fields);
  });
  invites.addEventListener('click', (event) => {
    const id = event.target.closest('.revoke') && event.target.closest('[data-id]')?.dataset.id;
    if (id) act('revokeInviteTapped', { id });
  });
  members.addEventListener('click', (event) => {
    const id = event.target.closest('[data-id]')?.dataset.id;
    if (!id) return;
    if (event.target.closest('.remove')) act('removeMemberTapped', { id });
    else if (event.target.closest('.make-owner')) send(action('lists.transferOwnership', { member: id }));
  });
  // An owner's role switch on a member: editor ⇄ viewer, at once for every session of theirs.
  members.addEventListener('change', (event) => {
    const select = event.target.closest('.role-select');
    const id = select?.closest('[data-id]')?.dataset.id;
    if (id) send(action('lists.setRole', { member: id, role: select.value }));
  });
  leaveButton.addEventListener('click', () => act('leaveTapped'));

  function chip(list) {
    const input = h('input', { type: 'radio', name: 'fav-list', value: list.id, class: 'visually-hidden' });
    const label = h('label', { class: 'chip' }, input, h('span', { class: 'chip-name' }), h('span', { class: 'chip-role' }));
    fillChip(label, list);
    return label;
  }

  function fillChip(label, list) {
    label.querySelector('.chip-name').textContent = listDisplayName(list);
    const role = label.querySelector('.chip-role');
    role.textContent = list.role === 'owner' ? '' : roleLabel(list.role);
    role.hidden = list.role === 'owner';
    label.dataset.role = list.role;
  }

  function member(person, mine, isOwner) {
    const you = person.id === mine;
    const removable = isOwner && !you && person.role !== 'owner';
    // The owner sets a member's role in place; a badge otherwise.
    const role = removable
      ? h(
          'select',
          { class: 'role-select', 'aria-label': t('fav.roleLabel', person.name) },
          ['editor', 'viewer'].map((r) => h('option', { value: r, selected: r === person.role, text: roleLabel(r) })),
        )
      : roleBadge(person.role);
    return h(
      'li',
      { class: 'member', dataset: { id: person.id } },
      h(
        'span',
        { class: avatarClass(person.id), 'aria-hidden': 'true' },
        initials(person.name),
        h('span', { class: person.online ? 'presence is-online' : 'presence' }),
      ),
      h(
        'span',
        { class: 'member-text' },
        h('span', { class: 'member-name' }, h('span', { class: 'member-label', text: person.name }), you ? h('span', { class: 'member-you', text: t('fav.you') }) : null),
        h('span', { class: 'member-status', text: person.online ? t('fav.online') : t('fav.offline') }),
      ),
      h(
        'span',
        { class: 'member-actions' },
        role,
        removable ? h('button', { type: 'button', class: 'button button-small button-quiet make-owner', 'aria-label': t('fav.makeOwnerLabel', person.name), title: t('fav.makeOwnerLabel', person.name) }, icon('crown'), h('span', { class: 'make-owner-text', text: t('fav.makeOwner') })) : null,
        removable ? h('button', { type: 'button', class: 'button button-small button-danger-outline remove', 'aria-label': t('fav.removeLabel', person.name), text: t('fav.remove') }) : null,
      ),
    );
  }

  function invite(item, index) {
    return h(
      'li',
      { class: 'invite', dataset: { id: item.id } },
      icon('link'),
      h(
        'span',
        { class: 'invite-text' },
        h('span', { class: 'invite-role', text: inviteLabel(item.role) }),
        h('span', { class: 'invite-terms-text', text: inviteTermsText(item) }),
      ),
      h('button', { type: 'button', class: 'button button-small button-danger-outline revoke', 'aria-label': t('fav.revokeLabel', inviteLabel(item.role), index + 1), text: t('fav.revoke') }),
    );
  }

  /** "2 / 5 used · expires in 6 days" */
  function inviteTermsText(item) {
    const uses = item.maxUses ? t('fav.usesOf', formatNumber(item.uses ?? 0), formatNumber(item.maxUses)) : t('fav.usesCount', formatNumber(item.uses ?? 0));
    if (!item.expiresAt) return uses;
    const days = Math.max(0, (item.expiresAt - Date.now()) / 86_400_000);
    const when = days >= 1
      ? new Intl.RelativeTimeFormat(currentLocale(), { numeric: 'auto' }).format(Math.round(days), 'day')
      : new Intl.RelativeTimeFormat(currentLocale(), { numeric: 'auto' }).format(Math.max(1, Math.round(days * 24)), 'hour');
    return `${uses} · ${t('fav.expires', when)}`;
  }

  /** Scrolls the switcher's row (phones) so the active chip shows, without moving the sheet. */
  function revealChip(chipEl) {
    if (!chipEl || switcher.scrollWidth <= switcher.clientWidth) return;
    requestAnimationFrame(() => {
      const c = chipEl.getBoundingClientRect();
      const w = switcher.getBoundingClientRect();
      if (c.left < w.left || c.right > w.right) switcher.scrollLeft += c.left - w.left - 18;
    });
  }

  function renderLists(lists, mine) {
    const active = lists.all.find((l) => l.id === lists.active) ?? null;
    const isOwner = active?.role === 'owner';
    title.textContent = active ? listDisplayName(active) : t('favorites');
    manager.update(lists);
    reconcile(switcher, chips, lists.all, (l) => l.id, chip, (entry, l) => fillChip(entry.el, l));
    for (const [id, entry] of chips) {
      const input = entry.el.querySelector('input');
      input.checked = id === lists.active;
      entry.el.classList.toggle('is-active', id === lists.active);
    }
    switcher.hidden = lists.all.length < 2;
    if (lists.active !== shown.lists?.active) revealChip(chips.get(lists.active)?.el);

    // Members: re-created when the viewer's ownership changes (Remove buttons come and go).
    const ownerKey = `${mine}:${isOwner}`;
    if (members.dataset.key !== ownerKey) {
      members.dataset.key = ownerKey;
      fill(members);
      people.clear();
    }
    reconcile(members, people, lists.members, (m) => m.id, (m) => member(m, mine, isOwner), (entry, m) => {
      const next = member(m, mine, isOwner);
      entry.el.replaceWith(next);
      entry.el = next;
    });
    const online = lists.members.filter((m) => m.online).length;
    const count = lists.memberCount ?? lists.members.length;
    membersTitle.textContent = t('fav.membersCount', formatNumber(count), formatNumber(online));
    const unseen = count - lists.members.length;
    moreMembers.hidden = unseen <= 0 || lists.members.length >= 1000;
    moreMembers.textContent = t('fav.showMore', formatNumber(Math.min(unseen, rosterPage)), formatNumber(unseen));

    inviteSection.hidden = !isOwner;
    // An invite's uses change as people join: its row is built again.
    reconcile(invites, openInvites, lists.invites ?? [], (i) => i.id, (i) => invite(i, openInvites.size), (entry, i) => {
      const next = invite(i, [...openInvites.keys()].indexOf(i.id));
      entry.el.replaceWith(next);
      entry.el = next;
    });
    invitesTitle.hidden = (lists.invites ?? []).length === 0;
    leaveSection.hidden = !active || isOwner;

    subtitle.replaceChildren(
      active ? roleBadge(active.role) : '',
      h('span', { text: t('fav.summary', formatNumber(lists.pokemon.length), count) }),
    );
  }

  function renderCards(pokemon, favorites, locked, readOnlyChanged) {
    // A card leaving under the keyboard (its star unset) hands focus to its neighbour.
    const focused = grid.contains(document.activeElement) ? [...grid.children].indexOf(document.activeElement.closest('.card')) : -1;
    reconcile(
      grid,
      cards,
      pokemon,
      (p) => p.id,
      (p, entry) => {
        const el = withAttribution(card(p, Boolean(favorites[p.id])), p);
        entry.star = el.querySelector('.star');
        entry.favourite = Boolean(favorites[p.id]);
        if (locked) setLocked(entry.star, true);
        return el;
      },
      (entry, p) => {
        const el = withAttribution(card(p, Boolean(favorites[p.id])), p);
        entry.el.replaceWith(el);
        entry.el = el;
        entry.star = el.querySelector('.star');
        entry.favourite = Boolean(favorites[p.id]);
        if (locked) setLocked(entry.star, true);
      },
    );
    for (const [id, entry] of cards) {
      const favourite = Boolean(favorites[id]);
      if (favourite !== entry.favourite) {
        entry.favourite = favourite;
        setPressed(entry.star, favourite);
      }
      if (readOnlyChanged) setLocked(entry.star, locked);
    }
    if (focused >= 0 && !grid.contains(document.activeElement)) {
      const neighbour = grid.children[Math.min(focused, grid.children.length - 1)];
      (neighbour?.querySelector('.star') ?? title).focus();
    }
    grid.hidden = pokemon.length === 0;
    empty.hidden = pokemon.length > 0;
    if (pokemon.length === 0) {
      fill(
        empty,
        h('span', { class: 'fav-empty-icon', 'aria-hidden': 'true' }, icon('star')),
        h('p', { class: 'fav-empty-title', text: t('fav.emptyTitle') }),
        h('p', { class: 'fav-hint', text: locked ? t('fav.emptyViewer') : t('fav.emptyHint') }),
      );
    }
  }

  return {
    el,
    title,
    actions: null,
    /** `state` is the whole client state: favorites reads lists, favorites and me. */
    update(state) {
      const lists = state.lists;
      if (!lists) return;
      const screen = state.destination?.favorites;
      if (screen?.error !== shown.error || screen?.canRetry !== shown.canRetry) {
        failure.hidden = !screen?.error;
        fill(
          failure,
          screen?.error ? h('p', { text: screen.error || t('fav.failed') }) : null,
          screen?.canRetry ? h('button', { type: 'button', class: 'button retry', text: t('retry') }) : null,
        );
      }
      const mine = state.me?.id ?? null;
      const locked = lists.all.find((l) => l.id === lists.active)?.role === 'viewer';
      if (lists !== shown.lists || mine !== shown.me) renderLists(lists, mine);
      if (lists.pokemon !== shown.lists?.pokemon || state.favorites !== shown.favorites || locked !== shown.locked) {
        renderCards(lists.pokemon, state.favorites, locked, locked !== shown.locked);
      }
      activity.update(lists.activity ?? [], screen?.sort ?? 'number', !locked);
      shown = { lists, favorites: state.favorites, me: mine, locked, error: screen?.error, canRetry: screen?.canRetry };
    },
  };
}
