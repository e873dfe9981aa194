"""A lesson page's text: Markdown prose wrapped to the pane, and code listings whose lines are
never cut.

Rich's Markdown wraps a code block's long lines inside a narrow pane (``r =`` on one line,
``self.Solve(...)`` on the next, as if it were a line of its own), which misreads code. Here each
top-level code block of the page (fenced or indented, as markdown-it finds it: the parser Rich's
Markdown uses) is drawn by itself, line for line: a line wider than the pane goes on over more
lines, each continuation marked (``↪``, ASCII ``+``) and indented under the line's start
(tui/widgets/code_lines.py). Nothing scrolls sideways and nothing takes the focus: the keys
stay the screen's (and a waiting question's). The prose between the listings is Rich's Markdown
as before.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from markdown_it import MarkdownIt
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import ListItem, Markdown, MarkdownElement
from rich.segment import Segment
from rich.style import Style
from rich.syntax import Syntax
from rich.text import Text
from textual.containers import Vertical
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from tui.glyphs import UNICODE
from tui.widgets.code_lines import continuation, widest, wrap_code
from tui.widgets.no_break import HOLD, hold_formulas, hold_within, keys_marked

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


class NumberedItem(ListItem):
    """An item of a numbered list, numbered as the lesson writes it and the plain tutor shows
    it, ``1.`` (Rich's own item draws ``1``: "1 for every placement ...")."""

    def render_number(
        self, console: Console, options: ConsoleOptions, number: int, last_number: int
    ) -> RenderResult:
        width = len(str(last_number)) + 3
        lines = console.render_lines(
            self.elements, options.update(width=options.max_width - width), style=self.style
        )
        style = console.get_style("markdown.item.number", default="none")
        numeral = Segment(f"{number}.".rjust(width - 1) + " ", style)
        padding = Segment(" " * width, style)
        for index, line in enumerate(lines):
            yield padding if index else numeral
            yield from line
            yield Segment.line()


class LessonMarkdown(Markdown):
    """Rich's Markdown with the lesson's numbered items (:class:`NumberedItem`)."""

    elements: ClassVar[dict[str, type[MarkdownElement]]] = {
        **Markdown.elements,
        "list_item_open": NumberedItem,
    }


class Prose:
    """A page's prose as Rich's Markdown, its no-break spaces kept: Rich wraps at any Unicode
    space, U+00A0 too, so a Polish "w" or "z" could end a line (typography forbids it: the
    Polish lessons put a no-break space after a one-letter word). The no-break spaces, and the
    spaces inside a formula or a list of numbers (``n = 4``, ``i + j``: see
    :mod:`tui.widgets.no_break`), are handed to Rich as :data:`HOLD`, which it does not break
    at, and drawn as spaces."""

    def __init__(self, text: str) -> None:
        self.text = keys_marked(text)
        self._markdown: tuple[int, Markdown] | None = None
        """The Markdown held for a width (a formula wider than the line is let go)."""

    def markdown_for(self, width: int) -> Markdown:
        """The prose held for lines ``width`` columns wide (0: every formula kept whole)."""
        if self._markdown is None or self._markdown[0] != width:
            held = hold_within(self.text, width) if width else hold_formulas(self.text)
            # No hyperlinks: a lesson's link is shown as its text and address, never followed.
            self._markdown = (width, LessonMarkdown(held, code_theme=CODE_THEME, hyperlinks=False))
        return self._markdown[1]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for segment in console.render(self.markdown_for(options.max_width), options):
            if HOLD in segment.text:
                yield Segment(segment.text.replace(HOLD, " "), segment.style, segment.control)
            else:
                yield segment


def _prose(text: str) -> Prose:
    return Prose(text)


LISTING_PADDING = 1
"""The blank column on each side of a code listing (and the blank line above and below)."""


def listing_width(markdown: str, programs_only: bool = False) -> int:
    """The columns the widest code listing of ``markdown`` takes drawn whole, its padding
    included; 0 when it has none (a layout gives a page's text that many columns). With
    ``programs_only``, only a listing of a program counts: a fence that names its language
    (```c, ```python), not a board, table or printout drawn as plain text."""
    return max(
        (
            max((cell_len(line) for line in block.text.splitlines()), default=0)
            + 2 * LISTING_PADDING
            for block in blocks(markdown)
            if block.lexer is not None and not (programs_only and block.lexer == "text")
        ),
        default=0,
    )


class CodeListing(Widget, can_focus=False):
    """One code listing, highlighted as the lesson's Markdown highlights code, with a blank
    line above and below and a blank column at each side; a line wider than the widget wraps
    with a marked continuation. :meth:`content_width` says how wide it is with nothing
    wrapped, so that a screen can size its panes by what they hold."""

    DEFAULT_CSS = """
    CodeListing {
        height: auto;
    }
    """

    PADDING = LISTING_PADDING
    """Blank columns at each side (and blank lines above and below), as Rich's Syntax pads."""

    def __init__(self, block: Block, classes: str | None = None) -> None:
        super().__init__(classes=classes)
        self.block = block
        self._highlighted: list[Text] | None = None
        self._drawn: tuple[int, list[Strip]] | None = None
        """The lines drawn at a width."""

    @property
    def lines(self) -> list[str]:
        """The listing's lines as the lesson writes them."""
        return self.block.text.split("\n")

    def content_width(self) -> int:
        """Columns the listing takes with nothing wrapped (its padding included)."""
        return widest(self.lines) + 2 * self.PADDING

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.content_width()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._strips(width))

    def show(self, block: Block) -> None:
        if block != self.block:
            self.block = block
            self._highlighted = None
            self._drawn = None
            self.refresh(layout=True)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn = None

    def line(self, y: int) -> str:
        """Line ``y`` of the listing as drawn (a continuation with its mark)."""
        strips = self._strips(self.size.width)
        return strips[y].text if 0 <= y < len(strips) else ""

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        strips = self._strips(width)
        if 0 <= y < len(strips):
            return strips[y]
        return Strip.blank(width, self._background())

    def _background(self) -> Style:
        return self.rich_style + Syntax.get_theme(CODE_THEME).get_background_style()

    def _strips(self, width: int) -> list[Strip]:
        """Every line drawn at ``width`` (0: not laid out yet, nothing wrapped)."""
        drawn = self._drawn
        if drawn is not None and drawn[0] == width:
            return drawn[1]
        if self._highlighted is None:
            self._highlighted = _highlight(self.block)
        glyphs = getattr(self.app, "glyphs", UNICODE)
        pad = self.PADDING
        room = width - 2 * pad if width else 0
        background = self._background()
        console = self.app.console
        full = width or self.content_width()
        blank = Strip.blank(full, background)
        strips = [blank]
        for line in self._highlighted:
            for piece in wrap_code(line.plain, room, glyphs.wrap):
                shown = Text(" " * pad + continuation(piece, glyphs.wrap), end="")
                shown.append_text(line[piece.start : piece.end])
                segments = Segment.apply_style(shown.render(console), background)
                strips.append(Strip(segments).adjust_cell_length(full, background))
        strips.append(blank)
        self._drawn = (width, strips)
        return strips


def _highlight(block: Block) -> list[Text]:
    """The listing's lines highlighted by its fence's lexer, one Text a line."""
    assert block.lexer is not None
    syntax = Syntax(block.text, block.lexer, theme=CODE_THEME, word_wrap=False)
    lines = list(syntax.highlight(block.text).split("\n", allow_blank=True))
    return lines[: len(block.text.split("\n"))]  # not the newline highlighting adds at the end


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
                Static(_prose(block.text), classes="block")
                if block.lexer is None
                else CodeListing(block, classes="block")
                for block in new
            )
        self._shown = new
