"""The live part is drawn once a version for every phone of one kind and
sent as it is: by a hand's htmx answer, the poll and the stream alike. It
holds nothing of one phone's (no CSRF token, no one-time key, no notice):
the phone sends its page's token in a header and makes a key as it sends.
The whole page is drawn for its one phone, its forms with their token and
keys, so a phone without scripts posts them as they are."""

from __future__ import annotations

import re
import uuid
from unittest import mock

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages.middleware import MessageMiddleware
from django.contrib.sessions.middleware import SessionMiddleware
from django.db import connection
from django.template.loader import render_to_string
from django.test import Client, RequestFactory, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import resolve
from django_htmx.middleware import HtmxDetails

from tests.factories import make_game, make_member
from tests.phone import Phone
from vinescore.live import stream
from vinescore.table import sheet_views
from vinescore.table.links import SpectatorLink, TableLink
from vinescore.table.models import GameChange

pytestmark = pytest.mark.django_db
BEN_MAKES_4 = {"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]}
CY_MAKES_5 = {"bidder": "2", "bid": "5", "tricks": ["2", "3", "5", "3"]}
HTMX = {"HX-Request": "true"}
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]*)"')
KEY = re.compile(r'name="key" value="([^"]*)"')
HEADER_TOKEN = re.compile(r'"X-CSRFToken": "([^"]+)"')


def phone_request(pk: int, client: Client, user, path: str = ""):
    """A phone's stream request as the stream view holds it, with the
    session (and notices) of `client`."""
    session = client.cookies.get(settings.SESSION_COOKIE_NAME)
    cookie = f"{settings.SESSION_COOKIE_NAME}={session.value}" if session else ""
    request = RequestFactory().get(path or f"/games/{pk}/stream/", HTTP_COOKIE=cookie)
    SessionMiddleware(lambda r: None).process_request(request)
    MessageMiddleware(lambda r: None).process_request(request)
    request.user = user
    request.resolver_match = resolve(request.path)
    request.htmx = HtmxDetails(request)
    return request


def member_stream(pk: int, name: str):
    client = Client()
    member = make_member(name)
    client.force_login(member)
    return phone_request(pk, client, member)


def guest_phone(game, name: str | None = None) -> Phone:
    """A phone with no account that scanned the game's table link (and,
    with `name`, said whose phone it is)."""
    link = TableLink.objects.filter(games=game).first()
    if link is None:
        link = TableLink.objects.create(game=game, created_by=make_member("member"))
    guest = Phone(user=None)
    assert guest.get(f"/t/{link.code}/").status_code == 302
    if name is not None:
        assert guest.post(f"/games/{game.pk}/who/", {"name": name}).status_code == 302
    return guest


def scored_at(game) -> int:
    game.add_hand(game.rules.clean(BEN_MAKES_4, game.sheet().next_table))
    game.refresh_from_db()
    return game.version


def polled(phone: Client, game, shown: int, path: str = "") -> str:
    answer = phone.get(
        path or f"/games/{game.pk}/live/",
        headers={**HTMX, "If-None-Match": f'"{game.pk}.{shown}.en-gb"'},
    )
    assert answer.status_code == 200
    return answer.content.decode()


def assert_kept_for_everyone(html: str) -> None:
    """A live part any phone of its kind may be sent: its forms carry no
    token and no key of anyone's."""
    assert 'id="live"' in html
    assert set(TOKEN.findall(html)) <= {""} and set(KEY.findall(html)) <= {""}


def own(page: str) -> set[str]:
    """A page's tokens (its forms', and the one in its header) and keys."""
    return (set(TOKEN.findall(page)) | set(HEADER_TOKEN.findall(page)) | set(KEY.findall(page))) - {
        ""
    }


def test_two_members_are_sent_the_same_live_part_by_the_answer_the_poll_and_the_stream():
    game = make_game(hands=[BEN_MAKES_4] * 2)
    shown = game.version
    ana, ben, cy = (Client() for _ in range(3))
    for phone, name in ((ana, "ana"), (ben, "ben"), (cy, "cy")):
        phone.force_login(make_member(name))
    answer = ana.post(
        f"/games/{game.pk}/hands/", {**CY_MAKES_5, "version": shown}, headers=HTMX
    ).content.decode()
    assert "Hand 4 ·" in answer and "Hand 3 scored" in answer
    assert_kept_for_everyone(answer)
    # Drawn once, by the hand's answer: the others are sent it as it is.
    with mock.patch.object(sheet_views, "render_to_string", side_effect=AssertionError("drawn")):
        by_poll = polled(ben, game, shown)
        by_stream = stream.game_snapshot(game.pk)(member_stream(game.pk, "cy"), shown).html
    assert by_poll == by_stream == answer


def test_two_guests_are_sent_the_same_live_part_and_one_who_answered_another():
    game = make_game(hands=[BEN_MAKES_4])
    shown = game.version
    asked, also_asked, told = guest_phone(game), guest_phone(game), guest_phone(game, "Cy")
    version = scored_at(game)
    first, second = polled(asked, game, shown), polled(also_asked, game, shown)
    assert first == second and f'data-version="{version}"' in first
    assert "Who are you?" in first and 'id="hand-form"' in first and "What if" not in first
    assert_kept_for_everyone(first)
    answered = polled(told, game, shown)
    assert "Who are you?" not in answered and 'id="hand-form"' in answered


def test_two_spectators_of_a_link_are_sent_the_same_live_part_with_no_form():
    game = make_game(hands=[BEN_MAKES_4])
    link = SpectatorLink.objects.create(game=game, created_by=make_member("member"))
    shown = game.version
    scored_at(game)
    token = link.token
    path = f"/watch/{token}/live/"
    first = polled(Client(), game, shown, path)
    read = stream.watch_snapshot(token)
    by_stream = read(phone_request(game.pk, Client(), AnonymousUser(), path), shown).html
    assert first == polled(Client(), game, shown, path) == by_stream
    assert "Hand 3 ·" in first
    for members_only in ("hand-form", 'name="key"', "csrfmiddlewaretoken", "/hands/"):
        assert members_only not in first


def test_no_phone_is_sent_another_phones_token_or_key():
    game = make_game(hands=[BEN_MAKES_4] * 2)
    ana, ben = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    ana.force_login(make_member("ana"))
    ben_user = make_member("ben")
    ben.force_login(ben_user)
    ana_page = ana.get(game.get_absolute_url()).content.decode()
    anas = own(ana_page)
    assert len(set(HEADER_TOKEN.findall(ana_page))) == 1 and len(anas) >= 3
    shown = game.version
    token = HEADER_TOKEN.search(ana_page).group(1)
    data = {**CY_MAKES_5, "version": shown, "key": uuid.uuid4(), "csrfmiddlewaretoken": ""}
    answer = ana.post(
        f"/games/{game.pk}/hands/", data, headers={**HTMX, "X-CSRFToken": token}
    ).content.decode()
    assert "Cy bid 5 and took exactly 5" in answer
    bens = [
        polled(ben, game, shown),
        stream.game_snapshot(game.pk)(phone_request(game.pk, ben, ben_user), shown).html,
        ben.get(game.get_absolute_url(), headers=HTMX).content.decode(),
        ben.get(game.get_absolute_url()).content.decode(),
    ]
    # Nothing Ana was sent (her page, her hand's answer) reaches Ben.
    anas |= own(answer)
    for seen in bens:
        assert not anas & own(seen)
    # Ben's page is his own: his token, fresh keys.
    assert own(bens[-1]) and not own(bens[-1]) & own(ben.get(game.get_absolute_url()).text)


def test_a_form_posted_without_scripts_takes_the_token_and_key_of_its_page():
    game = make_game(hands=[BEN_MAKES_4] * 2)
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(make_member("ana"))
    page = phone.get(game.get_absolute_url()).content.decode()
    form = page[page.index('id="hand-form"') :]
    data = {
        **CY_MAKES_5,
        "csrfmiddlewaretoken": TOKEN.search(form).group(1),
        "version": re.search(r'name="version" value="(\d+)"', form).group(1),
        "key": KEY.search(form).group(1),
    }
    for _ in range(2):  # sent twice: a double tap, a reload that posts again
        response = phone.post(f"/games/{game.pk}/hands/", data)
        assert response.status_code == 302
    game.refresh_from_db()
    assert game.hand_count == 3
    assert GameChange.objects.filter(game=game, key=data["key"]).count() == 1


def test_a_hand_sent_with_a_key_the_phone_made_is_stored_once_when_sent_again():
    game = make_game(hands=[BEN_MAKES_4])
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(make_member("ana"))
    page = phone.get(game.get_absolute_url()).content.decode()
    live = phone.get(game.get_absolute_url(), headers=HTMX).content.decode()
    assert_kept_for_everyone(live)
    key = str(uuid.uuid4())  # as the phone makes it (static/js/vinescore.js)
    headers = {**HTMX, "X-CSRFToken": HEADER_TOKEN.search(page).group(1)}
    sent = {**CY_MAKES_5, "csrfmiddlewaretoken": "", "version": game.version, "key": key}
    for _ in range(2):  # the answer was lost; the outbox sends it again
        answer = phone.post(f"/games/{game.pk}/hands/", sent, headers=headers)
        assert answer.status_code == 200
    assert "Hand 2 is in: it was sent twice and stored once." in answer.content.decode()
    assert GameChange.objects.filter(game=game, key=key).count() == 1
    game.refresh_from_db()
    assert game.hand_count == 2


def test_a_phone_with_a_notice_of_its_own_has_its_live_part_drawn_for_it():
    game = make_game(hands=[BEN_MAKES_4] * 2)
    shown = game.version
    scored_at(game)
    kept = polled(Phone(user="ana"), game, shown)
    typing = Phone(user="cy").get(
        f"/games/{game.pk}/live/",
        headers={**HTMX, "If-None-Match": f'"{game.pk}.{shown}.en-gb"', "X-Hand-Typed": "true"},
    )
    told = typing.content.decode()
    assert "Hand 3 was already entered on another phone." in told
    assert "on another phone" not in kept and "on another phone" not in polled(
        Phone(user="ben"), game, shown
    )


def posted_from(form: str, game) -> dict:
    """What a phone without scripts posts from the form that starts `form`
    in its page: the page's token and key, and the game's version."""
    return {
        "csrfmiddlewaretoken": TOKEN.search(form).group(1),
        "version": game.version,
        "key": KEY.search(form).group(1),
    }


def test_a_notice_shows_once_on_the_page_with_a_form_its_phone_can_post():
    game = make_game(hands=[BEN_MAKES_4] * 2)
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(make_member("ana"))
    page = phone.get(game.get_absolute_url()).content.decode()
    last = game.hands.order_by("-position").first()
    undo = page[page.index('class="undo-last"') :]
    data = posted_from(undo, game)
    assert phone.post(f"/games/{game.pk}/hands/{last.pk}/delete/", data).status_code == 302
    page = phone.get(game.get_absolute_url()).content.decode()
    assert "Hand 2 deleted" in page
    restore = page[page.index(f"/hands/{last.pk}/restore/") :]
    game.refresh_from_db()
    data = posted_from(restore, game)
    assert phone.post(f"/games/{game.pk}/hands/{last.pk}/restore/", data).status_code == 302
    again = phone.get(game.get_absolute_url()).content.decode()
    assert "Hand 2 deleted" not in again and "Hand 3 ·" in again


def test_a_stream_is_sent_its_kinds_live_part_not_a_notice_waiting_for_its_page():
    game = make_game(hands=[BEN_MAKES_4])
    shown = game.version
    ana = Client()
    ana.force_login(make_member("ana"))
    ben = Phone(user="ben")
    ben.get(game.get_absolute_url())
    last = game.hands.order_by("-position").first()
    assert ben.post(f"/games/{game.pk}/hands/{last.pk}/delete/").status_code == 302
    read = stream.game_snapshot(game.pk)
    bens = read(phone_request(game.pk, ben, make_member("ben")), shown).html
    assert bens == read(phone_request(game.pk, ana, make_member("ana")), shown).html
    assert "Hand 1 deleted" not in bens
    assert "Hand 1 deleted" in ben.get(game.get_absolute_url()).content.decode()


def test_a_streams_event_after_the_first_costs_the_one_query_of_its_look():
    game = make_game(hands=[BEN_MAKES_4] * 2)
    shown = game.version
    ana, ben = member_stream(game.pk, "ana"), member_stream(game.pk, "ben")
    read = stream.game_snapshot(game.pk)
    version = scored_at(game)
    first = read(ana, shown)
    with CaptureQueriesContext(connection) as ctx:
        second = read(ben, shown)
    looked = [q["sql"] for q in ctx.captured_queries if "SAVEPOINT" not in q["sql"]]
    assert len(looked) == 1, looked  # the look: access, version and role at once
    assert first[:3] == second[:3] and first[:2] == (game.pk, version)


def test_a_guests_event_after_the_first_costs_the_one_query_of_its_look():
    game = make_game(hands=[BEN_MAKES_4] * 2)
    shown = game.version
    ana, ben = (phone_request(game.pk, guest_phone(game), AnonymousUser()) for _ in range(2))
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
        assert first[:3] == second[:3] and first[:2] == (game.pk, version)
        assert "Who are you?" in first.html and 'id="hand-form"' in first.html
        shown = version
    # Once the link is withdrawn, the next look closes the stream.
    TableLink.objects.get(games=game).revoke()
    assert read(ben, shown) is None


def test_with_page_cache_off_every_live_part_is_drawn_and_still_the_same():
    game = make_game(hands=[BEN_MAKES_4])
    shown = game.version
    scored_at(game)
    nothing_kept = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    with override_settings(PAGE_CACHE=False, CACHES=nothing_kept):
        drawing = mock.patch.object(sheet_views, "render_to_string", wraps=render_to_string)
        with drawing as drawn:
            parts = [polled(Phone(user=name), game, shown) for name in ("ana", "ben")]
        assert drawn.call_count == 2
        assert parts[0] == parts[1] and "Hand 3 ·" in parts[0]
