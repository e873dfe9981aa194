"""The Textual app: the main screen on a terminal of at least MIN_SIZE, the lessons, the
notices, the command palette's commands and the language."""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Iterable
from functools import partial
from pathlib import PurePath
from typing import TYPE_CHECKING, ClassVar

from rich.console import RenderableType
from textual import events, work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.content import Content
from textual.notifications import SeverityLevel
from textual.screen import Screen

from lessons import i18n
from lessons.i18n import N_, _, pgettext
from solver.registry import DEFAULT_METHOD
from solver.stepping import Mode
from tui import style_files
from tui.collector import IdleCollection
from tui.glyphs import UNICODE, Glyphs
from tui.palette_search import PALETTE_PROVIDERS
from tui.progress_commands import progress_commands
from tui.screens.main_screen import MainScreen, main_commands
from tui.signals import exit_on_signals
from tui.themes import use_themes

if TYPE_CHECKING:
    from tui.lesson_context import LessonContext
    from tui.screens.board_screen import BoardScreen
    from tui.terminal_input import InputRelay

SPEAK = {
    "en": N_("Speak English from now on (remembered)"),
    "it": N_("Speak Italian from now on (remembered)"),
    "pl": N_("Speak Polish from now on (remembered)"),
}
"""The palette's help line of each language's command, a whole sentence each."""
MIN_SIZE = (80, 24)
"""The smallest terminal (columns, rows) that shows the whole main screen."""

_PAGE_KEYS = frozenset({"pageup", "pagedown"})
_WHILE_TOO_SMALL = frozenset({"quit", "help_quit"})
"""The app's actions that work while the terminal is too small."""

TEXTUAL_HELP = (
    N_("Change the current theme"),
    N_("Quit the application as soon as possible"),
    N_("Maximize the focused widget"),
    N_("Minimize the widget and restore to normal size"),
)
"""The help lines of Textual's own palette commands, for the catalogs."""
SAVE_RETRY_SECONDS = 2.0
"""How often a failed progress save is tried again (and a new failure shown)."""
SETTLE_DELAY = 1.0
"""Seconds after start-up before the idle collection starts, and the start's notices show."""


def key_word(shown: str) -> str:
    """A key Textual names by a word (``space``, ``pgup``) in the learner's language; else as is."""
    words = {
        "space": pgettext("key", "space"),
        "esc": pgettext("key", "esc"),
        "pgup": pgettext("key", "pgup"),
        "pgdn": pgettext("key", "pgdn"),
        "home": pgettext("key", "home"),
        "end": pgettext("key", "end"),
    }
    return words.get(shown, shown)


class QueensTutorApp(App[None]):
    """queens-tutor: the lecture's backtracker on an N x N board, tick by tick."""

    TITLE = "queens-tutor"
    CSS_PATH: ClassVar[list[str | PurePath]] = [style_files.MAIN, style_files.WIDGETS]
    COMMANDS = PALETTE_PROVIDERS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("l", "lessons", N_("Lessons"), tooltip=N_("The lessons and quizzes")),
    ]

    def __init__(
        self,
        n: int = 8,
        mode: Mode = Mode.FIRST,
        glyphs: Glyphs = UNICODE,
        handle_signals: bool = False,
        lessons: LessonContext | None = None,
        settle_collector: bool = False,
        lesson_args: argparse.Namespace | None = None,
        method: str = DEFAULT_METHOD,
        maze: str | None = None,
        guess: bool = False,
        place: str | None = None,
        high_contrast: bool = False,
        projector: bool = False,
        review: bool = False,
        welcome: bool = False,
    ) -> None:
        sheets = [*self.CSS_PATH, *([style_files.LESSONS] if lessons is not None else [])]
        super().__init__(css_path=sheets)
        use_themes(self, high_contrast)
        self.review = review
        """Open the review at start, over the lesson menu."""
        self.projector = projector
        self.guess = guess
        self.place = place
        """``place`` or ``drive``: start on the board where the learner places queens."""
        self._told_failure = ""
        """The save failure last shown to the student (empty: none)."""
        self._lessons = lessons
        self._lesson_args = lesson_args
        """The command line's --lang and --lessons-dir, for loading the lessons later."""
        self.handle_signals = handle_signals
        self.login: str | None = None
        """The name a server knows the student by, or None."""
        self.input_relay: InputRelay | None = None
        """The relay that reads the terminal for Textual, when there is one."""
        self.welcome = welcome
        """On a first start, say how to open the lessons and the help."""
        self.settle_collector = settle_collector
        """Collect garbage when idle once the first frame is drawn (tui/collector.py)."""
        self.idle_collection: IdleCollection | None = None
        self.exiting = False
        """True once the app has been asked to exit."""
        self._later_notice: tuple[str, SeverityLevel, float] | None = None
        """A notice shown over a screen above the main one: text, severity, until when."""
        self._notices_on_show: dict[tuple[str, str], float] = {}
        """Each notification shown (its text and severity) and when its time is up."""
        self.n = n
        self.mode = mode
        self.method = method
        self.maze = maze
        self.glyphs = glyphs
        if glyphs.ascii:
            self.add_class("-ascii")

    def get_default_screen(self) -> Screen[None]:
        from solver.session.board import BoardSession

        session = BoardSession(self.method, self.n, self.mode, self.maze, guessing=self.guess)
        return MainScreen(session, self.glyphs)

    def saving_failed(self) -> None:
        """The progress could not be saved (called once per new failure)."""

    def for_student(self, text: str) -> str:
        """``text`` as the student may read it."""
        return text

    @property
    def lessons(self) -> LessonContext:
        """The lessons and the student's progress, loaded when first needed."""
        if self._lessons is None:
            from tui.lesson_context import LessonContext

            args = self._lesson_args
            self._lessons = LessonContext.load() if args is None else LessonContext.from_args(args)
        return self._lessons

    @property
    def lessons_dirs(self) -> list[str]:
        """The teachers' lesson folders given on the command line (``--lessons-dir``)."""
        return [str(d) for d in getattr(self._lesson_args, "lessons_dirs", None) or []]

    def action_lessons(self) -> None:
        """Open the lesson menu."""
        from tui.screens.lesson_menu import LessonMenuScreen
        from tui.screens.lesson_screen import LessonScreen

        opened = (LessonMenuScreen, LessonScreen)
        if not any(isinstance(screen, opened) for screen in self.screen_stack):
            self.push_screen(LessonMenuScreen(self.lessons, self.glyphs))

    def on_board_screen_tree_wanted(self, message: BoardScreen.TreeWanted) -> None:
        """The whole search tree over a board screen, or a notice saying why it cannot be."""
        from tui.screens.tree_screen import open_tree

        screen = message.screen
        open_tree(screen, screen.session, screen.glyphs)

    def on_mount(self) -> None:
        if self._lessons is not None and self._lessons.start is not None:
            from tui.screens.lesson_menu import LessonMenuScreen

            LessonMenuScreen(self.lessons, self.glyphs).open_first(self._lessons.start)
        elif self.review:
            self.action_lessons()
            self.screen.open_review()  # type: ignore[attr-defined]
        if self.place is not None and isinstance(self.screen, MainScreen):
            # leaving the board leaves the tutor
            self.screen.action_place(drive=self.place == "drive", then=lambda _left: self.exit())
        elif self.projector and isinstance(self.screen, MainScreen):
            from tui.screens.projector_screen import toggle_projector

            toggle_projector(self.screen)
        if self.handle_signals:
            exit_on_signals(self, self.input_relay)
        self.app_resume_signal.subscribe(self, self.on_resumed)
        if self.settle_collector:
            self.set_timer(SETTLE_DELAY, self._start_idle_collection)
        if (self._lessons is None or self._lessons.start is None) and not self.review:
            self.call_after_refresh(self._look_for_progress)
        self._check_size(self.size.width, self.size.height)
        self.screen_change_signal.subscribe(self, self._screen_changed)
        self.set_interval(SAVE_RETRY_SECONDS, self._watch_progress)

    @work(group="progress-at-start")
    async def _look_for_progress(self) -> None:
        """Offer the lesson to go on with, or welcome a first start (read on a thread)."""
        from tui.lesson_offer import offer_lesson_in_progress, progress_at_start, welcome

        found = await asyncio.to_thread(progress_at_start)
        if found in ("unfinished", ""):  # "": progress, none unfinished: reviews may be due
            dirs = self.lessons_dirs
            self.set_timer(SETTLE_DELAY, lambda: offer_lesson_in_progress(self, dirs))
        elif found == "none" and self.welcome:
            welcome(self)

    def copy_to_clipboard(self, text: str) -> None:
        """Copy ``text`` to the terminal's clipboard, unless it is empty (which would clear it)."""
        if text:
            super().copy_to_clipboard(text)

    def on_resumed(self, _app: object) -> None:
        """Back from a suspension: draw the whole screen again."""
        self.refresh(layout=True)
        self.screen.refresh(layout=True)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A notice goes to the main screen's status lines when it is on top; elsewhere it is a
        notification (not stacked again while the same one shows), remembered for the main
        screen (:meth:`notice_for_main`). Control characters are shown as symbols."""
        from lessons.safe_text import visible

        message, title = visible(message, keep_newlines=True), visible(title)
        text = Content.from_markup(message).plain if markup else message
        if title:
            text = f"{title}: {text}"
        screen = self.screen
        if isinstance(screen, MainScreen) and screen.panes.view is not None:
            screen.say(text, severity)
            return
        now = time.monotonic()
        wait = self.NOTIFICATION_TIMEOUT if timeout is None else timeout
        key = (text, severity)
        if self._notices_on_show.get(key, 0.0) > now:
            return
        self._notices_on_show = {
            shown: until for shown, until in self._notices_on_show.items() if until > now
        }
        self._notices_on_show[key] = now + wait
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)
        if any(isinstance(under, MainScreen) for under in self.screen_stack[:-1]):
            self._later_notice = (text, severity, now + wait)

    def clear_notifications(self) -> None:
        """Take every notification away; the next one of the same words shows again."""
        self._notices_on_show = {}
        super().clear_notifications()

    def notice_for_main(self) -> tuple[str, SeverityLevel] | None:
        """The notice shown over another screen and still on show, once (else the main screen's)."""
        later, self._later_notice = self._later_notice, None
        if later is None or time.monotonic() > later[2]:
            return None
        return later[0], later[1]

    def _watch_progress(self) -> None:
        """Retry a failed progress save, telling the student once when saving fails and when it
        works again; refill the lesson menu when the student's course identity changed."""
        if self._lessons is None:
            return
        if self._lessons.refresh_identity():
            from tui.screens.lesson_menu import LessonMenuScreen

            if isinstance(self.screen, LessonMenuScreen):
                self.screen.refill()
        store = self._lessons.store
        if store.pending:
            store.retry()
        failure = store.failure
        if failure and failure != self._told_failure:
            self.saving_failed()
            self.notify(
                _("Your progress is not saved: {failure}. Retrying every {seconds} s.").format(
                    failure=self.for_student(failure), seconds=f"{SAVE_RETRY_SECONDS:g}"
                ),
                severity="error",
                timeout=30,
                markup=False,
            )
        elif self._told_failure and not failure:
            self.notify(_("Your progress is saved again."), markup=False)
        self._told_failure = failure

    def action_command_palette(self) -> None:
        """Show the command palette, unless one is open anywhere in the stack."""
        from tui.screens.command_palette import OnceCommandPalette

        if self.use_command_palette and not any(
            isinstance(screen, CommandPalette) for screen in self.screen_stack
        ):
            self.push_screen(OnceCommandPalette(placeholder=_("Search for commands…")))

    def search_themes(self) -> None:
        """The palette's theme search, in a palette that closes once."""
        from textual.theme import ThemeProvider

        from tui.screens.command_palette import OnceCommandPalette

        self.push_screen(
            OnceCommandPalette(providers=[ThemeProvider], placeholder=_("Search for themes…"))
        )

    def _start_idle_collection(self) -> None:
        self.idle_collection = IdleCollection(self)

    def exit(
        self, result: None = None, return_code: int = 0, message: RenderableType | None = None
    ) -> None:
        """Exit; input that arrives after this is dropped."""
        self.exiting = True
        super().exit(result, return_code, message)

    async def on_event(self, event: events.Event) -> None:
        if (self.exiting or not self.screen_stack) and isinstance(
            event, events.Key | events.MouseEvent | events.Paste
        ):
            return
        if isinstance(event, events.MouseDown) and self._on_a_removed_widget(event):
            return
        if isinstance(event, events.Key):
            if self._too_small_shown() and not self.is_headless and self.input_relay is not None:
                # lay the screen out for the terminal's real size when the app missed a resize
                from tui.terminal_input import terminal_size

                real = terminal_size(self.input_relay.fd)
                if real is not None and real != (self.size.width, self.size.height):
                    self.post_message(events.Resize.from_dimensions(real, None))
            if event.key in _PAGE_KEYS and isinstance(self.screen, CommandPalette):
                # its option list raises KeyError on a page move while it rebuilds its options
                return
        await super().on_event(event)
        if isinstance(event, (events.Key, events.MouseUp)) and self.idle_collection is not None:
            self.idle_collection.key_pressed()

    def on_key(self, event: events.Key) -> None:
        """A key that reached the screen, not the focused widget that takes text: it came in
        one read with the key that gave that widget the focus (an answer typed with the Enter
        that asks its question), and is that widget's, before any binding."""
        takes = getattr(self.focused, "takes_text", False)
        if takes and self.focused.take_key(event):  # type: ignore[union-attr]
            event.prevent_default()

    def _on_a_removed_widget(self, event: events.MouseDown) -> bool:
        """Whether a mouse press lands on a widget removed since the last frame (Textual's text
        selection fails there: docs/textual-upstream.md)."""
        widget, _offset = self.screen.get_widget_and_offset_at(event.x, event.y)
        return widget is not None and not isinstance(widget, Screen) and widget.parent is None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While the terminal is too small only quitting works; no ``l`` over a lesson or menu."""
        if self._too_small_shown():
            return action in _WHILE_TOO_SMALL
        if action == "lessons" and any(
            getattr(screen, "lessons_open", False) for screen in self.screen_stack
        ):
            return False
        return super().check_action(action, parameters)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _screen_changed(self, screen: Screen[object]) -> None:
        """Cover a screen that opened over the "too small" notice; take away one left under."""
        if self.screen_stack and not self.exiting:
            self._check_size(self.size.width, self.size.height)

    def _check_size(self, width: int, height: int) -> None:
        """Cover the screen with TooSmallScreen below MIN_SIZE; take it away when it fits."""
        min_width, min_height = MIN_SIZE
        too_small = width < min_width or height < min_height
        showing = self._too_small_shown()
        if too_small and not showing:
            from tui.screens.too_small import TooSmallScreen

            self.push_screen(TooSmallScreen(min_width, min_height))
        elif not too_small and showing:
            self.pop_screen()

    def _too_small_shown(self) -> bool:
        """Whether the "too small" notice is the screen shown."""
        module = sys.modules.get("tui.screens.too_small")
        return module is not None and isinstance(self.screen, module.TooSmallScreen)

    def get_key_display(self, binding: Binding) -> str:
        """Textual's key names, in ASCII in ASCII mode, words in the learner's language."""
        shown = super().get_key_display(binding)
        if self.glyphs.ascii and not shown.isascii():
            return binding.key.replace("backspace", "bksp")
        word = key_word(shown)
        return shown if self.glyphs.ascii and not word.isascii() else word

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            # the tutor has its own screenshot, and its help lists the keys
            if command.title not in ("Screenshot", "Keys"):
                yield command._replace(help=_(command.help))
        yield from progress_commands(self, lambda: self.lessons, self.login)
        if isinstance(screen, MainScreen):
            from tui.screens.projector_screen import projector_command

            yield projector_command(screen)
            yield from main_commands(screen)
            for binding in self.BINDINGS:
                assert isinstance(binding, Binding)
                yield SystemCommand(
                    binding.description,
                    _(binding.tooltip),
                    partial(self.run_action, binding.action),
                )
        for code, name in i18n.LANGUAGES.items():
            yield SystemCommand(
                f"Language: {name}",
                _(SPEAK[code]),
                partial(self.set_language, code),
            )

    def set_language(self, code: str) -> None:
        """Speak ``code`` (en, it, pl) from now on, on every screen, and save the choice."""
        from lessons.progress import settings

        i18n.set_language(code)
        if self._lessons is not None and not getattr(self._lesson_args, "lang", None):
            from pathlib import Path

            from lessons.catalog import load_catalog

            dirs = [Path(d) for d in self.lessons_dirs]
            only = self._lessons.catalog.only_course
            self._lessons.catalog = load_catalog(i18n.current(), dirs, only)
        for screen in self.screen_stack:
            retranslate = getattr(screen, "retranslate", None)
            if retranslate is not None:
                retranslate()
            screen.refresh_bindings()
        for note in settings.save_language(i18n.current()):
            self.notify(note, severity="warning")
