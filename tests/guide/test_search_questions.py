"""Rules search answers what a player types at the table: each question
leads, as its first result, to the section that answers it; a word the named
game does not have is said to be missing there, and leads to the named game's
own section on that part of the game (where a bump would be: its Scoring),
never to other games."""

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

# (what a player types, the word the game lacks, where the first result must lead)
NOT_IN_THAT_GAME = [
    ("coralon bump", "bump", "coralon/#scoring"),
    ("does coralon have a bump", "bump", "coralon/#scoring"),
    ("coralon sweep", "sweep", "coralon/#scoring"),
    ("bishop bump", "bump", "bishop/#scoring"),
    ("thief forfeit", "forfeit", "thief/#bidding"),
    ("zero bid in thief", "zero bid", "thief/#bidding"),
    ("coralon blind bid", "blind bid", "coralon/#bidding"),
    ("mu red", "red", "mu/#partner"),
]


def test_there_are_at_least_thirty_questions():
    assert len(QUESTIONS) + len(NOT_IN_THAT_GAME) >= 30


@pytest.mark.parametrize(("question", "where"), QUESTIONS)
def test_a_question_leads_first_to_the_section_that_answers_it(question, where):
    answer = search(question)
    assert not answer.missing
    assert answer.first is not None, f"{question!r} found nothing"
    assert answer.first.url == where, [hit.url for hit in answer.hits[:3]]


@pytest.mark.parametrize(("question", "word", "where"), NOT_IN_THAT_GAME)
def test_a_word_the_game_does_not_have_is_answered_as_missing_in_that_game(question, word, where):
    answer = search(question)
    assert answer.missing == word
    assert answer.lacks.endswith(f"has no {word}")
    assert answer.first is not None, f"{question!r} leads nowhere"
    assert answer.first.url == where, [hit.url for hit in answer.hits[:3]]
    assert {hit.game for hit in answer.hits} == set(answer.games), "no other game is listed"


def test_coralon_has_no_bump_and_its_scoring_says_what_it_has():
    answer = search("coralon bump")
    assert answer.lacks == "Coralon has no bump"
    assert [(hit.where, hit.title) for hit in answer.hits] == [("Coralon", "Scoring")]
    assert answer.first.snippet.startswith("A trick is worth 1 point.")


def test_other_words_still_find_the_named_games_sections_after_the_place_it_would_be():
    answer = search("coralon bump scoring")
    assert answer.missing == "bump"
    assert answer.first.url == "coralon/#scoring"
    assert {hit.game for hit in answer.hits} == {"coralon"}


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
