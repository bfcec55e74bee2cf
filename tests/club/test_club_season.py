"""A club's season, as its page gives it: the nights finished in the
period, each player's best results added up (a night's result is their
event points in its standings), and a minimum of nights before a player
is ranked; a period or a count that cannot be is refused beside its field."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, time

import pytest
from django.test.html import Element, parse_html

from tests.factories import default_group, make_member, make_user
from vinescore.accounts.models import Group
from vinescore.club import rounds
from vinescore.club.models import Entrant, Event
from vinescore.club.season import season_of
from vinescore.scoring import REGISTRY
from vinescore.table.models import Game, Player

pytestmark = pytest.mark.django_db

MARCH = "?start=2026-03-01&end=2026-03-31"


def night(day: date, order: list[str], *, finished: bool = True) -> Event:
    """A night of one round at the score pad, played on `day` at one table:
    the players of `order` finish in that order (the first highest)."""
    group = default_group()
    organiser = make_member("organiser")
    event = Event.objects.create(
        group=group, name=f"Night of {day}", kind="pad", rounds=1, hands_a_round=1
    )
    players = Player.objects.get_or_create_named(group, order)
    Entrant.objects.bulk_create(Entrant(event=event, player=p) for p in players.values())
    rounds.next_round(event.pk, 1, organiser, random.Random(1))
    game = Game.objects.get(event_table__round__event=event)
    place = {s.player.name: s.position for s in game.seats.select_related("player")}
    points = [0] * len(order)
    for finish, name in enumerate(order):
        points[place[name]] = 10 * (len(order) - finish)
    game.add_hand(REGISTRY["pad"].clean({"points": points}, game.sheet().next_table))
    if finished:
        when = datetime.combine(day, time(22, 30), UTC)
        Event.objects.filter(pk=event.pk).update(finished_at=when)
    return event


def march_and_after() -> None:
    night(date(2026, 3, 3), ["Ana", "Ben", "Cy"])  # Ana 1, Ben ½, Cy 0
    night(date(2026, 3, 10), ["Ben", "Cy", "Ana"])  # Ben 1, Cy ½, Ana 0
    night(date(2026, 3, 17), ["Ana", "Ben"])  # Ana 1, Ben 0
    night(date(2026, 3, 24), ["Dee", "Eli"])  # Dee 1, Eli 0
    night(date(2026, 3, 31), ["Cy", "Ana"], finished=False)  # still under way
    night(date(2026, 4, 2), ["Cy", "Ben"])  # April's


def elements(page: str, name: str) -> list[Element]:
    """Every element of the page by its tag's name, in order."""
    found = []

    def walk(element: Element) -> None:
        for child in element.children:
            if isinstance(child, Element):
                if child.name == name:
                    found.append(child)
                walk(child)

    walk(parse_html(page))
    return found


def text(element: Element) -> str:
    return "".join(str(child) for child in element.children)


def lines(page: str) -> list[tuple[str, ...]]:
    """The season's table as it reads: place, player, points, nights."""
    rows = elements(page, "tr")[1:]  # the heading's aside
    return [tuple(text(cell) for cell in row.children) for row in rows]


def errors_beside(page: str, field_id: str) -> list[str]:
    """The messages in the field whose label is for `field_id`."""
    for field in elements(page, "div"):
        labels = [c for c in field.children if isinstance(c, Element) and c.name == "label"]
        if labels and ("for", field_id) in labels[0].attributes:
            return [
                text(c)
                for c in field.children
                if isinstance(c, Element) and c.name == "p" and ("class", "error") in c.attributes
            ]
    raise AssertionError(f"no field {field_id}")


def test_each_players_two_best_nights_of_march_count_and_one_night_ranks_nobody(client):
    march_and_after()
    response = client.get(f"/events/season/{MARCH}&best=2&minimum=2")
    assert response.status_code == 200
    page = response.content.decode()
    assert "4 club nights finished in the period count." in page
    # Ana's best two of three nights: 1 and 1 (her 0 is not counted);
    # Ben's: 1 and ½; Cy's two: ½ and 0. Dee won the one night she played:
    # listed after the ranked, unranked, as Eli is.
    assert lines(page) == [
        ("1", "Ana", "2", "3"),
        ("2", "Ben", "1.5", "3"),
        ("3", "Cy", "0.5", "2"),
        ("–", "Dee", "1", "1"),
        ("–", "Eli", "0", "1"),
    ]


def test_the_best_night_alone_and_no_minimum_rank_everyone(client):
    march_and_after()
    page = client.get(f"/events/season/{MARCH}&best=1&minimum=0").content.decode()
    assert lines(page) == [
        ("1", "Ana", "1", "3"),
        ("1", "Ben", "1", "3"),
        ("1", "Dee", "1", "1"),
        ("4", "Cy", "0.5", "2"),
        ("5", "Eli", "0", "1"),
    ]


def test_the_season_defaults_to_this_year_and_is_reached_from_the_club_nights(client):
    listing = client.get("/events/").content.decode()
    assert 'href="/events/season/"' in listing
    page = client.get("/events/season/")
    assert page.status_code == 200
    year = datetime.now(UTC).year
    assert f'value="{year}-01-01"' in page.content.decode()
    assert "No club night finished in this period." in page.content.decode()


def test_each_year_of_finished_nights_is_a_season_one_tap_away(client):
    march_and_after()
    night(date(2025, 11, 6), ["Ana", "Ben"])
    page = client.get(f"/events/season/{MARCH}&best=2&minimum=2").content.decode()
    years = [
        (text(a), dict(a.attributes)["href"]) for a in elements(page, "a") if text(a)[:2] == "20"
    ]
    query = "?start={0}-01-01&end={0}-12-31&best=2&minimum=2"
    assert years == [("2026", query.format(2026)), ("2025", query.format(2025))]
    year = client.get("/events/season/" + years[0][1]).content.decode()
    assert "5 club nights finished in the period count." in year


@pytest.mark.parametrize(
    ("asked", "field", "message"),
    [
        ("&end=2026-02-28", "id_end", "The season ends after it starts."),
        ("&best=0", "id_best", "Ensure this value is greater than or equal to 1."),
        ("&minimum=many", "id_minimum", "Enter a whole number."),
        ("&start=2026-02-30", "id_start", "Enter a valid date."),
        ("&end=9999-12-31", "id_end", "A date between the years 1900 and 2999."),
    ],
)
def test_a_season_that_cannot_be_is_refused_beside_its_field(client, asked, field, message):
    night(date(2026, 3, 3), ["Ana", "Ben", "Cy"])
    response = client.get(f"/events/season/{MARCH.replace('&end=2026-03-31', '')}{asked}")
    assert response.status_code == 422
    assert errors_beside(response.content.decode(), field) == [message]
    assert lines(response.content.decode()) == []


def test_the_season_reads_as_many_queries_for_six_nights_as_for_two(
    client, django_assert_max_num_queries
):
    night(date(2026, 3, 3), ["Ana", "Ben", "Cy"])
    night(date(2026, 3, 10), ["Ben", "Cy", "Ana"])
    client.get(f"/events/season/{MARCH}")
    with django_assert_max_num_queries(100) as two:
        client.get(f"/events/season/{MARCH}")
    for day in (12, 14, 19, 21):
        night(date(2026, 3, day), ["Cy", "Dee", "Eli", "Fay"])
    with django_assert_max_num_queries(len(two.captured_queries)):
        page = client.get(f"/events/season/{MARCH}").content.decode()
    assert "6 club nights finished in the period count." in page


def test_another_groups_nights_are_not_this_groups_season():
    night(date(2026, 3, 3), ["Ana", "Ben", "Cy"])
    other = Group.objects.start("Elsewhere", make_user("eli"))
    events, found = season_of(other, date(2026, 1, 1), date(2026, 12, 31), 5, 1)
    assert (events, found) == ([], [])
