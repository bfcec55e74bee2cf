"""vinescore in German: every page a player can reach, asked for in German
(Accept-Language: de), has no English left in what a player reads.

The method: each page is rendered twice for the same visitor, once asking
for English and once for German; every piece of visible text (and title,
aria-label, placeholder, alt and the words on buttons) that is the same in
both is English left untranslated, unless all its words are allowed: the
names of players, people, groups and games, the app's own name, numbers,
and the few words German shares with English. Rules pages keep their prose
in English (they say so in German); their chrome is checked. A failure lists
the English found, page by page."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.accounts.test_every_url import World, url_patterns
from tests.factories import make_game, make_user
from tests.phone import Phone
from vinescore import guide
from vinescore.accounts.models import Group
from vinescore.club.models import Event
from vinescore.offline import words as phone_words
from vinescore.scoring import REGISTRY
from vinescore.table.links import TableLink
from vinescore.table.models import Game, Player

pytestmark = pytest.mark.django_db

DE = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}

# Words German writes as English does.
SAME_IN_GERMAN = {
    "vinescore",
    "auto",
    "Hand",
    "Name",
    "Start",
    "Team",
    "Teams",
    "Link",
    "Links",
    "Code",
    "QR",
    "JSON",
    "CSV",
    "https",
    "http",
    "OK",
    "Mü",
    "Deutsch",
    "English",
    "Auto",
    "Partner",
    "Status",
    # Mü's bidder keeps the name the rules give the role.
    "Chief",
}
# The deck's suits keep the names the deck prints on its cards.
SUITS = {"Anchors", "Crowns", "Cups", "Locks", "Trees"}
# Markup a player does not read as the page's words.
SKIPPED_TAGS = {"script", "style", "svg", "template", "code", "pre"}
# On rules pages: the rules themselves, which stay in English.
RULES_PROSE = {"rules-section", "lede", "glossary", "cards", "example", "rules-panel", "toc"}
READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
}


class Visible(HTMLParser):
    """The words of a page a player reads: text, some attributes, buttons."""

    def __init__(self, skip_classes: frozenset[str] = frozenset()):
        super().__init__(convert_charrefs=True)
        self.skip_classes = skip_classes
        self.stack: list[bool] = []  # per open element: skipped with what it holds
        self.found: list[str] = []
        self.page_lang = ""

    def skipping(self) -> bool:
        return any(self.stack)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.page_lang = attrs.get("lang", "")
        classes = set((attrs.get("class") or "").split())
        other_language = "lang" in attrs and tag != "html" and attrs["lang"] != self.page_lang
        skip = tag in SKIPPED_TAGS or bool(classes & self.skip_classes) or other_language
        if not self.skipping() and not skip:
            for name in READ_ATTRIBUTES:
                if attrs.get(name):
                    self.found.append(attrs[name])
            kind = attrs.get("type", "")
            if tag == "input" and kind in ("submit", "button") and attrs.get("value"):
                self.found.append(attrs["value"])
        if tag not in VOID:
            self.stack.append(skip)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        text = " ".join(data.split())
        if text and not self.skipping():
            self.found.append(text)


def visible(html: str, rules_page: bool = False) -> list[str]:
    parser = Visible(frozenset(RULES_PROSE) if rules_page else frozenset())
    parser.feed(html)
    return parser.found


def allowed_names() -> list[str]:
    names = {*SAME_IN_GERMAN, *SUITS, *(rules.name for rules in REGISTRY)}
    names |= set(Player.objects.values_list("name", flat=True))
    names |= set(Group.objects.values_list("name", flat=True))
    names |= set(get_user_model().objects.values_list("username", flat=True))
    names |= {t for t in Game.objects.values_list("title", flat=True) if t}
    names |= set(Event.objects.values_list("name", flat=True))
    names |= set(TableLink.objects.values_list("code", flat=True))
    return sorted(names, key=len, reverse=True)


def english_left(english: str, german: str, rules_page: bool = False) -> list[str]:
    """What the German page shows exactly as the English one does, and that
    is more than names, numbers and words German shares."""
    said_in_english = set(visible(english, rules_page))
    names = allowed_names()
    pattern = re.compile("|".join(re.escape(n) for n in names)) if names else None
    left = []
    for text in visible(german, rules_page):
        if text not in said_in_english or re.fullmatch(r"https?://\S+", text):
            continue
        rest = pattern.sub(" ", text) if pattern else text
        if re.search(r"[^\W\d_]{2,}", rest) and text not in left:
            left.append(text)
    return left


def both(phone: Phone, url: str, method: str = "get", data: dict | None = None):
    send = phone.get if method == "get" else phone.post
    english = send(url, data or {}, **EN)
    german = send(url, data or {}, **DE)
    return english, german


def is_page(response) -> bool:
    return response.status_code != 302 and response["Content-Type"].startswith("text/html")


# --- the pages ----------------------------------------------------------------------

# Every named URL pattern (the walk of tests/accounts/test_every_url.py),
# opened by the group's owner: those that answer with a page are checked;
# the others answer data, a file or a redirect, and are checked to.
NOT_PAGES = {
    "all_games_json",
    "all_plays_bgstats",
    "all_plays_bgsplay",
    "game_csv",
    "game_end_session",
    "game_event",
    "game_json",
    "game_live",
    "game_reopen",
    "join_short",
    "manifest",
    "record_schema",
    "service_worker",
    "table_link",
    "up",
    "watch_live",
}
PATTERNS = sorted(set(url_patterns()) - NOT_PAGES)


def open_both(name):
    world = World()
    params = url_patterns()[name].pattern.converters
    url = reverse(name, kwargs={k: v for k, v in world.kwargs(name).items() if k in params})
    phone = Phone(user=None)
    if name not in ("login", "first_visit", "password_reset_confirm", "invitation", "sign_up"):
        phone.force_login(world.users["owner"])
    return url, *both(phone, url)


@pytest.mark.parametrize("name", PATTERNS)
def test_no_english_left_on_the_page(name):
    url, english, german = open_both(name)
    assert is_page(german), f"{name} answers no page: list it in NOT_PAGES"
    assert german.status_code == english.status_code
    assert german["Content-Language"] == "de"
    left = english_left(english.text, german.text, rules_page=name.startswith("rules_"))
    assert not left, f"English left on {url} ({name}):\n  " + "\n  ".join(left)


@pytest.mark.parametrize("name", sorted(NOT_PAGES))
def test_what_answers_no_page_answers_none_in_either_language(name):
    url, english, german = open_both(name)
    assert not is_page(german) and not is_page(english), f"{url} is a page: check its words"
    assert german.status_code == english.status_code


def example_games() -> list[str]:
    return sorted(key for key, page in guide.PAGES.items() if page.examples and key in REGISTRY)


@pytest.mark.parametrize("key", example_games())
def test_no_english_left_on_a_sheet_of_each_game(key):
    """A game of each kind with a hand (the first worked example of its
    rules page): the sheet, its explanation of the hand, and its change log."""
    example = guide.PAGES[key].examples[0]
    rules = REGISTRY[key]
    game = make_game(
        kind=key,
        names=example.names,
        options=sorted(example.options),
        stakes=example.stakes if rules.coins else None,
        first_dealer=example.dealer,
        hands=[example.facts],
    )
    phone = Phone()
    found = {}
    for url in (game.get_absolute_url(), reverse("change_log", args=[game.pk])):
        english, german = both(phone, url)
        assert german.status_code == english.status_code == 200
        left = english_left(english.text, german.text)
        if left:
            found[url] = left
    assert not found, (
        "English left on the sheet of "
        + key
        + ":\n"
        + "\n".join(f"  {url}:\n    " + "\n    ".join(left) for url, left in found.items())
    )


def test_a_refused_hand_is_refused_in_german():
    world = World()
    phone = Phone(user=None)
    phone.force_login(world.users["member"])
    url = reverse("hand_add", args=[world.game.pk])
    wrong = {"bidder": "1", "bid": "99", "tricks_0": "x"}
    english, german = both(phone, url, "post", wrong)
    assert german.status_code == english.status_code == 422
    refused = [t for t in visible(german.text) if t not in set(visible(english.text))]
    assert refused, "the refusal reads the same in German as in English"
    left = english_left(english.text, german.text)
    assert not left, "English left on a refused hand:\n  " + "\n  ".join(left)


@pytest.mark.parametrize("case", ["not found", "not allowed", "link used", "refused group name"])
def test_errors_are_in_german(case):
    world = World()
    phone = Phone(user=None)
    if case == "not found":
        phone.force_login(world.users["owner"])
        url, method, data, status = "/games/999999/", "get", None, 404
    elif case == "not allowed":
        phone.force_login(world.users["viewer"])
        url, method, data, status = reverse("game_new"), "get", None, 403
    elif case == "link used":
        url, method, data, status = (
            reverse("password_reset_confirm", args=["MQ", "x"]),
            "get",
            None,
            410,
        )
    else:
        phone.force_login(world.users["owner"])
        url, method, data, status = reverse("group_new"), "post", {"name": "\u202e"}, 422
    english, german = both(phone, url, method, data)
    assert german.status_code == english.status_code == status
    left = english_left(english.text, german.text)
    assert not left, f"English left on {case} ({url}):\n  " + "\n  ".join(left)


def test_an_invitation_used_already_says_so_in_german():
    world = World()
    world.invitation.accept(world.users["outsider"])
    english, german = both(Phone(user=None), reverse("invitation", args=[world.invitation.token]))
    assert german.status_code == english.status_code == 410
    assert "Diese Einladung wurde schon benutzt" in german.text
    left = english_left(english.text, german.text)
    assert not left, "English left on a used invitation:\n  " + "\n  ".join(left)


def test_a_guest_whose_table_link_ended_is_told_in_german():
    world = World()
    phone = Phone(user=None)
    assert phone.get(reverse("table_link", args=[world.table.code])).status_code == 302
    world.table.revoked_at = world.game.created_at
    world.table.save(update_fields=["revoked_at"])
    english, german = both(phone, world.game.get_absolute_url())
    assert german.status_code == english.status_code == 410
    assert "Ein Mitglied der Gruppe hat diesen Tischlink zurückgezogen." in german.text
    left = english_left(english.text, german.text)
    assert not left, "English left on an ended table link:\n  " + "\n  ".join(left)


def test_the_first_visit_and_open_sign_up_are_in_german(settings):
    phone = Phone(user=None)
    english, german = both(phone, reverse("first_visit"))
    assert german.status_code == 200 and "Willkommen bei vinescore" in german.text
    assert not english_left(english.text, german.text)
    settings.SIGNUP_OPEN = True
    make_user("owner")
    refused = {"username": "zed", "password1": "x", "password2": "y"}
    english, german = both(phone, reverse("sign_up"), "post", refused)
    assert german.status_code == english.status_code == 422
    left = english_left(english.text, german.text)
    assert not left, "English left on a refused sign-up:\n  " + "\n  ".join(left)


def test_the_password_reset_mail_is_in_german(mailoutbox):
    user = make_user("owner")
    user.email = "owner@example.org"
    user.save()
    answer = Phone(user=None).post(reverse("password_reset"), {"email": user.email}, **DE)
    assert answer.status_code == 302
    (mail,) = mailoutbox
    assert "Passwort" in mail.subject and "Passwort" in mail.body


# --- how the language is chosen -----------------------------------------------------


def test_english_is_the_default_and_german_is_chosen_from_the_browser():
    phone = Phone()
    plain = phone.get(reverse("account"))
    assert '<html lang="en-gb">' in plain.text and plain["Content-Language"] == "en-gb"
    german = phone.get(reverse("account"), **DE)
    assert '<html lang="de">' in german.text and "Deine Gruppen" in german.text
    assert "Accept-Language" in german["Vary"]


def test_one_tap_on_the_account_page_switches_the_language_for_a_year():
    phone = Phone()
    page = phone.get(reverse("account")).text
    assert 'name="language" value="de"' in page
    # Each language is named in itself, whatever the page's language.
    german_page = phone.get(reverse("account"), **DE).text
    assert ">English</button>" in german_page and ">Deutsch</button>" in german_page
    answer = phone.post(reverse("set_language"), {"language": "de", "next": reverse("account")})
    assert answer.status_code == 302 and answer["Location"] == reverse("account")
    cookie = phone.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "de" and int(cookie["max-age"]) >= 60 * 60 * 24 * 300
    # The browser asks for English, the phone chose German: German it is.
    again = phone.get(reverse("account"), **EN)
    assert '<html lang="de">' in again.text and "Abmelden" in again.text
    assert 'value="de" lang="de" aria-pressed="true"' in again.text
    back = phone.post(reverse("set_language"), {"language": "en-gb", "next": reverse("account")})
    assert back.status_code == 302
    assert "Sign out" in phone.get(reverse("account"), **DE).text


def test_a_guest_switches_the_language_from_the_top_bar_too():
    make_user("owner")  # vinescore is set up: the sign-in page, not the first visit
    phone = Phone(user=None)
    page = phone.get(reverse("login")).text
    assert reverse("set_language") in page and 'value="de"' in page
    phone.post(reverse("set_language"), {"language": "de", "next": reverse("login")})
    assert "Passwort vergessen?" in phone.get(reverse("login")).text


def test_a_language_nobody_offers_is_not_taken():
    make_user("owner")
    phone = Phone(user=None)
    phone.post(reverse("set_language"), {"language": "xx", "next": reverse("login")})
    assert settings.LANGUAGE_COOKIE_NAME not in phone.cookies
    assert "Forgot your password?" in phone.get(reverse("login")).text


@pytest.mark.parametrize("url", ["/rules/", "/rules/coralon/", "/rules/glossary/", "/rules/deck/"])
def test_the_rules_say_in_german_that_they_are_in_english(url):
    phone = Phone(user=None)
    note = "Die Spielregeln gibt es nur auf Englisch."
    assert note in phone.get(url, **DE).text
    assert note not in phone.get(url, **EN).text


def test_a_kept_sheet_is_served_in_the_language_asked_for():
    """The sheet is kept rendered (table/fragments.py): a German visitor
    after an English one gets German, with the headers that say so."""
    game = make_game(hands=[{"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}])
    phone = Phone()
    english = phone.get(game.get_absolute_url(), **EN)
    german = phone.get(game.get_absolute_url(), **DE)
    assert english["Content-Language"] == "en-gb" and german["Content-Language"] == "de"
    assert "Accept-Language" in german["Vary"]
    assert '<html lang="de">' in german.text
    assert ">Spiele</a>" in german.text and ">Games</a>" in english.text


# --- the scripts' words and the service worker -------------------------------------

JS = Path(settings.BASE_DIR) / "static" / "js"
CALL = re.compile(r"\b(?:t|words)\(\s*")
LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')


def script_words(text: str) -> list[str]:
    """The English the scripts pass to t() (string literals joined by +)."""
    out = []
    for call in CALL.finditer(text):
        at, parts = call.end(), []
        while literal := LITERAL.match(text, at):
            parts.append(json.loads(f'"{literal[1]}"'))
            at = literal.end()
            joined = re.match(r"\s*\+\s*", text[at:])
            if not (joined and LITERAL.match(text, at + joined.end())):
                break
            at += joined.end()
        if parts:
            out.append("".join(parts))
    return out


def test_every_word_the_scripts_show_is_in_the_catalog():
    shown = {word for path in JS.glob("*.js") for word in script_words(path.read_text())}
    assert len(shown) > 50
    assert sorted(shown - set(phone_words.WORDS)) == []


def test_a_german_page_carries_the_scripts_words_and_an_english_one_none():
    phone = Phone()
    english = phone.get(reverse("account"), **EN).text
    german = phone.get(reverse("account"), **DE).text
    assert 'id="vinescore-words"' not in english
    block = re.search(
        r'<script id="vinescore-words" type="application/json">(.*?)</script>', german
    )
    said = json.loads(block[1])
    assert said["Not sent yet"] == "Noch nicht gesendet"
    assert said["{n} hands not sent yet"].count("{n}") == 1
    for english_words, german_words in said.items():
        placeholders = sorted(re.findall(r"\{\w+\}", english_words))
        assert sorted(re.findall(r"\{\w+\}", german_words)) == placeholders, english_words


def test_the_service_worker_speaks_every_language_and_keeps_sheets_by_language():
    worker = Phone(user=None).get(reverse("service_worker"), **EN).text
    words = json.loads(re.search(r"var WORDS = (\{.*\});", worker)[1])
    assert words["de"]["heading"] == "Der Server ist nicht erreichbar"
    assert words["en-gb"]["heading"] == "The server is out of reach"
    # A copy kept in one language is never shown to a phone now in another.
    assert 'headers.set("x-kept-lang", said("content-language"))' in worker
    assert '(found.headers.get("x-kept-lang") || LANGUAGE) !== lang' in worker


def test_the_manifest_describes_the_app_in_german():
    manifest = Phone(user=None).get(reverse("manifest"), **DE).json()
    assert manifest["lang"] == "de"
    assert manifest["description"] == "Zählt die Punkte an einem echten Kartentisch."
