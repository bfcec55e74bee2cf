"""Seats after the start: before the first hand, who sits and the order
change without starting again; after it, a player picked by mistake is
replaced in the same seat. Each is a change like any other (version, key,
the change log) and a name typed goes through the group's name rules."""

import re

import pytest

from tests.factories import make_game, make_member, make_player
from tests.phone import Phone
from vinescore.table.models import Game, GameChange, Player

pytestmark = pytest.mark.django_db
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}  # Ben scores 13
KEY = "seats-key-0123456789"


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def seats_of(game: Game) -> list[str]:
    return [p.name for p in Game.objects.get(pk=game.pk).seated_players()]


def seat_post(*players, first_dealer: int = 0, **extra) -> dict:
    data = {f"seat_{i + 1}": p.pk for i, p in enumerate(players)}
    return {**data, "first_dealer": first_dealer, "key": KEY, **extra}


def test_the_sheet_links_to_the_seats_for_members(client):
    game = make_game()
    assert f'href="/games/{game.pk}/seats/">Seats</a>' in text(client.get(game.get_absolute_url()))
    viewer = Phone(user=None)
    viewer.force_login(make_member("vic", "viewer"))
    assert viewer.get(f"/games/{game.pk}/seats/").status_code == 403


def test_before_the_first_hand_the_seats_show_as_they_are(client):
    game = make_game(first_dealer=2)
    page = text(client.get(f"/games/{game.pk}/seats/"))
    assert "No hand has been scored yet" in page
    # Each seat's one name box shows who sits there.
    assert re.search(r'name="seat_1_name"[^>]* value="Ana"', page)
    assert re.search(r'name="seat_3_name"[^>]* value="Cy"', page)
    assert 'name="first_dealer" value="2" checked' in page


def test_before_the_first_hand_the_order_and_the_dealer_change(client):
    game = make_game()
    ana, ben, cy, dee = (Player.objects.get(name=n) for n in ("Ana", "Ben", "Cy", "Dee"))
    response = client.post(f"/games/{game.pk}/seats/", seat_post(ben, ana, dee, cy, first_dealer=1))
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert seats_of(game) == ["Ben", "Ana", "Dee", "Cy"]
    sheet = text(client.get(game.get_absolute_url()))
    assert "<strong>Ana</strong> deals" in sheet
    log = text(client.get(f"/games/{game.pk}/log/"))
    assert "Seats changed before the first hand: Ana, Ben, Cy, Dee became Ben, Ana, Dee, Cy" in log
    assert "Ana deals first." in log


def test_before_the_first_hand_someone_new_sits_down_and_the_target_follows_the_count(client):
    game = make_game()  # four players: the rulebook's 40
    assert game.target == 40
    ana, ben, cy, dee = (Player.objects.get(name=n) for n in ("Ana", "Ben", "Cy", "Dee"))
    data = seat_post(ana, ben, cy, dee, seat_5_name="  Eli  ")
    response = client.post(f"/games/{game.pk}/seats/", data)
    assert response.status_code == 302
    assert seats_of(game) == ["Ana", "Ben", "Cy", "Dee", "Eli"]
    assert Game.objects.get(pk=game.pk).target == 25  # the rulebook's for five
    assert Player.objects.filter(name="Eli").count() == 1


def test_a_name_already_known_seats_that_player(client):
    game = make_game(names=("Ana", "Ben", "Cy"))
    dee = make_player("Dee")
    ana, ben = Player.objects.get(name="Ana"), Player.objects.get(name="Ben")
    client.post(f"/games/{game.pk}/seats/", seat_post(ana, ben, seat_3_name="DEE"))
    assert seats_of(game) == ["Ana", "Ben", "Dee"]
    assert Player.objects.filter(name__iexact="dee").get() == dee


def test_seats_the_rules_do_not_allow_are_refused_beside_the_field(client):
    game = make_game()
    ana, ben = Player.objects.get(name="Ana"), Player.objects.get(name="Ben")
    response = client.post(f"/games/{game.pk}/seats/", seat_post(ana, ben))
    assert response.status_code == 422
    assert "Coralon is for 3 to 6 players; 2 are seated." in text(response)
    twice = client.post(f"/games/{game.pk}/seats/", seat_post(ana, ben, ana))
    assert twice.status_code == 422 and "Ana is already seated." in text(twice)
    assert seats_of(game) == ["Ana", "Ben", "Cy", "Dee"]
    assert not game.changes.filter(action=GameChange.SEATS).exists()


def test_a_new_name_the_name_rules_refuse_is_refused_beside_it(client):
    game = make_game()
    ana, ben, cy = (Player.objects.get(name=n) for n in ("Ana", "Ben", "Cy"))
    response = client.post(
        f"/games/{game.pk}/seats/", seat_post(ana, ben, cy, seat_4_name="\u202e")
    )
    assert response.status_code == 422
    assert "text-direction control characters" in text(response)
    assert seats_of(game) == ["Ana", "Ben", "Cy", "Dee"]


def test_after_the_first_hand_the_page_offers_a_replacement_not_the_order(client):
    game = make_game(hands=[EXACT_BEN])
    page = text(client.get(f"/games/{game.pk}/seats/"))
    assert "Hands have been scored, so the seats keep their order" in page
    assert "Seat 2: Ben" in page and "seat_1" not in page


def test_after_the_first_hand_a_wrong_name_is_replaced_in_the_same_seat(client):
    game = make_game(hands=[EXACT_BEN, EXACT_BEN])
    bea = make_player("Bea")
    response = client.post(f"/games/{game.pk}/seats/", {"seat": "1", "player": bea.pk, "key": KEY})
    assert response.status_code == 302
    assert seats_of(game) == ["Ana", "Bea", "Cy", "Dee"]
    sheet = text(client.get(game.get_absolute_url()))
    total = '<span class="who" title="Bea">Bea</span><span class="score" data-total>26</span>'
    assert total in sheet
    log = text(client.get(f"/games/{game.pk}/log/"))
    assert "Seat 2: Ben was replaced by Bea, in every hand played there." in log
    ben = Player.objects.get(name="Ben")
    assert f"/games/{game.pk}/" not in text(client.get(f"/players/{ben.pk}/"))
    assert f"/games/{game.pk}/" in text(client.get(f"/players/{bea.pk}/"))


def test_the_game_whose_seats_changed_names_its_new_players_at_once():
    # The seats read before a change are not the ones its answer shows.
    game = make_game(hands=[])
    assert [p.name for p in game.seated_players()] == ["Ana", "Ben", "Cy", "Dee"]
    ana, ben, cy, dee = game.seated_players()
    game.change_seats([dee, cy, ben, ana, make_player("Eli")], first_dealer=0)
    assert [p.name for p in game.seated_players()] == ["Dee", "Cy", "Ben", "Ana", "Eli"]
    assert [name for name, _ in game.scores()] == ["Dee", "Cy", "Ben", "Ana", "Eli"]
    played = make_game(hands=[EXACT_BEN, EXACT_BEN])
    assert played.seated_players()[1].name == "Ben"
    played.replace_player(1, make_player("Bea"))
    assert [p.name for p in played.seated_players()] == ["Ana", "Bea", "Cy", "Dee"]
    assert played.scores()[1] == ("Bea", 26)


def test_a_replacement_can_be_someone_new_and_their_name_is_checked(client):
    game = make_game(hands=[EXACT_BEN])
    response = client.post(f"/games/{game.pk}/seats/", {"seat": "3", "name": "Dora", "key": KEY})
    assert response.status_code == 302 and seats_of(game) == ["Ana", "Ben", "Cy", "Dora"]
    blank = client.post(f"/games/{game.pk}/seats/", {"seat": "0", "name": "\u3164"})
    assert blank.status_code == 422
    assert "A name needs at least one letter, digit or sign that shows." in text(blank)


def test_a_replacement_already_at_the_table_is_refused(client):
    game = make_game(hands=[EXACT_BEN])
    response = client.post(f"/games/{game.pk}/seats/", {"seat": "0", "name": "cy"})
    assert response.status_code == 422 and "Cy is already in seat 3." in text(response)
    cy = Player.objects.get(name="Cy")
    chosen = client.post(f"/games/{game.pk}/seats/", {"seat": "0", "player": cy.pk})
    assert chosen.status_code == 422
    assert "Choose a player who is not at this table." in text(chosen)
    nobody = client.post(f"/games/{game.pk}/seats/", {"seat": "0"})
    assert "Choose who sits there instead, or type a new name." in text(nobody)
    assert seats_of(game) == ["Ana", "Ben", "Cy", "Dee"]


def test_a_seat_change_drawn_before_a_hand_was_entered_is_refused(client):
    game = make_game(target=200)
    version = str(game.version)
    client.post(
        f"/games/{game.pk}/hands/", {"bidder": "1", "bid": "4", "tricks": ["3", "4", "2", "4"]}
    )
    ana, ben, cy, dee = (Player.objects.get(name=n) for n in ("Ana", "Ben", "Cy", "Dee"))
    response = client.post(
        f"/games/{game.pk}/seats/", seat_post(dee, cy, ben, ana, version=version)
    )
    assert response.status_code == 409
    assert "Hand 1 was already entered on another phone" in text(response)
    assert seats_of(game) == ["Ana", "Ben", "Cy", "Dee"]


def test_the_same_replacement_sent_twice_is_made_once(client):
    game = make_game(hands=[EXACT_BEN])
    bea = make_player("Bea")
    version = str(game.version)
    data = {"seat": "1", "player": bea.pk, "key": KEY, "version": version}
    first = client.post(f"/games/{game.pk}/seats/", data)
    again = client.post(f"/games/{game.pk}/seats/", data)
    assert first.status_code == again.status_code == 302
    assert game.changes.filter(action=GameChange.REPLACED).count() == 1


SIX = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay")


def test_a_house_rule_for_six_keeps_a_mu_table_at_six(client):
    game = make_game("mu", SIX, options=["dealer_sits_out"])
    ana, ben, cy, dee, eli, fay = (Player.objects.get(name=n) for n in SIX)
    page = text(client.get(f"/games/{game.pk}/seats/"))
    assert "House rules: Six players: the dealer sits out" in page
    response = client.post(f"/games/{game.pk}/seats/", seat_post(ana, ben, cy, dee, eli))
    assert response.status_code == 422
    refusal = (
        "“Six players: the dealer sits out” is only for exactly 6 players; 5 are seated. "
        "This game was started with it; start a new game to play without it."
    )
    # Beside the seats, where the count is chosen.
    assert f'<p class="error">{refusal}</p>' in text(response)
    assert seats_of(game) == list(SIX)
    assert Game.objects.get(pk=game.pk).options == ["dealer_sits_out"]
    assert not game.changes.filter(action=GameChange.SEATS).exists()
    # Six in another order suit it.
    reordered = client.post(f"/games/{game.pk}/seats/", seat_post(fay, ana, ben, cy, dee, eli))
    assert reordered.status_code == 302
    assert seats_of(game) == ["Fay", "Ana", "Ben", "Cy", "Dee", "Eli"]


def test_a_mu_table_without_the_house_rule_can_go_down_to_five(client):
    game = make_game("mu", SIX)
    five = [Player.objects.get(name=n) for n in SIX[:5]]
    response = client.post(f"/games/{game.pk}/seats/", seat_post(*five))
    assert response.status_code == 302
    assert seats_of(game) == list(SIX[:5])
