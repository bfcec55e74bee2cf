"""What one version of a game's score sheet shows, worked out on first use
(SheetParts): the totals, the last hand, the winner, the next hand's fields,
the rows shown and the chart. The template (table/game.html) draws them;
a sheet whose parts are all kept in the cache never replays the game."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import NamedTuple

from django.core.cache import cache
from django.template.loader import get_template, render_to_string
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from vinescore import charts, guide
from vinescore.our_text import our_text
from vinescore.scoring import Row, Sheet, Table, tail
from vinescore.scoring.ledger import describe, settle_up
from vinescore.scoring.words import ordinal

from . import fragments
from .hand_forms import HandForm, facts_as_data
from .models import Game, LiveHand

log = logging.getLogger(__name__)

# The score sheet shows the latest hands; the rest are one tap away.
SHEET_WINDOW = 15

# A row of the score sheet (SheetParts.rows_html).
ROW = "table/game.html#sheet-row"


def next_hand_form(game: Game, sheet: Sheet, table: Table | None = None) -> HandForm:
    """The next hand's form as it opens (at `table`, or the sheet's next)."""
    form = HandForm(game.rules, table or sheet.next_table, next_hand=True)
    form.initial = opening_values(form.fact_fields, sheet)
    return form


def opening_values(fact_fields: list, sheet: Sheet) -> dict:
    """What the next hand's form opens with: the game's defaults, and the
    facts that carry over from the hand before."""
    defaults = {f.name: f.default for f in fact_fields if f.default is not None}
    initial = facts_as_data(fact_fields, defaults)
    if sheet.rows:
        repeat = [f for f in fact_fields if f.repeat]
        initial.update(facts_as_data(repeat, sheet.rows[-1].facts))
    return initial


class SheetParts:
    """What one version's sheet shows, each part computed on first use from one
    replay. `who`: "write" (every form), "guest" (hand forms, change log),
    "read" (a viewer: sheet, log, downloads), "watch" (a spectator: the sheet)."""

    def __init__(self, game: Game, who: str, show_all: bool, played=None):
        self.game, self.who, self.show_all = game, who, show_all
        if played is not None:
            self.__dict__["played"] = played

    @cached_property
    def played(self) -> tuple[list[LiveHand], Sheet]:
        """The hands and their sheet: for a long game's view, the hands it
        shows only (last_played); else every hand, replayed."""
        return self.last_played() or self.game.played()

    def last_played(self) -> tuple[list[LiveHand], Sheet] | None:
        """The last SHEET_WINDOW hands alone, replayed from the totals the
        hands before them left (Game.running_totals): what the view of a long
        game shows, read and replayed without the rest. None where that would
        not be the same sheet: every hand asked for; a game won or ended, or
        scored under an older rules version; rules in which a hand carries
        something to the next; totals not kept for the hands in play (a game
        not changed since it was kept); hands changed since the game was read
        (a change of another phone's at this instant); or hands that,
        replayed, do not give the totals kept for them."""
        game = self.game
        if (
            self.show_all
            or game.hand_count <= SHEET_WINDOW
            or game.is_finished
            or game.ended
            or game.rules.carries
            or game.rules_version != game.rules.rules_version
        ):
            return None
        kept, count = self.kept_totals, game.hand_count
        hands = game.last_hands(SHEET_WINDOW)
        if hands is None or count != len(kept) or len(hands) != SHEET_WINDOW:
            return None
        offset = count - len(hands)
        sheet = tail(game.rules, game.setup(), [h.facts for h in hands], kept[offset - 1], offset)
        if [list(row.totals) for row in sheet.rows] != kept[offset:]:
            log.warning("Game %s: its kept totals differ from its hands; replayed", game.pk)
            return None
        return hands, sheet

    @property
    def hands(self) -> list[LiveHand]:
        """The hands of `sheet`: every hand in play, or the last ones."""
        return self.played[0]

    @property
    def sheet(self) -> Sheet:
        return self.played[1]

    @cached_property
    def count(self) -> int:
        """How many hands are in play: those before the sheet's first row too."""
        return self.sheet.offset + len(self.hands)

    @cached_property
    def kept_totals(self) -> list[list[int]]:
        return self.game.kept_totals()

    @cached_property
    def running_totals(self) -> Sequence[Sequence[int]]:
        """Each side's total after each hand in play, for the chart."""
        if self.sheet.offset:
            return self.kept_totals
        return [row.totals for row in self.sheet.rows]

    @cached_property
    def waiting(self) -> list[tuple[int, int]]:
        """(pk, number) of each hand waiting for another phone to confirm
        it, in a game that confirms its hands (no query in any other)."""
        return self.game.waiting_hands()

    @cached_property
    def rules_url(self) -> str:
        game = self.game
        return reverse("rules_page", args=[game.kind]) if game.kind in guide.PAGES else ""

    @cached_property
    def summary(self) -> dict:
        """The little the visitor's own forms need, kept as data: the last
        hand (Undo, Edit) and the one-tap buttons."""
        game = self.game

        def compute() -> dict:
            sheet, hands = self.sheet, self.hands
            writing = not game.is_finished and self.who in ("write", "guest")
            return {
                "last_hand": hands[-1].pk if hands else None,
                "next_number": self.count + 1,
                "shortcuts": [
                    {"label": str(s.label), "inputs": hidden_inputs(self.form_data(s.facts))}
                    for s in game.rules.shortcuts(sheet.next_table)
                ]
                if writing
                else [],
            }

        return fragments.cached(("sheet summary", game.pk, game.version, self.who), compute)

    def form_data(self, facts: dict) -> dict:
        return facts_as_data(self.game.rules.fields(self.sheet.next_table), facts)

    @cached_property
    def sides(self) -> list[tuple[str, int]]:
        return list(zip(self.sheet.side_names, self.sheet.totals, strict=True))

    @cached_property
    def columns(self) -> SafeString:
        """How many columns a row's explanation spans: one a side."""
        return our_text(len(self.sides))

    @cached_property
    def strip(self) -> list[tuple[str, str, str, bool]]:
        """The totals strip: each side's name, total, what the last hand gave
        it (blank before the first hand and once the game is over) and
        whether it won."""
        changes = [""] * len(self.sides)
        if self.hands and not self.game.is_finished:
            changes = [signed(award) for award in self.sheet.rows[-1].result.awards]
        winner = self.sheet.winner
        return [
            (name, str(total), change, winner is not None and winner.side == side)
            for side, ((name, total), change) in enumerate(zip(self.sides, changes, strict=True))
        ]

    @cached_property
    def head(self) -> dict:
        game, sheet = self.game, self.sheet
        names = sheet.setup.names
        table = sheet.next_table
        return {
            "total_columns": len(sheet.totals) if len(sheet.totals) <= 4 else 3,
            "dealer": names[table.dealer],
            "first_bidder": names[table.left_of(table.dealer)],
            "status": game.rules.status(table) if not game.is_finished else "",
            "options": [o for o in game.rules.options if o.name in game.options],
            "played_for": game.played_for,  # kept on the game's row with its version
        }

    @cached_property
    def winner(self) -> dict:
        game, sheet = self.game, self.sheet
        return {
            "words": sheet.winner_words,
            "standings": [
                {
                    "place": ordinal(p.place),
                    "name": sheet.side_names[p.side],
                    "total": p.total,
                    "note": p.note,
                }
                for p in sheet.standings()
            ],
            "settle_up": (
                describe(settle_up(sheet.totals, game.stakes), sheet.setup.names)
                if game.rules.coins and game.is_finished and game.stakes is not None
                else []
            ),
        }

    @cached_property
    def just_scored(self) -> dict | None:
        """The newest hand, shown above the next form: what it scored for
        each side, so the table sees it before moving on."""
        if not self.hands:
            return None
        sheet, game = self.sheet, self.game
        row = sheet.rows[-1]
        result = row.result
        return {
            "number": row.number,
            # What happened, in a sentence; the ruling that decided it is behind the Rule link.
            "explanation": result.explanation,
            "rule_url": rule_url(self.rules_url, game.kind, result.rule) if result.ruling else "",
            "changes": [
                (name, signed(award))
                for name, award in zip(sheet.side_names, row.result.awards, strict=True)
            ],
            "payments": describe(row.result.payments, sheet.setup.names),
        }

    @cached_property
    def fields(self) -> SafeString:
        """The next hand's fields as they open, kept under all they show (the
        game, the table with its names, options and dealer, the facts carried
        over): a table draws them again only for a dealer's seat it has not
        seen yet, not once a version (drawing them was a fifth of a hand's
        POST)."""
        game, sheet = self.game, self.sheet
        opening = opening_values(game.rules.fields(sheet.next_table), sheet)
        return fragments.cached(
            ("hand fields", game.kind, sheet.next_table, opening),
            lambda: render_to_string(
                "table/_hand_fields.html", {"form": next_hand_form(game, sheet)}
            ),
        )

    @cached_property
    def hidden_rows(self) -> int:
        return 0 if self.show_all else max(0, self.count - SHEET_WINDOW)

    @cached_property
    def rows(self) -> list[SheetRow]:
        """The rows the score sheet shows, oldest first."""
        game, sheet = self.game, self.sheet
        # Where the rows shown begin in `sheet` (a sheet of the last hands has no others).
        hidden = len(sheet.rows) - (self.count - self.hidden_rows)
        links = (game.kind, game.get_absolute_url(), game.is_finished, self.rules_url)
        waiting = frozenset(pk for pk, _number in self.waiting)
        on = RowsOf(*links, sheet.setup.names, game.rules.deals, sheet.decided_at, waiting)
        return [
            SheetRow(on, hand, row)
            for hand, row in zip(self.hands[hidden:], sheet.rows[hidden:], strict=True)
        ]

    @cached_property
    def rows_html(self) -> SafeString:
        """The rows shown, each kept in the cache under all it prints: a new
        hand draws its own row, not the fourteen before it again."""
        template = get_template(ROW)
        shown = {
            "columns": self.columns,
            "deals": self.game.rules.deals,
            "can_write": self.who in ("write", "guest"),
        }
        rows = [row.drawn for row in self.rows]
        if self.show_all:  # every hand of a long game: drawn, not kept
            return mark_safe("".join(template.render({**shown, "r": r}) for r in rows))  # noqa: S308 — drawn by the template
        drawn = {fragments.cache_key("sheet row", r, shown): r for r in rows}
        kept = cache.get_many(list(drawn))
        missing = {
            key: template.render({**shown, "r": r}) for key, r in drawn.items() if key not in kept
        }
        if missing:
            cache.set_many(missing)
        return mark_safe("".join(kept.get(key) or missing[key] for key in drawn))  # noqa: S308 — drawn by the template

    @cached_property
    def chart(self) -> SafeString | str:
        game, sheet = self.game, self.sheet
        if not sheet.rows:
            return ""
        return mark_safe(  # noqa: S308 — charts escape every label
            charts.running_totals(
                sheet.side_names,
                list(zip(*self.running_totals, strict=True)),
                start=sheet.starting[0],
                target=game.target,
                title=(
                    gettext("{game}: running balances")
                    if game.rules.coins
                    else gettext("{game}: running totals")
                ).format(game=game.name),
            )
        )


class RowsOf(NamedTuple):
    """What every row of one sheet prints besides its own hand's part."""

    kind: str
    base: str  # the game's address
    finished: bool
    rules_url: str
    names: tuple[str, ...]
    deals: bool
    decided: int | None  # the hand that decided the game
    waiting: frozenset[int]  # the hands another phone has not confirmed yet


class SheetRow:
    """A row of the score sheet. What it prints is worked out only to draw it."""

    def __init__(self, on: RowsOf, hand: LiveHand, row: Row) -> None:
        self.on, self.hand, self.row = on, hand, row

    @cached_property
    def drawn(self) -> dict:
        """Its numbers and addresses are ours, printed as they are
        (our_text); the names in its words are escaped by the template."""
        on, hand, row = self.on, self.hand, self.row
        return {
            "pk": our_text(hand.pk),
            "number": our_text(row.number),
            "dealt": gettext("%(dealer)s dealt.") % {"dealer": on.names[row.dealer]},
            "explanation": row.result.in_full,
            "cells": [
                (our_text(signed(award)), our_text(total))
                for award, total in zip(row.result.awards, row.totals, strict=True)
            ],
            # A finished game's hands change through Reopen, which asks first.
            "edit_url": reopen_first(on.base, hand.pk, "edit", on.finished),
            "delete_url": reopen_first(on.base, hand.pk, "delete", on.finished),
            "after_win": on.decided is not None and row.number > on.decided,
            "waiting": hand.pk in on.waiting,
            "payments": describe(row.result.payments, on.names),
            "rule_url": our_text(rule_url(on.rules_url, on.kind, row.result.rule)),
        }


def reopen_first(base: str, hand: int, then: str, finished: bool) -> SafeString:
    """A row's Edit or Delete, as its link's address is written in HTML."""
    if finished:
        return our_text(f"{base}reopen/?hand={hand}&amp;then={then}")
    return our_text(f"{base}hands/{hand}/{then}/")


def signed(award: int) -> str:
    return f"+{award}" if award > 0 else str(award)


def rule_url(rules_url: str, kind: str, rule: str) -> str:
    """Where the rules page explains the rule a hand was scored by."""
    anchor = guide.rule_anchor(kind, rule) if rules_url else None
    return f"{rules_url}#{anchor}" if anchor else ""


def hidden_inputs(data: dict) -> list[tuple[str, str]]:
    """Form data as (name, value) pairs, a list giving one input per value."""
    return [
        (name, v)
        for name, value in sorted(data.items())
        for v in (value if isinstance(value, list) else [value])
    ]
