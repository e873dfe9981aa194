"""The review composed: a fresh instance of each kind due, up to :data:`MAX_QUESTIONS`, laid out
as a lesson of one page a question, which :class:`~lessons.review.run.ReviewRun` plays.

The instances are drawn by the student's review seed, the kind and how often it was reviewed
(the same until answered), by the kind's drawer, away from what the lessons and earlier
reviews asked her (:class:`~lessons.review.choose.Fresh`)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from lessons.i18n import _, current
from lessons.model import Block, Lesson, Page, StepOp, Text
from lessons.progress.reviews import ReviewHistory, ReviewOutcome
from lessons.quiz.draw import new_seed, where_asked
from lessons.quiz.drawers.base import (
    Drawer,
    Instance,
    Situation,
    Template,
    Where,
    normal,
    plain_question,
    read_instance,
    situation_of,
)
from lessons.quiz.drawers.live import Guessing, OnBoard, lesson_stretches
from lessons.quiz.kinds import KINDS
from lessons.review import MAX_QUESTIONS, words
from lessons.review.boxes import Standing, review_day
from lessons.review.choose import (
    Fresh,
    Seen,
    Spans,
    draw,
    lesson_spots,
    played_to,
    posed_at,
    reviewed_stretches,
    seen_in_lessons,
    standing_of,
    taken_by,
)
from lessons.review.figures import printed_figures, shown_figures
from lessons.review.missed import Asked, question_at
from lessons.review.plan import ReviewItem, ReviewPlan

REVIEW_ID = "(review)"
"""The review's lesson id: no lesson file can have it (ids are letters, digits and -)."""


@dataclass(frozen=True, slots=True)
class ReviewSession:
    """A review ready to play: its lesson (a page a question), the items in page order, the
    student's review seed, and the lessons it was drawn from."""

    lesson: Lesson
    items: tuple[ReviewItem, ...]
    seed: int
    lessons: tuple[Lesson, ...] = ()


class Loaded:
    """The lessons loaded, with where each asks its questions (played once, when needed)."""

    def __init__(self, lessons: Sequence[Lesson]) -> None:
        self.lessons = tuple(lessons)
        self._where: dict[str, dict[str, Where]] = {}

    def template(self, lesson: Lesson, key: str, found: Drawer) -> Template | None:
        """The question ``key`` of ``lesson`` to draw from with ``found`` (None: no such
        question, or one of another kind: a written one the review asks as ``found``'s)."""
        question = question_at(lesson, key)
        if question is None or KINDS[question.kind].drawer is not found:
            return None
        where = self.where(lesson).get(key, Where()) if found.needs_where(question) else Where()
        return Template(lesson, key, question, where)

    def where(self, lesson: Lesson) -> dict[str, Where]:
        if lesson.id not in self._where:
            self._where[lesson.id] = where_asked(lesson)
        return self._where[lesson.id]

    def of_kind(self, kind: str) -> list[tuple[Lesson, str]]:
        """Every question of ``kind`` in the lessons, in order, by lesson and key."""
        return [
            (lesson, f"{index}.{number}")
            for lesson in self.lessons
            for index, page in enumerate(lesson.pages)
            for number, question in enumerate(page.questions)
            if question.kind == kind
        ]


def compose(
    plan: ReviewPlan,
    lessons: Sequence[Lesson],
    history: ReviewHistory,
    seed: int = 0,
) -> ReviewSession | None:
    """The review of what ``plan`` says is due, None when nothing can be drawn. ``seed``: the
    student's review seed (0: the history's, else a new one)."""
    seed = seed or history.seed or new_seed()
    loaded = Loaded(lessons)
    items: list[ReviewItem] = []
    for standing in plan.due:
        if len(items) == MAX_QUESTIONS:
            break
        asked = [*_by_review(history), [(item.kind, item.instance.text) for item in items]]
        item = _item(standing, plan, loaded, history, seed, asked)
        if item is not None:
            items.append(item)
    if not items:
        return None
    pages = tuple(_page(item, loaded.lessons, plan.now) for item in items)
    lesson = Lesson(REVIEW_ID, _("Review"), current(), Path("review"), pages)
    return ReviewSession(lesson, tuple(items), seed, loaded.lessons)


def _templates(
    standing: Standing, plan: ReviewPlan, loaded: Loaded, found: Drawer
) -> tuple[list[Template], list[Template]]:
    """The lesson questions of the kind to draw from, in order (those missed first, the latest
    first, each in turn from one review to the next; then the lessons' others; only those on a
    board of a method and notation the student has met while there are such; the kind's next
    variant first; the family of the first, its parameters but the size, first), and every
    lesson question of the kind."""
    kind = standing.kind
    missed = sorted(
        (a for a in plan.asked if a.kind == kind and a.missed),
        key=lambda a: (-a.at, a.lesson.id, a.key),
    )
    places = {(a.lesson.id, a.key): a.lesson for a in missed}
    first = list(places)
    missed_places = list(first)
    if first:
        start = standing.reviews % len(first)
        first = first[start:] + first[:start]
    for lesson, key in loaded.of_kind(kind):
        places.setdefault((lesson.id, key), lesson)
    others = [place for place in places if place not in first]
    every = [
        template
        for lesson_id, key in [*first, *others]
        if (template := loaded.template(places[lesson_id, key], key, found)) is not None
    ]
    met = {a.lesson.id for a in missed} | plan.finished
    methods = {
        board.algorithm
        for a in missed
        if found.needs_where(a.question)
        and (board := loaded.where(a.lesson).get(a.key, Where()).board) is not None
    }
    templates = [
        template
        for template in every
        if template.where.board is None
        or template.lesson.id in met
        or template.where.board.algorithm in methods
    ] or list(every)
    variants: tuple[str, ...] = getattr(found, "variants", ())
    if variants and templates:
        rank = {place: number for number, place in enumerate([*missed_places, *others])}

        def variant(template: Template) -> tuple[str, ...]:
            return tuple(
                template.question.params.get(name, "").strip().lower() for name in variants
            )

        unrotated = sorted(templates, key=lambda t: rank.get((t.lesson.id, t.key), len(rank)))
        taught = list(dict.fromkeys(variant(template) for template in unrotated))
        turn = taught[standing.reviews % len(taught)]
        templates.sort(key=lambda template: variant(template) != turn)
    if templates:
        family = _family(templates[0])
        templates.sort(key=lambda template: _family(template) != family)
    return templates, every


def _item(
    standing: Standing,
    plan: ReviewPlan,
    loaded: Loaded,
    history: ReviewHistory,
    seed: int,
    asked: Sequence[Sequence[tuple[str, str]]] = (),
) -> ReviewItem | None:
    """A fresh instance of ``standing``'s kind (None: none can be drawn); ``asked``: the instances
    (kind, text) each earlier review asked, oldest first, then this one so far."""
    kind = standing.kind
    found = KINDS[kind].drawer
    if not found.reviewed:
        return None
    templates, every = _templates(standing, plan, loaded, found)
    if not templates:
        return None
    answered = [a for a in plan.asked if a.kind == kind]
    missed = sorted((a for a in answered if a.missed), key=lambda a: (-a.at, a.lesson.id, a.key))
    origin = missed[0].lesson if missed else None
    drawn_for = {(a.lesson.id, a.key): a.instance for a in answered if a.instance}
    past = history.of(kind)
    if isinstance(found, Guessing):
        earlier = reviewed_stretches(outcome.instance for outcome in past)
        templates = [dataclasses.replace(template, reviewed=earlier) for template in templates]
    reviewed = {shunned for outcome in past for shunned in _asked(found, outcome.instance)}
    last = _asked(found, past[-1].instance) if past else set()
    student: set[Hashable] = set()  # the instances the lessons drew for this student
    lessons_ask: set[Hashable] = set()  # every instance of the kind a lesson asks
    drawn_anew: set[Hashable] = set()  # the own instances of the quiz questions drawn for her
    written: set[Hashable] = set()  # the own instances of the others
    for template in every:
        own = _known(found, template, {})
        lessons_ask.update(own)
        student.update(_known(found, template, drawn_for, own=False))
        drawn = (template.lesson.id, template.key) in drawn_for
        (drawn_anew if drawn else written).update(own)
    unmet = drawn_anew - written - student  # a lesson asks them, never of this student
    if any(found.needs_where(template.question) for template in every):
        wheres = [where for lesson in loaded.lessons for where in loaded.where(lesson).values()]
        lessons_ask.update(lesson_spots(found, wheres))
    rng = random.Random(f"{seed}:{kind}:{len(past)}")
    since = [
        set().union(*(_asked(found, outcome.instance) for outcome in past[k:]))
        for k in range(1, len(past))
    ] or [last]
    first_level = lessons_ask | student | reviewed
    printed = printed_figures(loaded.lessons) if found.counted else frozenset()

    def made(template: Template, instance: Instance) -> ReviewItem:
        missed_in = origin if origin is not None and origin.id != template.lesson.id else None
        return ReviewItem(standing, template, instance, missed_in)

    if found.counted:
        # a size whose figure no page prints and the last review and this one did not show;
        # then one no page prints (the own size of a quiz that drew another for her counts as
        # unprinted, and comes before an instance a lesson asks)
        unmet_places = frozenset(
            (template.lesson.id, template.key)
            for template in every
            if _known(found, template, {}) & unmet
        )
        unprinted = printed_figures(loaded.lessons, unmet_places)
        on_screen = shown_figures((each for one in asked[-2:] for each in one), loaded.lessons)
        unmet_level = (lessons_ask - unmet) | student | reviewed
        levels = [first_level, *([unmet_level] if unmet_level != first_level else [])]
        for figures in dict.fromkeys((unprinted | on_screen, unprinted)):
            if not figures:
                continue
            for avoid in levels:
                for template in templates:
                    instance = draw(found, template, loaded, rng, avoid, None, figures, printed)
                    if instance is not None:
                        return made(template, instance)
    before = _reviewed_seen(found, loaded, past)
    missed_keys = {(a.lesson.id, a.key) for a in missed}
    shown = _lesson_ticks(loaded, plan.asked)
    for fresh in _tiers(found, every, drawn_for, missed_keys, asked, shown, before):
        for template in templates:
            instance = draw(found, template, loaded, rng, first_level, fresh, last=printed)
            if instance is not None:
                return made(template, instance)
    # then none a review asked whose lesson question only a quiz asks, which drew another for
    # her; then the one a review asked longest ago; then the question's own again
    for level in range(4 + 2 * len(since)):
        for template in templates:
            known = _known(found, template, drawn_for)
            shunned = (
                [lessons_ask | student | reviewed]
                + [(lessons_ask - unmet) | student | reviewed]
                + [lessons_ask | student | recent for recent in since]
                + [known | student | reviewed]
                + [known | student | recent for recent in since]
                + [known | last]
            )[level]
            instance = draw(found, template, loaded, rng, shunned, last=printed)
            if instance is not None:
                return made(template, instance)
    return None


def _tiers(
    found: Drawer,
    templates: Sequence[Template],
    drawn_for: dict[tuple[str, str], str],
    missed: set[tuple[str, str]],
    asked: Sequence[Sequence[tuple[str, str]]],
    shown: dict[Situation, list[tuple[int, int]]],
    before: tuple[Seen, ...] = (),
) -> list[Fresh]:
    """What an instance about a live board keeps away from, the most first; none for another
    kind. Away from the ticks of the lessons and every review, then of the last review and
    this one, then of this one; unlike the lessons' questions of the kind (their answers: all,
    then the one missed's), and unlike the earlier reviews'."""
    if not isinstance(found, OnBoard):
        return []
    seen: list[Seen] = []
    for template in templates:
        place = (template.lesson.id, template.key)
        ticks = [template.where.tick]
        drawn = read_instance(drawn_for.get(place, "")).get("tick", "")
        if drawn.isdecimal() and len(drawn) < 7:
            ticks.append(int(drawn))
        for tick in ticks:
            where = dataclasses.replace(template.where, tick=tick)
            each = seen_in_lessons(where, template.question, own=place in missed)
            if each is not None:
                seen.append(each)
    taken = taken_by(each for one in asked for each in one)
    recent = taken_by(each for one in asked[-2:] for each in one)
    current = taken_by(asked[-1] if asked else ())
    for spans in (taken, recent, current):
        for situation, spans_shown in shown.items():
            spans.setdefault(situation, []).extend(spans_shown)
    kept = tuple(seen)
    last_two = taken_by(each for one in asked[-2:] for each in one)
    kind = templates[0].question.kind if templates else ""
    return [
        dataclasses.replace(fresh, kind=kind)
        for fresh in _tiers_of(found, kept, before, taken, recent, current, last_two)
    ]


def _tiers_of(
    found: Drawer,
    kept: tuple[Seen, ...],
    before: tuple[Seen, ...],
    taken: Spans,
    recent: Spans,
    current: Spans,
    last_two: Spans,
) -> list[Fresh]:
    """:func:`_tiers`' list, the most kept away from first (a guess stretch's answers are its
    ticks': compared by its board only)."""
    if isinstance(found, Guessing):
        return [
            Fresh(taken, kept, "none"),
            Fresh(recent, kept, "none"),
            Fresh(last_two, kept, "none"),
        ]
    return [
        Fresh(taken, kept, "all", before),
        Fresh(taken, kept, "own", before),
        Fresh(taken, kept, "none", before),
        Fresh(recent, kept, "own", before),
        Fresh(last_two, kept, "own", before),
        Fresh(last_two, kept, "none"),
        Fresh(current, kept, "own"),
        Fresh({}, kept, "own"),
        Fresh({}, kept, "none"),
    ]


def _reviewed_seen(
    found: Drawer, loaded: Loaded, past: Sequence[ReviewOutcome]
) -> tuple[Seen, ...]:
    """What the earlier reviews' questions of a live board's kind showed and asked; () for
    another kind."""
    if not isinstance(found, OnBoard) or isinstance(found, Guessing):
        return ()
    seen: list[Seen] = []
    lessons = {lesson.id: lesson for lesson in loaded.lessons}
    for outcome in past:
        lesson = lessons.get(outcome.lesson)
        template = loaded.template(lesson, outcome.question, found) if lesson else None
        if template is None or template.where.board is None:
            continue
        asks = read_instance(outcome.instance)
        size, tick = asks.get("size", ""), asks.get("tick", "")
        if not (size.isdecimal() and tick.isdecimal() and len(size) < 3 and len(tick) < 7):
            continue
        board = dataclasses.replace(template.where.board, n=int(size))
        question = plain_question(template.question, found.review_params(template))
        instance = Instance(question, board, int(tick), tuple(asks.items()))
        each = posed_at(instance, standing_of(found, template))
        if each is not None:
            seen.append(each)
    return tuple(seen)


def _lesson_ticks(loaded: Loaded, asked: Sequence[Asked]) -> dict[Situation, list[tuple[int, int]]]:
    """The ticks the lessons ask on each board: every question's (a guess: its stretch; where
    the queen goes next: up to its answer), and the ticks each lesson drew for this student."""
    stretched = [kind for kind, entry in KINDS.items() if isinstance(entry.drawer, Guessing)]
    found: dict[Situation, list[tuple[int, int]]] = {}
    for board, stretches in lesson_stretches(loaded, stretched).items():
        found.setdefault(board, []).extend(stretches)
    for lesson in loaded.lessons:
        for index, page in enumerate(lesson.pages):
            for number, question in enumerate(page.questions):
                where = loaded.where(lesson).get(f"{index}.{number}", Where())
                if where.board is not None:
                    board = situation_of(where.board)
                    end = played_to(question.kind, board, where.tick)
                    found.setdefault(board, []).append((where.tick, end))
    for each in asked:
        tick = read_instance(each.instance).get("tick", "") if each.instance else ""
        on = loaded.where(each.lesson).get(each.key, Where()).board
        if on is not None and tick.isdecimal() and len(tick) < 7:
            board = situation_of(on)
            found.setdefault(board, []).append((int(tick), played_to(each.kind, board, int(tick))))
    return found


def _by_review(history: ReviewHistory) -> list[list[tuple[str, str]]]:
    """The instances each review asked (those of the day it began: their kind, their text),
    oldest first."""
    found: dict[date, list[tuple[str, str]]] = {}
    for outcome in history.outcomes:
        found.setdefault(review_day(outcome), []).append((outcome.kind, outcome.instance))
    return [found[day] for day in sorted(found)]


def _asked(found: Drawer, instance: str) -> set[Hashable]:
    """What a review asked (its instance's key) and, about a live board, where: a later review
    asks neither again."""
    asks = read_instance(instance)
    spot = found.spot(asks)
    return {found.key(asks)} if spot is None else {found.key(asks), spot}


def _family(template: Template) -> frozenset[tuple[str, str]]:
    """A question's parameters but its size and pool."""
    params = template.question.params
    return normal({k: v for k, v in params.items() if k != "n"})


def _known(
    found: Drawer,
    template: Template,
    drawn_for: dict[tuple[str, str], str],
    own: bool = True,
) -> set[Hashable]:
    """The instances of ``template`` the lessons ask: its own (unless not ``own``), and the one
    its lesson drew for the student."""
    known: set[Hashable] = set()
    asked = found.own(template) if own else None
    if asked is not None:
        known.add(found.key(asked))
    instance = drawn_for.get((template.lesson.id, template.key), "")
    drawn = found.drawn(template, instance) if instance else None
    if drawn is not None:
        known.add(found.key(drawn))
    return known


def _page(item: ReviewItem, lessons: Sequence[Lesson], now: float) -> Page:
    instance = item.instance
    blocks: list[Block] = [Text(0, words.why_again(item, lessons, now))]
    if instance.board is not None:
        blocks.append(instance.board)
        if instance.tick:
            blocks.append(StepOp(0, instance.tick))
    blocks.append(instance.question)
    return Page(0, words.page_title(item.kind), False, tuple(blocks))
