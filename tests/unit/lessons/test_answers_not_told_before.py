"""No answer is given away before its question: not on screen while it waits (built-in and generated
lessons), no attack marks before another question, no untrue reason, no earlier page telling it."""

from __future__ import annotations

import functools
import re
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings

from lessons import i18n
from lessons.answers.checking import AnswerType, Posed
from lessons.catalog import load_catalog
from lessons.checking.validate import check_text
from lessons.model import Lesson, Overlay, Question, Text
from lessons.parsing.parser import parse
from lessons.quiz.drawers.pooled import stated_orbits
from lessons.quiz.kinds import KINDS
from lessons.runner import LessonRun
from lessons.runner.answers import answers
from solver import symmetry
from solver.messages import Message, render
from solver.placement import view as place_view
from solver.placement.board import FoundSolutions, PlacementState
from solver.runs import run_method
from solver.symmetry import orbit
from solver.tree.view import TreeChars, TreeFollower
from solver.views.frame import Mark
from tests.tiers import examples, sweep
from tests.unit.lessons.answers_on_screen import (
    GIVEAWAY_MARKS,
    Waiting,
    as_waiting,
    asked_in,
    number_found,
    on_screen,
    tells,
    walk,
)
from tests.unit.lessons.generated_lessons import history, lessons, refused
from tests.unit.lessons.quiz_runs import lesson_in, quiz_page, quiz_run, waiting

LANGUAGES = ("en", "it", "pl")


@dataclass(frozen=True)
class Asked:
    page: int  # the page's index (0-based)
    kind: str
    params: dict[str, str]
    posed: Posed
    board: tuple[str, int, str] | None  # the board's method, size and mode, if it has one
    ticks: tuple[int, int]  # the board's tick when asked and after the answer's ticks
    overlay: Overlay
    shown_before: str  # the page text shown up to the question
    feedback: str  # what the student reads after a right answer


def _right(posed: Posed) -> str:
    if posed.answer_type is AnswerType.CHOICE:
        return posed.choice_label(int(posed.expected))
    if posed.answer_type is AnswerType.ROW and posed.expected == "backtrack":
        return "b"
    return posed.expected


def _walk(lesson: Lesson) -> Iterator[Asked]:
    run = LessonRun(lesson)
    for index in range(len(lesson.pages)):
        run.goto(index)
        while run.asked is not None:
            engine = run.stage.engine
            board = None
            before = 0
            if engine is not None:
                board = (engine.method, engine.n, str(engine.mode))
                before = engine.tick
            shown = "\n".join(block.markdown for block in run.shown if isinstance(block, Text))
            asked = run.asked
            overlay = run.stage.overlay
            if asked.posed.answer_type is AnswerType.PLACE or asked.posed.kind == "guess":
                feedback = ""
            else:
                verdict = asked.posed.check(_right(asked.posed))
                assert verdict.correct, (lesson.id, index, asked.posed.prompt)
                feedback = verdict.message
            run.reveal()  # plays the question's ticks, as a right answer does
            after = engine.tick if engine is not None else 0
            yield Asked(
                index,
                asked.question.kind,
                dict(asked.question.params),
                asked.posed,
                board,
                (before, after),
                overlay,
                shown,
                feedback,
            )
            run.go_on()


def _lessons(language: str) -> list[Lesson]:
    """The built-in lessons of ``language``, spoken in it."""
    i18n.set_language(language)
    return list(load_catalog(language).lessons)


@functools.cache
def _walked(language: str) -> tuple[tuple[Lesson, tuple[Asked, ...]], ...]:
    """Every built-in lesson of ``language`` with its questions as walked, once a process."""
    return tuple((lesson, tuple(_walk(lesson))) for lesson in _lessons(language))


_ENTRY = re.compile(r"b\[(\d+)\]\s*=\s*(-?\d+)")


def _normal(text: str) -> str:
    return _ENTRY.sub(r"b[\1] = \2", text)


def _solution(text: str) -> tuple[int, ...]:
    return tuple(int(v) for v in text.strip("[]").split(","))


@pytest.mark.parametrize("language", sweep(LANGUAGES, everyday=["pl"]))
def test_no_question_asks_what_an_earlier_page_told(language: str) -> None:
    """A board state narrated, ``b[i] = v`` said, the overlay's numbers, an orbit counted."""
    problems = []
    for lesson, walked in _walked(language):
        boards = [a for a in walked if a.board is not None]
        told: list[tuple[int, str]] = []
        counted: list[tuple[int, frozenset[tuple[int, ...]]]] = []
        for asked in walked:
            where = f"{language} {lesson.id} page {asked.page + 1}"
            tick = asked.ticks[1]
            # a question about the board as it stands, or a guess (each tick's feedback comes
            # before the next), is not asked about a state to come
            if asked.board is not None and tick != asked.ticks[0] and asked.kind != "guess":
                for earlier in boards:
                    start, end = earlier.ticks
                    same = earlier.page < asked.page and earlier.board == asked.board
                    if same and start < tick <= end:
                        problems.append(f"{where}: tick {tick} narrated on {earlier.page + 1}")
            for match in _ENTRY.finditer(asked.posed.prompt):
                entry = f"b[{match.group(1)}] = {match.group(2)}"
                earlier_pages = [page for page, text in told if page < asked.page and entry in text]
                if asked.kind == "choice" and earlier_pages:
                    problems.append(
                        f"{where} asks what {entry} says; {earlier_pages[0] + 1} said it"
                    )
            told += [
                (asked.page, _normal(asked.shown_before)),
                (asked.page, _normal(asked.feedback)),
            ]
            if asked.kind in {"same-diagonal", "attack-rule"} and asked.overlay is not Overlay.OFF:
                problems.append(f"{where}: overlay {asked.overlay.value}")
            b = asked.params.get("b")
            if asked.kind == "rotations":
                if b is None:  # the board's own solution: read it from the prompt
                    found = re.search(r"\[([\d, ]+)\]", asked.posed.prompt)
                    assert found, asked.posed.prompt
                    b = found.group(1)
                solution = _solution(b)
                for page, seen in counted:
                    if page < asked.page and solution in seen:
                        problems.append(f"{where}: the orbit of {b} was counted on {page + 1}")
            if asked.kind == "orbit" and b:
                counted.append((asked.page, orbit(_solution(b))))
    assert not problems, "\n".join(problems)


_ARRAY = re.compile(r"[\[{]\s*\d+(?:\s*,\s*\d+)+\s*[\]}]")


def _boards(text: str) -> set[tuple[int, ...]]:
    return {tuple(int(v) for v in re.findall(r"\d+", m.group())) for m in _ARRAY.finditer(text)}


def _solutions(n: int) -> set[tuple[int, ...]]:
    return {tuple(b) for b in run_method("iterative", n, every=True).solutions}


def _shown(question: Question, posed_texts: list[str]) -> list[str]:
    """The posed prompt, hint, choices and feedback, and the lesson's own words for it."""
    return [
        *posed_texts,
        question.prompt,
        question.hint,
        question.explain,
        *(words for _value, words in question.wrong),
        *(c.text + " " + c.why for c in question.choices),
    ]


def _one_orbit_sizes() -> set[int]:
    """The sizes whose solutions are all one orbit (a unique count of 1 tells their orbit)."""
    return {n for n in range(1, 9) if len({symmetry.canonical(b) for b in _solutions(n)}) == 1}


@pytest.mark.parametrize(
    ("lang", "seeds"),
    sweep(
        [("pl", range(1, 16)), ("pl", range(16, 61)), ("en", range(1, 61)), ("it", range(1, 61))],
        everyday=[("pl", range(1, 16))],
        several=True,
    ),
)
def test_an_orbit_question_never_asks_what_the_quiz_said_before(
    lang: str, seeds: range, tmp_path: Path
) -> None:
    i18n.set_language(lang)
    lesson = lesson_in(lang, "symmetry")
    i18n.set_language(lang)
    settled = _one_orbit_sizes()
    asked_orbits = 0
    sizes_asked: set[int] = set()
    for seed in seeds:
        run = quiz_run(lesson, seed, tmp_path / f"{seed}.json")
        told: set[tuple[int, ...]] = set()  # boards written out so far
        counted: set[int] = set()  # sizes whose unique count the quiz gave
        for asked in waiting(run):
            posed = asked.posed
            if asked.question.kind == "orbit":
                b = tuple(int(v) for v in asked.question.params["b"].strip("[]").split(","))
                orbit = symmetry.orbit(b)
                assert not orbit & told, (seed, asked.key, b)
                assert len(b) not in counted & settled, (seed, asked.key, b)
                asked_orbits += 1
                sizes_asked.add(len(b))
            if asked.question.kind == "solutions" and asked.question.params.get("unique"):
                counted.add(int(asked.question.params["n"]))
            verdict = run.reveal()
            texts = [posed.prompt, posed.hint, posed.explanation, *posed.choices, verdict.message]
            texts += list(posed.wrong.values())
            for text in _shown(asked.question, texts):
                told |= _boards(text)
    assert asked_orbits == 2 * len(seeds)  # Q3 and Q5
    assert len(sizes_asked) >= 3  # still drawn from several board sizes


def test_what_the_quiz_said_is_read_from_its_earlier_questions() -> None:
    lesson = lesson_in("en", "symmetry")
    page = quiz_page(lesson)
    orbits, sizes = stated_orbits(lesson, f"{page}.4")
    assert symmetry.orbit((1, 3, 5, 0, 2, 4)) in orbits  # Q1's words
    assert symmetry.orbit((0, 2, 4, 1, 3)) in orbits  # Q4's hint
    assert not sizes  # Q4 asks the 5 x 5 board's orbits: 10 solutions in orbits of 8 and 2
    first, sizes_first = stated_orbits(lesson, f"{page}.0")
    assert not first and not sizes_first  # nothing said before Q1


@pytest.mark.parametrize("lang", sweep(LANGUAGES, everyday=["pl"]))
def test_no_answer_is_on_screen_while_its_question_waits(lang: str) -> None:
    problems: list[str] = []
    asked = 0
    for lesson in _lessons(lang):
        for shown in walk(lesson):
            asked += 1
            problems.extend(
                f"{lang} {lesson.id} page {shown.page + 1} ({shown.title}), "
                f"{shown.kind}: {tell} is on screen"
                for tell in tells(shown)
            )
    assert asked >= 100  # every lesson's questions were walked
    assert problems == []


def _waiting(posed: Posed, text: str, kind: str, marks: frozenset[Mark] = frozenset()) -> Waiting:
    return Waiting("demo", 0, "P", kind, posed, text, marks)


def test_the_screen_check_finds_an_answer_that_is_on_screen() -> None:
    number = Posed("solutions", "How many?", AnswerType.NUMBER, "92", "")
    assert tells(_waiting(number, "How many? solutions found: 92", "solutions"))
    assert not tells(_waiting(number, "How many? tick 920, 1,092 tries", "solutions"))
    big = Posed("search-space", "?", AnswerType.NUMBER, "4426165368", "")
    for text in ("4,426,165,368", "4.426.165.368", "4\u00a0426\u00a0165\u00a0368", "4426165368"):
        assert tells(_waiting(big, f"it counts {text}.", "search-space")), text
    choices = ("the board", "every column holds one")
    choice = Posed("choice", "Why?", AnswerType.CHOICE, "1", "", choices=choices)
    assert tells(_waiting(choice, "Every column holds one queen.\nWhy?", "choice"))
    row = Posed("next-choice", "Where?", AnswerType.ROW, "2", "")
    assert tells(_waiting(row, "Where?", "next-choice", frozenset({Mark.ATTACKED})))
    assert not tells(_waiting(row, "Where?", "next-choice", frozenset({Mark.QUEEN})))
    assert number_found(10, "it has 10 solutions")  # numbers are matched whole
    assert not number_found(10, "it has 100 solutions, 4,410 or 1.10")
    assert number_found(40320, "40 320 permutations")
    orbit = Posed(
        "orbit", "How many boards?", AnswerType.NUMBER, "8", ""
    )  # one digit: as a count only
    told = [tells(Waiting("d", 0, "P", "orbit", orbit, "", frozenset(), p)) for p in PANES]
    assert told == [["the count 8"], []]


PANES = ("its orbit has 8 boards", "8 x 8 k = 8 0/8 b[i] 8 -1, path: 8 moves")
HEAD = "@lesson marks\n@title Marks\n@page "
MARKS = [  # (lesson, [(what the student does, the question's kind then, marks hidden after)])
    # two questions on one board, then a new @board before the next: hidden until it comes
    (HEAD + "P\n@board n=5\n@step iteration\n@question next-choice\n@end\n@question next-choice\n"
     "@end\n@board n=4\n@step 3\n@question attacker\n@end\n",
     [("", "next-choice", True), ("answer", None, True), ("go_on", "next-choice", True),
      ("answer", None, False), ("go_on", "attacker", True), ("answer", None, False)]),
    # any question beside the live board hides its marks
    (HEAD + "Jobs\n@board n=8\n@run iteration\n@run iteration\n@question number\n"
     "prompt: How many placements of the first two queens are there?\nanswer: 21\n@end\n",
     [("", "number", True)]),
    # the feedback hides the next page's marks at the lesson's tick, not at one stepped to
    (HEAD + "One\n@board n=4\n@step iteration\n@question next-choice\n@end\n"
     "Column 1 gets its queen.\n\n@page Two\n@question next-choice\n@end\n",
     [("", "next-choice", True), ("answer", None, True), ("tick", None, False),
      ("settle", None, True)]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "steps"), MARKS, ids=range(len(MARKS)))
def test_the_boards_marks_hide_while_a_question_on_it_waits_or_is_to_come(
    text: str, steps: list[tuple[str, str | None, bool]]
) -> None:
    lesson = parse(text, "marks.md").lesson
    assert lesson is not None
    run = LessonRun(lesson)
    for action, kind, hidden in steps:
        asked = run.asked
        if action == "answer":
            assert asked is not None and run.answer(asked.posed.expected).correct
            assert run.answered
        elif action == "go_on":
            run.go_on()
        elif action == "tick":
            assert run.session is not None
            run.session.tick_forward()
        elif action == "settle":
            run.settle()
        if kind is not None:
            assert run.asked is not None and run.asked.question.kind == kind
        assert run.predicting == hidden, (action, kind)
        assert run.explored == (action == "tick")  # a tick the student stepped to


def test_an_attackers_feedback_hides_the_rule_and_the_numbers_while_its_rule_is_to_come() -> None:
    """With an attack-rule question on the same square to come, an attacker question's feedback
    names the queen without its rule, and the overlay's numbers hide; once the board has moved
    on, the next attacker's feedback names the rule and the numbers show."""
    lesson = parse(
        HEAD + "P\n@board n=4\n@overlay diff\n@step 3\n@question attacker\n@end\n"
        "@question attack-rule\n@end\n@step 2\n@question attacker\n@end\n",
        "rule.md",
    ).lesson
    assert lesson is not None
    run, told = LessonRun(lesson), []
    while (asked := run.asked) is not None:
        assert run.answer(_right(asked.posed)).correct
        frame = run.page_frame()
        assert frame is not None and run.feedback is not None
        told.append((run.feedback.message, frame.board.values is None))
        run.go_on()
    (first, hidden), *_, (last, shown) = told
    assert "column 0, row 0" in first and "same" not in first and hidden, told
    assert "same row 0" in last and not shown, told
    page = "P\n@board n=6 algorithm=recursive\n@step 6\n@question attacker\n@end\n"
    run = LessonRun(parse(f"{HEAD}{page}@question attack-rule\n@end\n", "t.md").lesson)  # type: ignore[arg-type]
    assert run.asked is not None and run.answer(_right(run.asked.posed)).correct
    frame = run.page_frame()  # the Turin test's cells read and its line ran: the rule, hidden
    assert frame is not None and frame.tables is not None and frame.code.ran == ()
    assert "READ" not in {c.mark.name for row in frame.tables.rows for c in row.cells}


CHARS = TreeChars("├─", "└─", "│ ", "  ", ">", "Q", "x", "-", "*")
RULES = tuple(render(Message.of(f"tree.rule.{rule}")) for rule in ("row", "sum", "diff"))


def _told(run: LessonRun, method: str, n: int) -> list[str]:
    """What the waiting question's panes and text give away, and its untrue reasons."""
    asked, session = run.asked, run.session
    assert asked is not None and session is not None
    text, marks = on_screen(run)
    told: list[str] = tells(as_waiting(run, text, marks))
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
        stood, refused, _attacked = history(method, n, session.engine.tick)
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
    generated: tuple[str, list[tuple[str, int]], str],
) -> None:
    """The tutor lists the lesson (in Italian when translated) exactly when the check passes it;
    then every question poses, and none has its answer on screen or an untrue reason."""
    text, boards, italian = generated
    lang = "it" if italian else "en"
    with tempfile.TemporaryDirectory() as folder:
        errors = refused(Path(folder), text, italian)
        i18n.set_language(lang)
        listed = list(load_catalog(lang, [Path(folder)], only_course=True).lessons)
    wrong = {Path(e.file).parent.name == "it" for e in errors}  # True: the Italian file's
    assert wrong != {True}, [text, italian, *map(str, errors)]  # a twin of a lesson it passes
    # each file is offered exactly when the check passes it; the Italian one before the English
    offered = [code for code, it in (("it", True), ("en", False))[not italian :] if it not in wrong]
    assert [lesson.lang for lesson in listed] == offered[:1], [text, *map(str, errors)]
    if not listed:
        return
    found: list[str] = []
    walked: list[str] = []  # what --answers must say of each question not drawn per student
    for run in asked_in(LessonRun(listed[0])):
        where = f"page {run.page_index} {run.asked and run.asked.question.kind}"
        found += [f"{where}: {told}" for told in _told(run, *boards[run.page_index])]
        if run.asked is not None and not run.asked.instance:
            walked.append(
                f":{run.asked.question.line}: @.+ -> {re.escape(run.asked.posed.answer_text)}$"
            )
    assert not found, "\n".join([text, *found])
    # `lessons check --answers`: every question once, with the answer the student's run computes
    reviewed = list(answers(listed[0]))
    assert len(reviewed) == sum(len(page.questions) for page in listed[0].pages), text
    assert all(any(re.search(w, line) for line in reviewed) for w in walked), [text, *reviewed]


PLACED = "@lesson p\n@title P\n@page P\n@question place n={n} goal=solution\n@end\n@quiz\n"
ASKED = [("orbit b=[1,3,5,0,2,4]", 6, 6), ("solutions n=5", 5, 6), ("solutions unique=yes", 5, 5)]


@pytest.mark.parametrize(("asked", "size", "n"), ASKED)
def test_a_place_question_before_an_orbit_or_count_of_its_size_is_warned(
    asked: str, size: int, n: int
) -> None:
    """Once a solution is placed, the place board's pane prints its orbit's size and how many
    solutions the board has: a later question about a board of that size is answered there."""
    b = sorted(_solutions(size))[0]
    state, found = PlacementState(size, frozenset(enumerate(b)), ()), FoundSolutions()
    found.record(b)
    pane = [*place_view.summary(state, found, True), place_view.found_line(size, found, 10)]
    text = " ".join(render(line) for line in pane if line is not None)
    assert f"{len(orbit(b))} distinct" in text and f"1 of {len(_solutions(size))}" in text
    board = "" if "n=" in asked or "b=" in asked else f"@board n={size}\n"
    lesson = PLACED.format(n=n) + f"{board}@question {asked}\nhint: h\n@end\n"
    warned = [e.line for e in check_text(lesson, "p.md", warnings=True) if e.warning]
    assert warned == ([4] if n == size else []), lesson
