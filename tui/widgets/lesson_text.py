"""A lesson page's text: Markdown prose wrapped to the pane, and each top-level code block drawn
by itself, a line too wide going on over marked continuations (tui/widgets/code_lines.py)."""

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
"""The terminal's own colours for code."""


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
    """An item of a numbered list, numbered ``1.`` as the lesson writes it (Rich draws ``1``)."""

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
    """A page's prose as Rich's Markdown, its no-break spaces and the spaces inside a formula
    (:mod:`tui.widgets.no_break`) handed to Rich as :data:`HOLD` (which it never breaks at) and
    drawn as spaces."""

    def __init__(self, text: str) -> None:
        self.text = keys_marked(text)
        self._markdown: tuple[int, Markdown] | None = None
        """The Markdown held for a width (a formula wider than the line is let go)."""

    def markdown_for(self, width: int) -> Markdown:
        """The prose held for lines ``width`` columns wide (0: every formula kept whole)."""
        if self._markdown is None or self._markdown[0] != width:
            held = hold_within(self.text, width) if width else hold_formulas(self.text)
            self._markdown = (width, LessonMarkdown(held, code_theme=CODE_THEME, hyperlinks=False))
        return self._markdown[1]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for segment in console.render(self.markdown_for(options.max_width), options):
            if HOLD in segment.text:
                yield Segment(segment.text.replace(HOLD, " "), segment.style, segment.control)
            else:
                yield segment


LISTING_PADDING = 1
"""The blank column on each side of a code listing (and the blank line above and below)."""


def listing_width(markdown: str, programs_only: bool = False) -> int:
    """The columns the widest code listing of ``markdown`` takes drawn whole, its padding
    included (0: none); with ``programs_only``, only a fence that names its language counts."""
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
    """One code listing, highlighted, padded by :data:`LISTING_PADDING`; a line wider than the
    widget wraps with a marked continuation."""

    DEFAULT_CSS = """
    CodeListing {
        height: auto;
    }
    """

    PADDING = LISTING_PADDING

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
        return strips[y] if 0 <= y < len(strips) else Strip.blank(width, self._background())

    def _background(self) -> Style:
        return self.rich_style + Syntax.get_theme(CODE_THEME).get_background_style()

    def _strips(self, width: int) -> list[Strip]:
        """Every line drawn at ``width`` (0: not laid out yet, nothing wrapped)."""
        drawn = self._drawn
        if drawn is not None and drawn[0] == width:
            return drawn[1]
        if self._highlighted is None:  # the listing's lines highlighted by its fence's lexer
            block = self.block
            assert block.lexer is not None
            syntax = Syntax(block.text, block.lexer, theme=CODE_THEME, word_wrap=False)
            lines = list(syntax.highlight(block.text).split("\n", allow_blank=True))
            self._highlighted = lines[: len(block.text.split("\n"))]
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
                    child.update(Prose(block.text))
        else:
            self.remove_children()
            self.mount_all(
                Static(Prose(block.text), classes="block")
                if block.lexer is None
                else CodeListing(block, classes="block")
                for block in new
            )
        self._shown = new
