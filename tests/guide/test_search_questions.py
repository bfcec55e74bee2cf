"""Rules search answers what a player types at the table: each question
leads, as its first result, to the section that answers it; a word the named
game does not have is said to be missing there, with the games that have it."""

from __future__ import annotations

import pytest

from vinescore.guide.search import read, search, stem

# (what a player types, where the first result must lead)
QUESTIONS = [
    ("coralon scoring", "coralon/#scoring"),
    ("how does coralon score", "coralon/#scoring"),
    ("Coralon: how do you score?", "coralon/#scoring"),
    ("coralon exceed", "coralon/#scoring"),
    ("how many players for coralon", "coralon/#players"),
    ("how many cards in coralon with 5 players", "coralon/#deal"),
    ("can the dealer pass in coralon", "coralon/#bidding"),
    ("who wins a tie in coralon", "coralon/#ties"),
    ("coralon less", "coralon/#zero-bids"),
    ("coralon partners zero bid", "coralon-partners/#zero-bids"),
    ("what's the target in thief", "thief/#winning"),
    ("thief target with 5 players", "thief/#winning"),
    ("thief trick only", "thief/#trick-only"),
    ("how do thieves score", "thieves/#scoring"),
    ("ducks and geese forfeit", "ducks-and-geese/#forfeit"),
    ("what happens if nobody bids in ducks and geese", "ducks-and-geese/#forfeit"),
    ("double zero ducks", "ducks-and-geese/#zero-bids"),
    ("lowest bid in dog", "dog/#bidding"),
    ("dog point cards", "dog/#differences"),
    ("cutthroat missed bid", "ducks-and-geese-cutthroat/#scoring"),
    ("bishop partner", "bishop/#partner"),
    ("how is the partner found in bishop", "bishop/#partner"),
    ("tie break bishop", "bishop/#ties"),
    ("baronet payout four players", "baronet/#scoring"),
    ("how do I settle up in baronet", "baronet/#settle-up"),
    ("chevalier sweep", "chevalier/#sweep"),
    ("buccaneer", "chevalier/"),
    ("up and down take back", "up-and-down/#take-back"),
    ("up and down points scoring", "up-and-down-points/#scoring"),
    ("mu bonus", "mu/#targets"),
    ("tie for chief mu", "mu/#tie-for-chief"),
    ("Mü vice", "mu/#bidding"),
    ("how many cards each in mu with 4 players", "mu/#deal"),
    ("everyone passed in mu", "mu/#passed-out"),
    ("score pad low score wins", "pad/#winning"),
    ("what is a bump", "glossary/#bump"),
    ("what does trump mean", "glossary/#trump"),
    ("what is the box", "glossary/#the-box"),
    ("what does red mean", "glossary/#red"),
    ("jasper city", "glossary/#jasper-city"),
    ("deck suits", "deck/#suits"),
    ("ace rank", "deck/#ranks"),
]

# (what a player types, the word the game lacks, games that must be offered instead)
NOT_IN_THAT_GAME = [
    ("coralon bump", "bump", {"chevalier", "ducks-and-geese", "dog"}),
    ("does coralon have a bump", "bump", {"chevalier", "ducks-and-geese", "dog"}),
    ("coralon sweep", "sweep", {"chevalier"}),
    ("bishop bump", "bump", {"chevalier", "ducks-and-geese", "dog"}),
    ("thief forfeit", "forfeit", {"ducks-and-geese", "dog"}),
    ("zero bid in thief", "zero bid", {"coralon", "coralon-partners", "ducks-and-geese"}),
    ("coralon blind bid", "blind bid", {"ducks-and-geese", "dog", "ducks-and-geese-cutthroat"}),
    ("mu red", "red", {"up-and-down", "up-and-down-points"}),
]


def test_there_are_at_least_thirty_questions():
    assert len(QUESTIONS) + len(NOT_IN_THAT_GAME) >= 30


@pytest.mark.parametrize(("question", "where"), QUESTIONS)
def test_a_question_leads_first_to_the_section_that_answers_it(question, where):
    answer = search(question)
    assert not answer.missing
    assert answer.first is not None, f"{question!r} found nothing"
    assert answer.first.url == where, [hit.url for hit in answer.hits[:3]]


@pytest.mark.parametrize(("question", "word", "games"), NOT_IN_THAT_GAME)
def test_a_word_the_game_does_not_have_is_answered_as_missing(question, word, games):
    answer = search(question)
    assert answer.missing == word
    assert answer.lacks.endswith(f"has no {word}")
    assert not answer.hits, "nothing of the named game answers it"
    offered = {hit.game for hit in answer.elsewhere}
    assert games <= offered, offered
    assert all(hit.url.startswith(f"{hit.game}/") for hit in answer.elsewhere)


def test_coralon_has_no_bump_in_so_many_words():
    assert search("coralon bump").lacks == "Coralon has no bump"


def test_game_names_are_recognised_longest_first():
    assert read("coralon partners zero") == (("coralon-partners",), ["zero"])
    assert read("up and down for points bid") == (("up-and-down-points",), ["bid"])
    assert read("cutthroat ducks and geese") == (("ducks-and-geese-cutthroat",), [])
    assert read("MÜ overbid") == (("mu",), ["overbid"])


def test_thieves_is_a_word_when_another_game_is_named():
    assert read("thief thieves kept") == (("thief",), ["kept", "thieves"])
    assert read("how do thieves score") == (("thieves",), ["score"])


def test_little_words_are_left_out():
    assert read("what's the target in thief?") == (("thief",), ["target"])


def test_forms_of_a_word_meet():
    assert stem("scoring") == stem("scores") == stem("score") == stem("scored")
    assert stem("bidding") == stem("bids") == stem("bid")
    assert stem("missed") == stem("miss") and stem("bonus") == "bonus"


def test_a_game_name_alone_leads_to_its_page():
    assert search("chevalier").first.url == "chevalier/"


def test_a_word_nowhere_in_the_rules_finds_nothing():
    answer = search("coralon xylophone")
    assert not answer.hits and not answer.missing
    assert not search("xylophone").hits
