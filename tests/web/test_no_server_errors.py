"""Whatever a player types or taps, the answer is a page or a message, never a 500."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from tests.factories import NAMES, make_game
from tests.phone import Phone
from vinescore.scoring import REGISTRY, Table
from vinescore.table.models import Hand

junk = st.one_of(
    st.text(max_size=8),
    st.integers(-5, 30).map(str),
    st.sampled_from(["", "zero", "less", "double_zero", "on", "war", "Cups", "open", "no_trump"]),
)


def seats_for(kind: str) -> int:
    counts = REGISTRY[kind].player_counts
    return 4 if 4 in counts else counts[0]


def form_data(kind: str):
    rules = REGISTRY[kind]
    players = seats_for(kind)
    fields = rules.fields(Table(NAMES[:players], frozenset(o.name for o in rules.options)))
    names = [f.name for f in fields]
    return st.fixed_dictionaries(
        {},
        optional={name: st.one_of(junk, st.lists(junk, max_size=7)) for name in names},
    )


class HandEntryNeverFails(TestCase):
    client_class = Phone

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(kind=st.sampled_from(sorted(REGISTRY.games)), data=st.data())
    def test_any_posted_hand_is_scored_or_refused(self, kind, data):
        game = make_game(kind, NAMES[: seats_for(kind)])
        posted = data.draw(form_data(kind))
        before = Hand.objects.count()
        response = self.client.post(
            f"/games/{game.pk}/hands/", posted, headers={"HX-Request": "true"}
        )
        assert response.status_code in (200, 422), response.status_code
        if response.status_code == 422:
            assert Hand.objects.count() == before


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path, data",
    [
        (
            "/games/new/coralon/",
            {"seat_1": "x", "first_dealer": "9", "target": "-3", "options": ["nope"]},
        ),
        ("/games/new/baronet/", {"seat_1": "999", "stakes": "0"}),
        ("/players/", {"name": "x" * 200}),
    ],
)
def test_nonsense_on_the_other_forms_is_refused(client, path, data):
    assert client.post(path, data).status_code == 422


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/games/new/coralon/", "/players/", "/games/import/"])
def test_an_empty_post_is_refused_with_messages(client, path):
    response = client.post(path, {})
    assert response.status_code == 422
    assert 'class="error"' in response.content.decode()
