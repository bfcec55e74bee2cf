"""The group's ratings as players see them: the leaderboard, a player's
page, and the ratings following the history as it changes."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import NAMES, default_group, make_game, make_player
from vinescore.leaderboard import service
from vinescore.leaderboard.models import GroupRatings
from vinescore.ratings import rate
from vinescore.table.models import Game, Player

pytestmark = pytest.mark.django_db

BEN_13 = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}  # Ben bids 13, takes 13
ANA_13 = {"bidder": 0, "bid": 13, "tricks": [13, 0, 0, 0]}
ANA_MISSES = {"bidder": 0, "bid": 5, "tricks": [3, 4, 4, 2]}
BISHOP_MADE = {"passed": False, "bidder": 0, "bid": 6, "block": "war", "partner": 2, "points": 7}


def ben_wins(names=NAMES[:4]):
    return make_game(names=names, hands=[BEN_13] * 4)


def ana_wins():
    return make_game(hands=[ANA_MISSES, *[ANA_13] * 4])


def board(body: str) -> list[tuple[str, str, str]]:
    """(name, rating, games) of each row of the leaderboard, top first."""
    rows = re.findall(
        r'<th scope="row"><a href="/players/\d+/">([^<]+)</a><br><span class="hint">([^<]+)'
        r"</span></th>\s*<td><strong>([-\d.]+)</strong></td>\s*<td>(\d+)</td>",
        body,
    )
    return [(name, rating, games) for name, _, rating, games in rows]


def test_the_leaderboard_puts_the_winner_first_with_games_and_how_sure_it_is(client):
    for _ in range(3):
        ben_wins()
    ana_wins()
    body = client.get("/ratings/").content.decode()
    rows = board(body)
    assert [name for name, _, _ in rows][0] == "Ben"
    assert {name for name, _, _ in rows} == {"Ana", "Ben", "Cy", "Dee"}
    assert all(games == "4" for _, _, games in rows)
    assert "From 4 finished games, in the order played." in body
    assert body.count("provisional until 5 games") == 4
    # The trend of each player's games, drawn on the page.
    assert body.count('<svg class="trend"') == 4
    assert "Ben&#x27;s rating over the last 4 games" in body


def test_a_newcomer_with_two_games_is_not_put_at_the_top(client):
    for _ in range(12):
        ben_wins()
    # Eli, new, wins two games against Cy and Dee.
    for _ in range(2):
        make_game(names=("Cy", "Eli", "Dee", "Ana"), hands=[BEN_13] * 4)
    rows = board(client.get("/ratings/").content.decode())
    names = [name for name, _, _ in rows]
    assert names[0] == "Ben" and names.index("Eli") > 0
    assert dict((n, g) for n, _, g in rows)["Eli"] == "2"


def test_each_game_family_has_its_own_board_and_a_wrong_one_is_refused(client):
    ben_wins()
    make_game(
        "coralon-partners",
        hands=[{"bidder": 0, "bid": 13, "bidders_tricks": 13}] * 5,
    )
    body = client.get("/ratings/?game=coralon-partners").content.decode()
    assert "Ratings: Coralon Partners" in body
    # Ana and Cy won together: both ahead of Ben and Dee.
    names = [name for name, _, _ in board(body)]
    assert set(names[:2]) == {"Ana", "Cy"}
    assert 'href="?game=coralon"' in body
    wrong = client.get("/ratings/?game=chess")
    assert wrong.status_code == 422
    assert "No ratings for that game here yet: choose one of these." in wrong.content.decode()


def test_a_group_with_no_finished_game_says_so(client):
    make_game()  # still going
    body = client.get("/ratings/").content.decode()
    assert "No finished games to rate yet." in body


def test_the_players_list_links_to_the_ratings(client):
    make_player("Ana")
    assert 'href="/ratings/"' in client.get("/players/").content.decode()


def test_a_players_page_shows_their_rating_and_place_in_each_game(client):
    ben_wins()
    ben_wins()
    ben = Player.objects.get(name="Ben")
    body = client.get(f"/players/{ben.pk}/").content.decode()
    assert '<h2 id="ratings-heading">Ratings</h2>' in body
    assert re.search(
        r'<a href="/ratings/\?game=coralon">Coralon</a><br><span class="hint">2 games; '
        r"provisional until 5 games",
        body,
    )
    assert "1 of 4" in body


def test_a_game_that_ends_is_in_the_ratings_at_the_next_look(client):
    ben_wins()
    assert [g for _, _, g in board(client.get("/ratings/").content.decode())] == ["1"] * 4
    game = make_game(hands=[BEN_13] * 3)
    response = client.post(
        f"/games/{game.pk}/hands/", {"bidder": "1", "bid": "13", "tricks": ["0", "13", "0", "0"]}
    )
    assert response.status_code == 302 and Game.objects.get(pk=game.pk).is_finished
    rows = board(client.get("/ratings/").content.decode())
    assert [g for _, _, g in rows] == ["2"] * 4 and rows[0][0] == "Ben"
    # Played on from what was kept, the same figures as computed from the start.
    kept = GroupRatings.objects.get()
    assert kept.games == 2
    assert kept.ratings == service.compute(default_group().pk).ratings.as_dict()


def test_the_hand_that_ends_a_game_does_no_rating_work(client):
    ben_wins()
    client.get("/ratings/")
    game = make_game(hands=[BEN_13] * 3)
    with CaptureQueriesContext(connection) as queries:
        client.post(
            f"/games/{game.pk}/hands/",
            {"bidder": "1", "bid": "13", "tricks": ["0", "13", "0", "0"]},
        )
    assert Game.objects.get(pk=game.pk).is_finished
    assert not [q for q in queries if "leaderboard" in q["sql"]]


def test_deleting_a_game_takes_it_out_of_the_ratings_and_restoring_brings_it_back(client):
    ben_wins()
    first = ben_wins()
    before = board(client.get("/ratings/").content.decode())
    client.post(f"/games/{first.pk}/delete/")
    assert Game.objects.get(pk=first.pk).is_deleted
    assert [g for _, _, g in board(client.get("/ratings/").content.decode())] == ["1"] * 4
    client.post(f"/games/{first.pk}/restore/")
    assert board(client.get("/ratings/").content.decode()) == before


def test_an_edit_that_changes_the_winner_changes_the_ratings(client):
    game = ben_wins()
    assert board(client.get("/ratings/").content.decode())[0][0] == "Ben"
    last = game.live_hands()[-1]
    # The last hand was Ana's after all: Ben stays at 39, and Ana wins later.
    client.post(
        f"/games/{game.pk}/hands/{last.pk}/edit/",
        {"bidder": "1", "bid": "5", "tricks": ["4", "3", "3", "3"], "reopen": "1"},
    )
    assert not Game.objects.get(pk=game.pk).is_finished
    assert "No finished games to rate yet." in client.get("/ratings/").content.decode()


def test_merging_a_duplicate_rates_their_games_as_one_player(client):
    ben_wins()
    ben_wins(names=("Ana", "Benny", "Cy", "Dee"))
    ben, benny = Player.objects.get(name="Ben"), Player.objects.get(name="Benny")
    client.get("/ratings/")
    client.post(f"/players/{ben.pk}/merge/", {"duplicate": benny.pk})
    rows = board(client.get("/ratings/").content.decode())
    assert rows[0][0] == "Ben" and rows[0][2] == "2"
    assert "Benny" not in [name for name, _, _ in rows]


def test_another_groups_games_are_not_in_this_groups_ratings(client):
    from tests.factories import make_user
    from vinescore.accounts.models import Group

    elsewhere = Group.objects.start("Elsewhere", make_user("someone"))
    make_game(names=("Zed", "Yan", "Xu", "Wil"), hands=[BEN_13] * 4, group=elsewhere)
    ben_wins()
    names = {name for name, _, _ in board(client.get("/ratings/").content.decode())}
    assert names == {"Ana", "Ben", "Cy", "Dee"}


def test_rebuild_ratings_computes_every_groups_ratings_from_the_start(capsys):
    ben_wins()
    ana_wins()
    GroupRatings.objects.create(group=default_group(), history="stale", games=9, ratings={})
    call_command("rebuild_ratings")
    out = capsys.readouterr().out
    assert "Game night: 2 games, 4 players rated" in out
    kept = GroupRatings.objects.get()
    assert (kept.games, kept.ratings["by_family"]) == (2, {"Coralon": 2})
    assert kept.history == service.history_digests(service.history(default_group().pk))[-1]


def test_rebuild_ratings_names_a_group_that_is_not_there():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="No group with id 999"):
        call_command("rebuild_ratings", "--group", "999")


def test_level_ratings_share_a_place(client):
    ben_wins()
    body = client.get("/ratings/").content.decode()
    places = re.findall(r"<tr>\s*<td>(\d+)</td>", body)
    # Ana, Cy and Dee lost alike behind Ben.
    assert places == ["1", "2", "2", "2"]


@pytest.mark.parametrize("page", ["/ratings/", "/ratings/?game=chess", "player"])
def test_the_ratings_are_shown_in_german_with_no_english_left(client, page):
    from tests.web.test_every_page_in_german import both, english_left

    ben_wins()
    make_game("bishop", NAMES[:5], hands=[BISHOP_MADE] * 4)
    url = f"/players/{Player.objects.get(name='Ben').pk}/" if page == "player" else page
    english, german = both(client, url)
    assert german.status_code == english.status_code
    assert "Wertung" in german.text and "vorläufig, bis 5 Spiele gespielt sind" in german.text
    # Ben's rating, written the German way.
    assert re.search(r"<strong>\d+,\d</strong>", german.text)
    assert not english_left(english.text, german.text)


def test_a_second_look_at_the_ratings_reads_the_history_and_computes_nothing(client):
    def queries() -> list[str]:
        with CaptureQueriesContext(connection) as captured:
            assert client.get("/ratings/").status_code == 200
        return [q["sql"] for q in captured]

    ben_wins()
    queries()
    few = queries()
    for _ in range(5):
        ben_wins()
        ana_wins()
    queries()  # played on, and kept
    again = queries()
    assert len(again) == len(few)
    # No hand, nor the list of games, is read again: the history's stamp
    # and the kept ratings.
    assert not [q for q in again if "table_hand" in q or "ORDER BY" in q and "table_game" in q]
    assert len([q for q in again if "leaderboard_groupratings" in q]) == 1


def test_games_imported_from_a_file_are_rated_in_the_order_they_were_played(client, tmp_path):
    import io

    ben_wins()
    path = tmp_path / "games.json"
    call_command("export_games", "-o", str(path), stderr=io.StringIO())
    # The file's game was played before anything here: Ana won here since.
    Game.objects.all().delete()
    client.get("/ratings/")
    later = ana_wins()
    assert board(client.get("/ratings/").content.decode())[0][0] == "Ana"
    call_command("import_games", str(path), stdout=io.StringIO())
    imported = Game.objects.exclude(pk=later.pk).get()
    assert imported.created_at < later.created_at
    rows = board(client.get("/ratings/").content.decode())
    assert [g for _, _, g in rows] == ["2"] * 4
    # Rated in the order played: the file's game first, not as it came in.
    kept = GroupRatings.objects.get().ratings
    played = service.evidence([imported.pk, later.pk])
    assert kept == rate(played).as_dict() != rate(played[::-1]).as_dict()


def test_after_one_game_winner_and_last_read_the_same_plain_words(client):
    ben_wins()
    rows = _rows_with_words(client)
    assert rows[0][0] == "Ben" and rows[-1][0] != "Ben"
    assert {certainty for _, certainty, _, _ in _rows_with_words(client)} == {
        "provisional until 5 games"
    }
    assert "settling" not in client.get("/ratings/").content.decode()


def _rows_with_words(client):
    body = client.get("/ratings/").content.decode()
    return re.findall(
        r'<th scope="row"><a href="/players/\d+/">([^<]+)</a><br><span class="hint">([^<]+)'
        r"</span></th>\s*<td><strong>([-\d.]+)</strong></td>\s*<td>(\d+)</td>",
        body,
    )


def test_five_games_make_a_rating_established(client):
    for _ in range(5):
        ben_wins()
    assert {words for _, words, _, _ in _rows_with_words(client)} == {"established"}


def test_baronets_board_says_it_is_bishops_family(client):
    session = make_game("baronet", NAMES[:5], hands=[BISHOP_MADE])
    session.ended = True
    session.save(update_fields=["ended"])
    session.refresh_result()
    response = client.get("/ratings/", {"game": "baronet"})
    body = response.content.decode()
    assert response.status_code == 200
    assert "<h1>Ratings: Bishop</h1>" in body
    assert "One board for the Bishop family: Bishop, Baronet." in body
