"""Rules pages for the Vines rulebook's Games 1 to 5 and their variants:
Coralon, Coralon Partners, Thief, Thieves, Ducks and Geese, Dog and
cutthroat Ducks and Geese.

The rulebook gives the facts and numbers; the sentences are ours. Every
section marked `ruling=True` holds our decisions from RULINGS.md.
"""

from __future__ import annotations

from .text import Example, RulesPage, Section

FOUR = ("Ana", "Ben", "Cy", "Dee")
FIVE = ("Ana", "Ben", "Cy", "Dee", "Eve")

RULINGS_TITLE = "Our rulings"
RULINGS_INTRO = (
    "These are vinescore's decisions where the rulebook leaves a choice or says nothing. "
    "The app scores by them."
)

# Said the same way on every page that needs it.
FOLLOW = (
    "You must [[follow-suit]] if you can; if you can't, play any card. A [[trick]] goes to "
    "the highest [[trump]] in it, or, with no trump in it, to the highest card of the suit "
    "led. Whoever takes a trick leads the next one."
)
DEAL_LEFT = (
    "The deal passes one seat to the left after every hand, and bidding starts on the "
    "[[dealer]]'s left. Players are entered in clockwise order, which is the order of play."
)
TEAMS = (
    "Partners sit across the table. You may not tell your [[partner]] anything about your "
    "hand: only your bids and your play can speak for you."
)
TEAMS_RULING = (
    "In the app, the 1st and 3rd players entered are one team and the 2nd and 4th the other."
)


# --- Game 1: Coralon ------------------------------------------------------

CORALON = RulesPage(
    key="coralon",
    lede=(
        "Everyone plays alone and bids the tricks they will take. Hitting the bid "
        "exactly is best: then only the bidder scores."
    ),
    source="Vines rulebook, Game 1",
    terms=(
        "dealer",
        "bid",
        "bidder",
        "trick",
        "lead",
        "trump",
        "follow-suit",
        "exact",
        "exceed",
        "miss",
        "zero-bid",
        "less",
    ),
    related=("coralon-partners", "thief"),
    sections=(
        Section(
            "players",
            "Players",
            ("3 to 6 players, each keeping their own score. It plays best with 4 or 5.",),
        ),
        Section(
            "deal",
            "The deal",
            (
                "Deal out the whole deck. Anyone who got one card more than the others "
                "looks at their hand and discards one card face down.",
                "Everyone then holds the same number of cards: **18** with 3 players, "
                "**13** with 4, **11** with 5 (nobody discards) and **9** with 6. That is "
                "also the number of tricks in the hand.",
            ),
        ),
        Section(
            "bidding",
            "Bidding",
            (
                "Starting on the [[dealer]]'s left, each player gets one turn: bid a number "
                "of tricks, or pass. A [[bid]] must beat the one before it, and the lowest "
                "bid is **2**.",
                "If everyone else passes, the dealer must bid at least 2. The highest bid "
                "wins; all the others are forgotten.",
            ),
        ),
        Section(
            "play",
            "Playing the hand",
            (
                "The [[bidder]] leads the first trick, and the suit of that card becomes "
                "[[trump]] for the whole hand.",
                FOLLOW,
                "Play until every card is gone, then score.",
            ),
        ),
        Section(
            "scoring",
            "Scoring",
            (
                "A trick is worth 1 point. What the bidder took, compared with the bid, "
                "decides who gets to count their tricks:",
                "**[[exact]]:** the bidder took exactly the bid. The bidder scores their "
                "tricks and **nobody else scores**.",
                "**[[exceed]]:** the bidder took more than the bid. Everyone, the bidder "
                "too, scores 1 per trick.",
                "**[[miss]]:** the bidder took fewer than the bid. The bidder scores "
                "nothing; everyone else scores 1 per trick.",
            ),
            rules=("exact", "exceed", "miss"),
        ),
        Section(
            "zero-bids",
            "Zero and “less” (options)",
            (
                "With the **zero bids** option, you may bid [[zero-bid]]: you promise to "
                "take no trick at all. A zero does not raise the bidding: the next number "
                "bid still has to beat the highest number so far. If the bidding ends on a "
                "zero, the zero wins.",
                "**Zero made** (no trick): the zero bidder scores every trick in the hand "
                "(13 with 4 players) and nobody else scores. **Zero broken:** the zero "
                "bidder scores nothing and everyone else scores their tricks. Once your "
                "zero is broken, grab what you can, to keep the tricks from the others.",
                "With the **less** option, a player may answer a zero with [[less]]. It "
                "succeeds only if the less bidder takes no trick **and** every earlier zero "
                "bidder takes at least one. It scores just like a zero.",
            ),
            rules=("zero",),
        ),
        Section(
            "winning",
            "Winning",
            (
                "The game ends after the hand in which someone reaches the target: **60** "
                "with 3 players, **40** with 4, **25** with 5 or 6. The highest total wins.",
            ),
        ),
        Section(
            "ties",
            "Ties",
            (
                "If two or more players share the top score at the end, the bidder of the "
                "last hand wins if they are one of them. If not, the tied player sitting "
                "nearest the dealer's left wins.",
            ),
        ),
        Section(
            "rulings",
            RULINGS_TITLE,
            (
                RULINGS_INTRO,
                "Hand sizes are fixed: 18, 13, 11 or 9 tricks for 3, 4, 5 or 6 players. "
                "The tricks you enter for a hand must add up to that number.",
                "A bid can be from 2 up to the hand size.",
                "**Zero bids** are an option the table switches on when it starts a game. "
                "A made zero scores the hand size for its bidder and nothing for anyone "
                "else; a broken zero scores its bidder nothing and everyone else their "
                "tricks.",
                "**Less** is a further option. It succeeds only if its bidder takes no "
                "trick and every earlier zero bidder takes at least one; it scores like a "
                "zero.",
                "Whether a zero may follow another zero is a third option, **a zero may "
                "follow a zero**. When it is off, only one zero can come before a less.",
                "A tie at the top goes to the bidder, else to the tied player nearest the "
                "dealer's left in play order.",
                DEAL_LEFT,
            ),
            ruling=True,
        ),
    ),
    examples=(
        Example(
            title="An exact bid",
            story=(
                "Four players, 13 tricks. Ana bids 4 and takes exactly 4. Ben takes 3, Cy "
                "4 and Dee 2."
            ),
            names=FOUR,
            facts={"bidder": 0, "bid": 4, "tricks": [4, 3, 4, 2]},
            expect=(4, 0, 0, 0),
        ),
        Example(
            title="A missed bid",
            story=(
                "Ben bids 5 but takes only 3. Ana takes 4, Cy 4 and Dee 2. Ben scores "
                "nothing; the others keep their tricks."
            ),
            names=FOUR,
            facts={"bidder": 1, "bid": 5, "tricks": [4, 3, 4, 2]},
            expect=(4, 0, 4, 2),
        ),
        Example(
            title="Taking more than the bid",
            story="Cy bids 3 and takes 5. Ana takes 3, Ben 2 and Dee 3.",
            names=FOUR,
            facts={"bidder": 2, "bid": 3, "tricks": [3, 2, 5, 3]},
            expect=(3, 2, 5, 3),
        ),
    ),
)


# --- Game 2: Coralon Partners -------------------------------------------------

CORALON_PARTNERS = RulesPage(
    key="coralon-partners",
    lede=(
        "Coralon for two fixed teams of two. A card turned up from the box shows the only "
        "suit that can be trump."
    ),
    source="Vines rulebook, Game 2",
    terms=(
        "partner",
        "dealer",
        "bid",
        "bidder",
        "the-box",
        "trump",
        "no-trump",
        "trick",
        "follow-suit",
        "exact",
        "exceed",
        "miss",
        "zero-bid",
        "double-zero",
    ),
    related=("coralon", "thieves"),
    sections=(
        Section(
            "players",
            "Players",
            ("Exactly 4 players in two teams of two.", TEAMS),
        ),
        Section(
            "differences",
            "How it differs from Coralon",
            (
                "Teams bid and score together. The bidder does not choose trump: the box "
                "card offers one suit, which the bidder takes or refuses. Zero bids score "
                "a fixed 10 (or 25 for a double zero).",
            ),
        ),
        Section(
            "deal",
            "The deal",
            (
                "Deal 13 cards to each player. The last 3 cards go face down in the middle: "
                "this is [[the-box]]. Turn one of them face up.",
            ),
        ),
        Section(
            "bidding",
            "Bidding",
            (
                "Starting on the [[dealer]]'s left, each player gets one turn: bid the "
                "tricks your team will take, or pass. A [[bid]] must beat the one before "
                "it; the lowest is **2**, the highest 13.",
                "If everyone else passes, the dealer must bid at least 2.",
            ),
        ),
        Section(
            "play",
            "Playing the hand",
            (
                "The [[bidder]] chooses one of two things:",
                "**Take the box:** pick up all three box cards, then discard any three. The "
                "suit of the face-up card is [[trump]].",
                "**No trump:** leave the box alone and turn its card face down. The hand is "
                "played at [[no-trump]].",
                "The bidder then leads any card. " + FOLLOW,
            ),
        ),
        Section(
            "scoring",
            "Scoring",
            (
                "Each trick is 1 point for the team that took it. Then:",
                "**[[exact]]:** the bidding team took exactly the bid. It scores its tricks; "
                "the other team scores nothing.",
                "**[[exceed]]:** the bidding team took more. Both teams score their tricks.",
                "**[[miss]]:** the bidding team took fewer. It scores nothing; the other "
                "team scores its tricks.",
            ),
            rules=("exact", "exceed", "miss"),
        ),
        Section(
            "zero-bids",
            "Zero and double zero (options)",
            (
                "With the **zero bids** option, anyone may bid [[zero-bid]]. Here a zero "
                "beats every number bid before it.",
                "When a zero wins, the zero bidder's partner lays down their cards and sits "
                "out; the other three play all 13 tricks. **Made** (the zero bidder takes "
                "no trick): the team scores **10** and the other team nothing. **Broken:** "
                "the team scores nothing and the other team scores its tricks.",
                "With the **double zero** option, the zero bidder's partner may raise it to "
                "[[double-zero]]. Both partners then play, and neither may take a trick. "
                "Made, it scores **25**; broken, it scores like a broken zero.",
            ),
            rules=("zero", "double_zero"),
        ),
        Section(
            "winning",
            "Winning",
            (
                "The game ends after the hand in which a team reaches **60**. The higher "
                "total wins.",
            ),
        ),
        Section(
            "ties",
            "Ties",
            ("If both teams finish level at the top, the team that bid the last hand wins.",),
        ),
        Section(
            "rulings",
            RULINGS_TITLE,
            (
                RULINGS_INTRO,
                "A hand is 13 tricks, and a bid can be from 2 to 13.",
                "**Zero bids** and **double zero** are options the table switches on when "
                "it starts a game.",
                "After a zero, the zero bidder's partner sits out and the 13 tricks are "
                "shared by three players. A made zero scores 10 and a made double zero 25; "
                "the other team scores nothing. A broken zero or double zero scores the "
                "bidding team nothing and the other team its tricks.",
                "A tie at the top goes to the bidding team.",
                TEAMS_RULING,
                DEAL_LEFT,
            ),
            ruling=True,
        ),
    ),
    examples=(
        Example(
            title="A zero bid",
            story=("Ana bids zero, so Cy sits out. Ana takes no trick in the three-handed play."),
            names=FOUR,
            facts={"bidder": 0, "bid": "zero", "bidders_tricks": 0},
            expect=(10, 0),
            options=frozenset({"zero"}),
        ),
        Example(
            title="An exact bid",
            story="Ben bids 7, and Ben and Dee take exactly 7 of the 13 tricks.",
            names=FOUR,
            facts={"bidder": 1, "bid": 7, "bidders_tricks": 7},
            expect=(0, 7),
        ),
        Example(
            title="A missed bid",
            story=("Dee bids 8, but Ben and Dee take only 6. Ana and Cy took the other 7 tricks."),
            names=FOUR,
            facts={"bidder": 3, "bid": 8, "bidders_tricks": 6},
            expect=(7, 0),
        ),
    ),
)


# --- Game 3: Thief ---------------------------------------------------------

THIEVES_KEPT = (
    "Whenever thieves are played to a trick, the player who played the **lowest** [[thief]] "
    "keeps that card face up: it is worth 1 point. Any higher thieves on that trick go "
    "with the trick and score nothing.",
    "Thief cards played before the thief suit was known score nothing.",
)

THIEF = RulesPage(
    key="thief",
    lede=(
        "Coralon with a second key suit, the thieves. You bid points: 1 for each trick and "
        "1 for each thief you keep."
    ),
    source="Vines rulebook, Game 3",
    terms=(
        "dealer",
        "bid",
        "bidder",
        "trick",
        "thief",
        "key-suit",
        "trump",
        "follow-suit",
        "exact",
        "exceed",
        "miss",
    ),
    related=("thieves", "coralon"),
    sections=(
        Section(
            "players",
            "Players",
            ("3 to 6 players, each keeping their own score. It plays best with 4 or 5.",),
        ),
        Section(
            "differences",
            "How it differs from Coralon",
            (
                "There is a second [[key-suit]], the thieves, found during play. Bids count "
                "points (tricks plus thieves), the lowest bid is 3, and the 3-player game "
                "uses only 12 cards each.",
            ),
        ),
        Section(
            "deal",
            "The deal",
            (
                "With 4, 5 or 6 players, deal out the whole deck. Anyone with one card more "
                "than the others looks at their hand and discards one face down. That "
                "leaves **13** cards each with 4 players, **11** with 5 and **9** with 6.",
                "With 3 players, deal **12** cards each and leave the rest out of play.",
            ),
        ),
        Section(
            "bidding",
            "Bidding",
            (
                "Starting on the [[dealer]]'s left, each player gets one turn: bid the "
                "points you will take, or pass. A point is a trick or a kept thief. A [[bid]] "
                "must beat the one before it, and the lowest is **3**.",
                "Nobody knows in advance how many thieves will score: anything from none to 11.",
            ),
        ),
        Section(
            "play",
            "Playing the hand",
            (
                "The [[bidder]] leads the first trick and says whether that card's suit is "
                "[[trump]] or thieves.",
                "The other key suit is found in play: the first card anyone plays that is "
                "neither the suit led nor the known key suit sets it. That can happen on any "
                "trick, or never.",
                FOLLOW,
            ),
        ),
        Section("thieves", "Thieves", THIEVES_KEPT),
        Section(
            "scoring",
            "Scoring",
            (
                "Each player's points are their tricks plus their kept thieves. Compare the "
                "bidder's points with the bid:",
                "**[[exact]]:** exactly the bid. The bidder scores their points and "
                "**nobody else scores**.",
                "**[[exceed]]:** more than the bid. Everyone scores their tricks and thieves.",
                "**[[miss]]:** fewer than the bid. The bidder scores nothing; everyone else "
                "scores their tricks and thieves.",
            ),
            rules=("exact", "exceed", "miss"),
        ),
        Section(
            "trick-only",
            "Bidding tricks only (option)",
            (
                "Some tables bid tricks only, as in Thieves. With the **trick-only bidding** "
                "option, the bid counts tricks, and every player always scores the thieves "
                "they keep.",
                "Exact: the bidder scores tricks and thieves; everyone else scores only "
                "their thieves. Exceed: everyone scores tricks and thieves. Miss: the bidder "
                "scores only their thieves; everyone else scores tricks and thieves.",
            ),
        ),
        Section(
            "winning",
            "Winning",
            (
                "The game ends after the hand in which someone reaches the target: **60** "
                "with 3 players, **40** with 4, **30** with 5 or 6. The highest total wins.",
            ),
        ),
        Section(
            "ties",
            "Ties",
            (
                "If two or more players share the top score at the end, the bidder of the "
                "last hand wins if they are one of them. If not, the tied player sitting "
                "nearest the dealer's left wins.",
            ),
        ),
        Section(
            "rulings",
            RULINGS_TITLE,
            (
                RULINGS_INTRO,
                "Exact and exceed are measured in **points** (tricks plus thieves), not in "
                "tricks alone.",
                "**Trick-only bidding** is an option the table switches on when it starts a "
                "game; it is the rulebook's scoring variation, scored as described above.",
                "You enter each player's points: only they score. Tricks and thieves apart "
                "can be kept under More detail (and are asked for with trick-only bidding).",
                "Hand sizes are 12, 13, 11 or 9 tricks for 3, 4, 5 or 6 players; the "
                "tricks you enter must add up to that. All players together keep at most 11 "
                "thieves in a hand (one suit), and never more than one a trick: with 6 "
                "players and 9 tricks, at most 9.",
                "A bid can be from 3 up to the hand size plus the most thieves the hand can "
                "hold: 23 with 3 players, 24 with 4, 22 with 5, 18 with 6 (tricks only: up to "
                "the hand size).",
                "A tie at the top goes to the bidder, else to the tied player nearest the "
                "dealer's left in play order.",
                DEAL_LEFT,
            ),
            ruling=True,
        ),
    ),
    examples=(
        Example(
            title="An exact bid",
            story=(
                "Ana bids 6 and takes 4 tricks and 2 thieves: exactly 6 points. Ben took 3 "
                "tricks and 1 thief, Cy 4 tricks, Dee 2 tricks and 3 thieves."
            ),
            names=FOUR,
            facts={"bidder": 0, "bid": 6, "tricks": [4, 3, 4, 2], "thieves": [2, 1, 0, 3]},
            expect=(6, 0, 0, 0),
        ),
        Example(
            title="A missed bid",
            story=(
                "Ben bids 7 but gets only 4 points: 3 tricks and 1 thief. Ana took 4 tricks "
                "and 2 thieves, Cy 4 tricks, Dee 2 tricks and 3 thieves."
            ),
            names=FOUR,
            facts={"bidder": 1, "bid": 7, "tricks": [4, 3, 4, 2], "thieves": [2, 1, 0, 3]},
            expect=(6, 0, 4, 5),
        ),
    ),
)


# --- Game 4: Thieves -------------------------------------------------------

THIEVES = RulesPage(
    key="thieves",
    lede=(
        "Thief for two fixed teams of two. Teams bid tricks only, and thieves always score, "
        "whatever happens to the bid."
    ),
    source="Vines rulebook, Game 4",
    terms=(
        "partner",
        "dealer",
        "bid",
        "bidder",
        "the-box",
        "trump",
        "no-trump",
        "thief",
        "trick",
        "follow-suit",
        "exact",
        "exceed",
        "miss",
    ),
    related=("thief", "coralon-partners"),
    sections=(
        Section(
            "players",
            "Players",
            ("Exactly 4 players in two teams of two.", TEAMS),
        ),
        Section(
            "differences",
            "How it differs from Thief",
            (
                "Teams bid and score together. The bid counts tricks only, and each team "
                "always scores the thieves it keeps. Trump comes from the box, so the "
                "bidder chooses neither key suit.",
            ),
        ),
        Section(
            "deal",
            "The deal",
            (
                "Deal 13 cards to each player. The last 3 cards go face down in the middle: "
                "this is [[the-box]]. Turn one of them face up.",
            ),
        ),
        Section(
            "bidding",
            "Bidding",
            (
                "Starting on the [[dealer]]'s left, each player gets one turn: bid the "
                "**tricks** your team will take, or pass. Thieves do not count toward the "
                "[[bid]]. A bid must beat the one before it; bids run from **2** to 13.",
            ),
        ),
        Section(
            "play",
            "Playing the hand",
            (
                "The [[bidder]] either takes the box (picks up all three cards and discards "
                "three; the face-up card's suit is [[trump]]) or leaves it and plays at "
                "[[no-trump]].",
                "The thief suit is always found in play: the first card anyone plays that "
                "is neither the suit led nor trump sets it.",
                "The bidder leads the first trick. " + FOLLOW,
            ),
        ),
        Section("thieves", "Thieves", THIEVES_KEPT),
        Section(
            "scoring",
            "Scoring",
            (
                "Compare the bidding team's tricks with the bid. Each trick and each kept "
                "thief is 1 point.",
                "**[[exact]]:** exactly the bid. The bidding team scores its tricks and "
                "thieves; the other team scores only its thieves.",
                "**[[exceed]]:** more than the bid. Both teams score their tricks and thieves.",
                "**[[miss]]:** fewer than the bid. The bidding team scores only its thieves; "
                "the other team scores its tricks and thieves.",
            ),
            rules=("exact", "exceed", "miss"),
        ),
        Section(
            "winning",
            "Winning",
            (
                "The game ends after the hand in which a team reaches **80**. The higher "
                "total wins.",
            ),
        ),
        Section(
            "ties",
            "Ties",
            ("If both teams finish level at the top, the team that bid the last hand wins.",),
        ),
        Section(
            "rulings",
            RULINGS_TITLE,
            (
                RULINGS_INTRO,
                "The bid counts tricks only, and every team always scores its thieves: "
                "scored as described above.",
                "A hand is 13 tricks, and a bid can be from 2 to 13. The two teams together "
                "keep at most 11 thieves in a hand (one suit).",
                "A tie at the top goes to the bidding team.",
                TEAMS_RULING,
                DEAL_LEFT,
            ),
            ruling=True,
        ),
    ),
    examples=(
        Example(
            title="An exact bid",
            story=(
                "Ben bids 6, and Ben and Dee take exactly 6 tricks and keep 2 thieves. Ana "
                "and Cy take the other 7 tricks and keep 3 thieves."
            ),
            names=FOUR,
            facts={
                "bidder": 1,
                "bid": 6,
                "bidders_tricks": 6,
                "bidders_thieves": 2,
                "others_thieves": 3,
            },
            expect=(3, 8),
        ),
        Example(
            title="A missed bid",
            story=(
                "Ana bids 8, but Ana and Cy take only 5 tricks; they keep 4 thieves. Ben and "
                "Dee take 8 tricks and keep 1 thief."
            ),
            names=FOUR,
            facts={
                "bidder": 0,
                "bid": 8,
                "bidders_tricks": 5,
                "bidders_thieves": 4,
                "others_thieves": 1,
            },
            expect=(4, 9),
        ),
    ),
)


# --- Game 5: Ducks and Geese, and its variants --------------------------------

DUCKS_TERMS = (
    "partner",
    "dealer",
    "bid",
    "bidder",
    "point-card",
    "open-card",
    "trump",
    "no-trump",
    "trick",
    "follow-suit",
    "bump",
    "forfeit",
    "zero-bid",
    "double-zero",
    "blind-bid",
)


def ducks_sections(cards: str, lowest: int, highest: int, ruling_extra: tuple[str, ...]):
    """The sections Ducks and Geese and Dog share; `cards` names the point cards."""
    return (
        Section(
            "open-card",
            "Taking the open card",
            (
                "The [[bidder]] may take the [[open-card]]: pick it up and discard one card "
                "face down. Its suit is [[trump]].",
                "Or the bidder leaves it, turning it back down: the hand is played at "
                "[[no-trump]].",
            ),
        ),
        Section(
            "play",
            "Playing the hand",
            (
                "The bidder leads the first trick with any card. " + FOLLOW,
                f"Nobody counts anything until the seventh trick is in. Piling the tricks "
                f"you win out of sight, but laying their {cards} out where everyone can see "
                "them, makes that count quick.",
            ),
        ),
        Section(
            "scoring",
            "Scoring",
            (
                f"The bidding team's points are its tricks plus its {cards}. The other team "
                f"counts only its {cards}, never its tricks.",
                f"Only the sum decides, so you enter the bidding team's tricks plus {cards} "
                "as one number; the split can be kept under More detail. After a zero bid "
                "you enter the zero bidder's tricks instead.",
                "**Made** (the bidders' points reach the bid): the bidding team scores the "
                f"bid and **no more**. The other team scores its {cards}.",
                "**Missed:** the bidding team scores nothing. The other team scores its "
                f"{cards} plus a [[bump]] as big as the bid.",
            ),
            rules=("made", "miss"),
        ),
        Section(
            "forfeit",
            "When nobody bids",
            (
                f"If everyone passes, the [[dealer]] must bid at least {lowest} or "
                "[[forfeit]] the hand. A forfeited hand is not played, and the other team "
                "scores **3**.",
            ),
            rules=("forfeit",),
        ),
        Section(
            "zero-bids",
            "Zero and double zero (options)",
            (
                "With the **zero bids** option, a [[zero-bid]] is legal at any time. After "
                "one, the next bid must be another zero or a number above the best number "
                "so far. Of several zeros, the last one counts.",
                "When a zero wins, the zero bidder's partner sits out and the other three "
                "play. **Made** (the zero bidder takes no trick): the team scores **5** and "
                "the other team nothing. **Broken:** the team scores nothing, and the other "
                f"team scores **twice** its {cards} (still nothing for tricks).",
                "With the **double zero** option, a player may bid [[double-zero]]: both "
                "partners play, and neither may take a trick. Made, it scores **12**; "
                "broken, it scores like a broken zero.",
            ),
            rules=("zero", "double_zero"),
        ),
        Section(
            "blind-bids",
            "Blind bids (option)",
            (
                "With the **blind bids** option, a team may make a [[blind-bid]]: a bid made "
                "while neither partner has seen a single card. Saying you mean to go blind "
                "before your partner picks up is fair play, since it reveals nothing.",
                "A blind bid obeys the ordinary bidding limits. Only the blind bidder stays "
                "in the dark: a partner who speaks after a blind bid may pick up and bid as "
                "usual. When the auction closes, the blind bidder finally sees their cards, "
                "and only then chooses whether to take the open card.",
                "**Made blind:** the bidding team scores the bid and the other team scores "
                "**nothing at all**, not even its point cards. **Failed blind:** scored like "
                "any missed bid.",
            ),
            rules=("blind",),
        ),
        Section(
            "winning",
            "Winning",
            (
                "The game ends after the hand in which a team reaches **30**. The higher "
                "total wins.",
            ),
        ),
        Section(
            "ties",
            "Ties",
            (
                "If both teams reach 30 on the same hand with the same score, the bidding "
                "team wins.",
            ),
        ),
        Section(
            "rulings",
            RULINGS_TITLE,
            (
                RULINGS_INTRO,
                "A made bid scores the bid only, whatever the bidders took. The other team "
                f"scores only its {cards}. A missed bid scores the bidders 0 and the other "
                f"team its {cards} plus a bump equal to the bid.",
                "**Dealer forfeit:** when nobody bids and the dealer declines, the other "
                "team scores 3.",
                "**Zero bids** and **double zero** are options the table switches on when "
                "it starts a game. A made zero scores 5 and a made double zero 12; the other "
                "team scores 0. Broken: the bidders score 0 and the other team twice its "
                f"{cards}, with nothing for tricks.",
                "**Blind bids** are an option. Made blind: the bidders score the bid and the "
                "other team nothing at all. Failed blind: an ordinary miss.",
                f"{cards.capitalize()} come only with tricks, four cards to a trick (three "
                f"after a zero bid, while the zero bidder's partner sits out): a team holds "
                f"at most that many {cards} for the tricks it took, and none without a trick.",
                f"A hand is 7 tricks, and a bid can be from {lowest} to {highest}.",
                *ruling_extra,
                "A tie at the top goes to the bidding team.",
                TEAMS_RULING,
                DEAL_LEFT,
            ),
            ruling=True,
        ),
    )


DUCKS_AND_GEESE = RulesPage(
    key="ducks-and-geese",
    lede=(
        "A game for two fixed teams. The bidders score their tricks plus Deuces and Farmers, "
        "but never more than the bid; falling short gives the other team a bump."
    ),
    source="Vines rulebook, Game 5 and its variants",
    terms=(*DUCKS_TERMS, "deuce", "farmer"),
    related=("dog", "ducks-and-geese-cutthroat"),
    sections=(
        Section(
            "players",
            "Players",
            ("Exactly 4 players in two teams of two.", TEAMS),
        ),
        Section(
            "deal",
            "The deal",
            (
                "Deal 7 cards to each player, by tradition in packets of 3, then 2, then 2.",
                "Set the rest of the deck aside and turn its top card face up: this is the "
                "[[open-card]].",
            ),
        ),
        Section(
            "bidding",
            "Bidding",
            (
                "Starting on the [[dealer]]'s left, each player gets one turn: raise the "
                "[[bid]] or pass. You bid the points your team will take.",
                "For the bidding team each trick is 1 point. For both teams each [[deuce]] "
                "and each [[farmer]] is 1 point: these are the [[point-card]]s, 10 in the "
                "deck.",
                "The lowest bid is **3**. The most a team can take is 17 (7 tricks, 5 "
                "Deuces, 5 Farmers), but many cards stay undealt, so not all of them may be "
                "in play.",
            ),
        ),
        *ducks_sections(
            "point cards",
            3,
            17,
            ("The two teams together hold at most 10 point cards: 5 Deuces and 5 Farmers.",),
        ),
    ),
    examples=(
        Example(
            title="Made, and capped at the bid",
            story=(
                "Ana bids 5. Ana and Cy take 4 tricks and 3 point cards: 7 points. Ben and "
                "Dee take 2 point cards. Ana and Cy score only their bid."
            ),
            names=FOUR,
            facts={
                "bidder": 0,
                "bid": 5,
                "open": "open",
                "bidders_tricks": 4,
                "bidders_cards": 3,
                "others_cards": 2,
            },
            expect=(5, 2),
        ),
        Example(
            title="Missed: a bump",
            story=(
                "Ben bids 5. Ben and Dee take 3 tricks and 1 point card: 4 points, one short. "
                "Ana and Cy took 3 point cards, and they also get a bump of 5."
            ),
            names=FOUR,
            facts={
                "bidder": 1,
                "bid": 5,
                "open": "open",
                "bidders_tricks": 3,
                "bidders_cards": 1,
                "others_cards": 3,
            },
            expect=(8, 0),
        ),
        Example(
            title="The dealer forfeits",
            story="Dee deals and everyone passes. Dee forfeits rather than bid 3.",
            names=FOUR,
            facts={"forfeit": True},
            expect=(3, 0),
            dealer=3,
        ),
    ),
)


DOG = RulesPage(
    key="dog",
    lede=(
        "The older form of Ducks and Geese. Only the Tars are point cards, and bids start "
        "at 2; everything else is the same."
    ),
    source="Vines rulebook, Game 5 variants (Dog)",
    terms=(*DUCKS_TERMS, "tar"),
    related=("ducks-and-geese",),
    sections=(
        Section(
            "players",
            "Players",
            ("Exactly 4 players in two teams of two.", TEAMS),
        ),
        Section(
            "differences",
            "How it differs from Ducks and Geese",
            (
                "The only [[point-card]]s are the five [[tar]]s: Deuces and Farmers are "
                "ordinary cards. The lowest bid is 2 instead of 3.",
            ),
        ),
        Section(
            "deal",
            "The deal",
            (
                "As in Ducks and Geese: 7 cards each, and the top card of the rest turned "
                "face up as the [[open-card]].",
            ),
        ),
        Section(
            "bidding",
            "Bidding",
            (
                "Starting on the [[dealer]]'s left, each player gets one turn: raise the "
                "[[bid]] or pass. For the bidding team each trick is 1 point; for both "
                "teams each Tar is 1 point.",
                "The lowest bid is **2**. The most a team can take is 12: 7 tricks and 5 Tars.",
            ),
        ),
        *ducks_sections(
            "Tars",
            2,
            12,
            ("The two teams together hold at most the deck's 5 Tars.",),
        ),
    ),
    examples=(
        Example(
            title="Made, and capped at the bid",
            story=(
                "Cy bids 4. Ana and Cy take 3 tricks and 2 Tars: 5 points. Ben and Dee take "
                "1 Tar. Ana and Cy score only their bid."
            ),
            names=FOUR,
            facts={
                "bidder": 2,
                "bid": 4,
                "open": "open",
                "bidders_tricks": 3,
                "bidders_cards": 2,
                "others_cards": 1,
            },
            expect=(4, 1),
        ),
        Example(
            title="Missed: a bump",
            story=(
                "Dee bids 6 at no trump. Ben and Dee take 4 tricks and 1 Tar: 5 points. Ana "
                "and Cy took 2 Tars, and they also get a bump of 6."
            ),
            names=FOUR,
            facts={
                "bidder": 3,
                "bid": 6,
                "open": "no_trump",
                "bidders_tricks": 4,
                "bidders_cards": 1,
                "others_cards": 2,
            },
            expect=(8, 0),
        ),
    ),
)


CUTTHROAT = RulesPage(
    key="ducks-and-geese-cutthroat",
    lede=(
        "Ducks and Geese with everyone playing alone, much like Coralon with point cards. "
        "Only the bidder counts tricks; everyone counts Deuces and Farmers."
    ),
    source="Vines rulebook, Game 5 variants (cutthroat)",
    terms=(
        "dealer",
        "bid",
        "bidder",
        "point-card",
        "deuce",
        "farmer",
        "trump",
        "trick",
        "lead",
        "follow-suit",
        "blind-bid",
    ),
    related=("ducks-and-geese", "coralon"),
    sections=(
        Section(
            "players",
            "Players",
            ("4 to 6 players, each keeping their own score.",),
        ),
        Section(
            "differences",
            "How it differs from Ducks and Geese",
            (
                "No teams and no open card: the bidder's first lead sets trump. Deal 8 "
                "cards each. The lowest bid is 2, there are no zero bids, and a missed bid "
                "costs the bidder the bid instead of giving anyone a bump. Play to 21.",
            ),
        ),
        Section(
            "deal",
            "The deal",
            ("Deal 8 cards to each player. The rest of the deck is not used.",),
        ),
        Section(
            "bidding",
            "Bidding",
            (
                "Starting on the [[dealer]]'s left, each player gets one turn: bid the points "
                "you will take, or pass. Your tricks count for you only if you win the bid; "
                "every [[deuce]] and [[farmer]] counts for whoever holds it.",
                "The lowest [[bid]] is **2**. Zero bids are never allowed.",
            ),
        ),
        Section(
            "play",
            "Playing the hand",
            ("The [[bidder]] leads the first trick, and that card's suit is [[trump]]. " + FOLLOW,),
        ),
        Section(
            "point-cards",
            "Keeping point cards",
            (
                "The [[point-card]]s are the 5 Deuces and 5 Farmers.",
                "A Deuce you [[lead]], or play while following suit, is yours to keep, "
                "whoever takes the trick. A Deuce played on another suit, trump included, "
                "goes with the trick like any other card.",
            ),
        ),
        Section(
            "scoring",
            "Scoring",
            (
                "The bidder's points are their tricks plus their point cards. Everyone else "
                "counts only their point cards.",
                "**Made** (the bidder's points reach the bid): the bidder scores the bid and "
                "**no more**. Everyone else scores their point cards.",
                "**Missed:** the bidder **loses** the bid from their total, which can go "
                "below zero. Everyone else still scores their point cards. Nobody gets a "
                "bump.",
            ),
            rules=("made", "miss"),
        ),
        Section(
            "blind-bids",
            "Blind bids (option)",
            (
                "With the **blind bids** option, you may make a [[blind-bid]] before looking "
                "at your cards.",
                "**Made blind:** you score the bid and **nobody else scores**. **Failed "
                "blind:** scored like any missed bid.",
            ),
            rules=("blind",),
        ),
        Section(
            "winning",
            "Winning",
            (
                "The game ends after the hand in which someone reaches **21**. The highest "
                "total wins.",
            ),
        ),
        Section(
            "ties",
            "Ties",
            (
                "If two or more players share the top score at the end, the bidder of the "
                "last hand wins if they are one of them. If not, the tied player sitting "
                "nearest the dealer's left wins.",
            ),
        ),
        Section(
            "rulings",
            RULINGS_TITLE,
            (
                RULINGS_INTRO,
                "4 to 6 players, 8 tricks a hand, target 21.",
                "A made bid scores the bid only. A missed bid subtracts the bid from the "
                "bidder, and scores can go below zero.",
                "Every other player scores their own point cards, except after a made blind "
                "bid, when nobody else scores.",
                "**Blind bids** are an option; a failed blind bid is an ordinary miss. There "
                "are no zero bids.",
                "A bid can be from 2 to 18: every one of the 8 tricks and all 10 point "
                "cards. All players together hold at most 10 point cards: 5 Deuces and 5 "
                "Farmers.",
                "You enter the bidder's tricks plus point cards as one number, and every "
                "other player's point cards; the bidder's tricks can be kept under More "
                "detail.",
                "Point cards come with tricks, one card from each player a trick: the "
                "bidder's point cards are at most the players at the table times the "
                "bidder's tricks, and everyone else's together at most that many times the "
                "other tricks.",
                "A tie at the top goes to the bidder, else to the tied player nearest the "
                "dealer's left in play order.",
                DEAL_LEFT,
            ),
            ruling=True,
        ),
    ),
    examples=(
        Example(
            title="A made bid",
            story=(
                "Ana bids 4 and takes 3 tricks and 2 point cards: 5 points, so she scores "
                "her bid of 4. Ben kept 1 point card, Cy 3 and Dee none."
            ),
            names=FOUR,
            facts={"bidder": 0, "bid": 4, "bidder_tricks": 3, "cards": [2, 1, 3, 0]},
            expect=(4, 1, 3, 0),
        ),
        Example(
            title="A missed bid",
            story=(
                "With five players, Ben bids 6 but takes only 2 tricks and 1 point card. "
                "Ana kept 2 point cards, Cy 3, Dee 1 and Eve none."
            ),
            names=FIVE,
            facts={"bidder": 1, "bid": 6, "bidder_tricks": 2, "cards": [2, 1, 3, 1, 0]},
            expect=(2, -6, 3, 1, 0),
        ),
    ),
)


PAGES: tuple[RulesPage, ...] = (
    CORALON,
    CORALON_PARTNERS,
    THIEF,
    THIEVES,
    DUCKS_AND_GEESE,
    DOG,
    CUTTHROAT,
)
