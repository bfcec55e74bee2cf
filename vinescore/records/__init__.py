"""The game-record format: games as a documented JSON file, out and back in.

    {"format": "vinescore-games", "version": 1, "games": [record, ...]}

A record is a game's setup and its live hands' facts. `export` writes it
(deterministic, streamed), `reader` reads a file of any size a game at a
time, `checker` checks by schema and rules, `importer` saves in batches.
"""
