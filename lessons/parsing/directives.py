"""The directives that act on a page's board (``@board``, ``@step``, ``@back``, ``@run``,
``@overlay``, ``@tree``, ``@expect``), each read into an op of :mod:`lessons.model`; a bad
word raises :class:`~lessons.quiz.params.ParamError`."""

from __future__ import annotations

import re

from lessons.i18n import _
from lessons.model import (
    BackOp,
    BoardOp,
    ExpectOp,
    Op,
    Overlay,
    OverlayOp,
    RunOp,
    RunTo,
    StepOp,
    StepUnit,
    TreeOp,
)
from lessons.quiz.params import ParamError, Params, parse_int, parse_word
from lessons.stage import expect_names
from solver.registry import DEFAULT_METHOD, MAX_APP_N, steppable_methods, stepped

MAX_BOARD = MAX_APP_N
MAX_STEP = 100_000
"""The largest count of one ``@step`` or ``@back``."""
_EXPECT = re.compile(r"^([A-Za-z_]+(?:\[[0-9]{1,9}\])?)\s*=\s*(.+)$")
MAX_EXPECTED = 200
"""The longest value an ``@expect`` may compare with."""


def board(number: int, words: list[str]) -> BoardOp:
    """``@board n=N mode=first|all algorithm=METHOD maze=NAME``."""
    params = Params.parse(words, "@board")
    algorithm = params.word("algorithm", steppable_methods(), DEFAULT_METHOD)
    is_maze = not stepped(algorithm).queens
    maze = params.raw.get("maze")
    if maze is not None and not is_maze:
        raise ParamError(_("@board maze= goes with algorithm=maze"))
    params.check_keys(("n", "mode", "algorithm", "maze"), () if is_maze else ("n",))
    return BoardOp(
        number,
        1 if is_maze else params.integer("n", 1, MAX_BOARD),
        params.word("mode", ("first", "all"), "first") == "all",
        algorithm,
        maze,
    )


def op(number: int, name: str, rest: str, words: list[str], algorithm: str) -> Op:
    """The op of a body directive other than ``@board`` and ``@question``; ``algorithm`` is
    the method of the last ``@board`` (it decides which ``@expect`` names apply)."""
    if name == "step":
        return step(number, words)
    if name == "back":
        if len(words) > 1:
            raise ParamError(_("@back takes one number: how many ticks to undo"))
        return BackOp(number, parse_int(words[0], _("@back count"), 1, MAX_STEP) if words else 1)
    if name == "run":
        if len(words) != 1:
            raise ParamError(_("@run needs one of: iteration, backtrack, solution, end"))
        return RunOp(number, RunTo(parse_word(words[0], "@run", [r.value for r in RunTo])))
    if name == "overlay":
        if len(words) != 1:
            raise ParamError(_("@overlay needs one of: off, sum, diff"))
        return OverlayOp(
            number, Overlay(parse_word(words[0], "@overlay", [o.value for o in Overlay]))
        )
    if name == "tree":
        if len(words) > 1:
            raise ParamError(_("@tree takes on or off (on when alone)"))
        shown = parse_word(words[0], "@tree", ["on", "off"]) if words else "on"
        return TreeOp(number, shown == "on")
    return expect(number, rest, algorithm)


def step(number: int, words: list[str]) -> StepOp:
    """``@step [COUNT] [tick|ticks|iteration|iterations]``."""
    count, unit = 1, StepUnit.TICK
    rest = list(words)
    if rest and rest[0].lstrip("-").isdecimal():
        count = parse_int(rest.pop(0), _("@step count"), 1, MAX_STEP)
    if rest:
        word = rest.pop(0)
        allowed = ("tick", "ticks", "iteration", "iterations")
        unit = StepUnit(parse_word(word, _("@step unit"), allowed).rstrip("s"))
    if rest:
        raise ParamError(_("@step takes a count and a unit, e.g. @step 3 iterations"))
    return StepOp(number, count, unit)


def expect(number: int, rest: str, algorithm: str) -> ExpectOp:
    """``@expect NAME = VALUE``, NAME one the board's method reads (:mod:`expect_names`)."""
    match = _EXPECT.match(rest)
    if match is None or len(match.group(2)) > MAX_EXPECTED:
        raise ParamError(
            _(
                "@expect needs NAME = VALUE with NAME one of {names} "
                "(the names of the board's method: docs/lesson-format.md)"
            ).format(names=", ".join(expect_names.names(algorithm)))
        )
    name, text = match.group(1), match.group(2).strip()
    base = name.partition("[")[0]
    if base not in expect_names.names(algorithm):
        raise ParamError(
            _("@expect {name}: a board of algorithm={method} has {known}").format(
                name=base, method=algorithm, known=", ".join(expect_names.names(algorithm))
            )
        )
    return ExpectOp(number, name, text, text)
