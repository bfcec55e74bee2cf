"""A hand read from a record file: every fact must be one the game knows and
one that applies to that hand (nothing is dropped silently)."""

from __future__ import annotations

import pytest

from vinescore.scoring import REGISTRY
from vinescore.scoring.base import HandInvalid, Table

FOUR = ("Ana", "Ben", "Cy", "Dee")
BLIND = frozenset({"blind"})


def refused(key, facts, options=frozenset(), names=FOUR) -> dict[str, str]:
    with pytest.raises(HandInvalid) as caught:
        REGISTRY[key].check_record(facts, Table(names, options))
    return caught.value.errors


def ducks(**extra):
    return {
        "bidder": 0,
        "bid": 5,
        "bidders_tricks": 4,
        "bidders_cards": 2,
        "others_cards": 3,
        **extra,
    }


def test_a_misspelt_blind_is_refused_not_read_as_an_ordinary_bid():
    errors = refused("ducks-and-geese", ducks(blnd=True), BLIND)
    assert list(errors) == ["blnd"]
    assert errors["blnd"].startswith("Ducks and Geese has no fact “blnd” (its facts are forfeit,")


def test_the_same_hand_spelt_right_is_a_blind_bid():
    t = Table(FOUR, BLIND)
    facts = REGISTRY["ducks-and-geese"].check_record(ducks(blind=True), t)
    assert facts["blind"] is True
    assert REGISTRY["ducks-and-geese"].score(facts, t).awards == (5, 0)


def test_a_fact_of_a_house_rule_the_game_was_not_started_with_is_refused():
    errors = refused("ducks-and-geese", ducks(blind=True))
    assert errors == {
        "blind": "Bid blind is only recorded with the house rule “Blind bids”, which this "
        "game was not started with."
    }


def test_a_fact_that_does_not_apply_to_the_hand_is_refused():
    errors = refused("ducks-and-geese", {"forfeit": True, "bidder": 2})
    assert errors == {"bidder": "Bidder does not apply to this hand (Dealer forfeited: yes)."}


def test_a_misspelt_chevalier_fact_is_refused_not_turned_into_a_failed_bid():
    facts = {
        "bidder": 0,
        "bid": 8,
        "bidders_clean": 4,
        "bidders_posioned": 2,
        "defenders_poisoned": 0,
    }
    errors = refused("chevalier", facts)
    assert list(errors) == ["bidders_posioned"]


def test_a_passed_deal_carries_no_bid():
    errors = refused("bishop", {"passed": True, "bid": 5}, names=(*FOUR, "Eli"))
    assert errors == {"bid": "Bid does not apply to this hand (Everyone passed: yes)."}


def test_a_hand_of_known_applicable_facts_is_cleaned_as_usual():
    t = Table(FOUR)
    rules = REGISTRY["coralon"]
    facts = {"bidder": 1, "bid": 4, "tricks": [3, 4, 2, ""]}
    assert rules.check_record(facts, t) == rules.clean(facts, t)
