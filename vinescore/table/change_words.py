"""The change log in the players' words: "Hand 4: Ben's bid changed from 6
to 7", with names, never seat numbers or raw facts.

One describer serves every game: the words come from the game's declared
`Field`s (their labels and kinds), so a game added later is described too.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language, gettext, ngettext

from vinescore.scoring import Field, GameRules, Table
from vinescore.scoring.words import and_list

from .models import GameChange


def lower_first(label: str) -> str:
    """A label in mid-sentence: "Bid (tricks)" -> "bid (tricks)". German
    nouns keep their capital."""
    if not english():
        return label
    return label[:1].lower() + label[1:]


def english() -> bool:
    return (get_language() or "en").startswith("en")


def value_words(f: Field, value: Any, table: Table, rules: GameRules) -> str:
    """One fact's value as a player would say it."""
    names = table.names
    if value is None:
        if f.kind in ("seat", "team"):
            return f.none_label.lower() if english() else f.none_label
        return gettext("none")
    if f.kind == "seat":
        if 0 <= value < len(names):
            return names[value]
        return gettext("seat {seat}").format(seat=value + 1)
    if f.kind == "seats":
        return and_list([names[s] for s in value if 0 <= s < len(names)])
    if f.kind == "team":
        return rules.side_names(names)[value] if value in (0, 1) else str(value)
    if f.kind == "per_seat":
        return ", ".join(
            gettext("{name} {value}").format(
                name=name, value=gettext("not recorded") if n is None else n
            )
            for name, n in zip(names, value, strict=False)
        )
    if f.kind == "flag":
        return gettext("yes") if value else gettext("no")
    if f.kind == "choice":
        return next((label for choice, label in f.choices if choice == value), str(value))
    return str(value)


def facts_words(fields: list[Field], facts: dict, table: Table, rules: GameRules) -> str:
    """A hand's facts, field by field: "Bidder Ben · Bid 6 · Tricks Ana 3, …"."""
    # A detail left out (the trump not recorded) is not worth a word.
    known = [f for f in fields if f.name in facts and not (f.detail and facts[f.name] is None)]
    return " · ".join(
        gettext("{label}: {value}").format(
            label=f.label, value=value_words(f, facts[f.name], table, rules)
        )
        for f in known
    )


def edit_words(
    fields: list[Field], before: dict, after: dict, table: Table, rules: GameRules
) -> list[str]:
    """What an edit changed, one phrase a fact ("Ben's bid changed from 6 to 7")."""
    names = table.names
    bidder = before.get("bidder") if before.get("bidder") == after.get("bidder") else None
    phrases = []
    for f in fields:
        old, new = before.get(f.name), after.get(f.name)
        if old == new:
            continue
        label = lower_first(f.label)
        if f.name not in before or (f.detail and old is None):
            phrases.append(
                gettext("{label} set to {value}").format(
                    label=f.label, value=value_words(f, new, table, rules)
                )
            )
        elif f.detail and new is None:
            phrases.append(
                gettext("{label} no longer recorded (was {value})").format(
                    label=f.label, value=value_words(f, old, table, rules)
                )
            )
        elif f.name not in after:
            phrases.append(
                gettext("{label} no longer applies (was {value})").format(
                    label=f.label, value=value_words(f, old, table, rules)
                )
            )
        elif f.kind == "per_seat" and old is not None and new is not None:
            for name, was, now in zip(names, old, new, strict=False):
                if was != now:
                    was, now = (gettext("not recorded") if n is None else n for n in (was, now))
                    phrases.append(
                        gettext("{name}'s {label} changed from {was} to {now}").format(
                            name=name, label=label, was=was, now=now
                        )
                    )
        else:
            was, now = value_words(f, old, table, rules), value_words(f, new, table, rules)
            if f.name == "bid" and bidder is not None:
                said = gettext("{name}'s {label} changed from {was} to {now}")
            else:
                said = gettext("the {label} changed from {was} to {now}")
            phrases.append(said.format(name=names[bidder or 0], label=label, was=was, now=now))
    return phrases or [gettext("nothing that scores changed")]


def quoted(text: str) -> str:
    return gettext("“{text}”").format(text=text)


def change_words(
    change: GameChange, rules: GameRules, table: Table, number: int | None, live: bool
) -> str:
    """One line of the log. `table` is the one the hand was played at (or the
    game's first, for changes to the game itself); `number` the hand's
    number, or where it would stand if it is deleted now."""
    action = change.action
    if number:
        hand = gettext("Hand {number}").format(number=number)
    else:
        hand = gettext("A hand")
    if not live and change.hand_id is not None:
        hand = gettext("{hand} (deleted now)").format(hand=hand)
    fields = rules.fields(table)
    if action == GameChange.ADDED:
        facts = facts_words(fields, change.after or {}, table, rules)
        return gettext("{hand} scored: {facts}.").format(hand=hand, facts=facts)
    if action == GameChange.EDITED:
        phrases = edit_words(fields, change.before or {}, change.after or {}, table, rules)
        return gettext("{hand}: {changes}.").format(hand=hand, changes="; ".join(phrases))
    if action == GameChange.DELETED:
        facts = facts_words(fields, change.before or {}, table, rules)
        return gettext("{hand} deleted: {facts}.").format(hand=hand, facts=facts)
    if action == GameChange.RESTORED:
        facts = facts_words(fields, change.after or {}, table, rules)
        return gettext("{hand} restored: {facts}.").format(hand=hand, facts=facts)
    if action == GameChange.NOTE:
        before, after = change.before or "", change.after or ""
        if not before:
            return gettext("Note added: {note}.").format(note=quoted(after))
        if not after:
            return gettext("Note cleared (it was {note}).").format(note=quoted(before))
        return gettext("Note changed from {before} to {after}.").format(
            before=quoted(before), after=quoted(after)
        )
    if action == GameChange.TARGET:
        label = lower_first(gettext(rules.target_label))
        if change.before is None:
            return gettext("Play goes on: the {label} is now {now}.").format(
                label=label, now=change.after
            )
        return gettext("Play goes on: the {label} went from {was} to {now}.").format(
            label=label, was=change.before, now=change.after
        )
    if action == GameChange.ENDED:
        if rules.coins:
            return gettext("The table ended the session.")
        return gettext("The table ended the game.")
    if action == GameChange.REOPENED:
        return reopened_words(change.before or {}, change.after or {})
    if action == GameChange.REMATCH:
        return gettext("A rematch was started from this game.")
    if action == GameChange.MERGED:
        was, now = (change.before or {}).get("name", "?"), (change.after or {}).get("name", "?")
        return gettext("{was} and {now} are the same person: {was}'s seat is now {now}'s.").format(
            was=was, now=now
        )
    if action == GameChange.GAME_DELETED:
        hands = (change.before or {}).get("hands", 0)
        return ngettext(
            "The game was deleted, with its {n} hand.",
            "The game was deleted, with its {n} hands.",
            hands,
        ).format(n=hands)
    if action == GameChange.GAME_RESTORED:
        return gettext("The game was restored.")
    if action == GameChange.SEATS:
        return seats_words(change.before or {}, change.after or {})
    if action == GameChange.REPLACED:
        before, after = change.before or {}, change.after or {}
        seat = before.get("seat", 0) + 1
        return gettext(
            "Seat {seat}: {was} was replaced by {now}, in every hand played there."
        ).format(seat=seat, was=before.get("name", "?"), now=after.get("name", "?"))
    if action == GameChange.CONFIRMED:
        if not change.by_guest:  # a member of the group, the organiser, confirms any hand
            return gettext("{hand} confirmed by a member of the group.").format(hand=hand)
        return gettext("{hand} confirmed by another phone.").format(hand=hand)
    return gettext("{action}.").format(action=change.get_action_display())


def reopened_words(before: dict, after: dict) -> str:
    """A finished game reopened: to play on, or to change one of its hands;
    what it had settled, which that replaced, stays said here."""
    settled = "; ".join(before.get("settle_up") or [])
    number = after.get("hand")
    if number is None:
        if settled:
            return gettext("Reopened to play on: the settle-up {settle_up} was replaced.").format(
                settle_up=settled
            )
        return gettext("Reopened to play on.")
    if settled:
        return gettext(
            "Reopened to change hand {number}: the settle-up {settle_up} was replaced."
        ).format(number=number, settle_up=settled)
    if before.get("winner"):
        return gettext("Reopened to change hand {number}; {winner} had won.").format(
            number=number, winner=before["winner"]
        )
    return gettext("Reopened to change hand {number}.").format(number=number)


def seats_words(before: dict, after: dict) -> str:
    """The seats changed before the first hand: who sat where, and after."""
    was, now = before.get("names", []), after.get("names", [])
    dealer = after.get("dealer", 0)
    dealer = now[dealer] if now and 0 <= dealer < len(now) else ""
    if dealer:
        said = gettext(
            "Seats changed before the first hand: {was} became {now}; {dealer} deals first."
        )
    else:
        said = gettext("Seats changed before the first hand: {was} became {now}.")
    return said.format(was=", ".join(was), now=", ".join(now), dealer=dealer)
