"""Players, games, seats and hands.

A hand stores only the facts the scorekeeper entered; every score, total,
dealer and winner is derived by replaying the facts through the scoring
service. `Game.refresh_result` keeps a small cache of the outcome (status,
winner, final totals) for lists, rebuilt after every change.

Every change to a game is one method here that logs it (with the version of
the game it was made from and the submit's one-time key) and refreshes the
outcome, which moves the version on. The caller holds the game row locked in
a transaction (views.locked_game), so changes from several phones queue up
and each sees the one before it.
"""

from __future__ import annotations

import os
from dataclasses import asdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import NamedTuple

from django.conf import settings
from django.db import models, transaction
from django.db.models import Subquery
from django.db.models.functions import Coalesce, Lower
from django.db.models.signals import post_delete, pre_save
from django.dispatch import receiver
from django.urls import reverse
from django.utils import timezone

from vinescore.scoring import REGISTRY, GameRules, Setup, Sheet, replay

from .names import MAX_KEY, MAX_NAME, name_key

# Hands in one game: far beyond any real session, and small enough that the
# largest totals the rules allow fit their columns.
MAX_HANDS = 1000

SEAT_SUMMARY = ["total", "won", "bids", "bids_made", "bid_total", "best_hand"]


def duration_words(first: datetime | None, last: datetime | None) -> str:
    """How long from the first hand to the last, in a scorekeeper's words:
    "under a minute", "25 min", "1 h 5 min"; "" without two times apart."""
    if first is None or last is None or last <= first:
        return ""
    minutes = int((last - first).total_seconds() // 60)
    if minutes < 1:
        return "under a minute"
    hours, minutes = divmod(minutes, 60)
    if not hours:
        return f"{minutes} min"
    return f"{hours} h {minutes} min" if minutes else f"{hours} h"


SEAT_SUMMARY = ["total", "won", "bids", "bids_made", "bid_total", "best_hand"]


class LiveHand(NamedTuple):
    pk: int
    facts: dict
    played_at: datetime | None = None  # when the hand was scored (Hand.created_at)


class MergeRefused(Exception):
    """Two players that cannot be one; the message says why."""


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
    # Moved on whenever a game they sit in changes (Game.refresh_seats), so
    # that it names one version of their record (see fragments.py).
    record_changed_at = models.DateTimeField(default=timezone.now)

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

    @transaction.atomic
    def rename(self, name: str) -> None:
        self.name = name
        self.save(update_fields=["name"])
        for game in Game.objects.filter(seats__player=self).prefetch_related("seats__player"):
            game.refresh_result()  # the cached winner's name

    @transaction.atomic
    def merge(self, duplicate: Player) -> int:
        """`duplicate` is this same person under another name: every seat
        they took becomes this player's (so their stats and records follow),
        each game they sat in says so in its change log, and the duplicate
        goes. Returns how many games moved."""
        if duplicate.pk == self.pk or duplicate.group_id != self.group_id:
            raise MergeRefused("Choose another player of the same group to merge.")
        shared = Game.objects.filter(seats__player=self).filter(seats__player=duplicate)
        if shared.exists():
            raise MergeRefused(
                f"{self.name} and {duplicate.name} sat at the same table in "
                f"{shared.first()}: they are two people, not one."
            )
        moved = list(
            Game.objects.select_for_update()
            .filter(seats__player=duplicate)
            .values_list("pk", flat=True)
        )
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


class GameQuerySet(models.QuerySet):
    def in_progress(self):
        return self.filter(finished_at__isnull=True)

    def finished(self):
        return self.filter(finished_at__isnull=False)

    def newest_first(self):
        return self.order_by("-created_at", "-pk")

    def history(self):
        """Newest first, with the seats a card needs."""
        return self.prefetch_related(
            models.Prefetch("seats", queryset=Seat.objects.select_related("player"))
        ).newest_first()

    def for_list(self):
        """In progress first (latest activity first), then finished."""
        return (
            self.prefetch_related("seats__player")
            .with_play_times()
            .order_by(models.F("finished_at").desc(nulls_first=True), "-updated_at")
        )

    def with_play_times(self):
        """Each game's first and last live hand's time, for how long it took."""
        live = Hand.objects.filter(game=models.OuterRef("pk"), deleted_at__isnull=True)
        return self.annotate(
            first_hand_at=models.Subquery(live.order_by("position").values("created_at")[:1]),
            last_hand_at=models.Subquery(live.order_by("-position").values("created_at")[:1]),
        )


class Game(models.Model):
    kind = models.CharField(max_length=40, help_text="The game's key in the scoring registry.")
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
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Derived from the hands by refresh_result(); never edited directly.
    finished_at = models.DateTimeField(null=True, blank=True)
    winner_name = models.CharField(max_length=200, blank=True)
    final_totals = models.JSONField(default=list, blank=True)
    hand_count = models.PositiveIntegerField(default=0)
    # Moved on by every change (refresh_result). A form that changes the game
    # carries the version it was drawn from, and is refused if it has moved.
    version = models.PositiveIntegerField(default=0)

    objects = GameQuerySet.as_manager()

    class Meta:
        indexes = [
            models.Index(fields=["group", "finished_at", "updated_at"]),
            # History: a group's games, newest first, a page at a time.
            models.Index(fields=["group", "created_at"]),
            models.Index(fields=["finished_at", "updated_at"]),
            models.Index(fields=["created_at"]),
            models.Index(fields=["kind", "created_at"]),
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
        if self.title:
            return self.title
        return self.rules.name if self.kind in REGISTRY else self.kind

    @property
    def ends_by_table(self) -> bool:
        """Coin sessions, and pads without a target, end when the table says so."""
        return self.rules.coins or self.target is None

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    def scores(self) -> list[tuple[str, int]]:
        """Each side's name and final total (balance in coin games), from the
        cached outcome; seats must be loaded with their players."""
        if self.kind not in REGISTRY:
            return []
        sides = self.rules.side_names([seat.player.name for seat in self.seats.all()])
        totals = self.final_totals or [0] * len(sides)
        return list(zip(sides, totals, strict=False))

    @property
    def played_for(self) -> str:
        """How long the game took, first hand to last ("1 h 5 min"); needs
        the times from GameQuerySet.with_play_times()."""
        return duration_words(
            getattr(self, "first_hand_at", None), getattr(self, "last_hand_at", None)
        )

    def seated_players(self) -> list[Player]:
        """Seats must be loaded with their players (see views.get_game)."""
        return [seat.player for seat in self.seats.all()]

    def setup(self) -> Setup:
        return Setup(
            names=tuple(p.name for p in self.seated_players()),
            first_dealer=self.first_dealer,
            options=frozenset(self.options),
            target=self.target,
            stakes=self.stakes,
            ended=self.ended,
        )

    def live_hands(self) -> list[LiveHand]:
        """The hands in play, in order: only what replaying needs."""
        rows = self.hands.filter(deleted_at__isnull=True).values_list("pk", "facts", "created_at")
        return [LiveHand(*row) for row in rows.order_by("position")]

    def sheet(self, hands: list[LiveHand] | None = None) -> Sheet:
        if hands is None:
            hands = self.live_hands()
        return replay(self.rules, self.setup(), [h.facts for h in hands])

    def played(self) -> tuple[list[LiveHand], Sheet]:
        """The live hands and their sheet, replayed from the stored facts."""
        hands = self.live_hands()
        return hands, self.sheet(hands)

    def refresh_result(self, sheet: Sheet | None = None) -> Sheet:
        """Rebuild the cached outcome from the facts; call after any change."""
        sheet = sheet or self.sheet()
        self.take_result(sheet)
        self.refresh_seats(sheet)
        self.save(
            update_fields=[
                "finished_at",
                "winner_name",
                "final_totals",
                "hand_count",
                "version",
                "updated_at",
            ]
        )
        return sheet

    def take_result(self, sheet: Sheet) -> None:
        """Set the cached outcome from the sheet, without saving it."""
        if sheet.winner is not None:
            if self.finished_at is None:
                self.finished_at = timezone.now()
            self.winner_name = " and ".join(sheet.winner_names)
        else:
            self.finished_at = None
            self.winner_name = ""
        self.final_totals = list(sheet.totals)
        self.hand_count = len(sheet.rows)
        self.version += 1

    def refresh_seats(self, sheet: Sheet) -> None:
        """Each seat's part of the outcome; only the seats it changed are
        written (a hand usually moves a few of them)."""
        seats = list(self.seats.all())
        changed = []
        for seat in seats:
            summary = asdict(sheet.seat_summary(seat.position))
            if any(getattr(seat, name) != value for name, value in summary.items()):
                for name, value in summary.items():
                    setattr(seat, name, value)
                changed.append(seat)
        if changed:
            Seat.objects.bulk_update(changed, SEAT_SUMMARY)
        # Every seated player's page lists this game, whose card changed.
        Player.objects.filter(pk__in=[seat.player_id for seat in seats]).update(
            record_changed_at=timezone.now()
        )

    @transaction.atomic
    def same_table_again(self) -> Game:
        """A new game of the same kind at the same table: the players in
        their seats, the house rules, the target and stakes the game started
        with, and the deal passed on from its last hand."""
        raised = self.changes.filter(action=GameChange.TARGET).order_by("at", "pk").first()
        game = Game.objects.create(
            kind=self.kind,
            group_id=self.group_id,
            title=self.title,
            rules_version=self.rules.rules_version,
            options=self.options,
            target=raised.before if raised is not None else self.target,
            stakes=self.stakes,
            first_dealer=self.played()[1].next_table.dealer,
        )
        Seat.objects.bulk_create(
            Seat(game=game, player=s.player, position=s.position) for s in self.seats.all()
        )
        game.refresh_result()
        return game

    def log(self, action: str, *, hand: Hand | None = None, before=None, after=None, key: str = ""):
        """One line of the change log, made from the game's current version;
        `key` is the one-time key of the submit that made the change."""
        return self.changes.create(
            action=action, hand=hand, before=before, after=after, key=key, version=self.version
        )

    # Each change below is saved in one transaction with its log line and
    # the refreshed outcome.

    @transaction.atomic(savepoint=False)
    def add_hand(
        self, facts: dict, key: str = "", played: Sheet | None = None
    ) -> tuple[Hand, Sheet]:
        """The hand after the last one (deleted ones included), and the sheet
        with it; `played`: the sheet before this hand, if the caller has it."""
        after_last = (
            Coalesce(
                Subquery(
                    self.hands.order_by()
                    .values("game")
                    .annotate(last=models.Max("position"))
                    .values("last")
                ),
                0,
            )
            + 1
        )
        hand = self.hands.create(position=after_last, facts=facts)
        # The database worked the position out; it is read again only if asked for.
        del hand.position
        self.log(GameChange.ADDED, hand=hand, after=facts, key=key)
        return hand, self.refresh_result(played.extended(facts) if played is not None else None)

    @transaction.atomic(savepoint=False)
    def edit_hand(self, hand: Hand, facts: dict, key: str = "") -> None:
        before, hand.facts = hand.facts, facts
        hand.save(update_fields=["facts", "updated_at"])
        self.log(GameChange.EDITED, hand=hand, before=before, after=facts, key=key)
        self.refresh_result()

    @transaction.atomic(savepoint=False)
    def delete_hand(self, hand: Hand, key: str = "") -> None:
        hand.deleted_at = timezone.now()
        hand.save(update_fields=["deleted_at", "updated_at"])
        self.log(GameChange.DELETED, hand=hand, before=hand.facts, key=key)
        self.refresh_result()

    @transaction.atomic(savepoint=False)
    def restore_hand(self, hand: Hand, key: str = "") -> None:
        hand.deleted_at = None
        hand.save(update_fields=["deleted_at", "updated_at"])
        self.log(GameChange.RESTORED, hand=hand, after=hand.facts, key=key)
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

    @transaction.atomic(savepoint=False)
    def reopen(self, target: int | None = None, key: str = "") -> None:
        """Play on: a game the table ended is simply reopened; one that was
        won plays on to a higher target."""
        if self.ended:
            self.ended = False
            self.save(update_fields=["ended"])
            self.log(GameChange.REOPENED, key=key)
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
        self.log(GameChange.REMATCH, after={"game": rematch.pk}, key=key)
        self.refresh_result()
        return rematch

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
            "winner": " and ".join(sheet.winner_names),
            "sides": list(sheet.side_names),
            "correction": self.rules.corrected,
        }

    @transaction.atomic
    def rescore(self) -> GameChange | None:
        """Score the game by the rules vinescore has now and carry their
        version. When that changes its totals or winner, the change log says
        so (with the correction's name); otherwise nothing is logged."""
        before = self.stored_outcome()
        self.rules_version = self.rules.rules_version
        self.save(update_fields=["rules_version"])
        after = self.current_outcome(self.refresh_result())
        if (before["totals"], before["winner"]) == (after["totals"], after["winner"]):
            return None
        return self.log(GameChange.RESCORED, before=before, after=after)


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


@receiver(pre_save, sender=Seat)
def seat_changing(sender, instance: Seat, **kwargs) -> None:
    """A seat given to someone else (in the admin) changes the record of
    whoever sat there before."""
    if instance.pk is not None:
        Player.objects.filter(seats__pk=instance.pk).exclude(pk=instance.player_id).update(
            record_changed_at=timezone.now()
        )


@receiver(post_delete, sender=Seat)
def seat_deleted(sender, instance: Seat, **kwargs) -> None:
    """A game deleted (in the admin) leaves its players' records."""
    Player.objects.filter(pk=instance.player_id).update(record_changed_at=timezone.now())


class Hand(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    position = models.PositiveIntegerField(help_text="Order of play within the game.")
    facts = models.JSONField()
    deleted_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

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
    ACTIONS = [
        (a, a.capitalize())
        for a in (
            ADDED,
            EDITED,
            DELETED,
            RESTORED,
            NOTE,
            TARGET,
            ENDED,
            REOPENED,
            RESCORED,
            REMATCH,
            MERGED,
        )
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

    class Meta:
        ordering = ["-at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "key"], condition=~models.Q(key=""), name="one_change_per_submit"
            )
        ]

    def __str__(self) -> str:
        return f"{self.action} {self.hand}"


class ImportProgress(NamedTuple):
    games: int  # checked so far
    percent: int  # of the file read


class ImportJob(models.Model):
    """A games file uploaded on the Import page, imported by a process of
    its own (`manage.py import_games --job ID`) while the job's page shows
    how far it got, then what it imported or why it imported nothing.

    The import is one transaction, so how far it got cannot go through the
    database: nothing it writes is seen before the commit, and SQLite lets
    no other connection write meanwhile. The process writes it every BEAT
    seconds to a small file beside the upload, which is also its sign of
    life: a job silent for longer than SILENCE has lost its process (the
    server restarted, or it was stopped) and is shown failed.
    """

    WAITING, RUNNING, DONE, FAILED = "waiting", "running", "done", "failed"
    STATUSES = [(s, s.capitalize()) for s in (WAITING, RUNNING, DONE, FAILED)]
    BEAT = 2
    SILENCE = timedelta(seconds=60)
    SHOWN = 20  # games imported that the page shows

    status = models.CharField(max_length=7, choices=STATUSES, default=WAITING)
    # The group the games go into; only those who may change it see the job.
    group = models.ForeignKey(
        "accounts.Group", on_delete=models.CASCADE, related_name="import_jobs", null=True
    )
    file_name = models.CharField(max_length=255)  # as uploaded
    size = models.PositiveBigIntegerField()  # bytes
    games = models.PositiveIntegerField(default=0)  # imported, once done
    first_games = models.JSONField(default=list, blank=True)  # ids of the first SHOWN
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.file_name} ({self.status})"

    def get_absolute_url(self) -> str:
        return reverse("import_job", args=[self.pk])

    @property
    def upload_path(self) -> Path:
        return Path(settings.IMPORT_DIR) / f"{self.pk}.json"

    @property
    def progress_path(self) -> Path:
        return Path(settings.IMPORT_DIR) / f"{self.pk}.progress"

    @property
    def is_over(self) -> bool:
        return self.status in (self.DONE, self.FAILED)

    def keep_upload(self, upload) -> None:
        """The uploaded file, written where the import process finds it, a
        chunk at a time."""
        self.upload_path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with self.upload_path.open("wb") as out:
            for chunk in upload.chunks():
                out.write(chunk)

    def start(self) -> None:
        self.status = self.RUNNING
        self.save(update_fields=["status", "updated_at"])

    def report(self, games: int, bytes_read: int) -> None:
        """How far the import got: written whole, then renamed into place, so
        the page never reads half of it."""
        written = self.progress_path.with_suffix(".progress-new")
        written.write_text(f"{games} {bytes_read}")
        os.replace(written, self.progress_path)

    def progress(self) -> ImportProgress:
        try:
            games, bytes_read = map(int, self.progress_path.read_text().split())
        except (OSError, ValueError):
            return ImportProgress(0, 0)
        return ImportProgress(games, min(100, bytes_read * 100 // max(1, self.size)))

    def last_sign_of_life(self) -> datetime:
        try:
            beat = datetime.fromtimestamp(self.progress_path.stat().st_mtime, tz=UTC)
        except OSError:
            return self.updated_at
        return max(beat, self.updated_at)

    def finish(self, count: int, games: list[Game]) -> None:
        self.status, self.games = self.DONE, count
        self.first_games = [game.pk for game in games[: self.SHOWN]]
        self.save(update_fields=["status", "games", "first_games", "updated_at"])
        self.forget_files()

    def fail(self, message: str) -> None:
        self.status, self.error = self.FAILED, message
        self.save(update_fields=["status", "error", "updated_at"])
        self.forget_files()

    def give_up_if_silent(self) -> None:
        """A job whose process has stopped without a word is failed, so its
        page stops waiting: its transaction ended unfinished, so nothing was
        imported."""
        if not self.is_over and timezone.now() - self.last_sign_of_life() > self.SILENCE:
            self.fail(
                "Nothing was imported: the import stopped before it finished "
                "(the server may have restarted). Import the file again."
            )

    def forget_files(self) -> None:
        for path in (self.upload_path, self.progress_path):
            path.unlink(missing_ok=True)

    def games_shown(self) -> list[Game]:
        """The first games imported that are still there, in the file's order."""
        return list(
            Game.objects.filter(pk__in=self.first_games)
            .prefetch_related(models.Prefetch("seats", Seat.objects.select_related("player")))
            .order_by("pk")
        )
