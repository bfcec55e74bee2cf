"""A group's what-if: its latest finished games of one kind replayed under
other house rules, and who would have won them.

Replaying a long history takes seconds, so it is done once per question and
history: the games and their hands are read first, the replay is pure Python
on what was read, and its summary is kept in Django's cache under the
history's stamp and the question. One group works out one at a time; anyone
else asking meanwhile is told it is being worked out.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from hashlib import blake2b

from django.core.cache import cache
from django.utils.translation import gettext

from vinescore.scoring import GameRules, Setup
from vinescore.scoring.whatif import HouseRules, what_if
from vinescore.scoring.words import one_language
from vinescore.table.models import Game, Hand, Seat

GROUP_GAMES = 200  # a group's what-if rescores its latest finished games of the kind
# How long a group's replay may be taken as under way: past it (a worker
# that died mid-way), the next asker works it out.
WORKING_SECONDS = 60
HANDS_AT_A_TIME = 2000


@dataclass(frozen=True)
class Played:
    """One finished game, as the replay needs it."""

    pk: int
    created_at: datetime
    setup: Setup
    won: frozenset[int]  # the seats that won it, as its sheet keeps them


@dataclass(frozen=True)
class Finished:
    """The latest finished games of one kind in a group, newest first."""

    games: list[Played]
    more: bool  # there are older ones, left out
    stamp: str  # names these games as they are now: every change moves a version

    @property
    def counts(self) -> set[int]:
        return {len(game.setup.names) for game in self.games}


def finished_games(group_id: int, kind: str) -> Finished:
    """The group's latest finished games of `kind`, their seats and stamp: two
    short queries, made on every asking (a kept summary is found by them)."""
    found = (
        Game.objects.live()
        .finished()
        .filter(group_id=group_id, kind=kind)
        .newest_first()
        .values_list(
            "pk",
            "version",
            "created_at",
            "first_dealer",
            "options",
            "target",
            "stakes",
            "ended",
            "hand_limit",
        )
    )
    rows = list(found[: GROUP_GAMES + 1])
    more = len(rows) > GROUP_GAMES
    rows = rows[:GROUP_GAMES]
    names: dict[int, list[str]] = defaultdict(list)
    won: dict[int, set[int]] = defaultdict(set)
    seats = Seat.objects.filter(game__in=[row[0] for row in rows]).order_by("game", "position")
    for game, name, seat_won in seats.values_list("game", "player__name", "won"):
        if seat_won:
            won[game].add(len(names[game]))
        names[game].append(name)
    games = [
        Played(
            pk,
            created_at,
            # As Game.setup() makes it, from the same columns.
            Setup(
                names=tuple(names[pk]),
                first_dealer=first_dealer,
                options=frozenset(options),
                target=target,
                stakes=stakes,
                ended=ended,
                hand_limit=hand_limit,
            ),
            frozenset(won[pk]),
        )
        for pk, _, created_at, first_dealer, options, target, stakes, ended, hand_limit in rows
    ]
    versions = [(row[0], row[1]) for row in rows]
    stamp = blake2b(repr((versions, more)).encode(), digest_size=16).hexdigest()
    return Finished(games, more, stamp)


def game_hands(pks: list[int]) -> dict[int, list[dict]]:
    """Each game's hands in play, in order, in one query."""
    hands: dict[int, list[dict]] = defaultdict(list)
    live = Hand.objects.filter(game__in=pks, deleted_at__isnull=True).order_by("game", "position")
    for game_id, facts in live.values_list("game", "facts").iterator(HANDS_AT_A_TIME):
        hands[game_id].append(facts)
    return hands


@dataclass
class GroupWhatIf:
    """What a group's games would have come to. Names, not sentences: it is
    kept for every language, and words are made as it is shown."""

    games: int = 0
    # game (pk, date), winners as played, winners in the what-if (sides' names)
    changed: list[tuple[int, datetime, tuple[str, ...], tuple[str, ...]]] = field(
        default_factory=list
    )
    undecided: int = 0  # games nobody would have won yet
    left_out: int = 0  # hands left out (before each game's end)
    wins: dict[str, tuple[int, int]] = field(default_factory=dict)  # player: (was, now)

    @property
    def another_winner(self) -> int:
        """Games someone else would have won (not counting those nobody would have yet)."""
        return sum(1 for *_, now in self.changed if now)

    @property
    def changed_lines(self) -> list[tuple[int, datetime, str, str]]:
        """Each changed game with its winners in words: "Ana and Ben" (a shared win)."""
        said = gettext(" and ").join
        return [(pk, at, said(was), said(now)) for pk, at, was, now in self.changed]

    @property
    def wins_lines(self) -> list[tuple[str, int, int]]:
        return sorted(
            ((name, was, now) for name, (was, now) in self.wins.items()),
            key=lambda line: (-line[2], -line[1], line[0]),
        )


def group_what_if(
    rules: GameRules, games: list[Played], hands: dict[int, list[dict]], house: HouseRules
) -> GroupWhatIf:
    """The games under `house`, beside what happened: each replayed once, what
    happened read from what its sheet kept (the seats that won)."""
    out = GroupWhatIf(games=len(games))
    was_wins: Counter[str] = Counter()
    now_wins: Counter[str] = Counter()
    names: set[str] = set()
    with one_language():
        for game in games:
            result = what_if(rules, game.setup, hands.get(game.pk, []), house)
            players = game.setup.names
            names.update(players)
            side_names = result.rules.side_names(players)
            was = sorted({rules.side_of(seat) for seat in game.won})
            now = sorted(result.sheet.winning_sides)
            was_wins.update(players[seat] for seat in game.won)
            now_wins.update(p for seat, p in enumerate(players) if rules.side_of(seat) in now)
            if result.sheet.winner is None:
                out.undecided += 1
            if was != now:
                out.changed.append(
                    (
                        game.pk,
                        game.created_at,
                        tuple(side_names[s] for s in was),
                        tuple(side_names[s] for s in now),
                    )
                )
            out.left_out += len(result.left_out)
    out.wins = {name: (was_wins[name], now_wins[name]) for name in names}
    return out


def working_key(group_id: int) -> str:
    """Held while one of the group's what-ifs is being worked out."""
    return f"what-if-working:{group_id}"


def summary(
    group_id: int, rules: GameRules, finished: Finished, house: HouseRules, asked: dict
) -> GroupWhatIf | None:
    """The group's games under `house` (`asked`: the form's cleaned data, which
    names the question), kept for this history; None while another asker of
    the group has it being worked out."""
    question = (group_id, rules.key, finished.stamp, sorted(asked.items()))
    key = "what-if:" + blake2b(repr(question).encode(), digest_size=16).hexdigest()

    def work() -> GroupWhatIf:
        hands = game_hands([game.pk for game in finished.games])  # read, then replayed
        return group_what_if(rules, finished.games, hands, house)

    return kept_or_worked_out(key, working_key(group_id), work)


def kept_or_worked_out(key: str, working: str, work: Callable[[], object]):
    """What work() returns, kept under `key`; worked out here unless another
    request holds `working`, when None says it is under way there."""
    found = cache.get(key)
    if found is not None:
        return found
    took = cache.add(working, True, WORKING_SECONDS)
    if not took:
        found = cache.get(key)  # finished meanwhile
        if found is not None:
            return found
        if cache.get(working) is not None:
            return None
        # The cache could not hold the mark (a shared cache out of reach):
        # worked out here, as every page is then.
    try:
        found = work()
        cache.set(key, found)
    finally:
        if took:
            cache.delete(working)
    return found
