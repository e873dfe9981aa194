"""The lesson page's status line: the score and the board's numbers, or a notice in their
place until the next key."""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len
from textual.content import Content
from textual.widgets import Static

from lessons.i18n import _
from lessons.safe_text import visible
from solver.views.frame import Status


def shortened(title: str, keep: int) -> str:
    """``title`` in ``keep`` columns, cut after a whole word, never in a bracket, with "…"."""
    cut = title[: max(keep, 0)]
    if len(cut) < len(title) and not title[len(cut)].isspace() and " " in cut.strip():
        cut = cut[: cut.rstrip().rfind(" ")]
    cut = cut[: cut.rfind("(")] if cut.count("(") > cut.count(")") and cut.rfind("(") else cut
    return cut.rstrip(" ,;:-") + "…"


class LessonStatus(Static):
    """One line (a long notice wraps onto up to three)."""

    def show(
        self,
        score: Callable[[str], str],
        title: str,
        status: Status | None,
        given: bool = False,
        given_size: bool = False,
        notice: str = "",
    ) -> None:
        """``score(title)`` and the board's ``status`` (None: no board; ``given``: a question's
        own board, ``given_size`` its size), or ``notice`` in their place. The score, size and
        tick always show; a long title gives way first, else the score's sentence."""
        width = self.screen.size.width

        def over(title: str, *parts: str) -> int:
            shown = "".join(f"  {part}" for part in parts if part)
            return cell_len(f" {score(title)}{shown}") - width

        def cut(title: str, by: int) -> str:
            if by > 0 and cell_len(title) > by + 1:
                return shortened(title, cell_len(title) - by - 1)
            return title

        state = ""
        if status is not None and given:
            size = status.size if given_size else ""
            title = cut(title, over(title, size))
            state = f"  {size}" if size else ""
        elif status is not None:
            tick = _("tick {tick}").format(tick=status.tick)
            where = status.where
            title = cut(title, over(title, status.size, where, tick))
            if over(title, status.size, where, tick) > 0:
                where = ""
            state = "".join(f"  {part}" for part in (status.size, where, tick) if part)
        else:
            title = cut(title, over(title))
        said = score(title)  # a sentence with no title to cut (a review's) gives way itself
        room = width - cell_len(state) - 1
        said = shortened(said, room - 1) if cell_len(said) > room else said
        line = notice or f" {said}{state}"
        self.set_class(bool(notice), "-notice")
        self.update(Content(visible(line)))  # not markup; a title, a file's notice
