"""Ducks and Geese, Dog and cutthroat: scoring, checks and properties."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vinescore.scoring.base import HandInvalid, Table
from vinescore.scoring.games.ducks import Dog, DucksAndGeese, DucksCutthroat
from vinescore.scoring.sheet import Setup, replay

FOUR = ("Ana", "Ben", "Cy", "Dee")
DG, DOG, CUT = DucksAndGeese(), Dog(), DucksCutthroat()
ALL_OPTIONS = ("zero", "double_zero", "blind")


def table(*options, dealer=0, names=FOUR):
    return Table(names, frozenset(options), dealer)


def hand(bidder, bid, took, ours, theirs, *options, rules=DG, **extra):
    t = table(*options)
    facts = {
        "bidder": bidder,
        "bid": bid,
        "open": "open",
        "bidders_tricks": took,
        "bidders_cards": ours,
        "others_cards": theirs,
        **extra,
    }
    return rules.score(rules.clean(facts, t), t)


def refused(rules, facts, *options, names=FOUR):
    with pytest.raises(HandInvalid) as e:
        rules.clean(facts, table(*options, names=names))
    return e.value.errors


# --- the rulebook's worked examples ------------------------------------------


def test_seven_points_on_a_bid_of_five_scores_only_five():
    r = hand(2, 5, 4, 3, 2)
    assert r.awards == (5, 2)
    assert (r.rule, r.made, r.bid, r.bidder) == ("made", True, 5, 2)
    assert "Cy bid 5 and Cy and Ana took 7 points (4 tricks + 3 point cards)" in r.explanation
    assert "Cy and Ana score only their bid of 5" in r.explanation
    assert "Ben and Dee score their 2 point cards" in r.explanation


def test_missed_bid_gives_opponents_a_bump():
    # bid 5, scored only 4: bidders 0, opponents a bump of 5 (plus their point cards)
    r = hand(1, 5, 3, 1, 3)
    assert r.awards == (8, 0)
    assert (r.rule, r.made) == ("miss", False)
    assert "Ben and Dee took 4 points" in r.explanation
    assert "Ben and Dee score nothing" in r.explanation
    assert "Ana and Cy score their 3 point cards plus a bump of 5" in r.explanation


# --- RULINGS, bullet by bullet ----------------------------------------------------


def test_making_the_bid_exactly_scores_the_bid():
    r = hand(0, 6, 4, 2, 3)
    assert r.awards == (6, 3)
    assert "their bid of 6" in r.explanation and "only" not in r.explanation


def test_non_bidders_never_score_their_tricks():
    # the other team took 6 of the 7 tricks but holds no point card
    r = hand(0, 3, 1, 2, 0)
    assert r.awards == (3, 0)


def test_dealer_forfeit_gives_the_other_team_three():
    t = table(dealer=3)
    (short,) = DG.shortcuts(t)
    assert short.facts == {"forfeit": True}
    assert "3" in short.label
    facts = DG.clean(short.facts, t)
    assert facts == {"forfeit": True}
    r = DG.score(facts, t)
    assert r.awards == (3, 0)  # Dee dealt: Ana and Cy score
    assert r.rule == "forfeit" and r.bidder is None and r.made is None
    assert "Dee, dealing, forfeited" in r.explanation and "Ana and Cy score 3" in r.explanation


def test_a_forfeit_ignores_the_other_facts():
    facts = DG.clean({"forfeit": "on", "bidder": 9, "bid": "nonsense"}, table())
    assert facts == {"forfeit": True}


def test_made_zero_scores_five_and_opponents_nothing():
    r = hand(1, "zero", 0, None, 4, "zero")
    assert r.awards == (0, 5)
    assert (r.rule, r.made, r.bid) == ("zero", True, 0)
    assert "Ben bid zero and Ben took no trick" in r.explanation


def test_broken_zero_gives_opponents_twice_their_point_cards():
    r = hand(1, "zero", 2, None, 3, "zero")
    assert r.awards == (6, 0)
    assert (r.rule, r.made) == ("zero", False)
    assert "score twice their 3 point cards, 6" in r.explanation


def test_made_double_zero_scores_twelve():
    r = hand(2, "double_zero", 0, None, 5, "zero", "double_zero")
    assert r.awards == (12, 0)
    assert r.rule == "double_zero" and r.made
    assert "Cy and Ana took no trick" in r.explanation


def test_broken_double_zero_gives_opponents_twice_their_point_cards():
    r = hand(2, "double_zero", 1, None, 4, "zero", "double_zero")
    assert r.awards == (0, 8)


def test_made_blind_bid_leaves_opponents_nothing_at_all():
    r = hand(3, 6, 5, 2, 3, "blind", blind=True)
    assert r.awards == (0, 6)
    assert r.rule == "blind" and r.made
    assert "Dee bid 6 blind" in r.explanation and "nothing at all" in r.explanation


def test_failed_blind_bid_is_an_ordinary_failure():
    r = hand(3, 6, 3, 2, 3, "blind", blind=True)
    assert r.awards == (9, 0)
    assert r.rule == "miss" and not r.made
    assert "plus a bump of 6" in r.explanation
    assert "house ruling: a failed blind bid is an ordinary failure" in r.explanation


def test_taking_the_open_or_not_does_not_change_the_score():
    a = hand(0, 5, 4, 3, 2)
    b = hand(0, 5, 4, 3, 2, open="no_trump")
    assert a.awards == b.awards


def test_dog_scores_only_tars():
    r = hand(0, 2, 2, 1, 1, rules=DOG)
    assert r.awards == (2, 1)
    assert "only their bid of 2" in r.explanation and "their 1 Tar" in r.explanation
    r = hand(0, 9, 4, 3, 2, rules=DOG)
    assert r.awards == (0, 11)
    assert "4 tricks + 3 Tars" in r.explanation and "plus a bump of 9" in r.explanation


def test_dog_dealer_can_forfeit_too():
    t = table(dealer=0)
    (short,) = DOG.shortcuts(t)
    assert DOG.score(DOG.clean(short.facts, t), t).awards == (0, 3)


def test_bid_limits_and_targets():
    for rules, low, high in ((DG, 3, 17), (DOG, 2, 12)):
        bid = {f.name: f for f in rules.fields(table())}["bid"]
        numbers = [v for v, _ in bid.choices if isinstance(v, int)]
        assert (min(numbers), max(numbers)) == (low, high)
        assert rules.hand_size(4) == 7 and rules.default_target(4) == 30
        assert rules.family == "Ducks and Geese" and rules.partnership
    bid = {f.name: f for f in CUT.fields(table())}["bid"]
    assert (bid.min, bid.max) == (2, 18)
    assert CUT.hand_size(5) == 8 and CUT.default_target(6) == 21
    assert CUT.family == "Ducks and Geese" and not CUT.partnership
    assert CUT.player_counts == (4, 5, 6)


# --- checks -------------------------------------------------------------------


def facts(**over):
    base = {
        "bidder": 0,
        "bid": 5,
        "open": "open",
        "bidders_tricks": 4,
        "bidders_cards": 3,
        "others_cards": 2,
    }
    return {**base, **over}


def test_point_cards_beyond_the_deck_are_refused():
    errors = refused(DG, facts(bidders_cards=6, others_cards=5))
    assert set(errors) == {"others_cards"}
    assert "10" in errors["others_cards"] and "5 Deuces and 5 Farmers" in errors["others_cards"]


def test_ten_point_cards_are_accepted():
    DG.clean(facts(bidders_cards=5, others_cards=5), table())


def test_dog_holds_at_most_five_tars():
    errors = refused(DOG, facts(bid=4, bidders_cards=3, others_cards=3))
    assert set(errors) == {"others_cards"}
    assert "5 Tars" in errors["others_cards"]
    errors = refused(DOG, facts(bid=4, bidders_cards=6, others_cards=0))
    assert set(errors) == {"bidders_cards"}


def test_bidders_with_no_trick_hold_no_point_card():
    errors = refused(DG, facts(bidders_tricks=0, bidders_cards=1))
    assert set(errors) == {"bidders_cards"}
    assert "no trick" in errors["bidders_cards"]


def test_opponents_with_no_trick_hold_no_point_card():
    errors = refused(DOG, facts(bidders_tricks=7, others_cards=1))
    assert set(errors) == {"others_cards"}
    assert "no trick" in errors["others_cards"]
    errors = refused(DG, facts(bid="zero", bidders_tricks=7, others_cards=1), "zero")
    assert set(errors) == {"others_cards"}


def test_more_than_seven_tricks_is_refused():
    assert set(refused(DG, facts(bidders_tricks=8))) == {"bidders_tricks"}


def test_zero_bids_need_the_option():
    assert set(refused(DG, facts(bid="zero"))) == {"bid"}
    assert set(refused(DG, facts(bid="double_zero"), "zero")) == {"bid"}
    assert set(refused(DG, facts(bid=2))) == {"bid"}
    assert set(refused(DG, facts(bid=18))) == {"bid"}
    assert set(refused(DOG, facts(bid=13))) == {"bid"}


def test_a_zero_bid_does_not_ask_for_the_bidders_point_cards():
    f = DG.clean(facts(bid="zero", bidders_tricks=0), table("zero"))
    assert "bidders_cards" not in f
    assert DG.clean(f, table("zero")) == f


def test_the_blind_flag_only_exists_with_the_option():
    assert "blind" not in DG.clean(facts(blind=True), table())
    assert DG.clean(facts(blind=True), table("blind"))["blind"] is True


# --- cutthroat ---------------------------------------------------------------------


FIVE = ("Ana", "Ben", "Cy", "Dee", "Eve")


def cut(bidder, bid, took, cards, *options, **extra):
    t = table(*options, names=FIVE)
    f = {"bidder": bidder, "bid": bid, "bidder_tricks": took, "cards": cards, **extra}
    return CUT.score(CUT.clean(f, t), t)


def test_cutthroat_made_bid_scores_only_the_bid_and_others_their_point_cards():
    r = cut(0, 4, 3, [2, 1, 0, 3, 1])
    assert r.awards == (4, 1, 0, 3, 1)
    assert (r.rule, r.made, r.bid, r.bidder) == ("made", True, 4, 0)
    assert "Ana bid 4 and took 5 points (3 tricks + 2 point cards)" in r.explanation
    assert "Ana scores only the bid of 4" in r.explanation


def test_cutthroat_failed_bid_subtracts_the_bid():
    r = cut(2, 6, 2, [2, 1, 1, 3, 1])
    assert r.awards == (2, 1, -6, 3, 1)
    assert (r.rule, r.made) == ("miss", False)
    assert "Cy loses 6" in r.explanation and "bump" not in r.explanation


def test_cutthroat_made_blind_bid_leaves_everyone_else_nothing():
    r = cut(4, 3, 3, [1, 1, 1, 1, 0], "blind", blind=True)
    assert r.awards == (0, 0, 0, 0, 3)
    assert r.rule == "blind" and "everyone else scores nothing" in r.explanation


def test_cutthroat_failed_blind_bid_is_an_ordinary_failure():
    r = cut(4, 5, 3, [1, 1, 1, 1, 0], "blind", blind=True)
    assert r.awards == (1, 1, 1, 1, -5)
    assert "house ruling" in r.explanation


def test_cutthroat_scores_can_go_below_zero():
    setup = Setup(FIVE, target=21)
    miss = {"bidder": 0, "bid": 9, "bidder_tricks": 1, "cards": [0, 1, 0, 0, 0]}
    sheet = replay(CUT, setup, [CUT.clean(miss, setup.table(i)) for i in range(2)])
    assert sheet.totals == (-18, 2, 0, 0, 0)


def test_cutthroat_has_no_zero_bids_and_no_forfeit():
    errors = refused(
        CUT, {"bidder": 0, "bid": "zero", "bidder_tricks": 0, "cards": [0] * 5}, names=FIVE
    )
    assert set(errors) == {"bid"}
    assert [o.name for o in CUT.options] == ["blind"]
    assert CUT.shortcuts(table(names=FIVE)) == []


def test_cutthroat_point_cards_beyond_the_deck_are_refused():
    errors = refused(
        CUT, {"bidder": 0, "bid": 3, "bidder_tricks": 0, "cards": [3, 3, 3, 2, 0]}, names=FIVE
    )
    assert set(errors) == {"cards"}
    assert "10" in errors["cards"] and "11" in errors["cards"]


def test_cutthroat_tie_goes_to_the_bidder():
    setup = Setup(FOUR, target=21)
    # Dee makes 7 (5 tricks + 2 point cards) each hand; Ana keeps 7 point
    # cards from the other 3 tricks each time.
    hands = [{"bidder": 3, "bid": 7, "bidder_tricks": 5, "cards": [7, 0, 0, 2]}] * 3
    sheet = replay(CUT, setup, [CUT.clean(h, setup.table(0)) for h in hands])
    assert sheet.totals == (21, 0, 0, 21)
    assert sheet.winner.side == 3 and "bidder" in sheet.winner.reason


def test_partnership_tie_goes_to_the_bidding_team():
    setup = Setup(FOUR, target=30)
    # bidders Ben and Dee make 5 each hand, Ana and Cy keep 5 point cards
    hands = [facts(bidder=1, bid=5, bidders_tricks=5, bidders_cards=0, others_cards=5)] * 6
    sheet = replay(DG, setup, [DG.clean(h, setup.table(0)) for h in hands])
    assert sheet.totals == (30, 30)
    assert sheet.winner.side == 1 and "the bidding team wins ties" in sheet.winner.reason


# --- properties ---------------------------------------------------------------------


@st.composite
def partner_hands(draw, rules, options):
    if draw(st.integers(0, 9)) == 0:
        return {"forfeit": True}
    bids = list(range(rules.MIN_BID, rules.MAX_BID + 1))
    if "zero" in options:
        bids.append("zero")
        if "double_zero" in options:
            bids.append("double_zero")
    took = draw(st.integers(0, 7))
    bid = draw(st.sampled_from(bids))
    per_trick = 3 if bid == "zero" else 4  # a zero bidder's partner sits out
    cap = rules.CARDS
    ours = draw(st.integers(0, min(cap, per_trick * took)))
    theirs = draw(st.integers(0, min(cap - ours, per_trick * (7 - took))))
    f = {
        "forfeit": False,
        "bidder": draw(st.integers(0, 3)),
        "bid": bid,
        "open": draw(st.sampled_from(["open", "no_trump"])),
        "bidders_tricks": took,
        "others_cards": theirs,
    }
    if isinstance(f["bid"], int):
        f["bidders_cards"] = ours
        f["bidders_points"] = took + ours  # what clean works out from the split
    if "blind" in options:
        # A blind bid is at least 3 (Dog's open 2 is never blind).
        f["blind"] = draw(st.booleans()) and not (isinstance(bid, int) and bid < 3)
    return f


@st.composite
def partner_games(draw):
    rules = draw(st.sampled_from([DG, DOG]))
    options = draw(
        st.sampled_from([(), ("zero",), ("zero", "double_zero"), ALL_OPTIONS, ("blind",)])
    )
    hands = draw(st.lists(partner_hands(rules, options), min_size=1, max_size=8))
    return rules, Setup(FOUR, draw(st.integers(0, 3)), frozenset(options), 30), hands


@given(partner_games())
def test_partnership_valid_hands_are_accepted_and_replay_adds_up(game):
    rules, setup, hands = game
    cleaned = []
    for i, f in enumerate(hands):
        once = rules.clean(f, setup.table(i))
        assert once == f
        assert rules.clean(once, setup.table(i)) == once
        cleaned.append(once)
    sheet = replay(rules, setup, cleaned)
    assert sheet.totals == tuple(sum(r.result.awards[s] for r in sheet.rows) for s in (0, 1))
    for row in sheet.rows:
        f, r = row.facts, row.result
        assert min(r.awards) >= 0
        if f["forfeit"]:
            assert sorted(r.awards) == [0, 3] and r.rule == "forfeit"
            continue
        us = f["bidder"] % 2
        theirs = f["others_cards"]
        assert r.bidder == f["bidder"]
        if isinstance(f["bid"], str):
            assert r.awards[1 - us] in (0, 2 * theirs)
            continue
        if r.made:
            assert r.awards[us] == f["bid"]
            assert r.awards[1 - us] in (0, theirs)
        else:
            assert r.awards == ((0, theirs + f["bid"]) if us == 0 else (theirs + f["bid"], 0))
            assert f["bidders_tricks"] + f["bidders_cards"] < f["bid"]


@st.composite
def cutthroat_games(draw):
    players = draw(st.sampled_from(CUT.player_counts))
    options = draw(st.sampled_from([(), ("blind",)]))
    hands = []
    for _ in range(draw(st.integers(1, 8))):
        bidder = draw(st.integers(0, players - 1))
        took = draw(st.integers(0, 8))
        # Point cards come with tricks (one card from each player a trick),
        # and up to 5 Deuces are kept by whoever led or followed suit with them.
        mine = draw(st.integers(0, min(10, players * took + 5)))
        total = draw(st.integers(0, min(10 - mine, players * (8 - took) + 5)))
        cuts = sorted(
            draw(st.lists(st.integers(0, total), min_size=players - 2, max_size=players - 2))
        )
        cards = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
        cards.insert(bidder, mine)
        f = {
            "bidder": bidder,
            "bid": draw(st.integers(2, 18)),
            "bidder_tricks": took,
            "cards": cards,
        }
        if options:
            f["blind"] = draw(st.booleans()) and f["bid"] >= 3  # a blind bid is at least 3
        hands.append(f)
    names = tuple("Ana Ben Cy Dee Eve Fay".split()[:players])
    return Setup(names, draw(st.integers(0, players - 1)), frozenset(options), 21), hands


@given(cutthroat_games())
def test_cutthroat_valid_hands_are_accepted_and_replay_adds_up(game):
    setup, hands = game
    cleaned = []
    for i, f in enumerate(hands):
        once = CUT.clean(f, setup.table(i))
        assert CUT.clean(once, setup.table(i)) == once
        cleaned.append(once)
    sheet = replay(CUT, setup, cleaned)
    for side in range(len(setup.names)):
        assert sheet.totals[side] == sum(r.result.awards[side] for r in sheet.rows)
    for row in sheet.rows:
        f, r = row.facts, row.result
        b = f["bidder"]
        assert r.awards[b] == (f["bid"] if r.made else -f["bid"])
        assert r.made == (f["bidder_tricks"] + f["cards"][b] >= f["bid"])
        for seat, award in enumerate(r.awards):
            if seat != b:
                assert award in (0, f["cards"][seat])


# --- limits that follow from the cards ----------------------------------------


def test_cutthroat_bid_of_eighteen_is_every_trick_and_every_point_card():
    t = table(names=FIVE)
    facts = CUT.clean({"bidder": 2, "bid": 18, "bidder_tricks": 8, "cards": [0, 0, 10, 0, 0]}, t)
    result = CUT.score(facts, t)
    assert result.awards == (0, 0, 18, 0, 0) and result.made
    errors = refused(
        CUT, {"bidder": 2, "bid": 19, "bidder_tricks": 8, "cards": [0] * 5}, names=FIVE
    )
    assert errors == {"bid": "Bid must be from 2 to 18; 19 is out of range."}


def test_cutthroat_point_cards_come_with_tricks_and_kept_deuces():
    # Five players: one card from each player a trick, and a player keeps the
    # Deuces they led or followed suit with. Cy took no trick, so only Deuces.
    t = table(names=FIVE)
    errors = refused(
        CUT, {"bidder": 2, "bid": 5, "bidder_tricks": 0, "cards": [0, 0, 6, 0, 0]}, names=FIVE
    )
    assert errors == {
        "cards": "Point cards for Cy: at most 5 (0 tricks of 5 cards, and the 5 Deuces a "
        "player keeps when they lead or follow suit with one); 6 entered."
    }
    errors = refused(
        CUT, {"bidder": 2, "bid": 5, "bidder_tricks": 8, "cards": [2, 2, 2, 2, 0]}, names=FIVE
    )
    assert errors == {
        "cards": "Point cards: everyone but Cy took 0 tricks, so at most 5 point cards "
        "(5 cards a trick, and the 5 Deuces a player keeps when they lead or follow suit "
        "with one); 6 entered."
    }
    assert CUT.clean({"bidder": 2, "bid": 5, "bidder_tricks": 1, "cards": [0, 5, 5, 0, 0]}, t)


# The rulebook's cutthroat variant: "If you play a Deuce that follows suit, or
# if you play one as a lead, you keep it." Played out:


def test_a_bidder_who_took_no_trick_keeps_a_deuce_led():
    # Five players. Cy bid 3 and took no trick, but led a Deuce once (after
    # Ben's trick) and kept it: 1 point, short of 3.
    result = cut(2, 3, 0, [2, 3, 1, 2, 2])
    assert result.awards == (2, 3, -3, 2, 2)
    assert "Cy bid 3 and took 1 points (0 tricks + 1 point card)" in result.explanation


def test_a_player_keeps_a_deuce_from_a_trick_the_bidder_took():
    # Five players. Ana bid 8 and took every trick, but Ben followed suit with
    # a Deuce and kept it: Ana holds 9 of the 10 point cards, Ben 1.
    result = cut(0, 8, 8, [9, 1, 0, 0, 0])
    assert result.awards == (8, 1, 0, 0, 0) and result.made


def test_four_players_five_deuces_kept_by_those_who_took_no_trick():
    # Four players: Dee bid 2 and took all 8 tricks; the others each led or
    # followed suit with Deuces, 5 in all, and kept them.
    t = table(names=FOUR)
    facts = CUT.clean({"bidder": 3, "bid": 2, "bidder_tricks": 8, "cards": [2, 2, 1, 5]}, t)
    assert CUT.score(facts, t).awards == (2, 2, 1, 2)


def test_without_the_split_the_cards_must_still_fit_kept_deuces():
    # Ana on 13 (tricks + point cards) with 5 players: at best 8 tricks and 5
    # point cards, leaving 5 point cards for everyone else.
    t = table(names=FIVE)
    assert CUT.clean({"bidder": 0, "bid": 9, "bidder_points": 13, "cards": [None, 5, 0, 0, 0]}, t)
    errors = refused(
        CUT, {"bidder": 0, "bid": 9, "bidder_points": 13, "cards": [None, 5, 1, 0, 0]}, names=FIVE
    )
    assert errors == {
        "cards": "Point cards: with Ana on 13 (tricks + point cards), everyone else holds at "
        "most 5 (5 cards a trick, the 5 Deuces a player keeps when they lead or follow suit "
        "with one, 10 in the deck); 6 entered."
    }


def test_a_team_holds_at_most_four_point_cards_a_trick():
    errors = refused(DG, facts(bid=5, bidders_tricks=1, bidders_cards=5, others_cards=0))
    assert errors == {
        "bidders_cards": "Point cards taken by the bidding team: at most 4 in their 1 trick "
        "(4 cards a trick); 5 entered."
    }
    errors = refused(DG, facts(bid=5, bidders_tricks=6, bidders_cards=2, others_cards=5))
    assert (
        set(errors) == {"others_cards"} and "at most 4 in their 1 trick" in errors["others_cards"]
    )


def test_after_a_zero_bid_a_trick_holds_three_cards():
    # The zero bidder's partner sits out: Ana & Cy's 2 tricks hold at most 6 cards.
    t = table("zero")
    f = facts(bidder=1, bid="zero", bidders_tricks=5, others_cards=7)
    f.pop("bidders_cards", None)
    with pytest.raises(HandInvalid) as caught:
        DG.clean(f, t)
    assert caught.value.errors == {
        "others_cards": "Point cards taken by the other team: at most 6 in their 2 tricks "
        "(3 cards a trick, the zero bidder's partner sitting out); 7 entered."
    }


def test_dog_tars_follow_the_tricks_too():
    errors = refused(DOG, facts(bid=2, bidders_tricks=1, bidders_cards=5, others_cards=0))
    assert "at most 4 in their 1 trick" in errors["bidders_cards"]


# --- the last rulings: ties, passing together, blind bids ----------------------

BEN_AND_DEE_MAKE_5 = {
    "bidder": 1,
    "bid": 5,
    "open": "open",
    "bidders_tricks": 5,
    "bidders_cards": 0,
    "others_cards": 5,
}


def test_dog_tie_goes_to_the_bidding_team_as_in_ducks_and_geese():
    # Ben and Dee make 5 each hand, Ana and Cy take the 5 Tars: 30 all after 6.
    setup = Setup(FOUR, target=30)
    sheet = replay(DOG, setup, [DOG.clean(BEN_AND_DEE_MAKE_5, setup.table(i)) for i in range(6)])
    assert sheet.totals == (30, 30) and sheet.decided_at == 6
    assert sheet.winner.side == 1
    assert sheet.winner.reason == (
        "Ana & Cy and Ben & Dee both passed 30 on the same hand, level on 30; the bidding team "
        "wins ties"
    )
    assert sheet.rows[-1].result.explanation.endswith(
        "Ana & Cy and Ben & Dee both passed 30 on this hand, level on 30; the win goes to "
        "Ben & Dee, as the bidding team wins ties"
    )


def test_both_teams_passing_30_on_one_hand_the_higher_score_wins():
    # 25 all after five hands; then Ben and Dee make their 5 again while Ana
    # and Cy take 6 point cards: 31 to 30, and nobody reached 30 first.
    setup = Setup(FOUR, target=30)
    five = [DG.clean(BEN_AND_DEE_MAKE_5, setup.table(i)) for i in range(5)]
    last = {**BEN_AND_DEE_MAKE_5, "bidders_cards": 1, "others_cards": 6}
    sheet = replay(DG, setup, [*five, DG.clean(last, setup.table(5))])
    assert sheet.totals == (31, 30)
    assert sheet.winner.side == 0
    assert sheet.winner.reason == (
        "Ana & Cy and Ben & Dee both passed 30 on the same hand; the higher score wins"
    )
    assert "the win goes to Ana & Cy, as the higher score wins" in sheet.rows[-1].result.explanation


def test_dog_refuses_a_blind_bid_of_two():
    errors = refused(
        DOG,
        {
            "bidder": 1,
            "bid": 2,
            "blind": True,
            "bidders_tricks": 2,
            "bidders_cards": 0,
            "others_cards": 1,
        },
        "blind",
    )
    assert errors == {
        "bid": "A blind bid is at least 3: a bid of 2 is made after looking at your cards."
    }


def test_dog_takes_an_open_bid_of_two_and_a_blind_bid_of_three():
    facts = {"bidder": 1, "bid": 2, "bidders_tricks": 2, "bidders_cards": 0, "others_cards": 1}
    assert DOG.clean(facts, table("blind"))["bid"] == 2
    blind = hand(1, 3, 3, 0, 1, "blind", rules=DOG, blind=True)
    assert blind.awards == (0, 3) and "3 blind" in blind.explanation


def test_cutthroat_refuses_a_blind_bid_of_two_but_takes_an_open_two():
    facts = {"bidder": 1, "bid": 2, "bidder_points": 3, "cards": [0, 0, 1, 0]}
    errors = refused(CUT, {**facts, "blind": True}, "blind")
    assert set(errors) == {"bid"} and "at least 3" in errors["bid"]
    assert CUT.clean(facts, table("blind"))["bid"] == 2
