"""The key bar: the keys the screen shows, key then translated description, as one line of one
widget (Textual's ``Footer`` mounts a widget a key); disabled keys dimmed, a clicked key run."""

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
"""Actions whose key is left out first, in this order, when the line does not fit (the help lists
them all); quitting last."""


def _action_name(action: str) -> str:
    """The action without its parameters ("drive(False)": "drive")."""
    return action.partition("(")[0]


def taken_as_text(screen: DOMNode, node: DOMNode, binding: Binding) -> bool:
    """Whether the focused widget (one that ``takes_text``) types ``binding``'s printable key
    into an answer before it reaches ``node``'s (non-priority) binding."""
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
    """The keys of the screen's bindings with ``show=True``, in one line."""

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
        """The bindings or the width changed since the line was built."""
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
        """Repaint when the line differs from the one drawn."""
        self._update_due = False
        text = self.text
        if (text.plain, text.spans) != self._drawn:
            self.refresh()

    def _rebuild(self) -> None:
        self._stale = False
        shown: list[tuple[str, str, str, bool]] = []
        seen: set[str] = set()
        kept: set[str] = set()  # actions whose key the screen's text names: never left out first
        helper = None  # the help's key, named where the bar leaves keys out: it lists them
        for node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if binding.action in seen or taken_as_text(self.screen, node, binding):
                continue
            if binding.action == "help" and enabled and helper is None:
                helper = (self.app.get_key_display(binding), _(binding.description), "help", True)
            if not binding.show:  # unless the screen names the key where it acts
                adds = getattr(node, "key_bar_adds", None)
                if not enabled or adds is None or not adds(binding):
                    continue
            shows = getattr(node, "key_bar_shows", None)
            if shows is not None and not shows(binding):
                continue  # another key of the same answer is the one named
            seen.add(binding.action)
            keeps = getattr(node, "key_bar_keeps", None)
            if keeps is not None and keeps(binding):
                kept.add(binding.action)
            label = getattr(node, "key_bar_label", lambda binding: _(binding.description))(binding)
            shown.append((self.app.get_key_display(binding), label, binding.action, enabled))
        # " key label " each; where that does not fit, one blank between, none at the ends
        width = sum(len(key) + len(label) + 3 for key, label, _, _ in shown)
        compact = bool(self.size.width) and width > self.size.width
        listed = len(shown)
        if compact:  # still too wide: leave out whole keys; the help key stays
            while len(shown) > 1 and _compact_width(shown) > self.size.width:
                first = sorted(
                    (LEFT_OUT_FIRST.index(_action_name(item[2])), i)
                    for i, item in enumerate(shown)
                    if _action_name(item[2]) in LEFT_OUT_FIRST and item[2] not in kept
                )
                free = [i for i, item in enumerate(shown) if item[2] not in kept | {"help"}]
                others = [i for i, item in enumerate(shown) if item[2] != "help" or i == 0]
                del shown[first[0][1] if first else max(free or others)]
        named = [*shown, helper] if helper and helper not in shown else shown
        if len(shown) < listed and _compact_width(named) <= self.size.width:
            shown = named  # keys left out: the help, where it fits, lists them
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
            self._rebuild()
        for start, end, action in self._spans:
            if start <= event.x < end:
                event.stop()
                await self.screen.run_action(action)
                return
