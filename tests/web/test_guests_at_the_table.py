"""A table link: anyone at the table scores the table's games from their own
phone, without an account (enter, edit, delete and restore their hands, and
follow the live sheet), and reaches nothing else of the group. It outlives
the end of a game and follows the table into each rematch; it ends when a
member withdraws it, or after 24 hours, and is then refused with a page
that says why. The change log says which hands a guest entered, and whose
phone it was once the guest said who they are."""

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.factories import make_game, make_member
from tests.phone import Phone
from vinescore.table.links import TableLink
from vinescore.table.models import GameChange

pytestmark = pytest.mark.django_db
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
BEN_MAKES_4 = {"bidder": "1", "bid": "4", "tricks": ["3", "4", "2", "4"]}
ANA_MAKES_2 = {"bidder": "0", "bid": "2", "tricks": ["2", "4", "4", "3"]}
HTMX = {"HX-Request": "true"}


def table_link(client, game) -> str:
    """A member shows the table link; its path, as the join panel shows it."""
    assert client.post(f"/games/{game.pk}/table-links/").status_code == 302
    path = f"/t/{game.table_links.get().code}/"
    assert f'href="http://testserver{path}"' in text(client, game)
    return path


def text(client, game) -> str:
    return client.get(f"/games/{game.pk}/join/").content.decode()


def seated_guest(client, game) -> Phone:
    """A phone with no account that scanned the game's table link."""
    guest = Phone(user=None)
    response = guest.get(table_link(client, game))
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    return guest


def totals(game) -> list[int]:
    game.refresh_from_db()
    return game.final_totals


def test_a_guest_scans_the_table_link_and_scores_a_hand(client):
    game = make_game()
    guest = seated_guest(client, game)
    sheet = guest.get(game.get_absolute_url()).content.decode()
    assert 'id="hand-form"' in sheet and 'guest-mark">Guest</span>' in sheet
    response = guest.post(f"/games/{game.pk}/hands/", BEN_MAKES_4)
    assert response.status_code == 302
    assert totals(game) == [0, 4, 0, 0]
    # The member sees it too.
    assert game.hands.count() == 1


def test_a_guest_sees_the_hand_they_scored_by_htmx_and_the_live_sheet(client):
    game = make_game(hands=[EXACT_BEN])
    guest = seated_guest(client, game)
    response = guest.post(f"/games/{game.pk}/hands/", BEN_MAKES_4, headers=HTMX)
    assert response.status_code == 200 and "Hand 2 scored" in response.content.decode()
    game.refresh_from_db()
    live = f"/games/{game.pk}/live/"
    shown = {**HTMX, "If-None-Match": f'"{game.pk}.{game.version}.en-gb"'}
    with CaptureQueriesContext(connection) as ctx:
        assert guest.get(live, headers=shown).status_code == 304
    # A member's idle check is one query (the session row joined to the
    # game); a guest's phone, which no membership matches, then reads its
    # session and its table link: three, and still no render.
    assert len(ctx.captured_queries) == 3
    client.post(f"/games/{game.pk}/hands/", ANA_MAKES_2)
    # The guest was typing a hand: they are told what moved on.
    response = guest.get(live, headers={**shown, "X-Hand-Typed": "true"})
    assert response.status_code == 200
    assert "Hand 3 was already entered on another phone." in response.content.decode()


def test_a_guest_edits_deletes_and_restores_a_hand(client):
    game = make_game(hands=[EXACT_BEN])
    hand = game.hands.get()
    guest = seated_guest(client, game)
    assert guest.get(f"/games/{game.pk}/hands/{hand.pk}/edit/").status_code == 200
    assert guest.post(f"/games/{game.pk}/hands/{hand.pk}/edit/", BEN_MAKES_4).status_code == 302
    assert totals(game) == [0, 4, 0, 0]
    response = guest.post(f"/games/{game.pk}/hands/{hand.pk}/delete/")
    assert response["Location"] == game.get_absolute_url()
    assert totals(game) == [0, 0, 0, 0]
    undo = guest.get(response["Location"]).content.decode()
    assert "Hand 1 deleted; totals after it were recomputed." in undo
    guest.post(f"/games/{game.pk}/hands/{hand.pk}/restore/")
    assert totals(game) == [0, 4, 0, 0]


def test_the_change_log_names_the_hands_a_guest_changed(client):
    game = make_game()
    client.post(f"/games/{game.pk}/hands/", ANA_MAKES_2)
    guest = seated_guest(client, game)
    guest.post(f"/games/{game.pk}/hands/", BEN_MAKES_4)
    hand = game.hands.order_by("position").last()
    guest.post(f"/games/{game.pk}/hands/{hand.pk}/delete/")
    changes = game.changes.order_by("pk")
    assert [(c.action, c.by_guest) for c in changes] == [
        (GameChange.ADDED, False),
        (GameChange.ADDED, True),
        (GameChange.DELETED, True),
    ]
    log = guest.get(f"/games/{game.pk}/log/").content.decode()
    assert log.count("Entered by a guest at the table.") == 1
    assert log.count("Deleted by a guest at the table.") == 1
    assert log.count("by a guest") == 2  # the member's hand is not theirs
    guest.post(f"/games/{game.pk}/hands/{hand.pk}/restore/")
    german = guest.get(f"/games/{game.pk}/log/", headers={"Accept-Language": "de"})
    log = german.content.decode()
    assert log.count("Von einem Gast am Tisch eingetragen.") == 1
    assert log.count("Von einem Gast am Tisch gelöscht.") == 1
    assert log.count("Von einem Gast am Tisch wiederhergestellt.") == 1
    assert "by a guest" not in log


def test_a_guest_reaches_nothing_else_of_the_group(client):
    game = make_game()
    other = make_game()
    guest = seated_guest(client, game)
    for path in (
        "/",
        "/history/",
        "/players/",
        f"/games/{other.pk}/",
        f"/games/{game.pk}/join/",
        f"/games/{game.pk}/export.json",
        "/games/import/",
    ):
        response = guest.get(path)
        assert response.status_code == 302 and response["Location"].startswith(
            "/accounts/login/"
        ), path
    for path in ("note/", "end/", "rematch/", "table-links/", "watch-links/"):
        response = guest.post(f"/games/{game.pk}/{path}", {"note": "guest was here"})
        assert response["Location"].startswith("/accounts/login/"), path
    game.refresh_from_db()
    assert game.note == "" and not game.table_links.exclude(revoked_at=None).exists()
    assert guest.get(f"/games/{other.pk}/live/", headers=HTMX).status_code == 404
    sheet = guest.get(game.get_absolute_url()).content.decode()
    for absent in ("Other phones", "Save note", "export.json", "/history/", "End the game"):
        assert absent not in sheet, absent


def test_the_table_link_outlives_the_end_of_the_game(client):
    game = make_game(hands=[EXACT_BEN] * 3)
    guest = seated_guest(client, game)
    # The guest scores the winning hand (Ben, at 39, makes 4), and sees who won.
    response = guest.post(f"/games/{game.pk}/hands/", BEN_MAKES_4, headers=HTMX)
    assert response.status_code == 200 and "Ben wins" in response.content.decode()
    game.refresh_from_db()
    assert game.is_finished
    # The final sheet and its standings stay open to the guest, and idle.
    sheet = guest.get(game.get_absolute_url()).content.decode()
    assert "Ben wins" in sheet and "1st" in sheet and 'id="hand-form"' not in sheet
    assert "Undo the last hand" not in sheet and "Reopen to change a hand" in sheet
    assert "Rematch" not in sheet  # a member starts the next game
    poll = {**HTMX, "If-None-Match": f'"{game.pk}.{game.version}.en-gb"'}
    assert guest.get(f"/games/{game.pk}/live/", headers=poll).status_code == 304
    response = guest.post(f"/games/{game.pk}/hands/", BEN_MAKES_4)
    assert response.status_code == 409
    assert "This game is finished: reopen it to play more hands." in response.content.decode()
    assert game.hands.count() == 4
    # A new phone may still scan it, and the members' panel still shows it.
    assert Phone(user=None).get(f"/t/{game.table_links.get().code}/").status_code == 302
    assert "Withdraw this table link" in client.get(f"/games/{game.pk}/join/").content.decode()


def test_a_guest_fixes_the_winning_hand_through_reopen(client):
    game = make_game(hands=[EXACT_BEN] * 3)
    guest = seated_guest(client, game)
    guest.post(f"/games/{game.pk}/hands/", BEN_MAKES_4)
    hand = game.hands.order_by("position").last()
    edit = f"/games/{game.pk}/hands/{hand.pk}/edit/"
    refused = guest.post(edit, ANA_MAKES_2)
    assert refused.status_code == 409
    assert "Coralon is over (Ben won): changing a hand reopens it" in refused.content.decode()
    page = guest.get(f"/games/{game.pk}/reopen/?hand={hand.pk}&then=edit")
    assert page.status_code == 200 and "Reopen and edit hand 4" in page.content.decode()
    assert guest.get(f"{edit}?reopen=1").status_code == 200
    assert guest.post(edit, {**ANA_MAKES_2, "reopen": "1"}).status_code == 302
    assert totals(game) == [2, 39, 0, 0] and not game.is_finished
    # Playing on to a higher target is for the group's members.
    assert guest.get(f"/games/{game.pk}/reopen/").status_code == 403
    actions = [(c.action, c.by_guest) for c in game.changes.order_by("pk")][-2:]
    assert actions == [(GameChange.REOPENED, True), (GameChange.EDITED, True)]


def finished_with_a_guest(client) -> tuple:
    game = make_game(hands=[EXACT_BEN] * 4)
    assert game.is_finished
    return game, seated_guest(client, game)


def test_a_guest_follows_the_table_into_the_rematch_without_a_new_scan(client):
    game, guest = finished_with_a_guest(client)
    shown = {**HTMX, "If-None-Match": f'"{game.pk}.{game.version}.en-gb"'}
    response = client.post(f"/games/{game.pk}/rematch/")
    rematch = game.changes.get(action=GameChange.REMATCH).after["game"]
    assert response["Location"] == f"/games/{rematch}/"
    # The guest's open sheet hears of it at its next poll (or stream event)...
    live = guest.get(f"/games/{game.pk}/live/", headers=shown)
    assert live.status_code == 200
    body = live.content.decode()
    assert "The table went on to a rematch: open it" in body
    assert f'hx-get="/games/{game.pk}/next/" hx-trigger="load"' in body
    # ...which sends it on to the rematch.
    sent = guest.get(f"/games/{game.pk}/next/", headers=HTMX)
    assert sent["HX-Redirect"] == f"/games/{rematch}/"
    assert guest.get(f"/games/{game.pk}/next/")["Location"] == f"/games/{rematch}/"
    sheet = guest.get(f"/games/{rematch}/").content.decode()
    assert 'id="hand-form"' in sheet and 'guest-mark">Guest</span>' in sheet
    assert guest.post(f"/games/{rematch}/hands/", BEN_MAKES_4).status_code == 302
    change = GameChange.objects.get(game_id=rematch, action=GameChange.ADDED)
    assert change.by_guest
    # The finished game is still theirs to read; a game of another table is not.
    assert guest.get(game.get_absolute_url()).status_code == 200
    other = make_game()
    assert guest.get(other.get_absolute_url())["Location"].startswith("/accounts/login/")
    # The table link of the rematch is the same one, on its members' panel too.
    assert f"/t/{game.table_links.get().code}/" in text(client, game.__class__(pk=rematch))


def test_the_next_game_a_member_starts_as_the_same_table_takes_the_guest_along(client):
    game, guest = finished_with_a_guest(client)
    page = client.get("/games/new/").content.decode()
    assert "Same table as last time" in page
    started = client.post(f"/games/{game.pk}/rematch/")["Location"]
    assert guest.get(started).status_code == 200


def test_after_the_link_is_withdrawn_nothing_of_the_table_opens(client):
    game, guest = finished_with_a_guest(client)
    rematch = client.post(f"/games/{game.pk}/rematch/")["Location"]
    link = game.table_links.get()
    pk = rematch.strip("/").split("/")[-1]
    assert client.post(f"/games/{pk}/table-links/{link.pk}/revoke/").status_code == 302
    for path in (rematch, game.get_absolute_url(), f"{rematch}log/", f"/g/{pk}/"):
        response = guest.get(path)
        assert response.status_code == 410, path
        assert "A member of the group withdrew this table link." in response.content.decode()
    assert guest.post(f"{rematch}hands/", BEN_MAKES_4).status_code == 410
    assert GameChange.objects.filter(game_id=pk, action=GameChange.ADDED).count() == 0


def test_a_link_made_for_one_game_does_not_open_a_rematch_started_after_it_ended(client):
    game, guest = finished_with_a_guest(client)
    link = game.table_links.get()
    link.revoke()
    rematch = client.post(f"/games/{game.pk}/rematch/")["Location"]
    assert guest.get(rematch)["Location"].startswith("/accounts/login/")


def test_who_are_you_is_asked_once_per_phone_and_names_it_in_the_log(client):
    game, guest = finished_with_a_guest(client)
    sheet = guest.get(game.get_absolute_url()).content.decode()
    assert "Who are you?" in sheet
    for name in ("Ana", "Ben", "Cy", "Dee"):
        assert f'name="name" value="{name}"' in sheet
    assert "Just watching" in sheet
    # A name not at the table is refused beside the question, nothing kept.
    refused = guest.post(f"/games/{game.pk}/who/", {"name": "Zed"})
    assert refused.status_code == 422
    assert "That name is not at this table" in refused.content.decode()
    assert "Who are you?" in guest.get(game.get_absolute_url()).content.decode()
    assert guest.post(f"/games/{game.pk}/who/", {"name": "Cy"}).status_code == 302
    assert "Who are you?" not in guest.get(game.get_absolute_url()).content.decode()
    # The rematch does not ask again, and the log names Cy's phone.
    rematch = client.post(f"/games/{game.pk}/rematch/")["Location"]
    assert "Who are you?" not in guest.get(rematch).content.decode()
    guest.post(f"{rematch}hands/", BEN_MAKES_4)
    log = guest.get(f"{rematch}log/").content.decode()
    assert "Entered by Cy&#x27;s phone (guest)." in log
    german = guest.get(f"{rematch}log/", headers={"Accept-Language": "de"}).content.decode()
    assert "Vom Handy von Cy eingetragen (Gast)." in german
    # A member's phone is never asked.
    assert "Who are you?" not in client.get(rematch).content.decode()


def test_a_guest_just_watching_is_not_asked_again_and_stays_a_guest_in_the_log(client):
    game = make_game()
    guest = seated_guest(client, game)
    assert guest.post(f"/games/{game.pk}/who/", {"name": ""}).status_code == 302
    assert "Who are you?" not in guest.get(game.get_absolute_url()).content.decode()
    guest.post(f"/games/{game.pk}/hands/", BEN_MAKES_4)
    log = guest.get(f"/games/{game.pk}/log/").content.decode()
    assert "Entered by a guest at the table." in log


def test_a_withdrawn_table_link_is_refused(client):
    game = make_game()
    guest = seated_guest(client, game)
    link = game.table_links.get()
    client.post(f"/games/{game.pk}/table-links/{link.pk}/revoke/")
    response = guest.post(f"/games/{game.pk}/hands/", BEN_MAKES_4)
    assert response.status_code == 410
    assert "A member of the group withdrew this table link." in response.content.decode()
    assert game.hands.count() == 0
    assert Phone(user=None).get(f"/t/{link.code}/").status_code == 410
    # The member can show a new one.
    assert "Show a table link" in client.get(f"/games/{game.pk}/join/").content.decode()


def test_a_table_link_runs_out_after_24_hours(client):
    game = make_game()
    guest = seated_guest(client, game)
    link = game.table_links.get()
    TableLink.objects.filter(pk=link.pk).update(
        created_at=timezone.now() - timedelta(hours=23, minutes=59)
    )
    assert guest.get(game.get_absolute_url()).status_code == 200
    TableLink.objects.filter(pk=link.pk).update(
        created_at=timezone.now() - timedelta(hours=24, minutes=1)
    )
    response = guest.get(game.get_absolute_url())
    assert response.status_code == 410
    assert "each one works for 24 hours" in response.content.decode()
    game.refresh_from_db()
    poll = {**HTMX, "If-None-Match": f'"{game.pk}.{game.version}.en-gb"'}
    assert guest.get(f"/games/{game.pk}/live/", headers=poll).status_code == 410


def test_the_table_link_is_short_enough_to_read_out_and_type(client):
    game = make_game()
    path = table_link(client, game)
    code = game.table_links.get().code
    assert re.fullmatch(r"/t/[0-9a-hjkmnp-tv-z]{8}/", path), path
    # Typed from what was read out: in capitals, with o for 0 and i or l for 1.
    typed = code.upper().replace("0", "O").replace("1", "l")
    guest = Phone(user=None)
    response = guest.get(f"/t/{typed[:4]}-{typed[4:]}/")
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert guest.post(f"/games/{game.pk}/hands/", BEN_MAKES_4).status_code == 302
    assert totals(game) == [0, 4, 0, 0]


def test_a_code_already_given_is_drawn_again(monkeypatch):
    game = make_game()
    first = TableLink.objects.create(game=game)
    monkeypatch.setattr("vinescore.table.links.new_table_code", lambda: "zzzz2222")
    second = TableLink(game=game, code=first.code)
    second.save()
    assert second.code == "zzzz2222" != first.code
    assert Phone(user=None).get("/t/zzzz2222/").status_code == 302


def test_a_made_up_table_link_is_not_found(client):
    game = make_game()
    real = table_link(client, game)
    code = game.table_links.get().code
    other = "2" if code[0] != "2" else "3"
    for made_up in (f"/t/{game.pk}/", f"/t/{other}{code[1:]}/", f"/t/{code}u/", "/t/ab/"):
        assert made_up != real
        assert Phone(user=None).get(made_up).status_code == 404, made_up
    assert Phone(user=None).get(game.get_absolute_url()).status_code == 302  # sign in


def test_a_member_who_scans_the_table_link_stays_a_member(client):
    game = make_game()
    path = table_link(client, game)
    client.get(path)
    client.post(f"/games/{game.pk}/hands/", BEN_MAKES_4)
    assert not game.changes.get().by_guest
    assert "Save note" in client.get(game.get_absolute_url()).content.decode()


def test_a_viewer_cannot_show_a_table_link(client):
    game = make_game()
    viewer = Phone(user="viewer")
    viewer.force_login(make_member("viewer", "viewer"))
    assert viewer.post(f"/games/{game.pk}/table-links/").status_code == 403
    assert "Show a table link" not in viewer.get(f"/games/{game.pk}/join/").content.decode()


def test_a_viewer_who_scans_the_table_link_scores_as_a_guest(client):
    game = make_game()
    path = table_link(client, game)
    viewer = Phone(user="viewer")
    viewer.force_login(make_member("viewer", "viewer"))
    assert viewer.post(f"/games/{game.pk}/hands/", BEN_MAKES_4).status_code == 403
    viewer.get(path)
    assert viewer.post(f"/games/{game.pk}/hands/", BEN_MAKES_4).status_code == 302
    assert game.changes.get().by_guest
    assert viewer.post(f"/games/{game.pk}/note/", {"note": "mine"}).status_code == 403


@pytest.mark.parametrize("ended", ["withdrawn", "ran out"])
def test_a_viewer_who_once_scanned_the_table_link_reads_the_sheet_once_it_ends(client, ended):
    game = make_game(hands=[EXACT_BEN])
    path = table_link(client, game)
    viewer = Phone(user="viewer")
    viewer.force_login(make_member("viewer", "viewer"))
    viewer.get(path)
    link = game.table_links.get()
    if ended == "withdrawn":
        link.revoke()
    else:
        TableLink.objects.filter(pk=link.pk).update(created_at=timezone.now() - timedelta(hours=25))
    game.refresh_from_db()
    sheet = viewer.get(game.get_absolute_url())
    assert sheet.status_code == 200
    body = sheet.content.decode()
    assert "Ben" in body and 'id="hand-form"' not in body and "guest-mark" not in body
    assert viewer.get(f"/games/{game.pk}/log/").status_code == 200
    assert viewer.get(f"/g/{game.pk}/")["Location"] == game.get_absolute_url()
    moved = {**HTMX, "If-None-Match": f'"{game.pk}.{game.version - 1}.en-gb"'}
    assert viewer.get(f"/games/{game.pk}/live/", headers=moved).status_code == 200
    # Their role answers a change again: a viewer changes nothing.
    assert viewer.post(f"/games/{game.pk}/hands/", BEN_MAKES_4).status_code == 403


def test_a_guests_poll_and_stream_of_a_deleted_game_are_not_told_nothing_moved(client):
    game = make_game(hands=[EXACT_BEN])
    guest = seated_guest(client, game)
    client.post(f"/games/{game.pk}/delete/")
    game.refresh_from_db()
    assert game.is_deleted
    idle = {**HTMX, "If-None-Match": f'"{game.pk}.{game.version}.en-gb"'}
    poll = guest.get(f"/games/{game.pk}/live/", headers=idle)
    assert poll.status_code == 200 and poll["HX-Redirect"] == game.get_absolute_url()
    page = guest.get(game.get_absolute_url())
    assert page.status_code == 404 and "deleted" in page.content.decode()
    # The stream's first look finds nothing to show: closed (no stream at all).
    assert guest.get(f"/games/{game.pk}/stream/?version={game.version}").status_code == 404
