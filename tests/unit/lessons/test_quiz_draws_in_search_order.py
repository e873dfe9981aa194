"""A quiz's questions about one search are asked in tick order, with the drawing's variety kept; a
question asked at another moment than the board showed last says so ("Later in the same search: tick
68.")."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.i18n import speaking
from lessons.quiz.kinds import KINDS
from tests.tiers import sweep
from tests.unit.lessons.quiz_runs import quiz_run, waiting
from tests.unit.lessons.review_progress import lesson

SEEDS = (1, 7, 99, 12_345, 424_242, 2**30 + 3)


def _ticks(seed: int, path: Path) -> list[tuple[int, str, int]]:
    """(tick asked at, prompt, tick the feedback's board shows) of each question drawn on the
    live board."""
    run = quiz_run(lesson("iterative"), seed, path / f"{seed}.json")
    found = []
    for asked in waiting(run):
        run.reveal()
        if asked.instance.startswith("tick="):
            assert run.engine is not None
            found.append((int(asked.instance[5:]), asked.posed.prompt, run.engine.tick))
    return found


@pytest.mark.parametrize("seed", sweep(SEEDS, everyday=[1]))
def test_lesson_5_quiz_walks_its_search_forward(tmp_path: Path, seed: int) -> None:
    found = _ticks(seed, tmp_path)
    assert len(found) >= 4
    ticks = [tick for tick, _prompt, _end in found]
    assert ticks == sorted(ticks) and len(set(ticks)) == len(ticks), ticks
    for (tick, prompt, _end), before in zip(found[1:], found, strict=False):
        moved = tick != before[2]
        assert prompt.startswith("Later in the same search: tick ") == moved, (tick, prompt)
        if moved:
            assert prompt.startswith(f"Later in the same search: tick {tick}.")


def test_the_drawing_still_varies(tmp_path: Path) -> None:
    draws = {tuple(tick for tick, _p, _e in _ticks(seed, tmp_path)) for seed in SEEDS}
    assert len(draws) >= 4


def test_the_moment_is_said_in_every_language(tmp_path: Path) -> None:
    for code, first, later in (
        ("it", "La scacchiera mostra questa ricerca al tick", "Più avanti nella stessa ricerca"),
        ("pl", "Szachownica obok pokazuje przeszukiwanie w kroku", "Dalej w tym samym"),
    ):
        with speaking(code):
            run = quiz_run(lesson("iterative"), 1, tmp_path / f"{code}.json")
            questions = waiting(run)
            asked = next(questions)  # the search just set up: its moment said plainly (F7)
            assert asked.posed.prompt.startswith(first), asked.posed.prompt
            run.reveal()
            asked = next(questions)
            assert asked.posed.prompt.startswith(later), asked.posed.prompt


@pytest.mark.parametrize("lesson_id", ["diagonals", "iterative", "recipe"])
def test_the_last_questions_board_stays_to_the_end(tmp_path: Path, lesson_id: str) -> None:
    """F18: after the quiz's last answer the board is the one just asked about, on the
    "Lesson complete!" screen too, not an earlier page's."""
    run = quiz_run(lesson(lesson_id), 7, tmp_path / "p.json")
    last = None
    for asked in waiting(run):
        run.reveal()
        if run.engine is not None and KINDS[asked.question.kind].board:
            last = (run.engine.tick, run.engine.snapshot)
    assert last is not None
    while not run.page_done:
        run.go_on()
    run.next_page()
    assert run.finished
    assert run.engine is not None
    assert (run.engine.tick, run.engine.snapshot) == last
