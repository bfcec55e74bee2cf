"""The score pad's page: how the pad keeps any other game's score."""

from .text import Example, RulesPage, Section

PAGES = (
    RulesPage(
        key="pad",
        lede="A blank score sheet for any game vinescore does not know: name it, seat the "
        "players, and write down what each of them scored every round.",
        source="vinescore's own pad",
        sections=(
            Section("players", "Players", ("From 1 to 12 players, seated in play order.",)),
            Section(
                "deal",
                "Deal",
                (
                    "The pad shows who deals each round, passing to the left, in case your game "
                    "needs it; ignore it if not.",
                ),
            ),
            Section(
                "bidding",
                "Bidding",
                (
                    "The pad knows no bids: whatever your game's rules decide, "
                    "you enter the result.",
                ),
            ),
            Section(
                "play",
                "Play",
                ("Play by your own game's rules. vinescore only keeps the score.",),
            ),
            Section(
                "scoring",
                "Scoring",
                (
                    "After each round, enter every player's points. A blank counts as 0, and "
                    "a minus sign records points lost.",
                    "Any round can be edited or deleted later; the totals after it follow.",
                ),
                rules=("round",),
            ),
            Section(
                "winning",
                "Winning",
                (
                    "With a target, the game ends after the round in which anyone reaches it. "
                    "Without one, tap **End the game** when you are done.",
                    "The highest total wins, or the lowest if you chose **Low score wins** "
                    "when you started.",
                ),
            ),
            Section(
                "ties",
                "Ties",
                ("Players level on the best total share the win.",),
            ),
            Section(
                "rulings",
                "Our rulings",
                (
                    "The pad has no tie-break of its own: a tie at the end is a shared win, "
                    "since we cannot know your game's rule.",
                ),
                ruling=True,
            ),
        ),
        examples=(
            Example(
                title="A round of three",
                story="Ana makes 12, Ben nothing, and Cy loses 3.",
                names=("Ana", "Ben", "Cy"),
                facts={"points": [12, 0, -3]},
                expect=(12, 0, -3),
            ),
        ),
    ),
)
