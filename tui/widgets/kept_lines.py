"""Lines handed again at each frame without Textual drawing them again: the compositor asks
every widget for its lines at every frame, and a widget with :class:`KeptLines` hands back the
list it handed last, for the same crop and size, until it is refreshed or its styles change."""

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
