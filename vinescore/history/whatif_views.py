"""What if we had played with another house rule: a finished game, or every
finished game of one kind in the group, rescored by the real rules under
other options, another target or stakes, or another game of the family.
Nothing is stored; the pages say it is a what-if."""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.http import Http404, HttpRequest
from django.template.response import TemplateResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from vinescore.accounts import access
from vinescore.scoring import REGISTRY, GameRules, Setup, Sheet, replay
from vinescore.scoring.whatif import HouseRules, WhatIf, variants, what_if
from vinescore.scoring.words import ordinal
from vinescore.table.views import get_game

from . import whatif_group

AS_PLAYED, ON, OFF = "", "on", "off"


class WhatIfForm(forms.Form):
    """The house rules of a what-if, each "as played" unless changed. For one
    game, `played` is its setup (so "as played" can say on or off); for a
    group's games, None."""

    target = forms.IntegerField(required=False, min_value=1, max_value=10_000)
    stakes = forms.IntegerField(required=False, min_value=1, max_value=1_000_000)

    def __init__(self, data, *, rules: GameRules, counts: set[int], played: Setup | None):
        super().__init__(data)
        self.rules, self.played = rules, played
        self.options = [o for o in rules.options if any(o.fits(n) for n in counts)]
        for option in self.options:
            was = ""
            if played is not None:
                was = gettext(" (on)") if option.name in played.options else gettext(" (off)")
            self.fields[option.name] = forms.ChoiceField(
                required=False,
                label=gettext(option.label),
                help_text=gettext(option.help),
                choices=[
                    (AS_PLAYED, gettext("As played") + was),
                    (ON, gettext("On")),
                    (OFF, gettext("Off")),
                ],
            )
        # Another game of the family, when its hands record the same facts
        # at every table size the games were played with.
        same, other = {}, {}
        for n in counts:
            fit, misfit = variants(rules, n, REGISTRY)
            same.update({g.key: g for g in fit})
            other.update({g.key: g for g in misfit})
        self.variants = [g for key, g in same.items() if key not in other]
        self.cannot = [self._why_not(g) for g in other.values()]
        if self.variants:
            self.fields["play_as"] = forms.ChoiceField(
                required=False,
                label=gettext("Played as"),
                choices=[(AS_PLAYED, rules.name), *((g.key, g.name) for g in self.variants)],
            )
            self.order_fields(["play_as"])
        if rules.coins:
            del self.fields["target"]
        else:
            self.fields["target"].label = gettext(rules.target_label)
            self.fields["target"].help_text = self._as_played(played, "target")
        if rules.coins or rules.start_label:
            self.fields["stakes"].label = (
                gettext(rules.start_label) if rules.start_label else gettext("Stakes (coins each)")
            )
            self.fields["stakes"].help_text = self._as_played(played, "stakes")
        else:
            del self.fields["stakes"]

    def _why_not(self, game: GameRules) -> str:
        """Why another game of the family is not offered."""
        if game.coins != self.rules.coins:
            if game.coins:
                return gettext("{game}, played for coins").format(game=game.name)
            return gettext("{game}, played for points").format(game=game.name)
        return gettext("{game}, whose hands record other facts").format(game=game.name)

    def full_clean(self) -> None:
        super().full_clean()
        for name in self.errors:  # the message beside its field, for screen readers too
            if name in self.fields:
                described = f"id_{name}-error"
                if self.fields[name].help_text:
                    described += f" id_{name}_helptext"
                self.fields[name].widget.attrs.update(
                    {"aria-invalid": "true", "aria-describedby": described}
                )

    @staticmethod
    def _as_played(played: Setup | None, name: str) -> str:
        if played is None:
            return gettext("Blank: as each game was played.")
        value = getattr(played, name)
        if value is None:
            return gettext("Blank: as played (none).")
        return gettext("Blank: as played ({value}).").format(value=value)

    def clean(self):
        data = super().clean()
        chosen = {o.name: data.get(o.name) for o in self.options}
        for option in self.options:
            needs = option.requires
            if chosen[option.name] != ON or not needs or needs not in chosen:
                continue
            if chosen[needs] == ON:
                continue
            if chosen[needs] == AS_PLAYED and self.played and needs in self.played.options:
                continue
            required = next(o for o in self.options if o.name == needs)
            self.add_error(
                option.name,
                gettext("“{option}” needs “{needs}”: set that to On too.").format(
                    option=gettext(option.label), needs=gettext(required.label)
                ),
            )
        return data

    def house(self) -> HouseRules:
        data = self.cleaned_data
        return HouseRules(
            rules=REGISTRY[data["play_as"]] if data.get("play_as") else None,
            options={o.name: data[o.name] == ON for o in self.options if data.get(o.name)},
            target=data.get("target"),
            stakes=data.get("stakes"),
        )

    def changes(self) -> list[str]:
        """What the what-if changes, in words: "Zero bids off", "Target score 60"."""
        if not self.is_valid():
            return []
        data, out = self.cleaned_data, []
        if data.get("play_as"):
            out.append(gettext("the rules of {game}").format(game=REGISTRY[data["play_as"]].name))
        for option in self.options:
            if data.get(option.name) == ON:
                out.append(gettext("{option} on").format(option=gettext(option.label)))
            elif data.get(option.name) == OFF:
                out.append(gettext("{option} off").format(option=gettext(option.label)))
        for name in ("target", "stakes"):
            if name in self.fields and data.get(name) is not None:
                out.append(f"{self.fields[name].label} {data[name]}")
        return out


@dataclass
class Outcome:
    """One side of the comparison: what happened, or what would have."""

    sheet: Sheet
    decided_after: int | None

    @property
    def places(self) -> dict[int, int]:
        return {p.side: p.place for p in self.sheet.standings()}


@dataclass
class Compared:
    played: Outcome
    what_if: Outcome
    result: WhatIf
    explanations: dict[int, str]  # each hand's explanation as played, by number

    @property
    def lines(self) -> list[tuple[str, int, str, int, str]]:
        """Per side: name, total and place as played, and in the what-if."""
        was, now = self.played.places, self.what_if.places
        return [
            (
                name,
                self.played.sheet.totals[s],
                ordinal(was[s]) if s in was else "",
                self.what_if.sheet.totals[s],
                ordinal(now[s]) if s in now else "",
            )
            for s, name in enumerate(self.played.sheet.side_names)
        ]

    @property
    def left_out(self) -> list[tuple[int, str, str]]:
        return [
            (o.number, self.explanations.get(o.number, ""), o.why) for o in self.result.left_out
        ]

    @property
    def winner_changes(self) -> bool:
        return self.played.sheet.winner_words != self.what_if.sheet.winner_words

    @property
    def same(self) -> bool:
        return (
            not self.result.left_out
            and self.played.sheet.totals == self.what_if.sheet.totals
            and not self.winner_changes
            and self.played.decided_after == self.what_if.decided_after
        )


def compare(rules: GameRules, setup: Setup, hands: list[dict], house: HouseRules) -> Compared:
    real = replay(rules, setup, hands)
    result = what_if(rules, setup, hands, house)
    return Compared(
        Outcome(real, real.decided_at),
        Outcome(result.sheet, result.decided_after),
        result,
        {row.number: row.result.in_full for row in real.rows},
    )


def asked(request: HttpRequest) -> dict | None:
    """The what-if's fields, or None before any was asked."""
    data = {k: v for k, v in request.GET.items() if k != "lang"}
    return data or None


@require_safe
def game_what_if(request: HttpRequest, pk: int) -> TemplateResponse:
    """A finished game's hands under other house rules, beside what happened."""
    game = get_game(request, pk)
    if not game.is_finished:
        raise Http404(gettext("A what-if is for a finished game."))
    setup = game.setup()
    form = WhatIfForm(asked(request), rules=game.rules, counts={len(setup.names)}, played=setup)
    compared = None
    if form.is_bound and form.is_valid():
        hands = [h.facts for h in game.live_hands()]
        compared = compare(game.rules, setup, hands, form.house())
    return TemplateResponse(
        request,
        "history/what_if.html",
        {
            "game": game,
            "form": form,
            "compared": compared,
            "changes": form.changes(),
            "options_played": [
                gettext(o.label) for o in game.rules.options if o.name in setup.options
            ],
        },
        status=422 if form.errors else 200,
    )


@require_safe
def history_what_if(request: HttpRequest, kind: str) -> TemplateResponse:
    """Every finished game of one kind in the group shown (History's), under
    other house rules: who would have won each, and how many each player.
    While another asker of the group has one being worked out, the page says
    so and asks again by itself."""
    here = access.current(request)
    if kind not in REGISTRY:
        raise Http404(gettext("vinescore does not know this game."))
    rules = REGISTRY[kind]
    finished = whatif_group.finished_games(here.group.pk, kind)
    counts = finished.counts or set(rules.player_counts)
    form = WhatIfForm(asked(request), rules=rules, counts=counts, played=None)
    summary, working = None, False
    if form.is_bound and form.is_valid() and finished.games:
        summary = whatif_group.summary(
            here.group.pk, rules, finished, form.house(), form.cleaned_data
        )
        working = summary is None
    return TemplateResponse(
        request,
        "history/what_if_group.html#summary"
        if request.htmx and (summary is not None or working)  # the page's poll
        else "history/what_if_group.html",
        {
            "rules": rules,
            "kind": kind,
            "games": finished.games,
            "more": finished.more,
            "limit": whatif_group.GROUP_GAMES,
            "form": form,
            "summary": summary,
            "working": working,
            "changes": form.changes(),
            "query": request.GET.urlencode(),
            "here": request.get_full_path(),
        },
        status=422 if form.errors else 200,
    )
