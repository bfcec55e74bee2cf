"""A club night as its organiser and its tables live it: the event started
with the players at the door, round 1 drawn into tables the game allows,
each table scoring its own game, the standings comparing the tables, and
round 2 drawn by them."""

from __future__ import annotations

import pytest

from vinescore.club.models import Entrant, Event, EventTable
from vinescore.club.standings import event_standings
from vinescore.scoring import REGISTRY
from vinescore.table.models import Game

pytestmark = pytest.mark.django_db

THIRTEEN = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo", "Kit", "Lu", "Mo"]


def start(client, names=THIRTEEN, kind="coralon", **fields) -> Event:
    data = {"name": "Thursday club night", "new_names": "\n".join(names), "rounds": 3}
    data |= {"hands_a_round": 6, "key": "start-key-of-the-form-1"} | fields
    response = client.post(f"/events/new/{kind}/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Event.objects.get()


def play_out(game: Game, leader_seat: int = 0) -> None:
    """Every hand of the round's limit: the seat `leader_seat` bids 2 and
    takes every trick but those of the others' one each."""
    rules = REGISTRY[game.kind]
    while not game.played_out:
        size = game.seats.count()
        tricks = [1] * size
        tricks[leader_seat] = rules.hand_size(size) - (size - 1)
        facts = {"bidder": leader_seat, "bid": 2, "tricks": tricks}
        game.add_hand(rules.clean(facts, game.sheet().next_table))
        game.refresh_from_db()


def test_thirteen_at_coralon_sit_at_tables_of_five_four_and_four(client):
    event = start(client)
    assert event.entrants.count() == 13
    response = client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    assert response.status_code == 302
    tables = EventTable.objects.filter(round__event=event).select_related("game")
    assert sorted(t.game.seats.count() for t in tables) == [4, 4, 5]
    seated = [s.player_id for t in tables for s in t.game.seats.all()]
    assert sorted(seated) == sorted(Entrant.objects.values_list("player_id", flat=True))
    for table in tables:
        assert table.game.hand_limit == 6
        assert table.game.table_of_event == f"Thursday club night · round 1 · table {table.number}"
        # six hands, whoever passes the rulebook's target meanwhile
        assert table.game.target is None
        assert table.link is not None and not table.link.refusal()


def test_the_round_page_gives_each_table_its_code(client):
    event = start(client)
    client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    page = client.get(f"/events/{event.pk}/rounds/1/").content.decode()
    for table in EventTable.objects.filter(round__event=event).select_related("link"):
        assert table.link.code in page
    assert page.count("<svg") == 3


def test_the_same_draw_sent_twice_draws_one_round(client):
    event = start(client)
    first = client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    again = client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    assert again.status_code == 302 and again["Location"] == first["Location"]
    assert event.draws.count() == 1


def test_round_two_waits_for_every_table_to_finish(client):
    event = start(client)
    client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    games = [t.game for t in EventTable.objects.filter(round__event=event).order_by("number")]
    play_out(games[0])
    response = client.post(f"/events/{event.pk}/draw/", {"round": "2"})
    assert response.status_code == 409
    assert "Round 1 is still being played at table 2, table 3." in response.content.decode()
    assert event.draws.count() == 1


def test_the_winners_of_round_one_meet_in_round_two(client):
    event = start(client)
    client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    winners = []
    for table in EventTable.objects.filter(round__event=event).select_related("game"):
        play_out(table.game, leader_seat=0)
        winners.append(table.game.seats.get(position=0).player_id)
    standings = event_standings(event)
    assert {row.player for row in standings.rows[:3]} == set(winners)
    assert all(row.points == 1 for row in standings.rows[:3])
    response = client.post(f"/events/{event.pk}/draw/", {"round": "2"})
    assert response.status_code == 302
    first_table = EventTable.objects.get(round__event=event, round__number=2, number=1)
    assert set(winners) <= set(first_table.game.seats.values_list("player_id", flat=True))


def test_round_one_links_end_when_round_two_is_drawn(client):
    event = start(client)
    client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    for table in EventTable.objects.filter(round__event=event).select_related("game"):
        play_out(table.game)
    client.post(f"/events/{event.pk}/draw/", {"round": "2"})
    old = EventTable.objects.filter(round__event=event, round__number=1).select_related("link")
    new = EventTable.objects.filter(round__event=event, round__number=2).select_related("link")
    assert all(t.link.revoked_at is not None for t in old)
    assert all(t.link.revoked_at is None for t in new)


def test_a_table_of_the_event_starts_no_rematch(client):
    event = start(client)
    client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    game = EventTable.objects.filter(round__event=event).first().game
    play_out(game)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Rematch" not in page
    response = client.post(f"/games/{game.pk}/rematch/", {"key": "rematch-key-of-the-form-1"})
    assert response.status_code == 409
    assert Game.objects.count() == 3


def test_two_players_swap_seats_before_the_first_hand(client):
    event = start(client)
    client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    event.refresh_from_db()
    one, two = (
        t.game for t in EventTable.objects.filter(round__event=event).order_by("number")[:2]
    )
    ana = one.seats.get(position=0).player
    ben = two.seats.get(position=1).player
    response = client.post(
        f"/events/{event.pk}/swap/", {"one": ana.pk, "other": ben.pk, "version": event.version}
    )
    assert response.status_code == 302
    assert one.seats.get(position=0).player == ben
    assert two.seats.get(position=1).player == ana
    # the same swap sent again names a version the event has left: refused, not undone
    again = client.post(
        f"/events/{event.pk}/swap/", {"one": ana.pk, "other": ben.pk, "version": event.version}
    )
    assert again.status_code == 409
    assert one.seats.get(position=0).player == ben


def test_no_swap_once_a_table_has_played(client):
    event = start(client)
    client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    event.refresh_from_db()
    games = [t.game for t in EventTable.objects.filter(round__event=event).order_by("number")]
    rules = REGISTRY["coralon"]
    size = games[2].seats.count()
    facts = {"bidder": 0, "bid": 2, "tricks": [rules.hand_size(size) - size + 1] + [1] * (size - 1)}
    games[2].add_hand(rules.clean(facts, games[2].sheet().next_table))
    a = games[0].seats.get(position=0).player_id
    b = games[1].seats.get(position=0).player_id
    response = client.post(
        f"/events/{event.pk}/swap/", {"one": a, "other": b, "version": event.version}
    )
    assert response.status_code == 409
    assert "Round 1 has started: its seats stay as they are." in response.content.decode()


def test_a_latecomer_plays_from_the_next_round_and_a_leaver_is_out(client):
    event = start(client, names=THIRTEEN[:12])
    client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    client.post(f"/events/{event.pk}/entrants/", {"name": "Nia"})
    nia = Entrant.objects.get(player__name="Nia")
    assert nia.joined_round == 2
    ana = Entrant.objects.get(player__name="Ana")
    client.post(f"/events/{event.pk}/entrants/{ana.pk}/leave/")
    ana.refresh_from_db()
    assert ana.left_after_round == 1
    for table in EventTable.objects.filter(round__event=event).select_related("game"):
        play_out(table.game)
    client.post(f"/events/{event.pk}/draw/", {"round": "2"})
    seated = set(
        Game.objects.filter(event_table__round__number=2).values_list(
            "seats__player__name", flat=True
        )
    )
    assert "Nia" in seated and "Ana" not in seated and len(seated) == 12


def test_players_the_game_cannot_seat_are_refused_next_to_the_field(client):
    response = client.post(
        "/events/new/coralon-partners/",
        {"name": "Pairs", "new_names": "Ana, Ben, Cy, Dee, Eli, Fay", "rounds": 2, "key": "k"},
    )
    assert response.status_code == 422
    assert "6 players cannot be split into tables of 4." in response.content.decode()
    assert not Event.objects.exists()


def test_the_start_form_sent_twice_starts_one_event(client):
    start(client)
    again = client.post(
        "/events/new/coralon/",
        {
            "name": "Thursday club night",
            "new_names": "Ana, Ben, Cy",
            "rounds": 3,
            "key": "start-key-of-the-form-1",
        },
    )
    assert again.status_code == 302
    assert Event.objects.count() == 1


def test_the_big_screen_opens_by_its_link_alone(client, anonymous):
    event = start(client)
    client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    event.refresh_from_db()
    page = anonymous.get(f"/screen/{event.screen_token}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Thursday club night" in text and "round 1 of 3" in text
    assert anonymous.get(f"/events/{event.pk}/").status_code in (302, 404)
    client.post(f"/events/{event.pk}/screen/new/")
    assert anonymous.get(f"/screen/{event.screen_token}/").status_code == 404


def test_one_game_a_round_plays_to_the_rulebooks_target_for_each_tables_size(client):
    event = start(client, hands_a_round="")
    client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    for table in EventTable.objects.filter(round__event=event).select_related("game"):
        assert table.game.hand_limit is None
        assert table.game.target == {4: 40, 5: 25}[table.game.seats.count()]


def test_a_target_and_a_number_of_hands_are_refused_together(client):
    response = client.post(
        "/events/new/coralon/",
        {"name": "N", "new_names": "Ana, Ben, Cy", "rounds": 1, "hands_a_round": 6, "target": 30},
    )
    assert response.status_code == 422
    assert "leave one of the two empty" in response.content.decode()


def test_a_tables_guest_reads_the_standings_from_its_sheet(client, anonymous):
    event = start(client)
    client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    table = EventTable.objects.filter(round__event=event).select_related("link", "game").first()
    anonymous.get(f"/t/{table.link.code}/")
    sheet = anonymous.get(f"/games/{table.game.pk}/").content.decode()
    assert f"/games/{table.game.pk}/event/" in sheet
    response = anonymous.get(f"/games/{table.game.pk}/event/")
    assert response.status_code == 302
    standings = anonymous.get(response["Location"])
    assert standings.status_code == 200 and "round 1 of 3" in standings.content.decode()
    # another table's game is not theirs
    other = EventTable.objects.filter(round__event=event).exclude(pk=table.pk).first()
    refused = anonymous.get(f"/games/{other.game.pk}/event/")
    assert refused.status_code in (302, 403, 404)
    assert "/screen/" not in refused.get("Location", "")
    assert anonymous.get(f"/games/{other.game.pk}/").status_code != 200


def test_the_organiser_is_told_which_tables_still_play_and_then_to_finish(client):
    event = start(client, rounds=1)
    client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    games = [t.game for t in EventTable.objects.filter(round__event=event).order_by("number")]
    play_out(games[1])
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Round 1 is being played at table 1, table 3" in page
    assert "Draw round" not in page
    for game in (games[0], games[2]):
        play_out(game)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Every round is played" in page
    client.post(f"/events/{event.pk}/finish/")
    event.refresh_from_db()
    assert event.is_finished
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Final standings" in page and "Finish the event" not in page


def test_partners_sit_across_and_both_take_their_sides_points(client):
    names = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]
    event = start(client, names=names, kind="coralon-partners")
    client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    rules = REGISTRY["coralon-partners"]
    tables = EventTable.objects.filter(round__event=event).select_related("game")
    assert [t.game.seats.count() for t in tables] == [4, 4]
    game = tables[0].game
    while not game.played_out:  # seats 0 and 2 bid 7 and take 9, each hand
        game.add_hand(
            rules.clean({"bidder": 0, "bid": 7, "bidders_tricks": 9}, game.sheet().next_table)
        )
        game.refresh_from_db()
    seats = {s.position: s.player_id for s in game.seats.all()}
    points = {row.player: row.points for row in event_standings(event).rows}
    assert points[seats[0]] == points[seats[2]] == 1
    assert points[seats[1]] == points[seats[3]] == 0


def test_on_a_pad_where_the_lowest_total_wins_the_lowest_takes_the_points(client):
    names = ["Ana", "Ben", "Cy"]
    response = client.post(
        "/events/new/pad/",
        {"name": "Golf night", "new_names": ", ".join(names), "rounds": 1, "hands_a_round": 2}
        | {"options": "low_wins"},
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    event = Event.objects.get()
    client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    game = EventTable.objects.get(round__event=event).game
    rules = REGISTRY["pad"]
    by_name = {s.player.name: s.position for s in game.seats.select_related("player")}
    for _ in range(2):
        points = [0, 0, 0]
        points[by_name["Ana"]], points[by_name["Ben"]], points[by_name["Cy"]] = 3, 5, 9
        game.add_hand(rules.clean({"points": points}, game.sheet().next_table))
    rows = {row.name: row for row in event_standings(event).rows}
    assert rows["Ana"].points == 1 and rows["Ana"].place == 1
    assert rows["Cy"].points == 0


def test_the_results_page_reads_as_many_queries_for_three_rounds_as_for_one(
    client, django_assert_max_num_queries
):
    event = start(client, names=THIRTEEN[:8], rounds=3)
    client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    client.get(f"/events/{event.pk}/")
    with django_assert_max_num_queries(100) as one:
        client.get(f"/events/{event.pk}/")
    queries = len(one.captured_queries)
    for number in (1, 2):
        for table in EventTable.objects.filter(round__event=event, round__number=number):
            play_out(table.game)
        client.post(f"/events/{event.pk}/draw/", {"round": str(number + 1)})
    for table in EventTable.objects.filter(round__event=event, round__number=3):
        play_out(table.game)
    client.post(f"/events/{event.pk}/finish/")
    with django_assert_max_num_queries(queries):
        page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Final standings" in page and "Every round" in page
    assert page.count('class="round-results"') == 3


def test_history_names_each_club_table_and_leads_to_the_club_nights(client):
    event = start(client)
    client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    page = client.get("/history/").content.decode()
    for number in (1, 2, 3):
        assert f"Thursday club night · round 1 · table {number}" in page
    assert 'href="/events/"' in page.split("<main", 1)[1]


def finished_night(client, names: list[str], rounds: int) -> Event:
    data = {"name": f"{len(names)} at {rounds} rounds", "new_names": "\n".join(names)}
    data |= {"rounds": rounds, "hands_a_round": 2, "key": f"start-key-{len(names)}-{rounds}"}
    assert client.post("/events/new/coralon/", data).status_code == 302
    event = Event.objects.get(name=data["name"])
    for number in range(1, rounds + 1):
        client.post(f"/events/{event.pk}/draw/", {"round": str(number)})
        for table in EventTable.objects.filter(round__event=event, round__number=number):
            play_out(table.game)
    client.post(f"/events/{event.pk}/finish/")
    return event


def test_the_results_page_reads_as_many_queries_for_twenty_one_tables_as_for_one(
    client, django_assert_max_num_queries
):
    small = finished_night(client, THIRTEEN[:4], rounds=1)
    large = finished_night(client, [f"{name} {n}" for n in (1, 2) for name in THIRTEEN], 3)
    client.get(f"/events/{small.pk}/")
    with django_assert_max_num_queries(100) as one:
        client.get(f"/events/{small.pk}/")
    with django_assert_max_num_queries(len(one.captured_queries)):
        page = client.get(f"/events/{large.pk}/").content.decode()
    assert page.count('class="round-results"') == 3
    games = Game.objects.filter(event_table__round__event=large)
    assert games.count() == 3 * 7  # 26 at five tables of four and two of three
    assert all(f'href="{game.get_absolute_url()}"' in page for game in games)


def test_nobody_joins_or_leaves_a_finished_night(client):
    event = start(client, names=THIRTEEN[:8], rounds=1)
    client.post(f"/events/{event.pk}/finish/")
    event.refresh_from_db()
    version = event.version
    joined = client.post(f"/events/{event.pk}/entrants/", {"name": "Nia"})
    assert joined.status_code == 409
    assert "The event is over: nobody joins or leaves it now." in joined.text
    ana = Entrant.objects.get(player__name="Ana")
    assert client.post(f"/events/{event.pk}/entrants/{ana.pk}/leave/").status_code == 409
    ana.refresh_from_db()
    event.refresh_from_db()
    assert ana.left_after_round is None and event.version == version
    assert not Entrant.objects.filter(player__name="Nia").exists()
