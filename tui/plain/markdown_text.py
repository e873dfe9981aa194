"""A lesson's Markdown as plain lines for a screen reader or a braille display: styling marks go, a
code span is read as its words (no backticks), a key shows as ``[o]``, each paragraph and list
item is one line, code blocks are indented by four spaces, a link shows its text and address. The
text stays data."""

from __future__ import annotations

import re

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_HEADING = re.compile(r"^ {0,3}#{1,6}(?:\s+(.*?))?(?:\s+#+)?\s*$")
_RULE = re.compile(r"^ {0,3}([-*_])(?:\s*\1){2,}\s*$")
_ITEM = re.compile(r"^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$")
_QUOTE = re.compile(r"^ {0,3}>\s?(.*)$")
_CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")
_IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)\s]*)[^)]*\)")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]*)[^)]*\)")
_AUTOLINK = re.compile(r"<((?:https?|mailto):[^>\s]+)>")
_STRONG = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
_EMPHASIS_STAR = re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])")
_EMPHASIS_LINE = re.compile(r"(?<![\w_])_(?=[^\s_])(.+?)(?<=[^\s_])_(?![\w_])")
_KEY = re.compile(r"<kbd>([^<>\n]{1,24})</kbd>")
_DRAWN_ROW = re.compile(r"^\s*\D*?(\d+)\s+([.QO](?:\s+[.QO])+)\s*$")
_MAZE_ROW = re.compile(r"^[#.SE]+$")
"""A row of a maze as its lesson writes it: walls #, open squares ., the start S, the exit E."""
_DRAWN_LINE = re.compile(r"^\s*([.QO](?:\s+[.QO])+)\s*$")
"""A row of a drawing without row numbers (the Wrocław lecture's slides: ``Q O``)."""
_DRAWN_COLUMNS = re.compile(r"^\s*\d+(?:\s+\d+)+\s*$")
_PROTECT = 0xE000
"""Escaped characters wait in the private use area while the marks are taken off."""


def _link(text: str, address: str) -> str:
    return text if not address or address == text else f"{text} ({address})"


def _styled(text: str) -> str:
    """``text`` (no code span in it) with its style marks taken off."""
    text = _ESCAPED.sub(lambda m: chr(_PROTECT + ord(m.group(1))), text)
    text = _IMAGE.sub(lambda m: _link(m.group(1), m.group(2)), text)
    text = _LINK.sub(lambda m: _link(m.group(1), m.group(2)), text)
    text = _AUTOLINK.sub(lambda m: m.group(1), text)
    for _ in range(3):  # nested marks: ***both***, **a *b* c**
        text = _STRONG.sub(lambda m: m.group(2), text)
        text = _EMPHASIS_STAR.sub(lambda m: m.group(1), text)
        text = _EMPHASIS_LINE.sub(lambda m: m.group(1), text)
    return re.sub("[\ue000-\ue07f]", lambda m: chr(ord(m.group()) - _PROTECT), text)


def inline(text: str) -> str:
    """One line of Markdown as plain text: code spans as written without their backticks (a
    screen reader reads them as its words), the style marks off, a key (``<kbd>o</kbd>``,
    docs/lesson-format.md) as ``[o]``."""
    text = _KEY.sub(lambda match: f"[{match.group(1)}]", text)
    parts = []
    last = 0
    for span in _CODE_SPAN.finditer(text):
        parts.append(_styled(text[last : span.start()]))
        parts.append(span.group(2).strip() or span.group(2))
        last = span.end()
    parts.append(_styled(text[last:]))
    return "".join(parts)


class _Lines:
    """The plain lines being built, with the paragraph (or list item) still open."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.open: list[str] = []
        self.prefix = ""

    def close(self) -> None:
        if self.open:
            text = " ".join(part.strip() for part in self.open if part.strip())
            self.lines.append(self.prefix + inline(text))
        self.open = []
        self.prefix = ""

    def add(self, text: str, prefix: str | None = None) -> None:
        """Go on with the open paragraph, or start a new one when ``prefix`` is given."""
        if prefix is not None:
            self.close()
            self.prefix = prefix
        self.open.append(text.rstrip("\\").rstrip())
        if text.endswith(("  ", "\\")):  # a hard break
            self.close()

    def raw(self, line: str) -> None:
        self.close()
        self.lines.append(line)


def _drawing(block: list[str]) -> list[str] | None:
    """A code block that draws a board (a line a row, its number then ``.``, ``Q`` and ``O`` for
    attacked, maybe a line of column numbers under it) as the ``board`` command says a board,
    or without row numbers a line at a time from the top; else None."""
    from solver.views.frame import BoardFrame, Mark
    from tui.plain.words import board_lines, drawn_lines

    lines = [line for line in block if line.strip()]
    maze_rows = tuple(line.strip() for line in lines)
    if (
        len(maze_rows) > 1
        and all(_MAZE_ROW.match(r) for r in maze_rows)
        and {"S", "E"} <= set("".join(maze_rows))
    ):
        from solver.methods.maze.view import given_maze  # a maze, as the board command reads it

        maze = given_maze(maze_rows)
        return ["    " + line for line in board_lines(maze, f"{maze.height}x{maze.width}")]
    marks = {"Q": Mark.QUEEN, "O": Mark.ATTACKED, ".": Mark.FREE}
    unnumbered = [found.group(1).split() for line in lines if (found := _DRAWN_LINE.match(line))]
    if len(lines) > 1 and len(unnumbered) == len(lines) and len(set(map(len, unnumbered))) == 1:
        return ["    " + line for line in drawn_lines([[marks[s] for s in r] for r in unnumbered])]
    rows = [found for line in lines if (found := _DRAWN_ROW.match(line))]
    columns = [line.split() for line in lines if _DRAWN_COLUMNS.match(line)]
    size = {len(row.group(2).split()) for row in rows}
    if len(rows) < 2 or len(rows) + len(columns) != len(lines) or len(size) != 1:
        return None
    n = size.pop()
    labels = columns[-1] if columns and len(columns[-1]) == n else [str(i) for i in range(n)]
    squares = [tuple(marks[s] for s in r.group(2).split()) for r in rows]
    frame = BoardFrame(tuple(squares), tuple(r.group(1) for r in rows), tuple(labels), None)
    return ["    " + line for line in board_lines(frame, f"{len(rows)}x{n}", hidden=True)]


def plain_lines(markdown: str) -> list[str]:
    """The Markdown of a lesson's text block as plain lines (no blank lines between blocks)."""
    out = _Lines()
    fence: str | None = None
    in_item = False
    block: list[str] = []
    for line in markdown.expandtabs(4).split("\n"):
        if fence is not None:
            if line.strip().startswith(fence):
                fence = None
                for said in _drawing(block) or ["    " + code.rstrip() for code in block]:
                    out.raw(said)
            else:
                block.append(line)
            continue
        opened = _FENCE.match(line)
        if opened:
            out.close()
            fence, block = opened.group(1), []
            in_item = False
            continue
        heading = _HEADING.match(line)
        if not line.strip() or heading or _RULE.match(line):  # each ends the paragraph
            out.close()
            if heading and heading.group(1):
                out.raw(inline(heading.group(1)))
            in_item = False
            continue
        item = _ITEM.match(line)
        if item:
            indent, marker, text = item.groups()
            out.add(text, prefix=" " * len(indent) + marker + " ")
            in_item = True
            continue
        quote = _QUOTE.match(line)
        if quote:
            out.add(quote.group(1), prefix="  " if not out.open else None)
            continue
        if line.startswith("    ") and not out.open and not in_item:
            out.raw(line.rstrip())  # an indented code block: as written
            continue
        out.add(line, prefix=None if out.open else "")
    out.close()
    return out.lines
