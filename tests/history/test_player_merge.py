"""Players: one person entered twice is merged, a player is linked to
their own account, and the same name may be two people in two groups."""

import pytest

from tests.factories import NAMES, default_group, make_game, make_member, make_player, make_user
from tests.phone import Phone
from vinescore.accounts.models import Group, Membership
from vinescore.table.models import GameChange, Player

pytestmark = pytest.mark.django_db
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}


def test_merging_a_duplicate_moves_their_seats_stats_and_says_so_in_each_log(client):
    ben = make_player("Ben")
    make_game(hands=[EXACT_BEN])  # Ana, Ben, Cy, Dee: Ben wins
    benjamin_game = make_game(names=("Ana", "Benjamin", "Cy", "Dee"), hands=[EXACT_BEN])
    benjamin = Player.objects.get(name="Benjamin")
    response = client.post(f"/players/{ben.pk}/merge/", {"duplicate": benjamin.pk})
    assert response.status_code == 302
    assert not Player.objects.filter(pk=benjamin.pk).exists()
    assert ben.seats.count() == 2
    page = client.get(f"/players/{ben.pk}/").content.decode()
    assert "2 in progress" in page
    benjamin_game.refresh_from_db()
    sheet = client.get(benjamin_game.get_absolute_url()).content.decode()
    assert '<span class="who">Ben</span>' in sheet and "Benjamin" not in sheet
    merged = benjamin_game.changes.get(action=GameChange.MERGED)
    log = client.get(f"/games/{benjamin_game.pk}/log/").content.decode()
    assert "Benjamin and Ben are the same person: Benjamin&#x27;s seat is now Ben&#x27;s." in log
    assert merged.version < benjamin_game.version


def test_two_players_at_the_same_table_cannot_be_merged(client):
    game = make_game(hands=[EXACT_BEN])
    ana, ben = (game.seats.get(position=i).player for i in (0, 1))
    response = client.post(f"/players/{ana.pk}/merge/", {"duplicate": ben.pk})
    assert response.status_code == 409
    assert "sat at the same table" in response.content.decode()
    assert Player.objects.filter(pk=ben.pk).exists() and ana.seats.count() == 1


def test_a_player_of_another_group_is_no_duplicate_to_merge(client):
    ana = make_player("Ana")
    elsewhere = Group.objects.start("Elsewhere", make_user("sam"))
    stranger = make_player("Ann", elsewhere)
    response = client.post(f"/players/{ana.pk}/merge/", {"duplicate": stranger.pk})
    assert response.status_code == 422
    assert "Choose one of this group" in response.content.decode()
    assert Player.objects.filter(pk=stranger.pk).exists()


def test_the_same_name_is_two_people_in_two_groups(client):
    make_player("Ana")
    elsewhere = Group.objects.start("Elsewhere", make_member("member"))
    client.post("/groups/switch/", {"group": elsewhere.pk})
    assert client.post("/players/", {"name": "ana"}).status_code == 302
    assert Player.objects.filter(name__iexact="ana").count() == 2
    refused = client.post("/players/", {"name": "ANA"})
    assert refused.status_code == 422 and "There is already a player called ana" in (
        refused.content.decode()
    )


def test_this_is_me_links_a_player_to_my_account_and_my_record(client):
    game = make_game(hands=[EXACT_BEN])
    ben = game.seats.get(position=1).player
    assert client.post(f"/players/{ben.pk}/me/", {"link": "yes"}).status_code == 302
    ben.refresh_from_db()
    assert ben.account.username == "member"
    account = client.get("/accounts/").content.decode()
    assert "Your own record" in account and f"/players/{ben.pk}/" in account
    assert "This is member's own record." in client.get(f"/players/{ben.pk}/").content.decode()
    # One player per person in a group.
    ana = game.seats.get(position=0).player
    refused = client.post(f"/players/{ana.pk}/me/", {"link": "yes"})
    assert refused.status_code == 409 and "You are already Ben in this group" in (
        refused.content.decode()
    )


def test_only_the_person_or_an_owner_unlinks_a_player(client):
    ana = make_player("Ana")
    ana.account = make_member("cleo")
    ana.save()
    assert client.post(f"/players/{ana.pk}/me/", {"link": "no"}).status_code == 403
    owner = Phone(user=None)
    owner.force_login(default_group().owners().get().user)
    assert owner.post(f"/players/{ana.pk}/me/", {"link": "no"}).status_code == 302
    ana.refresh_from_db()
    assert ana.account is None


def test_renaming_keeps_the_name_unique_in_the_group_only(client):
    ana, ben = make_player("Ana"), make_player("Ben")
    refused = client.post(f"/players/{ben.pk}/rename/", {"name": "ana"})
    assert refused.status_code == 422
    assert client.post(f"/players/{ben.pk}/rename/", {"name": "Benedict"}).status_code == 302
    assert Player.objects.get(pk=ben.pk).name == "Benedict" and ana.name == NAMES[0]
    make_member("vic", Membership.VIEWER)
    assert Phone(user="vic").post(f"/players/{ana.pk}/rename/", {"name": "X"}).status_code == 403
