"""The prompts students saw, for naming a lesson's questions in a teacher's report: the lesson
played headlessly as the runner plays it, each question posed on its page's board (the kind's
own prompt where the lesson gives none, a student's drawn instance, a live board's tick)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from lessons.answers.checking import Posed
from lessons.model import BoardOp, Page, Question, Text
from lessons.quiz.kinds import LIVE, VARIED
from lessons.quiz.not_askable import NotAskable
from lessons.quiz.params import ParamError
from lessons.quiz.pose import QuizError, pose
from lessons.stage import Stage, StageError
from solver.stepping import Stop

if TYPE_CHECKING:
    from lessons.model import Lesson


_played: dict[int, tuple[Lesson, dict[tuple[int, int], str]]] = {}
"""The prompts of the lessons played so far in this process, by identity."""


def posed_prompts(lesson: Lesson) -> dict[tuple[int, int], str]:
    """(page, question) -> the prompt its kind writes, for the questions without a prompt
    line of their own that could be posed."""
    known = _played.get(id(lesson))
    if known is not None and known[0] is lesson:
        return known[1]
    prompts = _play(lesson)
    _played[id(lesson)] = (lesson, prompts)
    return prompts


def _play(lesson: Lesson) -> dict[tuple[int, int], str]:
    prompts: dict[tuple[int, int], str] = {}

    def seen(place: tuple[int, int], question: Question, posed: Posed) -> None:
        if not question.prompt and posed.prompt:
            prompts[place] = posed.prompt

    _walk(lesson, lambda place, page, question, stage: question, seen)
    return prompts


def drawn_instances(
    lesson: Lesson,
    seed: int,
    attempt: int = 0,
    asked_before: Mapping[str, Sequence[str]] | None = None,
) -> dict[tuple[int, int], str]:
    """(page, question) -> the instance the tutor draws for the student with ``seed`` (in the
    run ``attempt``, avoiding ``asked_before``) for each quiz question drawn per student
    (``n=7``; about the live board, ``tick=57``), as the lesson runner draws it. Empty for
    seed 0."""
    from lessons.quiz.draw import (
        attempt_key,
        draw,
        draw_tick_off,
        live_questions_after,
        practice_situations,
    )
    from lessons.quiz.drawers.base import instance_text
    from lessons.quiz.drawers.live import Avoided, move_to

    drawn: dict[tuple[int, int], str] = {}
    if seed == 0:
        return drawn
    before_all = asked_before or {}
    taken: list[tuple[int, str, dict[str, str]]] = []
    practice: frozenset[Avoided] | None = None
    moment: dict[int, int] = {}  # page -> the latest moment its board was shown at

    def choose(place: tuple[int, int], page: Page, question: Question, stage: Stage) -> Question:
        nonlocal practice
        key = f"{place[0]}.{place[1]}"
        draw_key = attempt_key(key, attempt)
        before = before_all.get(key, ())
        if page.scored and question.kind in LIVE and stage.engine is not None:
            if practice is None:
                practice = practice_situations(lesson)
            engine = stage.engine
            earlier_live = [
                (params["method"], int(params["n"]), int(params["tick"]))
                for at, kind, params in taken
                if (at, kind) == (place[0], question.kind)
            ]
            tick = draw_tick_off(
                question,
                stage,
                seed,
                draw_key,
                lesson,
                [*practice, *earlier_live],
                before,
                moment.get(place[0]),
                live_questions_after(page, place[1]),
                [situation[2] for situation in earlier_live],
                [int(p["tick"]) for at, kind, p in taken if at == place[0] and kind in LIVE],
            )
            drawn_here = {"method": engine.method, "n": str(engine.n), "tick": str(tick)}
            taken.append((place[0], question.kind, drawn_here))
            drawn[place] = f"tick={tick}"
            start = engine.tick
            move_to(engine, tick)
            try:
                end = tick + pose(question, stage.session).play
            except (QuizError, ParamError, NotAskable):
                end = tick
            finally:
                move_to(engine, start)
            moment[place[0]] = max(end, tick)
            return question
        if not page.scored or question.kind not in VARIED - LIVE:
            return question
        earlier = [params for at, kind, params in taken if (at, kind) == (place[0], question.kind)]
        chosen = draw(question, seed, draw_key, lesson, stage.queens_n, earlier, before)
        taken.append((place[0], question.kind, dict(chosen.params)))
        drawn[place] = instance_text(chosen.params)
        return chosen

    def board_moved(page_index: int) -> None:
        moment.pop(page_index, None)

    _walk(lesson, choose, lambda place, question, posed: None, board_moved)
    return drawn


def _walk(
    lesson: Lesson,
    choose: Callable[[tuple[int, int], Page, Question, Stage], Question],
    seen: Callable[[tuple[int, int], Question, Posed], None],
    board_moved: Callable[[int], None] = lambda page_index: None,
) -> None:
    """Play ``lesson`` as the runner does: each question, at (page, number), asked as ``choose``
    says, posed on its page's board (told to ``seen``), its ticks played; one that cannot be
    posed is skipped."""
    stage = Stage()
    for page_index, page in enumerate(lesson.pages):
        number = 0
        for block in page.blocks:
            if isinstance(block, Text):
                continue
            if isinstance(block, Question):
                place = (page_index, number)
                number += 1
                asked = choose(place, page, block, stage)
                try:
                    posed = pose(asked, stage.session)
                except (QuizError, ParamError, NotAskable):
                    continue
                seen(place, block, posed)
                if stage.engine is not None:
                    stage.engine.run(Stop.END, max_ticks=posed.play)
                continue
            if isinstance(block, BoardOp):
                board_moved(page_index)
            try:
                stage.apply(block)
            except StageError:
                return  # the rest of the lesson cannot be played here


def live_prompts(
    lesson: Lesson, wanted: Iterable[tuple[tuple[int, int], str]]
) -> dict[tuple[tuple[int, int], str], str]:
    """(place, instance) -> the prompt, on one line, a student was asked for a quiz question
    about the live board (``instance``: ``tick=84``) for each of ``wanted``; an instance this
    version of the lesson cannot ask is left out."""
    from lessons.quiz.drawers.base import read_instance
    from lessons.quiz.drawers.live import MAX_AHEAD, move_to

    ticks: dict[tuple[int, int], dict[str, int]] = {}
    for place, instance in wanted:
        try:
            at = read_instance(instance).get("tick", "")
        except ParamError:
            continue
        if at.isdecimal() and len(at) < 9:
            ticks.setdefault(place, {})[instance] = int(at)
    prompts: dict[tuple[tuple[int, int], str], str] = {}
    if not ticks:
        return prompts

    def choose(place: tuple[int, int], page: Page, question: Question, stage: Stage) -> Question:
        engine = stage.engine
        if place not in ticks or question.kind not in LIVE or engine is None:
            return question
        start = engine.tick
        try:
            for instance, tick in ticks[place].items():
                if not start <= tick <= start + MAX_AHEAD:
                    continue
                move_to(engine, tick)
                if engine.tick != tick:
                    continue
                try:
                    posed = pose(question, stage.session)
                except (QuizError, ParamError, NotAskable):
                    continue
                prompts[(place, instance)] = " ".join(posed.prompt.split())
        finally:
            move_to(engine, start)
        return question

    _walk(lesson, choose, lambda place, question, posed: None)
    return prompts


def asked_prompt(question: Question, instance: str) -> str | None:
    """The prompt, on one line, a student was asked for a quiz question drawn per student
    (``instance``: ``square=1,2 other=3,0``); None when it was not drawn or cannot be posed."""
    if not instance or question.kind not in VARIED - LIVE:
        return None
    from lessons.quiz.drawers.base import read_instance

    try:
        params = read_instance(instance)
        posed = pose(dataclasses.replace(question, params=params), Stage().session)
    except (QuizError, ParamError, NotAskable, StageError):
        return None
    return " ".join(posed.prompt.split()) or None
