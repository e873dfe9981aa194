"""The main screen's key bar: one line of the keys the screen shows, drawn as one widget.

Textual's ``Footer`` mounts a widget per key (about a tenth of a second of the tutor's start-up
went into it); this bar draws the same keys, key then description, as one line of text, dims
the keys whose action is disabled (while a run owns the engine), and runs a key's action when
it is clicked. It follows ``Screen.active_bindings`` and the screen's bindings-updated signal,
as the Footer does. The descriptions are translated as they are drawn (lessons/i18n.py).
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.dom import DOMNode
from textual.keys import key_to_character
from textual.widget import Widget

from lessons.i18n import _
from tui.widgets.kept_lines import KeptLines

LEFT_OUT_FIRST = ("method", "iteration", "reset", "drive", "quit", "app.quit")
"""Actions whose key is left out first, in this order, when the line does not fit (whole words
in Italian and Polish, "l Lezioni", "g Przewiduj", need the room); the help lists them all. The
method switch goes first: at 80 columns the Italian and Polish bars then keep q (student walk 4,
F22: quitting is a key every terminal user looks for, and ctrl+c does not quit a Textual app);
the iteration next, whose ticks space steps too ("i Iterazione", a whole word for "Iter",
left out before q and the page keys: student walk 10, it/pl, #28); a lesson's r (back to the
lesson's board, "r Scacchiera della lezione") before Enter and the page keys; the place board's
switch between placing and driving before its escape, which a lesson's "you drive" exercise names
("Then press esc": the Italian bar at 80 columns had "y Posiziona" and no "esc Torna",
student walk i39w, it 6); quitting last."""


def _action_name(action: str) -> str:
    """The action without its parameters ("drive(False)": "drive")."""
    return action.partition("(")[0]


def taken_as_text(screen: DOMNode, node: DOMNode, binding: Binding) -> bool:
    """Whether the focused widget types ``binding``'s key into an answer (``takes_text``: the
    lesson's answer field and choices) before the key reaches ``node``'s binding: a printable
    key of another widget's, unless the binding is a priority one (taken before the focus).
    Such a key is never offered (student walk 13, en 21: "q Quit" in the bar while q was
    typed into the answer, "Answer: q_")."""
    focused = getattr(screen, "focused", None)
    if focused is None or node is focused or binding.priority:
        return False
    if not getattr(focused, "takes_text", False):
        return False
    character = key_to_character(binding.key)
    return character is not None and character.isprintable()


def _compact_width(shown: list[tuple[str, str, str, bool]]) -> int:
    """Columns of the compact line: " key label" each, no blank at the start."""
    return sum(len(key) + len(label) + 2 for key, label, _, _ in shown) - 1


class KeyBar(KeptLines, Widget):
    """The keys of the screen's bindings with ``show=True``, in one line (kept from one frame to
    the next: :mod:`tui.widgets.kept_lines`)."""

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        background: $footer-background;
        color: $footer-foreground;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._spans: list[tuple[int, int, str]] = []
        """(first column, end column, action) of each key, for clicks."""
        self._text = Content("")
        self._stale = True
        """The bindings or the width changed since the line was built: it is built again when
        next drawn (or read); the first frame builds it at the width it is drawn at."""
        self._drawn: tuple[str, object] | None = None
        """The line last drawn (text and styles), None before the first frame."""
        self._update_due = False
        """An update is scheduled: changes that come together are looked at once."""

    @property
    def text(self) -> Content:
        """The line drawn."""
        if self._stale:
            self._rebuild()
        return self._text

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._request()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen: object) -> None:
        self._request()

    def on_resize(self) -> None:
        self._request()

    def _request(self) -> None:
        self._stale = True
        if self._drawn is not None and not self._update_due:
            self._update_due = True
            self.call_next(self._update)

    def _update(self) -> None:
        """Repaint when the line differs from the one drawn (the screen often announces its
        bindings again unchanged, and every repaint is a write to the terminal)."""
        self._update_due = False
        text = self.text
        if (text.plain, text.spans) != self._drawn:
            self.refresh()

    def _rebuild(self) -> None:
        self._stale = False
        shown: list[tuple[str, str, str, bool]] = []
        seen: set[str] = set()
        kept: set[str] = set()
        """Actions whose key the screen's text names (``key_bar_keeps``): never left out first
        (lesson 9 p10 says "[i] one iteration"; its bar dropped "i Iter" once "← Back" came:
        student walk 14, en 14)."""
        for node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if binding.action in seen or taken_as_text(self.screen, node, binding):
                continue
            if not binding.show:
                # a key the screen names where it acts (a lesson page that says "[b] runs to
                # the next backtrack": student walk 10, en, #11)
                adds = getattr(node, "key_bar_adds", None)
                if not enabled or adds is None or not adds(binding):
                    continue
            shows = getattr(node, "key_bar_shows", None)
            if shows is not None and not shows(binding):
                continue  # another key of the same answer is the one named (yes: y, s, t)
            seen.add(binding.action)
            keeps = getattr(node, "key_bar_keeps", None)
            if keeps is not None and keeps(binding):
                kept.add(binding.action)
            key = self.app.get_key_display(binding)
            shown.append((key, _(binding.description), binding.action, enabled))
        # " key label " each: two blanks between keys; where that does not fit the width
        # (longer words, as in Polish) one blank, and none at the ends.
        width = sum(len(key) + len(label) + 3 for key, label, _, _ in shown)
        compact = bool(self.size.width) and width > self.size.width
        if compact:
            # Still too wide (ASCII key names, a narrow terminal): leave out whole keys from the
            # end rather than cut one in half; the help key stays, and the help lists them all.
            while len(shown) > 1 and _compact_width(shown) > self.size.width:
                first = sorted(
                    (LEFT_OUT_FIRST.index(_action_name(item[2])), i)
                    for i, item in enumerate(shown)
                    if _action_name(item[2]) in LEFT_OUT_FIRST and item[2] not in kept
                )
                free = [i for i, item in enumerate(shown) if item[2] not in kept | {"help"}]
                others = [i for i, item in enumerate(shown) if item[2] != "help" or i == 0]
                last = max(free or others)
                del shown[first[0][1] if first else last]
        parts: list[Content] = []
        spans: list[tuple[int, int, str]] = []
        x = 0
        for key, label, action, enabled in shown:
            lead = "" if compact and not parts else " "
            part = Content.assemble(
                Content.styled(f"{lead}{key}", "bold $footer-key-foreground"),
                Content(f" {label}" if compact else f" {label} "),
            )
            if not enabled:
                part = part.stylize("dim")
            parts.append(part)
            spans.append((x, x + part.cell_length, action))
            x += part.cell_length
        self._spans = spans
        self._text = Content("").join(parts)

    def render(self) -> Content:
        text = self.text
        self._drawn = (text.plain, text.spans)
        return text

    async def on_click(self, event: events.Click) -> None:
        if self._stale:
            self._rebuild()  # the spans of the line as it is now
        for start, end, action in self._spans:
            if start <= event.x < end:
                event.stop()
                await self.screen.run_action(action)
                return
