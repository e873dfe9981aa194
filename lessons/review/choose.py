"""How a review takes one of the instances a kind's drawer offers: the first, in the drawer's
order, that the review can ask (posed on its board at its tick as the runner will pose it), that
is not one to avoid, and that keeps away from what :class:`Fresh` names."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from lessons.model import BoardOp, Question
from lessons.quiz.drawers.base import (
    Drawer,
    Instance,
    Known,
    Situation,
    Template,
    Where,
    read_instance,
    situation_of,
)
from lessons.quiz.drawers.live import (
    OnBoard,
    between,
    board_asks,
    move_to,
    placed,
    span_of,
    stage_at,
)
from lessons.quiz.kinds import KINDS
from lessons.quiz.params import ParamError
from lessons.quiz.pose import QuizError, pose
from lessons.review.figures import right_figure
from lessons.stage import Stage, StageError

MAX_TRIES = 400
"""The most instances of one question posed before it is given up (those too near a tick taken,
or asked before, are passed over without posing)."""
NEAR = 3
"""How many ticks either side of a question an earlier one (a lesson's, a review's of any kind)
keeps a new one away on the same board, while the board has room."""

Spans = Mapping[Situation, Sequence[tuple[int, int]]]
"""Ticks taken on each board (from, to, both played)."""


@dataclass(frozen=True, slots=True)
class Seen:
    """What a question about a live board showed and asked: its board, the queens placed for
    good there, and the answers that are right; ``own``: the question missed."""

    situation: Situation | None
    placed: tuple[tuple[int, int], ...]
    answers: frozenset[str]
    own: bool = False


def posed_at(
    instance: Instance,
    stand_between: bool | None = None,
    boards: dict[BoardOp, Stage] | None = None,
) -> Seen | None:
    """What ``instance`` shows and asks, posed on its board at its tick as the runner will pose it;
    None when a review cannot ask it. ``boards``: stages already made, by board."""
    boards = {} if boards is None else boards
    try:
        stage = boards.get(instance.board) if instance.board is not None else None
        if stage is None:
            stage = Stage()
            if instance.board is not None:
                stage.apply(instance.board)
                boards[instance.board] = stage
        engine = stage.engine
        if engine is not None:
            move_to(engine, instance.tick)
            if engine.tick != instance.tick:
                return None  # the search ends before
        if stand_between is not None and (engine is None or between(engine) != stand_between):
            return None
        posed = pose(instance.question, stage.session)
    except (QuizError, StageError, ParamError):
        return None
    situation = situation_of(instance.board) if instance.board is not None else None
    return Seen(situation, placed(engine), frozenset({posed.expected, *posed.also_right}))


def seen_in_lessons(where: Where, question: Question, own: bool = False) -> Seen | None:
    """What the lesson question ``question`` shows and asks at ``where`` (None: it cannot be
    posed there)."""
    stage = stage_at(where)
    if stage is None or where.board is None:
        return None
    try:
        posed = pose(question, stage.session)
    except (QuizError, ParamError):
        return None
    answers = frozenset({posed.expected, *posed.also_right})
    return Seen(situation_of(where.board), placed(stage.engine), answers, own)


def played_to(kind: str, board: Situation, tick: int, span: int = 0) -> int:
    """The last tick a question of ``kind`` asked at ``tick`` on ``board`` plays: ``span``
    ticks on, or up to its answer's."""
    found = KINDS.get(kind)
    if found is not None and isinstance(found.drawer, OnBoard):
        return found.drawer.played_to(board, tick, span)
    return tick + span


def played(text: str, kind: str = "") -> tuple[Situation, int, int] | None:
    """The board a recorded instance was asked on and the ticks it asked or played (from, to);
    None when it names no board and tick."""
    asks = read_instance(text)
    size, tick = asks.get("size", ""), asks.get("tick", "")
    if "board" not in asks or not all(n.isdecimal() and len(n) < 7 for n in (size, tick)):
        return None
    board = (asks["board"], int(size), asks.get("mode") == "all", asks.get("maze"))
    return board, int(tick), played_to(kind, board, int(tick), span_of(asks))


def taken_by(instances: Iterable[tuple[str, str]]) -> dict[Situation, list[tuple[int, int]]]:
    """The ticks each recorded instance (its kind, its text) about a live board asked or
    played, by board."""
    found: dict[Situation, list[tuple[int, int]]] = {}
    for kind, text in instances:
        each = played(text, kind)
        if each is not None:
            found.setdefault(each[0], []).append(each[1:])
    return found


def reviewed_stretches(instances: Iterable[str]) -> tuple[tuple[Situation, int, int], ...]:
    """The ticks each recorded guess instance (``tick=59 ticks=30``) played: board, from, to."""
    found = (played(text) for text in instances if "ticks" in read_instance(text))
    return tuple(each for each in found if each is not None)


@dataclass(frozen=True, slots=True)
class Fresh:
    """What an instance about a live board keeps away from while the board has room: the ticks
    (and :data:`NEAR` either side) the lessons and earlier reviews asked or played on the same
    board (``taken``), and the lesson questions of its kind (``seen``): not their queens placed,
    nor (``answers``: of every one, of the one missed, or of none) their answer; nor, on the
    same board with as many queens placed, the answer of an earlier review's (``reviewed``)."""

    taken: Spans = dataclasses.field(default_factory=dict)
    seen: tuple[Seen, ...] = ()
    answers: Literal["all", "own", "none"] = "all"
    reviewed: tuple[Seen, ...] = ()
    kind: str = ""

    def far(self, instance: Instance) -> bool:
        """Whether ``instance``'s ticks keep :data:`NEAR` away from every tick taken."""
        if instance.board is None:
            return True
        board = situation_of(instance.board)
        ranges = self.taken.get(board, ())
        if not ranges:
            return True
        last = played_to(self.kind, board, instance.tick, span_of(dict(instance.asks)))
        start, end = instance.tick - NEAR, last + NEAR
        return not any(start <= last and first <= end for first, last in ranges)

    def unlike(self, found: Seen) -> bool:
        """Whether ``found`` shows other queens than every lesson question of the kind and asks
        for another answer (as :attr:`answers` says)."""
        for seen in self.reviewed:
            same_column = len(seen.placed) == len(found.placed)
            if seen.situation == found.situation and same_column and seen.answers & found.answers:
                return False
        for seen in self.seen:
            if seen.situation == found.situation and seen.placed == found.placed:
                return False
            compared = self.answers == "all" or (self.answers == "own" and seen.own)
            if compared and seen.answers & found.answers:
                return False
        return True


def standing_of(found: Drawer, template: Template) -> bool | None:
    """How the board must stand for an instance of ``template`` (None: any way)."""
    return template.where.between if isinstance(found, OnBoard) and found.same_standing else None


def lesson_spots(found: Drawer, where: Iterable[Where]) -> set[Hashable]:
    """The situations (:meth:`Drawer.spot`) of the live boards the lessons ask questions on,
    whatever their kind: a review never asks there."""
    spots: set[Hashable] = set()
    for each in where:
        if each.board is None:
            continue
        spot = found.spot(board_asks(each.board, each.tick))
        if spot is not None:
            spots.add(spot)
    return spots


def draw(
    found: Drawer,
    template: Template,
    known: Known,
    rng: random.Random,
    avoid: set[Hashable],
    fresh: Fresh | None = None,
    figures: frozenset[str] = frozenset(),
    last: frozenset[str] = frozenset(),
) -> Instance | None:
    """The first instance of ``template`` (in ``rng``'s order, ``last`` figures after the others)
    not in ``avoid``, away from ``fresh``, whose answer is none of ``figures`` and that a review can
    ask; None after :data:`MAX_TRIES`."""
    stand = standing_of(found, template)
    boards: dict[BoardOp, Stage] = {}
    offered: Iterable[Instance] = found.instances(template, known, rng)
    if last:
        offered = sorted(offered, key=lambda each: right_figure(each) in last)
    tries = 0
    for instance in offered:
        asks = dict(instance.asks)
        if found.key(asks) in avoid or found.spot(asks) in avoid:
            continue
        if fresh is not None and not fresh.far(instance):
            continue
        tries += 1
        if tries > MAX_TRIES:
            return None
        if figures and right_figure(instance) in figures:
            continue
        seen = posed_at(instance, stand, boards)
        if seen is not None and (fresh is None or fresh.unlike(seen)):
            return instance
    return None
