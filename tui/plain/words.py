"""A frame in words (:class:`solver.views.frame.Frame`): the board as rows of words, the state table
as a sentence, the code with the lines the last tick ran, one line a tick."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial

from lessons.answers.whole_numbers import is_digits
from lessons.i18n import _, ngettext
from solver.messages import Message, render
from solver.views.frame import (
    BoardFrame,
    Cell,
    CellMark,
    CodeFrame,
    Frame,
    Mark,
    Status,
    TableRow,
    Tables,
    array_name,
)
from solver.views.views import narration_text

_ATTACKED = frozenset(
    {Mark.ATTACKED, Mark.LINE_ROW, Mark.LINE_COL, Mark.LINE_FALLING, Mark.LINE_RISING}
)
"""Marks of a square a placed queen attacks (the lines run along what a queen attacks)."""


def _runs(numbers: Sequence[int]) -> list[tuple[int, int]]:
    """Runs of consecutive numbers, as (first, last)."""
    runs: list[tuple[int, int]] = []
    for number in numbers:
        if runs and number == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], number)
        else:
            runs.append((number, number))
    return runs


def _listed(numbers: Sequence[int], name: Callable[[int], str]) -> str:
    """Numbers, each named by ``name``, in a short list: runs of three or more as ``4 to 7``."""
    parts: list[str] = []
    for first, last in _runs(numbers):
        if last - first >= 2:
            parts.append(_("{first} to {last}").format(first=name(first), last=name(last)))
        else:
            parts.extend(name(number) for number in range(first, last + 1))
    return ", ".join(parts)


def columns_text(columns: Iterable[str]) -> str:
    """Column numbers as a short list: runs of three or more as ``4 to 7``."""
    return _listed([int(c) for c in columns], str)


def _queen_clauses(
    marks: Sequence[tuple[str, Mark]], hidden: bool, pairs: bool = False
) -> list[str]:
    """What one row of a queens board holds, queens first; ``hidden``: free and attacked squares not
    told apart; ``pairs``: a queen drawn as an attacker is in an attacking pair."""
    said = {
        Mark.QUEEN: _("queen in column {col}"),
        Mark.ATTACKER: _("queen in column {col}, in an attacking pair")
        if pairs
        else _("queen in column {col}, attacking the square tried"),
        Mark.TRYING: _("column {col} being tried"),
        Mark.CANDIDATE: _("column {col} tried and attacked"),
        Mark.WRONG: _("column {col}: your wrong step"),
    }
    clauses = [said[mark].format(col=col) for col, mark in marks if mark in said]
    if hidden:
        return clauses or [_("no queen")]
    attacked = [col for col, mark in marks if mark in _ATTACKED]
    free = [col for col, mark in marks if mark is Mark.FREE]
    if attacked:
        clauses.append(
            ngettext("attacked: column {cols}", "attacked: columns {cols}", len(attacked)).format(
                cols=columns_text(attacked)
            )
        )
    if free:
        clauses.append(
            ngettext("free: column {cols}", "free: columns {cols}", len(free)).format(
                cols=columns_text(free)
            )
        )
    return clauses


def _maze_clauses(marks: Sequence[tuple[str, Mark]]) -> list[str]:
    """What one row of the maze holds: the path's end and the square tried first, then the
    walls, the open squares, the path and the dead ends."""
    said = {
        Mark.HERE: _("the path ends here, in column {col}"),
        Mark.START: _("the start S in column {col}"),
        Mark.EXIT: _("the exit E in column {col}"),
        Mark.TRYING: _("column {col} tried: admissible"),
        Mark.CANDIDATE: _("column {col} tried: not admissible"),
    }
    clauses = [said[mark].format(col=col) for col, mark in marks if mark in said]
    groups: tuple[tuple[Mark, Callable[[int], str]], ...] = (
        (Mark.WALL, lambda n: ngettext("wall: column {cols}", "wall: columns {cols}", n)),
        (Mark.FLOOR, lambda n: ngettext("open: column {cols}", "open: columns {cols}", n)),
        (Mark.PATH, lambda n: ngettext("path: column {cols}", "path: columns {cols}", n)),
        (
            Mark.DEAD_END,
            lambda n: ngettext("dead end: column {cols}", "dead end: columns {cols}", n),
        ),
    )
    for kind, template in groups:
        cols = [col for col, mark in marks if mark is kind]
        if cols:
            clauses.append(template(len(cols)).format(cols=columns_text(cols)))
    return clauses


def board_lines(
    board: BoardFrame, size: str, hidden: bool = False, pairs: bool = False
) -> list[str]:
    """The board as lines of words: a heading, then a line a row from row 0 (queens, the square
    tried, attacked or free squares; the maze's walls, path and dead ends), with the overlay's
    values when on. ``hidden``, ``pairs``: see :func:`_queen_clauses`."""
    bottom_up = len(board.row_labels) > 1 and board.row_labels[-1] == "0"
    if not board.checkered:
        heading = _("The maze, {size}; row 0 is its top row.")
    elif bottom_up:
        heading = _("The board, {size}; row 0 is its bottom row.")
    else:
        heading = _("The board, {size}; row 0 is its top row.")
    lines = [heading.format(size=size)]
    hidden = hidden or not board.attacks  # a square drawn free is then never called free
    order = sorted(range(board.height), key=lambda line: _row_number(board.row_labels[line]))
    for line in order:
        marks = list(zip(board.col_labels, board.squares[line], strict=False))
        clauses = _queen_clauses(marks, hidden, pairs) if board.checkered else _maze_clauses(marks)
        if board.values is not None:
            values = ", ".join(str(v) for v in board.values[line])
            clauses.append(_("values: {values}").format(values=values))
        text = _("row {row}: {squares}.").format(
            row=board.row_labels[line], squares="; ".join(clauses)
        )
        lines.append(text)
    return lines


def drawn_lines(rows: Sequence[Sequence[Mark]]) -> list[str]:
    """A drawing of a board without row numbers, as lines of words from its top line."""
    heading = _("A drawing of {rows} lines of {cols} squares, from its top line:")
    lines = [heading.format(rows=len(rows), cols=len(rows[0]))]
    for number, row in enumerate(rows, 1):
        clauses = _queen_clauses([(str(col), mark) for col, mark in enumerate(row)], False)
        squares = "; ".join(clauses)
        lines.append(_("line {line}: {squares}.").format(line=number, squares=squares))
    return lines


def _row_number(label: str) -> int:
    return int(label) if is_digits(label.lstrip("-")) else 0


def _array_rows(tables: Tables) -> list[TableRow]:
    """The rows of the table that are arrays (the row of column numbers left out)."""
    return list(tables.rows[1:] if tables.index_row else tables.rows)


def arrays(tables: Tables) -> list[tuple[str, tuple[str, ...]]]:
    """The table's arrays, as (name, values); a value left over from earlier, not part of the
    placement, in round brackets as the full screen draws it: ``q = 0, 3, (1), -``."""
    return [
        (array_name(row.label), tuple(_value(cell) for cell in row.cells))
        for row in _array_rows(tables)
    ]


def _value(cell: Cell) -> str:
    return f"({cell.text})" if cell.mark is CellMark.STALE else cell.text


def state_brief(tables: Tables, where: str) -> str:
    """What the search's main array holds, with ``k`` (or where the search stands): the tail
    of a tick's line, ``b = 0, 2, -1, -1; k = 2``."""
    found = arrays(tables)
    parts = []
    if found:
        name, values = found[0]
        parts.append(f"{name} = {', '.join(values)}")
    parts.append(tables.marker or where)
    return "; ".join(part for part in parts if part)


def _marked(tables: Tables, mark: CellMark, hidden: bool = False) -> list[str]:
    """The cells with ``mark`` (``hidden``: those shown as ``?``, else the others), named as
    the notes name them (``b[2]``, ``c[1]``), each array's runs of three or more as ``T[20] to
    T[31]``."""
    named = []
    for row in _array_rows(tables):
        name = array_name(row.label)
        indices = [
            index
            for index, cell in enumerate(row.cells)
            if cell.mark is mark and (cell.text == "?") == hidden
        ]
        if indices:
            named.append(_listed(indices, partial("{}[{}]".format, name)))
    return named


def state_lines(tables: Tables, where: str) -> list[str]:
    """The whole state as sentences: every array, ``k``, the cells the last tick read and
    wrote, the values left over from earlier, and the call stack, newest frame first."""
    held = "; ".join(f"{name} = {', '.join(values)}" for name, values in arrays(tables))
    lines = ["; ".join(part for part in (held, tables.marker or where) if part) + "."]
    said = (
        (CellMark.READ, True, _("The next tick reads {cells}: hidden until you answer.")),
        (CellMark.READ, False, _("The last tick read {cells}.")),
        (CellMark.CHANGED, False, _("The last tick changed {cells}.")),
        (CellMark.STALE, False, _("Left over from earlier, not part of the placement: {cells}.")),
    )
    for mark, hidden, sentence in said:
        cells = _marked(tables, mark, hidden)
        if cells:
            lines.append(sentence.format(cells=", ".join(cells)))
    if tables.lines:
        lines.append(
            _("The call stack, newest first: {frames}.").format(frames="; ".join(tables.lines))
        )
    return lines


def code_lines(code: CodeFrame) -> list[str]:
    """The code with its line numbers; the lines the last tick ran say so, and the last of
    them, which decided what the tick did, says that."""
    lines = [_("The code: {title}.").format(title=code.title)]
    last = code.ran[-1] if code.ran else None
    for index, text in enumerate(code.lines):
        if index == last:
            template = _("{number}, ran last: {code}")
        elif index in code.ran:
            template = _("{number}, ran: {code}")
        else:
            template = "{number}: {code}"
        lines.append(template.format(number=index + 1, code=text))
    return lines


def found_words(all_mode: bool, count: int) -> str:
    """The search's mode and the solutions it found: ``all solutions, found 3``."""
    if all_mode:
        return _("all solutions, found {count}").format(count=count)
    return _("first solution, found {count}").format(count=count)


def status_line(status: Status) -> str:
    """Where the search stands: the size, k, the tick, the mode and the solutions found."""
    tick = _("tick {tick}").format(tick=status.tick)
    found = found_words(status.all_mode, status.found)
    state = _("search finished ([r] resets)") if status.finished else _("ready")
    return "; ".join((f"{status.size}, {status.where}, {tick}", found, state)) + "."


def tick_line(frame: Frame) -> str:
    """One tick: its number, the narration in the notes' words, and the main array after it."""
    said = _("tick {tick}: {text}").format(tick=frame.status.tick, text=narration_text(frame))
    return f"{said}  {state_brief(frame.tables, frame.status.where)}"


PLAIN_KEYS = {
    f"guess.keys.{keys}": f"guess.keys.{keys}.words" for keys in ("moves", "yes_no", "rule")
}
"""A question's key line as the plain tutor says it: a step is a word (up, destra, góra), yes and no
are words no command shares, the rule is typed 1, 2 or 3."""


def prompt_line(message: Message) -> str:
    """One line of a guess question's prompt, as the plain tutor says it."""
    plain = PLAIN_KEYS.get(message.id)
    return render(Message(plain, message.params) if plain else message)
