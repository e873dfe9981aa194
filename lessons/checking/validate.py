"""Check a lesson file whole: its syntax, then a headless run of every directive and question,
each ``@expect`` against the real engine and each question in the state it meets in the tutor."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from lessons.answers.checking import written_whole
from lessons.checking.given_away import feedback_numbers, given_away, placed_before
from lessons.checking.marks import mark_problems
from lessons.checking.parity import check_translation
from lessons.i18n import N_, _
from lessons.model import BoardOp, Lesson, LessonError, Question, Text
from lessons.parsing.parser import ParseResult, parse, parse_file
from lessons.quiz.draw import pool, practice_situations, situations
from lessons.quiz.drawers.live import MAX_EXTRA, Avoided
from lessons.quiz.kinds import KINDS, LIVE, VARIED
from lessons.quiz.pose import QuizError, pose
from lessons.stage import Stage, StageError
from solver.stepping import Stop

DEAD_WRONG = N_(
    "wrong: {number} is taken as right (answer: {answer}, give or take its tolerance): its "
    "reason would never be shown"
)
PRACTICE_ONLY = N_(
    "every instance this quiz question (@question {kind}) can draw is asked by a practice "
    "question of the lesson (for a solution: one of the same orbit): a student answers it from "
    "memory; give the quiz another size, or the practice another instance"
)
NO_HINT = N_(
    "this quiz question (@question {kind}) has no hint: a student who asks for one is told there "
    "is none; add a hint: line that leads toward the answer without giving it away"
)


def validate(lesson: Lesson, warnings: bool = False) -> list[LessonError]:
    """Play the lesson headlessly; every problem found, with its line (and, with ``warnings``,
    every line before a quiz that prints one of its answers, and every quiz question without a
    hint, its own or its kind's)."""
    errors: list[LessonError] = []

    def error(line: int, message: str) -> None:
        errors.append(LessonError(lesson.source, line, message))

    stage = Stage()
    practice: frozenset[Avoided] | None = None
    said: list[tuple[int, int, int, str]] = []  # what the feedback so far prints
    lost = False  # a question in error: its ticks unknown, the board's lines after it unchecked
    for index, page in enumerate(lesson.pages):
        stage.new_page()
        if page.scored and not page.questions:
            error(page.line, _("a @quiz page needs at least one @question"))
        for block in page.blocks:
            if isinstance(block, Text):
                for offset, message in mark_problems(block.markdown):
                    error(block.line + offset, message)
                continue
            if lost and not isinstance(block, BoardOp):
                continue
            lost = False
            if isinstance(block, Question):
                try:
                    posed = pose(block, stage.session)
                except QuizError as problem:
                    lost = stage.engine is not None
                    later = _(
                        "{problem} (the lines after it on this board are checked once it is fixed)"
                    )
                    error(block.line, (later if lost else "{problem}").format(problem=problem))
                    continue
                if posed.given and (warnings or not posed.given_warning):
                    errors.append(
                        LessonError(lesson.source, block.line, posed.given, posed.given_warning)
                    )
                answer = written_whole(posed.expected)
                for given, _reason in block.wrong if answer is not None else ():
                    if abs((written_whole(given) or 0) - (answer or 0)) <= posed.tolerance:
                        error(block.line, _(DEAD_WRONG).format(number=given, answer=answer))
                if page.scored and block.kind in VARIED:
                    for problem_text in _unanswerable(block, stage):
                        error(block.line, problem_text)
                if warnings:
                    errors.extend(given_away(lesson, index, block, stage, said))
                    errors.extend(placed_before(lesson, block, stage))
                    drawer = KINDS[block.kind].drawer
                    if page.scored and drawer.only_practice(block, lesson, stage.queens_n):
                        practice_only = _(PRACTICE_ONLY).format(kind=block.kind)
                        errors.append(LessonError(lesson.source, block.line, practice_only, True))
                    if page.scored and not posed.hint:
                        hintless = _(NO_HINT).format(kind=block.kind)
                        errors.append(LessonError(lesson.source, block.line, hintless, True))
                    if not (page.scored and block.kind in VARIED):  # a drawn one's vary
                        said.extend((index, block.line, *told) for told in feedback_numbers(posed))
                if page.scored and block.kind in LIVE and stage.engine is not None:
                    if practice is None:
                        practice = practice_situations(lesson)
                    if not situations(block, stage, practice):
                        error(block.line, _no_situation(block))
                engine = stage.engine
                if engine is not None:
                    engine.run(Stop.END, max_ticks=posed.play)
                continue
            try:
                stage.apply(block)
            except StageError as problem:
                error(block.line, str(problem))
    return errors


def _no_situation(question: Question) -> str:
    """Why a quiz question about the live board has no situation to draw per student."""
    return _(
        "@question {kind} on a quiz: in the next {ticks} ticks of the board there is no tick "
        "like this one (between two iterations, or right after a test, as this one is) where "
        "it can be asked with its answer neither on the screen nor in its prompt (a value that "
        "stays as the prompt prints it) and that no practice question asks about; every student "
        "would get the same question. Step the board on before it, or ask about another board."
    ).format(kind=question.kind, ticks=MAX_EXTRA)


def _unanswerable(question: Question, stage: Stage) -> list[str]:
    """The first instance of a quiz question drawn per student that cannot be asked, with
    the reason."""
    for params in pool(question, stage.queens_n):
        try:
            pose(dataclasses.replace(question, params=params), stage.session)
        except QuizError as problem:
            instance = " ".join(f"{name}={value}" for name, value in sorted(params.items()))
            return [
                _("{problem} (in {instance}, one of the instances students are asked)").format(
                    problem=problem, instance=instance
                )
            ]
    return []


def _checked(
    result: ParseResult, translations: bool = False, warnings: bool = False
) -> list[LessonError]:
    errors = list(result.errors)
    if result.lesson is not None and not errors:
        errors.extend(validate(result.lesson, warnings))
        if translations:
            errors.extend(check_translation(result.lesson))
    elif (
        warnings
        and result.lesson is not None
        and any(  # the boards wait for a whole lesson
            isinstance(b, BoardOp | Question) for page in result.lesson.pages for b in page.blocks
        )
    ):
        said = _("the boards are played and the questions posed once these errors are fixed")
        errors.append(LessonError(errors[0].file, max(e.line for e in errors), said, True))
    return sorted(errors, key=lambda e: e.line)


def check_text(text: str, path: Path | str, warnings: bool = False) -> list[LessonError]:
    """Every error in a lesson given as text (``path`` names it in the messages); with
    ``warnings``, the warnings too (:mod:`lessons.checking.given_away`)."""
    return _checked(parse(text, path), warnings=warnings)


def check_file(path: Path, translations: bool = True, warnings: bool = False) -> list[LessonError]:
    """Every error in one lesson file; with ``translations``, a translation compared with its
    English original too; with ``warnings``, the warnings too."""
    return _checked(parse_file(path), translations, warnings)
