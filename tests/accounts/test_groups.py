"""Groups: invitations, roles, switching between groups, leaving and
deleting; a viewer sees everything and changes nothing."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tests.factories import PASSWORD, default_group, make_game, make_member, make_user
from tests.phone import Phone
from vinescore.accounts.models import Group, Invitation, Membership
from vinescore.table.models import Game, Hand, Player

pytestmark = pytest.mark.django_db
BEN_MAKES_4 = {"bidder": "1", "bid": "4", "tricks": ["3", "4", "2", "4"]}


def owner_phone() -> Phone:
    phone = Phone(user=None)
    phone.force_login(default_group().owners().get().user)
    return phone


def invite(role: str = Membership.MEMBER) -> Invitation:
    group = default_group()
    owner_phone().post(f"/groups/{group.pk}/invitations/", {"role": role})
    return group.invitations.get()


def test_an_owner_makes_an_invitation_link_with_its_qr_code():
    group = default_group()
    phone = owner_phone()
    response = phone.post(f"/groups/{group.pk}/invitations/", {"role": "viewer"})
    assert response.status_code == 302
    invitation = group.invitations.get()
    page = phone.get(f"/groups/{group.pk}/").content.decode()
    assert f"/invite/{invitation.token}/" in page and "<svg" in page
    assert "Joins as <strong>viewer</strong>" in page


def test_a_newcomer_creates_their_account_from_the_invitation_and_is_in():
    invitation = invite()
    phone = Phone(user=None)
    page = phone.get(f"/invite/{invitation.token}/")
    assert "Join Game night" in page.content.decode()
    response = phone.post(
        f"/invite/{invitation.token}/",
        {"username": "zoe", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    zoe = get_user_model().objects.get(username="zoe")
    assert Membership.objects.get(user=zoe, group=default_group()).role == Membership.MEMBER
    make_game()
    assert "Coralon" in phone.get("/").content.decode()


def test_someone_signed_in_joins_with_a_tap():
    invitation = invite(Membership.VIEWER)
    phone = Phone(user=None)
    phone.force_login(make_user("yan"))
    assert phone.post(f"/invite/{invitation.token}/").status_code == 302
    assert Membership.objects.get(user__username="yan").role == Membership.VIEWER


def test_an_invitation_works_once():
    invitation = invite()
    first, second = Phone(user=None), Phone(user=None)
    first.force_login(make_user("yan"))
    second.force_login(make_user("zed"))
    assert first.post(f"/invite/{invitation.token}/").status_code == 302
    response = second.post(f"/invite/{invitation.token}/")
    assert response.status_code == 410
    assert "already been used: each one works once" in response.content.decode()
    assert not Membership.objects.filter(user__username="zed").exists()


def test_an_expired_invitation_is_refused_and_makes_no_account():
    invitation = invite()
    Invitation.objects.filter(pk=invitation.pk).update(
        expires_at=timezone.now() - timedelta(minutes=1)
    )
    response = Phone(user=None).post(
        f"/invite/{invitation.token}/",
        {"username": "zoe", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 410
    assert "This invitation has expired" in response.content.decode()
    assert not get_user_model().objects.filter(username="zoe").exists()


def test_a_revoked_invitation_is_refused():
    invitation = invite()
    group = default_group()
    owner_phone().post(f"/groups/{group.pk}/invitations/{invitation.pk}/revoke/")
    phone = Phone(user=None)
    phone.force_login(make_user("yan"))
    response = phone.post(f"/invite/{invitation.token}/")
    assert response.status_code == 410
    assert "withdrawn by the group" in response.content.decode()
    assert not Membership.objects.filter(user__username="yan").exists()


def test_an_unknown_invitation_is_not_found():
    assert Phone(user=None).get("/invite/not-a-real-token/").status_code == 404


def test_a_member_cannot_invite():
    group = default_group()
    response = Phone().post(f"/groups/{group.pk}/invitations/", {"role": "owner"})
    assert response.status_code == 403
    assert not group.invitations.exists()


def test_the_last_owner_cannot_step_down_or_leave():
    group = default_group()
    phone = owner_phone()
    mine = group.owners().get()
    response = phone.post(f"/groups/{group.pk}/members/{mine.pk}/role/", {"role": "member"})
    assert response.status_code == 409
    assert "the only owner of Game night" in response.content.decode()
    assert phone.post(f"/groups/{group.pk}/members/{mine.pk}/remove/").status_code == 409
    assert group.owners().get() == mine


def test_an_owner_makes_a_member_an_owner_then_may_step_down():
    group = default_group()
    member = Membership.objects.get(user=make_member("ana"), group=group)
    phone = owner_phone()
    phone.post(f"/groups/{group.pk}/members/{member.pk}/role/", {"role": "owner"})
    mine = group.memberships.get(user__username="owner")
    assert (
        phone.post(f"/groups/{group.pk}/members/{mine.pk}/role/", {"role": "viewer"}).status_code
        == 302
    )
    mine.refresh_from_db()
    assert mine.role == Membership.VIEWER


def test_a_viewer_posting_a_hand_is_refused_and_nothing_changes():
    game = make_game()
    make_member("vic", Membership.VIEWER)
    viewer = Phone(user="vic")
    sheet = viewer.get(game.get_absolute_url()).content.decode()
    assert 'id="hand-form"' not in sheet and "Save note" not in sheet and ">Edit<" not in sheet
    response = viewer.post(f"/games/{game.pk}/hands/", BEN_MAKES_4)
    assert response.status_code == 403
    assert "You are a viewer in Game night" in response.content.decode()
    assert not Hand.objects.exists()
    version = game.version
    game.refresh_from_db()
    assert game.version == version


def test_someone_outside_the_group_is_told_the_game_does_not_exist():
    game = make_game()
    stranger = Phone(user=None)
    Group.objects.start("Elsewhere", make_user("sam"))
    stranger.force_login(make_user("sam"))
    for path in ("", "log/", "export.json", "export.csv", "join/"):
        assert stranger.get(f"/games/{game.pk}/{path}").status_code == 404
    ana = Player.objects.get(name="Ana", group=default_group())
    assert stranger.get(f"/players/{ana.pk}/").status_code == 404
    assert stranger.post(f"/games/{game.pk}/hands/", BEN_MAKES_4).status_code == 404
    assert "Coralon" not in stranger.get("/").content.decode()
    assert "Ana" not in stranger.get("/history/").content.decode()


def test_one_tap_switches_the_group_the_lists_show():
    make_game()
    club = Group.objects.start("Club", make_member("member"))
    make_game("chevalier", group=club)
    phone = Phone()
    home = phone.get("/").content.decode()  # the first of their groups, by name
    assert "Chevalier" in home and "Coralon" not in home
    assert 'aria-pressed="true">Club<' in home
    game_night = default_group().pk
    response = phone.post("/groups/switch/", {"group": game_night, "next": "/history/"})
    assert response["Location"] == "/history/"
    home = phone.get("/").content.decode()
    assert "Coralon" in home and "Chevalier" not in home
    assert 'aria-pressed="true">Game night<' in home


def test_deleting_a_group_takes_its_games_and_players_and_nothing_else():
    club = Group.objects.start("Club", make_user("cleo"))
    kept = make_game()
    make_game("chevalier", group=club)
    phone = Phone(user=None)
    phone.force_login(make_user("cleo"))
    wrong = phone.post(f"/groups/{club.pk}/delete/", {"name": "club"})
    assert wrong.status_code == 422 and Group.objects.filter(pk=club.pk).exists()
    assert phone.post(f"/groups/{club.pk}/delete/", {"name": "Club"}).status_code == 302
    assert not Group.objects.filter(pk=club.pk).exists()
    assert list(Game.objects.all()) == [kept]
    assert not Player.objects.filter(group=club.pk).exists()


def test_someone_in_no_group_is_offered_to_start_one():
    phone = Phone(user=None)
    phone.force_login(make_user("nomad"))
    assert phone.get("/")["Location"] == "/accounts/"
    assert "You are in no group" in phone.get("/accounts/").content.decode()
    response = phone.post("/groups/new/", {"name": "Nomads"})
    assert response.status_code == 302
    assert phone.get("/").status_code == 200


def test_the_first_group_takes_in_the_games_and_players_from_before_groups():
    before = Game.objects.create(kind="coralon", rules_version="v1", target=40)
    tom = Player.objects.create(name="Tom")
    first = Group.objects.start("Game night", make_user("owner"))
    Player.objects.create(name="Una")  # from after: no group takes it in
    second = Group.objects.start("Club", make_user("other"))
    before.refresh_from_db()
    tom.refresh_from_db()
    assert before.group == first and tom.group == first
    assert not second.games.exists() and not second.players.exists()
    assert Player.objects.get(name="Una").group is None


def test_a_members_top_bar_shows_at_once_what_changed_of_them():
    """The top bar is kept between pages, named by what it shows of its
    member: a new role, a new name, a renamed group and a new language
    show on the very next page."""
    make_game()
    phone = Phone()
    assert "New game" in phone.get("/history/").text
    Membership.objects.filter(user__username="member").update(role=Membership.VIEWER)
    page = phone.get("/history/").text
    assert "New game" not in page and 'title="member"' in page
    get_user_model().objects.filter(username="member").update(username="mel")
    assert 'title="mel"' in phone.get("/history/").text
    Group.objects.start("Club", get_user_model().objects.get(username="mel"))
    assert '<span class="who" title="mel">Club</span>' in phone.get("/history/").text
    Group.objects.filter(name="Club").update(name="Cousins")
    assert '<span class="who" title="mel">Cousins</span>' in phone.get("/history/").text
    phone.post("/language/", {"language": "de", "next": "/history/"})
    assert "Neues Spiel" in phone.get("/history/").text
