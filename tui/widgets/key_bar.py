"""The main screen's key bar: one line of the keys the screen shows, drawn as one widget.

Textual's ``Footer`` mounts a widget per key (about a tenth of a second of the tutor's start-up
went into it); this bar draws the same keys, key then description, as one line of text, dims
the keys whose action is disabled (while a run owns the engine), and runs a key's action when
it is clicked. It follows ``Screen.active_bindings`` and the screen's bindings-updated signal,
as the Footer does. The descriptions are translated as they are drawn (lessons/i18n.py).
"""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from lessons.i18n import _


class KeyBar(Widget):
    """The keys of the screen's bindings with ``show=True``, in one line."""

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        background: $footer-background;
        color: $footer-foreground;
    }
    """

    text: reactive[Content] = reactive(Content(""), layout=False, always_update=True)
    """The line drawn."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._spans: list[tuple[int, int, str]] = []
        """(first column, end column, action) of each key, for clicks."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._rebuild()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen: object) -> None:
        self._rebuild()

    def _rebuild(self) -> None:
        parts: list[Content] = []
        spans: list[tuple[int, int, str]] = []
        seen: set[str] = set()
        x = 0
        for _node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            key = Content.styled(
                f" {self.app.get_key_display(binding)}", "bold $footer-key-foreground"
            )
            label = Content(f" {_(binding.description)} ")
            part = Content.assemble(key, label)
            if not enabled:
                part = part.stylize("dim")
            parts.append(part)
            spans.append((x, x + part.cell_length, binding.action))
            x += part.cell_length
        self._spans = spans
        self.text = Content("").join(parts)

    def render(self) -> Content:
        return self.text

    async def on_click(self, event: events.Click) -> None:
        for start, end, action in self._spans:
            if start <= event.x < end:
                event.stop()
                await self.screen.run_action(action)
                return
