"""Every question of a lesson walked headlessly, with what the lesson screen shows while it waits
(tui/screens/lesson_screen; tests/tui/test_answers_not_on_screen.py checks the app shows the
same), and what on it would state the answer."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from lessons import i18n
from lessons.answers.checking import AnswerType, Posed
from lessons.model import Lesson
from lessons.quiz.kinds import KINDS
from lessons.runner import LessonRun
from lessons.runner.answers import asked_in
from solver.registry import stepped
from solver.views.frame import Frame, Mark
from solver.views.hidden import HIDDEN, without_answers

GIVEAWAY_MARKS = frozenset(HIDDEN)
"""The board's marks that answer a question about the live board."""
MIN_CHOICE_TELL = 12
"""A right choice's text this long, found in the page's text, states the answer (shorter ones,
like "yes" or "same row", are ordinary words)."""
SEPARATORS = ",.\u00a0\u202f' "


@dataclass(frozen=True)
class Waiting:
    """One question as it waits: where it is, the text on screen, and the board's marks."""

    lesson: str
    page: int
    title: str
    kind: str
    posed: Posed
    text: str
    marks: frozenset[Mark]
    panes: str = ""
    """What the tutor itself shows (none of the lesson's words): a count under 10 is read here."""


def solutions_box(frame: Frame, run: LessonRun) -> str:
    """The box of solutions found, as the lesson screen shows it (hidden while a question
    waits)."""
    status = frame.status
    if not status.all_mode or not status.found or run.asked is not None:
        return ""
    title = i18n._("solutions found: {count}").format(count=i18n.number(status.found))
    return "\n".join((title, *frame.solutions))


def on_screen(run: LessonRun) -> tuple[str, frozenset[Mark]]:
    """The text the lesson screen shows now, and the marks of its board."""
    parts = [run.page.title, *(text.markdown for text in run.shown)]
    if run.asked is not None:
        parts.append(run.asked.posed.prompt)
        parts.extend(i18n._(choice) for choice in run.asked.posed.choices)
    panes, marks = computed(run)
    return "\n".join([*parts, panes]), marks


def computed(run: LessonRun) -> tuple[str, frozenset[Mark]]:
    """What the tutor itself shows beside the lesson's words (the board's numbers, the state,
    the status line, the solutions found, the score), and the marks of its board."""
    parts = []
    shown = run.board_shown()  # a question's own board (a maze, a placement) hides the page's
    board_of = shown.board if shown.given and shown.board is not None else None
    marks = frozenset(m for line in board_of.squares for m in line) if board_of else frozenset()
    frame = None if shown.given else run.page_frame()
    if frame is not None:
        board = without_answers(frame.board) if run.predicting else frame.board
        marks = frozenset(mark for line in board.squares for mark in line)
        if board.values is not None:
            parts.append(" ".join(str(v) for line in board.values for v in line))
        for row in frame.tables.rows:
            parts.append(" ".join((row.label, *(cell.text for cell in row.cells))))
        parts.extend(frame.tables.lines)
        status = frame.status
        parts += [f"{status.size} {status.where}", f"tick {status.tick}"]
        parts.append(solutions_box(frame, run))
    parts.append(f"{run.score}/{run.lesson.max_score}")
    return "\n".join(parts), marks


def as_waiting(run: LessonRun, text: str, marks: frozenset[Mark] = frozenset()) -> Waiting:
    """The question ``run`` asks, as it waits with ``text`` and the board's ``marks`` on screen
    (the board's tick left out unless the question counts the ticks of a board of its size:
    it is no other answer)."""
    asked = run.asked
    assert asked is not None
    panes, params, engine = computed(run)[0], asked.question.params, run.stage.engine
    size = str(engine.n) if engine is not None and stepped(engine.method).queens else None
    if params.get("of") != "ticks" or params.get("n", size) != size:
        text, panes = (re.sub(r"tick \d+", "tick", shown) for shown in (text, panes))
    page, kind = run.page, asked.question.kind
    return Waiting(run.lesson.id, run.page_index, page.title, kind, asked.posed, text, marks, panes)


def walk(lesson: Lesson) -> Iterator[Waiting]:
    """Every question of ``lesson`` in order, as it waits; each is then shown (revealed)."""
    for run in asked_in(LessonRun(lesson)):
        yield as_waiting(run, *on_screen(run))


def renderings(value: int) -> set[str]:
    """A number as any of the languages writes it: 40320, 40,320, 40.320, 40 320."""
    plain = str(abs(value))
    grouped = f"{abs(value):,}"
    found = {plain, grouped}
    for mark in SEPARATORS[1:]:
        found.add(grouped.replace(",", mark))
    return found


def number_found(value: int, text: str) -> bool:
    """``value`` (10 or more, any notation) stands in ``text`` as a number of its own."""
    for shown in renderings(value):
        pattern = (
            r"(?<![\d,.])(?<!\d[ \u00a0\u202f])(?<!\dx)"  # a board's size (9x15) is no answer
            + re.escape(shown)
            + r"(?!\d)(?![,.\u00a0\u202f ]\d)(?!x\d)"
        )
        if re.search(pattern, text):
            return True
    return False


def counted(value: int, text: str, prompt: str) -> bool:
    """``value`` stands in ``text`` as a count of what ``prompt`` counts: a number of its own
    before one of the prompt's words ("8 moves" beside "How many moves ...?")."""
    asked = set(re.findall(r"[^\W\d_]{3,}", prompt.lower()))
    found = re.finditer(rf"(?<![\d.,-]){value}(?![\d.,])\s+([^\W\d_]{{3,}})", text)
    return any(match.group(1).lower() in asked for match in found)


def tells(waiting: Waiting) -> list[str]:
    """What on screen states the waiting question's answer: a number (10 or more), a long right
    choice's text in the page's text, or the board's marks answering a live-board question."""
    posed = waiting.posed
    found: list[str] = []
    if (
        posed.answer_type in (AnswerType.NUMBER, AnswerType.ROW)
        and posed.expected.lstrip("-").isdigit()
    ):
        values = {
            int(posed.expected),
            *(int(v) for v in posed.also_right if v.lstrip("-").isdigit()),
        }
        # a next-state prompt says what the name is now, and it may stay so: not a tell
        prompt = re.sub(r"tick \d+", "tick", posed.prompt)  # as the waiting text has it
        text = waiting.text.replace(prompt, "") if posed.kind == "next-state" else waiting.text
        counts = not KINDS[waiting.kind].board and posed.answer_type is AnswerType.NUMBER
        for value in values:
            if abs(value) >= 10 and number_found(value, text):
                found.append(f"the answer {value}")
            elif abs(value) < 10 and counts and counted(value, waiting.panes, posed.prompt):
                found.append(f"the count {value}")
    if posed.answer_type is AnswerType.CHOICE:
        right = i18n._(posed.choices[int(posed.expected)])
        others = [i18n._(c) for i, c in enumerate(posed.choices) if str(i) != posed.expected]
        page_text = waiting.text.replace(posed.prompt, "")
        for choice in posed.choices:
            page_text = page_text.replace(i18n._(choice), "")
        long_enough = len(right) >= MIN_CHOICE_TELL and not any(right in o for o in others)
        if long_enough and right.lower() in page_text.lower():
            found.append(f"the right choice {right!r}")
    if KINDS[waiting.kind].board and waiting.marks & GIVEAWAY_MARKS:
        found.append("the board's attack marks")
    return found
