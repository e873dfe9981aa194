"""A choice typed by its words: a word one choice alone holds names it, wherever it stands;
the start of a choice counts a sign as a word of its own ("same col-row" never begins "same
col+row (sum)")."""

from __future__ import annotations

from lessons import i18n
from lessons.answers.checking import AnswerType, Posed
from lessons.quiz.static import DIAGONAL_CHOICES

WHY = (
    "because b[] is sorted from the first column to the last",
    "because two queens in one row would attack each other",
    "because -1 marks an empty column and is used only once",
)


def choice(choices: tuple[str, ...], expected: str = "0") -> Posed:
    return Posed("choice", "Which?", AnswerType.CHOICE, expected, ".", choices=choices)


def test_a_word_one_choice_alone_holds_names_it() -> None:
    posed = choice(WHY, "1")
    assert posed.read("two") == "1"
    assert posed.read("attack") == "1" and posed.read("queens attack") == "1"
    assert posed.read("sorted") == "0" and posed.read("empty column") == "2"
    assert posed.check("two").correct


def test_words_shared_or_not_held_name_no_choice() -> None:
    posed = choice(WHY, "1")
    assert posed.read("column") is None  # choices 1 and 3 both hold it
    assert posed.read("because") is None  # every choice begins so
    assert posed.read("two sorted") is None  # no choice holds both
    assert posed.read("tw") is None  # whole words only
    assert not posed.check("column").counted  # refused, not counted as an attempt


def test_a_sign_is_a_word_of_its_own_in_a_choices_start() -> None:
    i18n.set_language("it")
    posed = choice(DIAGONAL_CHOICES, "1")
    assert posed.read("stessa riga") == "1"  # "stessa riga-col (differenza)"
    assert posed.read("stessa riga-col") == "1" and posed.read("stessa col+riga") == "0"
    assert posed.read("stessa") is None  # the start of two choices
    i18n.set_language("en")
    posed = choice(DIAGONAL_CHOICES, "1")
    assert posed.read("same row-col") == "1" and posed.read("same col+row") == "0"
    assert posed.read("same col-row") is None  # a sign is never glossed over
    assert posed.read("same row+col") is None


def test_a_yes_or_a_no_picks_the_choice_worded_so_in_every_language() -> None:
    """A no means the diagonal question's "neither" in every language; a yes, which two choices
    could mean, is no choice."""
    for language, typed in (("en", ("no", "nie", "No.")), ("it", ("no",)), ("pl", ("nie",))):
        i18n.set_language(language)
        posed = choice(DIAGONAL_CHOICES, "2")
        for word in typed:
            assert posed.read(word) == "2", (language, word)
        assert posed.check(typed[0]).correct
        assert posed.read("yes") is None and posed.read("tak") is None
    i18n.set_language("en")
    worded = choice(("yes, they attack", "no: one row apart", "only on a 4 x 4 board"), "0")
    assert worded.read("sì") == "0" and worded.read("tak") == "0" and worded.read("nie") == "1"
    assert choice(WHY).read("no") is None  # no choice of WHY is a yes or a no


def test_a_choice_is_read_without_its_diacritics() -> None:
    posed = choice(
        ("w pętli for", "wywołanie hetmany(6, 2, a) w pętli", "perché è più veloce"), "1"
    )
    assert posed.read("wywołanie") == "1" and posed.read("wywolanie") == "1"
    assert posed.read("WYWOLANIE hetmany") == "1"
    assert posed.read("perche") == "2" and posed.read("piu veloce") == "2"


def test_the_start_of_one_choices_word_names_it() -> None:
    """The start of a word, three letters at least, names the one choice whose word it begins,
    never two."""
    znow = "znów hetmany(6, 3, a), która sprawdza kolumnę 3 od nowa od wiersza 0"
    wywolanie = "wywołanie hetmany(6, 2, a) w swojej pętli for: próbuje hetmana z kolumny 2"
    posed = choice((znow, wywolanie, "powrót do hetmany(6, 1, a), która zaczyna od nowa"), "1")
    assert posed.read("wyw") == "1" and posed.read("wywol") == "1" and posed.read("WYWO") == "1"
    assert posed.check("wyw").correct
    assert posed.read("znow het") == "0"  # whole words, then the start of the last one
    assert posed.read("wy") is None  # too short: a letter or two is a key, not a word
    assert posed.read("het") is None  # no choice begins so ("hetmany" is further in)
    assert posed.read("xyz") is None
    both = choice(("powrót do kolumny 2", "powtórka od zera"), "0")
    assert both.read("pow") is None  # the start of two choices' words: which one is not guessed
    assert both.read("powr") == "0"
