"""What stays in view at the table: the hand just scored at the top, who
deals and who bids first, and the sums of per-player numbers."""

import html

import pytest

from tests.factories import make_game

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
BEN_EXACT = {"bidder": "1", "bid": "4", "tricks": ["3", "4", "2", ""]}


@pytest.mark.parametrize("htmx", [True, False])
def test_the_hand_just_scored_is_at_the_top_with_each_sides_change_and_undo(client, htmx):
    game = make_game()
    response = client.post(f"/games/{game.pk}/hands/", BEN_EXACT, headers=HTMX if htmx else {})
    if not htmx:
        assert response.status_code == 302
        response = client.get(response["Location"])
    body = response.content.decode()
    hand = game.live_hands()[-1]
    card = body[
        body.index('id="just-scored"') : body.index("</section>", body.index("just-scored"))
    ]
    assert body.index('id="just-scored"') < body.index('id="hand-form"')
    assert "Hand 1 scored" in card
    assert "Ben bid 4 and took exactly 4: only Ben scores." in card
    changes = [("Ana", "0"), ("Ben", "+4"), ("Cy", "0"), ("Dee", "0")]
    for name, change in changes:
        assert f'<span class="who">{name}</span> <strong>{change}</strong>' in card
    assert f'action="/games/{game.pk}/hands/{hand.pk}/delete/"' in card
    assert 'Undo<span class="visually-hidden"> the last hand</span>' in card


def test_a_coin_game_shows_who_paid_whom_in_the_hand_just_scored(client):
    game = make_game("baronet", names=("Ana", "Ben", "Cy"))
    body = client.get(game.get_absolute_url()).content.decode()
    assert 'id="just-scored"' not in body
    game = make_game(
        "up-and-down",
        names=("Ana", "Ben", "Cy"),
        hands=[{"take_back": True}],
    )
    body = html.unescape(client.get(game.get_absolute_url()).content.decode())
    card = body[
        body.index('id="just-scored"') : body.index("</section>", body.index("just-scored"))
    ]
    assert 'class="ledger"' in card and "Hand 1 scored" in card


def test_a_sweep_is_said_in_one_sentence_above_the_form_and_its_ruling_behind_the_rule_link(
    client,
):
    sweep = {"bidder": 0, "bid": 8, "bidders_clean": 4, "bidders_poisoned": 2}
    game = make_game("chevalier", hands=[sweep])
    body = html.unescape(client.get(game.get_absolute_url()).content.decode())
    card = body[
        body.index('id="just-scored"') : body.index("</section>", body.index("just-scored"))
    ]
    assert (
        "Ana bid 8 and Ana & Cy took 8 points: both teams keep their points (8 and 4); "
        "Ana & Cy swept the 7s: their 2 poisoned tricks count double. <a"
    ) in card
    assert "ruling" not in card.lower()
    assert 'href="/rules/chevalier/#sweep" data-rule>Rule</a></span>' in card
    # The sheet's row, the hand on record, says the ruling after it.
    row = body[body.index('class="explain"') :]
    assert (
        "count double. House ruling: a sweep is every 7 dealt this hand; those left in the pack "
        "do not count."
    ) in row


def test_a_hand_decided_by_no_ruling_has_no_rule_link_on_its_card(client):
    game = make_game(hands=[{"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]}])
    assert "data-rule>" not in client.get(game.get_absolute_url()).content.decode()


def test_after_an_undo_only_the_notice_offers_to_bring_it_back(client):
    game = make_game(hands=[{"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]}] * 2)
    last = game.live_hands()[-1]
    response = client.post(f"/games/{game.pk}/hands/{last.pk}/delete/")
    body = client.get(response["Location"]).content.decode()
    assert "Hand 2 deleted" in body and 'id="just-scored"' not in body


def test_who_deals_and_bids_first_sits_above_the_form_and_the_bidder_chip_is_marked(client):
    game = make_game(first_dealer=1)
    body = client.get(game.get_absolute_url()).content.decode()
    line = body.index('id="next-hand"')
    assert line < body.index('id="hand-form"')
    assert "Hand 1 · <strong>Ben</strong> deals · <strong>Cy</strong> bids first" in body
    assert body.count('class="chip first"') == 1
    marked = body.index('class="chip first"')
    assert body[marked : marked + 120].startswith('class="chip first" title="Cy bids first">')
    assert 'name="bidder" value="2"' in body[marked : marked + 200]


def test_a_game_where_nobody_bids_marks_no_chip(client):
    game = make_game("duel", names=("Ana", "Ben"), target=2, stakes=20)
    assert 'class="chip first"' not in client.get(game.get_absolute_url()).content.decode()


@pytest.mark.parametrize(
    "kind, names, field, attribute",
    [
        ("coralon", ("Ana", "Ben", "Cy", "Dee"), "tricks", 'data-total="13"'),
        ("thief", ("Ana", "Ben", "Cy", "Dee"), "thieves", 'data-most="'),
        ("up-and-down-points", ("Ana", "Ben", "Cy", "Dee"), "points", "data-sum-group>"),
    ],
)
def test_every_group_of_per_player_numbers_has_a_running_sum(client, kind, names, field, attribute):
    game = make_game(kind, names=names)
    body = client.get(game.get_absolute_url()).content.decode()
    box = body[body.index(f'data-field="{field}"') :]
    box = box[: box.index("</fieldset>")]
    assert attribute in box and "data-sum-line" in box
