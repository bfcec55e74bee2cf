"""The game-record format: games as a documented JSON file, out and back in.

A file holds any number of games:

    {"format": "vinescore-games", "version": 1, "games": [record, ...]}

A record is a game's setup and the facts of its live hands. `export` writes
it (deterministic, streamed), `reader` reads a file of any size a game at a
time, `checker` checks each game by the schema (docs/game-record.schema.json)
and by the game's rules, and `importer` saves checked games a batch at a time.
"""
