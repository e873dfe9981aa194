"""Lines handed again at each frame without Textual drawing them again.

Textual's compositor asks every widget on screen for all of its lines at every frame, whatever
changed (a tick of the main screen repaints a few cells of the session view, and the screen
under it and the key bar are asked for theirs too). Their styles cache keeps the lines, but
handing them back still costs the widget's styles, colours and filters worked out again: about
40 microseconds a frame for the screen's background, 30 for the key bar's line, at every key.

A widget with :class:`KeptLines` hands back the list it handed last, for the same crop and size,
until it is refreshed or its styles change, which are what make Textual draw its lines again:
the same lines as Textual's, only not asked for again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Self

from textual.geometry import Region, Size
from textual.strip import Strip

if TYPE_CHECKING:
    from textual.widget import Widget

    _Base = Widget
else:
    _Base = object


class KeptLines(_Base):
    """Mix in before the widget's class: its lines are kept from one frame to the next."""

    _kept_lines: tuple[Region, Size, list[Strip]] | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        kept = self._kept_lines
        size = self.size
        if kept is not None and kept[0] == crop and kept[1] == size:
            return list(kept[2])
        strips = super().render_lines(crop)
        self._kept_lines = (crop, size, strips)
        return strips

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        self._kept_lines = None
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def notify_style_update(self) -> None:
        self._kept_lines = None
        super().notify_style_update()
