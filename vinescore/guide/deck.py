"""The Vines deck, in our own words: suits, ranks and the few names players use."""

from __future__ import annotations

from .text import Section

DECK: tuple[Section, ...] = (
    Section(
        "suits",
        "Five suits",
        (
            "The deck has five suits, each printed in its own colour: **Anchors** (brown), "
            "**Crowns** (red), **Cups** (purple), **Locks** (blue) and **Trees** (green).",
            "The suits are equal. When a suit order is needed, it is alphabetical: Anchors "
            "lowest, then Crowns, Cups and Locks, with Trees highest.",
        ),
    ),
    Section(
        "ranks",
        "Eleven ranks",
        (
            "Every suit has the same eleven cards. From highest to lowest: **Ace**, "
            "**Knight**, **Bishop**, **Farmer**, **Tar**, then **7, 6, 5, 4, 3, 2**.",
            "The Ace counts as 1 but beats every other card of its suit. The four face "
            "cards sit between the Ace and the 7.",
            "Some players say King for Knight and Jack for Tar. Both are fine at the table.",
        ),
    ),
    Section(
        "cards",
        "55 cards",
        (
            "Five suits of eleven ranks make 55 cards. That does not split evenly among 3, "
            "4 or 6 players, so each game's deal says what happens to the spare cards.",
        ),
    ),
    Section(
        "deuces",
        "Deuces and treys",
        (
            "A 2 is called a [[deuce]]; a 3 is sometimes called a trey.",
            "In Ducks and Geese the Deuces and the Farmers are the [[point-card]]s; in Dog "
            "the Tars are.",
        ),
    ),
    Section(
        "suit-order",
        "Does suit order matter?",
        (
            "In most games, no. A trick goes to the best [[trump]] in it, or else to the "
            "highest card of the suit led; the other suits never compete.",
            "Use the alphabetical order only where a game or your table asks for one.",
        ),
    ),
)
