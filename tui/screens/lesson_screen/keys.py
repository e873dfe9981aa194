"""The lesson page's keys: which act now, which the key bar names, and the help's list (mixed
into :class:`~tui.screens.lesson_screen.LessonScreen`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding, BindingType

from lessons.i18n import N_, _
from lessons.model import Text as TextBlock
from solver.messages import render
from solver.tree.view import refusal
from tui.bindings import hidden, key
from tui.screens.board_screen import STEP_BINDINGS, WHOLE_TREE, BoardScreen
from tui.screens.help_screen import HelpScreen
from tui.screens.lesson_screen.reading import READ_ON
from tui.widgets.key_bar import taken_as_text
from tui.widgets.no_break import KEY
from tui.widgets.quiz_answer import AnswerField
from tui.widgets.quiz_choices import QuizChoices

if TYPE_CHECKING:
    from lessons.runner import LessonRun
    from tui.screens.lesson_screen.column import BoardColumn

    _Screen = BoardScreen
else:
    _Screen = object

BINDINGS: list[BindingType] = [
    # beside "p Prev page", "← Back" reads as a page back: "← Undo" undoes a tick
    *(
        Binding(b.key, b.action, N_("Undo"), tooltip=b.tooltip)
        if isinstance(b, Binding) and b.action == "back"
        else b
        for b in STEP_BINDINGS
    ),
    # r: the page's board in place of a question's own placement (in the key bar), else the
    # board brought back to where the lesson left it once the student has stepped it
    Binding("r", "page_board", N_("Lesson's board"), tooltip=N_("The board as the lesson left it")),
    hidden("r", "reset", N_("Lesson's board"), N_("The board as the lesson left it")),
    # Enter: back to the lessons at the lesson's end, else read on, else go on (the bar says which)
    Binding("enter", "finish", N_("Lessons"), tooltip=N_("Back to the list of lessons")),
    Binding("enter", "read_on", N_("Read on"), tooltip=N_("Show the text that goes on below")),
    Binding("enter", "go_on", N_("Next"), tooltip=N_("Go on: the next question or page")),
    Binding("n", "next_page", N_("Next page"), show=False),
    # F4 turns back at all times (never a letter of an answer): the one key the bar names;
    # p too where no answer is typed (the help lists it then)
    Binding("f4", "back_page", N_("Prev page"), priority=True),
    Binding("p", "previous_page", N_("Prev page"), show=False),
    # F2 and F3: never part of a typed answer (every letter is, while a question waits)
    Binding("f2", "hint", N_("Hint"), tooltip=N_("A hint for the question")),
    Binding("h", "hint", N_("Hint"), show=False, tooltip=N_("A hint for the question")),
    Binding("f3", "reveal", N_("Show answer"), tooltip=N_("Show the answer (no point)")),
    Binding("s", "reveal", N_("Show answer"), show=False, tooltip=N_("Show the answer (no point)")),
    Binding("o", "open_board", N_("Open board"), tooltip=N_("The question's own board")),
    WHOLE_TREE,
    Binding("comma", "solutions(-1)", N_("Solutions up"), tooltip=N_("Scroll the solutions up")),
    key("full_stop", "solutions(1)", N_("Solutions down"), N_("Scroll the solutions down")),
    Binding("up", "scroll(-1)", N_("Scroll up"), show=False),
    Binding("down", "scroll(1)", N_("Scroll down"), show=False),
    # the page's text scrolls with these at all times, a waiting question included
    Binding("pageup", "scroll_page(-1)", N_("Page up"), show=False, priority=True),
    Binding("pagedown", "scroll_page(1)", N_("Page down"), show=False, priority=True),
    Binding("home", "scroll_to_end(False)", N_("Top"), show=False, priority=True),
    Binding("end", "scroll_to_end(True)", N_("Bottom"), show=False, priority=True),
    # R at the lesson's end, in the key bar as the last page says it; before, in the help
    Binding("R", "restart_at_end", N_("Restart"), tooltip=N_("Start the lesson again")),
    Binding("R", "restart", N_("Restart"), show=False, tooltip=N_("Start the lesson again")),
    Binding("escape,l", "menu", N_("Lesson menu"), tooltip=N_("Back to the list of lessons")),
    # ? (or F1) is never part of an answer: the help opens while a question waits too
    hidden("question_mark,f1", "help", N_("Help"), N_("Every key"), priority=True),
    Binding("q", "app.quit", N_("Quit"), show=False, tooltip=N_("Quit the tutor")),
]

_ONE_KEY = {"back_page": "previous_page"}
"""Actions the help lists as one: F4 and p both turn back a page."""
_PAGE_MOVES = ("next_page", "previous_page", "back_page", "restart", "restart_at_end", "menu")


class LessonKeys(_Screen):
    """The keys half of the lesson screen."""

    lesson_run: LessonRun
    running: bool
    _keys_named: tuple[int, frozenset[str]] = (-1, frozenset())
    """The page whose text's marked keys were read, and those keys."""

    if TYPE_CHECKING:

        @property
        def column(self) -> BoardColumn: ...

        @property
        def _given(self) -> bool: ...

        @property
        def _off_board(self) -> bool: ...

        def _next_step(self) -> str: ...

    def board_action_allowed(self, action: str) -> bool:
        """The page's board steps only while no question waits, on the page's own board, forward
        while its search goes on, back once a tick was played, ``r`` once stepped; the main
        screen's other board keys are not a lesson's."""
        run = self.lesson_run
        if action not in ("tick", "back", "iteration", "run", "reset") or not run.can_explore:
            return False
        if not run.shows_board or self._off_board or self._given:
            return False
        session = run.session
        if action in ("tick", "iteration", "run") and session is not None:
            # the search is over: they would only say so; a question to come: they would answer it
            return not session.engine.finished and run.steps_forward(action == "tick")
        if action == "back" and session is not None:
            return session.can_step_back
        return action != "reset" or run.explored

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Each key where it acts (the key bar names only those): hint and show-answer while a
        question waits, Enter as finish, read on or go on, F4 always and p where no answer is
        typed, and none of the page moves while a run has the board."""
        allowed = super().check_action(action, parameters)
        if allowed is not True:
            return allowed
        run = self.lesson_run
        if action in _PAGE_MOVES and self.running:
            return None  # the worker has the board until it stops (escape)
        if action in ("hint", "reveal"):
            return run.asked is not None
        if action == "finish":  # else Enter is go_on, below it
            return run.finished and run.asked is None
        if action in ("go_on", "read_on"):
            if run.asked is not None or run.finished:
                return False
            # Enter shows more of the text (the feedback's or the page's) before it goes on
            return (self.is_mounted and self._next_step() == _(READ_ON)) == (action == "read_on")
        if action == "next_page":  # the lesson finished: no page after it (Enter goes back)
            return run.answered or not run.finished
        if action == "back_page":
            return run.page_index > 0
        if action == "previous_page":  # p is a letter of an answer being typed
            return run.page_index > 0 and not isinstance(self.focused, AnswerField | QuizChoices)
        if action == "whole_tree":  # the tree shows the board: not while a question waits
            return run.session is not None and run.can_explore and run.shows_board
        if action == "page_board":  # else r is the hidden reset, below it
            return (
                self._given
                and run.can_explore
                and run.shows_board
                and not self._off_board
                and not self.running
            )
        if action == "restart_at_end":  # else R is the hidden restart, below it
            return run.finished
        if action == "solutions":  # only where the list on screen scrolls that way
            return self.column.solutions_scroll(up=bool(parameters) and parameters[0] == -1)
        if action == "open_board":
            asked = run.asked
            return asked is not None and asked.question.kind in ("place", "guess")
        return True

    def key_bar_shows(self, binding: Binding) -> bool:
        """f2 for a hint not yet shown, T where a tree can be, Enter alone at the end."""
        run = self.lesson_run
        if binding.action == "hint":
            asked = run.asked
            return asked is not None and bool(asked.posed.hint) and not asked.hint_shown
        if binding.action == "whole_tree":
            return self._tree_refusal() is None
        if binding.action == "menu":
            return not (run.finished and run.asked is None)
        return True

    def key_bar_label(self, binding: Binding) -> str:
        """A hint on a quiz question before its first answer costs its point: the bar says so."""
        asked = self.lesson_run.asked
        if binding.action == "hint" and asked is not None and asked.scored and not asked.attempts:
            return _("Hint (no point)")
        return _(binding.description)

    def key_bar_adds(self, binding: Binding) -> bool:
        """A key only the help names, in the key bar where the page invites it (r, T, ``<kbd>``)."""
        if binding.action == "whole_tree":
            return self.column.tree_shown
        if binding.action == "reset":
            return True
        return binding.key in self._page_keys() and not binding.priority

    def key_bar_keeps(self, binding: Binding) -> bool:
        """A key the page's text marks stays in a crowded key bar."""
        return any(key in self._page_keys() for key in binding.key.split(","))

    def _page_keys(self) -> frozenset[str]:
        """The keys the page's text marks (``<kbd>KEY</kbd>``)."""
        run = self.lesson_run
        if self._keys_named[0] != run.page_index:
            text = "\n".join(b.markdown for b in run.page.blocks if isinstance(b, TextBlock))
            self._keys_named = (run.page_index, frozenset(KEY.findall(text)))
        return self._keys_named[1]

    def _tree_refusal(self) -> str | None:
        """Why the page's board has no tree of its own screen (its size or method), or None."""
        session = self.lesson_run.session
        if session is None:
            return None
        why = refusal(session.kit, session.snapshot, lesson=True)
        return render(why) if why is not None else None

    def action_whole_tree(self) -> None:
        """The tree's screen, or why not in the status line."""
        why = self._tree_refusal()
        if why is not None:
            self.say(why)
        elif self.running:
            self.say(_("Stop the run first (escape), then open the tree."))
        elif self.lesson_run.predicting:  # as the tree beside the board, it would show more
            self.say(_("The tree's screen opens once the question about the board is answered."))
        else:
            super().action_whole_tree()

    def action_help(self) -> None:
        """Every key that acts on this page now, each once, and how to answer."""
        active = self.active_bindings
        acting: dict[str, list[str]] = {}
        described: dict[str, Binding] = {}
        for binding in Binding.make_bindings(BINDINGS):
            shown = active.get(binding.key)
            if shown is None or shown.node is not self or shown.binding.action != binding.action:
                continue  # refused here now, or the focused answer takes the key
            if taken_as_text(self, self, binding):
                continue  # a character of the answer being typed (space, comma too)
            if binding.action != "menu" and not self.key_bar_shows(binding):
                continue
            action = _ONE_KEY.get(binding.action, binding.action)
            acting.setdefault(action, []).append(binding.key)
            described.setdefault(action, binding)
        keys = [
            Binding(",".join(acting[action]), b.action, self.key_bar_label(b), tooltip=b.tooltip)
            for action, b in described.items()
        ]
        self.app.push_screen(HelpScreen(keys, self._answer_help()))

    def _answer_help(self) -> list[tuple[str, str]]:
        """How to answer the question that waits, as rows of the help (none: no question)."""
        asked = self.lesson_run.asked
        if asked is None:
            return []
        choices = self.query_one(QuizChoices).display
        if choices and asked.posed.lettered:
            last = asked.posed.last_label
            return [
                (_("a to {last}").format(last=last), _("Choose that answer")),
                (_("digits, enter"), _("Type the number itself, then Enter")),
            ]
        if choices:
            return [
                (_("1 to 9"), _("Choose that answer")),
                (
                    _("letters, enter"),
                    _("Type the first words of an answer (or yes, no), then Enter"),
                ),
            ]
        if self.query_one(AnswerField).display:
            return [(_("letters, digits, enter"), _("Type the answer, then Enter checks it"))]
        return []
