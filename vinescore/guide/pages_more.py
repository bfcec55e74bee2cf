"""Rules pages for Bishop, Baronet, Chevalier, Up and Down (coins and points) and Mü.

Facts and numbers come from the rulebooks in seeds/ and from RULINGS.md; the
sentences are vinescore's own. Every worked example is scored by the real
scorer when the page renders (tests/guide/test_pages_more.py checks that the
numbers promised here are the numbers it gives).
"""

from __future__ import annotations

from .text import Example, RulesPage, Section

FIVE = ("Ana", "Ben", "Cy", "Dee", "Eli")
FOUR = FIVE[:4]

# --- shared wording -------------------------------------------------------

_SEATING = (
    "Enter the players in clockwise order, which is the order of play. The deal passes "
    "to the left after every hand, and bidding starts on the [[dealer]]'s left."
)
_UP_DOWN_SEATING = (
    "Enter the players in clockwise order, which is the order of play. The deal passes to "
    "the left after every hand, including one that ends in a [[take-back]], and the chance "
    "to lead out starts on the [[dealer]]'s left."
)
_TARGET_END = (
    "A game ends after the hand in which any player or team reaches the target; the "
    "highest score wins."
)
_BISHOP_CALL = (
    "The winner then calls trump and the point cards in two words. "
    "**Knight** of a suit puts the War block in play (Knights and Tars); **Bishop** of a "
    "suit puts the Peace block in play (Bishops and Farmers). So “Knight of Locks” means "
    "Locks are trump and Knights and Tars score. You can't call [[no-trump]]."
)
_BISHOP_DEAL = (
    "Deal the whole 55-card deck.",
    "**Five players:** 11 cards each.",
    "**Four players:** three of you get 14 cards. Each of those three discards one card "
    "face down, but not a Knight, Bishop, Farmer or Tar. Everyone then holds 13.",
)
_BISHOP_PLAY = (
    "Follow suit when you can; if you can't, play any card. The highest trump takes the "
    "[[trick]]; with no trump in it, the highest card of the suit led does. Whoever takes "
    "a trick leads the next.",
    "Tricks themselves are worth nothing. Only the 10 cards of the called block score, one "
    "point each.",
    "You can stop playing as soon as the bid is clearly made or clearly out of reach.",
)
_LEDGER = (
    "Each hand is settled as a list of payments: who pays whom, and how many coins. The "
    "app shows that list as the hand's [[ledger]]. What is paid always equals what is "
    "received, so the coins at the table never change.",
    "Your balance is your [[stakes]] plus what you received, minus what you paid. It can "
    "drop below zero: that just means you borrowed.",
)
_SESSION_END = (
    "There is no target. Play as many hands as you like, then end the session in the "
    "app. The player with the most coins wins.",
    "Ending the session freezes the balances and shows the settle-up.",
)
_SESSION_TIES = (
    "Players level on the most coins when the session ends share the win. Nobody breaks the tie.",
)
_SETTLE_UP_RULE = (
    "When the session ends, the app works out the [[settle-up]]: the fewest payments that "
    "bring every balance back to the stakes.",
    "Players below their stakes pay; players above their stakes are paid. A player "
    "exactly on their stakes is square and does nothing.",
)


def _passed_out(coins: bool = False) -> Section:
    """Where every player may pass: a deal nobody bids on."""
    nothing = "nobody scores and nobody pays" if coins else "nobody scores"
    return Section(
        "passed-out",
        "When everyone passes",
        (
            f"If every player passes, the deal is [[passed-out]]: {nothing}, and the player "
            "on the dealer's left deals the next hand. One tap on **Everyone passed** "
            "records it.",
        ),
        rules=("passed-out",),
    )


_PASSED_RULING = (
    "Every player may pass. A deal everyone passes is recorded as passed out: nobody "
    "scores or pays, and the deal moves left as after any hand."
)

_COIN_RULINGS = (
    "Every hand is a list of payments (payer, payee, coins) that adds up to zero, and the "
    "app shows it. A balance is the stakes plus those payments.",
)

# --- Bishop ----------------------------------------------------------------

_CALL_KEPT = (
    "The trump and the block called never change a score: keep them under More detail if you like."
)

_BISHOP_RULINGS = (
    _SEATING,
    "Four players hold 13 cards each, five players 11.",
    "Bids run from 1 to 10. The points you enter for the bidder and partner run from 0 "
    "to 10; the other group holds the rest of the 10.",
    "The bidder's group is the bidder and the partner; everyone else is the other group. "
    "Every member of a group scores the group's whole award.",
    "If no partner turns up, the bidder plays alone and scores as a group of one.",
    "Jasper City partners is a house rule you switch on when the game starts. It changes "
    "who the partner is, never the score.",
    _CALL_KEPT,
    _PASSED_RULING,
    _TARGET_END,
    "Ties at the top go to the last hand's bidder, then that bidder's partner, then the "
    "tied player nearest the dealer's left.",
)

BISHOP = RulesPage(
    key="bishop",
    lede=(
        "A bidding game for four or five with secret teams. The [[bidder]] and a [[partner]] "
        "found by card play go after the [[point-card]]s; everyone keeps their own score."
    ),
    sections=(
        Section(
            "players",
            "Players",
            (
                "Four or five players, best with five. Each player keeps a separate score.",
                "Teams change every hand: the bidder and one partner play against everyone "
                "else. With five that is two against three; with four, two against two.",
            ),
        ),
        Section("deal", "The deal", _BISHOP_DEAL),
        Section(
            "bidding",
            "Bidding",
            (
                "Bidding starts on the dealer's left and can go round the table several "
                "times. Bid how many point cards you and a partner will take, or pass.",
                "When everyone has passed, the highest [[bid]] stands and the others are "
                "forgotten.",
                _BISHOP_CALL,
            ),
        ),
        Section(
            "partner",
            "Finding the partner",
            (
                "The partner is the player, other than the bidder, holding the lowest "
                "[[trump]]. They show themselves by leading that card to the first trick. "
                "If it is the [[deuce]] of trump, they can lead it at once.",
                "If the bidder holds the lowest trump, the bidder names the lowest trump "
                "they do not have; whoever holds it is the partner.",
                "With **Jasper City partners** switched on, the bidder leads the first trick "
                "instead, and whoever plays the lowest trump to it becomes the partner.",
            ),
        ),
        Section("play", "Play", _BISHOP_PLAY),
        Section(
            "scoring",
            "Scoring",
            (
                "Count the point cards the bidder and partner took together.",
                "**Made** (at least the bid): the bidder and the partner each score the bid. "
                "Taking more than the bid adds nothing.",
                "**Failed** (fewer than the bid): each of the other players scores the bid, "
                "and the bidder and partner score nothing.",
            ),
            rules=("made", "failed"),
        ),
        _passed_out(),
        Section(
            "winning",
            "Winning",
            (
                "Play to 21 with five players, or 25 with four.",
                "The game ends after the hand that takes someone to the target; the highest "
                "score wins.",
            ),
        ),
        Section(
            "ties",
            "Ties",
            (
                "If two or more players share the top score, the last hand's bidder wins. "
                "If the bidder is not among them, the partner wins; otherwise the tied "
                "player nearest the dealer's left.",
            ),
        ),
        Section("rulings", "Our rulings", _BISHOP_RULINGS, ruling=True),
    ),
    examples=(
        Example(
            title="Made with a card to spare",
            story=(
                "Ana bids 6 and calls Knight of Locks. Cy turns out to be Ana's partner. "
                "Together they take 7 of the 10 War cards, so Ana and Cy score 6 each."
            ),
            names=FIVE,
            facts={
                "bidder": 0,
                "bid": 6,
                "block": "war",
                "trump": "Locks",
                "partner": 2,
                "points": 7,
            },
            expect=(6, 0, 6, 0, 0),
        ),
        Example(
            title="A failed bid",
            story=(
                "Ben bids 5 and calls Bishop of Anchors; Eli is the partner. They take only "
                "3 Peace cards, so Ana, Cy and Dee score 5 each."
            ),
            names=FIVE,
            facts={
                "bidder": 1,
                "bid": 5,
                "block": "peace",
                "trump": "Anchors",
                "partner": 4,
                "points": 3,
            },
            expect=(5, 0, 5, 5, 0),
        ),
    ),
    terms=(
        "bid",
        "bidder",
        "partner",
        "point-card",
        "trump",
        "no-trump",
        "deuce",
        "trick",
        "dealer",
        "war-and-peace",
        "jasper-city",
        "passed-out",
    ),
    source="Bishop and Baronet rulebook v1.1 (Game 6, Bishop)",
    related=("baronet",),
)

# --- Baronet ---------------------------------------------------------------

BARONET = RulesPage(
    key="baronet",
    lede=(
        "Bishop played for coins. The bet is the size of the [[bid]]: the losing group pays "
        "it and the winners share it."
    ),
    sections=(
        Section(
            "players",
            "Players",
            (
                "Four or five players, each with their own pile of coins.",
                "As in Bishop, the [[bidder]] and one [[partner]] play against everyone else "
                "each hand.",
            ),
        ),
        Section("deal", "The deal", _BISHOP_DEAL),
        Section(
            "bidding",
            "Bidding",
            (
                "Bid exactly as in Bishop: starting on the dealer's left, as many times "
                "round as needed, for the number of point cards you and a partner will take.",
                "The bet is the winning bid in coins. A bid of 6 means a bet of 6 coins.",
                _BISHOP_CALL,
            ),
        ),
        Section(
            "partner",
            "Finding the partner",
            (
                "Baronet always uses Jasper City partners. The bidder leads the first "
                "trick, and whoever else plays the lowest [[trump]] to it is the partner.",
            ),
        ),
        Section("play", "Play", _BISHOP_PLAY),
        Section(
            "scoring",
            "Paying out a hand",
            (
                "**Five players, made:** each of the three others pays one bet. The bidder "
                "collects two bets and the partner one.",
                "**Five players, failed:** the bidder pays two bets and the partner one. Each "
                "of the three others receives one bet.",
                "**Four players, made:** the two others pay one bet each. That pot splits "
                "2:1: the partner gets a third, rounded down, and the bidder the rest, so "
                "any odd coins go to the bidder.",
                "**Four players, failed:** the bidder and partner pay the shares they would "
                "have collected, and each of the two others receives one bet.",
            ),
            rules=("made", "failed"),
        ),
        _passed_out(coins=True),
        Section("coins", "Stakes, balances and the ledger", _LEDGER),
        Section("winning", "Ending the session", _SESSION_END),
        Section("ties", "Ties", _SESSION_TIES),
        Section(
            "settle-up",
            "Settling up",
            (
                *_SETTLE_UP_RULE,
                "For example, with stakes of 100, Ana ends on 130, Ben on 95, Cy on 100 and "
                "Dee on 75. Ben pays Ana 5 and Dee pays Ana 25. Cy is square.",
            ),
        ),
        Section(
            "rulings",
            "Our rulings",
            (
                _SEATING,
                "Four players hold 13 cards each, five players 11. Bids run from 1 to 10, "
                "and the point cards you enter for the bidder and partner run from 0 to 10.",
                _CALL_KEPT,
                "The bidder's group is the bidder and the partner; everyone else is the "
                "other group.",
                "**No partner:** if nobody becomes the partner, the bidder settles as a "
                "group of one. Made: each other player pays the bidder one bet. Failed: the "
                "bidder pays each other player one bet.",
                "**Four players:** the pot of two bets splits 2:1, the partner taking a "
                "third rounded down and the bidder the rest. After a failure the bidder "
                "pays the bidder's share and the partner the partner's share, and each "
                "winner receives one bet.",
                _PASSED_RULING,
                "Stakes are 100 coins each unless your table sets another amount. Balances "
                "may go below zero. There is no target: you end the session and the most "
                "coins wins.",
                *_COIN_RULINGS,
            ),
            ruling=True,
        ),
    ),
    examples=(
        Example(
            title="Five players: a made bid",
            story=(
                "Ana bids 6 and calls Bishop of Cups. Cy plays the lowest Cup on Ana's lead "
                "and becomes the partner. They take 6 Peace cards. Ben, Dee and Eli pay 6 "
                "each: Ana collects 12 and Cy 6."
            ),
            names=FIVE,
            facts={
                "bidder": 0,
                "bid": 6,
                "block": "peace",
                "trump": "Cups",
                "partner": 2,
                "points": 6,
            },
            expect=(12, -6, 6, -6, -6),
            stakes=100,
        ),
        Example(
            title="Four players: odd coins to the bidder",
            story=(
                "Ben bids 5 with Dee as partner and they make it. Ana and Cy pay 5 each, a "
                "pot of 10. A third of 10 is 3 rounded down, so Dee gets 3 and Ben 7."
            ),
            names=FOUR,
            facts={
                "bidder": 1,
                "bid": 5,
                "block": "war",
                "trump": "Trees",
                "partner": 3,
                "points": 5,
            },
            expect=(-5, 7, -5, 3),
            stakes=100,
        ),
        Example(
            title="Five players: a failed bid",
            story=(
                "Dee bids 4 with Ben as partner, but they take only 2 War cards. Dee pays "
                "two bets (8) and Ben one bet (4); Ana, Cy and Eli get 4 each."
            ),
            names=FIVE,
            facts={
                "bidder": 3,
                "bid": 4,
                "block": "war",
                "trump": "Crowns",
                "partner": 1,
                "points": 2,
            },
            expect=(4, -4, 4, -8, 4),
            stakes=100,
        ),
    ),
    terms=(
        "bid",
        "bidder",
        "partner",
        "point-card",
        "trump",
        "no-trump",
        "trick",
        "dealer",
        "stakes",
        "ledger",
        "settle-up",
        "war-and-peace",
        "jasper-city",
        "passed-out",
    ),
    source="Bishop and Baronet rulebook v1.1 (Game 7, Baronet)",
    related=("bishop",),
)

# --- Chevalier -------------------------------------------------------------

CHEVALIER = RulesPage(
    key="chevalier",
    lede=(
        "Two teams of two bid on the points their ten tricks will make. A trick holding a "
        "[[poison]] 7 is worth nothing, unless one team collects every one of them."
    ),
    sections=(
        Section(
            "players",
            "Players",
            (
                "Four players in two fixed teams. Partners sit across from each other.",
                "Each team keeps one score.",
            ),
        ),
        Section(
            "deal",
            "The deal",
            (
                "Deal 10 cards to each player. The other 15 stay in a face-down pack.",
                "Turn up the top card of the pack. This [[open-card]] decides the only suit "
                "that can be trump this hand.",
            ),
        ),
        Section(
            "bidding",
            "Bidding",
            (
                "Bidding goes once round the table, starting on the dealer's left. Bid how "
                "many points your team will make, or pass. The highest [[bid]] wins.",
                "The high bidder settles trump. Picking up the open card, and laying one "
                "card of their hand aside unseen, makes its suit [[trump]]; leaving the open "
                "card where it lies means the hand has [[no-trump]].",
            ),
        ),
        Section(
            "play",
            "Play",
            (
                "Play ten tricks. Follow suit if you can; the highest trump, or else the "
                "highest card of the suit led, takes the [[trick]]. A trick is worth 1 point.",
                "A trick with at least one 7 in it is poisoned. A poisoned trick normally "
                "scores nothing. Two or more 7s in one trick still make just one poisoned "
                "trick.",
                "It helps to set each poisoned trick apart with a 7 showing: the count at "
                "the end is then quick.",
            ),
        ),
        Section(
            "sweep",
            "The sweep",
            (
                "A team that ends up holding every 7 that was dealt this hand has made a "
                "[[sweep]], and its poison turns good.",
                "**Bidding team sweeps:** each of its poisoned tricks counts 2 points.",
                "**Other team sweeps:** each of its poisoned tricks counts 1 point, like a "
                "clean trick.",
                "Only the dealt 7s matter: any still in the undealt pack are left out, so a "
                "sweep may need fewer than five. An open card the bidder picks up was dealt "
                "to the bidder.",
                "A 7 the bidder lays aside after taking the open card was dealt but sits in "
                "nobody's tricks, so that hand has no sweep: every poisoned trick is worth "
                "nothing. The app asks whether the bidder discarded a 7.",
            ),
            rules=("sweep",),
        ),
        Section(
            "scoring",
            "Scoring",
            (
                "Each team's points are its clean tricks, plus its poisoned tricks if it "
                "made a sweep.",
                "**Made** (the bidders' points reach the bid): both teams score the points "
                "they made.",
                "**Failed:** the bidders get nothing this hand, and their opponents add the "
                "bid itself, as a [[bump]], to whatever points they made.",
            ),
            rules=("made", "bump"),
        ),
        _passed_out(),
        Section(
            "winning",
            "Winning",
            (
                "Play to 31 points. The game ends after the hand that takes a team there; the "
                "higher score wins.",
            ),
        ),
        Section(
            "ties",
            "Ties",
            ("If both teams end level at the top, the team that bid the last hand wins.",),
        ),
        Section(
            "rulings",
            "Our rulings",
            (
                "Partners sit across: the first and third players entered against the second "
                "and fourth. The deal passes to the left after every hand, and bidding "
                "starts on the dealer's left.",
                "A hand has 10 tricks. Bids run from 1 to 15, the most a team can make (ten "
                "tricks, five of them poisoned and swept).",
                "The tricks you enter must add up to 10, and there are at most 5 poisoned "
                "tricks (one per 7), 4 when the bidder discarded a 7.",
                "A sweep means one team holds every 7 that was dealt this hand; 7s left in "
                "the undealt pack do not count, and an open card the bidder takes counts as "
                "dealt to the bidder. A 7 the bidder discards was dealt but is taken by "
                "nobody, so that hand has no sweep. After a sweep the other team has no "
                "poisoned trick.",
                _PASSED_RULING,
                "A team's points are its clean tricks plus its poisoned tricks times 2 (the "
                "bidders swept), times 1 (the other team swept) or times 0 (no sweep). The "
                "bidders make their bid when their points reach it.",
                "**Buccaneer** is the rulebook's own variant, chosen when the game starts: "
                "the Tars are the poison instead of the 7s, and a discarded Tar ends a sweep "
                "just as a discarded 7 does. Scoring does not change.",
                _TARGET_END,
                "A tie at the top goes to the team that bid the last hand.",
            ),
            ruling=True,
        ),
    ),
    examples=(
        Example(
            title="Bid 5, took 3",
            story=(
                "Ben bids 5 for Ben & Dee. They take 3 clean tricks and 1 poisoned trick. Ana "
                "& Cy take 4 clean tricks and 2 poisoned ones, so nobody swept. Ben & Dee "
                "have 3 points, short of 5: they score 0, and Ana & Cy score their 4 points "
                "plus a bump of 5."
            ),
            names=FOUR,
            facts={
                "bidder": 1,
                "bid": 5,
                "bidders_clean": 3,
                "bidders_poisoned": 1,
                "defenders_poisoned": 2,
                "defenders_clean": 4,
            },
            expect=(9, 0),
        ),
        Example(
            title="The bidders sweep",
            story=(
                "Ana bids 8 for Ana & Cy. They take 5 clean tricks and both poisoned tricks "
                "of the hand. That is a sweep by the bidders, so the poisoned tricks count 2 "
                "each: 5 + 4 = 9 points, and the bid is made. Ben & Dee keep their 3."
            ),
            names=FOUR,
            facts={
                "bidder": 0,
                "bid": 8,
                "bidders_clean": 5,
                "bidders_poisoned": 2,
                "defenders_poisoned": 0,
                "defenders_clean": 3,
            },
            expect=(9, 3),
        ),
        Example(
            title="The other team sweeps",
            story=(
                "Dee bids 6 for Ben & Dee and they take 6 clean tricks. Ana & Cy take the "
                "other 4, three of them poisoned. They swept, so those count 1 each: Ana & "
                "Cy score 4 and Ben & Dee 6."
            ),
            names=FOUR,
            facts={
                "bidder": 3,
                "bid": 6,
                "bidders_clean": 6,
                "bidders_poisoned": 0,
                "defenders_poisoned": 3,
                "defenders_clean": 1,
            },
            expect=(4, 6),
        ),
        Example(
            title="A 7 discarded: no sweep",
            story=(
                "Ana bids 10 for Ana & Cy and takes the open card, laying a 7 aside. They "
                "take 4 clean tricks and 4 poisoned ones, and Ben & Dee take the other 2, "
                "both clean. The discarded 7 was dealt but is in nobody's tricks, so there "
                "is no sweep and the poisoned tricks count nothing: Ana & Cy have 4 points, "
                "short of 10. They score 0; Ben & Dee score their 2 plus a bump of 10."
            ),
            names=FOUR,
            facts={
                "bidder": 0,
                "bid": 10,
                "bidders_clean": 4,
                "bidders_poisoned": 4,
                "defenders_poisoned": 0,
                "defenders_clean": 2,
                "discarded_poison": True,
            },
            expect=(0, 12),
        ),
    ),
    terms=(
        "bid",
        "bidder",
        "trick",
        "trump",
        "no-trump",
        "open-card",
        "poison",
        "sweep",
        "bump",
        "dealer",
        "passed-out",
    ),
    source="Chevalier rulebook (Game 8)",
)

# --- Up and Down -----------------------------------------------------------

_UP_DOWN_DEAL = ("Five players. Deal the whole deck: 11 cards each.",)
_SPLIT_TRICK = (
    "Always [[follow-suit]] when you can. Each [[trick]] is split in two: the **high** cards (Ace, "
    "Knight, Bishop, Farmer, Tar) and the **low** cards (7 down to 2).",
    "The best high card takes the high half and the best low card takes the low half. "
    "Trump beats the suit led within each half, but a high trump cannot take the low half, "
    "nor a low trump the high half.",
    "A card that neither follows the suit led nor is trump is dead. It goes along with the "
    "trick but cannot take a half or make one.",
    "Whoever takes the high half leads next. If the trick was not split, whoever took it "
    "all leads.",
)
_GROUPS_ENTERED = (
    "Only the two groups' points score, so you enter those two numbers; each player's "
    "points can be kept under More detail."
)

_POINTS_DEF = (
    "An undivided trick is 1 point; each half of a split trick is 1 point. So a hand holds "
    "from 11 points (no trick split) to 22 (every trick split)."
)
_UP_DOWN_PARTNER = (
    "Your [[partner]] is the first player who splits a trick with you: you take one half "
    "and they take the other. This can happen late in the hand, or not at all.",
    "Say [[red]] as you make the first [[lead]] to play the whole hand alone, against all "
    "four others.",
)

UP_AND_DOWN = RulesPage(
    key="up-and-down",
    lede=(
        "Five players and no bidding: whoever dares leads out, then tries to win more than "
        "half the hand with a partner found during play. Tricks split into high and low "
        "halves, and the game is played for coins."
    ),
    sections=(
        Section(
            "players",
            "Players",
            (
                "Exactly five players, each with their own coins.",
                "Each hand the leader and a partner play against the other three, unless the "
                "leader goes it alone.",
            ),
        ),
        Section("deal", "The deal", _UP_DOWN_DEAL),
        Section(
            "bidding",
            "Leading out",
            (
                "There is no bid. Starting on the dealer's left, each player gets one chance "
                "to knock (pass) or to lead out by playing a card.",
                "Leading out is a promise: you and your partner will take more than half of "
                "the hand's points.",
                "The first card led sets [[trump]] for the hand.",
                "If everyone before the dealer knocks, the dealer must lead out or take back.",
            ),
        ),
        Section("partner", "The partner and red", _UP_DOWN_PARTNER),
        Section("play", "Playing a split trick", _SPLIT_TRICK),
        Section(
            "scoring",
            "Points and coins",
            (
                _POINTS_DEF,
                "The leader's side wins with more than half the points in the hand.",
                "**Won:** the three others pay 2 coins each. The leader and partner get 3 each.",
                "**Lost:** the leader pays 2 coins to each of the three others. The partner "
                "pays nothing.",
            ),
            rules=("made", "failed"),
        ),
        Section(
            "red",
            "Playing it red",
            (
                "A leader who called red plays alone against four.",
                "**Won:** each of the four pays the leader 2 coins. **Lost:** the leader "
                "pays each of them 2.",
                "A leader who never found a partner and did not call red settles the same way.",
            ),
            rules=("red",),
        ),
        Section(
            "take-back",
            "Taking back",
            (
                "When all four others knock, the dealer may [[take-back]] instead of leading "
                "out: the dealer pays 1 coin to each other player and the hand is over.",
                "That costs 4 coins, less than the 6 a losing leader pays, so take back when "
                "you can't win.",
            ),
            rules=("take-back",),
        ),
        Section("coins", "Stakes, balances and the ledger", _LEDGER),
        Section("winning", "Ending the session", _SESSION_END),
        Section("ties", "Ties", _SESSION_TIES),
        Section(
            "settle-up",
            "Settling up",
            (
                *_SETTLE_UP_RULE,
                "For example, with stakes of 30, Ana ends on 41, Ben on 22, Cy on 30, Dee on "
                "35 and Eli on 22. Ben pays Ana 8, Eli pays Ana 3 and Eli pays Dee 5.",
            ),
        ),
        Section(
            "rulings",
            "Our rulings",
            (
                _UP_DOWN_SEATING,
                "A hand has 11 tricks. " + _POINTS_DEF + " The leader's side wins with "
                "more than half of the hand's points.",
                _GROUPS_ENTERED,
                "**Coins:** won: the three losers pay 2 each, leader and partner receive 3 "
                "each. Lost: the leader pays 2 to each of the three others; the partner pays "
                "nothing. Red: 2 from or to each of the four others.",
                "A leader who never found a partner and did not call red settles as red.",
                "**Take back:** the dealer pays 1 to each other player.",
                "Stakes are 30 coins each unless your table sets another amount. There is no "
                "target: you end the session and the most coins wins.",
                *_COIN_RULINGS,
            ),
            ruling=True,
        ),
    ),
    examples=(
        Example(
            title="The leader's side wins",
            story=(
                "Cy leads out and Eli is the first to split a trick with Cy. The hand holds "
                "18 points and Cy and Eli take 10, more than half. Ana, Ben and Dee pay 2 "
                "each; Cy and Eli get 3 each."
            ),
            names=FIVE,
            facts={
                "take_back": False,
                "leader": 2,
                "red": False,
                "partner": 4,
                "points": [3, 2, 6, 3, 4],
            },
            expect=(-2, -2, 3, -2, 3),
            stakes=30,
        ),
        Example(
            title="Red, and lost",
            story=(
                "Ana leads out and calls red. The hand holds 15 points and Ana takes only 5. "
                "Ana pays 2 to each of the other four."
            ),
            names=FIVE,
            facts={
                "take_back": False,
                "leader": 0,
                "red": True,
                "points": [5, 3, 2, 3, 2],
            },
            expect=(-8, 2, 2, 2, 2),
            stakes=30,
        ),
        Example(
            title="The dealer takes back",
            story=(
                "Dee deals and everyone else knocks. Dee takes back and pays 1 coin to each "
                "of the others."
            ),
            names=FIVE,
            facts={"take_back": True},
            expect=(1, 1, 1, -4, 1),
            dealer=3,
            stakes=30,
        ),
    ),
    terms=(
        "lead",
        "partner",
        "red",
        "take-back",
        "trick",
        "trump",
        "follow-suit",
        "dealer",
        "stakes",
        "ledger",
        "settle-up",
    ),
    source="Vines rulebook (Game 9, Up and Down)",
    related=("up-and-down-points",),
)

# --- Up and Down (points) --------------------------------------------------

UP_AND_DOWN_POINTS = RulesPage(
    key="up-and-down-points",
    lede=(
        "Up and Down without coins: a real [[bid]], a partner found during play, and a "
        "running score. First to 60 wins."
    ),
    sections=(
        Section(
            "players",
            "Players",
            (
                "Exactly five players, each keeping their own score.",
                "Each hand the bidder and a partner play against the other three, unless the "
                "bidder goes it alone.",
            ),
        ),
        Section("deal", "The deal", _UP_DOWN_DEAL),
        Section(
            "bidding",
            "Bidding",
            (
                "Starting on the dealer's left, bid how many points you and a partner will "
                "take, or pass. The lowest bid is 3. If nobody bids, the deal is "
                "[[passed-out]].",
                "Once you pass, you are out of the bidding. Bidding can go round several "
                "times and ends when everyone has passed.",
                "The highest bidder leads the first trick, and that card sets [[trump]].",
            ),
        ),
        Section("partner", "The partner and red", _UP_DOWN_PARTNER),
        Section("play", "Playing a split trick", _SPLIT_TRICK),
        Section(
            "scoring",
            "Scoring",
            (
                _POINTS_DEF,
                "Add up the points of the bidder's group (the bidder and partner).",
                "**Exactly the bid** (an [[exact]] bid): the bidder and partner each score the "
                "group's points. The others score nothing.",
                "**More than the bid** (you [[exceed]] it): the bidder and partner each score the "
                "group's points, and each of the others scores the other group's points.",
                "**Short of the bid** (a [[miss]]): the bidder and partner score "
                "nothing. Each of the others scores the other group's points.",
            ),
            rules=("exact", "exceed", "short"),
        ),
        _passed_out(),
        Section(
            "winning",
            "Winning",
            (
                "Play to 60 points. The game ends after the hand that takes someone there; the "
                "highest score wins.",
            ),
        ),
        Section(
            "ties",
            "Ties",
            (
                "If two or more players share the top score, the last hand's bidder wins. "
                "If the bidder is not among them, the partner wins; otherwise the tied "
                "player nearest the dealer's left.",
            ),
        ),
        Section(
            "rulings",
            "Our rulings",
            (
                _SEATING,
                "A hand has 11 tricks. " + _POINTS_DEF,
                _GROUPS_ENTERED,
                "Bids run from 3 to 22.",
                _PASSED_RULING,
                "Groups score as groups. Exact: bidder and partner each score their group's "
                "points, the others nothing. Exceed: every player scores their own group's "
                "points. Short: bidder and partner nothing, each other player the other "
                "group's points.",
                "A bidder who never found a partner and did not call red scores as a group "
                "of one, as if red.",
                _TARGET_END,
                "Ties at the top go to the last hand's bidder, then that bidder's partner, "
                "then the tied player nearest the dealer's left.",
            ),
            ruling=True,
        ),
    ),
    examples=(
        Example(
            title="Exactly the bid",
            story=(
                "Ben bids 9 and Dee becomes the partner. The hand holds 20 points and Ben "
                "and Dee take exactly 9. They score 9 each; the other three score nothing."
            ),
            names=FIVE,
            facts={"bidder": 1, "bid": 9, "red": False, "partner": 3, "points": [2, 5, 3, 4, 6]},
            expect=(0, 9, 0, 9, 0),
        ),
        Example(
            title="More than the bid",
            story=(
                "Ana bids 8 with Cy as partner. The hand holds 22 points and they take 12. "
                "Ana and Cy score 12 each; Ben, Dee and Eli score the 10 their group took."
            ),
            names=FIVE,
            facts={"bidder": 0, "bid": 8, "red": False, "partner": 2, "points": [7, 3, 5, 4, 3]},
            expect=(12, 10, 12, 10, 10),
        ),
        Example(
            title="Short of the bid",
            story=(
                "Eli bids 7 and plays it red. The hand holds 16 points and Eli takes 5. Eli "
                "scores nothing and the other four score 11 each."
            ),
            names=FIVE,
            facts={"bidder": 4, "bid": 7, "red": True, "points": [3, 2, 4, 2, 5]},
            expect=(11, 11, 11, 11, 0),
        ),
    ),
    terms=(
        "bid",
        "bidder",
        "partner",
        "red",
        "exact",
        "exceed",
        "miss",
        "lead",
        "trick",
        "trump",
        "follow-suit",
        "dealer",
        "passed-out",
    ),
    source="Vines rulebook (Game 9, Up and Down: point scoring)",
    related=("up-and-down",),
)

# --- Mü --------------------------------------------------------------------

MU = RulesPage(
    key="mu",
    lede=(
        "A trick-taking game for three to six with its own 60-card deck. You bid by showing "
        "cards; the top bidder becomes Chief, picks trump and a partner, and must take "
        "enough card points."
    ),
    sections=(
        Section(
            "players",
            "Players",
            (
                "Three to six players, each keeping their own score. Five is best.",
                "Each hand the Chief and a chosen partner play against everyone else. With "
                "three players the Chief plays alone.",
            ),
        ),
        Section(
            "deal",
            "Cards and the deal",
            (
                "There are five colours of twelve cards: 0, 1, 1, 2, 3, 4, 5, 6, 7, 7, 8 and 9.",
                "Card points: 1s and 9s are worth 0, 6s and 7s are worth 2, every other card "
                "1. That makes 12 points per colour and 60 in the deck.",
                "Deal out all the cards: 15 each with four players, 12 with five, 10 with "
                "six. Three players use only three colours (36 points): 12 cards each.",
            ),
        ),
        Section(
            "bidding",
            "Bidding",
            (
                "On your turn, either pass or pick one or more cards from your hand and put "
                "them on show for everyone. They still count as part of your hand for play.",
                "Your total on show may be at most one more than the highest total anyone "
                "has on show. A pass now doesn't stop you bidding on a later turn.",
                "Bidding ends when everyone passes in a row. The player showing the most "
                "cards is the [[chief]]; the number they show is the bid. Next most is the "
                "[[vice]].",
                "Tied for Vice: compare the highest shown cards, then the next highest. If "
                "every card matches, nobody is Vice, and only the Chief names a trump.",
            ),
        ),
        Section(
            "partner",
            "Trump and partner",
            (
                "The Vice picks a trump first, then the Chief. A trump can be a colour or a "
                "number, and the Chief may choose [[no-trump]].",
                "With four or more players the Chief then names a [[partner]]. The Vice "
                "cannot be the partner.",
            ),
        ),
        Section(
            "play",
            "Play",
            (
                "All cards of either trump form one trump suit. The Chief's trump ranks "
                "above the Vice's, and cards in both trumps are the highest of all.",
                "Follow the colour led if you can. If a trump is led, play a trump if you can.",
                "The highest trump takes the [[trick]]; with no trump played, the highest "
                "card of the colour led does. Between equal cards, the one played first wins.",
            ),
        ),
        Section(
            "scoring",
            "Scoring",
            (
                "Everyone scores the card points in the tricks they took, every hand.",
                "Add the card points of the Chief and partner and compare them with the "
                "points the bid needs.",
                "**Made:** the Chief and partner each add a bonus.",
                "**Failed:** work out how many cards the Chief overbid. The Chief loses 10 "
                "per card overbid, the partner gains or loses nothing, and every other "
                "player gains 5 per card overbid.",
            ),
            rules=("made", "overbid"),
        ),
        Section(
            "targets",
            "Points needed, bonus and overbids",
            (
                "For a bid of n cards, the Chief's side needs: **3 players** 10 + 2n (bids up "
                "to 12); **4 players** 28 + 2n (up to 15); **5 players** 21 + 3n (up to 12); "
                "**6 players** 16 + 4n (up to 10).",
                "**Bonus** for a made bid: 10 × (n + k) each, at most 100. k is 0 for a "
                "colour as Chief's trump, 1 for the number 1 or 7, 2 for any other number, "
                "and 3 for no trump.",
                "**Cards overbid:** the bid minus the largest bid whose points the side did "
                "reach (0 if it reached none). With five players, a bid of 5 needs 36; a "
                "side with 28 reached the 27 for a bid of 2, so 3 cards are overbid.",
            ),
            ruling=True,
        ),
        Section(
            "tie-for-chief",
            "A tie for Chief",
            (
                "If bidding ends with two or more players showing the most cards, the hand "
                "is not played and nobody scores card points.",
                "The player who tied last loses 10 per card shown. Every other tied player "
                "gains 5 per card shown.",
            ),
            rules=("tie",),
        ),
        _passed_out(),
        Section(
            "winning",
            "Winning",
            (
                "Play to 200 points unless your table sets another target. The game ends after "
                "the hand that takes someone there; the highest score wins.",
            ),
        ),
        Section(
            "ties",
            "Ties",
            (
                "The help page gives no tie-break, so we use the Vines one: a tie at the top "
                "goes to the last hand's Chief, else to the tied player nearest the dealer's "
                "left.",
            ),
            ruling=True,
        ),
        Section(
            "rulings",
            "Our rulings",
            (
                "Our source, the Board Game Arena help page, leaves out the scoring tables. "
                "We use the classic edition's tables, shown under “Points needed, bonus and "
                "overbids”.",
                "The deck, card points and hand sizes are the classic edition's, as under "
                "“Cards and the deal”; three players use three colours. The card points you "
                "enter must add up to the points in the deck.",
                "The bid is the number of cards the Chief showed. The Chief's side is the "
                "Chief and partner (with four or more players; never the Vice); with three "
                "players, the Chief alone.",
                "Every player always scores the card points of their own tricks.",
                "Tie for Chief: the hand is not played; the player who tied last loses 10 "
                "per card shown, every other tied player gains 5 per card shown.",
                "Tie for Vice: the higher shown card wins, then the next; else no Vice. "
                "Everyone passing is a passed-out deal.",
                "**Six players, the dealer sits out** (a help-page option): the other five "
                "play each hand with the five-player table (12 cards each, 21 + 3n, bids up "
                "to 12); the dealer holds no role and gains nothing from an overbid.",
                "The game is played to 200 unless the table sets another target. A tie at "
                "the top goes to the last hand's Chief, else the tied player nearest the "
                "dealer's left.",
            ),
            ruling=True,
        ),
    ),
    examples=(
        Example(
            title="Made, right on the number",
            story=(
                "Five players. Ben shows 4 cards and is Chief; Ana is Vice. Ben picks a "
                "number other than 1 or 7 as trump and names Dee as partner. A bid of 4 "
                "needs 21 + 3 × 4 = 33 points, and Ben and Dee take exactly 33. Everyone "
                "keeps their card points, and Ben and Dee each add a bonus of 10 × (4 + 2) "
                "= 60."
            ),
            names=FIVE,
            facts={
                "tie": False,
                "chief": 1,
                "bid": 4,
                "vice": 0,
                "partner": 3,
                "trump": "other_number",
                "points": [10, 18, 8, 15, 9],
            },
            expect=(10, 78, 8, 75, 9),
        ),
        Example(
            title="Failed: three cards overbid",
            story=(
                "Five players. Cy shows 5 cards and is Chief, picks a colour as trump and "
                "names Eli as partner. A bid of 5 needs 36, but they take only 28, enough "
                "for a bid of 2 (27). That is 3 cards overbid: Cy loses 30, Ana, Ben and Dee "
                "gain 15 each, and Eli just keeps the card points taken."
            ),
            names=FIVE,
            facts={
                "tie": False,
                "chief": 2,
                "bid": 5,
                "vice": 1,
                "partner": 4,
                "trump": "colour",
                "points": [12, 11, 16, 9, 12],
            },
            expect=(27, 26, -14, 24, 12),
        ),
        Example(
            title="A tie for Chief",
            story=(
                "Ana shows 1 card and Ben 2. Ana adds 2 more, showing 3. Dee, who passed "
                "before, puts down 3 at once, and all pass. Ana and Dee tie on 3, Dee last: "
                "the hand is not played; Dee loses 30 and Ana gains 15."
            ),
            names=FIVE,
            facts={"tie": True, "tied": [0, 3], "tied_last": 3, "shown": 3},
            expect=(15, 0, 0, -30, 0),
        ),
    ),
    terms=("chief", "vice", "partner", "trump", "no-trump", "trick", "passed-out"),
    source="Board Game Arena help page for Mü, with the classic edition's tables",
)

PAGES: tuple[RulesPage, ...] = (
    BISHOP,
    BARONET,
    CHEVALIER,
    UP_AND_DOWN,
    UP_AND_DOWN_POINTS,
    MU,
)
