"""Ratings played game by game: what players would expect of them."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from vinescore.ratings import Contest, PlayedGame, Ratings, rate
from vinescore.ratings.rating import PROVISIONAL


def by_places(family: str, *order, places=None) -> PlayedGame:
    """A game each for themselves, finished in this order (best first)."""
    sides = tuple(side if isinstance(side, tuple) else (side,) for side in order)
    return PlayedGame(family, (Contest(sides, places or tuple(range(1, len(sides) + 1))),))


def pairs(family: str, winners: tuple, losers: tuple) -> PlayedGame:
    return PlayedGame(family, (Contest((winners, losers), (1, 2)),))


def hands(family: str, seats: tuple, groups: list[tuple[set, bool]]) -> PlayedGame:
    """A game rated hand by hand: each hand's group (bidder and partner),
    and whether it made its bid."""
    contests = []
    for group, made in groups:
        ours, theirs = (1, 2) if made else (2, 1)
        contests.append(
            Contest(
                tuple((s,) for s in seats), tuple(ours if s in group else theirs for s in seats)
            )
        )
    return PlayedGame(family, tuple(contests))


@st.composite
def games_among(draw, players: list[int], family: str = "Coralon", most: int = 12):
    """Games of three or four of these players, in any finishing order."""
    out = []
    for _ in range(draw(st.integers(0, most))):
        seated = draw(st.permutations(players))[: draw(st.integers(3, min(4, len(players))))]
        if len(seated) == 4 and draw(st.booleans()):
            a, b, c, d = seated
            out.append(pairs(family, (a, c), (b, d)))
        else:
            out.append(by_places(family, *seated))
    return out


ANA, BEN = "Ana", "Ben"
OTHERS = [1, 2, 3, 4]
ELSEWHERE = [11, 12, 13, 14, 15]


@given(games_among(OTHERS))
def test_of_two_who_beat_each_other_once_the_later_winner_stands_higher(before):
    first = rate([*before, by_places("Coralon", ANA, BEN), by_places("Coralon", BEN, ANA)])
    assert first.standing("Coralon", BEN).rating > first.standing("Coralon", ANA).rating
    turned = rate([*before, by_places("Coralon", BEN, ANA), by_places("Coralon", ANA, BEN)])
    assert turned.standing("Coralon", ANA).rating > turned.standing("Coralon", BEN).rating


def test_the_same_games_in_another_order_give_other_ratings():
    games = [by_places("Thief", 1, 2, 3), by_places("Thief", 3, 1, 2), by_places("Thief", 2, 3, 1)]
    forward, backward = rate(games), rate(games[::-1])
    assert [forward.standing("Thief", p).mu for p in (1, 2, 3)] != [
        backward.standing("Thief", p).mu for p in (1, 2, 3)
    ]


@given(games_among(OTHERS), games_among(ELSEWHERE), st.randoms(use_true_random=False))
def test_games_by_other_players_do_not_change_yours(mine, theirs, random):
    """However the other table's games fall between ours, our ratings are
    exactly as if they had never been played."""
    own, other = iter(mine), iter(theirs)
    # Which table's game comes next, each table's own games in their order.
    flags = random.sample([True] * len(mine) + [False] * len(theirs), len(mine) + len(theirs))
    interleaved = [next(own) if ours else next(other) for ours in flags]
    alone, together = rate(mine), rate(interleaved)
    for player in OTHERS:
        assert together.standing("Coralon", player) == alone.standing("Coralon", player)


@given(games_among(OTHERS), games_among(OTHERS, family="Thief"))
def test_games_of_another_family_do_not_change_your_rating_in_this_one(coralon, thief):
    alone, together = rate(coralon), rate([*thief, *coralon])
    for player in OTHERS:
        assert together.standing("Coralon", player) == alone.standing("Coralon", player)


@given(games_among([1, 2, 3, 4, 5, 6]), st.permutations([1, 2, 3, 4, 5, 6]))
def test_a_teams_win_raises_both_partners(before, seats):
    a, b, c, d = seats[:4]
    ratings = rate(before)
    was = {p: ratings.standing("Coralon", p) for p in (a, b)}
    ratings.play(pairs("Coralon", (a, b), (c, d)))
    for partner in (a, b):
        now = ratings.standing("Coralon", partner)
        old = was[partner]
        assert now.mu > (old.mu if old else 25.0)
        assert now.rating > (old.rating if old else 0.0)


@given(games_among([1, 2, 3, 4, 5], family="Bishop"), st.permutations([1, 2, 3, 4, 5]))
def test_a_bid_made_together_raises_bidder_and_partner(before, seats):
    bidder, partner = seats[:2]
    ratings = rate(before)
    was = {p: ratings.standing("Bishop", p) for p in (bidder, partner)}
    ratings.play(hands("Bishop", tuple(seats), [({bidder, partner}, True)] * 3))
    for player in (bidder, partner):
        old = was[player]
        assert ratings.standing("Bishop", player).rating > (old.rating if old else 0.0)


def test_a_thirty_hand_session_counts_as_one_games_worth():
    seats = (1, 2, 3, 4, 5)
    one = rate([hands("Bishop", seats, [({1, 3}, True)])])
    thirty = rate([hands("Bishop", seats, [({1, 3}, True)] * 30)])
    for player in seats:
        short, long = one.standing("Bishop", player), thirty.standing("Bishop", player)
        assert abs(short.mu - long.mu) < 1e-9 and abs(short.sigma - long.sigma) < 1e-9
        assert long.games == 1
    # A session of mixed hands moves the bidders less than one all-made hand.
    mixed = rate([hands("Bishop", seats, [({1, 3}, True), ({1, 3}, False)] * 15)])
    assert mixed.standing("Bishop", 1).mu < one.standing("Bishop", 1).mu


def test_a_shared_win_is_a_tie():
    shared = rate([by_places("Coralon", 1, 2, 3, places=(1, 1, 3))])
    assert shared.standing("Coralon", 1).mu == shared.standing("Coralon", 2).mu
    assert shared.standing("Coralon", 2).mu > 25 > shared.standing("Coralon", 3).mu


def test_a_newcomer_with_two_wins_is_not_put_at_the_top():
    regulars = [1, 2, 3, 4]
    history = [by_places("Coralon", *regulars[i % 4 :], *regulars[: i % 4]) for i in range(40)]
    history += [by_places("Coralon", 1, 2, 3, 4)] * 5  # 1 is on form
    history += [by_places("Coralon", "new", 1, 2), by_places("Coralon", "new", 3, 4)]
    ratings = rate(history)
    board = [player for player, _ in ratings.leaderboard("Coralon")]
    assert board[0] == 1
    assert board.index("new") > 0
    new = ratings.standing("Coralon", "new")
    assert new.games == 2 and new.provisional


def test_a_rating_is_provisional_for_its_first_five_games_whoever_wins():
    ratings = Ratings()
    for _ in range(PROVISIONAL - 1):
        ratings.play(by_places("Coralon", 1, 2, 3, 4))
    winner, last = ratings.standing("Coralon", 1), ratings.standing("Coralon", 4)
    assert winner.provisional and last.provisional
    ratings.play(by_places("Coralon", 1, 2, 3, 4))
    assert PROVISIONAL == 5
    assert not ratings.standing("Coralon", 1).provisional
    assert not ratings.standing("Coralon", 4).provisional


def test_the_trend_is_the_last_ten_games_and_the_rating_before_them():
    ratings = rate([by_places("Coralon", 1, 2, 3)] * 14)
    trend = ratings.standing("Coralon", 1).trend
    assert len(trend) == 11 and trend == sorted(trend)
    assert trend[-1] == ratings.standing("Coralon", 1).rating
    assert len(rate([by_places("Coralon", 1, 2)]).standing("Coralon", 1).trend) == 2


def test_ratings_kept_as_json_read_back_the_same():
    ratings = rate([pairs("Thief", (1, 3), (2, 4)), by_places("Mü", 4, 3, 2, 1)])
    again = Ratings.from_dict(json.loads(json.dumps(ratings.as_dict())))
    assert again == ratings
    again.play(by_places("Mü", 1, 2))
    ratings.play(by_places("Mü", 1, 2))
    assert again == ratings


def test_the_rating_is_openskills_ordinal():
    from vinescore.ratings.rating import MODEL

    standing = rate([by_places("Coralon", 1, 2, 3)]).standing("Coralon", 1)
    assert standing.rating == MODEL.rating(mu=standing.mu, sigma=standing.sigma).ordinal()
