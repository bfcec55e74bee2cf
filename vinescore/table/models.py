"""Players, games, seats and hands.

A hand stores only the facts entered; scores, totals, dealer and winner are
derived by replaying them through the scoring service (`Game.refresh_result`
caches the outcome for lists). Every change is one method here that logs it
and moves the version on; the caller holds the game row locked
(views.locked_game), so changes from several phones queue up.
"""

from __future__ import annotations

import json
import uuid
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import fields
from datetime import datetime, timedelta
from typing import NamedTuple

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models, transaction
from django.db.models import Case, FilteredRelation, OuterRef, Q, Subquery, Value, When
from django.db.models.functions import Coalesce, Lower
from django.dispatch import receiver
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext, pgettext_lazy

from vinescore.accounts.access import GUEST, WATCH, Visitor
from vinescore.accounts.models import Group, Membership, Session, group_started
from vinescore.names import MAX_KEY, MAX_NAME, name_key
from vinescore.scoring import REGISTRY, GameRules, Setup, Sheet, replay
from vinescore.scoring.ledger import describe, settle_up
from vinescore.scoring.sheet import SeatSummary

from . import signals
from .links import GameLink, SpectatorLink, TableLink  # noqa: F401 (models of this app)

# Hands in one game: far beyond any real session, and small enough that the
# largest totals the rules allow fit their columns.
MAX_HANDS = 1000

# The columns of Seat that hold its part of the outcome: the scorer's SeatSummary.
SEAT_SUMMARY = [f.name for f in fields(SeatSummary)]


def hand_number(position: int, live: Sequence[int]) -> int:
    """A hand's number on the sheet: its place, from 1, among the hands in play
    (`live`, Game.live_positions); a deleted hand's is the one it would take back."""
    return bisect_left(live, position) + 1


def minutes_played(first: datetime | None, last: datetime | None) -> int | None:
    """How long from the first hand to the last, in minutes, rounded and at
    least 1: what the sheet, the cards, History and BG Stats all say; None
    without two times apart."""
    if first is None or last is None or last <= first:
        return None
    return max(1, int((last - first).total_seconds() / 60 + 0.5))


def hands_words(count: int, played_for: str) -> str:
    """How many hands a card shows, and in how long when it is known
    ("20 hands in 1 h 5 min")."""
    if played_for:
        said = ngettext("%(n)s hand in %(time)s", "%(n)s hands in %(time)s", count)
        return said % {"n": count, "time": played_for}
    return ngettext("%(n)s hand", "%(n)s hands", count) % {"n": count}


def duration_words(first: datetime | None, last: datetime | None) -> str:
    """How long from the first hand to the last, in a scorekeeper's words:
    "1 min", "25 min", "1 h 5 min"; "" without two times apart."""
    minutes = minutes_played(first, last)
    if minutes is None:
        return ""
    hours, minutes = divmod(minutes, 60)
    if not hours:
        return gettext("{minutes} min").format(minutes=minutes)
    if minutes:
        return gettext("{hours} h {minutes} min").format(hours=hours, minutes=minutes)
    return gettext("{hours} h").format(hours=hours)


def game_name(title: str, kind: str) -> str:
    """What a game is called: its title, else its rules' name."""
    if title:
        return title
    return REGISTRY[kind].name if kind in REGISTRY else kind


def event_table_words(event: str, round: int | None, table: int | None) -> str:
    """Which club night's round and table a game is, in the reader's
    language; "" for a game of no club night."""
    if not event:
        return ""
    return gettext("{event} · round {round} · table {table}").format(
        event=event, round=round, table=table
    )


def side_scores(
    kind: str, names: list[str], final_totals: list[int] | None
) -> list[tuple[str, int]]:
    """Each side's name and final total (balance in coin games), for a
    game's players in seat order."""
    if kind not in REGISTRY:
        return []
    sides = REGISTRY[kind].side_names(names)
    return list(zip(sides, final_totals or [0] * len(sides), strict=False))


def duration_seconds(hands: list[LiveHand]) -> int | None:
    """How long the game took, first hand to last, in whole seconds."""
    if not hands or hands[0].played_at is None or hands[-1].played_at is None:
        return None
    return int((hands[-1].played_at - hands[0].played_at).total_seconds())


class LiveHand(NamedTuple):
    pk: int
    facts: dict
    played_at: datetime | None = None  # when the hand was played (Hand.created_at)


class MergeRefused(Exception):
    """Two players that cannot be one; the message says why."""


class PlayerQuerySet(models.QuerySet):
    """Players are found by name in one way only: by names.name_key, which
    the database's unique constraint is on."""

    def named(self, name: str) -> Player | None:
        """The player this name names, compared as names are (ANA, ana and
        Ａｎａ are one); filter by group first: `group.players.named(name)`."""
        return self.filter(name_key=name_key(name)).first()

    def get_or_create_named(self, group, names: Iterable[str]) -> dict[str, Player]:
        """The group's players by these (cleaned) names, new ones created as first
        spelled. Two or three queries however many names; a name another phone
        creates meanwhile is found, not made twice."""
        names = list(names)
        wanted = {}
        for name in names:
            wanted.setdefault(name_key(name), name)
        players = self.filter(group=group)
        found = {p.name_key: p for p in players.filter(name_key__in=list(wanted))}
        new = [
            Player(name=name, name_key=key, group=group)
            for key, name in wanted.items()
            if key not in found
        ]
        if new:
            # A conflict is the same name saved by another phone meanwhile:
            # skipped here, and read back with the rest.
            self.bulk_create(new, ignore_conflicts=True)
            found |= {p.name_key: p for p in players.filter(name_key__in=[p.name_key for p in new])}
        return {name: found[name_key(name)] for name in names}

    def record_changed(self, pks: Iterable[int]) -> None:
        """Moves these players' records on, for a change their games' versions cannot
        tell (a game left or gone); rows locked in one order, so no deadlock."""
        pks = sorted(set(pks))
        if pks:
            with transaction.atomic():  # the lock needs one, wherever it is called
                list(self.select_for_update().filter(pk__in=pks).order_by("pk").values_list("pk"))
                self.filter(pk__in=pks).update(record_changed_at=timezone.now())


class Player(models.Model):
    name = models.CharField(max_length=MAX_NAME)
    # The name as compared (names.name_key): set on every save.
    name_key = models.CharField(max_length=MAX_KEY, editable=False)
    # Null only for players from before groups: the first group takes them in.
    group = models.ForeignKey(
        "accounts.Group", on_delete=models.CASCADE, related_name="players", null=True, blank=True
    )
    # The person's own account, which gathers their record across groups.
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        related_name="players",
        null=True,
        blank=True,
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Moved on when they leave a game, or one they sat in is gone for good:
    # with their games' versions it names one version of their record
    # (record_version). Not written by a hand, which would lock every
    # seated player's row for it (two games sharing players deadlocked).
    record_changed_at = models.DateTimeField(default=timezone.now)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = [Lower("name")]
        constraints = [
            # The same name may be someone else in another group.
            models.UniqueConstraint(
                fields=["group", "name_key"], name="player_name_key_unique_in_group"
            ),
            models.UniqueConstraint(
                fields=["group", "account"], name="one_player_per_account_in_group"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        self.name_key = name_key(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)

    def record_version(self) -> tuple:
        """Names one version of this player's record (fragments.py), in one query."""
        games = Seat.objects.filter(player=self).aggregate(
            seats=models.Count("pk"), versions=models.Sum("game__version")
        )
        return (
            self.pk,
            self.name,
            self.record_changed_at,
            games["seats"],
            games["versions"] or 0,
        )

    @transaction.atomic
    def rename(self, name: str) -> None:
        # Their games first, as a hand locks its game before all it writes.
        locked = Game.objects.filter(seats__player=self).locked()
        self.name = name
        self.save(update_fields=["name"])
        for game in Game.objects.filter(pk__in=locked).prefetch_related("seats__player"):
            game.refresh_result()  # the cached winner's name

    @transaction.atomic
    def merge(self, duplicate: Player) -> int:
        """`duplicate` is this same person under another name: every seat
        they took becomes this player's (so their stats and records follow),
        each game they sat in says so in its change log, and the duplicate
        goes. Returns how many games moved."""
        if duplicate.pk == self.pk or duplicate.group_id != self.group_id:
            raise MergeRefused(gettext("Choose another player of the same group to merge."))
        shared = Game.objects.filter(seats__player=self).filter(seats__player=duplicate)
        if shared.exists():
            raise MergeRefused(
                gettext(
                    "{one} and {other} sat at the same table in {game}: "
                    "they are two people, not one."
                ).format(one=self.name, other=duplicate.name, game=shared.first())
            )
        moved = Game.objects.filter(seats__player=duplicate).locked()
        Seat.objects.filter(player=duplicate).update(player=self)
        if self.account_id is None and duplicate.account_id is not None:
            self.account_id = duplicate.account_id
            duplicate.account_id = None
            duplicate.save(update_fields=["account"])
            self.save(update_fields=["account"])
        name = duplicate.name
        duplicate.delete()
        for game in Game.objects.filter(pk__in=moved).prefetch_related("seats__player"):
            game.log(GameChange.MERGED, before={"name": name}, after={"name": self.name})
            game.refresh_result()
        return len(moved)


# A deleted game can be restored for this long; after it, it is gone for good.
RESTORE_DAYS = 30
# A member may undo a deletion this soon after it; an owner, for RESTORE_DAYS.
UNDO_MINUTES = 15


NO_ROLE = models.Value(None, models.CharField())


class GameQuerySet(models.QuerySet):
    def for_sheet(self):
        """With the totals after each hand (Game.running_totals), which only
        the score sheet reads: every other read of games leaves them out."""
        return self.defer(None)

    def live(self):
        """The games not deleted: every list, page and statistic shows only these."""
        return self.filter(deleted_at__isnull=True)

    def deleted(self):
        """The deleted games that can still be restored, latest deleted first."""
        return self.filter(deleted_at__gte=restorable_since()).order_by("-deleted_at", "-pk")

    def purge_deleted(self) -> int:
        """Deleted games past their RESTORE_DAYS, gone for good; how many."""
        return self.filter(deleted_at__lt=restorable_since()).delete()[1].get("table.Game", 0)

    def in_progress(self):
        return self.filter(finished_at__isnull=True)

    def finished(self):
        return self.filter(finished_at__isnull=False)

    def newest_first(self):
        return self.order_by("-created_at", "-pk")

    def locked(self) -> list[int]:
        """These games' rows locked to the transaction's end, in one order (by
        id), so that two changes to several games never wait on each other
        in a circle; their ids. A change locks its games before anything it
        writes after them (the group's row last: Group.games_changed)."""
        games = self.select_for_update(of=("self",)).order_by("pk")
        return list(games.values_list("pk", flat=True))

    def play_times_from_hands(self) -> int:
        """Each game's first and last hand in play's times, read again from its
        hands (a backup made before the game's row kept them)."""
        live = Hand.objects.filter(game=models.OuterRef("pk"), deleted_at__isnull=True)
        return self.update(
            first_hand_at=models.Subquery(live.order_by("position").values("created_at")[:1]),
            last_hand_at=models.Subquery(live.order_by("-position").values("created_at")[:1]),
        )

    def stamp(self) -> tuple[int, str]:
        """These games' state in one short query: every change moves a game's
        `updated_at`, and a game added or gone changes the count."""
        found = self.aggregate(count=models.Count("pk"), latest=models.Max("updated_at"))
        return found["count"], found["latest"].isoformat() if found["latest"] else "-"

    def history(self):
        """Newest first, with the seats a card needs."""
        return self.prefetch_related(
            models.Prefetch("seats", queryset=Seat.objects.select_related("player"))
        ).newest_first()

    def for_list(self):
        """In progress first (latest activity first), then finished."""
        return self.prefetch_related("seats__player").order_by(
            models.F("finished_at").desc(nulls_first=True), "-updated_at"
        )

    def visible_to(self, visitor: Visitor, *, deleted: bool = False):
        """The games this visitor may see, with their role (`visitor_role`) and a
        guest's `table_link`; deleted ones only if asked. The one statement of who
        sees what: a member by their role in the group; a guest by a good table
        link this phone holds (to its game or one the table went on to); a viewer
        holding one scores as a guest; a spectator by a live spectator link."""
        if visitor.nobody:
            return self.none()
        if not visitor.tables and visitor.spectator is None:
            games = self.of_member(visitor)
        else:
            games = self.of_anyone(visitor)
        return games if deleted else games.live()

    def of_anyone(self, visitor: Visitor):
        """visible_to for any kind of visitor, deleted games included: one
        CASE over what they hold (membership, table link, spectator link)."""
        games = self
        roles, member = [], False
        if visitor.user_id is not None or visitor.session_key:
            person = visitor.user_id
            if person is None:
                # The person named by the cookie's session, without loading
                # it: the poll's look stays one query.
                signed_in = Session.objects.filter(
                    session_key=visitor.session_key, expire_date__gt=timezone.now()
                )
                person = Subquery(signed_in.values("user_id"))
            mine = Q(group__memberships__user_id=person)
            games = games.annotate(mine=FilteredRelation("group__memberships", condition=mine))
            member = True
            if visitor.tables:  # an owner or member scores as one, link or not
                roles.append(When(mine__role__in=Membership.WRITERS, then="mine__role"))
        if visitor.tables:
            held = TableLink.objects.good().filter(pk__in=visitor.tables)
            joins = TableLink.games.through.objects.filter(
                game_id=OuterRef("pk"), tablelink__in=held
            )
            link = joins.order_by("-tablelink__created_at").values("tablelink_id")[:1]
            games = games.annotate(table_link=Subquery(link))
            roles.append(When(table_link__isnull=False, then=Value(GUEST)))
        else:
            games = games.annotate(table_link=Value(None, models.IntegerField()))
        if member:  # a viewer, unless a good table link makes them a guest
            roles.append(When(mine__role__isnull=False, then="mine__role"))
        if visitor.spectator is not None:
            watched = SpectatorLink.objects.filter(pk=visitor.spectator, revoked_at__isnull=True)
            # A spectator's look names no game: the link's own, found by its index.
            games = games.filter(pk__in=watched.values("game_id"))
            roles.append(When(pk__in=watched.values("game_id"), then=Value(WATCH)))
        games = games.annotate(visitor_role=Case(*roles, default=NO_ROLE))
        return games.filter(visitor_role__isnull=False)

    def of_member(self, visitor: Visitor):
        """visible_to for a visitor who holds no link, the question almost
        every request asks: the games of their groups, by a plain join to
        their membership (through their session's row when only its key is
        known). Its role is the membership's; no table link."""
        if visitor.user_id is not None:
            games = self.filter(group__memberships__user_id=visitor.user_id)
        else:
            games = self.filter(
                group__memberships__user__sessions__session_key=visitor.session_key,
                group__memberships__user__sessions__expire_date__gt=timezone.now(),
            )
        return games.annotate(
            visitor_role=models.F("group__memberships__role"),
            table_link=Value(None, models.IntegerField()),
        )

    def look(self, visitor: Visitor, pk: int | None = None) -> tuple[int, int, str] | None:
        """This visitor's (pk, version, role) for the game, in one query: the access
        check of every idle poll and stream look; None when they may not see it.
        A cookie-only visitor is read in full only when that finds nothing."""
        if visitor.nobody:
            row = None
        else:
            games = self.visible_to(visitor)
            games = games if pk is None else games.filter(pk=pk)
            row = games.values_list("pk", "version", "visitor_role").first()
        if row is None and visitor.fuller is not None:
            return self.look(visitor.fuller(), pk)
        return row


def game_seen(visitor: Visitor, pk: int, *, lock: bool = False) -> Game | None:
    """The game as this visitor may see it (deleted or not), with its group and
    their role, in one query; its row locked to the transaction's end with
    `lock`. What every page and change reads first."""
    games = Game.objects.visible_to(visitor, deleted=True).select_related("group")
    # With its totals after each hand: the sheet's view and a hand's POST go
    # on from them (SheetParts.last_played).
    games = games.for_sheet()
    if lock:
        games = games.select_for_update(of=("self",))
    return games.filter(pk=pk).first()


def restorable_since() -> datetime:
    return timezone.now() - timedelta(days=RESTORE_DAYS)


class GameManager(models.Manager.from_queryset(GameQuerySet)):
    def get_queryset(self) -> GameQuerySet:
        # A long game's totals after each hand are many: read where the sheet
        # is drawn (GameQuerySet.for_sheet), not by every list and export.
        return super().get_queryset().defer("running_totals")


class Game(models.Model):
    kind = models.CharField(max_length=40, help_text="The game's key in the scoring registry.")
    # The game's identity in record files ("id"): an import of a game the
    # group already holds is refused unless it is asked for as a copy.
    uid = models.UUIDField(default=uuid.uuid4, editable=False)
    # Null only for games from before groups: the first group takes them in.
    group = models.ForeignKey(
        "accounts.Group", on_delete=models.CASCADE, related_name="games", null=True, blank=True
    )
    title = models.CharField(
        max_length=60, blank=True, help_text="The table's name for a score pad."
    )
    rules_version = models.CharField(max_length=120)
    options = models.JSONField(default=list, blank=True)
    target = models.PositiveIntegerField(null=True, blank=True)
    stakes = models.PositiveIntegerField(null=True, blank=True)
    first_dealer = models.PositiveSmallIntegerField(default=0, help_text="Seat index, from 0.")
    note = models.TextField(blank=True)
    ended = models.BooleanField(default=False, help_text="The table ended the game or session.")
    # A round of a club night: every table's game ends after the same hands.
    hand_limit = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_HANDS)],
        help_text="Hands after which the game ends, if no side reached the target first.",
    )
    # A table of a club night: the night's name, its round and table (shown
    # above its sheet, table_of_event); such a game starts no rematch, for
    # its table's guests reach it and nothing after it.
    part_of = models.CharField(max_length=80, blank=True, default="", db_default="")
    part_round = models.PositiveSmallIntegerField(null=True, blank=True)
    part_table = models.PositiveSmallIntegerField(null=True, blank=True)
    # A club night's option: a hand counts once another phone at the table
    # (not the one that entered it) or a member confirms it.
    confirms_hands = models.BooleanField(default=False, db_default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Derived from the hands by refresh_result(); never edited directly.
    finished_at = models.DateTimeField(null=True, blank=True)
    winner_name = models.CharField(max_length=200, blank=True)
    final_totals = models.JSONField(default=list, blank=True)
    hand_count = models.PositiveIntegerField(default=0)
    # When the first and the last hand in play were scored: how long the
    # game took, as its card says it ("12 hands in 1 h 5 min").
    first_hand_at = models.DateTimeField(null=True, blank=True)
    last_hand_at = models.DateTimeField(null=True, blank=True)
    # Each side's total after each hand, in order, as JSON: the chart's
    # lines, and where the sheet's first view starts the few hands it shows
    # from (SheetParts.played), so that a long game is not replayed to open
    # it. Text, not PostgreSQL's jsonb, which is slower to write and is
    # never queried into here.
    running_totals = models.TextField(blank=True, default="")
    # Moved on by every change (refresh_result). A form that changes the game
    # carries the version it was drawn from, and is refused if it has moved.
    version = models.PositiveIntegerField(default=0)
    # Set when a member deletes the game: it leaves every list, page and
    # statistic, and can be restored for RESTORE_DAYS.
    deleted_at = models.DateTimeField(null=True, blank=True)

    objects = GameManager()

    class Meta:
        indexes = [
            models.Index(fields=["group", "finished_at", "updated_at"]),
            # History: a group's games, newest first, a page at a time.
            models.Index(fields=["group", "created_at"]),
            models.Index(fields=["finished_at", "updated_at"]),
            models.Index(fields=["created_at"]),
            models.Index(fields=["kind", "created_at"]),
            # An owner's list of a group's deleted games; the stamp of its
            # history (GameQuerySet.stamp) from the index alone.
            models.Index(fields=["group", "deleted_at", "updated_at"]),
        ]
        constraints = [
            models.UniqueConstraint(fields=["group", "uid"], name="one_copy_of_a_game_a_group")
        ]

    def __str__(self) -> str:
        return f"{self.name} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("game", args=[self.pk])

    @property
    def rules(self) -> GameRules:
        return REGISTRY[self.kind]

    @property
    def name(self) -> str:
        return game_name(self.title, self.kind)

    @property
    def table_of_event(self) -> str:
        """Which club night's round and table this game is, in the reader's language."""
        return event_table_words(self.part_of, self.part_round, self.part_table)

    @property
    def ends_by_table(self) -> bool:
        """Coin sessions, and pads without a target, end when the table says so."""
        return self.rules.coins or self.target is None

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    @property
    def played_out(self) -> bool:
        """Every hand of a game of a fixed number is played: it does not play
        on (a rematch starts another round of them)."""
        return self.hand_limit is not None and self.hand_count >= self.hand_limit

    def no_more_hands(self) -> str:
        """Why a finished game takes no hand, and what would let it."""
        if self.played_out:
            return gettext("This game is finished: its {n} hands are played.").format(
                n=self.hand_limit
            )
        return gettext("This game is finished: reopen it to play more hands.")

    @property
    def is_deleted(self) -> bool:
        return self.deleted_at is not None

    @property
    def gone_for_good_at(self) -> datetime | None:
        return self.deleted_at + timedelta(days=RESTORE_DAYS) if self.deleted_at else None

    def can_be_restored_by(self, is_owner: bool) -> bool:
        """An owner restores a deleted game for RESTORE_DAYS; any member may
        undo a deletion for UNDO_MINUTES after it."""
        if self.deleted_at is None:
            return False
        window = timedelta(days=RESTORE_DAYS) if is_owner else timedelta(minutes=UNDO_MINUTES)
        return timezone.now() - self.deleted_at < window

    def scores(self) -> list[tuple[str, int]]:
        """Each side's name and final total (balance in coin games), from the
        cached outcome; the seats are read with their players unless they were."""
        return side_scores(self.kind, self.player_names, self.final_totals)

    @property
    def played_for(self) -> str:
        """How long the game took, first hand to last ("1 h 5 min")."""
        return duration_words(self.first_hand_at, self.last_hand_at)

    def load_seats(self) -> None:
        """The seats with their players, read in one query the first time
        they are needed (nothing to read when the game was loaded with them)."""
        seats = models.Prefetch("seats", queryset=Seat.objects.select_related("player"))
        models.prefetch_related_objects([self], seats)

    def seated_players(self) -> list[Player]:
        self.load_seats()
        return [seat.player for seat in self.seats.all()]

    @property
    def hands_words(self) -> str:
        return hands_words(self.hand_count, self.played_for)

    @property
    def player_names(self) -> list[str]:
        """In seat order, as a card lists them (history/cards.py reads them as rows)."""
        return [player.name for player in self.seated_players()]

    def setup(self) -> Setup:
        return Setup(
            names=tuple(p.name for p in self.seated_players()),
            first_dealer=self.first_dealer,
            options=frozenset(self.options),
            target=self.target,
            stakes=self.stakes,
            ended=self.ended,
            hand_limit=self.hand_limit,
        )

    def live_hands(self) -> list[LiveHand]:
        """The hands in play, in order: only what replaying needs."""
        rows = self.hands.filter(deleted_at__isnull=True).order_by("position")
        return [LiveHand(*row) for row in rows.values_list("pk", "facts", "created_at")]

    def kept_totals(self) -> list[list[int]]:
        """Each side's total after each hand, as the last change kept them."""
        return json.loads(self.running_totals or "[]")

    def last_hands(self, n: int) -> list[LiveHand] | None:
        """The last `n` hands in play, in order: one query, however long the
        game. None if there are none, or one of them changed after this game's
        row was read (a change made since: the game's outcome read is older
        than its hands)."""
        live = Hand.objects.filter(game=self, deleted_at__isnull=True)
        columns = ("pk", "facts", "created_at", "updated_at")
        rows = list(live.order_by("-position").values_list(*columns)[:n])[::-1]
        if not rows or max(row[3] for row in rows) > self.updated_at:
            return None
        return [LiveHand(*row[:3]) for row in rows]

    def live_positions(self) -> list[int]:
        """Where the hands in play stand, in order: what numbers them
        (hand_number)."""
        live = self.hands.filter(deleted_at__isnull=True).order_by("position")
        return list(live.values_list("position", flat=True))

    def number_of(self, hand: Hand) -> int:
        """The hand's number on the sheet (hand_number)."""
        return hand_number(hand.position, self.live_positions())

    def sheet(self, hands: list[LiveHand] | None = None) -> Sheet:
        if hands is None:
            hands = self.live_hands()
        return replay(self.rules, self.setup(), [h.facts for h in hands])

    def played(self) -> tuple[list[LiveHand], Sheet]:
        """The live hands and their sheet, replayed from the stored facts."""
        hands = self.live_hands()
        return hands, self.sheet(hands)

    @transaction.atomic
    def delete(self, *args, **kwargs):
        """Gone for good (the admin, or 30 days after it was deleted): a new
        version of each seated player's record, which no longer counts it,
        and of its group's History."""
        Player.objects.record_changed(self.seats.values_list("player_id", flat=True))
        deleted = super().delete(*args, **kwargs)
        Group.objects.games_changed(self.group_id)
        return deleted

    def refresh_result(self, sheet: Sheet | None = None) -> Sheet:
        """Rebuild the cached outcome from the facts; call after any change,
        which its group's History then shows (Group.games_changed_at, written
        last). A game no longer in the database is a DatabaseError, not a silence.
        A sheet given is the hands in play with one more (add_hand, which
        sets the play times itself)."""
        if sheet is None:
            hands = self.live_hands()
            sheet = self.sheet(hands)
            self.take_play_times(hands)
        self.take_result(sheet)
        self.refresh_seats(sheet)
        self.save(update_fields=RESULT_FIELDS)
        Group.objects.games_changed(self.group_id)
        return sheet

    def take_result(self, sheet: Sheet) -> None:
        """Set the cached outcome from the sheet, without saving it."""
        if sheet.winner is not None:
            if self.finished_at is None:
                self.finished_at = timezone.now()
            self.winner_name = sheet.winner_words
        else:
            self.finished_at = None
            self.winner_name = ""
        self.final_totals = list(sheet.totals)
        self.hand_count = sheet.offset + len(sheet.rows)
        # A sheet of the last hands only (SheetParts.last_played) goes on from
        # the totals kept for the hands before it.
        totals = [*self.kept_totals()[: sheet.offset], *(row.totals for row in sheet.rows)]
        self.running_totals = json.dumps(totals, separators=(",", ":"))
        self.version += 1
        if self.pk is not None:  # phones holding a stream of it hear once it commits
            signals.changed_on_commit(Game, self.pk, self.version)

    def take_play_times(self, hands: list[LiveHand]) -> None:
        """When the first and the last of these hands in play were scored,
        without saving it."""
        self.first_hand_at = hands[0].played_at if hands else None
        self.last_hand_at = hands[-1].played_at if hands else None

    def refresh_seats(self, sheet: Sheet) -> None:
        """Writes what the sheet moved of each seat's figures: a short UPDATE
        a seat, of its moved columns only (one UPDATE of every seat by CASE
        cost more to build than the round trips it saved). A sheet of the
        last hands only is one hand past what the seats hold (add_hand)."""
        self.load_seats()
        if sheet.offset:
            before = [
                SeatSummary(**{name: getattr(seat, name) for name in SEAT_SUMMARY})
                for seat in self.seats.all()
            ]
            summaries = sheet.seat_summaries_after(before)
        else:
            summaries = sheet.seat_summaries()
        for seat in self.seats.all():
            summary = vars(summaries[seat.position])  # its fields, flat
            moved = {name: v for name, v in summary.items() if getattr(seat, name) != v}
            if moved:
                for name, value in moved.items():
                    setattr(seat, name, value)
                Seat.objects.filter(pk=seat.pk).update(**moved)

    @transaction.atomic
    def same_table_again(self) -> Game:
        """A new game of the same kind, players, house rules, target, stakes and
        hand limit, the deal passed on from the last hand."""
        raised = self.changes.filter(action=GameChange.TARGET).order_by("at", "pk").first()
        game = Game.objects.create(
            kind=self.kind,
            group_id=self.group_id,
            title=self.title,
            rules_version=self.rules.rules_version,
            options=self.options,
            target=raised.before if raised is not None else self.target,
            stakes=self.stakes,
            hand_limit=self.hand_limit,
            first_dealer=self.played()[1].next_table.dealer,
        )
        Seat.objects.bulk_create(
            Seat(game=game, player=player, position=position)
            for position, player in enumerate(self.seated_players())
        )
        game.refresh_result()
        return game

    def log(
        self,
        action: str,
        *,
        hand: Hand | None = None,
        before=None,
        after=None,
        key: str = "",
        by_guest: bool = False,
        guest_name: str = "",
    ):
        """One line of the change log at the game's current version; `key`: the
        submit's one-time key; `by_guest`: sent through a table link."""
        return self.changes.create(
            action=action,
            hand=hand,
            before=before,
            after=after,
            key=key,
            version=self.version,
            by_guest=by_guest,
            guest_name=guest_name,
        )

    # Each change below is saved in one transaction with its log line and
    # the refreshed outcome.

    @transaction.atomic(savepoint=False)
    def add_hand(
        self,
        facts: dict,
        key: str = "",
        played: Sheet | None = None,
        by_guest: bool = False,
        guest_name: str = "",
        played_at: datetime | None = None,
        entered_by: str = "",
    ) -> tuple[Hand, Sheet]:
        """The hand after the last one (deleted ones included), and the sheet with
        it; `played`: the sheet before it, when the caller has replayed it;
        `played_at`: when the phone scored it (a hand kept while offline), taken
        between the game's start and now."""
        last = self.hands.order_by().values("game").annotate(last=models.Max("position"))
        after_last = Coalesce(Subquery(last.values("last")), 0) + 1
        now = timezone.now()
        when = now if played_at is None else min(max(played_at, self.created_at), now)
        hand = self.hands.create(
            position=after_last, facts=facts, created_at=when, entered_by=entered_by
        )
        # The database worked the position out; it is read again only if asked for.
        del hand.position
        guest = {"by_guest": by_guest, "guest_name": guest_name}
        self.log(GameChange.ADDED, hand=hand, after=facts, key=key, **guest)
        if played is not None:  # the hands in play are as this row says, and one more
            self.first_hand_at = self.first_hand_at or when
            self.last_hand_at = when
        sheet = self.refresh_result(played.extended(facts) if played is not None else None)
        return hand, sheet

    @transaction.atomic(savepoint=False)
    def edit_hand(
        self,
        hand: Hand,
        facts: dict,
        key: str = "",
        by_guest: bool = False,
        guest_name: str = "",
        entered_by: str = "",
    ) -> None:
        """A hand changed. Where hands are confirmed, a guest's change is
        theirs to be confirmed again; a member's counts as confirmed."""
        before, hand.facts = hand.facts, facts
        if self.confirms_hands:
            hand.entered_by = entered_by if by_guest else hand.entered_by
            hand.confirmed_at = None if by_guest else timezone.now()
        hand.save(update_fields=["facts", "updated_at", "entered_by", "confirmed_at"])
        self.log(
            GameChange.EDITED,
            hand=hand,
            before=before,
            after=facts,
            key=key,
            by_guest=by_guest,
            guest_name=guest_name,
        )
        self.refresh_result()

    @transaction.atomic(savepoint=False)
    def confirm_hand(
        self, hand: Hand, key: str = "", by_guest: bool = False, guest_name: str = ""
    ) -> None:
        """Another phone (or a member) says the hand is right: it counts."""
        hand.confirmed_at = timezone.now()
        hand.save(update_fields=["confirmed_at", "updated_at"])
        self.log(GameChange.CONFIRMED, hand=hand, key=key, by_guest=by_guest, guest_name=guest_name)
        self.refresh_result()

    def waiting_hands(self) -> list[tuple[int, int]]:
        """(pk, number on the sheet) of each hand in play no other phone has
        confirmed yet, in order: one query, none in a game that does not
        confirm its hands."""
        if not self.confirms_hands:
            return []
        live = Hand.objects.filter(game=self, deleted_at__isnull=True)
        upto = live.filter(position__lte=OuterRef("position")).order_by().values("game")
        number = Subquery(upto.annotate(n=models.Count("pk")).values("n"))
        waiting = live.filter(confirmed_at__isnull=True).annotate(number=number)
        return list(waiting.order_by("position").values_list("pk", "number"))

    @transaction.atomic(savepoint=False)
    def delete_hand(
        self, hand: Hand, key: str = "", by_guest: bool = False, guest_name: str = ""
    ) -> None:
        hand.deleted_at = timezone.now()
        hand.save(update_fields=["deleted_at", "updated_at"])
        guest = {"by_guest": by_guest, "guest_name": guest_name}
        self.log(GameChange.DELETED, hand=hand, before=hand.facts, key=key, **guest)
        self.refresh_result()

    @transaction.atomic(savepoint=False)
    def restore_hand(
        self, hand: Hand, key: str = "", by_guest: bool = False, guest_name: str = ""
    ) -> None:
        hand.deleted_at = None
        hand.save(update_fields=["deleted_at", "updated_at"])
        guest = {"by_guest": by_guest, "guest_name": guest_name}
        self.log(GameChange.RESTORED, hand=hand, after=hand.facts, key=key, **guest)
        self.refresh_result()

    @transaction.atomic(savepoint=False)
    def set_note(self, note: str, key: str = "") -> None:
        before, self.note = self.note, note
        self.save(update_fields=["note"])
        self.log(GameChange.NOTE, before=before, after=note, key=key)
        self.refresh_result()  # a new version of its cards and its players' pages

    @transaction.atomic(savepoint=False)
    def end_session(self, key: str = "") -> None:
        self.ended = True
        self.save(update_fields=["ended"])
        self.log(GameChange.ENDED, key=key)
        self.refresh_result()

    def settled_words(self) -> dict:
        """What a finished game settled, as the change log keeps it once a
        change replaces it: its winner and, in a coin game, its settle-up."""
        settle = []
        if self.rules.coins and self.stakes is not None and self.final_totals:
            try:
                settle = describe(settle_up(self.final_totals, self.stakes), self.setup().names)
            except ValueError:  # balances that cannot come back to the stakes
                settle = []
        return {"winner": self.winner_name, "settle_up": settle}

    def reopened_to_change(self, number: int, by_guest: bool = False, guest_name: str = ""):
        """A settled game reopened to change hand `number`: the log keeps
        what was settled (the change itself is logged next)."""
        return self.log(
            GameChange.REOPENED,
            before=self.settled_words(),
            after={"hand": number},
            by_guest=by_guest,
            guest_name=guest_name,
        )

    @transaction.atomic(savepoint=False)
    def reopen(self, target: int | None = None, key: str = "") -> None:
        """Play on: a game the table ended is simply reopened; one that was
        won plays on to a higher target."""
        if self.ended:
            settled = self.settled_words()
            self.ended = False
            self.save(update_fields=["ended"])
            self.log(GameChange.REOPENED, before=settled, key=key)
        else:
            before, self.target = self.target, target
            self.save(update_fields=["target"])
            self.log(GameChange.TARGET, before=before, after=target, key=key)
        self.refresh_result()

    @transaction.atomic(savepoint=False)
    def start_rematch(self, key: str = "") -> Game:
        """The same table again, started from this game's sheet; its log
        says so, and a second phone asking for a rematch is sent to it."""
        rematch = self.same_table_again()
        # The table's guests go on with it: its good table links now open the rematch.
        joins = TableLink.games.through
        joins.objects.bulk_create(
            joins(tablelink_id=link.pk, game_id=rematch.pk)
            for link in TableLink.objects.filter(games=self).good()
        )
        self.log(GameChange.REMATCH, after={"game": rematch.pk}, key=key)
        self.refresh_result()
        return rematch

    def rematch_pk(self) -> int | None:
        """The game the table went on to from this one (its latest rematch)."""
        started = self.changes.filter(action=GameChange.REMATCH).order_by("-pk")
        after = started.values_list("after", flat=True).first()
        return after.get("game") if isinstance(after, dict) else None

    @transaction.atomic(savepoint=False)
    def delete_game(self, key: str = "") -> None:
        """Out of every list and statistic until restored; the version and the
        players' records move on, so no kept card shows it."""
        self.deleted_at = timezone.now()
        self.save(update_fields=["deleted_at"])
        self.log(GameChange.GAME_DELETED, before={"hands": self.hand_count}, key=key)
        self.refresh_result()

    @transaction.atomic(savepoint=False)
    def restore_game(self, key: str = "") -> None:
        self.deleted_at = None
        self.save(update_fields=["deleted_at"])
        self.log(GameChange.GAME_RESTORED, after={"hands": self.hand_count}, key=key)
        self.refresh_result()

    def forget_seats(self) -> None:
        """Drop the seats loaded (load_seats) after they changed: the next
        read of them finds them as they are now."""
        self.refresh_from_db(fields=["seats"])  # prefetched: cleared, not read again

    @transaction.atomic(savepoint=False)
    def change_seats(self, players: list[Player], first_dealer: int, key: str = "") -> None:
        """Before the first hand: who sits where and deals first. A rulebook target
        or stake follows a new number of players."""
        before = {"names": [p.name for p in self.seated_players()], "dealer": self.first_dealer}
        count = len(before["names"])
        left = [p.pk for p in self.seated_players()]
        self.seats.all().delete()
        Seat.objects.bulk_create(
            Seat(game=self, player=player, position=i) for i, player in enumerate(players)
        )
        rules = self.rules
        if len(players) != count:
            if self.target is not None and self.target == rules.default_target(count):
                self.target = rules.default_target(len(players))
            if self.stakes is not None and self.stakes == rules.default_stakes(count):
                self.stakes = rules.default_stakes(len(players))
        self.first_dealer = first_dealer
        self.save(update_fields=["first_dealer", "target", "stakes"])
        Player.objects.record_changed(left)
        self.forget_seats()
        after = {"names": [p.name for p in players], "dealer": first_dealer}
        self.log(GameChange.SEATS, before=before, after=after, key=key)
        self.refresh_result()

    @transaction.atomic(savepoint=False)
    def replace_player(self, position: int, player: Player, key: str = "") -> None:
        """Someone else in this seat (a wrong name was picked): every hand
        played there is now theirs."""
        self.load_seats()
        seat = next(seat for seat in self.seats.all() if seat.position == position)
        before = {"seat": position, "name": seat.player.name}
        # The game leaves the record of whoever sat there: a new version of it.
        Player.objects.record_changed([seat.player_id])
        seat.player = player  # the seat loaded with the game, as it is now
        seat.save(update_fields=["player"])
        self.log(
            GameChange.REPLACED,
            before=before,
            after={"seat": position, "name": player.name},
            key=key,
        )
        self.refresh_result()

    def stored_outcome(self) -> dict:
        """The cached outcome and the rules version it was scored by."""
        return {
            "rules_version": self.rules_version,
            "totals": list(self.final_totals),
            "winner": self.winner_name,
        }

    def current_outcome(self, sheet: Sheet) -> dict:
        """The outcome the current rules give (`sheet`), with the sides' names
        and what the rules' latest version corrected."""
        return {
            "rules_version": self.rules.rules_version,
            "totals": list(sheet.totals),
            "winner": sheet.winner_words,
            "sides": list(sheet.side_names),
            "correction": self.rules.corrected,
        }

    @transaction.atomic
    def rescore(self) -> GameChange | None:
        """Scores the game by the current rules; logs a change only if its totals or
        winner moved."""
        before = self.stored_outcome()
        self.rules_version = self.rules.rules_version
        self.save(update_fields=["rules_version"])
        after = self.current_outcome(self.refresh_result())
        if (before["totals"], before["winner"]) == (after["totals"], after["winner"]):
            return None
        return self.log(GameChange.RESCORED, before=before, after=after)


# The game's outcome, derived from its hands (Game.refresh_result).
RESULT_FIELDS = (
    "finished_at",
    "winner_name",
    "final_totals",
    "hand_count",
    "first_hand_at",
    "last_hand_at",
    "running_totals",
    "version",
    "updated_at",
)


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField(help_text="Clockwise order, from 0.")
    # This seat's part of the game's outcome, derived by Game.refresh_result()
    # so that player pages can add them up without replaying every game.
    # 64-bit: a thousand hands of the largest values the rules allow still fit.
    total = models.BigIntegerField(default=0, help_text="Final score, or coin balance.")
    won = models.BooleanField(default=False)
    bids = models.PositiveIntegerField(default=0, help_text="Hands this player won the bid.")
    bids_made = models.PositiveIntegerField(default=0)
    bid_total = models.BigIntegerField(default=0, help_text="Sum of those bids.")
    best_hand = models.BigIntegerField(null=True, blank=True, help_text="Most scored in one hand.")

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in seat {self.position + 1}"


@receiver(group_started)
def first_group_takes_in_everything(sender, group, first: bool, **kwargs) -> None:
    """The first group of an install takes in every player and game that
    belongs to none: those of a database from before groups existed."""
    if first:
        Player.objects.filter(group__isnull=True).update(group=group)
        Game.objects.filter(group__isnull=True).update(group=group)


class Hand(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    position = models.PositiveIntegerField(help_text="Order of play within the game.")
    facts = models.JSONField()
    deleted_at = models.DateTimeField(null=True, blank=True)
    # When the hand was played: its phone's time for a hand that waited to be sent.
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)
    # In a game that confirms its hands: the phone that entered the hand (a
    # digest of its session) and when another phone confirmed it.
    entered_by = models.CharField(max_length=32, blank=True, default="", db_default="")
    confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="hand_position_unique")
        ]

    def __str__(self) -> str:
        return f"hand at position {self.position} of game {self.game_id}"


class GameChange(models.Model):
    """The game's change log: every hand added, edited, deleted or restored,
    and every change to the game itself (note, target, end, reopen, a
    rescoring under corrected rules, a rematch started from it, two players
    found to be one person)."""

    ADDED, EDITED, DELETED, RESTORED = "added", "edited", "deleted", "restored"
    NOTE, TARGET, ENDED, REOPENED = "note", "target", "ended", "reopened"
    RESCORED, REMATCH, MERGED = "rescored", "rematch", "merged"
    # The whole game deleted and restored; its seats changed before the
    # first hand; a player replaced in a seat after it.
    GAME_DELETED, GAME_RESTORED = "removed", "recovered"
    SEATS, REPLACED = "seats", "replaced"
    # A hand of a game that confirms its hands, confirmed by another phone.
    CONFIRMED = "confirmed"
    ACTIONS = [
        (ADDED, pgettext_lazy("change", "Added")),
        (EDITED, pgettext_lazy("change", "Edited")),
        (DELETED, pgettext_lazy("change", "Deleted")),
        (RESTORED, pgettext_lazy("change", "Restored")),
        (NOTE, pgettext_lazy("change", "Note")),
        (TARGET, pgettext_lazy("change", "Target")),
        (ENDED, pgettext_lazy("change", "Ended")),
        (REOPENED, pgettext_lazy("change", "Reopened")),
        (RESCORED, pgettext_lazy("change", "Rescored")),
        (REMATCH, pgettext_lazy("change", "Rematch")),
        (MERGED, pgettext_lazy("change", "Merged")),
        (GAME_DELETED, pgettext_lazy("change", "Removed")),
        (GAME_RESTORED, pgettext_lazy("change", "Recovered")),
        (SEATS, pgettext_lazy("change", "Seats")),
        (REPLACED, pgettext_lazy("change", "Replaced")),
        (CONFIRMED, pgettext_lazy("change", "Confirmed")),
    ]

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="changes")
    # Only for the changes to a hand.
    hand = models.ForeignKey(
        Hand, on_delete=models.CASCADE, related_name="changes", null=True, blank=True
    )
    action = models.CharField(max_length=10, choices=ACTIONS)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    # The one-time key of the submit that made this change: a phone that
    # retries the same submit is answered from here instead of changing twice.
    key = models.CharField(max_length=64, blank=True, default="")
    # The version of the game this change was made from: a phone whose page
    # shows an older version is told what changed since.
    version = models.PositiveIntegerField(default=0)
    at = models.DateTimeField(auto_now_add=True)
    # Made by a guest at the table, through a table link (no account). The
    # database knows the default too: an import writes its log in raw SQL.
    by_guest = models.BooleanField(default=False, db_default=False)
    # The seat a guest's phone said it is ("Who are you?"); "" when it did not.
    guest_name = models.CharField(max_length=MAX_NAME, blank=True, default="", db_default="")

    class Meta:
        ordering = ["-at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "key"], condition=~models.Q(key=""), name="one_change_per_submit"
            )
        ]

    def __str__(self) -> str:
        return f"{self.action} {self.hand}"

    # Who made a change that came in through a table link, by what a guest
    # may do (table.apps); whole sentences, as each language puts the words
    # in an order of its own.
    GUEST_WORDS = {
        ADDED: gettext_noop("Entered by a guest at the table"),
        EDITED: gettext_noop("Changed by a guest at the table"),
        DELETED: gettext_noop("Deleted by a guest at the table"),
        RESTORED: gettext_noop("Restored by a guest at the table"),
        REOPENED: gettext_noop("Reopened by a guest at the table"),
        CONFIRMED: gettext_noop("Confirmed by a guest at the table"),
    }

    # The same, when the guest said who they are.
    NAMED_GUEST_WORDS = {
        ADDED: gettext_noop("Entered by {name}'s phone (guest)"),
        EDITED: gettext_noop("Changed by {name}'s phone (guest)"),
        DELETED: gettext_noop("Deleted by {name}'s phone (guest)"),
        RESTORED: gettext_noop("Restored by {name}'s phone (guest)"),
        REOPENED: gettext_noop("Reopened by {name}'s phone (guest)"),
        CONFIRMED: gettext_noop("Confirmed by {name}'s phone (guest)"),
    }

    @property
    def guest_words(self) -> str:
        """Who made a change that came in through a table link."""
        if not self.by_guest:
            return ""
        if self.guest_name:
            said = self.NAMED_GUEST_WORDS.get(self.action, self.NAMED_GUEST_WORDS[self.EDITED])
            return gettext(said).format(name=self.guest_name)
        return gettext(self.GUEST_WORDS.get(self.action, self.GUEST_WORDS[self.EDITED]))


class StartKey(models.Model):
    """The one-time key of a start form that started a game: the same form
    sent again (a double tap, a retry, two phones) opens that game instead
    of starting another."""

    key = models.CharField(max_length=64, unique=True)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    # A form is sent again within seconds; a day is more than enough.
    KEPT = timedelta(days=1)

    def __str__(self) -> str:
        return f"start key of game {self.game_id}"
