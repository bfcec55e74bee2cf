"""A round of a fixed number of hands ("8 hands a round"): every table ends
together, the highest total winning, level totals settled as at the target."""

from hypothesis import given
from hypothesis import strategies as st

from tests.scoring.test_sheet import games as random_games
from vinescore.scoring import REGISTRY, Setup, replay, tail

CORALON = REGISTRY["coralon"]
BARONET = REGISTRY["baronet"]
PAD = REGISTRY["pad"]
FOUR = ("Ana", "Ben", "Cy", "Dee")
FIVE = ("Ana", "Ben", "Cy", "Dee", "Eve")


def exact(bidder: int, bid: int) -> dict:
    """A Coralon hand the bidder made exactly: only they score the bid."""
    tricks = [0, 0, 0, 0]
    tricks[bidder] = bid
    tricks[(bidder + 1) % 4] = 13 - bid
    return {"bidder": bidder, "bid": bid, "tricks": tricks}


def test_after_hand_8_the_leader_wins_though_nobody_reached_the_target():
    # Ben makes 6, 5, 4, 4, 4, 4, 4 across eight hands; Ana makes 8 once.
    hands = [exact(1, 6), exact(1, 5), exact(0, 8), *[exact(1, 4)] * 4, exact(1, 8)]
    sheet = replay(CORALON, Setup(FOUR, target=40, hand_limit=8), hands[:7])
    assert sheet.winner is None and sheet.totals == (8, 27, 0, 0)
    sheet = replay(CORALON, Setup(FOUR, target=40, hand_limit=8), hands)
    assert sheet.totals == (8, 35, 0, 0)
    assert sheet.winner_words == "Ben" and sheet.decided_at == 8
    assert sheet.winner.reason == "highest total after 8 hands"
    assert sheet.at_limit
    assert [(p.place, p.total) for p in sheet.standings()] == [(1, 35), (2, 8), (3, 0), (3, 0)]


def test_a_tie_at_the_top_after_the_last_hand_is_settled_as_at_the_target():
    # Ana and Ben level on 9 after hand 4; Ben bid the last hand: the bidder wins ties.
    hands = [exact(0, 5), exact(1, 5), exact(0, 4), exact(1, 4)]
    sheet = replay(CORALON, Setup(FOUR, target=40, hand_limit=4), hands)
    assert sheet.totals == (9, 9, 0, 0)
    assert sheet.winner_words == "Ben"
    assert sheet.winner.reason == "level on 9 after 4 hands; the bidder wins ties"
    ana = sheet.standings()[1]
    assert (ana.place, ana.note) == (2, "level with Ben; the bidder wins ties")


def test_a_target_reached_before_the_last_hand_still_ends_the_game_there():
    hands = [exact(1, 13)] * 4
    sheet = replay(CORALON, Setup(FOUR, target=40, hand_limit=8), hands)
    assert sheet.decided_at == 4 and sheet.winner.reason == "first to reach 40"
    assert not sheet.at_limit


def test_a_coin_session_of_a_fixed_number_of_hands_ends_with_the_most_coins():
    first = {"bidder": 0, "partner": 2, "bid": 6, "points": 7}
    second = {"bidder": 1, "partner": 3, "bid": 2, "points": 0}
    setup = Setup(FIVE, stakes=100, hand_limit=2)
    sheet = replay(BARONET, setup, [BARONET.clean(first, setup.table(0))])
    assert sheet.winner is None
    hands = [BARONET.clean(first, setup.table(0)), BARONET.clean(second, setup.table(1))]
    sheet = replay(BARONET, setup, hands)
    assert sheet.winner_words == "Ana" and sheet.winner.reason == "most coins after 2 hands"
    assert sheet.settle_up is not None


def test_a_coin_session_level_on_the_most_coins_at_the_limit_is_a_shared_win():
    setup = Setup(FIVE, stakes=100, hand_limit=2)
    hands = [
        BARONET.clean({"bidder": 0, "partner": 2, "bid": 6, "points": 10}, setup.table(0)),
        BARONET.clean({"bidder": 1, "partner": 3, "bid": 6, "points": 10}, setup.table(1)),
    ]
    sheet = replay(BARONET, setup, hands)
    assert sheet.winner_words == "Ana and Ben"
    assert sheet.winner.reason == "level on the most coins after 2 hands: a shared win"


def test_a_score_pad_of_three_rounds_is_shared_by_players_level_on_the_best_score():
    rounds = [{"points": [5, 3, 1]}, {"points": [0, 2, 9]}, {"points": [1, 1, 0]}]
    sheet = replay(PAD, Setup(("Ana", "Ben", "Cy"), hand_limit=3), rounds)
    assert sheet.totals == (6, 6, 10)
    assert sheet.winner_words == "Cy" and sheet.winner.reason == "highest score; after 3 rounds"
    low = replay(
        PAD, Setup(("Ana", "Ben", "Cy"), options=frozenset({"low_wins"}), hand_limit=3), rounds
    )
    assert low.winner_words == "Ana and Ben"


def test_one_hand_more_on_a_sheet_of_the_last_hands_reaches_the_limit_as_the_whole_game():
    hands = [exact(0, 5), exact(1, 6), exact(0, 4)]
    setup = Setup(FOUR, target=40, hand_limit=3)
    whole = replay(CORALON, setup, hands)
    last = tail(CORALON, setup, hands[1:2], (5, 0, 0, 0), 1).extended(hands[2])
    assert (last.winner, last.decided_at) == (whole.winner, whole.decided_at) == (whole.winner, 3)


@given(random_games(), st.integers(1, 12), st.sampled_from([None, 25, 40]))
def test_a_game_with_a_hand_limit_is_won_by_its_last_hand_at_the_latest(hands, limit, target):
    sheet = replay(CORALON, Setup(FOUR, target=target, hand_limit=limit), hands)
    if len(hands) >= limit:
        assert sheet.winner is not None and sheet.decided_at <= limit
    # Once won, the hands that count are at most the limit.
    if sheet.winner is not None:
        assert sheet.decided_at <= limit
        played = sheet.rows[: sheet.decided_at]
        assert len(played) <= limit
        top = max(played[-1].totals)
        assert played[-1].totals[sheet.winner.side] == top or not sheet.at_limit
    for side in range(4):
        assert sheet.totals[side] == sum(row.result.awards[side] for row in sheet.rows)
