"""Only what scores is asked for: one combined number where only a sum
decides (Thief's points, the Ducks and Geese bidders' tricks + point cards,
Up and Down's group points), with the split kept as an optional detail.

Impossible hands are still refused beside the field with a 422 and nothing
saved, on the sheet and in an imported file alike; hands stored with the
split, before the combined number, still load, score and edit the same."""

from __future__ import annotations

import pytest

from tests.factories import NAMES, make_game
from tests.web.test_records import load, one_game, refused_import
from vinescore.table.models import Hand

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
FIVE = NAMES[:5]


def post_hand(client, game, data):
    return client.post(f"/games/{game.pk}/hands/", data, headers=HTMX)


@pytest.mark.parametrize(
    "kind, players, data, field, message",
    [
        (
            "thief",
            4,
            {"bidder": "0", "bid": "6", "points": ["2", "3", "1", "2"]},
            "points",
            "13 to 24 points; these add up to 8",
        ),
        (
            "thief",
            4,
            {
                "bidder": "0",
                "bid": "6",
                "points": ["6", "5", "4", "3"],
                "tricks": ["4", "3", "3", ""],
                "thieves": ["1", "1", "", ""],
            },
            "points",
            "Points for Ana: 6 entered, but 4 tricks + 1 thief make 5.",
        ),
        (
            "ducks-and-geese",
            4,
            {"bidder": "1", "bid": "6", "bidders_points": "16", "others_cards": "4"},
            "others_cards",
            "with the bidding team on 16 (tricks + point cards), the other team holds at most 0",
        ),
        (
            "ducks-and-geese",
            4,
            {"bidder": "1", "bid": "6", "others_cards": "4"},
            "bidders_points",
            "Enter the tricks + point cards taken by the bidding team.",
        ),
        (
            "dog",
            4,
            {"bidder": "1", "bid": "6", "bidders_points": "13", "others_cards": "0"},
            "bidders_points",
            "must be from 0 to 12",
        ),
        (
            "ducks-and-geese-cutthroat",
            4,
            {"bidder": "2", "bid": "6", "bidder_points": "14", "cards": ["3", "2", "", "1"]},
            "cards",
            "with Cy on 14 (tricks + point cards), everyone else holds at most 4",
        ),
        (
            "up-and-down",
            5,
            {"leader": "0", "partner": "2", "side_points": "14", "others_points": "9"},
            "others_points",
            "a hand holds 11 to 22",
        ),
        (
            "up-and-down-points",
            5,
            {"bidder": "0", "bid": "8", "red": "on", "side_points": "12", "others_points": "9"},
            "side_points",
            "alone, the bidder takes at most 11",
        ),
    ],
)
def test_a_combined_number_the_cards_cannot_make_is_refused_beside_it(
    client, kind, players, data, field, message
):
    game = make_game(kind, NAMES[:players])
    response = post_hand(client, game, data)
    assert response.status_code == 422
    page = response.content.decode()
    assert message in page
    # The message sits inside the field it is about.
    box = page[page.index(f'data-field="{field}"') :]
    assert message in box[: box.index("</fieldset>")]
    assert not Hand.objects.exists()


def test_a_ducks_hand_with_only_the_combined_number_scores_and_the_split_waits_behind_a_tap(
    client,
):
    game = make_game("ducks-and-geese")
    page = client.get(game.get_absolute_url()).content.decode()
    more = page[page.index('<details class="more"') :]
    assert '<details class="more" data-more>' in page  # closed
    assert 'data-field="bidders_cards"' in more and 'data-field="open"' in more
    # Ben bids 6; Ben and Dee take 7 (tricks + point cards); Ana and Cy 3 point cards.
    data = {"bidder": "1", "bid": "6", "bidders_points": "7", "others_cards": "3"}
    assert post_hand(client, game, data).status_code == 200
    assert game.sheet().totals == (3, 6)


def test_a_hand_stored_with_the_split_still_scores_and_edits_with_it(client):
    # Stored before the combined number existed: tricks and point cards apart.
    game = make_game("ducks-and-geese")
    hand, _ = game.add_hand(
        {
            "forfeit": False,
            "bidder": 1,
            "bid": 6,
            "open": "open",
            "bidders_tricks": 4,
            "bidders_cards": 3,
            "others_cards": 3,
        }
    )
    row = game.sheet().rows[0]
    assert row.result.awards == (3, 6)
    assert "took 7 points (4 tricks + 3 point cards)" in row.result.explanation
    # The edit form opens More detail, where the split is.
    page = client.get(f"/games/{game.pk}/hands/{hand.pk}/edit/").content.decode()
    assert '<details class="more" data-more open>' in page
    # Saved again as it is, the combined number is worked out and the score stays.
    data = {"bidder": "1", "bid": "6", "open": "open", "bidders_tricks": "4"}
    data |= {"bidders_cards": "3", "others_cards": "3"}
    response = client.post(f"/games/{game.pk}/hands/{hand.pk}/edit/", data)
    assert response.status_code in (200, 302)
    hand.refresh_from_db()
    assert hand.facts["bidders_points"] == 7
    assert game.sheet().rows[0].result.awards == (3, 6)


def test_thief_hands_import_with_the_split_or_with_points_alone_and_score_the_same():
    split = {"bidder": 0, "bid": 6, "tricks": [4, 3, 4, 2], "thieves": [2, 1, 1, 0]}
    points = {"bidder": 0, "bid": 6, "points": [6, 4, 5, 2]}
    (old,) = load(one_game("thief", [{"facts": split}]))
    (new,) = load(one_game("thief", [{"facts": points}]))
    assert old.final_totals == new.final_totals == [6, 0, 0, 0]


def test_an_imported_hand_whose_combined_number_disagrees_with_its_split_is_refused():
    facts = {
        "bidder": 1,
        "bid": 5,
        "bidders_points": 8,
        "bidders_tricks": 4,
        "bidders_cards": 2,
        "others_cards": 3,
    }
    error = refused_import(one_game("ducks-and-geese", [{"facts": facts}]))
    assert error.field == "bidders_points"
    assert "8 entered, but 4 tricks + 2 point cards make 6" in str(error)


def test_an_imported_up_and_down_hand_must_fit_the_cards_without_the_split():
    facts = {"leader": 0, "partner": 2, "side_points": 1, "others_points": 12}
    error = refused_import(one_game("up-and-down", [{"facts": facts}], players=list(FIVE)))
    assert error.field == "side_points"
    assert "so they have at least 2; 1 entered" in str(error)
