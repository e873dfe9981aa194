"""The language review of a bilingual algorithms teacher (issue 22, ../shared/reviews/languages.md),
pinned: names on screen and in the lessons agree in each language, and the wordings the review
found wrong do not come back. Each test names the review's row it keeps fixed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import solver.placement.view  # noqa: F401  (registers the place board's messages)
from lessons import i18n
from solver.counting.estimate import duration
from solver.messages import Message, render
from solver.registry import make_engine, queens_methods, stepped
from solver.stepping import step
from solver.views.frame import Frame
from solver.views.squares import Overlay
from solver.views.views import narration_text
from tests.catalogs import translated_strings
from tests.cli.inproc import call
from tests.tiers import sweep

ROOT = Path(__file__).resolve().parents[3]
LESSONS = ROOT / "lessons" / "builtin"


def _frames(lang: str, method: str, n: int = 5, ticks: int = 400) -> list[Frame]:
    """The frames of the first ``ticks`` ticks of ``method``, in ``lang``."""
    i18n.set_language(lang)
    engine, view = make_engine(method, n), stepped(method).make_view()
    frames = []
    for _ in range(ticks):
        if not step(engine):
            break
        frames.append(view.frame(engine.snapshot(), Overlay.OFF))
    return frames


# -- row 6: the Polish rule names ---------------------------------------------------------


def test_polish_rule_names_have_their_noun() -> None:
    """ "ta sama kol+wiersz" has no noun for "ta sama" to agree with: the sum or the
    difference is what is the same."""
    nounless = re.compile(r"\b(ta sama|tej samej|równe|równym) (kol\+wiersz|wiersz-kol)", re.I)
    texts = translated_strings("pl") + [path.read_text() for path in (LESSONS / "pl").glob("*.md")]
    assert [text for text in texts if nounless.search(text)] == []
    assert any("ta sama suma kol+wiersz" in text for text in texts)
    assert any("ta sama różnica wiersz-kol" in text for text in texts)


# -- row 7: the Salerno notes' names of the diagonals -------------------------------------


@pytest.mark.parametrize(
    ("lang", "theirs", "wrong"),
    [
        ("it", ("diagonale maggiore", "diagonale minore"), ("principale", "secondaria")),
        ("pl", ("przekątnej „większej”", "przekątnej „mniejszej”"), ("główn", "poboczn")),
    ],
)
def test_the_general_method_names_the_diagonals_as_the_salerno_notes_do(
    lang: str, theirs: tuple[str, str], wrong: tuple[str, str]
) -> None:
    said = " ".join(narration_text(frame) for frame in _frames(lang, "general"))
    for words in theirs:
        assert words in said
    for words in wrong:
        assert words not in said


# -- rows 4, 11, 21: the tutor's own words in code, stack and status ----------------------


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("col+row", "row-col")),
        ("it", ("col+riga", "riga-col")),
        ("pl", ("kol+wiersz", "wiersz-kol")),
    ],
)
def test_the_overlay_is_named_in_the_language_in_use(lang: str, words: tuple[str, str]) -> None:
    i18n.set_language(lang)
    assert (Overlay.label(Overlay.SUM), Overlay.label(Overlay.DIFF)) == words
    assert Overlay.label(Overlay.OFF) == i18n._("off")


@pytest.mark.parametrize(
    ("lang", "comment"),
    [
        ("en", "// n: solved, -1: none"),
        ("it", "// n: soluzione, -1: nessuna"),
        ("pl", "// n: rozwiązanie, -1: brak"),
    ],
)
def test_the_loops_comment_is_in_the_language_in_use(lang: str, comment: str) -> None:
    code = _frames(lang, "iterative", ticks=1)[0].code.lines
    assert code[-1] == f"return k;  {comment}"
    assert [line for line in code if "//" in line] == [code[-1]]


@pytest.mark.parametrize(
    ("lang", "moves"),
    [("en", "up right down left"), ("it", "su destra giù sinistra"), ("pl", "góra prawo dół lewo")],
)
def test_the_maze_names_its_moves_as_the_narration_does(lang: str, moves: str) -> None:
    frames = _frames(lang, "maze", ticks=60)
    code = "\n".join(frames[0].code.lines)
    names = moves.split()
    assert "return [" + ", ".join(f'"{name}"' for name in names) + "]" in code
    said = " ".join(narration_text(frame) for frame in frames)
    stack = " ".join(line for frame in frames for line in frame.tables.lines)
    assert f"isAdm(stato, {names[1]})" in said  # the notes' own parameter name, as in the code
    assert f"m = {names[1]}" in stack
    if lang != "en":
        english = re.compile(r"\b(up|right|down|left|path|at)\b")
        assert english.findall(said + " " + stack + " " + code) == []


# -- rows 10, 14, 15, 25: numbers in sentences ---------------------------------------------


def _progress_home(tmp_path: Path, done: int) -> None:
    folder = tmp_path / "queens-tutor"
    folder.mkdir(parents=True, exist_ok=True)
    ids = ["problem", "small-boards", "naive-search", "diagonals"][:done]
    record = {"page": 0, "completed": True, "best_score": 1, "max_score": 5, "answers": {}}
    lessons = {key: record for key in ids}
    (folder / "progress.json").write_text(json.dumps({"schema": 1, "lessons": lessons}))


@pytest.mark.parametrize(
    ("lang", "done", "words"),
    [
        ("it", 1, "1 lezione su 9 completata"),
        ("it", 2, "2 lezioni su 9 completate"),
        ("it", 0, "0 lezioni su 9 completate"),
        ("en", 1, "1 lesson out of 9 done"),
        ("en", 2, "2 lessons out of 9 done"),
    ],
)
def test_progress_agrees_with_the_lessons_done(
    lang: str,
    done: int,
    words: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    _progress_home(tmp_path, done)
    status, out, _err = call(capsys, "--lang", lang, "progress")
    assert status == 0 and words in out


@pytest.mark.parametrize(
    ("lang", "count", "size", "words"),
    [
        ("it", 1, 2, "Della sua orbita ne hai trovata 1 su 2."),
        ("it", 2, 4, "Della sua orbita ne hai trovate 2 su 4."),
        ("en", 1, 2, "Of its orbit you have found 1 of 2."),
    ],
)
def test_the_place_board_agrees_with_the_solutions_found(
    lang: str, count: int, size: int, words: str
) -> None:
    i18n.set_language(lang)
    assert render(Message.of("place.in_class", count=count, size=size)) == words


def test_a_fraction_of_days_takes_the_polish_genitive() -> None:
    i18n.set_language("pl")
    assert duration(8.3 * 86400) == "8,3 dnia"


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "n=12: 14,200 solutions, 1,787 unique"),
        ("it", "n=12: 14.200 soluzioni, uniche a meno di rotazioni e riflessioni: 1.787"),
        ("pl", "n=12: 14\u00a0200 rozwiązań, podstawowych"),
    ],
)
def test_count_writes_its_numbers_as_the_language_does(
    lang: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _err = call(capsys, "--lang", lang, "count", "12", "--unique")
    assert status == 0 and out.startswith(words), out


# -- row 16: compare's columns ------------------------------------------------------------


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
def test_compare_sizes_its_columns_from_the_words_shown(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _err = call(capsys, "--lang", lang, "compare", "6")
    header, *rows = out.splitlines()[1:]
    i18n.set_language(lang)
    time_ends = header.index(i18n._("time")) + len(i18n._("time"))
    unit_starts = header.index(i18n._("unit"))
    assert status == 0 and len(rows) == len(queens_methods())
    for row in rows:
        assert row[:time_ends].endswith((" s", " -")), row  # every time ends in one column
        assert row[unit_starts - 2 : unit_starts] == "  " and row[unit_starts] != " ", row


# -- the lesson files (rows 26-63 and 2d) -------------------------------------------------

LESSON_SLIPS = [
    # row 26-27, 47-48: lesson 4 named the overlay and the tutor's words in English
    ("it/04-diagonals.md", r"col\+row|row-col|same row"),
    ("pl/04-diagonals.md", r"col\+row|row-col|same row"),
    # rows 28, 49: the diagram's labels
    ("it/01-problem.md", r"\brow \d"),
    ("pl/01-problem.md", r"\brow \d"),
    # row 21: the code comments the tutor added, in English
    ("it/05-iterative.md", r"free square|no free|solution, -1: none"),
    ("pl/05-iterative.md", r"free square|no free|solution, -1: none"),
    # row 29: "un giro" is a full turn
    ("it/07-symmetry.md", r"dopo un giro|\bgirala\b|\bgirata\b"),
    ("it/07-symmetry.md", r"nelle due diagonali"),
    ("it/01-problem.md", r"speculare nella diagonale|Wrocław, Università di Wrocław"),
    ("it/01-problem.md", r"non ne esistono|per righe come Torino|La slide stampa|perdendo"),
    ("it/03-naive-search.md", r"resta da controllare|molte meno della\s+forza bruta"),
    ("it/06-recursive.md", r"contabilità|fa la parte del|Rimettere i tre\s+segni"),
    ("it/08-recipe.md", r"seguono il loro|colpisce un muro|su una scacchiera 9 x 9"),
    ("it/09-cost.md", r"Tentativi e ritorni al|k\s+worker \("),
    # row 50: the Polish lessons call the program "tutor"
    ("pl/01-problem.md", r"(?<!queens-)tutor"),
    ("pl/04-diagonals.md", r"(?<!queens-)tutor"),
    ("pl/05-iterative.md", r"(?<!queens-)tutor"),
    ("pl/09-cost.md", r"(?<!queens-)tutor"),
    ("pl/01-problem.md", r"nie rozwiązanie$|przed startem"),
    ("pl/05-iterative.md", r"^@title Algorytm|wraca\s+25 razy|\[ \] kończy:"),
    ("pl/06-recursive.md", r"puszczony"),
    ("pl/07-symmetry.md", r"o pół obrotu|o ćwierć obrotu|\*\*unikalne\*\*|orbita z 4"),
    ("pl/08-recipe.md", r"Persiano|śledzą swoje|gra rolę|w górę, w prawo"),
    ("pl/09-cost.md", r"^@title Koszt i dalej$|około połowy czasu"),
    # 2d: English slips
    ("en/04-diagonals.md", r"and keeps three"),
    ("en/06-recursive.md", r"with its\s+three arrays"),
    ("en/02-small-boards.md", r"exception it does not count"),
]


@pytest.mark.parametrize(("name", "slip"), LESSON_SLIPS)
def test_the_lessons_keep_the_reviews_wordings(name: str, slip: str) -> None:
    text = (LESSONS / name).read_text()
    assert re.findall(slip, text, re.MULTILINE) == []


# -- the screens' and commands' words (rows 5, 8, 12, 13, 17, 18, 22-24, 57, 64) -----------

CATALOG_SLIPS = [
    ("it", "non è giusto"),  # row 13: "Riga 1 non è giusto"
    ("it", "lavori"),  # row 23: a job is a "compito", as in lesson 9
    ("it", "k = -1: nessuna colonna"),  # row 12: cut in the lesson's b[] pane
    ("it", "La pagina non disegna la scacchiera"),  # row 5: the scan's first sentence was cut
    ("pl", "k = n = {n}: rozwiązane"),  # row 12
    ("pl", "Strona nie rysuje szachownicy"),  # row 5
    ("pl", "znalezione rozwiązania: {count}"),  # row 8: the count was cut off
    ("pl", "najlepiej"),  # row 17: an adverb where a noun is needed
    ("pl", "Uczeń"),  # row 22: university students
    ("pl", "ucznia"),
    ("pl", "uczniów"),
    ("pl", "na kroku"),  # row 24: "w kroku" everywhere
    ("pl", "unikaln"),  # row 57: the fundamental solutions are "podstawowe"
    ("pl", "Zapomnieć"),  # row 64
    ("pl", "zapomina"),
    ("pl", "isAdm(path"),  # row 11
    ("it", "isAdm(path"),
]


@pytest.mark.parametrize(("lang", "slip"), CATALOG_SLIPS)
def test_the_catalogs_keep_the_reviews_wordings(lang: str, slip: str) -> None:
    assert [text for text in translated_strings(lang) if slip in text] == []


def test_the_days_of_an_estimate_are_always_a_fraction() -> None:
    """Row 14's "{value} dnia" is right because the days always have one decimal."""
    assert re.fullmatch(r"\d+\.\d days", duration(3.5 * 86400))
