"""A club night: an event of several rounds, each round's tables drawn
(events/draw.py), each table an ordinary game, and standings that compare
the tables (events/points.py)."""
