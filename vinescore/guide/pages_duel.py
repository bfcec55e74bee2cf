"""The duel tracker's page."""

from .text import Example, RulesPage, Section

PAGES = (
    RulesPage(
        key="duel",
        lede="A two-player card duel of attacks and blocks. vinescore tracks each "
        "duellist's health through a round and counts the rounds won.",
        source="Duel rulebook (a scanned copy, partly unreadable)",
        sections=(
            Section("players", "Players", ("Two duellists, each with their own deck.",)),
            Section(
                "deal",
                "Setting up",
                (
                    "Both players start every round at the same health. The rulebook does not "
                    "say how much, nor how many rounds win the match, so the table chooses both "
                    "when the match starts; vinescore offers the last values you used.",
                ),
            ),
            Section(
                "bidding",
                "The first exchange",
                (
                    "Both players reveal a card at once. Attacks that no block matches deal "
                    "their damage; whoever dealt more attacks first (the younger player on a tie).",
                ),
            ),
            Section(
                "play",
                "Attacking, defending and chaining",
                (
                    "The attacker draws and plays an attack; the defender draws and plays a "
                    "card whose blocks cancel matching attack arrows. Unblocked arrows deal "
                    "their damage.",
                    "While an arrow gets through, the attacker may chain another attack that "
                    "matches it. Once everything is blocked, or no chain is possible, the "
                    "roles reverse.",
                    "A player may discard two cards to draw one, but running out of cards "
                    "loses the round.",
                ),
            ),
            Section(
                "scoring",
                "Recording an exchange",
                (
                    "After each exchange, record the damage each player took: a big button "
                    "for the common hits, or the form when both took damage. Health carries "
                    "on through the round.",
                    "Every exchange can be undone with **Undo the last hand**, or edited later.",
                ),
                rules=("exchange",),
            ),
            Section(
                "winning",
                "Winning a round and the match",
                (
                    "A player whose health drops below 0, or whose deck runs out, loses the "
                    "round. Both players then start the next round at full health.",
                    "The first to win the chosen number of rounds wins the match.",
                ),
                rules=("round-won",),
            ),
            Section(
                "ties",
                "Both below zero",
                (
                    "If one exchange takes both players below 0, the one further down loses "
                    "the round. If they are exactly level, the round is replayed.",
                ),
                rules=("drawn-round",),
            ),
            Section(
                "rulings",
                "Our rulings",
                (
                    "Both players dropping below 0 in the same exchange is not covered by the "
                    "rulebook: we give the round against the player further below 0, and "
                    "replay it when they are level.",
                    "Starting health and rounds to win are the table's choice.",
                ),
                ruling=True,
            ),
        ),
        examples=(
            Example(
                title="An exchange",
                story="Starting at 10 health, Ben takes 4 damage.",
                names=("Ana", "Ben"),
                facts={"damage": [0, 4]},
                expect=(0, 0),
                stakes=10,
            ),
            Example(
                title="A round lost",
                story="At 10 health, Ben's deck runs out.",
                names=("Ana", "Ben"),
                facts={"damage": [0, 0], "exhausted": 1},
                expect=(1, 0),
                stakes=10,
            ),
        ),
    ),
)
