"""A finished game as a play for BG Stats, the logger many tables already use.

BG Stats takes a play pushed to `https://app.bgstatsapp.com/createPlay.html`
with the play as JSON in its `data` parameter (the app answers the
`bgstats://` form of the same address). `play_for` builds that JSON;
`push_link` the address; `plays_file` a group's finished games as one
file BG Stats imports.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Iterator
from urllib.parse import quote

from django.utils import timezone

from vinescore.scoring import Sheet
from vinescore.table.models import Game, LiveHand, minutes_played

Played = tuple[list[LiveHand], Sheet]  # a game's live hands and their sheet (Game.played)

PUSH_URL = "https://app.bgstatsapp.com/createPlay.html"
SOURCE = "vinescore"


def play_for(game: Game, played: Played | None = None) -> dict | None:
    """The play BG Stats records for a finished game (None while it is not):
    every seated player with the score and place their side finished on.
    Partners share their team's score and place; a coin session sends each
    player's final coins; players level on a place share it."""
    if not game.is_finished:
        return None
    hands, sheet = played if played is not None else game.played()
    if sheet.winner is None:
        return None
    rules, players = game.rules, game.seated_players()
    places = {p.side: p for p in sheet.standings()}
    winners = set(sheet.winning_sides)
    # Who played first: the player on the first dealer's left (who bids or
    # leads first), or the first seat in a game without a deal.
    starts = (game.first_dealer + 1) % len(players) if rules.deals else 0
    # As the sheet says it, and at least a minute: a play of 0 minutes reads as not timed.
    minutes = (minutes_played(hands[0].played_at, hands[-1].played_at) if hands else None) or 1
    reason = sheet.winner.reason
    said = f"{sheet.winner_words}: {reason}" if reason else sheet.winner_words
    return {
        "sourceName": SOURCE,
        "sourcePlayId": str(game.uid),
        "playDate": timezone.localtime(game.created_at).strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": minutes,
        "location": game.group.name if game.group else "",
        "comments": "\n".join(part for part in (said, game.note) if part),
        "game": {
            "name": game.name,
            "highestWins": not rules.low_wins(sheet.setup.table(0)),
            "noPoints": False,
            "sourceGameId": game.kind,
        },
        "players": [
            {
                "name": player.name,
                "score": str(places[rules.side_of(seat)].total),
                "rank": places[rules.side_of(seat)].place,
                "winner": rules.side_of(seat) in winners,
                "startPlayer": seat == starts,
                "sourcePlayerId": str(player.pk),
            }
            for seat, player in enumerate(players)
        ],
    }


def push_link(game: Game, played: Played | None = None) -> str:
    """The "Send to BG Stats" address for a finished game ("" while it is not)."""
    play = play_for(game, played)
    if play is None:
        return ""
    data = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return f"{PUSH_URL}?data={quote(data, safe='')}"


# BG Stats' own backup format (BGStatsExport.json, imported as a .bgsplay
# file): every record has a uuid, and an import updates the records whose
# uuid it already has. A play's is its game's own identity (Game.uid, kept
# by exports, imports and backups), the others are derived from ids: the
# same in every download, so a second import updates rather than doubles.
UUIDS = uuid.UUID("5c0f8a8e-7d0b-4a51-9a43-0b5e3c9d2f17")
STAMP = "%Y-%m-%d %H:%M:%S"


def stable_uuid(kind: str, key: object) -> str:
    return str(uuid.uuid5(UUIDS, f"{kind}:{key}"))


def plays_file(games: Iterable[Game]) -> Iterator[str]:
    """The finished `games` as one BG Stats play file, written play by play:
    the plays first, then the players, games and locations they name."""
    players: dict[str, dict] = {}
    kinds: dict[str, dict] = {}
    places: dict[str, dict] = {}

    def ref(table: dict[str, dict], key: str, record: dict) -> int:
        if key not in table:
            table[key] = {"id": len(table) + 1, "uuid": key, **record}
        return table[key]["id"]

    yield '{"plays":['
    first = True
    for game in games:
        play = play_for(game)
        if play is None:
            continue
        changed = timezone.localtime(game.updated_at).strftime(STAMP)
        about = play["game"]
        game_ref = ref(
            kinds,
            stable_uuid("game", f"{about['sourceGameId']}:{about['name']}"),
            {
                "name": about["name"],
                "highestWins": about["highestWins"],
                "noPoints": about["noPoints"],
                "cooperative": False,
                "usesTeams": game.rules.partnership,
                "sourceGameId": about["sourceGameId"],
                "modificationDate": changed,
            },
        )
        record = {
            "uuid": str(game.uid),
            "gameRefId": game_ref,
            "playDate": play["playDate"],
            "entryDate": play["playDate"],
            "modificationDate": changed,
            "durationMin": play["durationMin"],
            "comments": play["comments"],
            "ignored": False,
            "manualWinner": False,
            "rounds": 0,
            "usesTeams": game.rules.partnership,
            "sourceName": SOURCE,
            "sourcePlayId": play["sourcePlayId"],
            "playerScores": [],
        }
        if game.group_id is not None:
            record["locationRefId"] = ref(
                places,
                stable_uuid("location", game.group_id),
                {"name": play["location"], "modificationDate": changed},
            )
        for seat, player in enumerate(play["players"]):
            player_ref = ref(
                players,
                stable_uuid("player", player["sourcePlayerId"]),
                {"name": player["name"], "isAnonymous": False, "modificationDate": changed},
            )
            team = game.rules.side_of(seat) if game.rules.partnership else None
            record["playerScores"].append(
                {
                    "playerRefId": player_ref,
                    "score": player["score"],
                    "rank": player["rank"],
                    "winner": player["winner"],
                    "startPlayer": player["startPlayer"],
                    "newPlayer": False,
                    "seatOrder": seat + 1,
                    "team": "" if team is None else str(team + 1),
                }
            )
        yield ("" if first else ",") + json.dumps(record, ensure_ascii=False)
        first = False
    yield '],"players":' + json.dumps(list(players.values()), ensure_ascii=False)
    yield ',"games":' + json.dumps(list(kinds.values()), ensure_ascii=False)
    yield ',"locations":' + json.dumps(list(places.values()), ensure_ascii=False) + "}"
