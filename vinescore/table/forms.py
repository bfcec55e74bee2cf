"""Forms: each turns what a player tapped into checked facts, or messages
beside the fields. The game rules themselves live in vinescore.scoring."""

from __future__ import annotations

import secrets
from datetime import date

from django import forms
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import get_language, gettext, gettext_lazy, ngettext, pgettext_lazy

from vinescore.names import MAX_NAME, NameInvalid, clean_name, name_key
from vinescore.scoring import GameRules

from .changes import ChangeForm
from .models import Player

MAX_SEATS = 6


def player_count_words(counts: tuple[int, ...]) -> str:
    if len(counts) == 1:
        return ngettext("exactly {n} player", "exactly {n} players", counts[0]).format(n=counts[0])
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return gettext("{low} to {high} players").format(low=counts[0], high=counts[-1])
    return gettext("{counts} players").format(counts=gettext(" or ").join(map(str, counts)))


class PlayerForm(forms.Form):
    """A player's name, unique in their group (another group may have
    someone else of that name)."""

    name = forms.CharField(
        max_length=MAX_NAME,
        strip=True,
        error_messages={
            "max_length": format_lazy(
                gettext_lazy("A name has at most {most} characters; this has %(show_value)d."),
                most=MAX_NAME,
            )
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
        others = Player.objects.filter(group=self.group)
        if self.player is not None:
            others = others.exclude(pk=self.player.pk)
        if (other := others.named(name)) is not None:
            raise forms.ValidationError(self.taken_message(other.name))
        return name

    @staticmethod
    def taken_message(name: str) -> str:
        return gettext("There is already a player called {name}.").format(name=name)

    def refuse_taken(self) -> None:
        """Another phone saved the same name between the check and the save."""
        name = self.cleaned_data["name"]
        other = Player.objects.filter(group=self.group).named(name)
        self.add_error("name", self.taken_message(other.name if other else name))


# The first dealer drawn at random from the seated players when the game starts.
RANDOM_DEALER = "random"


def dealer_choice(value: str) -> int | str:
    return value if value == RANDOM_DEALER else int(value)


class NewGameForm(forms.Form):
    """Seats are numbered in clockwise order; blank seats are skipped. A seat
    takes a player already known, or a new player's name (created when the
    game starts; a name already known seats that player)."""

    first_dealer = forms.TypedChoiceField(
        # Labelled "Seat 1"… in the language of each request (__init__).
        coerce=dealer_choice,
        choices=[(i, str(i + 1)) for i in range(MAX_SEATS)],
        initial=0,
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
                queryset=players, required=False, label=seat_words(i), empty_label="—"
            )
            self.fields[f"seat_{i + 1}_name"] = forms.CharField(
                required=False,
                max_length=Player._meta.get_field("name").max_length,
                label=gettext("Seat {seat}: a new player").format(seat=i + 1),
                strip=True,
            )
        self.fields["first_dealer"].choices = [
            *((i, seat_words(i)) for i in range(self.seat_count)),
            (RANDOM_DEALER, gettext("Draw at random")),
        ]
        self.fields["options"].choices = [(o.name, gettext(o.label)) for o in rules.options]
        if rules.coins:
            del self.fields["target"]
        else:
            self.fields["target"].label = gettext(rules.target_label)
        if rules.coins or rules.start_label:
            self.fields["stakes"].label = (
                gettext(rules.start_label) if rules.start_label else gettext("Stakes (coins each)")
            )
        else:
            del self.fields["stakes"]
        if rules.names_game:
            self.fields["title"] = forms.CharField(max_length=60, label=gettext("Game name"))

    def refuse_unasked(self, data: dict) -> None:
        """A target for a coin game or stakes for a points game is refused, not obeyed
        or silently dropped."""
        for field in ("target", "stakes"):
            why = unasked_setting(self.rules, field)
            if why is not None and str(self.data.get(field, "")).strip():
                self.add_error(None, why)

    def seat_fields(self):
        """Each seat as one name box: (seat field, name field, the name it shows).
        A seat given a known player (the seats form's start, an older page)
        shows that player's name, which seats them again when sent."""
        names = dict(self.fields["seat_1"].queryset.values_list("pk", "name"))
        out = []
        for i in range(self.seat_count):
            seat, name = self[f"seat_{i + 1}"], self[f"seat_{i + 1}_name"]
            shown = (name.value() or "").strip()
            if not shown and seat.value() not in (None, ""):
                shown = names.get(int_or_none(seat.value()), "")
            out.append((seat, name, shown))
        return out

    def seat_taker(self, i: int, data: dict) -> Player | str | None:
        """Who sits in seat i: a known player (also when their name is typed,
        however it is spelled), a new player's name, or nobody."""
        field = f"seat_{i + 1}_name"
        player, typed = data.get(f"seat_{i + 1}"), data.get(field, "")
        if not typed.strip():
            return player
        if player is not None:
            self.add_error(
                field,
                gettext("Seat {seat}: choose {name} or type a new name, not both.").format(
                    seat=i + 1, name=player.name
                ),
            )
            return None
        try:
            name = clean_name(typed)
        except NameInvalid as invalid:
            self.add_error(field, str(invalid))
            return None
        return Player.objects.filter(group=self.group).named(name) or name

    def clean(self):
        data = super().clean()
        seated: list[Player | str] = []
        seat_of_first_dealer = None
        for i in range(self.seat_count):
            player = self.seat_taker(i, data)
            if player is None:
                continue
            name = player if isinstance(player, str) else player.name
            if any(name_key(str(other)) == name_key(name) for other in seated):
                field = f"seat_{i + 1}_name" if isinstance(player, str) else f"seat_{i + 1}"
                self.add_error(field, gettext("{name} is already seated.").format(name=name))
                continue
            if data.get("first_dealer") == i:
                seat_of_first_dealer = len(seated)
            seated.append(player)
        counts = self.rules.player_counts
        if len(seated) not in counts and not self.errors:
            self.add_error(
                "seat_1",
                ngettext(
                    "{game} is for {players}; {n} is seated.",
                    "{game} is for {players}; {n} are seated.",
                    len(seated),
                ).format(game=self.rules.name, players=player_count_words(counts), n=len(seated)),
            )
        if data.get("first_dealer") == RANDOM_DEALER and seated:
            seat_of_first_dealer = secrets.randbelow(len(seated))
        if "first_dealer" in data and seat_of_first_dealer is None and seated:
            self.add_error(
                "first_dealer", gettext("The first dealer must be one of the seated players.")
            )
        chosen = set(data.get("options", []))
        for option in self.rules.options:
            if option.name in chosen and option.requires and option.requires not in chosen:
                needed = next(o.label for o in self.rules.options if o.name == option.requires)
                self.add_error(
                    "options",
                    gettext("“{option}” needs “{needed}” switched on.").format(
                        option=gettext(option.label), needed=gettext(needed)
                    ),
                )
            if option.name in chosen and seated and not option.fits(len(seated)):
                self.add_error("options", option_misfit(option, len(seated)))
        self.refuse_unasked(data)
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
                self.add_error("stakes", enter_words(gettext(self.rules.start_label)))
        if (
            self.rules.target_required
            and data.get("target") is None
            and "target" not in self.errors
        ):
            self.add_error("target", enter_words(gettext(self.rules.target_label)))
        return data


def int_or_none(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def seat_words(i: int) -> str:
    """Seat i (counted from 0) as players number it."""
    return gettext("Seat {seat}").format(seat=i + 1)


def enter_words(label: str) -> str:
    """What a blank setting the rules need asks for ("Enter the target.")."""
    # German nouns keep their capital.
    english = (get_language() or "en").startswith("en")
    return gettext("Enter the {setting}.").format(setting=label.lower() if english else label)


def option_misfit(option, players: int, verb: str = "seated") -> str:
    """Why a house rule cannot be on at a table of this size."""
    if verb == "listed":
        words = ngettext(
            "“{option}” is only for {players}; {n} is listed.",
            "“{option}” is only for {players}; {n} are listed.",
            players,
        )
    else:
        words = ngettext(
            "“{option}” is only for {players}; {n} is seated.",
            "“{option}” is only for {players}; {n} are seated.",
            players,
        )
    return words.format(
        option=gettext(option.label), players=player_count_words(option.player_counts), n=players
    )


def unasked_setting(rules: GameRules, field: str) -> str | None:
    """Why a coin game takes no target, or a points game no stakes; None
    when the game has that setting."""
    if field == "target" and rules.coins:
        return gettext(
            "{game} is played for coins and has no target: the table ends the "
            "session, and the most coins wins."
        ).format(game=rules.name)
    if field == "stakes" and not (rules.coins or rules.start_label):
        return gettext("{game} is played for points and has no stakes.").format(game=rules.name)
    return None


class NoteForm(ChangeForm):
    note = forms.CharField(
        required=False,
        max_length=500,
        error_messages={
            "max_length": gettext_lazy(
                "A note holds at most 500 characters; this has %(show_value)d."
            )
        },
    )


class ReopenForm(ChangeForm):
    """Play on: a game the table ended simply reopens; one that was won
    plays on to a target above the leader's total."""

    target = forms.IntegerField(min_value=1, max_value=10_000, label=gettext_lazy("Play on to"))

    def __init__(self, *args, game, **kwargs):
        super().__init__(*args, game=game, **kwargs)
        self.top = max(game.final_totals or [0])
        self.fields["target"].initial = self.top + 10
        self.fields["target"].required = not game.ended

    def clean_target(self) -> int | None:
        target = self.cleaned_data["target"]
        if target is not None and target <= self.top:
            raise forms.ValidationError(
                gettext("The leader already has {top}; the new target must be higher.").format(
                    top=self.top
                )
            )
        return target


class HistoryFilter(forms.Form):
    """The history page's filters; every one may be left out."""

    STATUSES = [
        ("", gettext_lazy("Any")),
        ("in_progress", gettext_lazy("In progress")),
        ("finished", gettext_lazy("Finished")),
    ]

    game = forms.ChoiceField(required=False, label=gettext_lazy("Game"))
    player = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        required=False,
        label=gettext_lazy("Player"),
        empty_label=gettext_lazy("Anyone"),
    )
    status = forms.ChoiceField(choices=STATUSES, required=False, label=gettext_lazy("Status"))
    PERIODS = [
        ("", gettext_lazy("Any time")),
        ("month", gettext_lazy("This month")),
        ("year", gettext_lazy("This year")),
    ]
    when = forms.ChoiceField(choices=PERIODS, required=False, label=gettext_lazy("When"))
    start = forms.DateField(
        required=False,
        label=pgettext_lazy("date", "From"),
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    end = forms.DateField(
        required=False,
        label=pgettext_lazy("date", "To"),
        widget=forms.DateInput(attrs={"type": "date"}),
    )

    def __init__(self, *args, games: list[tuple[str, str]], players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", gettext("Any game")), *games]
        self.fields["player"].queryset = players

    def clean(self):
        data = super().clean()
        if data.get("start") and data.get("end") and data["start"] > data["end"]:
            self.add_error("end", gettext("The end date is before the start date."))
        if data.get("when") and (data.get("start") or data.get("end")):
            self.add_error(
                "when", gettext("Choose this month or this year, or dates below: not both.")
            )
        return data

    def since(self) -> date | None:
        """The first day "this month" or "this year" starts on (the server's calendar)."""
        today = timezone.localdate()
        return {
            "month": today.replace(day=1),
            "year": today.replace(month=1, day=1),
        }.get(self.cleaned_data.get("when"))

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
        if self.since():
            games = games.filter(created_at__date__gte=self.since())
        if data.get("start"):
            games = games.filter(created_at__date__gte=data["start"])
        if data.get("end"):
            games = games.filter(created_at__date__lte=data["end"])
        return games


class SeatsForm(ChangeForm, NewGameForm):
    """Before the first hand: the start form's seats and first dealer, for
    a game already started (who sits, and in what order)."""

    def __init__(self, game, *args, **kwargs):
        super().__init__(game.rules, *args, game=game, group=game.group, **kwargs)
        for name in ("options", "target", "stakes", "note", "title"):
            self.fields.pop(name, None)

    def clean(self):
        # The game keeps its target and stakes; only the seats are asked.
        self.cleaned_data.setdefault("target", self.game.target)
        self.cleaned_data.setdefault("stakes", self.game.stakes)
        data = super().clean()
        for i in range(self.seat_count):
            name = data.get(f"seat_{i + 1}_name")
            if name and f"seat_{i + 1}_name" not in self.errors:
                try:
                    clean_name(name)
                except NameInvalid as invalid:
                    self.add_error(f"seat_{i + 1}_name", str(invalid))
        self.refuse_misfit_options(len(data["seated"]))
        return data

    def refuse_misfit_options(self, players: int) -> None:
        """A table size a house rule the game started with is not for is refused, as
        the start form refuses it."""
        if self.errors or players not in self.rules.player_counts:
            return
        for option in self.rules.options:
            if option.name in self.game.options and not option.fits(players):
                self.add_error(
                    "seat_1",
                    " ".join(
                        [
                            option_misfit(option, players),
                            gettext(
                                "This game was started with it; start a new game to play "
                                "without it."
                            ),
                        ]
                    ),
                )


class ReplaceForm(ChangeForm):
    """After the first hand: someone else in one seat (a wrong name was
    picked), a player of the group not at this table or a new name."""

    seat = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Seat"))
    player = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        required=False,
        label=gettext_lazy("Sits there instead"),
        empty_label="—",
        error_messages={
            "invalid_choice": gettext_lazy("Choose a player who is not at this table.")
        },
    )
    name = forms.CharField(
        required=False,
        max_length=MAX_NAME,
        strip=True,
        label=gettext_lazy("or a new player's name"),
    )

    def __init__(self, game, *args, **kwargs):
        super().__init__(*args, game=game, **kwargs)
        seated = game.seated_players()
        self.fields["seat"].choices = [
            (i, gettext("Seat {seat}: {name}").format(seat=i + 1, name=player.name))
            for i, player in enumerate(seated)
        ]
        self.fields["player"].queryset = Player.objects.filter(group=game.group_id).exclude(
            pk__in=[p.pk for p in seated]
        )

    def clean(self):
        data = super().clean()
        player, name = data.get("player"), data.get("name")
        if player is not None and name:
            self.add_error(
                "name",
                gettext("Choose {name} or type a new name, not both.").format(name=player.name),
            )
        elif player is None and not name and "player" not in self.errors:
            self.add_error("player", gettext("Choose who sits there instead, or type a new name."))
        elif name:
            try:
                name = clean_name(name)
            except NameInvalid as invalid:
                self.add_error("name", str(invalid))
                return data
            found = Player.objects.filter(group=self.game.group_id, name_key=name_key(name)).first()
            at_table = {p.pk: i for i, p in enumerate(self.game.seated_players())}
            if found is not None and found.pk in at_table:
                self.add_error(
                    "name",
                    gettext("{name} is already in seat {seat}.").format(
                        name=found.name, seat=at_table[found.pk] + 1
                    ),
                )
            data["player"] = found or name
        return data


class GuestWhoForm(forms.Form):
    """ "Who are you?" on a guest's phone: a seat's name, or "" for just watching."""

    name = forms.ChoiceField(required=False)

    def __init__(self, *args, names: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].choices = [("", ""), *((name, name) for name in names)]
        self.fields["name"].error_messages["invalid_choice"] = gettext_lazy(
            "That name is not at this table: tap one of the seats' names."
        )
