"""A club night's rows: the event, who entered it, its rounds and each
round's tables. A table's game is an ordinary game (table.Game); what the
event adds is who sat where, round by round."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core import signing
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext

from vinescore.scoring import REGISTRY, GameRules
from vinescore.table.links import TableLink
from vinescore.table.models import Game, Player

MAX_ROUNDS = 12
MAX_HANDS_A_ROUND = 40
# What the big screen's link carries, signed: the event and its screen key.
SCREEN_SALT = "vinescore.club.screen"


def new_screen_key() -> str:
    return secrets.token_urlsafe(9)


class Event(models.Model):
    """One club night: a game and its house rules, the players present,
    and a number of rounds, each played at tables drawn for it. A round is
    one game to its target, or `hands_a_round` hands, so that every table
    ends together."""

    group = models.ForeignKey("accounts.Group", on_delete=models.CASCADE, related_name="events")
    name = models.CharField(max_length=80)
    kind = models.CharField(max_length=40, help_text="The game's key in the scoring registry.")
    options = models.JSONField(default=list, blank=True)
    target = models.PositiveIntegerField(null=True, blank=True)
    stakes = models.PositiveIntegerField(null=True, blank=True)
    rounds = models.PositiveSmallIntegerField(help_text="How many rounds the night plays.")
    hands_a_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Empty: each round is one game to its end."
    )
    other_side_confirms = models.BooleanField(
        default=False, help_text="A hand counts once a phone of another player confirms it."
    )
    # The big screen's link carries it: a new key ends the old link.
    screen_key = models.CharField(max_length=16, default=new_screen_key, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    # The start form's one-time key: sent twice, it opens the event it started.
    start_key = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Moves with the event's own changes (a round drawn, seats swapped, a
    # player in or out); its tables' games keep versions of their own.
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["group", "created_at"])]
        constraints = [
            models.UniqueConstraint(
                fields=["group", "start_key"],
                condition=~models.Q(start_key=""),
                name="one_event_a_start_key",
            )
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("event", args=[self.pk])

    @property
    def rules(self) -> GameRules:
        return REGISTRY[self.kind]

    @property
    def screen_token(self) -> str:
        return signing.Signer(salt=SCREEN_SALT).sign_object([self.pk, self.screen_key])

    @classmethod
    def screen_of(cls, token: str) -> tuple[int, str] | None:
        """The event and key a big screen's link names, if signed here."""
        try:
            pk, key = signing.Signer(salt=SCREEN_SALT).unsign_object(token)
        except (signing.BadSignature, ValueError, TypeError):
            return None
        return (pk, key) if isinstance(pk, int) and isinstance(key, str) else None

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    def round_words(self) -> str:
        if self.hands_a_round:
            return gettext("{n} hands a round").format(n=self.hands_a_round)
        return gettext("one game a round")


class EntrantQuerySet(models.QuerySet):
    def playing_in(self, number: int) -> EntrantQuerySet:
        """Those in round `number`'s draw: joined by then, not yet left."""
        return self.filter(joined_round__lte=number).filter(
            models.Q(left_after_round__isnull=True) | models.Q(left_after_round__gte=number)
        )


class Entrant(models.Model):
    """A player present at the event, from the round they joined until the
    round after which they left."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    joined_round = models.PositiveSmallIntegerField(default=1)
    left_after_round = models.PositiveSmallIntegerField(null=True, blank=True)

    objects = EntrantQuerySet.as_manager()

    class Meta:
        ordering = ["player__name_key"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_entry_a_player")
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.event}"

    def plays_in(self, number: int) -> bool:
        return self.joined_round <= number and (
            self.left_after_round is None or number <= self.left_after_round
        )


class Round(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="draws")
    number = models.PositiveSmallIntegerField()
    drawn_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_round_a_number")
        ]

    def __str__(self) -> str:
        return f"round {self.number} of {self.event}"


class EventTable(models.Model):
    """One table of a round: its game (seats, first dealer, hands) and the
    table link its guests score it by, for this round only."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="event_table")
    link = models.OneToOneField(
        TableLink, on_delete=models.SET_NULL, null=True, blank=True, related_name="event_table"
    )

    class Meta:
        ordering = ["round__number", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_table_a_number")
        ]

    def __str__(self) -> str:
        return f"table {self.number}, {self.round}"
