"""Deleting a whole game: a page that names it and its hands asks first; the
game then leaves the games list, History, the players' pages, stats, head to
head and charts; Undo right after brings it back; an owner sees the group's
deleted games and restores them for 30 days, after which they are gone."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import make_game, make_member, make_user
from tests.phone import Phone
from vinescore.table.models import Game, GameChange, Player

pytestmark = pytest.mark.django_db
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}  # Ben scores 13
BEN_MAKES_4 = {"bidder": "1", "bid": "4", "tricks": ["3", "4", "2", "4"]}


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def owner() -> Phone:
    phone = Phone(user=None)
    phone.force_login(make_user("owner"))
    return phone


def delete(phone, game, **data):
    return phone.post(f"/games/{game.pk}/delete/", {"key": "delete-key-0123456789", **data})


def test_the_confirmation_names_the_game_its_players_and_its_hands(client):
    game = make_game(target=200, hands=[EXACT_BEN] * 3)
    page = text(client.get(f"/games/{game.pk}/delete/"))
    assert f"Delete Coralon #{game.pk}?" in page
    assert "Ana, Ben, Cy, Dee · 3 hands · in progress" in page
    assert "It leaves the games list, History, the players' pages" in page
    assert Game.objects.live().filter(pk=game.pk).exists()


def test_the_sheet_links_to_it_for_members_only(client):
    game = make_game(hands=[EXACT_BEN])
    assert f'href="/games/{game.pk}/delete/">Delete this game</a>' in text(
        client.get(game.get_absolute_url())
    )
    viewer = Phone(user=None)
    viewer.force_login(make_member("vic", "viewer"))
    assert "Delete this game" not in text(viewer.get(game.get_absolute_url()))
    assert viewer.get(f"/games/{game.pk}/delete/").status_code == 403
    assert delete(viewer, game).status_code == 403
    assert not Game.objects.get(pk=game.pk).is_deleted


def test_a_deleted_game_leaves_the_games_list_and_history(client):
    kept = make_game(hands=[EXACT_BEN])
    gone = make_game(kind="thief", names=("Ana", "Ben", "Cy"))
    for url in ("/", "/history/"):
        assert f"/games/{gone.pk}/" in text(client.get(url))  # kept in the cache first
    response = delete(client, gone)
    assert response.status_code == 302 and response["Location"] == "/"
    for url in ("/", "/history/"):
        page = text(client.get(url))
        assert f'href="/games/{gone.pk}/"' not in page and f"/games/{kept.pk}/" in page
    assert "1 game" in text(client.get("/history/"))


def test_a_deleted_game_leaves_the_players_pages_stats_and_head_to_head(client):
    make_game(target=10, hands=[EXACT_BEN])  # Ben wins
    mistake = make_game(target=10, hands=[EXACT_BEN])
    ben, ana = Player.objects.get(name="Ben"), Player.objects.get(name="Ana")
    before = text(client.get(f"/players/{ben.pk}/"))  # kept in the cache
    assert "2 finished games" in before and "Game 2: won" in before
    delete(client, mistake)
    after = text(client.get(f"/players/{ben.pk}/"))
    assert "1 finished game " in after and f"/games/{mistake.pk}/" not in after
    assert "Game 1: won" in after and "Game 2: won" not in after  # the chart
    from vinescore.history.stats import head_to_head, player_stats

    stats = player_stats(ben)
    assert (stats.played, stats.won, stats.longest_streak) == (1, 1, 1)
    assert stats.results == [True]
    h2h = head_to_head(ben, ana)
    assert (h2h.one_won, len(h2h.games)) == (1, 1)
    assert f"/games/{mistake.pk}/" not in text(client.get(f"/players/{ben.pk}/vs/{ana.pk}/"))


def test_undo_right_after_brings_the_game_back_everywhere(client):
    game = make_game(hands=[EXACT_BEN] * 2)
    listed = client.get(delete(client, game)["Location"])
    page = text(listed)
    assert f"Coralon #{game.pk} deleted, with its 2 hands." in page
    version = re.search(r'name="version" value="(\d+)"', page)[1]
    response = client.post(
        f"/games/{game.pk}/restore/", {"version": version, "key": "undo-key-0123456789"}
    )
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert f'href="/games/{game.pk}/"' in text(client.get("/history/"))
    sheet = text(client.get(game.get_absolute_url()))
    assert "Hand 3" in sheet and "Ana" in sheet
    log = text(client.get(f"/games/{game.pk}/log/"))
    assert "The game was deleted, with its 2 hands." in log and "The game was restored." in log


def test_a_deleted_games_pages_answer_404_or_say_it_was_deleted(client):
    game = make_game(hands=[EXACT_BEN])
    hand = game.hands.get()
    delete(client, game)
    page = client.get(game.get_absolute_url())
    assert page.status_code == 404 and f"Coralon #{game.pk} was deleted" in text(page)
    assert "Restore this game" in text(page)  # just deleted: the member may still undo it
    for url in (
        f"/games/{game.pk}/log/",
        f"/games/{game.pk}/export.json",
        f"/games/{game.pk}/export.csv",
        f"/games/{game.pk}/join/",
        f"/games/{game.pk}/hands/{hand.pk}/edit/",
        f"/games/{game.pk}/delete/",
        f"/g/{game.pk}/",
    ):
        assert client.get(url).status_code == 404, url
    assert game.hands.count() == 1


def test_a_hand_sent_to_a_deleted_game_is_not_scored_and_the_phone_is_told(client):
    game = make_game(target=200, hands=[EXACT_BEN])
    delete(client, game)
    plain = client.post(f"/games/{game.pk}/hands/", BEN_MAKES_4)
    assert plain.status_code == 409
    assert "This game was deleted on another phone, so that hand was not scored." in text(plain)
    assert "Restore this game" in text(plain)
    htmx = client.post(f"/games/{game.pk}/hands/", BEN_MAKES_4, headers={"HX-Request": "true"})
    assert htmx["HX-Redirect"] == game.get_absolute_url()
    assert game.hands.count() == 1


def test_another_phone_on_the_sheet_is_sent_to_the_page_that_says_so(client):
    game = make_game(hands=[EXACT_BEN])
    shown = game.version
    delete(client, game)
    poll = client.get(
        f"/games/{game.pk}/live/",
        headers={"HX-Request": "true", "If-None-Match": f'"{game.pk}.{shown}.en-gb"'},
    )
    assert poll.status_code == 200 and poll["HX-Redirect"] == game.get_absolute_url()


def test_the_same_delete_sent_twice_deletes_once_and_another_phone_is_told(client):
    game = make_game(hands=[EXACT_BEN])
    version = str(game.version)
    first = delete(client, game, version=version)
    again = delete(client, game, version=version)
    assert first["Location"] == again["Location"] == "/"
    other = delete(client, game, version=version, key="other-phone-0123456789")
    assert other.status_code == 409
    assert "This game was already deleted on another phone." in text(other)
    assert game.changes.filter(action=GameChange.GAME_DELETED).count() == 1


def test_a_delete_drawn_before_a_hand_was_entered_is_refused(client):
    game = make_game(target=200, hands=[EXACT_BEN])
    version = str(game.version)
    client.post(f"/games/{game.pk}/hands/", BEN_MAKES_4)
    response = delete(client, game, version=version)
    assert response.status_code == 409
    assert "Hand 2 was already entered on another phone" in text(response)
    assert not Game.objects.get(pk=game.pk).is_deleted


def test_an_owner_sees_the_deleted_games_from_history_and_restores_one():
    game = make_game(hands=[EXACT_BEN] * 2)
    phone = owner()
    assert 'href="/games/deleted/">Deleted games</a>' in text(phone.get("/history/"))
    delete(phone, game)
    Game.objects.filter(pk=game.pk).update(deleted_at=timezone.now() - timedelta(days=29))
    page = text(phone.get("/games/deleted/"))
    assert f"Restore Coralon #{game.pk}" in page and "2 hands" in page
    version = re.search(r'name="version" value="(\d+)"', page)[1]
    restored = phone.post(f"/games/{game.pk}/restore/", {"version": version})
    assert restored["Location"] == game.get_absolute_url()
    assert "No deleted games." in text(phone.get("/games/deleted/"))
    assert not Game.objects.get(pk=game.pk).is_deleted


def test_members_do_not_see_the_deleted_games_and_cannot_restore_late(client):
    game = make_game(hands=[EXACT_BEN])
    assert "Deleted games" not in text(client.get("/history/"))
    assert client.get("/games/deleted/").status_code == 403
    delete(client, game)
    Game.objects.filter(pk=game.pk).update(deleted_at=timezone.now() - timedelta(hours=1))
    game.refresh_from_db()
    games = text(client.get("/"))  # told, but no longer offered Undo
    assert f"Coralon #{game.pk} deleted, with its 1 hand." in games and "Undo" not in games
    assert "Restore this game" not in text(client.get(game.get_absolute_url()))
    response = client.post(f"/games/{game.pk}/restore/", {"version": str(game.version)})
    assert response.status_code == 403
    assert "Only an owner of Game night can restore" in text(response)
    assert Game.objects.get(pk=game.pk).is_deleted


def test_after_30_days_a_deleted_game_is_gone_for_good():
    old, recent = make_game(hands=[EXACT_BEN]), make_game(hands=[EXACT_BEN])
    phone = owner()
    delete(phone, old)
    delete(phone, recent, key="second-key-0123456789")
    Game.objects.filter(pk=old.pk).update(deleted_at=timezone.now() - timedelta(days=31))
    assert phone.get(old.get_absolute_url()).status_code == 404
    assert f"Coralon #{old.pk}" not in text(phone.get(old.get_absolute_url()))
    assert phone.post(f"/games/{old.pk}/restore/", {"version": "1"}).status_code == 404
    page = text(phone.get("/games/deleted/"))  # the list purges what is past its days
    assert f"Restore Coralon #{recent.pk}" in page and f"Coralon #{old.pk}" not in page
    assert not Game.objects.filter(pk=old.pk).exists()
    assert Game.objects.filter(pk=recent.pk).exists()


def test_a_spectator_link_to_a_deleted_game_is_withdrawn(client):
    game = make_game(hands=[EXACT_BEN])
    client.post(f"/games/{game.pk}/watch-links/")
    link = game.watch_links.get()
    assert Phone(user=None).get(f"/watch/{link.token}/").status_code == 200
    delete(client, game)
    assert Phone(user=None).get(f"/watch/{link.token}/").status_code == 410


def test_same_table_as_last_time_skips_a_deleted_game(client):
    make_game(kind="thief", names=("Ana", "Ben", "Cy"))
    game = make_game(kind="thief", names=("Cy", "Dee", "Eli"))
    assert "Cy, Dee, Eli" in text(client.get("/games/new/"))
    delete(client, game)
    page = text(client.get("/games/new/"))
    assert "Cy, Dee, Eli" not in page and "Ana, Ben, Cy" in page


@pytest.mark.django_db(transaction=True)
def test_a_delete_racing_a_hand_from_two_phones_lets_exactly_one_through():
    from django.db import connection

    from tests.web.test_races import REPEATS, phone, race

    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL's row locks: CI runs the suite on PostgreSQL")
    for i in range(REPEATS):
        game = make_game(target=200, hands=[EXACT_BEN])
        version = str(game.version)
        answers = race(
            phone(f"/games/{game.pk}/delete/", {"version": version, "key": f"del-{i:016d}"}),
            phone(
                f"/games/{game.pk}/hands/",
                {**BEN_MAKES_4, "version": version, "key": f"hand-{i:016d}"},
            ),
        )
        statuses = sorted(getattr(a, "status_code", repr(a)) for a in answers)
        assert statuses == [302, 409], statuses
        game.refresh_from_db()
        deleted, scored = game.is_deleted, game.hands.count() == 2
        assert deleted != scored  # exactly one of them happened
        refused = next(a for a in answers if a.status_code == 409).content.decode()
        if deleted:
            assert "This game was deleted on another phone, so that hand was not scored" in refused
        else:
            assert "Hand 2 was already entered on another phone" in refused
