"""A club night's pure core, free of Django: how many sit at each table,
who sits where round by round, what each table's places are worth in
event points, and how a season ranks its players. Players are ints (the
caller's ids); every result is a plain frozen dataclass."""

from .draw import Draw, DrawRefused, Shape, Table, draw_round, meetings, swap_seats, table_sizes
from .points import Standing, TableResult, event_points, standings
from .season import SeasonRow, season

__all__ = [
    "Draw",
    "DrawRefused",
    "SeasonRow",
    "Shape",
    "Standing",
    "Table",
    "TableResult",
    "draw_round",
    "event_points",
    "meetings",
    "season",
    "standings",
    "swap_seats",
    "table_sizes",
]
