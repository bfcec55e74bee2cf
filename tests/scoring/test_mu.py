"""Mü: card points for everyone, a bonus for the Chief's side or a price per card overbid."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vinescore.scoring.base import HandInvalid, HandResult, Table
from vinescore.scoring.games.mu import Mu, bonus, reached, target
from vinescore.scoring.sheet import Setup, replay

SIX = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay")
FIVE = SIX[:5]
FOUR = SIX[:4]
THREE = SIX[:3]
RULES = Mu()


def hand(chief=1, bid=6, vice=None, partner=0, trump="other_number", points=None):
    facts = {
        "tie": False,
        "chief": chief,
        "bid": bid,
        "vice": vice,
        "trump": trump,
        "points": points if points is not None else [20, 21, 9, 5, 5],
    }
    if partner is not None:
        facts["partner"] = partner
    return facts


def tie(tied=(0, 2), last=2, shown=3):
    return {"tie": True, "tied": list(tied), "tied_last": last, "shown": shown}


def play(facts, names=FIVE, **table):
    t = Table(names, **table)
    return RULES.score(RULES.clean(facts, t), t)


def refused(facts, names=FIVE) -> dict[str, str]:
    with pytest.raises(HandInvalid) as caught:
        RULES.clean(facts, Table(names))
    return caught.value.errors


# --- the table ------------------------------------------------------------


def test_table_setup_follows_the_classic_edition():
    assert RULES.key == "mu" and RULES.name == "Mü" and RULES.family == ""
    assert RULES.player_counts == (3, 4, 5, 6)
    assert not RULES.partnership
    assert [RULES.hand_size(n) for n in (3, 4, 5, 6)] == [12, 15, 12, 10]
    assert {RULES.default_target(n) for n in (3, 4, 5, 6)} == {200}


@pytest.mark.parametrize(
    ("players", "table"),
    [
        (3, {1: 12, 6: 22, 12: 34}),
        (4, {1: 30, 6: 40, 15: 58}),
        (5, {1: 24, 6: 39, 12: 57}),
        (6, {1: 20, 6: 40, 10: 56}),
    ],
)
def test_target_table_by_player_count(players, table):
    for bid, needed in table.items():
        assert target(players, bid) == needed


def test_largest_bid_is_the_cards_in_a_hand():
    for names, top in ((THREE, 12), (FOUR, 15), (FIVE, 12), (SIX, 10)):
        fields = {f.name: f for f in RULES.fields(Table(names))}
        assert (fields["bid"].min, fields["bid"].max) == (1, top)
        assert (fields["shown"].min, fields["shown"].max) == (1, top)


def test_fields_and_what_they_apply_to():
    fields = {f.name: f for f in RULES.fields(Table(FIVE))}
    assert list(fields) == [
        "passed",
        "tie",
        "tied",
        "tied_last",
        "shown",
        "chief",
        "bid",
        "vice",
        "partner",
        "trump",
        "points",
    ]
    assert fields["vice"].optional and fields["vice"].none_label == "No Vice"
    assert not fields["partner"].optional
    assert fields["points"].total == 60
    assert [c for c, _ in fields["trump"].choices] == [
        "colour",
        "one_or_seven",
        "other_number",
        "none",
    ]
    played = {"passed": False, "tie": False}
    assert {n for n, f in fields.items() if f.applies(played)} == set(fields) - {
        "tied",
        "tied_last",
        "shown",
    }
    assert {n for n, f in fields.items() if f.applies({"passed": False, "tie": True})} == {
        "passed",
        "tie",
        "tied",
        "tied_last",
        "shown",
    }


# --- made bids ------------------------------------------------------------


def test_made_bid_worked_example_from_the_brief():
    # 5 players, bid 6 needs 21 + 18 = 39; Ben (Chief) 21 + Ana (partner) 20 = 41.
    result = play(hand(chief=1, partner=0, bid=6, trump="other_number"))
    assert result.awards == (20 + 80, 21 + 80, 9, 5, 5)
    assert result.explanation.startswith(
        "Chief Ben bid 6 with 5 players, needing 39; Ben and Ana took 41: bonus 80 each"
    )
    assert "plus 20 for another number as trump" in result.explanation
    assert result.rule == "made" and result.made is True
    assert (result.bidder, result.partner, result.bid) == (1, 0, 6)


@pytest.mark.parametrize(
    ("trump", "prize"),
    [("colour", 60), ("one_or_seven", 70), ("other_number", 80), ("none", 90)],
)
def test_made_bid_bonus_for_each_kind_of_trump(trump, prize):
    result = play(hand(bid=6, trump=trump))
    assert result.awards == (20 + prize, 21 + prize, 9, 5, 5)
    assert f"bonus {prize} each" in result.explanation


def test_colour_trump_adds_nothing_to_the_bonus():
    result = play(hand(bid=6, trump="colour"))
    assert "10 per card shown; a colour as trump adds nothing" in result.explanation


def test_bonus_is_capped_at_a_hundred():
    assert bonus(8, "other_number") == 100  # 10 x (8 + 2) exactly
    assert bonus(9, "colour") == 90
    assert bonus(12, "none") == 100  # 150 capped
    # 4 players, bid 11 needs 28 + 22 = 50.
    result = play(hand(chief=2, partner=3, bid=11, trump="none", points=[4, 6, 25, 25]), names=FOUR)
    assert result.awards == (4, 6, 125, 125)
    assert "bonus 100 each" in result.explanation and "capped at 100" in result.explanation


def test_exactly_the_target_is_made():
    # 6 players, bid 5 needs 16 + 20 = 36.
    points = [18, 18, 6, 6, 6, 6]
    result = play(hand(chief=0, partner=1, bid=5, points=points), names=SIX)
    assert result.made is True


# --- failed bids ----------------------------------------------------------


def test_failed_bid_worked_example_from_the_brief():
    # Bid 6 needs 39; Ben and Ana took 33, which reaches 21 + 3 x 4 = 33: bid 4.
    result = play(hand(chief=1, partner=0, bid=6, points=[15, 18, 9, 9, 9]))
    assert result.awards == (15, 18 - 20, 9 + 10, 9 + 10, 9 + 10)
    assert result.explanation.startswith(
        "Chief Ben bid 6 with 5 players, needing 39, but Ben and Ana took 33 "
        "(enough for a bid of 4): 2 cards overbid; Ben loses 20, Cy, Dee and Eli gain 10 each"
    )
    assert "partner Ana gets nothing extra" in result.explanation
    assert result.rule == "overbid" and result.made is False
    assert (result.bidder, result.partner, result.bid) == (1, 0, 6)


def test_one_card_overbid():
    # 4 players, bid 7 needs 42; 41 reaches bid 6 (40).
    result = play(hand(chief=0, partner=2, bid=7, points=[21, 9, 20, 10]), names=FOUR)
    assert result.awards == (21 - 10, 9 + 5, 20, 10 + 5)
    assert "(enough for a bid of 6): 1 card overbid" in result.explanation


def test_no_target_reached_every_card_is_overbid():
    # 5 players, a bid of 1 needs 24; Ben and Ana took 20.
    result = play(hand(chief=1, partner=0, bid=6, points=[10, 10, 14, 13, 13]))
    assert reached(5, 6, 20) == 0
    assert result.awards == (10, 10 - 60, 14 + 30, 13 + 30, 13 + 30)
    assert "not enough for a bid of 1, which needs 24" in result.explanation
    assert "all 6 cards overbid" in result.explanation


# --- tie for Chief ---------------------------------------------------------


def test_tie_for_chief_the_hand_is_not_played():
    result = play(tie(tied=(0, 2, 3), last=3, shown=3))
    assert result.awards == (15, 0, 15, -30, 0)
    assert result.explanation == (
        "Ana, Cy and Dee tied for Chief with 3 cards shown and the hand was not played: "
        "Dee, who tied last, loses 30; Ana and Cy gain 15 each; nobody scores card points"
    )
    assert result.rule == "tie" and result.made is None and result.bidder is None


def test_tie_for_chief_drops_the_played_hand_facts():
    facts = RULES.clean({**hand(), **tie(tied=(1, 4), last=1, shown=2)}, Table(FIVE))
    assert facts == {"passed": False, "tie": True, "tied": [1, 4], "tied_last": 1, "shown": 2}
    result = RULES.score(facts, Table(FIVE))
    assert result.awards == (0, -20, 0, 0, 10)
    assert "Eli gains 10;" in result.explanation


def test_tie_from_form_strings():
    facts = RULES.clean(
        {"tie": "on", "tied": ["0", "1"], "tied_last": "0", "shown": "4"}, Table(FOUR)
    )
    assert facts == {"passed": False, "tie": True, "tied": [0, 1], "tied_last": 0, "shown": 4}


# --- three players ---------------------------------------------------------


def test_three_players_have_no_partner_and_36_points():
    fields = {f.name: f for f in RULES.fields(Table(THREE))}
    assert "partner" not in fields
    assert (fields["points"].max, fields["points"].total) == (36, 36)
    # Bid 5 needs 10 + 10 = 20; Cy alone took 22.
    result = play(hand(chief=2, partner=None, bid=5, trump="colour", points=[6, 8, 22]), THREE)
    assert result.awards == (6, 8, 72)
    assert result.partner is None
    assert "Chief Cy bid 5 with 3 players, needing 20; Cy took 22: bonus 50 (" in (
        result.explanation
    )


def test_three_players_failed_bid_only_the_chief_pays():
    # Bid 8 needs 26; 23 reaches bid 6 (22): 2 cards overbid.
    result = play(hand(chief=0, partner=None, bid=8, points=[23, 7, 6]), THREE)
    assert result.awards == (23 - 20, 7 + 10, 6 + 10)
    assert "Ana loses 20, Ben and Cy gain 10 each" in result.explanation
    assert "partner" not in result.explanation


def test_three_players_partner_is_dropped_if_sent():
    facts = RULES.clean(hand(chief=0, partner=1, bid=3, points=[12, 12, 12]), Table(THREE))
    assert "partner" not in facts


def test_last_players_points_are_worked_out():
    facts = RULES.clean(hand(points=[20, 21, 9, 5, ""]), Table(FIVE))
    assert facts["points"] == [20, 21, 9, 5, 5]
    facts = RULES.clean(hand(partner=None, points=["", 10, 10]), Table(THREE))
    assert facts["points"] == [16, 10, 10]


# --- refusals --------------------------------------------------------------


def test_points_must_add_up_to_the_deck():
    errors = refused(hand(points=[20, 21, 9, 5, 6]))
    assert errors == {"points": "Card points: 60 in a 5-player hand; these add up to 61."}
    errors = refused(hand(partner=None, points=[12, 12, 13]), THREE)
    assert errors == {"points": "Card points: 36 in a 3-player hand; these add up to 37."}


def test_points_per_player_at_most_the_deck():
    errors = refused(hand(points=[61, 0, 0, 0, 0]))
    assert set(errors) == {"points"} and "0 to 60" in errors["points"]
    errors = refused(hand(partner=None, points=[37, 0, 0]), THREE)
    assert set(errors) == {"points"} and "0 to 36" in errors["points"]


def test_bid_from_one_to_the_cards_in_a_hand():
    assert set(refused(hand(bid=0))) == {"bid"}
    assert "1 to 12" in refused(hand(bid=13))["bid"]
    assert "1 to 10" in refused(hand(bid=11, points=[10] * 6), SIX)["bid"]
    assert RULES.clean(hand(bid=15, points=[15] * 4), Table(FOUR))["bid"] == 15


def test_vice_cannot_be_the_chief():
    errors = refused(hand(chief=1, vice=1, partner=0))
    assert set(errors) == {"vice"} and "No Vice" in errors["vice"]


def test_partner_cannot_be_the_chief():
    errors = refused(hand(chief=1, partner=1))
    assert set(errors) == {"partner"} and "own partner" in errors["partner"]


def test_partner_cannot_be_the_vice():
    errors = refused(hand(chief=1, vice=3, partner=3))
    assert errors == {"partner": "Partner: the Chief cannot choose the Vice (Dee) as partner."}


def test_partner_is_required_with_four_or_more():
    assert set(refused(hand(partner=None))) == {"partner"}


def test_chief_trump_and_points_must_be_given():
    facts = {"tie": False, "bid": 4}
    assert set(refused(facts)) == {"chief", "trump", "points", "partner"}


def test_tie_needs_two_players():
    errors = refused(tie(tied=(2,), last=2))
    assert errors == {"tied": "Who tied for Chief: choose at least two players."}


def test_who_tied_last_must_be_among_them():
    errors = refused(tie(tied=(0, 2), last=4))
    assert set(errors) == {"tied_last"} and "one of the players who tied" in errors["tied_last"]


def test_tie_needs_cards_shown_in_range():
    assert set(refused(tie(shown=0))) == {"shown"}
    assert set(refused(tie(shown=13))) == {"shown"}


# --- the end of the game ---------------------------------------------------


def test_first_past_the_target_wins_outright():
    last = HandResult((0,) * 5, "", bidder=0)
    won = RULES.winner([150, 210, 0, 0, 0], 200, last, Table(FIVE))
    assert won.side == 1 and "first to reach 200" in won.reason


def test_tie_at_the_top_goes_to_the_chief_as_a_house_ruling():
    last = HandResult((0,) * 5, "", bidder=3, partner=1)
    won = RULES.winner([0, 210, 0, 210, 0], 200, last, Table(FIVE))
    assert won.side == 3
    assert "the Chief wins ties" in won.reason and "house ruling" in won.reason


def test_tie_without_the_chief_goes_nearest_the_dealers_left_as_a_house_ruling():
    last = HandResult((0,) * 5, "", rule="tie")
    won = RULES.winner([210, 0, 0, 210, 0], 200, last, Table(FIVE, dealer=1))
    assert won.side == 3  # Cy, Dee, Eli, Ana from Ben's left
    assert "dealer's left" in won.reason and "house ruling" in won.reason


def test_tie_without_the_chief_goes_to_the_chiefs_partner():
    # Ben was Chief with Dee; Dee and Ana end level on 210, Ben below.
    last = HandResult((0,) * 5, "", bidder=1, partner=3)
    won = RULES.winner([210, 190, 0, 210, 0], 200, last, Table(FIVE, dealer=4))
    assert won.side == 3  # not Ana, though Ana sits on the dealer's left
    assert won.reason == (
        "Ana and Dee both passed 200 on the same hand, level on 210; the Chief's partner wins "
        "ties (house ruling: the Mü help page gives no tie-break)"
    )


def test_chief_and_partner_passing_200_on_one_hand_the_higher_score_wins():
    # Ben, Chief, and Ana, his partner, make 6 twice: 101 and 100 a hand.
    sheet = replay(RULES, Setup(FIVE, target=200), [hand(), hand()])
    assert sheet.totals[:2] == (200, 202) and sheet.decided_at == 2
    assert sheet.winner.side == 1
    assert (
        sheet.winner.reason == "Ana and Ben both passed 200 on the same hand; the higher score wins"
    )
    assert sheet.rows[-1].result.explanation.endswith(
        ". Ana and Ben both passed 200 on this hand; the win goes to Ben, as the higher score wins"
    )


# --- invariants -------------------------------------------------------------


@st.composite
def split(draw, total, parts):
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


@st.composite
def played_hands(draw, players):
    chief = draw(st.integers(0, players - 1))
    vice = draw(st.none() | st.integers(0, players - 1).filter(lambda s: s != chief))
    partner = None
    if players >= 4:
        partner = draw(st.integers(0, players - 1).filter(lambda s: s not in (chief, vice)))
    return hand(
        chief=chief,
        bid=draw(st.integers(1, RULES.hand_size(players))),
        vice=vice,
        partner=partner,
        trump=draw(st.sampled_from(["colour", "one_or_seven", "other_number", "none"])),
        points=draw(split(60 if players > 3 else 36, players)),
    )


@st.composite
def tied_hands(draw, players):
    tied = draw(st.lists(st.integers(0, players - 1), min_size=2, max_size=players, unique=True))
    return tie(
        tied=tied,
        last=draw(st.sampled_from(tied)),
        shown=draw(st.integers(1, RULES.hand_size(players))),
    )


def any_hands(players):
    return played_hands(players) | tied_hands(players)


TABLES = st.sampled_from([THREE, FOUR, FIVE, SIX])


@given(st.data())
def test_clean_is_idempotent(data):
    names = data.draw(TABLES)
    t = Table(names)
    once = RULES.clean(data.draw(any_hands(len(names))), t)
    assert RULES.clean(once, t) == once


@given(st.data())
def test_totals_from_replay_are_the_sum_of_awards(data):
    names = data.draw(TABLES)
    hands = data.draw(st.lists(any_hands(len(names)), max_size=8))
    sheet = replay(RULES, Setup(names, target=200), hands)
    expected = [0] * len(names)
    for row in sheet.rows:
        expected = [e + a for e, a in zip(expected, row.result.awards, strict=True)]
    assert list(sheet.totals) == expected


@given(st.data())
def test_played_hand_awards_beyond_card_points(data):
    names = data.draw(TABLES)
    players = len(names)
    t = Table(names)
    facts = RULES.clean(data.draw(played_hands(players)), t)
    result = RULES.score(facts, t)
    extra = [a - p for a, p in zip(result.awards, facts["points"], strict=True)]
    chief, partner, bid = facts["chief"], facts.get("partner"), facts["bid"]
    side = {chief} | ({partner} if partner is not None else set())
    took = sum(facts["points"][s] for s in side)
    made = took >= target(players, bid)
    assert result.made is made
    if made:
        prize = bonus(bid, facts["trump"])
        assert 10 <= prize <= 100
        assert extra == [prize if s in side else 0 for s in range(players)]
    else:
        over = bid - reached(players, bid, took)
        assert 1 <= over <= bid
        assert extra[chief] == -10 * over
        if partner is not None:
            assert extra[partner] == 0
        assert all(extra[s] == 5 * over for s in range(players) if s not in side)


@given(st.data())
def test_tie_for_chief_scores_only_the_tied_players(data):
    names = data.draw(TABLES)
    t = Table(names)
    facts = RULES.clean(data.draw(tied_hands(len(names))), t)
    result = RULES.score(facts, t)
    shown = facts["shown"]
    for s, a in enumerate(result.awards):
        if s == facts["tied_last"]:
            assert a == -10 * shown
        elif s in facts["tied"]:
            assert a == 5 * shown
        else:
            assert a == 0


# --- passed out ---------------------------------------------------------------


def test_everyone_passed_nobody_scores_and_the_deal_moves_left():
    t = Table(FIVE, dealer=4)
    (shortcut,) = RULES.shortcuts(t)
    facts = RULES.clean(shortcut.facts, t)
    assert facts == {"passed": True}
    result = RULES.score(facts, t)
    assert result.awards == (0, 0, 0, 0, 0) and result.bidder is None
    assert result.explanation == (
        "Everyone passed on Eli's deal: nobody scores, and the deal moves left to Ana"
    )
    sheet = replay(RULES, Setup(FIVE, first_dealer=4), [facts])
    assert sheet.next_table.dealer == 0


# --- six with the dealer sitting out ------------------------------------------

OUT = frozenset({"dealer_sits_out"})


def test_six_with_the_dealer_out_scores_with_the_five_player_table():
    # Fay deals and sits out. Ben bids 4: the five-player table asks 21 + 3 x 4
    # = 33 (the six-player table would ask 16 + 4 x 4 = 32). Ben and Dee take
    # 33: made, bonus 10 x (4 + 2) = 60 each.
    facts = hand(chief=1, bid=4, partner=3, points=[10, 18, 8, 15, 9, None])
    result = play(facts, names=SIX, options=OUT, dealer=5)
    assert result.awards == (10, 78, 8, 75, 9, 0)
    assert "Chief Ben bid 4 with 5 players (Fay deals and sits out), needing 33" in (
        result.explanation
    )


def test_six_with_the_dealer_out_an_overbid_pays_only_those_who_played():
    # Ana deals and sits out. Cy bids 5 (needs 36) with Eli; they take 28,
    # enough for a bid of 2 (27): 3 cards overbid. Cy loses 30; Ben, Dee and
    # Fay gain 15 each; Ana, sitting out, gains nothing.
    facts = hand(chief=2, bid=5, partner=4, trump="colour", points=[0, 11, 16, 9, 12, 12])
    result = play(facts, names=SIX, options=OUT, dealer=0)
    assert result.awards == (0, 26, -14, 24, 12, 27)


def test_six_with_the_dealer_out_the_largest_bid_is_twelve():
    t = Table(SIX, OUT, dealer=2)
    fields = {f.name: f for f in RULES.fields(t)}
    assert fields["bid"].max == 12 and fields["shown"].max == 12
    assert "Cy deals and sits out" in fields["bid"].help


def test_six_with_the_dealer_out_the_dealer_holds_no_role_and_no_points():
    t = Table(SIX, OUT, dealer=1)
    with pytest.raises(HandInvalid) as caught:
        RULES.clean(hand(chief=1, bid=3, partner=0, points=[20, 0, 10, 10, 10, 10]), t)
    assert caught.value.errors == {
        "chief": "Chief: Ben deals and sits out this hand; choose a player who played."
    }
    with pytest.raises(HandInvalid) as caught:
        RULES.clean(hand(chief=2, bid=3, partner=0, points=[20, 5, 10, 10, 10, 5]), t)
    assert set(caught.value.errors) == {"points"}
    with pytest.raises(HandInvalid) as caught:
        RULES.clean(tie(tied=(1, 2), last=2), t)
    assert set(caught.value.errors) == {"tied"}


def test_six_without_the_option_still_use_the_six_player_table():
    facts = hand(chief=1, bid=4, partner=3, points=[10, 18, 8, 15, 9, 0])
    result = play(facts, names=SIX, dealer=5)
    assert "with 6 players, needing 32" in result.explanation
