"""A served tutor's driver: Textual's web driver, which also posts the server's meta packets
(:data:`~tui.serve.session_events.TAB_META`) to the app as :class:`TabDriver.Said`."""

from __future__ import annotations

from dataclasses import dataclass

from textual.drivers.web_driver import WebDriver
from textual.message import Message

from tui.serve.session_events import TAB_META


class TabDriver(WebDriver):
    """Textual's web driver, for a tab the server may say things of."""

    @dataclass(eq=False)
    class Said(Message):
        """The server says the tab went ``away`` (True), came back (False), or ``dropped`` keys."""

        away: bool | None
        dropped: int

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        """Read the server's own packet (on the input thread); any other is the web driver's."""
        if packet_type != TAB_META:
            super().on_meta(packet_type, payload)
            return
        tab = payload.get("tab")
        dropped = payload.get("dropped")
        count = dropped if isinstance(dropped, int) and not isinstance(dropped, bool) else 0
        away = {"away": True, "back": False}.get(tab) if isinstance(tab, str) else None
        if away is not None or count > 0:  # posted as keys are: after those read before it
            self.process_message(self.Said(away, max(count, 0)))
