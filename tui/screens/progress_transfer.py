"""Downloading the student's progress and loading it back from its pasted text, from the command
palette (lessons/progress/export.py's format)."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Static, TextArea

from lessons.i18n import N_, _, ngettext, number
from lessons.progress.export import ExportError, export_text, lesson_info, load_into, parse_export
from lessons.progress.fresh_file import write_new
from tui.input_filter import MAX_PASTE
from tui.lesson_context import LessonContext
from tui.screens.closing import dismiss_once


def file_name(student: str) -> str:
    """``queens-tutor-progress-NAME.json``, with the name reduced to safe characters."""
    slug = re.sub(r"[^A-Za-z0-9]+", "-", student).strip("-").lower()[:40]
    return f"queens-tutor-progress-{slug or 'student'}.json"


def dialog_text(title: str, sentence: str) -> ComposeResult:
    """A dialog's title and the sentence that says what to do (as text, never markup)."""
    yield Static(Text(title, style="bold"))
    yield Static(Text(sentence))


def downloads_folder() -> Path:
    """Where a terminal tutor saves what it delivers (created when missing)."""
    from platformdirs import user_downloads_path

    folder = user_downloads_path()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class TransferDialog(ModalScreen[None]):
    """What both dialogs share: a title, a sentence, the field, a go and a cancel button;
    escape or cancel closes, go runs :meth:`go`."""

    CSS_PATH = "../styles/transfer.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", N_("Cancel"))]

    def __init__(self, context: LessonContext) -> None:
        super().__init__()
        self.context = context

    def buttons(self, go: str, prefix: str) -> ComposeResult:
        """The go button (``PREFIX-go``) and the cancel button (``PREFIX-cancel``)."""
        with Horizontal(classes="transfer-buttons"):
            yield Button(go, id=f"{prefix}-go", variant="primary")
            yield Button(_("Cancel"), id=f"{prefix}-cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id is not None and event.button.id.endswith("-go"):
            self.go()
        else:
            self.action_close()

    def go(self) -> None:
        """The dialog's work (download, load)."""
        raise NotImplementedError

    def action_close(self) -> None:
        dismiss_once(self)


class ExportProgressScreen(TransferDialog):
    """Asks for the student's name (the teacher's report shows it), then downloads; a student
    logged in to a server (``login``) downloads under their login."""

    def __init__(self, context: LessonContext, login: str | None = None) -> None:
        super().__init__(context)
        self.login = login
        """The name the server knows the student by, or None: they type their name."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="transfer-body"):
            yield from dialog_text(
                _("Download your progress"),
                _(
                    "Your name goes into the file, for your teacher's class report. Keep "
                    "the file to load your progress back later (command palette: Load "
                    "progress)."
                ),
            )
            self.context.refresh_identity()  # a name given meanwhile
            whose = self.context.whose
            given = whose.export_name if whose is not None else None
            yield Input(
                self.login or given or "",
                placeholder=_("Your name"),
                id="export-name",
                max_length=0 if self.login else 80,
                disabled=self.login is not None,
            )
            yield from self.buttons(_("Download"), "export")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.go()

    def go(self) -> None:
        """Download the progress, with the name typed."""
        name = self.login or self.query_one("#export-name", Input).value.strip()
        store = self.context.store
        info = lesson_info(self.context.catalog.lessons)
        text = export_text(
            store.records,
            info,
            name,
            review=store.review,
            login=self.login or self.context.account or "",
            also_named=whose.also_named(name) if (whose := self.context.whose) else (),
        )
        target = file_name(name)
        if self.app.is_web:
            where = _("Your browser downloads it as {name}.").format(name=target)
            self.app.deliver_text(
                io.StringIO(text), save_filename=target, mime_type="application/json"
            )
        else:
            try:  # a new file: an earlier export of the same name is kept
                path = write_new(downloads_folder(), target, text.encode("utf-8"))
            except OSError as error:
                self.app.notify(
                    _("Not exported: {error}").format(error=error), severity="error", markup=False
                )
                return
            where = _("Saved as {path}.").format(path=path)
        count = len(store.records)
        exported = ngettext(
            "Progress of {count} lesson exported. {where}",
            "Progress of {count} lessons exported. {where}",
            count,
        ).format(count=count, where=where)
        self.app.notify(exported, title=_("Progress"), markup=False)
        dismiss_once(self)


CUT_SHORT = N_(
    "Not loaded: the pasted text stops before the file ends. A paste keeps at most {most} "
    "characters (a progress file is a few kilobytes): copy all of the downloaded file and "
    "nothing else, and paste it again; from a terminal, queens-tutor progress --load FILE "
    "loads a file of any length."
)


def cut_short(text: str) -> bool:
    """Whether ``text`` is the start of a longer paste (as long as a paste can be, or cut JSON)."""
    import json

    if len(text) >= MAX_PASTE:
        return True
    try:
        json.loads(text)
    except json.JSONDecodeError as error:  # a string runs to the end, or the text ends early
        return error.msg.startswith("Unterminated string") or error.pos >= len(text.rstrip())
    except (ValueError, RecursionError):
        return False
    return False


class LoadProgressScreen(TransferDialog):
    """Takes a downloaded progress file's text, pasted, and saves it as this tutor's progress."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="transfer-body"):
            yield from dialog_text(
                _("Load your progress"),
                _(
                    "Open the file you downloaded (queens-tutor-progress-...json) in a text "
                    "editor, copy all of it, paste it below, then press tab and Load."
                ),
            )
            yield TextArea(id="load-text", soft_wrap=True, show_line_numbers=False)
            yield Static(id="load-error")
            yield from self.buttons(_("Load"), "load")

    def go(self) -> None:
        """Save the pasted progress into this tutor's progress."""
        text = self.query_one("#load-text", TextArea).text
        error = self.query_one("#load-error", Static)
        if not text.strip():
            error.update(Text(_("Paste the file's text first.")))
            return
        try:
            export = parse_export(text)
            count = load_into(self.context.store, export)
        except ExportError as problem:
            if cut_short(text):
                error.update(Text(_(CUT_SHORT).format(most=number(MAX_PASTE))))
            else:
                error.update(Text(_("Not loaded: {problem}.").format(problem=problem)))
            return
        loaded = ngettext(
            "Progress of {count} lesson loaded.", "Progress of {count} lessons loaded.", count
        ).format(count=count)
        menu = self._under_stale_lesson(set(export.records))
        if menu is not None:
            closed = _(
                "The lesson you had open was closed, so that it asks nothing the loaded "
                "progress answered: open it again to go on from there."
            )
            loaded = f"{loaded} {closed}"
        self.app.notify(loaded, title=_("Progress"), markup=False)
        if menu is not None:
            menu.pop_until_active()
        else:
            dismiss_once(self)

    def _under_stale_lesson(self, lessons: set[str]) -> Screen[Any] | None:
        """The screen under the lowest open lesson or review the load made stale, or None."""
        from tui.screens.lesson_screen import LessonScreen
        from tui.screens.review_screen import ReviewScreen

        stack = self.app.screen_stack
        for index, screen in enumerate(stack):
            if index == 0 or not isinstance(screen, LessonScreen):
                continue
            if isinstance(screen, ReviewScreen) or screen.lesson.id in lessons:
                return stack[index - 1]
        return None
