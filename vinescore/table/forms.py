"""Forms: each turns what a player tapped into checked facts, or messages
beside the fields. The game rules themselves live in vinescore.scoring."""

from __future__ import annotations

from django import forms

from vinescore.scoring import Field as FactField
from vinescore.scoring import GameRules, HandInvalid, Table

from .models import MAX_HANDS, Player
from .names import MAX_NAME, NameInvalid, clean_name, name_key

MAX_SEATS = 6
# The fields naming who won the bidding: their chips mark who bids first.
OPENING_FIELDS = ("bidder", "chief", "leader")


def player_count_words(counts: tuple[int, ...]) -> str:
    if len(counts) == 1:
        return f"exactly {counts[0]} players"
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]} players"
    return " or ".join(map(str, counts)) + " players"


class PlayerForm(forms.Form):
    """A player's name, unique in their group (another group may have
    someone else of that name)."""

    name = forms.CharField(
        max_length=MAX_NAME,
        strip=True,
        error_messages={
            "max_length": f"A name has at most {MAX_NAME} characters; this has %(show_value)d."
        },
    )

    def __init__(self, *args, group, player: Player | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.group = group
        self.player = player

    def clean_name(self) -> str:
        try:
            name = clean_name(self.cleaned_data["name"])
        except NameInvalid as invalid:
            raise forms.ValidationError(str(invalid)) from None
        clash = Player.objects.filter(group=self.group, name_key=name_key(name))
        if self.player is not None:
            clash = clash.exclude(pk=self.player.pk)
        if (other := clash.first()) is not None:
            raise forms.ValidationError(self.taken_message(other.name))
        return name

    @staticmethod
    def taken_message(name: str) -> str:
        return f"There is already a player called {name}."

    def refuse_taken(self) -> None:
        """Another phone saved the same name between the check and the save."""
        name = self.cleaned_data["name"]
        other = Player.objects.filter(name_key=name_key(name)).first()
        self.add_error("name", self.taken_message(other.name if other else name))


class NewGameForm(forms.Form):
    """Seats are numbered in clockwise order; blank seats are skipped. A seat
    takes a player already known, or a new player's name (created when the
    game starts; a name already known seats that player)."""

    first_dealer = forms.TypedChoiceField(
        coerce=int, choices=[(i, f"Seat {i + 1}") for i in range(MAX_SEATS)], initial=0
    )
    options = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple)
    target = forms.IntegerField(required=False, min_value=1, max_value=10_000)
    stakes = forms.IntegerField(required=False, min_value=1, max_value=1_000_000)
    note = forms.CharField(required=False, max_length=500, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, rules: GameRules, *args, group, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.group = group
        self.seat_count = max(rules.player_counts)
        players = Player.objects.filter(group=group)
        for i in range(self.seat_count):
            self.fields[f"seat_{i + 1}"] = forms.ModelChoiceField(
                queryset=players, required=False, label=f"Seat {i + 1}", empty_label="—"
            )
            self.fields[f"seat_{i + 1}_name"] = forms.CharField(
                required=False,
                max_length=Player._meta.get_field("name").max_length,
                label=f"Seat {i + 1}: a new player",
                strip=True,
            )
        self.fields["first_dealer"].choices = [(i, f"Seat {i + 1}") for i in range(self.seat_count)]
        self.fields["options"].choices = [(o.name, o.label) for o in rules.options]
        if rules.coins:
            del self.fields["target"]
        else:
            self.fields["target"].label = rules.target_label
        if rules.coins or rules.start_label:
            self.fields["stakes"].label = rules.start_label or "Stakes (coins each)"
        else:
            del self.fields["stakes"]
        if rules.names_game:
            self.fields["title"] = forms.CharField(max_length=60, label="Game name")

    def seat_fields(self):
        return [(self[f"seat_{i + 1}"], self[f"seat_{i + 1}_name"]) for i in range(self.seat_count)]

    def seat_taker(self, i: int, data: dict) -> Player | str | None:
        """Who sits in seat i: a known player, a new player's name, or nobody."""
        player, name = (
            data.get(f"seat_{i + 1}"),
            " ".join(data.get(f"seat_{i + 1}_name", "").split()),
        )
        if player is not None and name:
            self.add_error(
                f"seat_{i + 1}_name",
                f"Seat {i + 1}: choose {player.name} or type a new name, not both.",
            )
            return None
        if name:
            return Player.objects.filter(group=self.group, name__iexact=name).first() or name
        return player

    def clean(self):
        data = super().clean()
        seated: list[Player | str] = []
        seat_of_first_dealer = None
        for i in range(self.seat_count):
            player = self.seat_taker(i, data)
            if player is None:
                continue
            name = player if isinstance(player, str) else player.name
            if any(str(other).casefold() == name.casefold() for other in seated):
                field = f"seat_{i + 1}_name" if isinstance(player, str) else f"seat_{i + 1}"
                self.add_error(field, f"{name} is already seated.")
                continue
            if data.get("first_dealer") == i:
                seat_of_first_dealer = len(seated)
            seated.append(player)
        counts = self.rules.player_counts
        if len(seated) not in counts and not self.errors:
            self.add_error(
                "seat_1",
                f"{self.rules.name} is for {player_count_words(counts)}; "
                f"{len(seated)} {'is' if len(seated) == 1 else 'are'} seated.",
            )
        if "first_dealer" in data and seat_of_first_dealer is None and seated:
            self.add_error("first_dealer", "The first dealer must be one of the seated players.")
        chosen = set(data.get("options", []))
        for option in self.rules.options:
            if option.name in chosen and option.requires and option.requires not in chosen:
                needed = next(o.label for o in self.rules.options if o.name == option.requires)
                self.add_error("options", f"“{option.label}” needs “{needed}” switched on.")
        if self.rules.names_game and data.get("title"):
            try:
                data["title"] = clean_name(data["title"], most=60)
            except NameInvalid as invalid:
                self.add_error("title", str(invalid))
        data["seated"] = seated
        data["first_dealer_index"] = seat_of_first_dealer or 0
        if not self.rules.coins and data.get("target") is None and len(seated) in counts:
            data["target"] = self.rules.default_target(len(seated))
        if self.rules.coins and data.get("stakes") is None and len(seated) in counts:
            data["stakes"] = self.rules.default_stakes(len(seated))
        if self.rules.start_label and "stakes" in self.fields and data.get("stakes") is None:
            if "stakes" not in self.errors:
                self.add_error("stakes", f"Enter the {self.rules.start_label.lower()}.")
        if (
            self.rules.target_required
            and data.get("target") is None
            and "target" not in self.errors
        ):
            self.add_error("target", f"Enter the {self.rules.target_label.lower()}.")
        return data


class ListField(forms.Field):
    """Several values under one name (checkboxes, one number per player)."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value):
        return list(value or [])


class HandForm(forms.Form):
    """The facts of one hand, built from the game's declared fields.

    Each value is passed through as typed; the game's own `clean` converts,
    derives and checks them, and its messages land beside the fields.
    """

    def __init__(self, rules: GameRules, table: Table, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.table = table
        self.fact_fields: list[FactField] = rules.fields(table)
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
        raw = {name: self.cleaned_data.get(name) for name in self.fields}
        try:
            self.facts = self.rules.clean(raw, self.table)
        except HandInvalid as invalid:
            for name, message in invalid.errors.items():
                self.add_error(None if name not in self.fields else name, message)
        return self.cleaned_data

    def has_room(self, hands_played: int) -> bool:
        """A game holds at most MAX_HANDS hands (see models.py); call after
        is_valid(). False, with a message for the player, when it is full."""
        if hands_played < MAX_HANDS:
            return True
        self.add_error(
            None,
            f"A game holds at most {MAX_HANDS:,} hands, and this one is full: "
            "end it and start a rematch to play on.",
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
            self._drawn = self._inputs()
        return self._drawn

    def _inputs(self) -> list[dict]:
        drawn = []
        first = self.table.left_of(self.table.dealer) if self.rules.opens else None
        for f in self.fact_fields:
            bound = self[f.name]
            value = bound.value()
            if f.kind == "per_seat":
                values = list(value or []) + [""] * self.table.size
                entries = [
                    {"seat": i, "name": n, "value": values[i]}
                    for i, n in enumerate(self.table.names)
                ]
                drawn.append({"field": f, "bound": bound, "entries": entries})
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
            if f.optional and f.kind in ("seat", "team", "choice"):
                choices = [("", f.none_label), *choices]
            elif f.optional and choices:  # a number that may be left to be worked out
                choices = [("", "Auto" if f.none_label == "Nobody" else f.none_label), *choices]
            drawn.append(
                {
                    "field": f,
                    "bound": bound,
                    "choices": [
                        {
                            "value": str(v),
                            "label": label,
                            "checked": str(v) in selected,
                            "first": f.name in OPENING_FIELDS and v == first,
                        }
                        for v, label in choices
                    ],
                    "first_words": f"{self.table.names[first]} {self.rules.opens}"
                    if first is not None
                    else "",
                    "multiple": f.kind == "seats",
                    "value": "" if value is None else value,
                }
            )
        return drawn


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


class NoteForm(forms.Form):
    note = forms.CharField(
        required=False,
        max_length=500,
        error_messages={
            "max_length": "A note holds at most 500 characters; this has %(show_value)d."
        },
    )


class ReopenForm(forms.Form):
    target = forms.IntegerField(min_value=1, max_value=10_000, label="Play on to")

    def __init__(self, *args, top: int = 0, **kwargs):
        super().__init__(*args, **kwargs)
        self.top = top
        self.fields["target"].initial = top + 10

    def clean_target(self) -> int:
        target = self.cleaned_data["target"]
        if target <= self.top:
            raise forms.ValidationError(
                f"The leader already has {self.top}; the new target must be higher."
            )
        return target


class HistoryFilter(forms.Form):
    """The history page's filters; every one may be left out."""

    STATUSES = [("", "Any"), ("in_progress", "In progress"), ("finished", "Finished")]

    game = forms.ChoiceField(required=False)
    player = forms.ModelChoiceField(
        queryset=Player.objects.none(), required=False, empty_label="Anyone"
    )
    status = forms.ChoiceField(choices=STATUSES, required=False)
    start = forms.DateField(
        required=False, label="From", widget=forms.DateInput(attrs={"type": "date"})
    )
    end = forms.DateField(
        required=False, label="To", widget=forms.DateInput(attrs={"type": "date"})
    )

    def __init__(self, *args, games: list[tuple[str, str]], players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", "Any game"), *games]
        self.fields["player"].queryset = players

    def clean(self):
        data = super().clean()
        if data.get("start") and data.get("end") and data["start"] > data["end"]:
            self.add_error("end", "The end date is before the start date.")
        return data

    def filter(self, games):
        data = self.cleaned_data
        if data.get("game"):
            games = games.filter(kind=data["game"])
        if data.get("player"):
            games = games.filter(seats__player=data["player"])
        if data.get("status") == "in_progress":
            games = games.in_progress()
        elif data.get("status") == "finished":
            games = games.finished()
        if data.get("start"):
            games = games.filter(created_at__date__gte=data["start"])
        if data.get("end"):
            games = games.filter(created_at__date__lte=data["end"])
        return games
