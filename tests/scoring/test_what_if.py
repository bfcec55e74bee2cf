"""What the same hands would have scored under other house rules."""

from hypothesis import given
from hypothesis import strategies as st

from tests.scoring.test_baronet import baronet_hands
from tests.scoring.test_bishop import FIVE, bishop_hands
from tests.scoring.test_chevalier import chevalier_hands
from tests.scoring.test_ducks import cutthroat_games, partner_games
from tests.scoring.test_mu import played_hands as mu_hands
from tests.scoring.test_thief import thief_games
from vinescore.scoring import REGISTRY, HandInvalid, Setup, replay
from vinescore.scoring.whatif import HouseRules, settled_options, variants, what_if

CORALON = REGISTRY["coralon"]
DG = REGISTRY["ducks-and-geese"]
FOUR = ("Ana", "Ben", "Cy", "Dee")
ZERO_BIDS = Setup(FOUR, options=frozenset({"zero"}), target=40)

# Coralon, four players to 40, zero bids on; hand 3 is Ana's made zero
# (the 13 tricks of the hand are hers). Ana reaches 41 on hand 7.
HANDS = [
    {"bidder": 0, "bid": 13, "tricks": [13, 0, 0, 0]},  # Ana exact: 13
    {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]},  # Ben exact: 13
    {"bidder": 0, "bid": "zero", "tricks": [0, 5, 4, 4]},  # Ana's zero: 13
    {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]},  # Ben exact: 26
    {"bidder": 0, "bid": 13, "tricks": [13, 0, 0, 0]},  # Ana exact: 39
    {"bidder": 1, "bid": 8, "tricks": [2, 8, 2, 1]},  # Ben exact: 34
    {"bidder": 0, "bid": 2, "tricks": [2, 5, 3, 3]},  # Ana exact: 41, and wins
    {"bidder": 1, "bid": 6, "tricks": [3, 6, 2, 2]},  # Ben exact: 40
]


def played(rules, setup, hands):
    return [rules.clean(h, setup.table(i)) for i, h in enumerate(hands)]


def as_the_table_stopped(rules, setup, hands):
    """The hands up to the one that won the game: a table stops there."""
    decided = replay(rules, setup, hands).decided_at
    return hands[:decided] if decided else hands


# Coralon, four players to 30. Cy passes 20 on hand 6 (21, with Ben 16,
# Dee 9, Ana 3) and reaches 30 on hand 8 (30, 16, 13, 3).
TO_30 = Setup(FOUR, target=30)
CY_TO_30 = [
    {"bidder": 1, "bid": 8, "tricks": [2, 8, 2, 1]},  # Ben exact: 0 8 0 0
    {"bidder": 2, "bid": 6, "tricks": [1, 2, 7, 3]},  # Cy over: 1 10 7 3
    {"bidder": 3, "bid": 6, "tricks": [3, 2, 2, 6]},  # Dee exact: 1 10 7 9
    {"bidder": 0, "bid": 5, "tricks": [2, 4, 7, 0]},  # Ana short: 1 14 14 9
    {"bidder": 3, "bid": 8, "tricks": [2, 2, 2, 7]},  # Dee short: 3 16 16 9
    {"bidder": 2, "bid": 5, "tricks": [3, 3, 5, 2]},  # Cy exact: 3 16 21 9
    {"bidder": 3, "bid": 4, "tricks": [3, 3, 3, 4]},  # Dee exact: 3 16 21 13
    {"bidder": 2, "bid": 9, "tricks": [1, 2, 9, 1]},  # Cy exact: 3 16 30 13, and wins
]


def test_what_if_the_target_had_been_20_cy_wins_with_21_after_hand_6():
    hands = played(CORALON, TO_30, CY_TO_30)
    real = replay(CORALON, TO_30, hands)
    assert (real.winner_words, real.decided_at, real.totals) == ("Cy", 8, (3, 16, 30, 13))

    result = what_if(CORALON, TO_30, hands, HouseRules(target=20))
    assert result.sheet.winner_words == "Cy" and result.sheet.winner.reason == ("first to reach 20")
    assert result.decided_after == 6 and result.after_the_win == 2
    # Ana 3, Ben 16, Cy 21, Dee 9: the last two hands are not scored.
    assert result.sheet.totals == (3, 16, 21, 9)
    assert len(result.sheet.rows) == 6
    places = [(p.place, result.sheet.side_names[p.side], p.total) for p in result.sheet.standings()]
    assert places == [(1, "Cy", 21), (2, "Ben", 16), (3, "Dee", 9), (4, "Ana", 3)]


def test_a_hand_after_the_win_is_not_left_out_it_would_not_have_been_played():
    # Ana's zero in hand 3 comes after Ana's 13 and Ben's 13: to 13 it is over.
    hands = played(CORALON, ZERO_BIDS, HANDS)
    result = what_if(CORALON, ZERO_BIDS, hands, HouseRules(options={"zero": False}, target=13))
    assert result.sheet.winner_words == "Ana" and result.decided_after == 1
    assert result.left_out == [] and result.after_the_win == 7


def test_a_coin_session_with_other_stakes_keeps_every_hand():
    baronet = REGISTRY["baronet"]
    setup = Setup(FIVE[:4], stakes=100, ended=True)
    made = {"bidder": 0, "bid": 6, "partner": 2, "points": 7, "block": "war", "trump": "Cups"}
    hands = played(baronet, setup, [made] * 3)
    result = what_if(baronet, setup, hands, HouseRules(stakes=50))
    assert len(result.sheet.rows) == 3 and result.after_the_win == 0
    assert result.sheet.decided_at == 3 and result.decided_after == 3


def test_with_zero_bids_off_anas_zero_is_left_out_and_named_and_ben_wins_instead():
    hands = played(CORALON, ZERO_BIDS, HANDS)
    real = replay(CORALON, ZERO_BIDS, hands)
    assert real.winner_words == "Ana" and real.decided_at == 7

    result = what_if(CORALON, ZERO_BIDS, hands, HouseRules(options={"zero": False}))
    assert [(out.number, out.why) for out in result.left_out] == [
        (3, "It needs “Zero bids”, which this what-if turns off.")
    ]
    assert result.numbers == [1, 2, 4, 5, 6, 7, 8]
    assert result.sheet.totals == (28, 40, 0, 0)
    assert result.sheet.winner_words == "Ben" and result.decided_after == 8


def test_a_left_out_hand_does_not_move_the_deal_of_the_hands_after_it():
    hands = played(CORALON, ZERO_BIDS, HANDS)
    result = what_if(CORALON, ZERO_BIDS, hands, HouseRules(options={"zero": False}))
    assert [row.dealer for row in result.sheet.rows] == [0, 1, 3, 0, 1, 2, 3]


def test_a_lower_target_ends_the_game_sooner_and_says_after_which_hand():
    hands = played(CORALON, ZERO_BIDS, HANDS)
    result = what_if(CORALON, ZERO_BIDS, hands, HouseRules(target=26))
    assert result.sheet.winner_words == "Ana"
    assert result.decided_after == 3 and result.after_the_win == 5


def test_double_zero_goes_when_zero_bids_are_turned_off():
    assert settled_options(DG, 4, {"zero", "double_zero", "blind"}) == {
        "zero",
        "double_zero",
        "blind",
    }
    assert settled_options(DG, 4, {"double_zero", "blind"}) == {"blind"}


def test_mu_dealer_out_only_fits_six_players():
    mu = REGISTRY["mu"]
    assert settled_options(mu, 5, {"dealer_sits_out"}) == frozenset()
    assert settled_options(mu, 6, {"dealer_sits_out"}) == {"dealer_sits_out"}


def test_dog_replays_ducks_and_geese_hands_but_cutthroat_cannot():
    same, other = variants(DG, 4, REGISTRY)
    assert [g.key for g in same] == ["dog"]
    assert [g.key for g in other] == ["ducks-and-geese-cutthroat"]


def test_a_ducks_and_geese_bid_too_big_for_dog_is_left_out_with_dogs_reason():
    setup = Setup(FOUR, target=30)
    hands = played(
        DG,
        setup,
        [
            {"forfeit": False, "bidder": 0, "bid": 15, "bidders_points": 15, "others_cards": 0},
            {"forfeit": False, "bidder": 1, "bid": 5, "bidders_points": 6, "others_cards": 2},
        ],
    )
    result = what_if(DG, setup, hands, HouseRules(rules=REGISTRY["dog"]))
    assert [out.number for out in result.left_out] == [1]
    assert "15 is not one of the choices" in result.left_out[0].why
    assert result.sheet.totals == (2, 5)


@st.composite
def coralon_games(draw):
    options = draw(st.sampled_from([(), ("zero",), ("zero", "less"), ("zero", "zero_after_zero")]))
    setup = Setup(FOUR, draw(st.integers(0, 3)), frozenset(options), draw(st.integers(10, 60)))
    hands = []
    for i in range(draw(st.integers(0, 20))):
        cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
        tricks = [b - a for a, b in zip([0, *cuts], [*cuts, 13], strict=True)]
        bids = list(range(2, 14)) + (["zero"] if "zero" in options else [])
        facts = {"bidder": draw(st.integers(0, 3)), "bid": draw(st.sampled_from(bids))}
        hands.append(CORALON.clean({**facts, "tricks": tricks}, setup.table(i)))
    return CORALON, setup, hands


def same_outcome(result, real):
    assert result.left_out == []
    assert result.sheet.totals == real.totals
    assert result.sheet.winner == real.winner
    assert result.sheet.decided_at == real.decided_at
    assert result.sheet.standings() == real.standings()
    assert [r.result for r in result.sheet.rows] == [r.result for r in real.rows]


@given(coralon_games())
def test_a_what_if_under_the_games_own_rules_is_what_happened_in_coralon(game):
    rules, setup, hands = game
    hands = as_the_table_stopped(rules, setup, hands)
    same_outcome(what_if(rules, setup, hands, HouseRules()), replay(rules, setup, hands))


@given(partner_games())
def test_a_what_if_under_the_games_own_rules_is_what_happened_in_ducks_and_geese(game):
    rules, setup, hands = game
    hands = as_the_table_stopped(rules, setup, played(rules, setup, hands))
    same = HouseRules(options={o: True for o in setup.options}, target=setup.target)
    same_outcome(what_if(rules, setup, hands, same), replay(rules, setup, hands))


@given(coralon_games())
def test_zero_bids_off_leaves_out_exactly_the_zero_hands_and_scores_the_rest_as_played(game):
    rules, setup, hands = game
    result = what_if(rules, setup, hands, HouseRules(options={"zero": False}))
    looked_at = len(hands) - result.after_the_win  # the rest come after the win
    zeros = [i + 1 for i, h in enumerate(hands[:looked_at]) if h["bid"] in ("zero", "less")]
    assert [out.number for out in result.left_out] == zeros
    real = replay(rules, setup, hands)
    kept = [r.result.awards for r in real.rows[:looked_at] if r.number not in zeros]
    assert [r.result.awards for r in result.sheet.rows] == kept


@st.composite
def other_games(draw):
    """Thief, Bishop, Baronet (an ended coin session), Chevalier, Mü and
    cutthroat Ducks and Geese, their hands as each game's own tests draw them
    (any its rules refuse left out)."""
    game = draw(st.sampled_from(["thief", "bishop", "baronet", "chevalier", "mu", "cutthroat"]))
    if game == "thief":
        setup, hands = draw(thief_games())
        rules = REGISTRY["thief"]
    elif game == "cutthroat":
        setup, hands = draw(cutthroat_games())
        rules = REGISTRY["ducks-and-geese-cutthroat"]
    else:
        rules = REGISTRY[game]
        players = draw(st.sampled_from([n for n in rules.player_counts if n < 6]))
        names = FIVE[:players]
        one = {
            "bishop": lambda: bishop_hands(players),
            "baronet": lambda: baronet_hands(players),
            "chevalier": chevalier_hands,
            "mu": lambda: mu_hands(players),
        }[game]
        hands = draw(st.lists(one(), max_size=12))
        setup = Setup(
            names,
            draw(st.integers(0, players - 1)),
            target=rules.default_target(players),
            stakes=rules.default_stakes(players),
            ended=rules.coins and draw(st.booleans()),
        )
    kept = []
    for facts in hands:
        try:
            kept.append(rules.clean(facts, setup.table(len(kept))))
        except HandInvalid:
            continue
    return rules, setup, kept


@given(other_games())
def test_a_what_if_under_the_games_own_rules_is_what_happened_in_the_other_games(game):
    rules, setup, hands = game
    hands = as_the_table_stopped(rules, setup, hands)
    same_outcome(what_if(rules, setup, hands, HouseRules()), replay(rules, setup, hands))
    assert what_if(rules, setup, hands, HouseRules()).sheet.settle_up == (
        replay(rules, setup, hands).settle_up
    )


@st.composite
def any_game_and_house_rules(draw):
    """A game of any of these kinds, and a what-if of any of its house rules
    on or off, another game of its family, another target or stakes."""
    source = draw(st.sampled_from([coralon_games(), partner_games(), other_games(), six_mu()]))
    rules, setup, hands = draw(source)
    options = {o.name: draw(st.booleans()) for o in rules.options if draw(st.booleans())}
    same, _ = variants(rules, len(setup.names), REGISTRY)
    house = HouseRules(
        rules=draw(st.none() | st.sampled_from(same)) if same else None,
        options=options,
        target=draw(st.none() | st.integers(1, 200)),
        stakes=draw(st.none() | st.integers(1, 200)) if rules.coins else None,
    )
    return rules, setup, hands, house


@st.composite
def six_mu(draw):
    rules = REGISTRY["mu"]
    options = frozenset(draw(st.sampled_from([(), ("dealer_sits_out",)])))
    setup = Setup(FIVE + ("Fay",), draw(st.integers(0, 5)), options, 200)
    kept = []
    for facts in draw(st.lists(mu_hands(6), max_size=8)):
        try:
            kept.append(rules.clean(facts, setup.table(len(kept))))
        except HandInvalid:
            continue
    return rules, setup, kept


@given(any_game_and_house_rules())
def test_every_hand_of_a_what_if_is_scored_left_out_with_why_or_after_the_win(game):
    rules, setup, hands, house = game
    result = what_if(rules, setup, hands, house)
    scored = list(result.numbers)
    left = [out.number for out in result.left_out]
    looked_at = len(hands) - result.after_the_win
    assert sorted(scored + left) == list(range(1, looked_at + 1))
    if result.after_the_win:  # it stopped at the hand that won it
        assert result.decided_after == looked_at == scored[-1]
        assert result.sheet.decided_at == len(result.sheet.rows)
    assert all(out.why.strip() for out in result.left_out)
    assert len(result.sheet.rows) == len(scored)
    for side, total in enumerate(result.sheet.totals):
        start = result.sheet.starting[side]
        assert total == start + sum(row.result.awards[side] for row in result.sheet.rows)


def test_a_blind_bid_cannot_be_played_with_blind_bids_off_but_a_no_to_blind_can():
    setup = Setup(FOUR, options=frozenset({"blind"}), target=30)
    hands = played(
        DG,
        setup,
        [
            {
                "forfeit": False,
                "bidder": 0,
                "bid": 5,
                "blind": True,
                "bidders_points": 6,
                "others_cards": 2,
            },
            {
                "forfeit": False,
                "bidder": 1,
                "bid": 5,
                "blind": False,
                "bidders_points": 6,
                "others_cards": 2,
            },
        ],
    )
    result = what_if(DG, setup, hands, HouseRules(options={"blind": False}))
    assert [(out.number, out.why) for out in result.left_out] == [
        (1, "It needs “Blind bids”, which this what-if turns off.")
    ]
    assert result.sheet.totals == (2, 5)


@st.composite
def any_game_and_another_end(draw):
    """A game of any of these kinds, its hands as stored (some perhaps past
    the end), and another target (or, for coins, other stakes)."""
    source = draw(st.sampled_from([coralon_games(), partner_games(), other_games(), six_mu()]))
    rules, setup, hands = draw(source)
    target = draw(st.none() | st.integers(1, 200))
    stakes = draw(st.none() | st.integers(1, 200)) if rules.coins else None
    return rules, setup, hands, HouseRules(target=target, stakes=stakes)


@given(any_game_and_another_end())
def test_a_what_ifs_totals_are_those_of_the_sheet_cut_at_its_deciding_hand(game):
    rules, setup, hands, house = game
    result = what_if(rules, setup, hands, house)
    # The same hands replayed to the end under that target or those stakes.
    whole = replay(rules, house.apply(rules, setup)[1], hands)
    cut = whole.decided_at or len(whole.rows)
    assert result.sheet.winner == whole.winner and result.sheet.decided_at == whole.decided_at
    assert [r.result for r in result.sheet.rows] == [r.result for r in whole.rows[:cut]]
    assert result.sheet.totals == (whole.rows[cut - 1].totals if cut else whole.starting)
    assert result.sheet.standings() == whole.standings()
    assert result.after_the_win == len(hands) - cut
