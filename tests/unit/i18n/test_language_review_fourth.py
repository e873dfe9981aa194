"""The fourth language review (Italian and Polish, items P1-P13 and I1-I17), pinned: each test
names the item it keeps fixed and reads the tutor's own output (a lesson run's label, a rendered
message, a lesson file, a catalog), not a copy of it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from lessons import i18n
from lessons.answers.checking import Posed
from lessons.catalog import load_catalog
from lessons.i18n import speaking
from lessons.model import Question
from lessons.quiz.pose import pose
from lessons.runner import LessonRun
from solver.checker import attacks_among
from solver.messages import render
from solver.placement.board import explain_pair

ROOT = Path(__file__).resolve().parents[3]
LESSONS = ROOT / "lessons" / "builtin"


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _labels(language: str) -> list[str]:
    """How every question of every built-in lesson of ``language`` is introduced."""
    i18n.set_language(language)
    labels = []
    for lesson in load_catalog(language).lessons:
        run = LessonRun(lesson, None)
        for index, page in enumerate(lesson.pages):
            if not page.questions:
                continue
            run.goto(index)
            if run.asked is not None:
                labels.append(run.question_label)
    return labels


# -- P1: no capital after a colon: "Ćwiczenie. Załóżmy", "Pytanie quizu 1 z 6. Tablica" ----


@pytest.mark.parametrize("language", ["pl", "it"])
def test_a_question_is_introduced_with_a_full_stop(language: str) -> None:
    labels = _labels(language)
    assert labels
    for label in labels:
        assert label.endswith("."), label
    assert any(label.startswith(("Ćwiczenie", "Esercizio")) for label in labels), labels


# -- P3: the queens attack, not their columns -----------------------------------------------


WHO = {"en": "the queens of", "it": "le regine delle", "pl": "hetmany z"}


@pytest.mark.parametrize("language", ["en", "it", "pl"])
@pytest.mark.parametrize(
    "squares",
    [((0, 1), (3, 1)), ((0, 4), (1, 3)), ((0, 0), (1, 1)), ((2, 1), (2, 3))],
    ids=["row", "sum", "diff", "column"],
)
def test_a_pair_is_named_by_its_queens(
    language: str, squares: tuple[tuple[int, int], tuple[int, int]]
) -> None:
    (pair,) = attacks_among(list(squares))
    with speaking(language):
        said = render(explain_pair(pair))
    assert said.startswith(WHO[language]), said
    assert not said.startswith(("columns", "kolumny", "colonne", "rows", "wiersze", "righe"))


def _pose(kind: str, language: str, **params: str) -> Posed:
    i18n.set_language(language)
    return pose(Question(line=1, kind=kind, params=params), None)


# -- I1, I2, I3: the rotations question's feedback ------------------------------------------


def test_the_rotations_feedback_speaks_of_rotations() -> None:
    posed = _pose("rotations", "it", b="[1, 3, 0, 2, 4]")
    assert posed.expected == "4"
    one = posed.check("1").message
    assert "ogni rotazione restituisse b invariata" in one, one
    assert "ruotata di un quarto di giro" in one, one
    assert "ridesse" not in one and "girata" not in one and "simmetria" not in one, one
    right = posed.check("4").message
    assert "Nessuna delle rotazioni di 90, 180 e 270 gradi restituisce b" in right, right
    english = _pose("rotations", "en", b="[1, 3, 0, 2, 4]").check("1").message
    assert "every rotation gave b back unchanged" in english, english


def test_the_orbit_question_still_speaks_of_every_symmetry() -> None:
    one = _pose("orbit", "it", b="[1, 3, 0, 2, 4]").check("1").message
    assert "ogni simmetria restituisse b invariata" in one, one


# -- I4: a number the tutor cannot read --------------------------------------------------


def test_an_unreadable_number_in_italian() -> None:
    said = _pose("random-tries", "it", n="7").check("7x7").message
    assert "scrivi il numero in cifre, con la virgola (,) prima dei decimali" in said, said
    assert "«tre»" in said, said


# -- I5, P4, P5, P10: the lesson files --------------------------------------------------------


def test_the_lesson_files_say_it_as_the_review_asks() -> None:
    italian = (LESSONS / "it" / "01-problem.md").read_text(encoding="utf-8")
    assert "attacca tutte le caselle della sua riga, della sua colonna e delle sue" in italian
    assert "attacca lungo" not in italian
    polish = {p.name: p.read_text(encoding="utf-8") for p in (LESSONS / "pl").glob("*.md")}
    assert "przekątne zamieniają się miejscami" in polish["04-diagonals.md"]
    assert "rysunek się zamienia" not in polish["04-diagonals.md"]
    assert not any("Sprawdzian" in text for text in polish.values())
    assert "rozwiązanie pojawia się w\u00a0kolejności" in polish["09-cost.md"]


# -- I7: the guess question's count ----------------------------------------------------------


def test_the_guess_count_is_a_count() -> None:
    for language, words in (("it", "domande 0, giuste 0"), ("pl", "pytania: 0, dobrze: 0")):
        with speaking(language):
            said = i18n._(
                "questions {number}, right {right}, ticks left {left} (board at tick {tick})"
            ).format(number=0, right=0, left=29, tick=1)
        assert said.startswith(words), said


# -- I9, I10, I11: feedback that names the slip ---------------------------------------------


def test_the_example_average_for_another_board() -> None:
    posed = _pose("random-tries", "it", n="7")
    said = posed.check("438").message
    assert "n = 8" in said and "40.320/92" in said and "40 soluzioni" in said, said
    assert not posed.check("438").correct


def test_975_is_named_as_the_backtrackers_squares() -> None:
    posed = _pose("examined", "it", method="bruteforce", n="10")
    index = posed.choices.index("975")
    said = posed.check("abc"[index]).message
    assert "975 sono le caselle che il backtracking prova" in said, said


def test_an_index_typed_with_decimals_is_said_whole() -> None:
    posed = _pose("array-index", "it", array="a", row="0", col="1", n="8")
    said = posed.check("1,0").message
    assert said.startswith("Giusto: 1 (un indice è un numero intero)."), said
    assert posed.check("1").message.startswith("Giusto: 1. "), posed.check("1").message


# -- I12: report --students ------------------------------------------------------------------


def test_the_students_report_quotes_in_the_language_and_says_no_attempt() -> None:
    from lessons.report.students import answers_given

    with speaking("it"):
        assert answers_given(["3", "b"]) == "Risposte date: «3», «b»."
        assert i18n.ngettext(
            "answer shown after {count} attempt", "answer shown after {count} attempts", 0
        ) != i18n._("answer shown without an attempt")
        assert i18n._("answer shown without an attempt") == "risposta mostrata senza tentativi"
    with speaking("pl"):
        assert answers_given(["3"]) == "Odpowiedzi: „3”."


# -- P7, P8, P9, P11, P12, P13: words on the screens --------------------------------------


def test_polish_screen_words() -> None:
    from lessons.glossary import GLOSSARY
    from lessons.progress.words import progress_words

    with speaking("pl"):
        done = progress_words(
            started=True,
            completed=True,
            started_again=False,
            page=6,
            pages=6,
            best_score=1,
            max_score=6,
        )
        assert done == "ukończona, najlepszy wynik 1/6", done
        meanings = " ".join(i18n._(meaning) for _term, meaning in GLOSSARY)
        assert "nie został żaden wolny wiersz" in meanings
        assert "pole (3, 5) leży w wierszu 3" in meanings
        found = i18n._("first solution, found {count}").format(count=0)
        assert found == "pierwsze; znaleziono 0" and len(found) <= 27
        assert i18n._("Press 1 or 2, or the arrows and Enter; Esc: back to the lessons.").endswith(
            "Esc: powrót do listy lekcji."
        )
    with speaking("it"):
        meanings = " ".join(i18n._(meaning) for _term, meaning in GLOSSARY)
        assert "non resta nessuna riga libera" in meanings


def test_the_drive_question_names_esc_as_the_key_bars_do() -> None:
    for language in ("en", "it", "pl"):
        prompt = _pose("place", language, goal="drive", n="4").prompt
        assert "[esc]" in prompt and "[escape]" not in prompt, prompt


# -- I6: the numbers on the squares ----------------------------------------------------------


def test_the_italian_overlay_is_the_numbers_on_the_squares() -> None:
    from solver.views.squares import Overlay

    with speaking("it"):
        status = i18n._("overlay {overlay}  speed {speed}/s").format(
            overlay=Overlay.label(Overlay.OFF), speed=5
        )
        assert status == "numeri: nessuno  vel. 5/s", status
        assert i18n._("Overlay: off, col+row, row-col").startswith("Numeri sulle caselle")
        assert "sovr" not in status.lower()


# -- I13, I14, I16: --help ---------------------------------------------------------------------


def _help(capsys: pytest.CaptureFixture[str], language: str, *command: str) -> str:
    from tests.cli.inproc import call

    status, out, _err = call(capsys, "--lang", language, *command, "--help")
    assert status == 0
    return out


@pytest.mark.parametrize("command", [(), ("report",), ("count",), ("serve",)])
def test_help_speaks_in_one_person(
    capsys: pytest.CaptureFixture[str], command: tuple[str, ...]
) -> None:
    import re

    italian = _help(capsys, "it", *command)
    assert "ed esci" not in italian and " offri " not in italian and "fidarsi" not in italian
    polish = _help(capsys, "pl", *command)
    imperative = re.compile(
        r"^\s+(?:-\S+(?: \S+)?|\w+)\s{2,}(pokaż|policz|oferuj|wierz|nasłuchuj|ustawiaj|"
        r"powtarzaj|zatrzymaj)\b",
        re.M,
    )
    assert not imperative.search(polish), imperative.search(polish)
    for text in (italian, polish):
        assert "INDIRIZZO" not in text and "ADRES " not in text


def test_report_help_keys_each_on_a_line_of_their_own(capsys: pytest.CaptureFixture[str]) -> None:
    for language in ("en", "it", "pl"):
        text = _help(capsys, language, "report")
        assert max(len(line) for line in text.splitlines()) <= 100, language
        keys = next(line for line in text.splitlines() if "mixed_versions, problems" in line)
        assert keys.strip() == "same_answers, loaded_from_others, mixed_versions, problems"
    assert "il numero di studenti" in _help(capsys, "it", "report")
