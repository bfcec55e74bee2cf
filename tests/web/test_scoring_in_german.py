"""The hand explanations and refusals in German, on the server (the
browser's language, through Django's translations installed into the scoring
package) and on a phone (the same compiled catalog, read by the standard
library as the phone's worker reads it)."""

import pytest
from django.http import QueryDict
from django.utils import translation

from tests.factories import make_game
from vinescore.scoring import phone, replay, words
from vinescore.table.hand_forms import HandForm

pytestmark = pytest.mark.django_db

MADE = {"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]}


@pytest.fixture
def on_a_phone():
    yield phone
    # Back to the server's own pair, as the app installs it.
    words.use_translations(translation.gettext, translation.ngettext)


def record_of(game, hands=()):
    return {
        "game": game.kind,
        "players": list(game.sheet().setup.names),
        "first_dealer": game.first_dealer,
        "options": list(game.options),
        "target": game.target,
        "stakes": game.stakes,
        "ended": False,
        "hands": [{"facts": facts} for facts in hands],
    }


def test_the_sheet_explains_a_hand_in_the_browsers_language(client):
    # Two games, so that the page kept for the first is not what the second
    # language reads (the kept fragments' keys are tested with the cache).
    game = make_game(hands=[MADE])
    german = client.get(game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Ben bot 4 und holte genau 4: nur Ben punktet" in german
    game = make_game(hands=[MADE])
    english = client.get(game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Ben bid 4 and took exactly 4: only Ben scores" in english
    assert "nur Ben punktet" not in english


def test_the_scoring_package_speaks_the_active_language():
    game = make_game(hands=[MADE])
    with translation.override("de"):
        assert game.sheet().rows[0].result.explanation == (
            "Ben bot 4 und holte genau 4: nur Ben punktet"
        )
    with translation.override("en-gb"):
        assert game.sheet().rows[0].result.explanation == (
            "Ben bid 4 and took exactly 4: only Ben scores"
        )


def test_a_phone_explains_in_german_from_the_same_catalog(on_a_phone):
    game = make_game(names=("Ana", "Ben", "Cy", "Dee"))
    record = record_of(game, [MADE])
    queued = [[["bidder", "0"], ["bid", "5"]] + [["tricks", t] for t in ("3", "4", "4", "")]]
    assert on_a_phone.use_language("de") == "de"
    sheet = on_a_phone.drawn(record, queued)
    assert [row["explanation"] for row in sheet["rows"]] == [
        "Ana bot 5 und holte 3: Ana punktet nichts; alle anderen punkten ihre Stiche",
    ]
    assert sheet["next"]["first_words"].endswith(" bietet zuerst")
    assert on_a_phone.use_language("de-DE") == "de"
    assert on_a_phone.use_language("en") == "en"
    assert on_a_phone.drawn(record, queued)["rows"][0]["explanation"] == (
        "Ana bid 5 and took 3: Ana scores nothing; everyone else scores their tricks"
    )


def test_a_phone_refuses_in_german_as_the_servers_form_does(on_a_phone):
    game = make_game(names=("Ana", "Ben", "Cy", "Dee"))
    typed = QueryDict("bid=4&tricks=3&tricks=4&tricks=2&tricks=9")
    pairs = [(k, v) for k in typed for v in typed.getlist(k)]
    on_a_phone.use_language("de")
    on_phone = on_a_phone.refusal(record_of(game), [], pairs)
    assert on_phone == {
        "bidder": "Bieter: bitte auswählen.",
        "tricks": "Stiche: 13 in einem Blatt mit 4 Spielern; diese ergeben 18.",
    }
    with translation.override("de"):
        words.use_translations(translation.gettext, translation.ngettext)
        form = HandForm(game.rules, game.sheet().next_table, typed)
        assert not form.is_valid()
        by_form = sorted(m for errors in form.errors.values() for m in errors)
    assert sorted(on_phone.values()) == by_form


def test_a_replay_keeps_its_own_language_while_another_thread_speaks_another():
    # A replay looks the language up once (words.one_language); two phones
    # in two languages replaying at the same instant each read their own.
    import threading

    game = make_game(hands=[MADE] * 40)
    rules, setup, hands = game.rules, game.setup(), [h.facts for h in game.live_hands()]
    barrier = threading.Barrier(2)
    told = {}

    def replay_in(language):
        with translation.override(language):
            barrier.wait()
            told[language] = {row.result.explanation for row in replay(rules, setup, hands).rows}

    threads = [threading.Thread(target=replay_in, args=(lang,)) for lang in ("de", "en")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert told == {
        "de": {"Ben bot 4 und holte genau 4: nur Ben punktet"},
        "en": {"Ben bid 4 and took exactly 4: only Ben scores"},
    }


def test_outside_a_replay_each_sentence_reads_the_language_in_use():
    with words.one_language():
        pass
    with translation.override("de"):
        assert words.gettext("nobody") == "niemand"
    assert words.gettext("nobody") == "nobody"
