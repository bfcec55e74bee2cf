"""A stream's live part is rendered once a version in each process for
every phone of one kind, and each phone is sent it with its own CSRF token
and one-time keys: what it shows is what the poll shows it, and an event
after the first costs the one query of its look, a member's as a guest's."""

from __future__ import annotations

import contextlib
import re
from unittest import mock

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages import constants, storage
from django.contrib.sessions.middleware import SessionMiddleware
from django.db import connection
from django.middleware.csrf import _unmask_cipher_token
from django.template.response import SimpleTemplateResponse
from django.test import Client, RequestFactory, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import resolve
from django_htmx.middleware import HtmxDetails

from tests.factories import make_game, make_member
from tests.phone import Phone
from vinescore.accounts.models import Group, Membership
from vinescore.live import stream
from vinescore.table import live_parts as parts
from vinescore.table.links import TableLink
from vinescore.table.models import GameChange

pytestmark = pytest.mark.django_db
BEN_MAKES_4 = {"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]}
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
KEY = re.compile(r'name="key" value="([^"]+)"')
HEADER_TOKEN = re.compile(r'"X-CSRFToken": "([^"]+)"')
TOP_BAR = re.compile(r'<header class="topbar">.*?</header>', re.DOTALL)


def stream_request(pk: int, secret: str):
    """A signed-in phone's stream request as the view holds it."""
    client, member = Client(), make_member("member")
    client.force_login(member)
    return phone_request(pk, secret, client, member)


def guest_stream_request(game, secret: str, name: str | None = None):
    """The stream request of a phone with no account that scanned the game's
    table link (and, with `name`, said whose phone it is)."""
    link = TableLink.objects.filter(games=game).first()
    if link is None:
        link = TableLink.objects.create(game=game, created_by=make_member("member"))
    guest = Phone(user=None)
    assert guest.get(f"/t/{link.code}/").status_code == 302
    if name is not None:
        assert guest.post(f"/games/{game.pk}/who/", {"name": name}).status_code == 302
    return phone_request(game.pk, secret, guest, AnonymousUser())


def phone_request(pk: int, secret: str, client: Client, user):
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    request = RequestFactory().get(
        f"/games/{pk}/stream/",
        HTTP_COOKIE=f"{settings.SESSION_COOKIE_NAME}={session}; csrftoken={secret}",
    )
    SessionMiddleware(lambda r: None).process_request(request)
    request.COOKIES["csrftoken"] = secret
    request.META["CSRF_COOKIE"] = secret
    request._messages = storage.default_storage(request)
    len(request._messages)  # read when the stream opened, as its first look does
    request.user = user
    request.resolver_match = resolve(request.path)
    request.htmx = HtmxDetails(request)
    return request


def scored_at(game) -> int:
    game.add_hand(game.rules.clean(BEN_MAKES_4, game.sheet().next_table))
    game.refresh_from_db()
    return game.version


def test_each_phone_gets_the_shared_live_part_with_its_own_token_and_keys():
    parts.live_parts.kept.clear()
    game = make_game(hands=[BEN_MAKES_4] * 2)
    shown = game.version
    ana, ben = (stream_request(game.pk, secret * 32) for secret in "ab")
    read = stream.game_snapshot(game.pk)
    version = scored_at(game)
    first = read(ana, shown)
    with CaptureQueriesContext(connection) as ctx:
        second = read(ben, shown)
    looked = [q["sql"] for q in ctx.captured_queries if "SAVEPOINT" not in q["sql"]]
    assert len(looked) == 1, looked  # the look: access, version and role at once
    assert first[:2] == second[:2] == (game.pk, version)
    for html, secret in ((first[2], "a" * 32), (second[2], "b" * 32)):
        assert "Hand 4 ·" in html and "Hand 3 scored" in html
        tokens = TOKEN.findall(html)
        assert tokens and all(_unmask_cipher_token(t) == secret for t in tokens)
        assert parts.CSRF_STAND_IN not in html and parts.KEY_STAND_IN not in html
    keys = KEY.findall(first[2]) + KEY.findall(second[2])
    assert len(keys) == len(set(keys)) >= 2  # every form a key of its own
    # Apart from what is each phone's own, the same live part.
    same = TOKEN.sub("", KEY.sub("", first[2]))
    assert same == TOKEN.sub("", KEY.sub("", second[2]))


def test_a_key_from_the_shared_live_part_is_recognised_when_sent_twice(client):
    parts.live_parts.kept.clear()
    game = make_game(hands=[BEN_MAKES_4])
    shown = game.version
    phone = stream_request(game.pk, "c" * 32)
    version = scored_at(game)
    html = stream.game_snapshot(game.pk)(phone, shown)[2]
    key = KEY.search(html).group(1)
    client.force_login(make_member("member"))
    hand = {"bidder": "1", "bid": "4", "tricks": ["3", "4", "2", "4"]}
    sent = {**hand, "version": version, "key": key}
    for _ in range(2):
        answer = client.post(f"/games/{game.pk}/hands/", sent, headers={"HX-Request": "true"})
        assert answer.status_code == 200
    assert "Hand 3 is in: it was sent twice and stored once." in answer.content.decode()
    assert GameChange.objects.filter(game=game, key=key).count() == 1


def test_a_phone_with_a_notice_of_its_own_gets_a_live_part_of_its_own():
    parts.live_parts.kept.clear()
    game = make_game(hands=[BEN_MAKES_4])
    shown = game.version
    ana, ben = (stream_request(game.pk, secret * 32) for secret in "de")
    ben._messages.add(constants.WARNING, "Hand 2 was changed on another phone.")
    scored_at(game)
    read = stream.game_snapshot(game.pk)
    assert "was changed on another phone" not in read(ana, shown)[2]
    assert "Hand 2 was changed on another phone." in read(ben, shown)[2]


def test_a_guests_event_after_the_first_costs_the_one_query_of_its_look():
    parts.live_parts.kept.clear()
    game = make_game(hands=[BEN_MAKES_4] * 2)
    shown = game.version
    ana, ben = (guest_stream_request(game, secret * 32) for secret in "fg")
    read = stream.game_snapshot(game.pk)
    # Their streams open at the version their pages show: nothing to send.
    assert read(ana, shown)[:3] == read(ben, shown)[:3] == (game.pk, shown, None)
    for _ in range(2):
        version = scored_at(game)
        first = read(ana, shown)
        with CaptureQueriesContext(connection) as ctx:
            second = read(ben, shown)
        looked = [q["sql"] for q in ctx.captured_queries if "SAVEPOINT" not in q["sql"]]
        assert len(looked) == 1, looked  # the look: the table link and the version at once
        assert first[:2] == second[:2] == (game.pk, version)
        for html, secret in ((first[2], "f" * 32), (second[2], "g" * 32)):
            assert f"Hand {game.hand_count + 1} ·" in html and 'id="hand-form"' in html
            assert "Who are you?" in html and "What if" not in html  # a guest's sheet
            assert all(_unmask_cipher_token(t) == secret for t in TOKEN.findall(html))
        shown = version
    # Once the link is withdrawn, the next look closes the stream.
    TableLink.objects.get(games=game).revoke()
    assert read(ben, shown) is None


def test_a_guest_who_said_whose_phone_it_is_is_not_asked_by_another_guests_live_part():
    parts.live_parts.kept.clear()
    game = make_game(hands=[BEN_MAKES_4])
    shown = game.version
    asked = guest_stream_request(game, "h" * 32)
    told = guest_stream_request(game, "i" * 32, name="Cy")
    read = stream.game_snapshot(game.pk)
    assert read(asked, shown)[:3] == read(told, shown)[:3] == (game.pk, shown, None)
    scored_at(game)
    assert "Who are you?" in read(asked, shown)[2]
    assert "Who are you?" not in read(told, shown)[2]


def own(page: str) -> str:
    """A page without what is each phone's own: its top bar, tokens and
    keys."""
    for mark in (TOP_BAR, TOKEN, KEY, HEADER_TOKEN):
        page = mark.sub("", page)
    return page


def test_a_sheet_opened_on_a_second_phone_takes_the_page_the_first_was_drawn():
    parts.live_parts.kept.clear()
    game = make_game(hands=[BEN_MAKES_4] * 3)
    pages = []
    for name in ("ana", "ben"):
        phone = Client(enforce_csrf_checks=True)
        phone.force_login(make_member(name))
        if pages:  # the second page draws only its top bar
            drawn = mock.patch.object(parts, "sheet_response", side_effect=AssertionError("drawn"))
        else:
            drawn = contextlib.nullcontext()
        with drawn:
            page = phone.get(game.get_absolute_url()).content.decode()
        live = page[page.index('<div id="live"') : page.index('<section class="keep"')]
        assert "Hand 4 ·" in live and "Hand 3 scored" in live
        # The top bar is the phone's own; the rest of the page is every member's.
        assert f'<span class="who" title="{name}">{name}</span>' in page
        assert parts.TOP_BAR_STAND_IN not in page and parts.LIVE_STAND_IN not in page
        tokens = set(TOKEN.findall(page))
        assert len(tokens) == 1 and f'"X-CSRFToken": "{tokens.pop()}"' in page
        pages.append((phone, page))
        # Kept for every phone of its kind: the live part (for the next page,
        # the streams, the poll) and the page around it.
        assert [k[:3] for k in parts.live_parts.kept if k[0] == game.pk] == [
            (game.pk, game.version, "write"),
            (game.pk, game.version, "page"),
        ]
    ana, ben = (own(page) for _, page in pages)
    assert ana == ben
    assert set(KEY.findall(pages[0][1])).isdisjoint(KEY.findall(pages[1][1]))
    # Ben's page is his own: its forms take his token and a key of his own.
    ben, live = pages[1]
    form = {
        name: re.search(rf'name="{name}" value="([^"]+)"', live).group(1)
        for name in ("version", "key")
    }
    data = {**BEN_MAKES_4, **form, "csrfmiddlewaretoken": TOKEN.search(live).group(1)}
    response = ben.post(f"/games/{game.pk}/hands/", data)
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.hand_count == 4


def test_a_phone_with_a_notice_of_its_own_has_its_live_part_drawn_for_it():
    parts.live_parts.kept.clear()
    game = make_game(hands=[BEN_MAKES_4] * 2)
    phone = Phone()
    phone.get(game.get_absolute_url())
    last = game.hands.order_by("-position").first()
    assert phone.post(f"/games/{game.pk}/hands/{last.pk}/delete/").status_code == 302
    page = phone.get(game.get_absolute_url()).content.decode()
    assert "Undo" in page and "Hand 2 deleted" in page
    again = phone.get(game.get_absolute_url()).content.decode()
    assert "Hand 2 deleted" not in again  # the notice was this phone's, once


def test_the_poll_sends_the_live_part_the_page_drew_and_a_typing_phone_its_own():
    parts.live_parts.kept.clear()
    game = make_game(hands=[BEN_MAKES_4] * 2)
    shown = game.version
    version = scored_at(game)
    Phone().get(game.get_absolute_url())  # draws the new version's part, and keeps it
    old = {"HX-Request": "true", "If-None-Match": f'"{game.pk}.{shown}.en-gb"'}
    ben = Phone(user="ben")
    # Nothing drawn for Ben: the page's part, with his token and keys put in.
    with mock.patch.object(SimpleTemplateResponse, "render", side_effect=AssertionError("drawn")):
        polled = ben.get(f"/games/{game.pk}/live/", headers=old)
    page = polled.content.decode()
    assert polled.status_code == 200 and f'data-version="{version}"' in page
    assert "Hand 4 ·" in page and parts.CSRF_STAND_IN not in page
    # A phone with a hand half typed is told what moved on: a part of its own.
    typing = Phone(user="cy").get(
        f"/games/{game.pk}/live/", headers={**old, "X-Hand-Typed": "true"}
    )
    assert "Hand 3 was already entered on another phone." in typing.content.decode()


def test_a_members_top_bar_on_a_kept_page_is_their_own_and_as_their_groups_are_now():
    parts.live_parts.kept.clear()
    game = make_game(hands=[BEN_MAKES_4])
    home = game.group
    home.name = "Thursday club"
    home.save()
    ana = make_member("ana", group=home)
    make_member("ana", group=Group.objects.create(name="Family"))
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(ana)

    def top_bar() -> str:
        page = phone.get(game.get_absolute_url()).content.decode()
        bar = TOP_BAR.search(page).group(0)
        # One token for the page, the group switch's too.
        assert len(set(TOKEN.findall(page)) | set(HEADER_TOKEN.findall(page))) == 1
        return bar

    first = top_bar()
    assert "Thursday club" in first and "Family" in first and "New game" in first
    # Seen again, nothing is drawn for it: the page, its live part and its top bar are kept.
    with mock.patch.object(parts, "render_to_string", side_effect=AssertionError("drawn")):
        assert TOKEN.sub("", top_bar()) == TOKEN.sub("", first)
    # Its groups as they are now: a group renamed, a role changed.
    Group.objects.filter(name="Family").update(name="Cousins")
    assert "Cousins" in top_bar() and "Family" not in top_bar()
    Membership.objects.filter(user=ana).update(role=Membership.VIEWER)
    assert "New game" not in top_bar()
    # The group switch takes the page's token.
    page = phone.get(game.get_absolute_url()).content.decode()
    switch = {
        "csrfmiddlewaretoken": TOKEN.search(TOP_BAR.search(page).group(0)).group(1),
        "group": Group.objects.get(name="Cousins").pk,
        "next": "/",
    }
    assert phone.post("/groups/switch/", switch).status_code == 302
    # Another member's page of the same version shows them.
    ben = Client()
    ben.force_login(make_member("ben", group=home))
    ben_page = ben.get(game.get_absolute_url()).content.decode()
    assert 'title="ben">ben</span>' in ben_page and 'title="ana"' not in ben_page


def test_a_name_typed_like_a_stand_in_leaves_the_kept_page_whole():
    # The live part and the top bar go where their stand-ins are in the kept
    # page; whatever a player types is escaped, so it never reads as one.
    parts.live_parts.kept.clear()
    game = make_game(names=("<!--the live part-->", "<!--the top bar-->", "Cy", "Dee"))
    game.title = "<!--the top bar--> night"
    game.save(update_fields=["title"])
    game.refresh_result()
    for _ in range(2):  # drawn, then kept
        page = Phone().get(game.get_absolute_url()).content.decode()
        assert page.count('<header class="topbar">') == 1
        assert page.count('<div id="live"') == 1
        assert "<title>&lt;!--the top bar--&gt; night · vinescore</title>" in page
        assert "&lt;!--the live part--&gt;" in page
        assert parts.LIVE_STAND_IN not in page and parts.TOP_BAR_STAND_IN not in page


def test_text_typed_like_a_token_or_key_stand_in_is_shown_as_typed():
    # Each phone's token and keys go where their stand-ins are in the shared
    # live part and page; a name or note typed like one is not replaced.
    parts.live_parts.kept.clear()
    token, key = str(parts.CSRF_STAND_IN), str(parts.KEY_STAND_IN)
    game = make_game(names=(token, key, "Cy", "Dee"), hands=[BEN_MAKES_4])
    game.set_note(f"{token} {key}")
    for _ in range(2):  # drawn, then kept
        page = Phone().get(game.get_absolute_url()).content.decode()
        assert page.count("&lt;!--the phone&#x27;s token--&gt;") >= 3  # two names, the note
        assert page.count("&lt;!--a one-time key--&gt;") >= 3
        assert token not in page and key not in page
        assert len(set(TOKEN.findall(page))) == 1


def test_with_page_cache_off_each_page_is_drawn_whole_and_nothing_is_kept():
    parts.live_parts.kept.clear()
    game = make_game(hands=[BEN_MAKES_4])
    nothing_kept = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    with override_settings(PAGE_CACHE=False, CACHES=nothing_kept):
        for name in ("ana", "ben"):
            phone = Client()
            phone.force_login(make_member(name))
            page = phone.get(game.get_absolute_url()).content.decode()
            assert "Hand 2 ·" in page and f'title="{name}">{name}</span>' in page
            assert len(set(TOKEN.findall(page)) | set(HEADER_TOKEN.findall(page))) == 1
            stand_ins = (parts.CSRF_STAND_IN, parts.KEY_STAND_IN, parts.LIVE_STAND_IN)
            assert not any(s in page for s in (*stand_ins, parts.TOP_BAR_STAND_IN))
    assert not parts.live_parts.kept


def test_a_top_bar_is_kept_only_for_the_sheets_own_addresses():
    # Anything else in the address would fill the store live parts share.
    parts.live_parts.kept.clear()
    game = make_game(hands=[BEN_MAKES_4])
    ana = make_member("ana", group=game.group)
    make_member("ana", group=Group.objects.create(name="Family"))  # the group switch: back here
    phone = Client()
    phone.force_login(ana)
    for query in ("", "?all=1", "?utm=1", "?utm=2"):
        page = phone.get(game.get_absolute_url() + query).content.decode()
        assert 'title="ana">ana</span>' in page and f'value="/games/{game.pk}/{query}"' in page
    bars = [k for k in parts.live_parts.kept if k[0] == "top bar"]
    assert sorted(k[4] for k in bars) == [f"/games/{game.pk}/", f"/games/{game.pk}/?all=1"]
