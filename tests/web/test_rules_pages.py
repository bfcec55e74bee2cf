"""The rules reference, rendered: every game's page, examples scored live,
the glossary, the deck, search, and the panel on the score sheet."""

import re

import pytest

from tests.factories import make_game
from vinescore import guide
from vinescore.scoring import REGISTRY

pytestmark = pytest.mark.django_db


def test_every_game_in_the_registry_has_a_rules_page():
    assert set(guide.PAGES) == set(REGISTRY.games)


@pytest.mark.parametrize("key", sorted(REGISTRY.games))
def test_each_page_renders_its_worked_examples_with_the_scorers_numbers(client, key):
    page = guide.PAGES[key]
    response = client.get(f"/rules/{key}/")
    body = response.content.decode()
    assert response.status_code == 200
    shown = [int(a) for a in re.findall(r"<td data-award>\+?(-?\d+)</td>", body)]
    promised = [award for example in page.examples for award in example.expect]
    assert shown == promised
    for example in page.examples:
        worked = guide.work_out(key, example)
        assert worked.result.awards == example.expect
        assert worked.result.explanation.replace("&", "&amp;") in body.replace("&#x27;", "'")
    for section in page.sections:
        assert f'id="{section.anchor}"' in body
    assert "our ruling" in body


def test_the_index_lists_every_game_and_links_the_deck_and_glossary(client):
    body = client.get("/rules/").content.decode()
    for rules in REGISTRY:
        assert f"/rules/{rules.key}/" in body
    assert "/rules/deck/" in body and "/rules/glossary/" in body


def test_the_glossary_defines_the_words_the_pages_link(client):
    body = client.get("/rules/glossary/").content.decode()
    for key in ("bump", "sweep", "open-card", "the-box", "thief", "key-suit", "red", "take-back"):
        assert f'id="{key}"' in body


def test_the_deck_page_gives_the_suits_and_ranks(client):
    body = client.get("/rules/deck/").content.decode()
    for word in ("Anchors", "Crowns", "Cups", "Locks", "Trees", "Knight", "Farmer", "Tar"):
        assert word in body


def test_search_finds_a_rule_across_games(client):
    body = client.get("/rules/search/", {"q": "bump"}).content.decode()
    assert "Chevalier" in body and "Ducks and Geese" in body


def test_search_with_nothing_to_find_says_so(client):
    body = client.get("/rules/search/", {"q": "xylophone"}).content.decode()
    assert "Nothing in the rules mentions" in body


def test_an_overlong_search_is_refused_beside_the_box(client):
    response = client.get("/rules/search/", {"q": "x" * 150})
    assert response.status_code == 422
    assert "at most 100 characters" in response.content.decode()


def test_an_unknown_game_has_no_rules_page(client):
    assert client.get("/rules/snap/").status_code == 404


def test_the_score_sheet_opens_the_scoring_summary_as_a_panel(client):
    game = make_game("chevalier")
    sheet = client.get(game.get_absolute_url()).content.decode()
    assert 'hx-get="/rules/chevalier/?panel=scoring"' in sheet
    panel = client.get("/rules/chevalier/?panel=scoring", headers={"HX-Request": "true"})
    body = panel.content.decode()
    assert panel.status_code == 200 and "<html" not in body
    assert 'id="rules-panel"' in body and "Chevalier: scoring" in body


def test_each_hands_explanation_links_to_the_rule_it_applied(client):
    game = make_game(hands=[{"bidder": 0, "bid": 5, "tricks": [3, 4, 4, 2]}])
    sheet = client.get(game.get_absolute_url()).content.decode()
    anchor = guide.rule_anchor("coralon", "miss")
    assert anchor and f'href="/rules/coralon/#{anchor}"' in sheet


def test_a_rules_page_prints_as_a_cheat_sheet():
    from django.contrib.staticfiles import finders

    css = open(finders.find("css/vinescore.css")).read()
    assert "@media print" in css and "columns: 2" in css


@pytest.mark.parametrize("key", sorted(REGISTRY.games))
def test_each_pages_winning_section_states_the_registrys_targets(key):
    rules = REGISTRY[key]
    winning = next(s for s in guide.PAGES[key].sections if s.anchor == "winning")
    text = guide.text_of(key, winning.text)
    for players in rules.player_counts:
        target = rules.default_target(players)
        if target is not None:
            assert str(target) in text, (key, players, target)


def test_a_question_about_one_game_leads_first_to_its_section(client):
    body = client.get("/rules/search/", {"q": "how does coralon score"}).content.decode()
    hits = body.split('id="search-hits"')[1]
    first = re.search(r'href="([^"]+)"', hits).group(1)
    assert first == "/rules/coralon/#scoring"
    assert "Coralon: Scoring" in hits


def test_a_word_the_game_does_not_have_is_said_to_be_missing(client):
    response = client.get("/rules/search/", {"q": "coralon bump"})
    body = response.content.decode()
    assert response.status_code == 200
    assert '<p class="notice" id="search-answer">Coralon has no bump.</p>' in body
    hits = body.split('id="search-hits"')[1]
    assert re.search(r'href="([^"]+)"', hits).group(1) == "/rules/coralon/#scoring"
    assert "Coralon: Scoring" in hits
    for key in ("chevalier", "ducks-and-geese", "dog"):
        assert f'href="/rules/{key}/' not in body
