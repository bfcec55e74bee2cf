"""The score sheet worked out on a phone that has lost the server.

A phone that keeps a game runs this package, as it is, in Pyodide
(static/js/scoring-worker.js). It has the game's record (the server's
`games/<pk>/export.json`) and the hands typed on the phone and not sent yet,
as the hand form posted them; from these it draws the sheet with the same
rules, and checks a new hand with the same `clean` as the server's form.
"""

from __future__ import annotations

import gettext as catalogs
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

from . import REGISTRY
from .base import Facts, Field, HandInvalid
from .ledger import describe
from .sheet import Setup, Sheet
from .words import gettext, ordinal, use_translations

# Where the compiled catalogs are: beside the package in the phone's zip
# (vinescore.offline.bundle), the project's locale directory on a server.
CATALOGS = (Path(__file__).parent / "locale", Path(__file__).parent.parent / "locale")

# Fields that post several values under one name.
LIST_KINDS = ("seats", "per_seat")


def posted_facts(fields: Sequence[Field], posted: Mapping[str, Any]) -> Facts:
    """A hand form's values as `clean` takes them: a list for a field of
    several values, one text with its ends stripped for any other (blank when
    not posted). The server's HandForm and the phone both go through here."""
    raw: Facts = {}
    for f in fields:
        value = posted.get(f.name)
        if f.kind in LIST_KINDS:
            if value is None:
                value = []
            elif not isinstance(value, list | tuple):
                value = [value]
            raw[f.name] = [str(v) for v in value]
        else:
            if isinstance(value, list | tuple):
                value = value[-1] if value else None
            raw[f.name] = "" if value is None else str(value).strip()
    return raw


def as_posted(pairs: Sequence[Sequence[str]]) -> dict[str, list[str]]:
    """[name, value] pairs, as a browser's FormData gives them, by name."""
    posted: dict[str, list[str]] = {}
    for name, value in pairs:
        posted.setdefault(str(name), []).append(str(value))
    return posted


def start(record: Mapping[str, Any]) -> Sheet:
    """The sheet of a game record's stored hands."""
    rules = REGISTRY[record["game"]]
    setup = Setup(
        names=tuple(record["players"]),
        first_dealer=int(record.get("first_dealer") or 0),
        options=frozenset(record.get("options") or ()),
        target=record.get("target"),
        stakes=record.get("stakes"),
        ended=bool(record.get("ended")),
        hand_limit=record.get("hand_limit"),
    )
    sheet = Sheet(rules, setup)
    for hand in record.get("hands") or ():
        sheet.play(hand["facts"])
    return sheet


def check(sheet: Sheet, pairs: Sequence[Sequence[str]]) -> Facts:
    """The facts of the next hand as typed, cleaned by the game's rules;
    HandInvalid with the server's words otherwise."""
    table = sheet.next_table
    fields = sheet.rules.fields(table)
    return sheet.rules.clean(posted_facts(fields, as_posted(pairs)), table)


def use_language(code: str | None) -> str:
    """Explain and refuse in the page's language (its `lang`, "de" or
    "de-DE"), read from the same compiled catalog as the server's; English
    when there is none. Returns the language used."""
    for language in dict.fromkeys([str(code or "").replace("-", "_"), str(code or "")[:2]]):
        for base in CATALOGS:
            path = base / language / "LC_MESSAGES" / "django.mo"
            if language and path.is_file():
                with path.open("rb") as f:
                    catalog = catalogs.GNUTranslations(f)
                use_translations(catalog.gettext, catalog.ngettext)
                return language
    use_translations(None, None)
    return "en"


def signed(award: int) -> str:
    return f"+{award}" if award > 0 else str(award)


def drawn(record: Mapping[str, Any], queued: Sequence[Sequence[Sequence[str]]]) -> dict:
    """The sheet of the stored hands and then the queued ones (each a list of
    [name, value] pairs), as the numbers and words static/js/keep.js puts in
    the server's sheet; `rows` are the queued hands'. A queued hand the rules
    refuse stops the sheet there, with why."""
    sheet = start(record)
    stored = len(sheet.rows)
    refused = None
    for i, pairs in enumerate(queued):
        try:
            sheet.play(check(sheet, pairs))
        except HandInvalid as invalid:
            refused = {"index": i, "errors": invalid.errors}
            break
    sheet = Sheet(sheet.rules, sheet.setup, sheet.rows, sheet.winner, sheet.decided_at).finish()
    rules, names = sheet.rules, sheet.setup.names
    table = sheet.next_table
    first = table.left_of(table.dealer) if rules.opens else None
    winner = None
    if sheet.winner is not None:
        # In the words of the server's sheet (table/game.html), from its catalog.
        wins = "%(winner_name)s win" if sheet.winners_are_several else None
        reason = sheet.winner.reason[:1].upper() + sheet.winner.reason[1:]
        winner = {
            "title": gettext(wins or "%(winner_name)s wins") % {"winner_name": sheet.winner_words},
            "reason": gettext("%(reason)s, after hand %(hand)s.")
            % {"reason": reason, "hand": sheet.decided_at}
            if sheet.decided_at and not sheet.at_limit
            else reason + ".",
            "sides": list(sheet.winning_sides),
            "standings": [
                [ordinal(p.place), sheet.side_names[p.side], p.total, p.note]
                for p in sheet.standings()
            ],
        }
    return {
        "sides": list(sheet.side_names),
        "totals": list(sheet.totals),
        "stored": stored,
        "rows": [
            {
                "number": row.number,
                "scored": gettext("Hand %(number)s scored") % {"number": row.number},
                "dealt": gettext("%(dealer)s dealt.") % {"dealer": names[row.dealer]},
                "explanation": row.result.in_full,
                "said": row.result.explanation,  # the last hand's card leaves out the ruling
                "awards": [signed(a) for a in row.result.awards],
                "totals": list(row.totals),
                "payments": describe(row.result.payments, names),
            }
            for row in sheet.rows[stored:]
        ],
        "next": {
            "number": len(sheet.rows) + 1,
            "line": next_line(sheet),
            "title": gettext("Hand %(number)s") % {"number": len(sheet.rows) + 1},
            "score": gettext("Score hand %(number)s") % {"number": len(sheet.rows) + 1},
            "first": first,
            "first_words": gettext("{name} {opens}").format(
                name=names[first], opens=gettext(rules.opens)
            )
            if first is not None
            else "",
        },
        "status": rules.status(table) if winner is None else "",
        "winner": winner,
        "refused": refused,
    }


def next_line(sheet: Sheet) -> str:
    """The sheet's "Hand 8 · <strong>Cy</strong> deals · ..." line, in the
    server's words (table/game.html), names escaped: the page puts it in as HTML."""
    rules, names, table = sheet.rules, sheet.setup.names, sheet.next_table
    number, limit = len(sheet.rows) + 1, sheet.setup.hand_limit
    if limit:
        parts = [gettext("Hand %(number)s of %(limit)s") % {"number": number, "limit": limit}]
    else:
        parts = [gettext("Hand %(number)s") % {"number": number}]
    if rules.deals:
        dealer = escape(names[table.dealer])
        parts.append(gettext("<strong>%(dealer)s</strong> deals") % {"dealer": dealer})
    if rules.opens:
        bidder = escape(names[table.left_of(table.dealer)])
        opens = gettext("<strong>%(bidder)s</strong> %(opens)s")
        parts.append(opens % {"bidder": bidder, "opens": escape(gettext(rules.opens))})
    return " · ".join(parts)


def refusal(
    record: Mapping[str, Any], queued: Sequence[Sequence[Sequence[str]]], pairs
) -> dict[str, str]:
    """What the server's form would say of this hand typed after the queued
    ones: {} when it would take it, else a message per field ("__all__": the
    form's own)."""
    sheet = start(record)
    for earlier in queued:
        sheet.play(check(sheet, earlier))
    try:
        check(sheet, pairs)
    except HandInvalid as invalid:
        return dict(invalid.errors)
    return {}
