"""Rules search that answers what a player types at the table.

"coralon scoring", "how does coralon score" and "what's the target in thief"
are questions about one game: the game's name is recognised, the little
words are dropped, the rest are matched on word stems ("scores", "scoring"
and "score" are one word) against each section's title, the scorer's rules
it explains and a few words players use for it ("target" for Winning), then
its text. A word the named game does not have ("coralon bump") is answered
as such, with the named game's own section on that part of the game (its
Scoring: where a bump would be), not with other games.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from vinescore.scoring import REGISTRY

from . import DECK, GLOSSARY, PAGES, WORDS, render
from .content import Term
from .numbers import PageNumbers

STOP_WORDS = frozenset(
    """a about an and any are as at be by can could did do does doing for from get gets
    happen happens has have how hows i if im in into is it its many me mean means much my
    of on or our rule rules say says should so tell that the their them then there they
    this to us was we what whats when where which who whom whos why will with would you
    your""".split()
)
# A game's name that is also a word of another game's rules (Thief's thieves).
ALSO_A_WORD = frozenset({"thieves"})

# Words players use for a section that its title may not say.
SECTION_WORDS: dict[str, str] = {
    "players": "players people seats alone teams",
    "deal": "deal deals dealing cards hand size each discard",
    "bidding": "bid bids bidding auction pass lowest highest minimum maximum",
    "play": "play playing lead leads follow suit trump trick tricks",
    "scoring": "score scores scoring points count counts worth",
    "winning": "win wins winning winner target end ends finish over goal reach",
    "ties": "tie ties tied draw level same",
    "rulings": "ruling rulings house",
    "zero-bids": "zero nil",
    "coins": "coins pay paid balance stakes",
    "settle-up": "settle settling owe owes end session",
}

# Other names players give a game.
GAME_NAMES: dict[str, str] = {
    "ducks": "ducks-and-geese",
    "geese": "ducks-and-geese",
    "cutthroat": "ducks-and-geese-cutthroat",
    "cutthroat ducks": "ducks-and-geese-cutthroat",
    "cutthroat ducks and geese": "ducks-and-geese-cutthroat",
    "up and down for points": "up-and-down-points",
    "up and down points": "up-and-down-points",
    "score pad": "pad",
    "buccaneer": "chevalier",
}

TITLE, RULE, ALIAS, TEXT, EXACT = 10, 8, 6, 1, 5
# Sections that touch on a bit of everything, never the place of one thing.
CATCH_ALL = frozenset({"rulings", "examples"})


def plain(word: str) -> str:
    """Lower case, without accents: "Mü" and "mu" are one word."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def stem(word: str) -> str:
    """A crude stem, enough to make plurals and -ing forms meet."""
    word = plain(word).strip("'’-")
    if word.endswith("'s") or word.endswith("’s"):
        word = word[:-2]
    if word in ("thieves", "thief"):
        return "thief"
    for suffix in ("ing", "ies", "es", "ed", "s", "e"):
        if suffix == "s" and word.endswith(("ss", "us", "is")):
            continue  # miss, bonus
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "ls":
        word = word[:-1]  # bidd -> bid, winn -> win
    return word


def words(text: str) -> list[str]:
    out, current = [], []
    for c in text:
        if c.isalnum() or (c in "'’" and current):
            current.append(c)
        else:
            if current:
                out.append("".join(current))
            current = []
    if current:
        out.append("".join(current))
    return out


def stems(text: str) -> set[str]:
    return {stem(w) for w in words(text)}


@dataclass(frozen=True)
class Hit:
    where: str  # a game's name, "Glossary" or "The deck"
    title: str
    url: str  # from the rules index: "coralon/#scoring"
    snippet: str
    game: str = ""  # the game's key, for a section of a game's page


@dataclass(frozen=True)
class Answer:
    query: str
    hits: list[Hit] = field(default_factory=list)
    games: tuple[str, ...] = ()  # games the query names
    missing: str = ""  # what the named game does not have, in the player's words

    @property
    def first(self) -> Hit | None:
        return self.hits[0] if self.hits else None

    @property
    def lacks(self) -> str:
        """ "Coralon has no bump", in the player's words."""
        names = [REGISTRY[key].name for key in self.games]
        named = " and ".join(names)
        return f"{named} {'has' if len(names) == 1 else 'have'} no {self.missing}"


@dataclass(frozen=True)
class _Entry:
    hit: Hit
    anchor: str
    title: frozenset[str]
    rules: frozenset[str]
    alias: frozenset[str]
    text: tuple[str, ...]  # the stems of every word, in order
    plain: str


def _entry(where, title, url, text, game="", rules=(), alias="") -> _Entry:
    return _Entry(
        Hit(where, title, url, "", game),
        url.partition("#")[2],
        frozenset(stem(w) for w in words(title) if plain(w) not in STOP_WORDS),
        frozenset(stem(r) for rule in rules for r in rule.replace("_", "-").split("-")),
        frozenset(stems(alias)),
        tuple(stem(w) for w in words(text)),
        text,
    )


@cache
def _index() -> tuple[_Entry, ...]:
    """Every section, glossary word and deck note, as plain text. The pages
    are static between deployments, so the index is built once a process."""
    out = []
    for key, page in PAGES.items():
        rules = REGISTRY[key]
        found = PageNumbers(key)
        for s in page.sections:
            out.append(
                _entry(
                    rules.name,
                    s.title,
                    f"{key}/#{s.anchor}",
                    render.to_text(s.text, found, WORDS),
                    key,
                    s.rules,
                    SECTION_WORDS.get(s.anchor, ""),
                )
            )
    for term in GLOSSARY.values():
        text = render.to_text(term.meaning, {}, WORDS)
        out.append(_entry("Glossary", term.word, f"glossary/#{term.key}", text))
    for s in DECK:
        text = render.to_text(s.text, {}, WORDS)
        out.append(_entry("The deck", s.title, f"deck/#{s.anchor}", text))
    return tuple(out)


def _game_names() -> list[tuple[tuple[str, ...], str]]:
    """Every way of naming a game, as word sequences, longest first."""
    names: dict[tuple[str, ...], str] = {}
    for rules in REGISTRY:
        names[tuple(plain(w) for w in words(rules.name))] = rules.key
        names[tuple(rules.key.split("-"))] = rules.key
    for name, key in GAME_NAMES.items():
        names[tuple(name.split())] = key
    return sorted(names.items(), key=lambda item: -len(item[0]))


def read(query: str) -> tuple[tuple[str, ...], list[str]]:
    """The games a query names, and its other meaningful words."""
    said = [plain(w).replace("'", "").replace("’", "") for w in words(query)]
    named: list[tuple[str, tuple[str, ...]]] = []
    rest: list[str] = []
    names = _game_names()
    i = 0
    while i < len(said):
        for name, key in names:
            if tuple(said[i : i + len(name)]) == name:
                named.append((key, name))
                i += len(name)
                break
        else:
            if said[i] not in STOP_WORDS:
                rest.append(said[i])
            i += 1
    if len({key for key, _ in named}) > 1:
        # "thief thieves kept": Thief's thieves, not the game Thieves
        for key, name in list(named):
            if len(name) == 1 and name[0] in ALSO_A_WORD:
                named.remove((key, name))
                rest.append(name[0])
    games = tuple(dict.fromkeys(key for key, _ in named))
    return games, rest


def _score(
    entry: _Entry, terms: Iterable[str], rarity: dict[str, float] | None = None
) -> tuple[int, float]:
    """(how many terms the entry has, how well it matches them). A rare word
    ("miss") counts for more than one every section uses ("bid")."""
    has, weight = 0, 0.0
    terms = list(terms)
    for term in terms:
        count = entry.text.count(term)
        best = max(
            TITLE / len(entry.title) if term in entry.title else 0,  # "Bidding" over "Blind bids"
            RULE if term in entry.rules else 0,
            ALIAS if term in entry.alias else 0,
        )
        if best or count:
            has += 1
            weight += (best + TEXT * min(count, 2)) * (rarity or {}).get(term, 1.0)
    if has and entry.title == set(terms):
        weight += EXACT  # the query is the section's (or the word's) own title
    return has, weight


def _rarity(entries: list[_Entry], terms: list[str]) -> dict[str, float]:
    out = {}
    for term in terms:
        having = sum(1 for e in entries if term in e.text or term in e.title or term in e.alias)
        out[term] = math.log((1 + len(entries)) / (1 + having)) + 1
    return out


def _snippet(entry: _Entry, terms: list[str], width: int = 90) -> str:
    text = entry.plain
    at = 0
    for w in words(text):
        if stem(w) in terms:
            at = text.find(w)
            break
    start = max(0, at - width // 3)
    while start and not text[start - 1].isspace():
        start -= 1
    piece = text[start : start + width]
    return ("…" if start else "") + piece + ("…" if start + width < len(text) else "")


def _hit(entry: _Entry, terms: list[str]) -> Hit:
    h = entry.hit
    return Hit(h.where, h.title, h.url, _snippet(entry, terms), h.game)


def _ranked(entries: Iterable[_Entry], terms: list[str], need_all: bool = True) -> list[Hit]:
    scored = []
    entries = list(entries)
    rarity = _rarity(entries, terms)
    for order, entry in enumerate(entries):
        has, weight = _score(entry, terms, rarity)
        if has and (has == len(terms) or not need_all):
            scored.append((-has, -weight, order, entry))
    scored.sort(key=lambda s: s[:3])
    return [_hit(entry, terms) for *_, entry in scored]


def _glossary_word(lacking: list[str], terms: list[str]) -> Term | None:
    """The glossary word the query names that holds the missing stems: "bump"
    in "coralon bump", "zero bid" in "zero bid in thief"."""
    for term in GLOSSARY.values():
        spelt = {stem(w) for w in words(term.word)}
        if set(lacking) <= spelt <= set(terms):
            return term
    return None


def _page(key: str) -> Hit:
    """A game's page, from the top."""
    rules = REGISTRY[key]
    return Hit(rules.name, "Rules", f"{key}/", rules.summary, key)


def _in_its_place(
    index: tuple[_Entry, ...], key: str, wanted: list[str], term: Term | None, have: list[Hit]
) -> Hit:
    """The game's own section on the part of the game where what it lacks
    would be, found in turn by:
    1. a word of the thing itself in a section's title or words: the
       Bidding for "zero bid";
    2. the kind of section the games that have it explain it in, best
       first (`have`): the Scoring for "bump";
    3. a word of the glossary's meaning in a section's title or words: the
       Bidding for "forfeit" ("when everyone passes").
    Failing all three, the game's page."""
    own = [e for e in index if e.hit.game == key and e.anchor not in CATCH_ALL]

    def named_by(said: set[str]) -> _Entry | None:
        counts = [(len(said & (e.title | e.alias)), -order, e) for order, e in enumerate(own)]
        best = max(counts, key=lambda c: c[:2], default=None)
        return best[2] if best and best[0] else None

    found = named_by(set(wanted))
    if found is None:
        anchors = {e.anchor: e for e in own}
        kinds = (hit.url.partition("#")[2] for hit in have)
        found = next((anchors[kind] for kind in kinds if kind in anchors), None)
    if found is None and term is not None:
        meaning = render.to_text(term.meaning, {}, WORDS)
        found = named_by({stem(w) for w in words(meaning) if plain(w) not in STOP_WORDS})
    return _page(key) if found is None else _hit(found, wanted)


def search(query: str, limit: int = 40) -> Answer:
    """The places in the rules that answer `query`, best first."""
    games, said = read(query)
    terms = [stem(w) for w in said]
    index = _index()
    if not terms:
        if not games:
            return Answer(query)
        # Just a game's name: its page, from the top.
        return Answer(query, [_page(k) for k in games], games)
    if not games:
        hits = _ranked(index, terms) or _ranked(index, terms, need_all=False)
        return Answer(query, hits[:limit])

    own = [e for e in index if e.hit.game in games]
    lacking = [t for t in terms if not any(_score(e, [t])[0] for e in own)]
    kept = [t for t in terms if t not in lacking]
    term = _glossary_word(lacking, terms) if lacking else None
    if lacking and (not kept or term):
        # "coralon bump": say that Coralon has none, and lead to its Scoring
        if term is not None:
            wanted = [stem(w) for w in words(term.word)]
            missing = term.word.lower()
        else:
            wanted = lacking
            missing = " ".join(w for t, w in zip(terms, said, strict=True) if t in lacking)
        # Where the games that have it explain it: a glossary word says
        # itself which games use it; other words are looked for.
        others = [e for e in index if e.hit.game and e.hit.game not in games]
        if term is not None:
            others = [e for e in others if e.hit.game in term.games]
        have = _ranked(others, wanted)
        rest = [t for t in kept if t not in wanted]
        hits = _ranked(own, rest) if rest else []
        if have or hits or (term is not None and set(term.games) - set(games)):
            places = [_in_its_place(index, key, wanted, term, have) for key in games]
            hits = places + [h for h in hits if h.url not in {p.url for p in places}]
            return Answer(query, hits[:limit], games, missing)
        # a word no game has: what the glossary and deck say, if anything
        return Answer(query, _ranked([e for e in index if not e.hit.game], lacking)[:limit], games)
    # words the game does not use ("tie break bishop") are left out
    hits = _ranked(own, kept)
    hits += _ranked([e for e in index if not e.hit.game], kept)
    return Answer(query, hits[:limit], games)
