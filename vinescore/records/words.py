"""What a refused record is told, field by field, in the importer's words."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.formats import number_format
from django.utils.translation import get_language, gettext
from jsonschema import ValidationError

from vinescore.scoring import REGISTRY
from vinescore.scoring.words import and_list
from vinescore.table.models import Game

from .format import game_limit


def hand_words(label: str, hand: int) -> str:
    """Where in the file: "Game 2 (Coralon), hand 5"."""
    return gettext("{game}, hand {hand}").format(game=label, hand=hand)


def needs_words(game: str, setting: str) -> str:
    """A setting the rules need, missing from a record ("Bishop needs the target")."""
    # German nouns keep their capital.
    english = (get_language() or "en").startswith("en")
    return gettext("{game} needs the {setting}.").format(
        game=game, setting=setting.lower() if english else setting
    )


def show(value: Any) -> str:
    """A value from the file, as written, cut short for a message."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def show_value(value: Any, names: tuple[str, ...] = ()) -> str:
    """A derived value in a message: a winner's sides, or payments in words."""

    def who(seat: Any) -> str:
        return names[seat] if is_int(seat) and 0 <= seat < len(names) else show(seat)

    if value is None or value == []:
        return gettext("none")
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return show(gettext(" and ").join(value))
    if isinstance(value, list) and all(isinstance(v, dict) for v in value):
        lines = [
            gettext("{payer} pays {payee} {coins}").format(
                payer=who(v.get("payer")), payee=who(v.get("payee")), coins=v.get("coins")
            )
            for v in value
        ]
        return "; ".join(lines[:6]) + ("…" if len(lines) > 6 else "")
    return show(value)


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


PAYMENT_SHAPE = '{"payer": 1, "payee": 0, "coins": 3}'
WINNER_SHAPE = '{"sides": ["Ana"], "reason": "…"}'


def iso_words(value: Any) -> str:
    return gettext(
        "must be an ISO 8601 time with its offset, e.g. 2026-11-03T19:30:00Z; not {value}."
    ).format(value=show(value))


def payments_words(value: Any) -> str:
    return gettext(
        "must be a list of payments, each a payer and a payee (seat indexes, from 0) and "
        "the coins (a whole number from 0), as {shape}; not {value}."
    ).format(shape=PAYMENT_SHAPE, value=show(value))


def id_words(value: Any) -> str:
    return gettext(
        "must be the game's identity as vinescore writes it (a UUID such as "
        "“1b4e28ba-2fa1-11d2-883f-0016d3cca427”), or left out; not {value}."
    ).format(value=show(value))


def known_games() -> str:
    return ", ".join(sorted(REGISTRY.games))


def record_words(field: str, error: ValidationError, value: Any) -> str | None:
    """What a field of the game record must be, as the schema found it was
    not: a sentence for the person importing (None: a field with no words
    of its own)."""
    check, shown = error.validator, show(value)
    if field == "game":
        return gettext("{value} is not a game vinescore knows (it knows {known}).").format(
            value=shown, known=known_games()
        )
    if field == "id":
        return id_words(value)
    if field in ("name", "title", "rules_version", "note"):
        if check == "maxLength":
            return gettext("at most {most} characters; this is {n}.").format(
                most=error.validator_value, n=len(value)
            )
        if check == "pattern":
            return gettext("cannot hold control characters.")
        return gettext("must be text.")
    if field == "options":
        if check == "uniqueItems":
            return gettext("an option is listed twice.")
        return gettext("must be a list of option names.")
    if field == "players":
        path = error.absolute_path
        if check == "maxItems":
            return gettext("no game seats more than {most} players; this lists {n}.").format(
                most=error.validator_value, n=len(value)
            )
        if len(path) > 1 and check == "maxLength":
            why = gettext("A name has at most {most} characters; this has {length}.").format(
                most=error.validator_value, length=len(error.instance)
            )
            return gettext("seat {seat}: {why}").format(seat=path[1] + 1, why=why)
        if len(path) > 1:
            return gettext("seat {seat} needs a name.").format(seat=path[1] + 1)
        return gettext("must be a list of names in seat order.")
    if field in ("target", "stakes"):
        if check == "maximum":
            return gettext("must be a whole number from 1 to {most}, or null; not {value}.").format(
                most=number_format(error.validator_value, force_grouping=True), value=shown
            )
        return gettext("must be a whole number from 1 up, or null; not {value}.").format(
            value=shown
        )
    if field == "ended":
        return gettext("must be true or false.")
    if field == "hand_limit":
        return gettext(
            "must be a whole number of hands from 1 to {most}, or null for none; not {value}."
        ).format(
            most=number_format(game_limit("hand_limit", "maximum"), force_grouping=True),
            value=shown,
        )
    if field == "created_at":
        return iso_words(value)
    if field == "duration_seconds":
        return gettext("must be a whole number of seconds, or null; not {value}.").format(
            value=shown
        )
    if field == "hands":
        if check == "maxItems":
            return gettext("a game holds at most {most} hands; this has {n}.").format(
                most=number_format(error.validator_value, force_grouping=True),
                n=number_format(len(value), force_grouping=True),
            )
        return gettext("must be a list of hands.")
    if field == "winner":
        return gettext(
            "must be null, or the winning sides and how they won, as {shape}; not {value}."
        ).format(shape=WINNER_SHAPE, value=shown)
    if field == "settle_up":
        return gettext(
            "must be null, or a list of payments, each a payer and a payee (seat indexes, "
            "from 0) and the coins (a whole number from 0), as {shape}; not {value}."
        ).format(shape=PAYMENT_SHAPE, value=shown)
    return None


def hand_field_words(field: str, value: Any) -> str | None:
    """What a field of a hand must be (None: a field with no words of its own)."""
    if field in ("awards", "totals"):
        return gettext("must be a list of whole numbers; not {value}.").format(value=show(value))
    if field == "payments":
        return payments_words(value)
    if field == "explanation":
        return gettext("must be text.")
    if field == "played_at":
        return iso_words(value)
    return None


def missing_words(field: str) -> str:
    """A field the schema requires, missing from a record."""
    if field == "game":
        return gettext("missing: give the game's key (vinescore knows {known}).").format(
            known=known_games()
        )
    if field == "players":
        return gettext("missing: give the players' names in seat order.")
    if field in ("target", "stakes"):
        return gettext("missing: give a whole number, or null for none.")
    if field == "hands":
        return gettext("missing: give the list of hands ([] for none).")
    return gettext("missing.")


def game_words(game: Game) -> str:
    """A game as a table names it: "Coralon of 3 May 2026 with Ana, Ben, Cy and Dee"."""
    played = timezone.localtime(game.created_at)
    names = [seat.player.name for seat in game.seats.all()]
    return gettext("{game} of {date} with {names}").format(
        game=game.name, date=date_format(played, "j F Y"), names=and_list(names)
    )
