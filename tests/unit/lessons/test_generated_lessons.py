"""Lessons built from the format's grammar (boards of every queens method, steps, overlays, the
tree, questions about the board), played headless: a lesson ``lessons check`` passes loads and
runs; while a question waits nothing on screen answers it (the board's marks, its col+row and
row-col numbers, the tree's last node); every wrong answer's reason names only what the search
did."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons.checking.validate import check_text
from lessons.parsing.parser import parse
from lessons.quiz.kinds import KINDS
from lessons.runner import LessonRun
from solver.messages import Message, render
from solver.registry import steppable_methods, stepped
from solver.session.board import BoardSession
from solver.stepping import Kind, Mode, Stop
from solver.tree.view import TreeChars, TreeFollower
from tests.tiers import examples
from tests.unit.lessons.answers_on_screen import GIVEAWAY_MARKS

QUEENS = sorted(m for m in steppable_methods() if stepped(m).queens)
CHARS = TreeChars("├─", "└─", "│ ", "  ", ">", "Q", "x", "-", "*")
RULES = tuple(render(Message.of(f"tree.rule.{rule}")) for rule in ("row", "sum", "diff"))


@st.composite
def pages(draw: st.DrawFn, kept: str) -> tuple[str, str, int]:
    """One page's lines, with its board's method and size (or '' when it keeps ``kept``)."""
    lines = ["@quiz" if draw(st.booleans()) and kept else "@page P"]
    method, n = "", 0
    if not kept or draw(st.booleans()):
        method, n = draw(st.sampled_from(QUEENS)), draw(st.integers(4, 6))
        lines.append(f"@board n={n} algorithm={method}")
    if draw(st.booleans()):
        lines.append(f"@overlay {draw(st.sampled_from(['sum', 'diff']))}")
    if stepped(method or kept).has_tree and draw(st.booleans()):
        lines.append("@tree on")
    attacked = _attacked_ticks(method, n) if method else ()
    step = draw(st.sampled_from(attacked)) if attacked else draw(st.integers(1, 12))
    kinds = draw(st.lists(st.sampled_from(("next-choice", "same-diagonal")), max_size=2))
    if step in attacked:  # asked while the square just tried is attacked
        asks = st.lists(st.sampled_from(("attacker", "attack-rule")), min_size=1, max_size=2)
        kinds = [*draw(asks), *kinds]
    kinds = kinds or ["next-choice"]
    lines.append(f"@step {step}")
    for kind in kinds:
        squares = " square=0,0 other=2,2" if kind == "same-diagonal" else ""
        lines += [f"@question {kind}{squares}", "@end"]
    return "\n".join(lines), method, n


@st.composite
def lessons(draw: st.DrawFn) -> tuple[str, list[tuple[str, int]]]:
    boards: list[tuple[str, int]] = []
    drawn: list[str] = []
    method, n = "", 0
    for _page in range(draw(st.integers(1, 3))):
        page, own, size = draw(pages(method))
        method, n = (own, size) if own else (method, n)
        boards.append((method, n))
        drawn.append(page)
    text = "@lesson gen\n@title Generated\n" + "\n".join(drawn) + "\n"
    return text, boards


def _attacked_ticks(method: str, n: int, ticks: int = 15) -> tuple[int, ...]:
    """The ticks among the first ``ticks`` whose square tried is attacked."""
    session = BoardSession(method, n, Mode.FIRST, None, lesson=True)
    found = []
    while session.engine.tick < ticks and session.engine.run(Stop.TICK, max_ticks=1).ticks:
        test = session.kit.test_of(session.engine.snapshot())
        if test is not None and not test.free:
            found.append(session.engine.tick)
    return tuple(found)


def _history(method: str, n: int, tick: int) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """The squares a queen stood on, and those tested and refused, up to ``tick``."""
    session = BoardSession(method, n, Mode.FIRST, None, lesson=True)
    kit, engine = session.kit, session.engine
    stood: set[tuple[int, int]] = set()
    refused: set[tuple[int, int]] = set()
    tried = None
    while engine.tick < tick and engine.run(Stop.TICK, max_ticks=1).ticks:
        snapshot = engine.snapshot()
        test = kit.test_of(snapshot)
        tried = test.square if test is not None else tried
        if test is not None and not test.free:
            refused.add(test.square)
        if snapshot.last_kind is Kind.PLACE and tried is not None:
            stood.add(tried)  # the queen goes on the square tested last
    return stood, refused


def _told(run: LessonRun, method: str, n: int) -> list[str]:
    """What the waiting question's panes give away, and its untrue reasons."""
    asked, session = run.asked, run.session
    assert asked is not None and session is not None
    told: list[str] = []
    page = run.page_frame()  # the plain tutor's board; the full screen's is board_shown's
    for board in (run.board_shown().board, page.board if page is not None else None):
        if run.predicting and board is not None:
            told += [f"mark {m}" for line in board.squares for m in line if m in GIVEAWAY_MARKS]
        if KINDS[asked.question.kind].diagonal and board is not None and board.values is not None:
            told.append("the col+row or row-col numbers")
    if run.stage.tree and run.predicting:
        tree = TreeFollower(CHARS).frame(session.kit, session.snapshot, run.predicting)
        current = tree.lines[tree.current].text if tree is not None else ""
        told += [f"the tree's {current!r}" for rule in RULES if rule in current]
    if asked.question.kind == "next-choice" and session.kit.queens:
        stood, refused = _history(method, n, session.engine.tick)
        kit, iteration = session.kit, session.kit.next_iteration(session.engine)
        assert iteration is not None
        for value, reason in asked.posed.wrong.items():
            if not value.isdigit():
                continue
            square = kit.square_at(iteration.subject, int(value))
            name = kit.square_name(square)
            undone = render(Message.of("choice.why.undone", guess=name))
            if undone in reason and square not in stood:
                told.append(f"{value}: no queen stood there: {reason}")
            if render(Message.of("choice.why.refused", guess=name)) in reason and (
                square not in refused
            ):
                told.append(f"{value}: never refused: {reason}")
    return told


@pytest.mark.timeout(600)
@settings(max_examples=examples(60))
@given(lessons())
def test_a_lesson_the_check_passes_runs_and_shows_no_answer_nor_untrue_reason(
    generated: tuple[str, list[tuple[str, int]]],
) -> None:
    text, boards = generated
    if check_text(text, "gen.md"):
        return  # refused by the check: the tutor does not list it
    lesson = parse(text, "gen.md").lesson
    assert lesson is not None
    run = LessonRun(lesson)
    found: list[str] = []
    while not run.finished:
        if run.asked is not None:
            method, n = boards[run.page_index]
            where = f"page {run.page_index} {run.asked.question.kind}"
            found += [f"{where}: {told}" for told in _told(run, method, n)]
            run.reveal()
        elif run.answered:
            run.go_on()
        else:
            assert run.page_done, f"page {run.page_index} is stuck"
            run.next_page()
    assert not found, "\n".join([text, *found])
