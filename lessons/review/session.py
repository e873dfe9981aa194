"""The review planned and composed.

:func:`plan_review` reads what is due from the progress (the lessons' misses and the review's
outcomes, :mod:`lessons.review.boxes`); :func:`compose` draws a fresh instance of each kind due,
up to :data:`MAX_QUESTIONS`, and lays them out as a lesson of one page a question: the page says
why the kind comes back, shows the board the question is about (the kind's own board, at its
tick) and asks it. The lesson screen and the plain tutor play that lesson as any other
(:class:`lessons.review.run.ReviewRun` records the outcomes).

The instances are drawn by the student's review seed, the kind and how often it was reviewed:
a review opened again before answering asks the same questions; each answer makes the kind's
next instance another.
"""

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
from lessons.progress.store import ProgressStore
from lessons.quiz.instances import new_seed
from lessons.review import MAX_QUESTIONS, words
from lessons.review.boxes import Miss, Standing, due, next_due, review_day, standings
from lessons.review.missed import Asked, asked_questions
from lessons.review.reviewers import (
    Fresh,
    Guessing,
    Instance,
    OnBoard,
    Reviewer,
    Seen,
    Situation,
    Sized,
    Spans,
    Template,
    draw,
    lesson_spots,
    lesson_stretches,
    normal,
    plain_question,
    played_to,
    posed_at,
    printed_figures,
    read_instance,
    reviewed_stretches,
    reviewer,
    seen_in_lessons,
    shown_figures,
    situation_of,
    standing_of,
    taken_by,
)
from lessons.review.where import Where, where_asked_once

REVIEW_ID = "(review)"
"""The review's lesson id: no lesson file can have it (ids are letters, digits and -)."""


@dataclass(frozen=True, slots=True)
class ReviewPlan:
    """What is due: every reviewed kind's standing, the kinds due now (in the order asked),
    the first later day a kind is due, and every question the student answered or started."""

    standings: dict[str, Standing]
    due: tuple[Standing, ...]
    next_day: date | None
    asked: tuple[Asked, ...]
    now: float
    finished: frozenset[str] = frozenset()
    """The ids of the lessons the student has finished: a review asks its questions on a
    method and notation she has met, the lesson of the miss or one of these (review walk 8,
    F5)."""

    @property
    def count(self) -> int:
        """How many questions a review asks now."""
        return min(len(self.due), MAX_QUESTIONS)


def plan_review(lessons: Sequence[Lesson], store: ProgressStore, now: float) -> ReviewPlan:
    """What is due at ``now`` among the kinds the student missed in ``lessons`` (those the
    review can ask anew and that a lesson loaded here asks)."""
    asked = asked_questions(lessons, store.record_for)
    kinds = {q.kind for lesson in lessons for page in lesson.pages for q in page.questions}
    reviewed = {kind for kind in kinds if reviewer(kind) is not None}
    misses = [Miss(a.kind, a.at) for a in asked if a.missed and a.kind in reviewed]
    outcomes = [outcome for outcome in store.review.outcomes if outcome.kind in reviewed]
    found = standings(misses, outcomes)
    finished = frozenset(
        lesson.id
        for lesson in lessons
        if (record := store.record_for(lesson)) is not None and record.completed
    )
    return ReviewPlan(
        found, tuple(due(found, now)), next_due(found, now), tuple(asked), now, finished
    )


@dataclass(frozen=True, slots=True)
class ReviewItem:
    """One question of a review: the kind's standing, the lesson question it was drawn from
    and the instance asked."""

    standing: Standing
    template: Template
    instance: Instance
    missed_in: Lesson | None = None
    """The lesson the kind was missed in when the question is drawn from another lesson's
    (one the student finished, or one on the same method: review walk 8, F5); None when it
    is the same lesson."""

    @property
    def kind(self) -> str:
        return self.standing.kind

    @property
    def lesson(self) -> Lesson:
        """The lesson the kind was missed in: the one the review files the question under."""
        return self.missed_in or self.template.lesson


@dataclass(frozen=True, slots=True)
class ReviewSession:
    """A review ready to play: its lesson (a page a question), the items in page order, and
    the student's review seed."""

    lesson: Lesson
    items: tuple[ReviewItem, ...]
    seed: int


class _Lessons:
    """The lessons loaded, with where each asks its questions (played once, when needed)."""

    def __init__(self, lessons: Sequence[Lesson]) -> None:
        self.lessons = tuple(lessons)
        self._where: dict[str, dict[str, Where]] = {}

    def template(self, lesson: Lesson, key: str, found: Reviewer) -> Template | None:
        from lessons.review.missed import question_at

        question = question_at(lesson, key)
        if question is None:
            return None
        where = Where()
        if found.needs_where(question):
            where = self.where(lesson).get(key, Where())
        return Template(lesson, key, question, where)

    def where(self, lesson: Lesson) -> dict[str, Where]:
        """Where ``lesson`` asks each of its questions (played once a process for each lesson
        kept: a review composed again, or the next day's in a long-lived server, reads it)."""
        if lesson.id not in self._where:
            self._where[lesson.id] = where_asked_once(lesson)
        return self._where[lesson.id]

    def every_where(self) -> list[Where]:
        """Where the lessons ask every question, whatever its kind."""
        return [where for lesson in self.lessons for where in self.where(lesson).values()]

    def of_kind(self, kind: str) -> list[tuple[Lesson, str]]:
        """Every question of ``kind`` in the lessons, in order, by lesson and key."""
        found = []
        for lesson in self.lessons:
            for index, page in enumerate(lesson.pages):
                for number, question in enumerate(page.questions):
                    if question.kind == kind:
                        found.append((lesson, f"{index}.{number}"))
        return found


def compose(
    plan: ReviewPlan,
    lessons: Sequence[Lesson],
    history: ReviewHistory,
    seed: int = 0,
) -> ReviewSession | None:
    """The review of what ``plan`` says is due: a fresh instance of each kind (a kind none can
    be drawn for is left out); None when nothing is due or none could be drawn. ``seed``: the
    student's review seed (0: the history's, else a new one)."""
    seed = seed or history.seed or new_seed()
    loaded = _Lessons(lessons)
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
    return ReviewSession(lesson, tuple(items), seed)


def _item(
    standing: Standing,
    plan: ReviewPlan,
    loaded: _Lessons,
    history: ReviewHistory,
    seed: int,
    asked: Sequence[Sequence[tuple[str, str]]] = (),
) -> ReviewItem | None:
    """A fresh instance of ``standing``'s kind (None: none can be drawn); ``asked``: the
    instances each earlier review asked (their kind, their text), oldest first, and this one
    so far, of any kind."""
    kind = standing.kind
    found = reviewer(kind)
    if found is None:
        return None
    answered = [a for a in plan.asked if a.kind == kind]
    missed = sorted((a for a in answered if a.missed), key=lambda a: (-a.at, a.lesson.id, a.key))
    places = {(a.lesson.id, a.key): a.lesson for a in missed}
    first = list(places)
    missed_places = list(first)
    if first:  # the questions missed, the latest first, each in turn from one review to the next
        start = standing.reviews % len(first)
        first = first[start:] + first[:start]
    for lesson, key in loaded.of_kind(kind):  # then the lessons' other questions of the kind
        places.setdefault((lesson.id, key), lesson)
    others = [place for place in places if place not in first]
    templates = [
        template
        for lesson_id, key in [*first, *others]
        if (template := loaded.template(places[lesson_id, key], key, found)) is not None
    ]
    rank = {place: number for number, place in enumerate([*missed_places, *others])}
    # a board only of a method and notation the student has met: a question of the lessons
    # she missed the kind in or finished, or one on a board of the method she missed it on
    # (review walk 8, F5: lesson 5's miss on the iterative b[] came back on lesson 6's
    # placeQueens, q[], c[], a[] and a call stack, a lesson she never opened); a question on
    # no board (a count, a formula) shows no method's notation
    met = {a.lesson.id for a in missed} | plan.finished
    methods = {
        board.algorithm
        for a in missed
        if found.needs_where(a.question)
        and (board := loaded.where(a.lesson).get(a.key, Where()).board) is not None
    }
    every = templates  # what every lesson asks of the kind is kept off all the same
    templates = [
        template
        for template in templates
        if template.where.board is None
        or template.lesson.id in met
        or template.where.board.algorithm in methods
    ] or templates
    if not templates:
        return None
    origin = missed[0].lesson if missed else None
    drawn_for = {(a.lesson.id, a.key): a.instance for a in answered if a.instance}
    past = history.of(kind)
    if isinstance(found, Guessing):  # no tick an earlier review's stretch played (walk 5, F5)
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
        # no board at a tick a lesson asks any question at (its board, its state)
        lessons_ask.update(lesson_spots(found, loaded.every_where()))
    rng = random.Random(f"{seed}:{kind}:{len(past)}")
    # An instance no lesson asks (of the kind; at a board and tick: of any kind), none a lesson
    # drew for this student (a count remembered from the quiz is no review) and none a review
    # asked; else such a one that only a quiz asks, which drew another for her; else one a
    # review asked before but not the last; else (every one of the kind's
    # sizes or squares is asked somewhere: 2 x 2 or 3 x 3 boards, a course's few sizes) one
    # that is not the question's own, none a review asked, then not the last review's, then
    # even one drawn for the student. At each level the questions of the family of the one
    # missed last (its parameters but the size: the same goal, the same method) first, the
    # missed ones first among them, then the kind's others.
    variants = getattr(found, "variants", ())
    if variants:
        # each review the next variant the lessons teach (the array, C++ or Pascal), the
        # missed one's first (student walk 10, item 3: six array-index reviews, all C++)
        def variant(template: Template) -> tuple[str, ...]:
            params = template.question.params
            return tuple(params.get(name, "").strip().lower() for name in variants)

        unrotated = sorted(templates, key=lambda t: rank.get((t.lesson.id, t.key), len(rank)))
        taught = list(dict.fromkeys(variant(template) for template in unrotated))
        turn = taught[standing.reviews % len(taught)] if taught else ()
        templates.sort(key=lambda template: variant(template) != turn)  # stable
    family = _family(templates[0])
    templates.sort(key=lambda template: _family(template) != family)  # stable: missed first
    # "a review asked before but not the last": the one asked longest ago first, never the
    # more recent ones while there is such (review walk 5, F6: n = 10 at +1 and +15 while
    # n = 7 was never asked again)
    since = [
        set().union(*(_asked(found, outcome.instance) for outcome in past[k:]))
        for k in range(1, len(past))
    ] or [last]
    # First, on a live board, an instance away from the ticks the lessons and the reviews
    # asked, of any kind, and unlike the lesson questions of the kind (their queens placed,
    # their answers) while the boards have room (review walk 6, F2 to F4).
    missed_keys = {(a.lesson.id, a.key) for a in missed}
    first_level = lessons_ask | student | reviewed
    shown = _lesson_ticks(loaded, plan.asked)
    if isinstance(found, Sized):
        # a size whose figure no lesson page prints, of any of the kind's questions (another
        # method), before one a page prints (review walk 7, F8: compare 6 for brute force,
        # printed by lesson 3, while permutations had unprinted sizes); first one whose answer
        # the last review's and this one's questions did not show (F3). Among the sizes no
        # review asked, the own size of a quiz question that drew another for her (she never
        # read its figure) too, before any printed one (student walk 10, item 2: n = 4, 12 as
        # lesson 3's n = 5, and n = 8, 438 on lesson 3's page, were asked while the quiz's own
        # n = 6, drawn n = 7 for her, waited)
        unmet_places = frozenset(
            (template.lesson.id, template.key)
            for template in every
            if _known(found, template, {}) & unmet
        )
        printed = printed_figures(loaded.lessons, unmet_places) if found.unprinted else frozenset()
        on_screen = shown_figures((each for one in asked[-2:] for each in one), loaded.lessons)
        unmet_level = (lessons_ask - unmet) | student | reviewed
        fresh_levels = [first_level, *([unmet_level] if unmet_level != first_level else [])]
        for figures in dict.fromkeys((printed | on_screen, printed)):
            if not figures:
                continue
            for avoid in fresh_levels:
                for template in templates:
                    instance = draw(found, template, loaded.lessons, rng, avoid, None, figures)
                    if instance is not None:
                        return _made(standing, template, instance, origin)
    before = _reviewed_seen(found, loaded, past)
    for fresh in _tiers(found, every, loaded, drawn_for, missed_keys, asked, shown, before):
        for template in templates:
            instance = draw(found, template, loaded.lessons, rng, first_level, fresh)
            if instance is not None:
                return _made(standing, template, instance, origin)
    # then one no review asked whose only lesson question is a quiz's that drew another for
    # this student (she never met it), before an earlier review's again (issue 43: random
    # tries asked again at +8 and +15 while n = 6, the quiz's own size, had never been asked
    # her: she was drawn n = 7)
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
            instance = draw(found, template, loaded.lessons, rng, shunned)
            if instance is not None:
                return _made(standing, template, instance, origin)
    return None


def _made(
    standing: Standing, template: Template, instance: Instance, origin: Lesson | None
) -> ReviewItem:
    """The item, with the lesson of the miss when the question is drawn from another's."""
    missed_in = origin if origin is not None and origin.id != template.lesson.id else None
    return ReviewItem(standing, template, instance, missed_in)


def _tiers(
    found: Reviewer,
    templates: Sequence[Template],
    loaded: _Lessons,
    drawn_for: dict[tuple[str, str], str],
    missed: set[tuple[str, str]],
    asked: Sequence[Sequence[tuple[str, str]]],
    shown: dict[Situation, list[tuple[int, int]]],
    before: tuple[Seen, ...] = (),
) -> list[Fresh]:
    """What an instance of a question about a live board keeps away from, the most first
    (:class:`Fresh`); none for another kind. When the boards have no room left, the ticks of
    the lessons, the last review and this one are kept away from, then the lessons' and this
    review's, unlike the lesson's questions; then only unlike them."""
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
    # the lessons' questions (a guess: its whole stretch), with every review's or the last
    # review's and this one's
    taken = taken_by(each for one in asked for each in one)
    recent = taken_by(each for one in asked[-2:] for each in one)
    current = taken_by(asked[-1] if asked else ())
    for spans in (taken, recent, current):
        for situation, spans_shown in shown.items():
            spans.setdefault(situation, []).extend(spans_shown)
    kept = tuple(seen)
    last_two = taken_by(each for one in asked[-2:] for each in one)
    tiers = _tiers_of(found, kept, before, taken, recent, current, last_two)
    kind = templates[0].question.kind if templates else ""
    return [dataclasses.replace(fresh, kind=kind) for fresh in tiers]


def _tiers_of(
    found: Reviewer,
    kept: tuple[Seen, ...],
    before: tuple[Seen, ...],
    taken: Spans,
    recent: Spans,
    current: Spans,
    last_two: Spans,
) -> list[Fresh]:
    """:func:`_tiers`' list, the most kept away from first."""
    if isinstance(found, Guessing):
        # a stretch's answers are its ticks': compared by its board. Away from every tick
        # taken (on any board from 4 x 4 to 9 x 9: Guessing.sizes), then from the lessons',
        # the last review's and this one's, then from the last review's and this one's
        # always (review walk 7, F6: a stretch opened on the last review's question and
        # played through lesson 5's quiz ticks), in Guessing's order
        return [
            Fresh(taken, kept, "none"),
            Fresh(recent, kept, "none"),
            Fresh(last_two, kept, "none"),
        ]
    # not an earlier review's column and answer on the same board while there are others;
    # the ticks the last review and this one asked or played (up to their answers: review
    # walk 7, F4), always
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
    found: Reviewer, loaded: _Lessons, past: Sequence[ReviewOutcome]
) -> tuple[Seen, ...]:
    """What the earlier reviews' questions of a live board's kind showed and asked (each
    posed again on its board at its tick); () for another kind."""
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


def _lesson_ticks(
    loaded: _Lessons, asked: Sequence[Asked]
) -> dict[Situation, list[tuple[int, int]]]:
    """The ticks the lessons ask on each board: every question's (a guess: its stretch; where
    the queen goes next: up to its answer), and the ticks each lesson drew for this student
    (a quiz's ``tick=111``), alike."""
    found: dict[Situation, list[tuple[int, int]]] = {}
    for board, stretches in lesson_stretches(loaded.lessons).items():
        found.setdefault(board, []).extend(stretches)
    for lesson in loaded.lessons:
        for index, page in enumerate(lesson.pages):
            for number, question in enumerate(page.questions):
                where = loaded.where(lesson).get(f"{index}.{number}", Where())
                if where.board is not None:
                    board = situation_of(where.board)
                    end = played_to(question.kind, board, where.tick)
                    found.setdefault(board, []).append((where.tick, end))
    for each in asked:  # (review walk 7, F5: 2 ticks after the answer of a quiz's drawn tick)
        tick = read_instance(each.instance).get("tick", "") if each.instance else ""
        on = loaded.where(each.lesson).get(each.key, Where()).board
        if on is not None and tick.isdecimal() and len(tick) < 7:
            board = situation_of(on)
            found.setdefault(board, []).append((int(tick), played_to(each.kind, board, int(tick))))
    return found


def _by_review(history: ReviewHistory) -> list[list[tuple[str, str]]]:
    """The instances each review asked (those of one day, the day the review began: their
    kind, their text), oldest first."""
    found: dict[date, list[tuple[str, str]]] = {}
    for outcome in history.outcomes:
        found.setdefault(review_day(outcome), []).append((outcome.kind, outcome.instance))
    return [found[day] for day in sorted(found)]


def _asked(found: Reviewer, instance: str) -> set[Hashable]:
    """What a review asked (its instance's :meth:`Reviewer.key`) and, for a question about a
    live board, where (its board and tick, :meth:`Reviewer.spot`): a later review asks
    neither again, whichever of the kind's questions it draws from (review walk 4, F6: the
    same 6 x 6 board at tick 53 for two guess stretches of different lengths)."""
    asks = read_instance(instance)
    spot = found.spot(asks)
    return {found.key(asks)} if spot is None else {found.key(asks), spot}


def _family(template: Template) -> frozenset[tuple[str, str]]:
    """A question's parameters but its size and pool."""
    params = template.question.params
    return normal({k: v for k, v in params.items() if k != "n"})


def _known(
    found: Reviewer,
    template: Template,
    drawn_for: dict[tuple[str, str], str],
    own: bool = True,
) -> set[Hashable]:
    """The instances of ``template`` the lessons ask: its own (unless not ``own``), and the
    one its lesson drew for the student."""
    known: set[Hashable] = set()
    asked = found.own(template) if own else None
    if asked is not None:
        known.add(found.key(asked))
    instance = drawn_for.get((template.lesson.id, template.key), "")
    drawn = found.drawn(template, instance) if instance else None
    if drawn is not None:
        known.add(found.key(drawn))
    return known


def next_lesson(
    lessons: Sequence[Lesson], store: ProgressStore, first: Sequence[Lesson] = ()
) -> Lesson | None:
    """The lesson to do next: the one left unfinished, else the first not completed yet of
    ``first`` (the lessons of the course's assignments open now, the soonest due first), else
    of ``lessons``, else None (every lesson done)."""
    unfinished = store.in_progress(lessons)
    if unfinished is not None:
        return unfinished
    for lesson in [*first, *lessons]:
        record = store.record_for(lesson)
        if record is None or not record.completed:
            return lesson
    return None


def _page(item: ReviewItem, lessons: Sequence[Lesson], now: float) -> Page:
    instance = item.instance
    blocks: list[Block] = [Text(0, words.why_again(item, lessons, now))]
    if instance.board is not None:
        blocks.append(instance.board)
        if instance.tick:
            blocks.append(StepOp(0, instance.tick))
    blocks.append(instance.question)
    return Page(0, words.page_title(item.kind), False, tuple(blocks))
