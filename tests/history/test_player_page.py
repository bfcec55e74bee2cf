import re
from collections import Counter
from unittest import mock

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils.html import strip_tags
from hypothesis import given
from hypothesis import settings as examples
from hypothesis import strategies as st

from tests.factories import NAMES, make_game, make_player
from tests.phone import Phone
from vinescore.history import player_views
from vinescore.history.stats import player_stats, streaks
from vinescore.table.models import Game, Player

pytestmark = pytest.mark.django_db

BEN_13 = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}  # Ben bids 13, takes 13
ANA_13 = {"bidder": 0, "bid": 13, "tricks": [13, 0, 0, 0]}
ANA_MISSES = {"bidder": 0, "bid": 5, "tricks": [3, 4, 4, 2]}


def ben_wins():
    return make_game(hands=[BEN_13] * 4)


def ana_wins():
    return make_game(hands=[ANA_MISSES, ANA_13, ANA_13, ANA_13, ANA_13])


def test_streaks_count_the_current_and_longest_runs_of_wins():
    assert streaks([True, True, False, True, True, True, False, True]) == (1, 3)
    assert streaks([]) == (0, 0)


def test_a_players_record_adds_up_their_games():
    ben_wins()
    ben_wins()
    ana_wins()
    make_game("chevalier")  # still in progress
    ana = player_stats(Player.objects.get(name="Ana"))
    assert (ana.played, ana.won, ana.win_rate, ana.in_progress) == (3, 1, 33, 1)
    # Ana bid in her own game only: a miss at 5, then four exact 13s.
    assert (ana.bids, ana.bids_made, ana.average_bid) == (5, 4, 11.4)
    assert ana.best_hand.best_hand == 13
    assert (ana.current_streak, ana.longest_streak) == (1, 1)
    assert (ana.rival, ana.rival_wins) == ("Ben", 2)
    assert ana.by_game[0].name == "Coralon" and ana.by_game[0].played == 3


def test_coin_games_show_net_coins():
    make_game(
        "baronet",
        NAMES[:5],
        hands=[{"bidder": 0, "bid": 6, "block": "war", "trump": "Cups", "partner": 2, "points": 7}],
    )
    assert player_stats(Player.objects.get(name="Ana")).net_coins == 12
    assert player_stats(Player.objects.get(name="Ben")).net_coins == -6


def test_editing_a_hand_updates_the_players_record(client):
    game = ben_wins()
    last = game.live_hands()[-1]
    # The game is won: its hand changes once its Reopen page was answered.
    client.post(
        f"/games/{game.pk}/hands/{last.pk}/edit/",
        {"bidder": "1", "bid": "5", "tricks": ["4", "3", "3", "3"], "reopen": "1"},
    )
    ben = player_stats(Player.objects.get(name="Ben"))
    assert (ben.played, ben.bids, ben.bids_made) == (0, 4, 3)


def test_the_player_page_shows_the_record(client):
    ben_wins()
    ana_wins()
    ana = Player.objects.get(name="Ana")
    body = client.get(f"/players/{ana.pk}/").content.decode()
    assert "Win rate" in body and "50%" in body
    assert "Loses most often to" in body and "Ben (1 game)" in body
    # Bids made, as read on the page (the line may break after the slash).
    assert re.search(r"Bids made\s*4/5\b", strip_tags(body))


def page_queries(client, player: Player) -> tuple[int, int]:
    """Queries for the first look at a player's page, then for a second."""
    cache.clear()
    counts = []
    for _ in range(2):
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(f"/players/{player.pk}/").status_code == 200
        # Each request is a transaction (a savepoint inside the test's): not a lookup.
        counts.append(sum("SAVEPOINT" not in q["sql"] for q in ctx.captured_queries))
    return counts[0], counts[1]


def test_the_player_page_queries_do_not_grow_with_their_games(client):
    ben_wins()
    ana = Player.objects.get(name="Ana")
    few = page_queries(client, ana)
    for _ in range(8):
        ben_wins()
        ana_wins()
    assert page_queries(client, ana) == few


def test_a_second_look_at_a_player_adds_nothing_up_again(client):
    ben_wins()
    ana = Player.objects.get(name="Ana")
    # Her record and the group's ratings are kept in the database.
    client.get(f"/players/{ana.pk}/")
    first, second = page_queries(client, ana)
    # The second look reads the session with its person and their groups
    # (with when the group's games last changed), and the player with the
    # group's other players; the page below the top bar is found kept.
    assert second == 2
    # First: those two, the record's version and the record kept for it,
    # her latest games' cards (two), and the group's ratings (their stamp
    # and the kept ones).
    assert first == 8


def test_a_players_record_is_added_up_once_for_every_worker(client):
    """Kept in the database (settings.CACHES["records"]), not in one worker's
    memory: a worker that has kept nothing, or one just restarted, finds it
    there; a game of hers moving makes a new version, added up once."""
    ben_wins()
    ana = Player.objects.get(name="Ana")
    page = f"/players/{ana.pk}/"
    client.get(page)
    with mock.patch.object(
        player_views, "player_record", wraps=player_views.player_record
    ) as added_up:
        cache.clear()  # nothing kept in this worker's memory
        assert "1 finished game" in client.get(page).content.decode()
        assert added_up.call_count == 0
        ana_wins()
        for _ in range(2):
            cache.clear()
            body = strip_tags(client.get(page).content.decode())
            assert "2 finished games" in body
            assert re.search(r"Won\s*1\b", body)
        assert added_up.call_count == 1


def test_two_members_are_served_the_same_kept_page_each_with_their_own_token(
    django_assert_num_queries,
):
    ben_wins()
    ana = Player.objects.get(name="Ana")
    phones = [Phone(user="member", enforce_csrf_checks=True), Phone(user="another")]
    for phone in phones:
        phone.sign_in()
    bodies = [phones[0].get(f"/players/{ana.pk}/").content.decode()]
    with django_assert_num_queries(2):  # drawn for the first member, found kept
        bodies.append(phones[1].get(f"/players/{ana.pk}/").content.decode())
    kept = [body[body.index('<p class="muted">1 finished game') :] for body in bodies]
    assert kept[0] == kept[1]
    assert "Loses most often to" in kept[0] and "Latest games" in kept[0]
    tokens = [
        re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', body).group(1) for body in bodies
    ]
    assert tokens[0] != tokens[1] and not any(token in kept[0] for token in tokens)
    # Each member's own token is the one their "This is me" carries.
    linked = phones[0].post(
        f"/players/{ana.pk}/me/", {"link": "yes", "csrfmiddlewaretoken": tokens[0]}
    )
    assert linked.status_code == 302
    assert "This is member's own record." in phones[1].get(f"/players/{ana.pk}/").content.decode()
    with django_assert_num_queries(2):  # the account's name is read with the player
        assert "This is member's own record." in phones[0].get(f"/players/{ana.pk}/").text


def test_a_kept_player_page_is_never_stale(client):
    game = ben_wins()
    ana = Player.objects.get(name="Ana")

    def page() -> str:
        return client.get(f"/players/{ana.pk}/").content.decode()

    assert "1 finished game ·" in page() and "1 finished game ·" in page()  # kept
    ana_wins()  # a game added
    assert "2 finished games" in page()
    assert '<span class="who">Won</span><span class="score">1</span>' in page()
    # The last hand of Ben's game edited: Ben has not won it yet after all.
    last = game.live_hands()[-1]
    client.post(
        f"/games/{game.pk}/hands/{last.pk}/edit/",
        {"bidder": "1", "bid": "5", "tricks": ["4", "3", "3", "3"], "reopen": "1"},
    )
    assert "1 finished game · 1 in progress" in page()
    client.post(f"/games/{game.pk}/delete/")
    assert "in progress" not in page()
    assert "1 finished game ·" in page()


def test_the_player_page_shows_a_game_finished_after_it_was_first_shown(client):
    ben_wins()
    ana = Player.objects.get(name="Ana")
    assert "Loses most often to" in client.get(f"/players/{ana.pk}/").content.decode()
    game = make_game(hands=[ANA_MISSES, ANA_13, ANA_13, ANA_13])
    before = client.get(f"/players/{ana.pk}/").content.decode()
    assert "1 finished game ·" in before and "1 in progress" in before
    client.post(
        f"/games/{game.pk}/hands/", {"bidder": "0", "bid": "13", "tricks": ["13", "0", "0", "0"]}
    )
    after = client.get(f"/players/{ana.pk}/").content.decode()
    assert "2 finished games" in after and "in progress" not in after
    assert '<span class="who">Won</span><span class="score">1</span>' in after


def test_the_player_page_shows_a_rival_renamed_after_it_was_first_shown(client):
    ben_wins()
    ana, ben = Player.objects.get(name="Ana"), Player.objects.get(name="Ben")
    assert "Ben (1 game)" in client.get(f"/players/{ana.pk}/").content.decode()
    client.post(f"/players/{ben.pk}/rename/", {"name": "Benedict"})
    assert "Benedict (1 game)" in client.get(f"/players/{ana.pk}/").content.decode()


def test_a_game_deleted_in_the_admin_leaves_the_player_page(client):
    game = ben_wins()
    ana = Player.objects.get(name="Ana")
    assert "1 finished game ·" in client.get(f"/players/{ana.pk}/").content.decode()
    game.delete()
    assert "0 finished games" in client.get(f"/players/{ana.pk}/").content.decode()


def test_head_to_head_counts_who_came_out_ahead(client):
    ben_wins()
    ben_wins()
    ana_wins()
    ana, ben = Player.objects.get(name="Ana"), Player.objects.get(name="Ben")
    response = client.get(f"/players/{ana.pk}/", {"other": ben.pk})
    assert response.status_code == 302
    body = client.get(response["Location"]).content.decode()
    assert "Ana v Ben" in body
    assert '<span class="who">Ana ahead</span><span class="score">1</span>' in body
    assert '<span class="who">Ben ahead</span><span class="score">2</span>' in body


def test_comparing_with_nobody_or_oneself_is_refused(client):
    ben_wins()
    ana = Player.objects.get(name="Ana")
    for other in ("", "x", str(ana.pk), "9999"):
        response = client.get(f"/players/{ana.pk}/", {"other": other})
        assert response.status_code == 422
        assert "Choose another player to compare with." in response.content.decode()
    assert client.get(f"/players/{ana.pk}/vs/{ana.pk}/").status_code == 404


def test_a_seat_given_to_someone_else_leaves_the_old_players_page(client):
    game = ben_wins()
    ana = Player.objects.get(name="Ana")
    assert "1 finished game ·" in client.get(f"/players/{ana.pk}/").content.decode()
    game.replace_player(game.seats.get(player=ana).position, make_player("Eli"))
    assert "0 finished games" in client.get(f"/players/{ana.pk}/").content.decode()


def test_games_deleted_in_the_admins_list_leave_the_player_page(admin_client, client):
    game = ben_wins()
    ana = Player.objects.get(name="Ana")
    assert "1 finished game ·" in client.get(f"/players/{ana.pk}/").content.decode()
    admin_client.post(
        "/admin/table/game/",
        {"action": "delete_selected", "_selected_action": [game.pk], "post": "yes"},
    )
    assert not Game.objects.filter(pk=game.pk).exists()
    assert "0 finished games" in client.get(f"/players/{ana.pk}/").content.decode()


@examples(max_examples=20, deadline=None)
@given(
    games=st.lists(
        st.tuples(st.permutations(NAMES[:5]), st.integers(0, 3), st.booleans()), max_size=6
    )
)
def test_the_record_read_in_one_go_agrees_with_each_game_counted_by_hand(games):
    """Whoever sits where, wins, or has not finished yet: Ana's figures, her
    streaks and her rival (who won most of the games she lost, the first
    name on a tie) are what counting her finished games one by one gives."""
    with transaction.atomic():
        ana = make_player("Ana")  # in no game at all, as may be drawn
        for seating, winner, finished in games:
            names = tuple(seating[:4])
            sweep = {"bidder": winner, "bid": 13, "tricks": [13 * (i == winner) for i in range(4)]}
            make_game(names=names, hands=[sweep] * (4 if finished else 1))
        stats = player_stats(ana)

        hers = Game.objects.filter(seats__player=ana).order_by("finished_at", "pk")
        over = [game for game in hers if game.finished_at is not None]
        won = [game.seats.get(player=ana).won for game in over]
        beaten_by = Counter(
            seat.player.name
            for game, ana_won in zip(over, won, strict=True)
            if not ana_won
            for seat in game.seats.filter(won=True)
        )
        rival = min(beaten_by.items(), key=lambda item: (-item[1], item[0]), default=("", 0))
        assert (stats.played, stats.won, stats.in_progress) == (
            len(over),
            sum(won),
            len(hers) - len(over),
        )
        assert stats.results == won
        assert (stats.rival, stats.rival_wins) == rival
        transaction.set_rollback(True)
