"""``lessons check --lang it|pl``: a teacher reads every error in their language, at the same
lines and with the same exit status as in English."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.clirun import run_main
from tests.tiers import sweep

SYNTAX = """@lesson Bad_Id
@title T
x before
@page P
@frobnicate
@question choice
prompt: x
zz
@end
@summary
"""

PARAMETERS = """@lesson params
@title T
@page P
@board n=40
@step 2 leaps
@back 1 2
"""

PLAYED = """@lesson played
@title T
@page P
@board n=4
@expect k = 3
@question attacker
@end
@quiz
x
"""

ORIGINAL = """@lesson story
@title T
@lang en
@page A
92 solutions.
@board n=8
@step 2
@question number
prompt: x
answer: 92
@end
"""

TRANSLATION = """@lesson story
@title T
@lang pl
@page A
93 rozwiązania.
@board n=8
@step 3
@question number
prompt: x
answer: 93
@end
"""


FILES = {
    "syntax.md": SYNTAX,
    "params.md": PARAMETERS,
    "played.md": PLAYED,
    "en/story.md": ORIGINAL,
    "pl/story.md": TRANSLATION,
}
"""A syntax error of each kind, bad parameters, a lesson that plays wrong, and a translation
that does not agree with its English original."""


def _paths(folder: Path) -> list[str]:
    return [str(folder / name) for name in FILES]


def _where(lines: list[str]) -> list[str]:
    """FILE:LINE of each error line."""
    return [line.split(": ", 1)[0] for line in lines]


@pytest.fixture(scope="session")
def english(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    folder = tmp_path_factory.mktemp("lessons")
    (folder / "en").mkdir()
    (folder / "pl").mkdir()
    for name, text in FILES.items():
        (folder / name).write_text(text, encoding="utf-8")
    result = run_main("--lang", "en", "lessons", "check", *_paths(folder))
    assert result.status == 1, result.err
    return folder, result.out.splitlines()


IT = [
    "syntax.md:1: l'id della lezione deve contenere solo lettere minuscole, cifre e '-', "
    "non 'Bad_Id'",
    "syntax.md:3: testo prima della prima @page; inizia una pagina con @page TITOLO",
    "syntax.md:5: direttiva sconosciuta @frobnicate; quelle note: @lesson, @title,",
    "syntax.md:8: non è un campo di domanda: 'zz'; ci si aspetta prompt:, hint:,",
    "syntax.md:10: @summary va messa prima della prima @page",
    "params.md:4: @board: n deve essere da 1 a 32, non 40",
    "params.md:5: l'unità di @step deve essere uno tra tick, ticks, iteration, iterations, "
    "non 'leaps'",
    "params.md:6: @back accetta un solo numero: quanti tick annullare",
    "played.md:5: atteso k = 3, ma k = 0 al tick 0",
    "played.md:6: attacker: l'ultimo tick (il tick 0) non ha trovato una casella attaccata",
    "played.md:8: una pagina @quiz deve avere almeno una @question",
    "pl/story.md:4: i numeri sono diversi da quelli della pagina inglese (",
    "pl/story.md:7: @step 3 tick, mentre l'inglese ha @step 2 tick (",
    "pl/story.md:8: answer: 93, mentre l'inglese ha 92 (",
    "syntax.md:6: @question choice richiede almeno due risposte (righe '- [ ] testo')",
]

PL = [
    "syntax.md:1: id lekcji może zawierać tylko małe litery, cyfry i '-', a nie 'Bad_Id'",
    "syntax.md:3: tekst przed pierwszym @page; zacznij stronę od @page TYTUŁ",
    "syntax.md:5: nieznana dyrektywa @frobnicate; znane: @lesson, @title,",
    "syntax.md:8: to nie jest pole pytania: 'zz'; oczekiwano prompt:, hint:,",
    "syntax.md:10: @summary musi stać przed pierwszym @page",
    "params.md:4: @board: n musi być od 1 do 32, a nie 40",
    "params.md:5: jednostka w @step musi być jednym z: tick, ticks, iteration, iterations, "
    "a nie 'leaps'",
    "params.md:6: @back przyjmuje jedną liczbę: ile kroków cofnąć",
    "played.md:5: oczekiwano k = 3, ale k = 0 w kroku 0",
    "played.md:6: attacker: ostatni krok (krok 0) nie trafił na atakowane pole",
    "played.md:8: strona @quiz musi mieć co najmniej jedno @question",
    "pl/story.md:4: liczby różnią się od tych na stronie angielskiej (",
    "pl/story.md:7: @step 3 tick, a w wersji angielskiej jest @step 2 tick (",
    "pl/story.md:8: answer: 93, a w wersji angielskiej 92 (",
    "syntax.md:6: @question choice wymaga co najmniej dwóch odpowiedzi (wiersze '- [ ] tekst')",
]


@pytest.mark.parametrize(
    ("lang", "expected"), sweep([("it", IT), ("pl", PL)], everyday=[("pl", PL)], several=True)
)
def test_lessons_check_speaks_the_teachers_language(
    english: tuple[Path, list[str]], lang: str, expected: list[str]
) -> None:
    folder, english_lines = english
    result = run_main("--lang", lang, "lessons", "check", *_paths(folder))
    assert result.status == 1, result.err
    lines = result.out.splitlines()
    assert _where(lines) == _where(english_lines)  # the same errors at the same lines
    shown = [line.removeprefix(f"{folder}/") for line in lines]
    for sentence in expected:
        assert any(line.startswith(sentence) for line in shown), (sentence, shown)
    assert not set(lines) & set(english_lines)  # no error left in English
    assert "translates" not in result.out and "expected" not in result.out
