"""The hand form: the facts of one hand, drawn from the game's declared
fields as chips, boxes and steppers, and checked by the game's own rules."""

from __future__ import annotations

from django import forms
from django.utils.formats import number_format
from django.utils.html import escape
from django.utils.translation import gettext

from vinescore.our_text import our_text
from vinescore.scoring import Field as FactField
from vinescore.scoring import GameRules, HandInvalid, Table
from vinescore.scoring.phone import posted_facts

from .changes import ChangeForm, Unreadable
from .models import MAX_HANDS, Game

# The fields naming who won the bidding: their chips mark who bids first.
OPENING_FIELDS = ("bidder", "chief", "leader")


class ListField(forms.Field):
    """Several values under one name (checkboxes, one number per player)."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value):
        return list(value or [])


# A number with at most this many values is a row of chips, one tap each;
# a longer range (0 to 13 tricks, 0 to 22 points) would take rows of them,
# so it is one box with − and + beside it (see _hand_fields.html).
CHIPS_AT_MOST = 8


def long_range(f: FactField, choices: list, shown_by: set[str]) -> tuple[int, int] | None:
    """(low, high) for a fact drawn as one −/+ box: more than CHIPS_AT_MOST whole
    numbers in a row, and no other fact depending on its chips."""
    if f.kind not in ("number", "choice") or len(choices) <= CHIPS_AT_MOST:
        return None
    if f.name in shown_by or not all(isinstance(v, int) for v, _ in choices):
        return None
    values = [v for v, _ in choices]
    low, high = values[0], values[-1]
    if values != list(range(low, high + 1)) or any(label != str(v) for v, label in choices):
        return None
    return low, high


class PlayedAtField(Unreadable, forms.DateTimeField):
    """When a phone scored a hand it could not send at once; unreadable, the
    hand takes the server's time, as it does without one."""

    def __init__(self):
        super().__init__(required=False)


class HandForm(ChangeForm):
    """The facts of one hand, from the game's declared fields, with the change's
    version and key (ChangeForm). Values pass through as typed; the game's own
    `clean` converts and checks them, its messages beside the fields.
    `next_hand`: the form of the hand to come, whose one-tap buttons are
    under it (a hand being edited has none)."""

    played_at = PlayedAtField()

    def __init__(
        self,
        rules: GameRules,
        table: Table,
        *args,
        game: Game | None = None,
        next_hand: bool = False,
        **kwargs,
    ):
        super().__init__(*args, game=game, **kwargs)
        self.rules = rules
        self.table = table
        # A fact a one-tap button records whole (a deal everyone passed, a
        # forfeit, a take back) is that button, not a box in the form as well.
        self.one_tap = (
            {
                name
                for s in rules.shortcuts(table)
                if len(s.facts) == 1
                for name, value in s.facts.items()
                if value is True
            }
            if next_hand
            else set()
        )
        self.fact_fields: list[FactField] = rules.fields(table)
        self.fact_names = {f.name for f in self.fact_fields}
        for f in self.fact_fields:
            if f.kind in ("seats", "per_seat"):
                self.fields[f.name] = ListField(required=False, label=f.label)
            else:
                self.fields[f.name] = forms.CharField(
                    required=False, label=f.label, strip=True, max_length=20
                )
        self.facts: dict | None = None
        self._drawn: list[dict] | None = None

    def clean(self):
        super().clean()
        # As the phone that keeps the game does it (vinescore.scoring.phone).
        raw = posted_facts(self.fact_fields, self.cleaned_data)
        try:
            self.facts = self.rules.clean(raw, self.table)
        except HandInvalid as invalid:
            for name, message in invalid.errors.items():
                self.add_error(name if name in self.fact_names else None, message)
        return self.cleaned_data

    def has_room(self, hands_played: int) -> bool:
        """A game holds at most MAX_HANDS hands (see models.py); call after
        is_valid(). False, with a message for the player, when it is full."""
        if hands_played < MAX_HANDS:
            return True
        self.add_error(
            None,
            gettext(
                "A game holds at most {most} hands, and this one is full: "
                "end it and start a rematch to play on."
            ).format(most=number_format(MAX_HANDS, force_grouping=True)),
        )
        return False

    def main_inputs(self) -> list[dict]:
        return [i for i in self.inputs() if not i["field"].detail]

    def detail_inputs(self) -> list[dict]:
        """The facts kept behind "More detail" (see `Field.detail`)."""
        return [i for i in self.inputs() if i["field"].detail]

    def more_open(self) -> bool:
        """Open "More detail" when it holds something already: a value being
        edited, a message, or a fact the rules need for the values sent."""
        for f in self.fact_fields:
            if not f.detail:
                continue
            value = self[f.name].value()
            given = any(str(v).strip() for v in value) if isinstance(value, list) else value
            if self[f.name].errors or (given and f.default is None):
                return True
            if f.needed_if is not None and f.needed_if[0] in self.fields:
                other, values = f.needed_if
                if str(self[other].value()) in {str(v) for v in values}:
                    return True
        return False

    def inputs(self) -> list[dict]:
        """What the template needs to draw each field: its kind, its choices
        in players' words, and what is currently selected."""
        if self._drawn is None:
            drawn = self._inputs()
            # Left to its button unless it came back ticked (a passed deal sent from a stale page).
            buttons = {i["name"] for i in drawn if i["name"] in self.one_tap and not i["checked"]}
            self._drawn = [
                i | {"show_if": None} if i["show_if"] and i["show_if"][0] in buttons else i
                for i in drawn
                if i["name"] not in buttons
            ]
        return self._drawn

    def _inputs(self) -> list[dict]:
        drawn = []
        first = self.table.left_of(self.table.dealer) if self.rules.opens else None
        shown_by = {f.show_if[0] for f in self.fact_fields if f.show_if}
        shown_by |= {f.needed_if[0] for f in self.fact_fields if f.needed_if}
        for f in self.fact_fields:
            bound = self[f.name]
            value = bound.value()
            # What every kind of fact shows; its name and the names in its
            # chips are printed twice or more, so they come escaped once.
            drawn_as = {
                "field": f,
                "name": our_text(f.name),
                "label": escape(f.label),
                "errors": bound.errors,
                "help": f.help,
                "show_if": f.show_if and condition(f.show_if),
                "needed_if": f.needed_if and condition(f.needed_if),
            }
            if f.kind == "per_seat":
                values = list(value or []) + [""] * self.table.size
                # Card points or damage (0 to 60, 0 to 99) are typed: one step
                # at a time would not get there. A range below zero keeps its
                # − and +: some phones' number pads have no minus sign.
                typed = f.min >= 0 and f.max - f.min > 25
                # Each stepper's words, put together here: the template would
                # translate them once a player.
                fewer, more = gettext("One fewer for %(name)s"), gettext("One more for %(name)s")
                entries = [
                    {
                        "id": our_text(f"id_{f.name}_{i}"),
                        "name": escape(n),
                        "value": values[i],
                        "fewer": "" if typed else fewer % {"name": n},
                        "more": "" if typed else more % {"name": n},
                    }
                    for i, n in enumerate(self.table.names)
                ]
                if f.total is not None:
                    placeholder = gettext("auto")
                else:
                    placeholder = "–" if f.detail else "0"
                drawn.append(
                    drawn_as
                    | {
                        "classes": our_text(f"fact fact-{f.kind}"),
                        "entries": entries,
                        "typed": typed,
                        "min": our_text(f.min),
                        "max": our_text(f.max),
                        "total": "" if f.total is None else our_text(f.total),
                        "most": "" if f.most is None else our_text(f.most),
                        **in_all(f.total),
                        "placeholder": placeholder,
                    }
                )
                continue
            selected = {str(v) for v in value} if isinstance(value, list) else {str(value)}
            if f.kind in ("seat", "seats"):
                choices = list(enumerate(self.table.names))
            elif f.kind == "team":
                choices = list(enumerate(self.rules.side_names(self.table.names)))
            elif f.kind == "choice":
                choices = list(f.choices)
            elif f.kind == "number" and f.max - f.min <= 25:
                choices = [(n, str(n)) for n in range(f.min, f.max + 1)]
            else:
                choices = []
            picker = long_range(f, choices, shown_by)
            if f.kind == "number" and not choices:
                picker = (f.min, f.max)  # too many for chips in any case
            if picker:  # typed, or stepped with − and +
                choices = []
            if f.optional and f.kind in ("seat", "team", "choice"):
                choices = [("", gettext(f.none_label)), *choices]
            elif f.optional and choices:  # a number that may be left to be worked out
                none = gettext("Auto") if f.none_label == "Nobody" else f.none_label
                choices = [("", none), *choices]
            chips = [
                {
                    "value": our_text(v),
                    "label": escape(label),
                    "checked": str(v) in selected,
                    "first": f.name in OPENING_FIELDS and v == first,
                }
                for v, label in choices
            ]
            classes = f"fact fact-{f.kind}"
            if chips and len(str(f.label)) <= 10:
                classes += " short-legend"
            elif picker:
                classes += " fact-picker"
            drawn.append(
                drawn_as
                | {
                    "classes": our_text(classes),
                    "flag": f.kind == "flag",
                    "checked": value == "on" or value is True,
                    # "Nobody", "Auto" and the like after the names and
                    # numbers: a long one never pushes those to a row of their own.
                    "choices": sorted(chips, key=lambda chip: not chip["value"]),
                    "first_words": gettext("{name} {opens}").format(
                        name=self.table.names[first], opens=gettext(self.rules.opens)
                    )
                    if first is not None
                    else "",
                    "type": our_text("checkbox" if f.kind == "seats" else "radio"),
                    "picker": picker and drawn_picker(f, picker),
                    "opening": f.name in OPENING_FIELDS and first is not None,
                    "value": "" if value is None else value,
                }
            )
        return drawn


def in_all(total: int | None) -> dict[str, str]:
    """What the legend and the hint of numbers that add up to `total` say."""
    if total is None:
        return {"in_all": "", "total_words": ""}
    return {
        "in_all": gettext("%(total)s in all") % {"total": total},
        "total_words": gettext("%(total)s in all.") % {"total": total},
    }


def condition(shown: tuple[str, tuple]) -> tuple[str, str]:
    """(the other field, its values that show this one) as data attributes."""
    other, values = shown
    return our_text(other), our_text(" ".join(str(v) for v in values))


def drawn_picker(f: FactField, picker: tuple[int, int]) -> dict:
    """The words and range of a fact drawn as one box with − and +."""
    low, high = picker
    if not f.optional:
        placeholder = f"{low}–{high}"
    else:
        placeholder = "–" if f.detail else gettext("auto")
    return {
        "low": our_text(low),
        "high": our_text(high),
        "placeholder": placeholder,
        "fewer": gettext("%(label)s: one fewer") % {"label": f.label},
        "more": gettext("%(label)s: one more") % {"label": f.label},
    }


def facts_as_data(fields: list[FactField], facts: dict) -> dict:
    """Stored facts as the form's initial data (for editing a hand)."""
    data = {}
    for f in fields:
        if f.name not in facts:
            continue
        value = facts[f.name]
        if isinstance(value, list):
            data[f.name] = ["" if v is None else str(v) for v in value]
        elif isinstance(value, bool):
            data[f.name] = "on" if value else ""
        else:
            data[f.name] = "" if value is None else str(value)
    return data
