"""Every link and QR code handed out to other phones (table link, spectator
link, invitation, short link) carries an address those phones can open:
SITE_URL when the server has a public name, else the address the page was
opened with, else, when that was the machine itself, its local-network
address; and when none is known, words instead of a dead QR code. Never
127.0.0.1 or localhost on another phone's screen: with LOCAL_ONLY, where no
other phone can reach the server, the page says that is why and offers the
link as this machine opens it. Each link is printed once, under its code."""

import re

import pytest
from django.core.exceptions import ImproperlyConfigured

from tests.factories import default_group, make_game
from vinescore.accounts.models import Invitation
from vinescore.settings import site_url
from vinescore.table.links import SpectatorLink, TableLink

pytestmark = pytest.mark.django_db
LAN = "192.168.1.7"


def handed_out(client, host: str) -> list[str]:
    """Every address the join panel and the group page hand out (links and
    QR codes), opened with this Host."""
    game = make_game()
    TableLink.objects.create(game=game)
    SpectatorLink.objects.create(game=game)
    Invitation.objects.create(group=default_group())
    client.force_login(default_group().owners().get().user)
    pages = [
        client.get(f"/games/{game.pk}/join/", HTTP_HOST=host),
        client.get(f"/groups/{default_group().pk}/", HTTP_HOST=host),
    ]
    found = []
    for page in pages:
        assert page.status_code == 200
        body = page.content.decode()
        found += re.findall(r'<a href="(http[^"]+)"', body)
        found += re.findall(r"<title>(http[^<]+)</title>", body)
    return found


def kinds(addresses: list[str]) -> set[str]:
    return {re.sub(r"^https?://[^/]+/(\w+)/.*$", r"\1", a) for a in addresses}


def test_site_url_is_in_every_link_handed_out(client, settings):
    settings.SITE_URL = "https://cards.example.org"
    settings.ALLOWED_HOSTS = ["127.0.0.1", "cards.example.org"]
    addresses = handed_out(client, "127.0.0.1:8000")
    assert kinds(addresses) == {"t", "watch", "invite", "g"}
    assert all(a.startswith("https://cards.example.org/") for a in addresses), addresses


def test_the_address_the_page_was_opened_with_when_other_phones_can_open_it(client, settings):
    settings.ALLOWED_HOSTS = [LAN, "127.0.0.1"]
    settings.LAN_ADDRESSES = ["10.9.9.9"]
    addresses = handed_out(client, f"{LAN}:8000")
    assert kinds(addresses) == {"t", "watch", "invite", "g"}
    assert all(a.startswith(f"http://{LAN}:8000/") for a in addresses), addresses


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000"])
def test_opened_on_the_machine_itself_links_carry_its_network_address(client, settings, host):
    settings.ALLOWED_HOSTS = [LAN, "127.0.0.1", "localhost", "[::1]"]
    settings.LAN_ADDRESSES = [LAN]
    addresses = handed_out(client, host)
    assert kinds(addresses) == {"t", "watch", "invite", "g"}
    assert all(a.startswith(f"http://{LAN}:8000/") for a in addresses), addresses


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost"])
def test_with_no_address_other_phones_can_open_the_pages_say_so_in_words(client, settings, host):
    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
    settings.LAN_ADDRESSES = []
    game = make_game()
    TableLink.objects.create(game=game)
    Invitation.objects.create(group=default_group())
    client.force_login(default_group().owners().get().user)
    for path in (f"/games/{game.pk}/join/", f"/groups/{default_group().pk}/"):
        body = client.get(path, HTTP_HOST=host).content.decode()
        assert "No address other phones can open is known" in body
        assert "<svg" not in body and "http://127.0.0.1" not in body and "//localhost" not in body
        assert "make run" not in body and "SERVE_LAN" not in body


def visible_text(body: str) -> str:
    """What a player reads: the page without its markup, its QR codes (whose
    titles only name the address) and its attributes."""
    return re.sub(r"<[^>]+>", " ", re.sub(r"<svg.*?</svg>", " ", body, flags=re.S))


def test_the_other_phones_panel_prints_each_link_once_under_its_code(client, settings):
    settings.SITE_URL = "https://cards.example.org"
    game = make_game()
    table = TableLink.objects.create(game=game)
    watch = SpectatorLink.objects.create(game=game)
    client.force_login(default_group().owners().get().user)
    for htmx in ({}, {"HX-Request": "true"}):  # the page, and the panel swapped into the sheet
        body = client.get(f"/games/{game.pk}/join/", headers=htmx).content.decode()
        read = visible_text(body)
        for path in (f"/t/{table.code}/", f"/watch/{watch.token}/", f"/g/{game.pk}/"):
            address = f"https://cards.example.org{path}"
            assert read.count(address) == 1, (address, read.count(address))
            assert f"<title>{address}</title>" in body  # its code
            assert f'<a href="{address}" data-share-link>' in body
        assert body.count("<svg") == 3 and 'type="text"' not in body  # no box repeating it
        assert body.count("data-share-button") == 3


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000"])
def test_local_only_says_it_is_why_and_offers_the_link_for_this_machine(client, settings, host):
    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
    settings.LOCAL_ONLY = True
    settings.LAN_ADDRESSES = []
    game = make_game()
    table = TableLink.objects.create(game=game)
    invitation = Invitation.objects.create(group=default_group())
    client.force_login(default_group().owners().get().user)
    pages = {
        f"/games/{game.pk}/join/": f"http://{host}/t/{table.code}/",
        f"/groups/{default_group().pk}/": f"http://{host}/invite/{invitation.token}/",
    }
    for path, here in pages.items():
        body = client.get(path, HTTP_HOST=host).content.decode()
        read = " ".join(visible_text(body).split())
        assert "This vinescore serves this machine only (LOCAL_ONLY is set)" in read
        assert "no other phone can open its links" in read
        assert "no address on a local network" not in read
        # The link as this machine opens it, once, with no code for another phone to scan.
        assert f'<a href="{here}" data-share-link>' in body and read.count(here) == 1
        assert "<svg" not in body
    german = client.get(
        f"/games/{game.pk}/join/", HTTP_HOST=host, headers={"Accept-Language": "de"}
    )
    assert "nur für diesen Rechner da (LOCAL_ONLY ist gesetzt)" in german.content.decode()


def test_site_url_must_be_an_address():
    assert site_url("https://cards.example.org/") == "https://cards.example.org"
    assert site_url("http://10.0.0.2:8000") == "http://10.0.0.2:8000"
    assert site_url("") == ""
    for wrong in (
        "cards.example.org",
        "ftp://x.org",
        "https://",
        "https://x.org/?a=1",
        "https://x.org/scores",
        "https://x.org:port",
        "https://me:pw@x.org",
    ):
        with pytest.raises(ImproperlyConfigured):
            site_url(wrong)
