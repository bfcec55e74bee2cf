"""The organiser's forms: a new event, players at the door, a swap."""

from __future__ import annotations

from django import forms
from django.utils import formats, timezone
from django.utils.translation import gettext, gettext_lazy

from vinescore.events import DrawRefused, table_sizes
from vinescore.names import NameInvalid, clean_name, name_key
from vinescore.scoring import GameRules
from vinescore.table.models import Player

from .models import MAX_HANDS_A_ROUND, MAX_ROUNDS
from .rounds import shape_of

# How the players at the door are typed: one name a line, or commas between.
MAX_NEW_NAMES = 80


def typed_names(text: str) -> list[str]:
    """The names in what was typed, each cleaned (NameInvalid says which is wrong)."""
    parts = [part.strip() for line in text.splitlines() for part in line.split(",")]
    return [clean_name(part) for part in parts if part]


class PlayersField(forms.ModelMultipleChoiceField):
    widget = forms.CheckboxSelectMultiple


class EventForm(forms.Form):
    name = forms.CharField(max_length=80, label=gettext_lazy("Name of the event"))
    players = PlayersField(
        queryset=Player.objects.none(), required=False, label=gettext_lazy("Players present")
    )
    new_names = forms.CharField(
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3, "autocapitalize": "words"}),
        label=gettext_lazy("Names typed at the door"),
        help_text=gettext_lazy("One a line, or commas between. Nobody needs an account."),
    )
    rounds = forms.IntegerField(
        min_value=1, max_value=MAX_ROUNDS, initial=3, label=gettext_lazy("Rounds")
    )
    hands_a_round = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_HANDS_A_ROUND,
        label=gettext_lazy("Hands a round"),
        help_text=gettext_lazy("So that every table ends together. Empty: one game a round."),
    )
    options = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label=gettext_lazy("House rules")
    )
    target = forms.IntegerField(required=False, min_value=1, max_value=10_000)
    stakes = forms.IntegerField(required=False, min_value=1, max_value=1_000_000)
    other_side_confirms = forms.BooleanField(
        required=False,
        label=gettext_lazy("Another player confirms each hand"),
        help_text=gettext_lazy(
            "A hand counts once a phone of another player at the table confirms it."
        ),
    )

    def __init__(self, rules: GameRules, *args, group, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.group = group
        self.fields["players"].queryset = Player.objects.filter(group=group).order_by("name_key")
        self.fields["options"].choices = [(o.name, gettext(o.label)) for o in rules.options]
        if not rules.options:
            del self.fields["options"]
        if rules.coins:
            del self.fields["target"]
        else:
            self.fields["target"].label = gettext(rules.target_label)
            self.fields["target"].help_text = gettext(
                "For one game a round. Empty: the rulebook's, for each table's number of players."
            )
        if rules.coins or rules.start_label:
            self.fields["stakes"].label = (
                gettext(rules.start_label) if rules.start_label else gettext("Stakes (coins each)")
            )
        else:
            del self.fields["stakes"]
        if not self.is_bound:
            today = formats.date_format(timezone.localdate(), "DATE_FORMAT")
            self.initial.setdefault("name", gettext("Club night, {date}").format(date=today))

    def clean_new_names(self) -> list[str]:
        text = self.cleaned_data.get("new_names", "")
        try:
            names = typed_names(text)
        except NameInvalid as invalid:
            raise forms.ValidationError(str(invalid)) from None
        if len(names) > MAX_NEW_NAMES:
            raise forms.ValidationError(
                gettext("At most {n} names at once.").format(n=MAX_NEW_NAMES)
            )
        return names

    def clean(self):
        data = super().clean()
        # A typed name of a player also ticked is one player.
        keys = {p.name_key for p in data.get("players") or []}
        keys |= {name_key(name) for name in data.get("new_names") or []}
        count = len(keys)
        if data.get("target") and data.get("hands_a_round"):
            self.add_error(
                "target",
                gettext(
                    "A round of a fixed number of hands plays them all, with no target: "
                    "leave one of the two empty."
                ),
            )
        if "players" in data and "new_names" in data:
            shape = shape_of(self.rules, data.get("options") or [])
            try:
                table_sizes(count, shape.player_counts)
            except DrawRefused as refused:
                self.add_error("players", refusal_words(count, refused))
        return data


def refusal_words(count: int, refused: DrawRefused) -> str:
    if count == 0:
        return gettext("Tick the players present, or type their names.")
    return str(refused)


class SwapForm(forms.Form):
    one = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Swap"))
    other = forms.TypedChoiceField(coerce=int, label=gettext_lazy("with"))

    def __init__(self, *args, seated: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["one"].choices = seated
        self.fields["other"].choices = seated

    def clean(self):
        data = super().clean()
        if data.get("one") is not None and data.get("one") == data.get("other"):
            self.add_error("other", gettext("Choose two different players to swap."))
        return data


class LatecomerForm(forms.Form):
    player = forms.ModelChoiceField(
        queryset=Player.objects.none(), required=False, label=gettext_lazy("A player of the group")
    )
    name = forms.CharField(required=False, max_length=80, label=gettext_lazy("or a new name"))

    def __init__(self, *args, group, entered: list[int], **kwargs):
        super().__init__(*args, **kwargs)
        self.group = group
        self.fields["player"].queryset = (
            Player.objects.filter(group=group).exclude(pk__in=entered).order_by("name_key")
        )

    def clean_name(self) -> str:
        typed = self.cleaned_data.get("name", "")
        if not typed.strip():
            return ""
        try:
            return clean_name(typed)
        except NameInvalid as invalid:
            raise forms.ValidationError(str(invalid)) from None

    def clean(self):
        data = super().clean()
        if not self.errors and not data.get("player") and not data.get("name"):
            self.add_error("name", gettext("Choose a player or type a name."))
        if data.get("player") and data.get("name"):
            self.add_error("name", gettext("Choose a player or type a name, not both."))
        return data


class SeasonForm(forms.Form):
    """The season asked for: the events finished between two dates, each
    player's best results counted, and how many events rank a player."""

    start = forms.DateField(label=gettext_lazy("From"), widget=forms.DateInput({"type": "date"}))
    end = forms.DateField(label=gettext_lazy("To"), widget=forms.DateInput({"type": "date"}))
    best = forms.IntegerField(min_value=1, max_value=50, label=gettext_lazy("Best results counted"))
    minimum = forms.IntegerField(
        min_value=0, max_value=50, label=gettext_lazy("Events to be ranked")
    )

    def clean_start(self):
        return within_years(self.cleaned_data["start"])

    def clean_end(self):
        return within_years(self.cleaned_data["end"])

    def clean(self):
        data = super().clean()
        start, end = data.get("start"), data.get("end")
        if start and end and end < start:
            self.add_error("end", gettext("The season ends after it starts."))
        return data


# The years a season may name: wider than any club's, and narrow enough
# that the day after the last is still a date.
SEASON_YEARS = (1900, 2999)


def within_years(day):
    first, last = SEASON_YEARS
    if not first <= day.year <= last:
        raise forms.ValidationError(
            gettext("A date between the years {first} and {last}.").format(first=first, last=last)
        )
    return day
