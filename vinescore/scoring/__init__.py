"""vinescore's scoring service: the rules of every game, free of Django.

`REGISTRY` holds one `GameRules` per game; `replay` turns a game's stored
hand facts into its score sheet.
"""

from .base import (
    Facts,
    Field,
    GameRules,
    HandInvalid,
    HandResult,
    Option,
    Payment,
    Registry,
    Shortcut,
    Table,
    Winner,
)
from .games.bishop import Baronet, Bishop
from .games.chevalier import Chevalier
from .games.coralon import Coralon, CoralonPartners
from .games.ducks import Dog, DucksAndGeese, DucksCutthroat
from .games.duel import Duel
from .games.mu import Mu
from .games.pad import ScorePad
from .games.thief import Thief, Thieves
from .games.up_and_down import UpAndDown, UpAndDownPoints
from .sheet import Row, Setup, Sheet, replay, tail

REGISTRY = Registry()
for _rules in (
    Coralon(),
    CoralonPartners(),
    Thief(),
    Thieves(),
    DucksAndGeese(),
    Dog(),
    DucksCutthroat(),
    Bishop(),
    Baronet(),
    Chevalier(),
    UpAndDown(),
    UpAndDownPoints(),
    Mu(),
    Duel(),
    ScorePad(),
):
    REGISTRY.register(_rules)

__all__ = [
    "REGISTRY",
    "Facts",
    "Field",
    "GameRules",
    "HandInvalid",
    "HandResult",
    "Option",
    "Payment",
    "Registry",
    "Row",
    "Setup",
    "Sheet",
    "Table",
    "Shortcut",
    "Winner",
    "replay",
    "tail",
]
