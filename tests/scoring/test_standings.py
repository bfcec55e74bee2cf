"""A finished game's final standings: places in order, level places named
with how the rules settled them."""

from hypothesis import given
from hypothesis import strategies as st

from vinescore.scoring import REGISTRY, HandResult, Row, Setup, Sheet, Table, replay
from vinescore.scoring.words import ordinal

CORALON = REGISTRY["coralon"]
PAD = REGISTRY["pad"]
FOUR = ("Ana", "Ben", "Cy", "Dee")


def board(sheet: Sheet) -> list[tuple[str, str, int, str]]:
    names = sheet.side_names
    return [(ordinal(p.place), names[p.side], p.total, p.note) for p in sheet.standings()]


def round_of(*points: int) -> dict:
    return {"points": list(points)}


def test_an_undecided_game_has_no_standings():
    sheet = replay(PAD, Setup(FOUR, target=100), [round_of(10, 20, 30, 40)])
    assert sheet.winner is None and sheet.standings() == []


def test_the_rest_follow_the_winner_by_their_totals_and_level_players_share_a_place():
    sheet = replay(PAD, Setup(FOUR, target=50), [round_of(50, 30, 30, 10)])
    assert board(sheet) == [
        ("1st", "Ana", 50, ""),
        ("2nd", "Ben", 30, "level with Cy"),
        ("2nd", "Cy", 30, "level with Ben"),
        ("4th", "Dee", 10, ""),
    ]


def test_where_low_wins_the_lowest_total_comes_first():
    setup = Setup(FOUR, target=50, options=frozenset({"low_wins"}))
    sheet = replay(PAD, setup, [round_of(55, 10, 20, 30)])
    assert [(place, name) for place, name, _, _ in board(sheet)] == [
        ("1st", "Ben"),
        ("2nd", "Cy"),
        ("3rd", "Dee"),
        ("4th", "Ana"),
    ]


def test_a_tie_at_the_top_names_the_rule_that_broke_it():
    last = CORALON.score({"bidder": 2, "bid": 3, "tricks": [5, 1, 3, 4]}, Setup(FOUR).table(0))
    totals = (41, 20, 41, 30)
    won = CORALON.winner(totals, 40, last, Setup(FOUR).table(0))
    sheet = Sheet(CORALON, Setup(FOUR, target=40), [Row(1, 0, {}, last, totals)], won, 1)
    assert board(sheet) == [
        ("1st", "Cy", 41, ""),
        ("2nd", "Ana", 41, "level with Cy; the bidder wins ties"),
        ("3rd", "Dee", 30, ""),
        ("4th", "Ben", 20, ""),
    ]


def test_players_sharing_the_win_are_all_first():
    sheet = replay(PAD, Setup(("Ana", "Ben", "Cy"), ended=True), [round_of(10, 5, 10)])
    assert board(sheet) == [
        ("1st", "Ana", 10, "a shared win"),
        ("1st", "Cy", 10, "a shared win"),
        ("3rd", "Ben", 5, ""),
    ]


def test_the_standings_are_as_the_game_stood_when_it_was_won():
    # A hand after the winning one (an earlier hand edited) changes nothing.
    sheet = replay(PAD, Setup(FOUR, target=50), [round_of(50, 0, 0, 10), round_of(0, 90, 0, 0)])
    assert sheet.decided_at == 1
    assert board(sheet)[:2] == [("1st", "Ana", 50, ""), ("2nd", "Dee", 10, "")]


def test_partners_are_placed_as_teams():
    partners = REGISTRY["coralon-partners"]
    last = HandResult((62, 30), "")
    won = partners.winner((62, 30), 60, last, Setup(FOUR).table(0))
    sheet = Sheet(partners, Setup(FOUR, target=60), [Row(1, 0, {}, last, (62, 30))], won, 1)
    assert [name for _, name, _, _ in board(sheet)] == list(sheet.side_names)


def test_places_read_as_players_say_them():
    words = [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)]
    assert words == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "23rd",
        "101st",
        "111th",
    ]


# --- who reached the target, and how ---------------------------------------------

TARGET_GAMES = [r for r in REGISTRY if r.key not in ("pad", "duel") and not r.coins]


@st.composite
def decided(draw):
    rules = draw(st.sampled_from(TARGET_GAMES), label="game")
    players = draw(st.sampled_from(rules.player_counts))
    sides = rules.side_count(players)
    target = draw(st.integers(10, 300))
    totals = draw(st.lists(st.integers(-20, target + 40), min_size=sides, max_size=sides))
    seats = st.none() | st.integers(0, players - 1)
    last = HandResult((0,) * sides, "", bidder=draw(seats), partner=draw(seats))
    table = Table(
        ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay")[:players],
        dealer=draw(st.integers(0, players - 1)),
    )
    return rules, totals, target, last, table


@given(decided())
def test_nobody_reached_the_target_first_when_several_passed_it_together(game):
    rules, totals, target, last, table = game
    won = rules.winner(totals, target, last, table)
    passed = [s for s, t in enumerate(totals) if t >= target]
    if not passed:
        assert won is None
        return
    assert totals[won.side] == max(totals)
    names = rules.side_names(table.names)
    if len(passed) == 1:
        assert won.reason == f"first to reach {target}" and won.hand_note == ""
        return
    for said in (won.reason, won.hand_note):
        assert "first" not in said and f"passed {target}" in said
        assert all(names[s] in said for s in passed)
    assert f"the win goes to {names[won.side]}, as " in won.hand_note
