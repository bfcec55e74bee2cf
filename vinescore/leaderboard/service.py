"""A group's ratings, from its history: its rated finished games in order played.

Ratings are kept with a digest of that history and a stamp one short query
reads (unmoved, nothing else is read). A game ended since is played onto them
on the next look, so the last hand's POST does no work for them; an edit,
deletion, restore or import of older games changes an earlier digest and they
are computed again from the start. Scores are never kept: hands are replayed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from hashlib import blake2b

from django.db import IntegrityError, transaction

from vinescore.ratings import PlayedGame, Ratings, from_sheet, rate
from vinescore.ratings.evidence import NOT_RATED
from vinescore.scoring import REGISTRY, Setup, replay
from vinescore.table.models import Game, Hand, Seat

from .models import GroupRatings

# Changed whenever the way ratings are computed changes: every group's kept
# ratings are then computed afresh.
METHOD = "openskill Plackett-Luce; vinescore ratings 1"
BATCH = 500  # games replayed at a time


def rated_games(group_id: int):
    return Game.objects.live().finished().filter(group_id=group_id).exclude(kind__in=NOT_RATED)


def history(group_id: int) -> list[tuple[int, int]]:
    """(pk, version) of the group's rated finished games, in the order played."""
    games = rated_games(group_id).order_by("created_at", "pk")
    return list(games.values_list("pk", "version"))


def stamp(group_id: int) -> str:
    """The history's state in one short query: every change moves a game's
    `updated_at`, and a game leaving changes the count."""
    count, latest = rated_games(group_id).stamp()
    method = blake2b(METHOD.encode(), digest_size=4).hexdigest()
    return f"{method}:{count}:{latest}"


def history_digests(rows: Sequence[tuple[int, int]]) -> list[str]:
    """The digest of each first n games of the history, n = 0 .. len(rows)."""
    digest = blake2b(METHOD.encode(), digest_size=16).hexdigest()
    out = [digest]
    for pk, version in rows:
        digest = blake2b(f"{digest}:{pk}:{version}".encode(), digest_size=16).hexdigest()
        out.append(digest)
    return out


def evidence(pks: Iterable[int]) -> list[PlayedGame]:
    """The evidence of these games, replayed from their stored facts, in the
    order given (games with nothing to rate left out). Read as plain rows, a
    batch at a time: thousands of model instances took longer than the
    replay."""
    pks = list(pks)
    found: dict[int, PlayedGame | None] = {}
    for first in range(0, len(pks), BATCH):
        batch = pks[first : first + BATCH]
        seated: dict[int, list[tuple[int, str]]] = defaultdict(list)
        seats = Seat.objects.filter(game__in=batch).order_by("game", "position")
        for game, player, name in seats.values_list("game", "player", "player__name"):
            seated[game].append((player, name))
        facts: dict[int, list[dict]] = defaultdict(list)
        hands = Hand.objects.filter(game__in=batch, deleted_at__isnull=True)
        for game, hand in hands.order_by("game", "position").values_list("game", "facts"):
            facts[game].append(hand)
        games = Game.objects.filter(pk__in=batch).values_list(
            "pk", "kind", "first_dealer", "options", "target", "stakes", "ended", "hand_limit"
        )
        for pk, kind, first_dealer, options, target, stakes, ended, hand_limit in games:
            if kind not in REGISTRY:
                continue
            rules = REGISTRY[kind]
            # As Game.setup() makes it, from the same columns.
            setup = Setup(
                names=tuple(name for _, name in seated[pk]),
                first_dealer=first_dealer,
                options=frozenset(options),
                target=target,
                stakes=stakes,
                ended=ended,
                hand_limit=hand_limit,
            )
            sheet = replay(rules, setup, facts[pk])
            found[pk] = from_sheet(rules, sheet, [p for p, _ in seated[pk]], key=pk)
    return [found[pk] for pk in pks if found.get(pk) is not None]


@dataclass
class Computed:
    ratings: Ratings
    history: str  # the digest of the history they are for
    games: int  # games in that history
    stamp: str  # the history's stamp, read before it
    moved: bool  # not the ratings kept


def compute(group_id: int, kept: GroupRatings | None = None) -> Computed:
    """The ratings now: played on from `kept` when the history still starts as it
    did, else from the start; an unmoved stamp is all that is read."""
    now = stamp(group_id)  # before the history: a change meanwhile moves it again
    if kept is not None and kept.stamp == now:
        return Computed(Ratings.from_dict(kept.ratings), kept.history, kept.games, now, False)
    rows = history(group_id)
    digests = history_digests(rows)
    if kept is not None and kept.games <= len(rows) and digests[kept.games] == kept.history:
        ratings = Ratings.from_dict(kept.ratings)
        if kept.games < len(rows):
            ratings = rate(evidence(pk for pk, _ in rows[kept.games :]), ratings)
    else:
        ratings = rate(evidence(pk for pk, _ in rows))
    return Computed(ratings, digests[-1], len(rows), now, moved=True)


def group_ratings(group_id: int) -> Ratings:
    """The group's ratings as its history stands, kept for the next look."""
    computed = compute(group_id, GroupRatings.objects.filter(group_id=group_id).first())
    if computed.moved:
        keep(group_id, computed)
    return computed.ratings


def rebuild(group_id: int) -> Computed:
    """The group's ratings computed from the start, and kept."""
    computed = compute(group_id)
    keep(group_id, computed)
    return computed


def keep(group_id: int, computed: Computed) -> None:
    # Two looks at once both compute and keep the same figures; a look that
    # kept an older history is played on from, or replaced, by the next.
    try:
        with transaction.atomic():
            GroupRatings.objects.update_or_create(
                group_id=group_id,
                defaults={
                    "history": computed.history,
                    "games": computed.games,
                    "stamp": computed.stamp,
                    "ratings": computed.ratings.as_dict(),
                },
            )
    except IntegrityError:
        pass  # another look created the row meanwhile
