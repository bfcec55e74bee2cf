"""The glossary: words players meet on the rules pages, in our own words.

`games` lists the registry keys of the games that use a word.
"""

from __future__ import annotations

from .text import Term

CORALON = ("coralon", "coralon-partners")
THIEF = ("thief", "thieves")
DUCKS = ("ducks-and-geese", "dog")
CUTTHROAT = ("ducks-and-geese-cutthroat",)
BISHOP = ("bishop", "baronet")
CHEVALIER = ("chevalier",)
UP_AND_DOWN = ("up-and-down", "up-and-down-points")
MU = ("mu",)

VINES = CORALON + THIEF + DUCKS + CUTTHROAT + BISHOP + CHEVALIER + UP_AND_DOWN
BIDDING = CORALON + THIEF + DUCKS + CUTTHROAT + BISHOP + CHEVALIER + ("up-and-down-points",)
PARTNERS = ("coralon-partners", "thieves") + DUCKS + CHEVALIER
COINS = ("baronet", "up-and-down")
EXACT_GAMES = CORALON + THIEF + ("up-and-down-points",)

MU_NOTE = "A Mü word: Mü is a different game, played with its own 60-card deck, not the Vines deck."

TERMS: tuple[Term, ...] = (
    # --- tricks ----------------------------------------------------------
    Term(
        "trick",
        "Trick",
        "One card from each player, played in turn. Usually the best card takes them all, "
        "and its player leads the next trick.",
        VINES + MU,
    ),
    Term(
        "lead",
        "Lead",
        "The first card of a trick, or playing it. The suit of the lead is the suit everyone "
        "else must follow.",
        VINES + MU,
    ),
    Term(
        "follow-suit",
        "Follow suit",
        "Play a card of the suit that was led. You must if you can; if you hold none, any "
        "card is allowed, trump included.",
        VINES,
    ),
    Term(
        "trump",
        "Trump",
        "The cards that beat all the others for one hand. In the Vines games trump is a "
        "suit, and its lowest card beats the Ace of any other suit.",
        VINES + MU,
    ),
    Term(
        "no-trump",
        "No trump",
        "A hand played without trump: every trick goes to the highest card of the suit led.",
        ("coralon-partners", "thieves") + DUCKS + CHEVALIER + MU,
    ),
    Term(
        "key-suit",
        "Key suit",
        "A suit with a special job for the hand. Usually the only one is trump; Thief and "
        "Thieves add a second, the thieves.",
        THIEF,
    ),
    Term(
        "thief",
        "Thief",
        "A card of the second key suit in Thief and Thieves. On each trick, whoever played "
        "the lowest thief keeps it for 1 point; higher thieves on that trick score nothing.",
        THIEF,
    ),
    Term(
        "dealer",
        "Dealer",
        "The player who deals the hand. The deal moves one seat to the left after every "
        "hand, and bidding starts with the player on the dealer's left.",
        VINES + MU,
    ),
    # --- the deck ---------------------------------------------------------
    Term(
        "deuce",
        "Deuce",
        "A 2, the lowest card of its suit. In Ducks and Geese the Deuces are point cards "
        "(the ducks).",
        ("ducks-and-geese",) + CUTTHROAT + BISHOP,
    ),
    Term(
        "farmer",
        "Farmer",
        "The face card between the Bishop and the Tar. Farmers are point cards in Ducks and "
        "Geese (the geese) and part of the Peace block in Bishop.",
        ("ducks-and-geese",) + CUTTHROAT + BISHOP,
    ),
    Term(
        "tar",
        "Tar",
        "The lowest face card, just above the 7; some call it the Jack. Tars are the point "
        "cards in Dog and part of the War block in Bishop.",
        ("dog",) + BISHOP + CHEVALIER,
    ),
    Term(
        "point-card",
        "Point card",
        "A card worth 1 point to whoever ends up with it: Deuces and Farmers in Ducks and "
        "Geese, Tars in Dog, the chosen block in Bishop.",
        DUCKS + CUTTHROAT + BISHOP,
    ),
    Term(
        "open-card",
        "Open card",
        "The top card of the undealt pack, turned face up. Its suit is the only possible "
        "trump: the bidder takes it (and discards one) or plays the hand at no trump.",
        DUCKS + CHEVALIER,
    ),
    Term(
        "the-box",
        "The box",
        "The 3 cards left over after dealing 13 each, one turned face up to show the only "
        "possible trump. The bidder picks up all three and discards three, or leaves them "
        "and plays at no trump.",
        ("coralon-partners", "thieves"),
    ),
    # --- bidding ----------------------------------------------------------
    Term(
        "bid",
        "Bid",
        "How many tricks or points a player promises their side will take this hand. Only "
        "the highest bid counts; the others are forgotten.",
        BIDDING + MU,
    ),
    Term(
        "bidder",
        "Bidder",
        "The player who made the highest bid; their bid decides how the hand is scored. In "
        "most games the bidder also leads the first trick. In Bishop the partner leads it, "
        "showing who they are with the lowest trump (with Jasper City partners, and always "
        "in Baronet, the bidder leads).",
        BIDDING,
    ),
    Term(
        "exact",
        "Exact",
        "Taking exactly the bid. In Coralon and Thief this is the best result: only the "
        "bidder's side scores.",
        EXACT_GAMES,
    ),
    Term(
        "exceed",
        "Exceed",
        "Taking more than the bid. The bid is made, but everyone scores what they took.",
        EXACT_GAMES,
    ),
    Term(
        "miss",
        "Miss",
        "Taking less than the bid. The bidder's side scores nothing, or in cutthroat Ducks "
        "and Geese loses the bid; the others score.",
        BIDDING,
    ),
    Term(
        "zero-bid",
        "Zero bid",
        "A bid to take no trick at all. Where a table allows it, a made zero earns a fixed "
        "reward and a broken one helps the other side.",
        CORALON + DUCKS,
    ),
    Term(
        "double-zero",
        "Double zero",
        "A zero bid for the whole team: both partners play, and neither may take a trick.",
        ("coralon-partners",) + DUCKS,
    ),
    Term(
        "less",
        "Less",
        "A Coralon bid after a zero: its bidder must take no trick while every earlier zero "
        "bidder takes at least one.",
        ("coralon",),
    ),
    Term(
        "blind-bid",
        "Blind bid",
        "A bid made before looking at your cards. If it is made, nobody else scores that hand.",
        DUCKS + CUTTHROAT,
    ),
    Term(
        "forfeit",
        "Forfeit",
        "When everyone passes in Ducks and Geese, the dealer may give up the hand instead of "
        "bidding. The other team scores 3.",
        DUCKS,
    ),
    Term(
        "bump",
        "Bump",
        "Extra points for the other side when the bidders fall short: as many as the bid.",
        DUCKS + CHEVALIER,
    ),
    Term(
        "passed-out",
        "Passed out",
        "A deal where every player passes, so nobody bids. Nobody scores or pays, and the "
        "next player to the left deals. Only in games where everyone may pass: Chevalier, "
        "Bishop, Baronet, Up and Down for points and Mü.",
        CHEVALIER + BISHOP + ("up-and-down-points",) + MU,
    ),
    Term(
        "partner",
        "Partner",
        "Your teammate. In the partner games you keep the same one all game, sitting "
        "across; in Bishop, Baronet and Up and Down the partner is found during each hand.",
        PARTNERS + BISHOP + UP_AND_DOWN + MU,
    ),
    # --- other games --------------------------------------------------------
    Term(
        "sweep",
        "Sweep",
        "In Chevalier, one team taking every poison card that was dealt this hand; any left "
        "in the undealt pack don't matter. If the bidder discarded one, nobody can sweep. A "
        "sweep lifts the poison from that team's tricks.",
        CHEVALIER,
    ),
    Term(
        "poison",
        "Poison",
        "In Chevalier, the 7s (the Tars in Buccaneer, the rulebook's variant). A trick "
        "holding one is worth nothing unless a team sweeps them all.",
        CHEVALIER,
    ),
    Term(
        "war-and-peace",
        "War and Peace",
        "Another name for Bishop, from its two blocks of point cards: War (Knights and Tars) "
        "and Peace (Bishops and Farmers). The bidder picks which block scores.",
        BISHOP,
    ),
    Term(
        "jasper-city",
        "Jasper City partners",
        "A Bishop rule: the partner is whoever plays the lowest trump on the first trick, "
        "not whoever holds it. Baronet always uses it.",
        BISHOP,
    ),
    Term(
        "red",
        "Red",
        "In Up and Down, saying “red” as you lead the first trick: you play the hand alone, "
        "with no partner.",
        UP_AND_DOWN,
    ),
    Term(
        "take-back",
        "Take back",
        "In Up and Down for coins: when everyone passes to the dealer, the dealer may end "
        "the hand by paying 1 coin to each other player instead of leading.",
        ("up-and-down",),
    ),
    Term(
        "stakes",
        "Stakes",
        "The coins each player starts a coin game with: 100 in Baronet and 30 in Up and "
        "Down, unless the table agrees another amount.",
        COINS,
    ),
    Term(
        "settle-up",
        "Settle up",
        "Squaring up when a coin-game session ends: the fewest payments that bring every "
        "player back to their stakes, those below their stakes paying those above. (A single "
        "hand is paid as it is played; that is the hand's ledger.)",
        COINS,
    ),
    Term(
        "ledger",
        "Ledger",
        "The list of payments in a coin game, hand by hand. A balance is the stakes plus "
        "every payment in and out.",
        COINS,
    ),
    Term(
        "chief",
        "Chief",
        f"{MU_NOTE} The Chief is the player who showed the most cards in the bidding; they "
        "choose the main trump and, with 4 or more players, a partner.",
        MU,
    ),
    Term(
        "vice",
        "Vice",
        f"{MU_NOTE} The Vice is the player who showed the second most cards; they choose "
        "the Vice trump before the Chief chooses theirs.",
        MU,
    ),
)
