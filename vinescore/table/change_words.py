"""The change log in the players' words: "Hand 4: Ben's bid changed from 6
to 7", with names, never seat numbers or raw facts.

One describer serves every game: the words come from the game's declared
`Field`s (their labels and kinds), so a game added later is described too.
"""

from __future__ import annotations

from typing import Any

from vinescore.scoring import Field, GameRules, Table
from vinescore.scoring.words import and_list

from .models import GameChange


def lower_first(label: str) -> str:
    """A label in mid-sentence: "Bid (tricks)" -> "bid (tricks)"."""
    return label[:1].lower() + label[1:]


def value_words(f: Field, value: Any, table: Table, rules: GameRules) -> str:
    """One fact's value as a player would say it."""
    names = table.names
    if value is None:
        return f.none_label.lower() if f.kind in ("seat", "team") else "none"
    if f.kind == "seat":
        return names[value] if 0 <= value < len(names) else f"seat {value + 1}"
    if f.kind == "seats":
        return and_list([names[s] for s in value if 0 <= s < len(names)])
    if f.kind == "team":
        return rules.side_names(names)[value] if value in (0, 1) else str(value)
    if f.kind == "per_seat":
        return ", ".join(
            f"{name} {'not recorded' if n is None else n}"
            for name, n in zip(names, value, strict=False)
        )
    if f.kind == "flag":
        return "yes" if value else "no"
    if f.kind == "choice":
        return next((label for choice, label in f.choices if choice == value), str(value))
    return str(value)


def facts_words(fields: list[Field], facts: dict, table: Table, rules: GameRules) -> str:
    """A hand's facts, field by field: "Bidder Ben · Bid 6 · Tricks Ana 3, …"."""
    # A detail left out (the trump not recorded) is not worth a word.
    known = [f for f in fields if f.name in facts and not (f.detail and facts[f.name] is None)]
    return " · ".join(f"{f.label}: {value_words(f, facts[f.name], table, rules)}" for f in known)


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
            phrases.append(f"{f.label} set to {value_words(f, new, table, rules)}")
        elif f.detail and new is None:
            phrases.append(
                f"{f.label} no longer recorded (was {value_words(f, old, table, rules)})"
            )
        elif f.name not in after:
            phrases.append(f"{f.label} no longer applies (was {value_words(f, old, table, rules)})")
        elif f.kind == "per_seat" and old is not None and new is not None:
            for name, was, now in zip(names, old, new, strict=False):
                if was != now:
                    was, now = ("not recorded" if n is None else n for n in (was, now))
                    phrases.append(f"{name}'s {label} changed from {was} to {now}")
        else:
            owner = f"{names[bidder]}'s" if f.name == "bid" and bidder is not None else "the"
            was, now = value_words(f, old, table, rules), value_words(f, new, table, rules)
            phrases.append(f"{owner} {label} changed from {was} to {now}")
    return phrases or ["nothing that scores changed"]


def quoted(text: str) -> str:
    return f"“{text}”"


def change_words(
    change: GameChange, rules: GameRules, table: Table, number: int | None, live: bool
) -> str:
    """One line of the log. `table` is the one the hand was played at (or the
    game's first, for changes to the game itself); `number` the hand's
    number, or where it would stand if it is deleted now."""
    action = change.action
    hand = f"Hand {number}" if number else "A hand"
    if not live and change.hand_id is not None:
        hand += " (deleted now)"
    fields = rules.fields(table)
    if action == GameChange.ADDED:
        return f"{hand} scored: {facts_words(fields, change.after or {}, table, rules)}."
    if action == GameChange.EDITED:
        phrases = edit_words(fields, change.before or {}, change.after or {}, table, rules)
        return f"{hand}: " + "; ".join(phrases) + "."
    if action == GameChange.DELETED:
        return f"{hand} deleted: {facts_words(fields, change.before or {}, table, rules)}."
    if action == GameChange.RESTORED:
        return f"{hand} restored: {facts_words(fields, change.after or {}, table, rules)}."
    if action == GameChange.NOTE:
        before, after = change.before or "", change.after or ""
        if not before:
            return f"Note added: {quoted(after)}."
        if not after:
            return f"Note cleared (it was {quoted(before)})."
        return f"Note changed from {quoted(before)} to {quoted(after)}."
    if action == GameChange.TARGET:
        label = lower_first(rules.target_label)
        if change.before is None:
            return f"Play goes on: the {label} is now {change.after}."
        return f"Play goes on: the {label} went from {change.before} to {change.after}."
    if action == GameChange.ENDED:
        return "The table ended the session." if rules.coins else "The table ended the game."
    if action == GameChange.REOPENED:
        return "Reopened to play on."
    if action == GameChange.REMATCH:
        return "A rematch was started from this game."
    if action == GameChange.MERGED:
        was, now = (change.before or {}).get("name", "?"), (change.after or {}).get("name", "?")
        return f"{was} and {now} are the same person: {was}'s seat is now {now}'s."
    return f"{change.get_action_display()}."
