"""The sheet a phone draws from a game's record and the hands it has not
sent yet is the sheet the rules make of all of them."""

from vinescore.scoring import REGISTRY, Setup, replay
from vinescore.scoring.phone import drawn, posted_facts, refusal

NAMES = ["Ana", "Ben", "Cy", "Dee"]
STORED = [
    {"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4], "earlier_zeros": []},
    {"bidder": 2, "bid": 5, "tricks": [3, 3, 5, 2], "earlier_zeros": []},
]
QUEUED = [
    # As a phone posts them: one player's tricks left blank, worked out.
    [
        ["bidder", "3"],
        ["bid", "6"],
        ["tricks", "1"],
        ["tricks", "3"],
        ["tricks", "3"],
        ["tricks", ""],
    ],
    [
        ["bidder", "0"],
        ["bid", "4"],
        ["tricks", "5"],
        ["tricks", "2"],
        ["tricks", "4"],
        ["tricks", "2"],
    ],
]


def record(target=50):
    hands = [{"facts": REGISTRY["coralon"].clean(dict(f), table)} for f, table in tables()]
    return {
        "game": "coralon",
        "players": NAMES,
        "first_dealer": 0,
        "options": [],
        "target": target,
        "stakes": None,
        "ended": False,
        "hands": hands,
    }


def tables():
    setup = Setup(names=tuple(NAMES), target=50)
    for i, facts in enumerate(STORED):
        yield facts, setup.table(i)


def test_stored_and_queued_hands_are_scored_as_the_rules_score_them():
    rules = REGISTRY["coralon"]
    setup = Setup(names=tuple(NAMES), target=50)
    facts = [h["facts"] for h in record()["hands"]]
    sheet = replay(rules, setup, facts)
    for pairs in QUEUED:
        table = sheet.next_table
        posted = {}
        for name, value in pairs:
            posted.setdefault(name, []).append(value)
        sheet.play(rules.clean(posted_facts(rules.fields(table), posted), table))
    drawn_sheet = drawn(record(), QUEUED)
    assert drawn_sheet["totals"] == list(sheet.totals)
    # The queued hands' rows, after the two stored ones.
    assert drawn_sheet["stored"] == 2
    assert [r["totals"] for r in drawn_sheet["rows"]] == [list(r.totals) for r in sheet.rows[2:]]
    assert [r["number"] for r in drawn_sheet["rows"]] == [3, 4]
    assert drawn_sheet["rows"][0]["explanation"] == sheet.rows[2].result.explanation
    assert drawn_sheet["rows"][0]["dealt"] == f"{NAMES[sheet.rows[2].dealer]} dealt."
    assert drawn_sheet["next"]["number"] == 5
    dealer = NAMES[sheet.next_table.dealer]
    assert drawn_sheet["next"]["line"].startswith(f"Hand 5 · <strong>{dealer}</strong> deals · ")
    # The "1st" chip: who bids first in the next hand.
    first = sheet.next_table.left_of(sheet.next_table.dealer)
    assert drawn_sheet["next"]["first"] == first
    assert drawn_sheet["next"]["first_words"] == f"{NAMES[first]} bids first"
    assert drawn_sheet["winner"] is None
    assert drawn_sheet["refused"] is None


def test_the_winner_is_named_when_the_queued_hands_reach_the_target():
    drawn_sheet = drawn(record(target=9), QUEUED)
    assert drawn_sheet["winner"] is not None
    assert drawn_sheet["winner"]["title"] == "Cy wins"
    assert drawn_sheet["winner"]["reason"].endswith(", after hand 4.")
    assert drawn_sheet["winner"]["standings"][0][:2] == ["1st", "Cy"]


def test_a_wrong_sum_is_refused_with_the_rules_words():
    typed = [["bidder", "1"], ["bid", "4"]] + [["tricks", "3"]] * 4
    errors = refusal(record(), QUEUED, typed)
    assert "tricks" in errors
    assert "13" in errors["tricks"]
    assert refusal(record(), QUEUED, QUEUED[0]) == {}


def test_the_next_hand_line_puts_names_in_as_text_not_markup():
    # The page puts the line in as HTML: a name is escaped, as the server's template escapes it.
    game = dict(record(), players=["<b>Ana</b>", "Ben & Co", "Cy", "Dee"])
    line = drawn(game, [])["next"]["line"]
    assert line == "Hand 3 · <strong>Cy</strong> deals · <strong>Dee</strong> bids first"
    game["first_dealer"] = 2  # Ana deals hand 3, Ben bids first
    line = drawn(game, [])["next"]["line"]
    assert "<strong>&lt;b&gt;Ana&lt;/b&gt;</strong> deals" in line
    assert "<strong>Ben &amp; Co</strong> bids first" in line


def test_a_sweep_scored_on_the_phone_keeps_its_ruling_for_the_row_not_the_card():
    chevalier = {
        "game": "chevalier",
        "players": NAMES,
        "first_dealer": 0,
        "options": [],
        "target": 31,
        "stakes": None,
        "ended": False,
        "hands": [],
    }
    sweep = [["bidder", "0"], ["bid", "8"], ["bidders_clean", "4"], ["bidders_poisoned", "2"]]
    row = drawn(chevalier, [sweep + [["defenders_poisoned", "0"]]])["rows"][0]
    assert row["said"].endswith("Ana & Cy swept the 7s: their 2 poisoned tricks count double")
    assert row["explanation"] == (
        row["said"] + ". House ruling: a sweep is every 7 dealt this hand; those left in the pack "
        "do not count"
    )
