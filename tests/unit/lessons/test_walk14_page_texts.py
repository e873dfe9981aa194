"""Page texts a student read twice or misread (student walk 14, en): the "you drive" page
repeated its practice box's instructions word for word (en 2); lesson 2 p7 named the Wrocław
lecture twice in a row (en 1); lesson 5's quotes of the Polish slides nested straight double
quotes in straight double quotes (en 10)."""

from __future__ import annotations

import re

import pytest

from lessons.catalog import load_catalog
from lessons.model import BoardOp, Question, Text

LANGUAGES = ["en", "it", "pl"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_drive_page_leaves_the_keys_to_its_practice_box(lang: str) -> None:
    """The box of a ``place ... goal=drive`` question names every key it takes; the page's text
    above it names none again."""
    seen = 0
    for lesson in load_catalog(lang).lessons:
        for page in lesson.pages:
            drive = any(
                isinstance(b, Question) and b.kind == "place" and b.params.get("goal") == "drive"
                for b in page.blocks
            )
            if not drive:
                continue
            seen += 1
            text = "\n".join(b.markdown for b in page.blocks if isinstance(b, Text))
            assert "<kbd>" not in text, (lesson.id, page.title)
    assert seen >= 1


def test_lesson_2_names_the_source_of_many_solutions_once() -> None:
    lesson = next(x for x in load_catalog("en").lessons if x.id == "small-boards")
    page = next(p for p in lesson.pages if p.title == "n = 4: two solutions")
    text = " ".join(b.markdown for b in page.blocks if isinstance(b, Text))
    before_example = " ".join(text.split("```")[0].split())
    assert before_example.count("Wrocław") == 1, before_example


@pytest.mark.parametrize("lang", LANGUAGES)
def test_quoted_slides_keep_one_kind_of_quote_inside_another(lang: str) -> None:
    """The slides' "Brak wolnej "wyższej" pozycji" read as a quote ending after "wolnej"."""
    lesson = load_catalog(lang).find("iterative")
    assert lesson is not None
    quoted = 0
    for page in lesson.pages:
        for block in page.blocks:
            if not isinstance(block, Text):
                continue
            for line in block.markdown.splitlines():
                if "Brak wolnej" not in line:
                    continue
                quoted += 1
                quote = re.search(r"[\"„«][^\n]*?Brak wolnej[^\n]*?!(?:\"|”|»)", line)
                assert quote is not None, line
                inner = quote.group(0)[1:-1]
                assert quote.group(0)[0] not in inner and quote.group(0)[-1] not in inner, line
    assert quoted >= 4


COLUMN_0 = {"en": "column 0", "it": "colonna 0", "pl": "kolumnie 0"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_guess_stretches_say_column_0_is_not_asked(lang: str) -> None:
    """Lesson 5's guess stretches ask about every test but column 0's (free by construction,
    :meth:`solver.kit.SteppableKit.asks_nothing`); the text said only "a tick that tests
    nothing just plays", and a student counting tests got one more than the box's questions
    (student walk 14, en 9)."""
    lesson = load_catalog(lang).find("iterative")
    assert lesson is not None
    for page in lesson.pages:
        before: list[str] = []
        for block in page.blocks:
            if isinstance(block, Question) and block.kind == "guess":
                intro = " ".join(" ".join(before).split()).replace("\xa0", " ")
                assert COLUMN_0[lang] in intro.split("isfree")[0], intro
                return
            if isinstance(block, Text):
                before.append(block.markdown)
    raise AssertionError("no guess question in lesson 5")


T_ZEROS = {"en": "hold 0", "it": "valgono 0", "pl": "mają 0"}
MARKED_ALWAYS = {
    "en": "the queen it is compared with is marked",
    "it": "la regina confrontata è segnata",
    "pl": "hetman, z którym porównujemy, jest zaznaczony",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sicura_page_says_what_its_board_marks(lang: str) -> None:
    """Lesson 6 p6 said every compared queen is marked; the board marks one only when it
    attacks the square (sicura(2, 1) against column 0 marks nothing), and T[]'s unset cells
    hold 0, read as queens in row 0 (student walk 14, en 16)."""
    from solver.methods.scan.view import ScanView
    from solver.registry import make_engine
    from solver.stepping import Mode, Stop
    from solver.views.frame import Mark

    engine = make_engine("scan", 5, Mode.FIRST, None)
    attackers = []
    for _ in range(16):  # the page's tick 14, sicura(2, 0); then sicura(2, 1) against column 0
        engine.run(Stop.TICK, max_ticks=1)
        board = ScanView().frame(engine.snapshot(), "off").board  # type: ignore[arg-type]
        attackers.append(any(Mark.ATTACKER in line for line in board.squares))
    assert attackers[13] and not attackers[15]  # only an attacking queen is marked
    lesson = load_catalog(lang).find("recursive")
    assert lesson is not None
    texts = [
        " ".join(" ".join(b.markdown for b in p.blocks if isinstance(b, Text)).split())
        for p in lesson.pages
        if any(isinstance(b, BoardOp) for b in p.blocks)
    ]
    text = next(t for t in texts if "T[i]" in t and "sicura" in t).replace("\xa0", " ")
    assert MARKED_ALWAYS[lang] not in text, text
    assert T_ZEROS[lang] in text, text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_5_does_not_print_the_backtracks_lesson_9_asks_for(lang: str) -> None:
    """Lesson 9 p1 asks how many backtracks the loop makes on 6 x 6 before its first solution,
    worked out from its ticks and squares tested; lesson 5 p9 printed the number, and the
    question became recall (student walk 14, en 13)."""
    from solver.events import Backtrack
    from solver.methods.iterative.engine import IterativeEngine
    from solver.stepping import Mode

    engine = IterativeEngine(6, Mode.FIRST)
    backtracks = 0
    while not engine.finished and engine.k < 6:
        backtracks += isinstance(engine.step(), Backtrack)
    assert backtracks == 25
    lesson = load_catalog(lang).find("iterative")
    assert lesson is not None
    for page in lesson.pages:
        text = " ".join(b.markdown for b in page.blocks if isinstance(b, Text))
        assert not re.search(rf"(?<![\d,.]){backtracks}(?![\d,.])", text), (page.title, text)
