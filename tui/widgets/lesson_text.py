"""A lesson page's text: Markdown prose wrapped to the pane, and code listings that are never
wrapped.

Rich's Markdown wraps a code block's long lines inside a narrow pane (``r =`` on one line,
``self.Solve(...)`` on the next), which misreads code. Here each top-level code block of the
page (fenced or indented, as markdown-it finds it: the parser Rich's Markdown uses) is drawn
by itself, line for line, in a strip that scrolls sideways, with a scrollbar when it is wider
than the pane; the prose between the listings is Rich's Markdown as before.
"""

from __future__ import annotations

from typing import NamedTuple

from markdown_it import MarkdownIt
from rich.cells import cell_len
from rich.markdown import Markdown
from rich.syntax import Syntax
from textual.containers import ScrollableContainer, Vertical
from textual.widgets import Static

from lessons.i18n import _

CODE_THEME = "ansi_dark"
"""The terminal's own colours for code, as the lesson's Markdown had them."""


class Block(NamedTuple):
    """A run of prose (``lexer`` None) or one code listing and the lexer its fence names."""

    text: str
    lexer: str | None = None


def blocks(markdown: str) -> list[Block]:
    """``markdown`` cut at its top-level code blocks: prose, listing, prose, ..."""
    lines = markdown.splitlines()
    found: list[Block] = []
    start = 0
    for token in MarkdownIt().parse(markdown):
        if token.level != 0 or token.type not in ("fence", "code_block") or token.map is None:
            continue
        first, end = token.map
        prose = "\n".join(lines[start:first]).strip("\n")
        if prose.strip():
            found.append(Block(prose))
        lexer = (token.info or "").partition(" ")[0] if token.type == "fence" else ""
        found.append(Block(token.content.rstrip(), lexer or "text"))
        start = end
    prose = "\n".join(lines[start:]).strip("\n")
    if prose.strip() or not found:
        found.append(Block(prose))
    return found


def _prose(text: str) -> Markdown:
    # No hyperlinks: a lesson's link is shown as its text and address, never followed.
    return Markdown(text, code_theme=CODE_THEME, hyperlinks=False)


LISTING_PADDING = 1
"""The blank column on each side of a code listing (and the blank line above and below)."""


def _listing(block: Block) -> Syntax:
    assert block.lexer is not None
    return Syntax(
        block.text, block.lexer, theme=CODE_THEME, word_wrap=False, padding=LISTING_PADDING
    )


def listing_width(markdown: str) -> int:
    """The columns the widest code listing of ``markdown`` takes drawn whole, its padding
    included; 0 when it has none (a layout gives a page's text that many columns)."""
    return max(
        (
            max((cell_len(line) for line in block.text.splitlines()), default=0)
            + 2 * LISTING_PADDING
            for block in blocks(markdown)
            if block.lexer is not None
        ),
        default=0,
    )


class CodeListing(ScrollableContainer):
    """One code listing, as wide as its longest line: it scrolls sideways in a narrower pane
    (the scrollbar shows it), never wraps. Such a listing says so under it, with the keys that
    scroll it: it takes the focus with tab, and then left and right scroll it; one that fits
    is passed over, and its keys stay the screen's."""

    def __init__(self, block: Block) -> None:
        super().__init__(Static(_listing(block), classes="code-listing-text"))
        self.block = block

    def allow_focus(self) -> bool:
        return self.max_scroll_x > 0

    def on_resize(self) -> None:
        self.call_after_refresh(self._mark_cut)

    def _mark_cut(self) -> None:
        """Lines wider than the pane are cut at its edge: the listing's bottom line says so,
        with the keys that bring the rest into view."""
        cut = self.max_scroll_x > 0
        self.set_class(cut, "-cut")
        self.border_subtitle = _("lines go on to the right: tab, then → ←") if cut else ""

    def line(self, y: int) -> str:
        """Line ``y`` of the listing as drawn, whole (the part scrolled out of view too)."""
        return self.query_one(Static).render_line(y).text

    def show(self, block: Block) -> None:
        if block != self.block:
            self.block = block
            self.query_one(Static).update(_listing(block))
            self.call_after_refresh(self._mark_cut)


class LessonText(Vertical):
    """The page's text blocks, prose and listings, one under the other."""

    _shown: tuple[Block, ...] = ()

    def show(self, markdown: str) -> None:
        """Show ``markdown``; widgets of the same kinds as before are updated in place."""
        new = tuple(blocks(markdown))
        if new == self._shown:
            return
        kinds = [block.lexer is None for block in new]
        children = list(self.children)
        if kinds == [isinstance(child, Static) for child in children]:
            for child, block in zip(children, new, strict=True):
                if isinstance(child, CodeListing):
                    child.show(block)
                elif isinstance(child, Static):
                    child.update(_prose(block.text))
        else:
            self.remove_children()
            self.mount_all(
                Static(_prose(block.text)) if block.lexer is None else CodeListing(block)
                for block in new
            )
        self._shown = new
