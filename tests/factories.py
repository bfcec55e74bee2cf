"""Plain factory functions for test data."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from vinescore.accounts.models import Group, Membership
from vinescore.scoring import REGISTRY
from vinescore.table.models import Game, Player, Seat

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay")
PASSWORD = "a long table password"


def make_user(username: str):
    User = get_user_model()
    user = User.objects.filter(username=username).first()
    if user is None:
        user = User.objects.create_user(username, f"{username}@example.com", PASSWORD)
    return user


def default_group() -> Group:
    """The group the factories put games and players in, owned by "owner"."""
    group = Group.objects.filter(name="Game night").order_by("pk").first()
    if group is None:
        group = Group.objects.start("Game night", make_user("owner"))
    return group


def make_member(username: str, role: str = Membership.MEMBER, group: Group | None = None):
    """A user in the group (the default one unless given) in this role."""
    user = make_user(username)
    Membership.objects.update_or_create(
        group=group or default_group(), user=user, defaults={"role": role}
    )
    return user


def session_cookie(user) -> tuple[str, str]:
    """The session cookie's name and value for `user`, signed in: for
    browsers and servers driven over HTTP (made by Django's test client)."""
    client = Client()
    client.force_login(user)
    return settings.SESSION_COOKIE_NAME, client.cookies[settings.SESSION_COOKIE_NAME].value


def make_player(name: str, group: Group | None = None) -> Player:
    return Player.objects.get_or_create(name=name, group=group or default_group())[0]


def make_game(
    kind: str = "coralon",
    names: tuple[str, ...] = NAMES[:4],
    *,
    options: list[str] | None = None,
    target: int | None = None,
    stakes: int | None = None,
    first_dealer: int = 0,
    hands: list[dict] = (),
    group: Group | None = None,
    hand_limit: int | None = None,
) -> Game:
    rules = REGISTRY[kind]
    group = group or default_group()
    game = Game.objects.create(
        kind=kind,
        group=group,
        rules_version=rules.rules_version,
        options=sorted(options or []),
        target=target if target is not None else rules.default_target(len(names)),
        stakes=stakes if stakes is not None else rules.default_stakes(len(names)),
        first_dealer=first_dealer,
        hand_limit=hand_limit,
    )
    for position, name in enumerate(names):
        Seat.objects.create(game=game, player=make_player(name, group), position=position)
    for facts in hands:
        table = game.sheet().next_table
        game.add_hand(rules.clean(facts, table))
    game.refresh_result()
    return game


def seat_data(*players: Player, first_dealer: int = 0, **extra) -> dict:
    data = {f"seat_{i + 1}": p.pk for i, p in enumerate(players)}
    data["first_dealer"] = first_dealer
    data.update(extra)
    return data
