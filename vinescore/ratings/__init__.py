"""Skill ratings from a group's history, free of Django.

`evidence` turns a finished game's score sheet into what it says about the
players (who beat whom, as teams, by places or hand by hand); `rating`
plays those games in order through openskill's Plackett-Luce model and
keeps, per game family, each player's rating, games and recent trend.
"""

from .evidence import Contest, PlayedGame, family_of, from_sheet, is_rated
from .rating import Ratings, Standing, rate

__all__ = [
    "Contest",
    "PlayedGame",
    "Ratings",
    "Standing",
    "family_of",
    "from_sheet",
    "is_rated",
    "rate",
]
