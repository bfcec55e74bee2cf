"""The rules pages and glossary after the rules corrections: our own words,
and what RULINGS settles (sweeps, passed-out deals, Mü for six, settle-up)."""

from __future__ import annotations

import pytest

from tests.guide.markup import paragraphs
from vinescore.guide import GLOSSARY, PAGES, show_page, text_of


def page_text(key: str) -> str:
    """The page as a reader sees it, numbers filled in, without markup."""
    page = PAGES[key]
    parts = [page.lede]
    for section in page.sections:
        parts += [section.title, section.text]
    for example in page.examples:
        parts += [example.title, example.story]
    return text_of(key, "\n\n".join(parts))


ALL_TEXT = " ".join(page_text(key) for key in PAGES) + " ".join(
    text_of("coralon", term.meaning) for term in GLOSSARY.values()
)


@pytest.mark.parametrize(
    "borrowed",
    [
        # Ducks and Geese
        "face down and point cards face up",
        "Play all 7 tricks, then score",
        "may look at their hand before deciding",
        "Your partner must not have looked either",
        # Chevalier
        "scores its own points plus a bump equal to the bid",
        "take the open card into their hand",
        "keep your clean tricks face down",
        # Mü
        "no Vice and no Vice trump",
    ],
)
def test_the_pages_no_longer_follow_the_rulebooks_wording(borrowed):
    assert borrowed.lower() not in ALL_TEXT.lower()


def test_chevalier_explains_the_discarded_seven_and_bids_to_fifteen():
    text = page_text("chevalier")
    assert "A 7 the bidder lays aside after taking the open card" in text
    assert "so that hand has no sweep" in text
    assert "Bids run from 1 to 15" in text
    assert "Buccaneer is the rulebook's own variant" in text
    assert "house rule" not in text.split("Buccaneer")[1][:40]


@pytest.mark.parametrize("key", ["chevalier", "bishop", "baronet", "up-and-down-points", "mu"])
def test_every_game_where_all_may_pass_explains_a_passed_out_deal(key):
    section = next(s for s in PAGES[key].sections if s.anchor == "passed-out")
    assert section.rules == ("passed-out",)
    assert len(paragraphs(section.text)) == 1
    text = text_of(key, section.text)
    assert "the player on the dealer's left deals the next hand" in text
    assert "One tap on Everyone passed records it." in text
    shown = next(s for s in show_page(key, "/g/").sections if s.anchor == "passed-out")
    assert "<strong>Everyone passed</strong>" in shown.html


def test_games_whose_dealer_must_bid_have_no_passed_out_deal():
    for key in ("coralon", "thief", "ducks-and-geese", "up-and-down"):
        assert "passed-out" not in {s.anchor for s in PAGES[key].sections}


def test_mu_explains_six_players_with_the_dealer_sitting_out():
    rulings = next(s for s in PAGES["mu"].sections if s.anchor == "rulings")
    (six,) = [
        text_of("mu", p)
        for p in paragraphs(rulings.text)
        if p.startswith("**Six players, the dealer sits")
    ]
    assert "12 cards each, 21 + 3n, bids up to 12" in six
    assert "gains nothing from an overbid" in six


def test_the_mu_tie_example_is_a_legal_bidding_sequence():
    # Each show may be at most one more than the most cards anyone has on show.
    shows = [("Ana", 1), ("Ben", 2), ("Ana", 3), ("Dee", 3)]
    showing: dict[str, int] = {}
    for who, total in shows:
        assert total <= max(showing.values(), default=0) + 1
        assert total >= showing.get(who, 0)
        showing[who] = total
    top = max(showing.values())
    assert sorted(w for w, n in showing.items() if n == top) == ["Ana", "Dee"]
    example = next(e for e in PAGES["mu"].examples if e.title == "A tie for Chief")
    for words in ("Ana shows 1 card and Ben 2", "Ana adds 2 more, showing 3", "puts down 3"):
        assert words in example.story
    assert example.facts["tied"] == [0, 3] and example.facts["tied_last"] == 3


def test_the_glossary_says_the_bishop_partner_leads_first():
    bidder = GLOSSARY["bidder"].meaning
    assert "In Bishop the partner leads it" in bidder
    assert "They lead the first trick" not in bidder


def test_settle_up_means_squaring_up_at_the_end_of_a_session():
    assert GLOSSARY["settle-up"].meaning.startswith("Squaring up when a coin-game session ends")
    for key in ("baronet", "up-and-down"):
        section = next(s for s in PAGES[key].sections if s.anchor == "settle-up")
        assert "When the session ends" in paragraphs(section.text)[0]


def test_the_duel_page_speaks_of_exchanges_not_deals():
    text = " ".join(text_of("duel", s.text) for s in PAGES["duel"].sections)
    assert "dealt" not in text.replace("dealt more", "").replace("deal their damage", "")
