"""Checking a hand's facts field by field, before a game's own rules.

Values may arrive as JSON values (a record file) or as the strings a form
posts; both are accepted, and the result holds only ints, strs, bools and
lists of ints. Messages name the field the way the form labels it.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import Any

from .base import Facts, Field, HandInvalid, Table
from .words import gettext


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and re.fullmatch(r"[+-]?\d{1,6}", value.strip()):
        return int(value)
    return None


def in_sentence(label: str) -> str:
    """A field's label inside a sentence: lower case in English ("Choose the
    bidder."), as it is in German, whose nouns keep their capital."""
    # Translators: answer "keep" if labels keep their capitals inside a sentence.
    if gettext("labels in a sentence: lower case") == "keep":
        return label
    return label.lower()


def blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.strip() == "")


def _check_one(f: Field, value: Any, table: Table, errors: dict[str, str]) -> Any:
    if blank(value) and f.default is not None:
        value = f.default  # what the form starts with; a blank means "as usual"
    if f.kind == "flag":
        if blank(value):
            return False
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in {"on", "true", "1", "yes"}:
            return True
        if isinstance(value, str) and value.lower() in {"off", "false", "0", "no"}:
            return False
        errors[f.name] = gettext("{label}: answer yes or no.").format(label=f.label)
        return None

    if f.kind in ("seat", "team"):
        limit = table.size if f.kind == "seat" else 2
        if blank(value):
            if f.optional:
                return None
            errors[f.name] = gettext("Choose the {label}.").format(label=in_sentence(f.label))
            return None
        n = _int(value)
        if n is None or not 0 <= n < limit:
            errors[f.name] = (
                gettext("{label}: choose one of the players.")
                if f.kind == "seat"
                else gettext("{label}: choose one of the teams.")
            ).format(label=f.label)
            return None
        return n

    if f.kind == "seats":
        if blank(value):
            value = []
        if not isinstance(value, (list, tuple)):
            value = [value]
        seats = [_int(v) for v in value if not blank(v)]
        if any(s is None or not 0 <= s < table.size for s in seats):
            errors[f.name] = gettext("{label}: choose from the players at the table.").format(
                label=f.label
            )
            return None
        if len(set(seats)) != len(seats):
            errors[f.name] = gettext("{label}: a player is chosen twice.").format(label=f.label)
            return None
        return sorted(seats)

    if f.kind == "choice":
        if blank(value):
            if f.optional:
                return None
            errors[f.name] = gettext("Choose the {label}.").format(label=in_sentence(f.label))
            return None
        for choice, _label in f.choices:
            if value == choice or (isinstance(value, str) and value == str(choice)):
                return choice
        errors[f.name] = gettext("{label}: {value} is not one of the choices.").format(
            label=f.label, value=str(value)[:20]
        )
        return None

    if f.kind == "number":
        if blank(value):
            if f.optional:
                return None
            errors[f.name] = gettext("Enter the {label}.").format(label=in_sentence(f.label))
            return None
        n = _int(value)
        if n is None:
            errors[f.name] = gettext("{label} must be a whole number.").format(label=f.label)
            return None
        if not f.min <= n <= f.max:
            errors[f.name] = gettext(
                "{label} must be from {min} to {max}; {n} is out of range."
            ).format(label=f.label, min=f.min, max=f.max, n=n)
            return None
        return n

    if f.kind == "per_seat":
        if f.optional and (
            blank(value) or (isinstance(value, (list, tuple)) and all(map(blank, value)))
        ):
            return None  # a detail left out
        if not isinstance(value, (list, tuple)) or len(value) != table.size:
            errors[f.name] = gettext("{label}: enter a number for every player.").format(
                label=f.label
            )
            return None
        numbers: list[int | None] = []
        for seat, v in enumerate(value):
            if blank(v):
                numbers.append(None)
                continue
            n = _int(v)
            if n is None:
                errors[f.name] = gettext("{label} for {name} must be a whole number.").format(
                    label=f.label, name=table.names[seat]
                )
                return None
            if not f.min <= n <= f.max:
                errors[f.name] = gettext(
                    "{label} for {name} must be from {min} to {max}; {n} is out of range."
                ).format(label=f.label, name=table.names[seat], min=f.min, max=f.max, n=n)
                return None
            numbers.append(n)
        blanks = [i for i, n in enumerate(numbers) if n is None]
        known = sum(n for n in numbers if n is not None)
        if f.total is None:
            # No fixed total: a blank is nothing taken (fewest taps).
            numbers = [0 if n is None else n for n in numbers]
            if f.most is not None and sum(numbers) > f.most:
                why = f" ({f.most_why})" if f.most_why else ""
                errors[f.name] = gettext(
                    "{label}: at most {most} in a hand{why}; these add up to {total}."
                ).format(label=f.label, most=f.most, why=why, total=sum(numbers))
                return None
            return numbers
        if len(blanks) > 1:
            errors[f.name] = gettext(
                "{label}: leave at most one player blank (their number is worked out from the "
                "{total} in the hand)."
            ).format(label=f.label, total=f.total)
            return None
        if blanks:
            rest = f.total - known
            if not f.min <= rest <= f.max:
                errors[f.name] = gettext(
                    "{label}: {total} in a hand, but these already add up to {known}."
                ).format(label=f.label, total=f.total, known=known)
                return None
            numbers[blanks[0]] = rest
            return numbers
        if known != f.total:
            errors[f.name] = gettext(
                "{label}: {total} in a {size}-player hand; these add up to {known}."
            ).format(label=f.label, total=f.total, size=table.size, known=known)
            return None
        return numbers

    raise AssertionError(f"unknown field kind {f.kind}")


def check_fields(
    fields: Sequence[Field], facts: Facts, table: Table, may_omit: Collection[str] = ()
) -> Facts:
    """Convert and range-check each field that applies; drop the rest.

    `may_omit` names facts the game works out itself when they are left
    blank (a combined number from its split): blank, they are None here.
    Raises HandInvalid naming every field that is wrong.
    """
    if not isinstance(facts, dict):
        raise HandInvalid({"__all__": gettext("A hand must be a set of named facts.")})
    errors: dict[str, str] = {}
    clean: Facts = {}
    for f in fields:
        # show_if refers to an earlier field, already cleaned
        if not f.applies(clean):
            continue
        if f.detail or f.name in may_omit:
            f = replace(f, optional=not f.needed(clean) or f.name in may_omit)
        value = _check_one(f, facts.get(f.name), table, errors)
        if f.name not in errors:
            clean[f.name] = value
    if errors:
        raise HandInvalid(errors)
    return clean
