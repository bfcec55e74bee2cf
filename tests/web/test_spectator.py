"""A spectator link: the live sheet, read only, for anyone holding it, until
it is withdrawn. And pages kept for one visitor are never served to another
who may do less."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_game, make_member
from tests.phone import Phone
from vinescore.accounts.models import Membership
from vinescore.table.links import SpectatorLink

pytestmark = pytest.mark.django_db
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
BEN_MAKES_4 = {"bidder": "1", "bid": "4", "tricks": ["3", "4", "2", "4"]}


def share(client, game) -> str:
    """A member makes a spectator link; its address, as the join page shows it."""
    response = client.post(f"/games/{game.pk}/watch-links/")
    assert response.status_code == 302
    return f"/watch/{game.watch_links.get().token}/"


def test_a_member_shares_a_game_and_a_stranger_watches_the_sheet_alone(client):
    game = make_game(hands=[EXACT_BEN])
    share(client, game)
    join = client.get(f"/games/{game.pk}/join/").content.decode()
    assert join.count("<svg") == 2  # the game's QR, and the link's
    # The link as the join page shows it (signed when shown, so its
    # timestamp is the page's own).
    address = re.search(r"/watch/[^/\"]+/", join)[0]
    response = Phone(user=None).get(address)
    body = response.content.decode()
    assert response.status_code == 200
    assert "data-total>17<" in body.replace(" ", "") or "17" in body
    assert "Watching · read only" in body
    for absent in ("<form", "/history/", "/players/", "Other phones", "Change log", ">Edit<"):
        assert absent not in body, absent


def test_the_spectator_sheet_stays_live(client):
    game = make_game(hands=[EXACT_BEN])
    token = SpectatorLink.objects.create(game=game).token
    live = f"/watch/{token}/live/"
    stranger = Phone(user=None)
    shown = f'"{game.pk}.{game.version}.en-gb"'
    headers = {"HX-Request": "true", "If-None-Match": shown}
    with CaptureQueriesContext(connection) as ctx:
        assert stranger.get(live, headers=headers).status_code == 304
    assert len(ctx.captured_queries) == 1
    client.post(f"/games/{game.pk}/hands/", BEN_MAKES_4)
    response = stranger.get(live, headers=headers)
    assert response.status_code == 200
    body = response.content.decode()
    assert "Ben bid 4" in body and "on another phone" not in body  # no form to be overtaken
    assert "<form" not in body and f'hx-get="{live}"' in body


def test_a_withdrawn_link_shows_nothing_and_says_why(client):
    game = make_game(hands=[EXACT_BEN])
    address = share(client, game)
    link = game.watch_links.get()
    client.post(f"/games/{game.pk}/watch-links/{link.pk}/revoke/")
    stranger = Phone(user=None)
    response = stranger.get(address)
    assert response.status_code == 410
    assert "This link was withdrawn" in response.content.decode()
    polled = stranger.get(address + "live/", headers={"HX-Request": "true"})
    assert polled.status_code == 410 and polled["HX-Refresh"] == "true"


def test_a_link_not_signed_here_is_not_found():
    game = make_game()
    assert Phone(user=None).get(f"/watch/{game.pk}/").status_code == 404
    forged = SpectatorLink.objects.create(game=game).token[:-2] + "xx"
    assert Phone(user=None).get(f"/watch/{forged}/").status_code == 404


def test_a_viewer_cannot_share_or_withdraw_a_link():
    game = make_game()
    link = SpectatorLink.objects.create(game=game)
    make_member("vic", Membership.VIEWER)
    viewer = Phone(user="vic")
    assert "Make a spectator link" not in viewer.get(f"/games/{game.pk}/join/").content.decode()
    assert viewer.post(f"/games/{game.pk}/watch-links/").status_code == 403
    assert viewer.post(f"/games/{game.pk}/watch-links/{link.pk}/revoke/").status_code == 403
    link.refresh_from_db()
    assert game.watch_links.count() == 1 and link.revoked_at is None


def test_a_kept_sheet_is_kept_apart_for_members_viewers_and_spectators(client):
    game = make_game(hands=[EXACT_BEN])
    make_member("vic", Membership.VIEWER)
    token = SpectatorLink.objects.create(game=game).token
    member_page = client.get(game.get_absolute_url()).content.decode()  # kept first
    viewer_page = Phone(user="vic").get(game.get_absolute_url()).content.decode()
    watcher_page = Phone(user=None).get(f"/watch/{token}/").content.decode()
    assert 'id="hand-form"' in member_page and ">Edit<" in member_page
    assert 'id="hand-form"' not in viewer_page and ">Edit<" not in viewer_page
    assert "Change log" in viewer_page
    assert "<form" not in watcher_page and "Change log" not in watcher_page
    # Each sees their own name in the top bar, not the one the page was kept for.
    assert ">member<" in member_page and ">vic<" in viewer_page and ">member<" not in viewer_page


def test_kept_history_and_player_pages_are_kept_apart_by_role(client):
    game = make_game(hands=[EXACT_BEN])
    make_member("vic", Membership.VIEWER)
    ana = game.seats.get(position=0).player
    assert "Import games" in client.get("/history/").content.decode()
    assert "Merge a duplicate" in client.get(f"/players/{ana.pk}/").content.decode()
    viewer = Phone(user="vic")
    assert "Import games" not in viewer.get("/history/").content.decode()
    assert "Merge a duplicate" not in viewer.get(f"/players/{ana.pk}/").content.decode()
