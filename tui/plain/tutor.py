"""The plain tutor's conversation: one typed line at a time, to the main board, the lessons
menu or the lesson being read, as the full-screen tutor hands a key to the screen on top.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from lessons.answers.reading import yes_no
from lessons.answers.whole_numbers import is_digits
from lessons.i18n import _
from lessons.progress.words import completion_words
from solver.messages import render
from solver.stepping import Stop
from tui.plain import commands
from tui.plain.board_words import PlainBoard
from tui.plain.output import Out

if TYPE_CHECKING:  # the lessons load when first asked for
    from lessons.model import Lesson
    from tui.found_store import FoundStore
    from tui.lesson_context import LessonContext
    from tui.plain.lesson_walk import LessonWalk
    from tui.plain.place_board import PlaceBoard


class PlainTutor:
    """Hands each line to what it is for; :meth:`handle` returns False to quit."""

    def __init__(self, out: Out, board: PlainBoard, lessons: Callable[[], LessonContext]) -> None:
        self.out = out
        self.board = board
        self._lessons = lessons
        self._lesson_context: LessonContext | None = None
        self.walk: LessonWalk | None = None
        self._asked_restart: Lesson | None = None
        """A finished lesson whose opening waits for: start again (1) or look through (2)."""
        self.place: PlaceBoard | None = None
        """The place board, while it is open (from the main board, or for a lesson's question)."""
        self._told_failure = ""
        """The failed progress save last told."""

    # -- the lessons -------------------------------------------------------------------------

    @property
    def context(self) -> LessonContext:
        if self._lesson_context is None:
            self._lesson_context = self._lessons()
            self.out.lines(self._lesson_context.notices)
        return self._lesson_context

    def welcome(self) -> None:
        """At start: how to open the lessons (a first start), or the lesson left unfinished."""
        from lessons.progress.at_start import progress_at_start

        state = progress_at_start()
        if state == "none":
            self.out.line(_("New here? lessons lists the lessons, lesson 1 opens the first."))
        lesson = self.context.store.in_progress(self.context.catalog.lessons) if state else None
        if lesson is not None:
            number = self.context.catalog.lessons.index(lesson) + 1
            going_on = _(
                "Lesson {number} in progress: {title}. lesson {number} goes on from there."
            )
            self.out.line(going_on.format(number=number, title=lesson.title))

    def list_lessons(self) -> None:
        from lessons.catalog import lesson_number
        from lessons.course.words import being_fixed, menu_label
        from lessons.fallback import short_tag
        from lessons.review import words

        context = self.context
        plan = context.review_plan()
        if context.tried is not None:  # a day tried (--today): said, and that nothing is saved
            self.out.line(words.tried_label(plan, context.tried))
            self.out.line(_("A try: nothing is saved, neither the review nor a lesson opened now."))
        else:
            due = words.due_label(plan)  # "review" opens a review only when something is due
            self.out.line(_("{review} (review opens it)").format(review=due) if plan.count else due)
        if (whose := context.calendar_line()) is not None:
            self.out.line(whose)  # whose due dates these are (lessons/course/whose.py)
        for lesson in context.catalog.lessons:
            number = lesson_number(lesson)  # what lesson N opens: the file's, as lessons list
            key = lesson.id if number is None else str(number)
            line = f"{key}. {lesson.title}: {_progress(context, lesson)}"
            if (grade := context.course_grade(lesson)) is not None:
                record = context.store.record_for(lesson)
                late = context.late_for(grade)
                # its assignment's date, and what counts (lessons/course)
                line += f"; {menu_label(grade, None, late, record)}"
            if tag := short_tag(lesson):
                line += f" ({tag})"
            self.out.line(line)
        for lesson, grade in context.being_fixed():  # listed, not open: its file is fixed first
            number = lesson_number(lesson)
            key = lesson.id if number is None else str(number)
            self.out.line(f"{key}. {lesson.title}: {being_fixed(grade)}")
        self.out.line(_("lesson N opens lesson N where you left it."))

    def open_lesson(self, key: str, restart: bool = False) -> None:
        context = self.context
        lesson = context.catalog.find(key)
        if lesson is None:
            failed = context.catalog.find_failed(key)
            fixing = dict((item.id, grade) for item, grade in context.being_fixed())
            if failed is not None and failed.id in fixing:
                from lessons.course.words import being_fixed

                said = _("Lesson {wanted} is {state}.").format(
                    wanted=key, state=being_fixed(fixing[failed.id])
                )
                self.out.line(said)
                return
            self.out.line(_("There is no lesson {wanted}; lessons lists them.").format(wanted=key))
            return
        if not self._in_its_time(lesson):
            return
        record = context.store.record_for(lesson)
        if record is not None and record.run_finished and not restart:
            self._asked_restart = lesson
            self.out.line(
                _(
                    "You have finished “{title}” (quiz score {score}/{most}, best "
                    "{best}/{most}). Start it again?"
                ).format(
                    title=lesson.title,
                    score=record.score,
                    best=record.best_score,
                    most=lesson.max_score,
                )
            )
            self.out.line(_("1. Start again from page 1, with a fresh score"))
            self.out.line(_("2. Look through it from page 1; the score stays"))
            return
        self._open(lesson, restart)

    def _in_its_time(self, lesson: Lesson) -> bool:
        """Whether ``lesson`` may open now (its assignment has opened; lessons/course/words.py),
        with what the student is told about its dates."""
        from lessons.course.words import opening

        grade = self.context.course_grade(lesson)
        allowed, said = opening(grade, self.context.late_for(grade) if grade else None)
        if said is not None:
            self.out.line(said)
        return allowed

    def _open(self, lesson: Lesson, restart: bool) -> None:
        from lessons.quiz.pose import QuizError
        from lessons.stage import StageError
        from tui.plain.lesson_walk import LessonWalk

        try:
            context = self.context
            due, late, _notice = context.dates_of(lesson)  # its end says if it was late
            walk = LessonWalk(
                self.out,
                lesson,
                context.store,
                restart=restart,
                due=due,
                late=late,
                dates=lambda: context.dates_of(lesson),
            )
        except (QuizError, StageError) as error:
            self.out.line(_("This lesson cannot go on: {error}").format(error=error))
            return
        self.walk = walk
        walk.say_page()

    def open_review(self) -> None:
        """The review of what is due; with nothing due, say so and what to do next."""
        from lessons.review import words
        from tui.plain.review_walk import ReviewWalk

        context = self.context
        plan = context.review_plan()
        review = context.review(plan)
        if review is None:
            lessons, first = context.catalog.lessons, context.assigned()
            self.out.line(words.nothing_due(plan, lessons, context.store, first))
            return
        self.walk = ReviewWalk(self.out, context, review)
        self.walk.say_page()

    def _restart_answer(self, word: str) -> None:
        lesson = self._asked_restart
        assert lesson is not None
        said = yes_no(word)  # "start it again?": yes is 1
        if word in ("1", "2") or said is not None:
            self._asked_restart = None
            self._open(lesson, restart=word == "1" or said == "yes")
        elif word in ("escape", "esc", "leave", "l"):
            self._asked_restart = None
            self.list_lessons()
        else:
            self.out.line(_("Type 1 to start again, or 2 to look through it."))  # its keys

    # -- the conversation --------------------------------------------------------------------

    def handle(self, line: str) -> bool:
        """Do what ``line`` says; False to quit. A failed progress save is tried again after it."""
        go_on = self._handle(line)
        self._watch_progress()
        return go_on

    def _watch_progress(self) -> None:
        if self._lesson_context is None:
            return
        store = self._lesson_context.store
        if store.pending:
            store.retry()
        failure = store.failure
        if failure and failure != self._told_failure:
            self.out.line(
                _(
                    "Your progress is not saved: {failure}. It is tried again after each command."
                ).format(failure=failure)
            )
        elif self._told_failure and not failure:
            self.out.line(_("Your progress is saved again."))
        self._told_failure = failure

    def _handle(self, line: str) -> bool:
        word, _space, rest = line.partition(" ")
        argument = rest.strip()
        if self.place is not None:
            return self._on_place(word, argument)
        if self._asked_restart is not None:
            if commands.find(word, commands.ALWAYS) == "quit":
                return False
            self._restart_answer(word.lower())
            return True
        if self.walk is not None:
            return self._in_lesson(line, word, argument)
        return self._on_board(line, word, argument)

    # -- the place board ---------------------------------------------------------------------

    def open_place(self) -> None:
        """The place board from the main board: its size (up to the place board's largest),
        with the solutions found by hand kept in the data directory."""
        from solver.placement import MAX_N
        from tui.plain.place_board import PlaceBoard

        board = self.board
        n = min(board.n, MAX_N) if board.session.kit.queens else 4
        self.place = PlaceBoard(self.out, n, self._found())
        self.place.hello()

    def _found(self) -> FoundStore:
        """The solutions found by hand, kept in the data directory (its warnings said)."""
        from tui.found_store import FoundStore

        found = FoundStore()
        self.out.lines(render(warning) for warning in found.warnings)
        return found

    def _place_for_lesson(self) -> None:
        from tui.plain.place_board import PlaceBoard

        walk = self.walk
        assert walk is not None
        question = walk.place_question()
        if question is None:
            self.out.line(_("o opens the place board for a question answered by placing queens."))
            return
        n, drive, left = question
        queens = () if drive else walk.run.place_board()  # as the learner left them
        found = self._found()
        self.place = PlaceBoard(self.out, n, found, drive, question=True, left=left, queens=queens)
        self.place.hello()

    def _on_place(self, word: str, argument: str) -> bool:
        place = self.place
        assert place is not None
        name = commands.find(word, commands.PLACE, commands.ALWAYS)
        if name == "quit":
            return False
        if name == "help":
            self.out.lines(commands.help_lines(commands.PLACE, commands.ALWAYS))
            return True
        if not place.handle(word.lower(), argument.split()):
            self._unknown(word)
        if place.over:  # back to the lesson's question it answers, or to the board
            self.place = None
            if self.walk is None:
                self.board.say_where()
            else:
                self.walk.placed(place.flow.outcome())
        return True

    def _common(
        self, name: str | None, tables: tuple[tuple[commands.Command, ...], ...], argument: str
    ) -> bool:
        """help (``help WORD``: one command's); True when ``name`` is a command of every screen."""
        if name == "help" and argument:
            asked = commands.command(argument.split()[0], *tables)
            if asked is None:
                self._unknown(argument.split()[0])
            else:
                self.out.line(commands.help_line(asked.name, (asked,)))
            return True
        if name == "help":
            self.out.lines(commands.help_lines(*tables))
            if tables[0] is commands.BOARD:
                self.out.line(
                    _(
                        "While a guess question waits: y or n; 1, 2 or 3 for the rule; a row "
                        "(column) number or b for a backtrack; the maze: a move, up, right, "
                        "down or left (in English or in your language); escape drops the "
                        "question."
                    )
                )
            if tables[0] is commands.LESSON:  # s is sì, t is tak while a stretch waits
                self.out.line(
                    _(
                        "While a guess stretch waits: y or yes, n or no (in every language: s "
                        "or sì, t or tak); 1, 2 or 3 for the rule; an empty line for the next "
                        "tick; esc leaves its board; show shows the answer."
                    )
                )
            self.out.line(
                _(
                    "An empty line is enter. In a script, empty lines and lines that start "
                    "with # are skipped."
                )
            )
            return True
        return False

    def _extra(
        self, word: str, argument: str, tables: tuple[tuple[commands.Command, ...], ...]
    ) -> bool:
        """True (and one line) when something follows a command that takes nothing: ``space 3
        0`` typed on the main board is no tick."""
        found = commands.command(word, *tables)
        if not argument or found is None or found.argument:
            return False
        self.out.line(
            _(
                "{command}: nothing goes after this command ({extra}); help {command} says "
                "what it does."
            ).format(command=word, extra=argument)
        )
        return True

    def _unknown(self, word: str) -> None:
        if word.lower() in commands.FULL_SCREEN_ONLY:
            self.out.line(
                _(
                    "{command}: this key needs the full-screen tutor; help lists the plain "
                    "tutor's commands."
                ).format(command=word)
            )
        else:
            self.out.line(
                _("{command}: no such command here; help lists the commands.").format(command=word)
            )

    def _on_board(self, line: str, word: str, argument: str) -> bool:
        board = self.board
        if board.asking and board.answer(line):
            return True
        name = commands.find(word, commands.MAIN, commands.BOARD, commands.ALWAYS)
        if name == "quit":
            return False
        tables = (commands.BOARD, commands.MAIN, commands.ALWAYS)
        if self._common(name, tables, argument):
            return True
        if name is None:
            if board.asking:
                board.keys_reminder()
            else:
                self._unknown(word)
            return True
        if self._extra(word, argument, tables):
            return True
        simple = {
            "tick": board.tick,
            "back": board.back,
            "iter": board.iteration,
            "solve": lambda: board.run("solution"),
            "backtrack": lambda: board.run("backtrack"),
            "board": board.board,
            "state": board.state,
            "code": board.code,
            "status": board.status,
            "all": board.toggle_all,
            "reset": board.reset,
            "larger": lambda: board.resize(1),
            "smaller": lambda: board.resize(-1),
            "overlay": board.next_overlay,
            "guess": board.toggle_guess,
            "lessons": self.list_lessons,
            "place": self.open_place,
            "review": self.open_review,
        }
        if name in simple:
            simple[name]()
        elif name == "method":
            board.use_method(argument or None)
        elif name == "size" and is_digits(argument):
            board.size(int(argument))
        elif name == "size":
            self.out.line(commands.help_line("size", commands.MAIN))
        elif name == "lesson":
            self._lesson(argument)
        return True

    def _lesson(self, argument: str) -> None:
        """``lesson N`` opens lesson N; ``lesson`` lists them."""
        if argument:
            self.open_lesson(argument)
        else:
            self.list_lessons()

    def _in_lesson(self, line: str, word: str, argument: str) -> bool:
        walk = self.walk
        assert walk is not None
        tables = (commands.LESSON, commands.BOARD, commands.ALWAYS)
        name = commands.find(word, *tables)
        if walk.asked_restart and name != "quit":
            walk.restart_answer(word.lower())
            return True
        waiting = walk.run.asked is not None
        other = name is None and commands.find(word, commands.MAIN) == "lesson"  # lesson N
        if waiting and (walk.reads_as_answer(line) or (name is None and not other)):
            walk.answer(line)  # an answer, or a line that is none (the runner says so)
            return True
        if name == "quit":
            return False
        if self._common(name, tables, argument):
            return True
        if other:
            self.walk = None  # another lesson, from a lesson (or its end)
            self._lesson(argument)
            return True
        if name is None:
            self._unknown(word)
            return True
        if self._extra(word, argument, tables):
            return True
        if name == "show" and not waiting and word.casefold() == "s":
            name = "solve"  # s solves the page's board while no question waits (show: says so)
        actions = {
            "enter": walk.enter,
            "next": walk.next_page,
            "prev": walk.previous_page,
            "hint": walk.hint,
            "show": walk.reveal,
            "page": walk.say_page,
            "settle": walk.settle,
            "restart": walk.restart,
            "place": self._place_for_lesson,
            "tick": lambda: walk.step(Stop.TICK),
            "iter": lambda: walk.step(Stop.ITERATION),
            "back": walk.back,
            "solve": lambda: walk.run_to("solution"),
            "backtrack": lambda: walk.run_to("backtrack"),
            "board": walk.board,
            "state": walk.state,
            "code": walk.code,
            "status": walk.status,
        }
        if name == "leave":
            walk.over = True
        else:
            actions[name]()
        if walk.over:
            self.walk = None
            self.list_lessons()
        return True


def _progress(context: LessonContext, lesson: Lesson) -> str:
    """Completion in words, as the lesson menu says it: new, page 3/9, done, best 4/5."""
    return completion_words(context.store.record_for(lesson), lesson)
