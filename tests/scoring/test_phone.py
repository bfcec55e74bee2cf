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
    assert [r["totals"] for r in drawn_sheet["rows"]] == [list(r.totals) for r in sheet.rows]
    assert [r["queued"] for r in drawn_sheet["rows"]] == [False, False, True, True]
    assert drawn_sheet["rows"][2]["explanation"] == sheet.rows[2].result.explanation
    assert drawn_sheet["next"]["number"] == 5
    assert drawn_sheet["next"]["dealer"] == NAMES[sheet.next_table.dealer]
    assert drawn_sheet["winner"] is None
    assert drawn_sheet["refused"] is None


def test_the_winner_is_named_when_the_queued_hands_reach_the_target():
    drawn_sheet = drawn(record(target=9), QUEUED)
    assert drawn_sheet["winner"] is not None
    assert drawn_sheet["winner"]["names"] == "Cy"
    assert drawn_sheet["winner"]["decided_at"] == 4


def test_a_wrong_sum_is_refused_with_the_rules_words():
    typed = [["bidder", "1"], ["bid", "4"]] + [["tricks", "3"]] * 4
    errors = refusal(record(), QUEUED, typed)
    assert "tricks" in errors
    assert "13" in errors["tricks"]
    assert refusal(record(), QUEUED, QUEUED[0]) == {}
