"""A finished game sent to BG Stats: the push link's play carries the fields
BG Stats reads, with every player's score, place and win as the sheet has
them."""

import io
import json
import zipfile
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.factories import NAMES, default_group, make_game, make_user
from tests.phone import Phone
from vinescore.accounts.models import Group
from vinescore.records.bgstats import play_for, push_link
from vinescore.table.models import Game, Hand

pytestmark = pytest.mark.django_db
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
EVENING = datetime(2026, 11, 3, 19, 30, tzinfo=UTC)
PLAY_FIELDS = {
    "sourceName",
    "sourcePlayId",
    "playDate",
    "durationMin",
    "location",
    "comments",
    "game",
    "players",
}
GAME_FIELDS = {"name", "highestWins", "noPoints", "sourceGameId"}
PLAYER_FIELDS = {"name", "score", "rank", "winner", "startPlayer", "sourcePlayerId"}


def at_the_table(game: Game, minutes: list[int]) -> Game:
    """The game started at 19:30 and its hands were scored these minutes after."""
    Game.objects.filter(pk=game.pk).update(created_at=EVENING)
    for hand, m in zip(game.hands.order_by("position"), minutes, strict=True):
        Hand.objects.filter(pk=hand.pk).update(created_at=EVENING + timedelta(minutes=m))
    game.refresh_from_db()
    return game


def players(play: dict) -> list[tuple]:
    return [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]]


def sent(link: str) -> dict:
    """The play a push link carries, read back as BG Stats reads it."""
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path) == (
        "https",
        "app.bgstatsapp.com",
        "/createPlay.html",
    )
    return json.loads(parse_qs(parts.query)["data"][0])


def test_a_finished_game_is_a_play_with_every_field_bg_stats_reads(settings):
    game = make_game(target=26, first_dealer=2, hands=[EXACT_BEN, EXACT_BEN])
    game.note = "Cy's birthday"
    game.save(update_fields=["note"])
    game = at_the_table(game, [5, 47])
    play = play_for(game)
    assert set(play) == PLAY_FIELDS
    assert set(play["game"]) == GAME_FIELDS
    assert all(set(p) == PLAYER_FIELDS for p in play["players"])
    assert play["sourceName"] == "vinescore"
    assert play["sourcePlayId"] == str(game.uid)
    assert play["playDate"] == "2026-11-03 19:30:00"
    assert play["durationMin"] == 42
    assert play["location"] == default_group().name
    assert play["comments"] == "Ben: first to reach 26\nCy's birthday"
    assert play["game"] == {
        "name": "Coralon",
        "highestWins": True,
        "noPoints": False,
        "sourceGameId": "coralon",
    }
    # Ben won alone; the three on 0 share second place.
    assert players(play) == [
        ("Ana", "0", 2, False),
        ("Ben", "26", 1, True),
        ("Cy", "0", 2, False),
        ("Dee", "0", 2, False),
    ]
    # Cy dealt the first hand: Dee, on Cy's left, bid first.
    assert [p["startPlayer"] for p in play["players"]] == [False, False, False, True]
    seated = [str(p.pk) for p in game.seated_players()]
    assert [p["sourcePlayerId"] for p in play["players"]] == seated


def test_a_short_session_is_sent_as_the_minute_the_sheet_says(client):
    baronet = {"bidder": 0, "bid": 6, "partner": 2, "points": 7}
    game = make_game("baronet", NAMES[:5], hands=[baronet, baronet])
    game = at_the_table(game, [0, 0])
    Hand.objects.filter(pk=game.hands.order_by("position").last().pk).update(
        created_at=EVENING + timedelta(seconds=25)
    )
    client.post(f"/games/{game.pk}/end/")
    game.refresh_from_db()
    assert "Played for 1 min" in client.get(game.get_absolute_url()).content.decode()
    assert play_for(game)["durationMin"] == 1
    # One hand has no length on the sheet; BG Stats still gets a minute, not 0.
    one = at_the_table(make_game(target=13, hands=[EXACT_BEN]), [3])
    assert play_for(one)["durationMin"] == 1


def test_the_play_date_is_in_the_servers_time_zone(settings):
    settings.TIME_ZONE = "Europe/Berlin"
    game = at_the_table(make_game(target=26, hands=[EXACT_BEN, EXACT_BEN]), [5, 10])
    assert play_for(game)["playDate"] == "2026-11-03 20:30:00"


def test_partners_share_their_teams_score_and_place():
    # Ben and Dee make 5 each hand, Ana and Cy take the 5 other point cards:
    # 30 all after six hands, and the bidding team wins the tie.
    made = {"bidder": 1, "bid": 5, "bidders_tricks": 5, "bidders_cards": 0, "others_cards": 5}
    game = make_game("ducks-and-geese", hands=[made] * 6)
    play = play_for(game)
    assert players(play) == [
        ("Ana", "30", 2, False),
        ("Ben", "30", 1, True),
        ("Cy", "30", 2, False),
        ("Dee", "30", 1, True),
    ]
    assert "the bidding team wins ties" in play["comments"]


def test_a_coin_session_sends_final_coins_and_a_shared_win_shares_first_place():
    ana_with_cy = {"bidder": 0, "bid": 6, "block": "peace", "trump": "Locks", "partner": 2}
    hands = [{**ana_with_cy, "points": 6}, {**ana_with_cy, "bidder": 1, "partner": 3, "points": 6}]
    game = make_game("baronet", NAMES[:5], hands=hands)
    assert play_for(game) is None  # the session goes on
    game.ended = True
    game.save(update_fields=["ended"])
    game.refresh_result()
    play = play_for(game)
    assert players(play) == [
        ("Ana", "106", 1, True),
        ("Ben", "106", 1, True),
        ("Cy", "100", 3, False),
        ("Dee", "100", 3, False),
        ("Eli", "88", 5, False),
    ]
    assert play["game"]["name"] == "Baronet" and play["game"]["highestWins"]


def test_a_pad_where_low_wins_says_so():
    game = make_game("pad", options=["low_wins"], target=50, hands=[{"points": [55, 10, 20, 30]}])
    play = play_for(game)
    assert play["game"]["highestWins"] is False
    assert players(play)[:2] == [("Ana", "55", 4, False), ("Ben", "10", 1, True)]


def test_the_link_carries_the_play_url_encoded():
    game = make_game(target=26, hands=[EXACT_BEN, EXACT_BEN])
    game.note = "Tea & cake? 100% ✓"
    game.save(update_fields=["note"])
    link = push_link(game)
    assert " " not in link and "&" not in link.partition("?")[2]
    assert sent(link) == play_for(game)


def test_a_finished_sheet_offers_send_to_bg_stats(client):
    game = make_game(target=26, hands=[EXACT_BEN, EXACT_BEN])
    page = client.get(game.get_absolute_url()).content.decode()
    start = page.index("data-bgstats")
    tag = page[page.rindex("<a ", 0, start) : page.index("</a>", start)]
    assert tag.endswith(">Send to BG Stats")
    href = tag.partition('href="')[2].partition('"')[0].replace("&amp;", "&")
    assert players(sent(href))[1] == ("Ben", "26", 1, True)
    # it sits in the winner's section, after the final standings
    assert page.index("Final standings") < start < page.index('class="sheet"')


def test_a_game_still_being_played_offers_no_link(client):
    game = make_game(target=26, hands=[EXACT_BEN])
    assert play_for(game) is None and push_link(game) == ""
    assert "Send to BG Stats" not in client.get(game.get_absolute_url()).content.decode()


def test_a_spectator_is_not_sent_the_groups_play(client):
    # The play names the group and carries the note: the group's, not a
    # spectator's, whose link shows the sheet alone.
    game = make_game(target=26, hands=[EXACT_BEN, EXACT_BEN])
    client.post(f"/games/{game.pk}/watch-links/")
    page = Phone(user=None).get(f"/watch/{game.watch_links.get().token}/").content.decode()
    assert "Ben wins" in page and "Send to BG Stats" not in page


def test_history_downloads_one_bg_stats_play_file_for_each_finished_game(client):
    won = make_game(target=26, hands=[EXACT_BEN, EXACT_BEN])
    make_game(target=26, hands=[EXACT_BEN])  # still being played
    elsewhere = Group.objects.start("Other table", make_user("someone else"))
    make_game(target=26, hands=[EXACT_BEN, EXACT_BEN], group=elsewhere)
    assert 'href="/games/bgstats.zip">one file a game</a>' in (
        client.get("/history/").content.decode()
    )
    response = client.get("/games/bgstats.zip")
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    assert (
        response["Content-Disposition"] == 'attachment; filename="vinescore-game-night-bgstats.zip"'
    )
    archive = zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content)))
    assert archive.namelist() == [f"vinescore-coralon-{won.pk}-bgstats.json"]
    assert json.loads(archive.read(archive.namelist()[0])) == play_for(won)


def test_a_group_with_no_finished_game_downloads_an_empty_zip(client):
    make_game(target=26, hands=[EXACT_BEN])
    response = client.get("/games/bgstats.zip")
    archive = zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content)))
    assert archive.namelist() == []


def test_the_plays_download_leaves_out_deleted_games_and_is_for_members(client, anonymous):
    kept = make_game(target=26, hands=[EXACT_BEN, EXACT_BEN])
    gone = make_game(target=26, hands=[EXACT_BEN, EXACT_BEN])
    Game.objects.filter(pk=gone.pk).update(deleted_at=EVENING)
    archive = zipfile.ZipFile(
        io.BytesIO(b"".join(client.get("/games/bgstats.zip").streaming_content))
    )
    assert archive.namelist() == [f"vinescore-coralon-{kept.pk}-bgstats.json"]
    response = anonymous.get("/games/bgstats.zip")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def bgsplay(client) -> dict:
    response = client.get("/games/plays.bgsplay")
    assert response.status_code == 200
    return json.loads(b"".join(response.streaming_content))


def test_history_downloads_the_whole_history_as_one_bg_stats_play_file(client):
    won = make_game(target=26, hands=[EXACT_BEN, EXACT_BEN])
    make_game(target=26, hands=[EXACT_BEN])  # still being played
    elsewhere = Group.objects.start("Other table", make_user("someone else"))
    make_game(target=26, hands=[EXACT_BEN, EXACT_BEN], group=elsewhere)
    assert 'href="/games/plays.bgsplay">Plays for BG Stats (.bgsplay)</a>' in (
        client.get("/history/").content.decode()
    )
    response = client.get("/games/plays.bgsplay")
    assert response["Content-Disposition"] == 'attachment; filename="vinescore-game-night.bgsplay"'
    assert response["Cache-Control"] == "private, no-store"
    data = json.loads(b"".join(response.streaming_content))
    (play,) = data["plays"]
    assert [game["name"] for game in data["games"]] == ["Coralon"]
    assert data["games"][0]["highestWins"] and play["gameRefId"] == data["games"][0]["id"]
    assert [location["name"] for location in data["locations"]] == ["Game night"]
    assert play["locationRefId"] == data["locations"][0]["id"]
    names = {player["id"]: player["name"] for player in data["players"]}
    scores = [
        (names[s["playerRefId"]], s["score"], s["rank"], s["winner"], s["seatOrder"])
        for s in play["playerScores"]
    ]
    assert scores == [
        ("Ana", "0", 2, False, 1),
        ("Ben", "26", 1, True, 2),
        ("Cy", "0", 2, False, 3),
        ("Dee", "0", 2, False, 4),
    ]
    assert play["sourcePlayId"] == str(won.uid) and play["playDate"] == play_for(won)["playDate"]
    # The game's own identity, which its export and a backup keep: restored
    # onto another server, a second import still updates this play.
    assert play["uuid"] == str(won.uid)


def test_a_second_download_names_every_play_player_and_game_by_the_same_uuid(client):
    make_game(target=26, hands=[EXACT_BEN, EXACT_BEN])
    first = bgsplay(client)
    make_game(target=26, hands=[EXACT_BEN, EXACT_BEN])
    second = bgsplay(client)
    uuids = lambda data, what: [record["uuid"] for record in data[what]]  # noqa: E731
    assert len(second["plays"]) == 2 and uuids(second, "plays")[0] == uuids(first, "plays")[0]
    assert len(set(uuids(second, "plays"))) == 2
    for what in ("players", "games", "locations"):
        assert uuids(second, what) == uuids(first, what)


def test_partners_are_sent_as_teams_in_the_play_file(client):
    made = {"bidder": 1, "bid": 5, "bidders_tricks": 5, "bidders_cards": 0, "others_cards": 5}
    make_game("ducks-and-geese", hands=[made] * 6)
    (play,) = bgsplay(client)["plays"]
    assert play["usesTeams"]
    assert [s["team"] for s in play["playerScores"]] == ["1", "2", "1", "2"]


def test_the_play_file_is_for_members_and_leaves_out_deleted_games(client, anonymous):
    make_game(target=26, hands=[EXACT_BEN, EXACT_BEN])
    gone = make_game(target=26, hands=[EXACT_BEN, EXACT_BEN])
    Game.objects.filter(pk=gone.pk).update(deleted_at=EVENING)
    assert len(bgsplay(client)["plays"]) == 1
    response = anonymous.get("/games/plays.bgsplay")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_a_group_with_no_finished_game_gets_a_file_with_no_plays(client):
    make_game(target=26, hands=[EXACT_BEN])
    assert bgsplay(client) == {"plays": [], "players": [], "games": [], "locations": []}
