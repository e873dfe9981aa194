"""One student working through one lesson: pages, the board, questions, score, progress.

A :class:`LessonRun` walks the blocks of the current page in order; a question stops the walk
until answered right or shown, then its ticks are played and :meth:`go_on` walks on. A page's
starting state depends only on the lesson, so a run resumes at any page by replaying the pages
before it. Progress is saved after every answer and every page."""

from __future__ import annotations

import dataclasses

from lessons.answers.checking import Posed, Verdict
from lessons.answers.feedback import say
from lessons.i18n import _, number
from lessons.model import (
    BoardOp,
    ExpectOp,
    Lesson,
    OverlayOp,
    Page,
    Question,
    Text,
    TreeOp,
)
from lessons.progress.moved_pages import lesson_digests, on_current_pages, replaced_pages
from lessons.progress.records import (
    MAX_COMPLETIONS,
    MAX_PAST_RUNS,
    Completion,
    LessonRecord,
    PastRun,
    keep_missed,
    remember_asked,
    was_missed,
)
from lessons.progress.store import ProgressStore
from lessons.quiz import draw as quiz_draw
from lessons.quiz.draw import attempt_key, draw, new_seed
from lessons.quiz.drawers import live as instances_live
from lessons.quiz.drawers.base import instance_text
from lessons.quiz.kinds import KINDS, LIVE, VARIED
from lessons.quiz.pose import pose
from lessons.runner.answering import Answering, Asked
from lessons.runner.board import MOVES, BoardShowing
from lessons.runner.words import PageWords
from lessons.stage import Stage
from solver.geometry import Square
from solver.stepping import SteppableSearch, Stop


class LessonRun(Answering, BoardShowing, PageWords):
    """A lesson in progress. ``store`` (optional) receives a save after every change."""

    def __init__(
        self,
        lesson: Lesson,
        store: ProgressStore | None = None,
        page: int | None = None,
        restart: bool = False,
    ) -> None:
        self.lesson = lesson
        self.store = store
        # Saved against other pages (the lesson file changed since): the page to resume at
        # and the answers follow their pages; the first save below keeps the new layout.
        saved = store.record_for(lesson) if store else None
        self.changed_pages: frozenset[int] = (
            replaced_pages(store.lesson(lesson.id), lesson_digests(lesson))
            if store is not None and saved is not None
            else frozenset()
        )
        """The pages whose question changed since the student answered it there: their
        answers were kept aside (lessons/progress/moved_pages.py); the page says so once."""
        self._told_changed: set[int] = set()
        """The changed pages left since this run opened: the page says it no more."""
        self._opened = False
        self.record = on_current_pages(LessonRecord(), lesson) if saved is None else saved
        self.record.max_score = lesson.max_score
        if restart:
            self._start_over()
        start = self.record.page if page is None else page
        if page is None and self.record.run_finished and not restart:
            # A finished lesson opens at its start with its answers and score kept: starting
            # it again (a fresh score) is the student's choice, asked by the screen.
            start = 0
        self.stage = Stage()
        self.page_index = 0
        self.shown: list[Text] = []
        self.asked: Asked | None = None
        self.feedback: Verdict | None = None
        self.place_boards: dict[str, tuple[int, tuple[Square, ...]]] = {}
        """The queens the learner left on each place question's board (by its key), with the
        board's size: ``o`` opens it again as it was left."""
        self.finished_question: Asked | None = None
        self.kept_board: Asked | None = None
        """The question answered last whose own placement or maze stays until the page moves the
        board or asks again."""
        self.aside: Asked | None = None
        """The answered question whose own board ``r`` put aside for the page's board."""
        self.finished = False
        """True once the last page has been finished in this run."""
        self._run_counted = False
        """This run has been counted in the record's ``runs`` (at its last answer or end)."""
        self._cursor = 0
        self._drawn_here: list[tuple[str, dict[str, str]]] = []
        """The instances drawn on this page so far, by kind (never drawn twice on a page)."""
        self._resume_tick: int | None = None
        """After a question about a drawn situation of the board: the tick the lesson's own
        question would have left the board at, where :meth:`go_on` takes it back to."""
        self._explored: dict[int, int] = {}
        """The tick the student left each page's board at, when stepped away from the lesson's."""
        self._feedback_tick: int | None = None
        """The tick the board showed with the last feedback on this page of a question drawn
        on the live board (None: none yet since the page or its board began)."""
        self._last_drawn_tick: int | None = None
        """The tick the last question about the live board on this page was drawn at."""
        self._search_seen = False
        """The student has seen the board's search (here or on a page before): a question drawn at
        another moment of it may speak of "the same search"."""
        self._practice: frozenset[instances_live.Avoided] | None = None
        """Where the lesson's practice pages ask about the live board (made when first needed)."""
        self.looking_through = page is None and self.record.run_finished and not restart
        """A finished lesson opened to look through (the score stays): each question already
        answered shows read-only with its answer, as after an answer, and Enter or n goes on."""
        self._resuming = page is None and not self.record.run_finished
        """Opened where the student left off: the questions of that page already answered are
        not asked again (a resume returns to the question where the student stopped)."""
        self.goto(max(0, min(start, len(lesson.pages) - 1)))
        self._resuming = False
        self._opened = True

    # -- state -----------------------------------------------------------------------------

    @property
    def changed_notice(self) -> str:
        """On a page whose question changed since the student answered it, the sentence that
        says so (until the student leaves the page); "" elsewhere."""
        index = self.page_index
        if index not in self.changed_pages or index in self._told_changed:
            return ""
        return _(
            "The question on this page has changed since you answered it: your earlier answer "
            "is kept aside in your progress file, not lost and not counted in the score, so "
            "answer the new question."
        )

    @property
    def page(self) -> Page:
        return self.lesson.pages[self.page_index]

    @property
    def engine(self) -> SteppableSearch | None:
        return self.stage.engine

    @property
    def waiting(self) -> bool:
        """A question is waiting for its answer."""
        return self.asked is not None

    @property
    def answered(self) -> bool:
        """A question was just finished: its feedback shows until :meth:`go_on`."""
        return self.finished_question is not None

    @property
    def answer_ends_page(self) -> bool:
        """A question was just finished and nothing of the page follows it that the student
        would see (only ``@expect`` checks): going on from its feedback ends the page."""
        if not self.answered:
            return False
        return all(isinstance(block, ExpectOp) for block in self.page.blocks[self._cursor :])

    @property
    def page_done(self) -> bool:
        return self.asked is None and self.finished_question is None and self._at_end

    @property
    def _at_end(self) -> bool:
        return self._cursor >= len(self.page.blocks)

    @property
    def is_last_page(self) -> bool:
        return self.page_index == len(self.lesson.pages) - 1

    @property
    def completed(self) -> bool:
        """The lesson has been finished (in this run or before)."""
        return self.record.completed

    @property
    def score(self) -> int:
        return self.record.score

    # -- moving ----------------------------------------------------------------------------

    def goto(self, index: int) -> None:
        """Start page ``index``, replaying the pages before it; a board the student stepped away on
        a page comes back as they left it."""
        if not 0 <= index < len(self.lesson.pages):
            raise IndexError(f"page {index} out of range")
        if self._opened and self.page_index in self.changed_pages:
            self._told_changed.add(self.page_index)  # told on it once: not on the next visit
        self._keep_explored()
        self.stage = Stage()
        for page in self.lesson.pages[:index]:
            self._replay(page)
            self.stage.new_page()
        self.page_index = index
        self.shown = []
        self.asked = None
        self.feedback = None
        self.finished_question = None
        self.kept_board = None
        self.aside = None
        self._cursor = 0
        self._drawn_here = []
        self._resume_tick = None
        self._feedback_tick = None
        self._last_drawn_tick = None
        self._search_seen = self.stage.engine is not None  # the board a page before showed
        self._walk()
        self._restore_explored()
        self.record.page = index
        self._save()

    def next_page(self) -> bool:
        """Go to the next page once this one is done; on the last page, finish the lesson."""
        if not self.page_done:
            return False
        if self.is_last_page:
            self._record_completion()
            self.finished = True
            self.record.page = len(self.lesson.pages) - 1
            self._save()
            return False
        self._turn(self.page_index + 1)
        return True

    def previous_page(self) -> bool:
        if self.page_index == 0:
            return False
        self._turn(self.page_index - 1)
        return True

    def _turn(self, index: int) -> None:
        """Turn to page ``index``, its questions answered already not asked again."""
        self._resuming = True
        try:
            self.goto(index)
        finally:
            self._resuming = False

    def restart(self) -> None:
        """Start the lesson again from its first page, with a fresh score."""
        self.looking_through = False
        self._start_over()
        self.finished = False
        self._run_counted = False
        self.goto(0)

    def go_on(self) -> None:
        """After a question's feedback: walk on to the next question or the end of the page
        (from the board as the lesson left it, whatever the student stepped meanwhile)."""
        self.settle()
        engine = self.stage.engine
        if (
            engine is not None
            and self._resume_tick is not None
            and self._ahead(MOVES | OverlayOp | TreeOp | Question)
        ):
            instances_live.move_to(engine, self._resume_tick)  # the lesson's own state again
        self._resume_tick = None
        self.kept_board = self._own_board(self.finished_question)
        self.finished_question = None
        self.feedback = None
        self._walk()

    # -- answering -------------------------------------------------------------------------

    def _finish(self, right: bool, revealed: bool) -> None:
        asked = self._asked()
        first = right and asked.attempts == 1 and not asked.hint_shown
        outcome = self._outcome(asked, right, revealed, points=1 if asked.scored and first else 0)
        self.record.answers.setdefault(asked.key, outcome)
        self.record.open.pop(asked.key, None)
        self._close(asked)
        if self.is_last_page and not self._ahead(Question):
            self._record_completion()  # done, even if the student leaves before the end
        self._save()

    def _look_at(self) -> None:
        """Looking through a finished lesson: show the waiting question read-only with its answer
        and play its ticks; nothing is recorded."""
        asked = self._asked()
        posed = asked.posed
        label = self.question_label
        shown = say("answer.shown", answer=posed.answer_text, explanation=posed.explanation)
        before = _("Answered before; the score stays.")
        self._close(asked)
        # The prompt in each front end's words, and a choice question's choices, which the
        # answer names by number.
        said = [f"{label} {prompt}" for prompt in (posed.prompt, posed.plain_prompt) if prompt]
        told = ["\n".join((line, *posed.choice_lines, "", f"{before} {shown}")) for line in said]
        self.feedback = Verdict(True, told[0], plain_message=told[-1] if len(told) > 1 else "")

    def _close(self, asked: Asked) -> None:
        """The waiting question ``asked`` is over: its ticks played, then the ``@overlay``
        directives right after it drawn with its feedback."""
        engine = self.stage.engine
        if engine is not None:
            engine.run(Stop.END, max_ticks=asked.posed.play)
        self._left_here()
        if engine is not None and asked.instance.startswith("tick="):
            self._feedback_tick = engine.tick  # the moment the feedback's board shows
        self.asked = None
        self.finished_question = asked
        blocks = self.page.blocks
        while self._cursor < len(blocks):
            block = blocks[self._cursor]
            if not isinstance(block, OverlayOp):
                return
            self.stage.apply(block)
            self._cursor += 1

    # -- walking the blocks ----------------------------------------------------------------

    def _walk(self) -> None:
        try:
            self._walk_blocks()
        finally:
            self._left_here()

    def _walk_blocks(self) -> None:
        blocks = self.page.blocks
        while self._cursor < len(blocks):
            block = blocks[self._cursor]
            self._cursor += 1
            if isinstance(block, Text):
                self.shown.append(block)
                continue
            if not isinstance(block, ExpectOp):
                self.kept_board = None  # the page moves its board, or asks again
            if isinstance(block, BoardOp):
                self._feedback_tick = None  # another search: no moment of this one before
                self._last_drawn_tick = None
                self._search_seen = False
            if isinstance(block, Question):
                number = sum(1 for b in blocks[: self._cursor - 1] if isinstance(b, Question))
                key = f"{self.page_index}.{number}"
                own = block
                if self.page.scored:
                    block = self._drawn(block, key)
                posed = pose(block, self.stage.session)
                if posed.brief and self._board_question_ahead(diagonal=True, stop=MOVES):
                    posed = dataclasses.replace(
                        posed, explanation=posed.brief, right_explanations={}
                    )
                engine = self.stage.engine
                live = self.page.scored and own.kind in LIVE and engine is not None
                tick = self._drawn_tick(own, key) if live else 0  # drawn even if answered
                seen = self._search_seen
                self._search_seen = engine is not None  # seen beside this question from now
                looked_at = self.looking_through and key in self.record.answers
                if self._resuming and key in self.record.answers and not looked_at:
                    if live and engine is not None:  # where its feedback left the board
                        self._feedback_tick = self._end_of(own, tick)
                    if engine is not None:  # answered before leaving: its ticks played
                        engine.run(Stop.END, max_ticks=posed.play)
                    continue
                drawer = KINDS[own.kind].drawer  # drawn: other students may get another
                drawn = block.params != own.params or (
                    own.kind in VARIED - LIVE and len(drawer.pool(own, self.stage.queens_n)) > 1
                )
                instance = instance_text(block.params) if drawn else ""
                if live and engine is not None:
                    shown = engine.tick if self._feedback_tick is None else self._feedback_tick
                    if tick != engine.tick:
                        self._resume_tick = engine.tick + posed.play
                        instances_live.move_to(engine, tick)
                        posed = pose(own, self.stage.session)
                    posed = _with_moment(posed, tick, shown, seen)
                    instance = f"tick={tick}"
                before = self.record.open.get(key)  # how far it got in an earlier sitting
                self.asked = Asked(
                    key,
                    block,
                    posed,
                    self.page.scored,
                    before.attempts if before else 0,
                    before.hint if before else False,
                    instance if self.page.scored else "",
                    before.given if before else (),
                    before.given_at if before else (),
                )
                if looked_at:
                    self._look_at()
                return
            else:
                self.stage.apply(block)

    def _seed(self) -> int:
        """The student's seed for the questions drawn per student, saved as it is made: the
        lesson left before an answer asks the same questions when it is opened again."""
        if self.record.seed == 0:
            self.record.seed = new_seed()
            self._save()
        return self.record.seed

    def _drawn(self, question: Question, key: str) -> Question:
        """The instance of a quiz question this student is asked, drawn by her seed, never one drawn
        before it on the page; other kinds (and the live board's) as they are."""
        if question.kind in LIVE:
            return question
        taken = [params for kind, params in self._drawn_here if kind == question.kind]
        drawn = draw(
            question,
            self._seed(),
            attempt_key(key, self.record.attempt),
            self.lesson,
            self.stage.queens_n,
            taken,
            self.record.asked_before.get(key, ()),
        )
        self._drawn_here.append((question.kind, dict(drawn.params)))
        return drawn

    def _drawn_tick(self, question: Question, key: str) -> int:
        """The tick of the page's board this student is asked a live-board question at: never a
        practice question's, nor one its kind was asked at before it on the page."""
        if self._practice is None:
            self._practice = quiz_draw.practice_situations(self.lesson)
        engine = self.stage.engine
        assert engine is not None
        taken = [
            (params["method"], int(params["n"]), int(params["tick"]))
            for kind, params in self._drawn_here
            if kind == question.kind
        ]
        earlier = [t for t in (self._feedback_tick, self._last_drawn_tick) if t is not None]
        tick = quiz_draw.draw_tick_off(
            question,
            self.stage,
            self._seed(),
            attempt_key(key, self.record.attempt),
            self.lesson,
            [*self._practice, *taken],
            self.record.asked_before.get(key, ()),
            max(earlier, default=None),
            quiz_draw.live_questions_after(self.page, int(key.partition(".")[2])),
            [situation[2] for situation in taken],
            [int(params["tick"]) for kind, params in self._drawn_here if kind in LIVE],
        )
        drawn = {"method": engine.method, "n": str(engine.n), "tick": str(tick)}
        self._drawn_here.append((question.kind, drawn))
        self._last_drawn_tick = tick
        return tick

    def _end_of(self, question: Question, tick: int) -> int:
        """The tick ``question`` asked at ``tick`` leaves the board at (its ticks played); the
        board is left where it was."""
        engine = self.stage.engine
        assert engine is not None
        start = engine.tick
        instances_live.move_to(engine, tick)
        try:
            return tick + pose(question, self.stage.session).play
        finally:
            instances_live.move_to(engine, start)

    def _replay(self, page: Page) -> None:
        """Play a page's directives and its questions' ticks, as if it had been worked."""
        for block in page.blocks:
            if isinstance(block, Question):
                posed = pose(block, self.stage.session)
                engine = self.stage.engine
                if engine is not None:
                    engine.run(Stop.END, max_ticks=posed.play)
            elif not isinstance(block, Text):
                self.stage.apply(block)

    def _record_completion(self) -> None:
        """The lesson's last question is answered: it counts as completed (once a run)."""
        record = self.record
        if not self._run_counted:
            record.runs += 1
            self._run_counted = True
            done = Completion(self._now(), record.score)  # the gradebook's: lessons/course
            record.completions = [*record.completions, done][-MAX_COMPLETIONS:]
        record.completed = True
        record.again = False
        record.best_score = max(record.best_score, record.score)

    def _start_over(self) -> None:
        """A fresh run: its answers and open questions cleared (a fresh score), the questions
        missed in them kept for the review (``earlier``)."""
        record = self.record
        if record.run_finished and record.answers and record.completions:
            # its answers kept with its completion's time: a course may count this run
            # rather than the next, and the teacher's report shows it
            past = PastRun(record.completions[-1].at, dict(record.answers))
            kept = [run for run in record.past_runs if run.at != past.at]
            record.past_runs = [*kept, past][-MAX_PAST_RUNS:]
        for outcomes, finished in ((record.answers, True), (record.open, False)):
            for key, outcome in outcomes.items():
                if (finished or key not in record.answers) and was_missed(outcome, finished):
                    keep_missed(record.earlier, key, outcome)
        for key, outcome in record.answers.items():
            remember_asked(record.asked_before, key, outcome.instance)
        if record.answers:  # a fresh attempt draws its quiz anew
            record.attempt += 1
        record.again = record.completed
        self.record.answers = {}
        self.record.open = {}
        self.record.page = 0

    def _save(self) -> None:
        if self.store is not None:
            self.store.save(self.lesson.id, self.record)


def _with_moment(posed: Posed, tick: int, shown: int, seen: bool) -> Posed:
    """``posed`` led by where in the search it is asked, when that is not the moment the board
    showed last: "the same search" only where the student has ``seen`` that search before."""
    if tick != shown and not seen:
        lead = _("The board shows this search at tick {tick}.").format(tick=number(tick))
    elif tick > shown:
        lead = _("Later in the same search: tick {tick}.").format(tick=number(tick))
    elif tick < shown:
        lead = _("Earlier in the same search: tick {tick}.").format(tick=number(tick))
    else:
        return posed
    plain = f"{lead}\n{posed.plain_prompt}" if posed.plain_prompt else ""
    return dataclasses.replace(posed, prompt=f"{lead}\n{posed.prompt}", plain_prompt=plain)
