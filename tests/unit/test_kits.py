"""One kit per method (solver/kit.py), checked over the registry's kits: a new method is checked
by adding it. One registry: the command line, the tutor, the lessons and the views list the same
methods, and it refuses a name taken or notes unknown. Each view keeps room for its call stack.
The throwaway kit (tests/throwaway/), registered for a moment, is taken and given back (``python
-m pytest --throwaway-kit`` runs every other test with it). One test reads the code: no module
outside a kit compares a method's name or checks an engine's class."""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from lessons import i18n
from lessons.parsing.parser import parse
from lessons.stage import expect_names
from solver.kit import SteppableKit
from solver.messages import render
from solver.methods.maze.mazes import BUILTIN
from solver.methods.scan.kit import ScanKit
from solver.registry import (
    COUNTER,
    KITS,
    METHODS,
    listing_methods,
    make_engine,
    queens_methods,
    register,
    steppable_methods,
    stepped,
    unregister,
)
from solver.sources import SOURCES
from solver.stepping import Kind, Mode, SteppableSearch, Stop
from solver.views.frame import Frame, Mark
from tests import throwaway
from tests.cli.inproc import call
from tests.tiers import sweep
from tui.cli.main import build_parser

ROOT = Path(__file__).resolve().parents[2]
STEPPABLE = [kit for kit in KITS if isinstance(kit, SteppableKit)]


def _ids(kit: object) -> str:
    return str(getattr(kit, "name", kit))


def _engine(kit: SteppableKit, n: int = 5, mode: Mode = Mode.FIRST) -> SteppableSearch:
    return kit.make_engine(n, mode)


def _frame(kit: SteppableKit, engine: SteppableSearch) -> Frame:
    return kit.make_view().frame(engine.snapshot(), "off")


@pytest.mark.parametrize("kit", STEPPABLE, ids=_ids)
def test_forward_n_then_back_n_gives_the_same_frame(kit: SteppableKit) -> None:
    engine = _engine(kit, mode=Mode.ALL)  # past the first solution: a method may find it at once
    view = kit.make_view()
    frames = [view.frame(engine.snapshot(), "off")]
    for _ in range(40):
        if not engine.run(Stop.TICK, max_ticks=1).ticks:
            break
        frames.append(view.frame(engine.snapshot(), "off"))
    assert len(frames) > 10, "the search ended before it showed anything"
    fresh = kit.make_view()  # a view that did not see the way forward
    while frames:
        expected = frames.pop()
        assert fresh.frame(engine.snapshot(), "off") == expected, engine.tick
        if frames:
            assert engine.back()
    assert engine.tick == 0


def _questions(kit: SteppableKit) -> Iterator[tuple[str, object]]:
    """Every kind of guess question the kit asks in its first 60 ticks."""
    engine = _engine(kit)
    for _ in range(60):
        test = kit.next_test(engine)
        if test is not None:
            yield "try", kit.try_prompt(test, engine.n)
            if not test.free:
                rule = kit.rule_prompt(test, engine.n)
                if rule is not None:
                    yield "rule", rule
                yield "wrong", kit.wrong_test(test)
        iteration = kit.next_iteration(engine)
        if iteration is not None:
            yield "land", kit.land_prompt(iteration, engine.n)
        if not engine.run(Stop.TICK, max_ticks=1).ticks:
            break


@pytest.mark.parametrize("kit", STEPPABLE, ids=_ids)
def test_every_guess_question_renders_in_every_language(kit: SteppableKit) -> None:
    kinds: set[str] = set()
    for lang in ("en", "it", "pl"):
        i18n.set_language(lang)
        for kind, message in _questions(kit):
            kinds.add(kind)
            messages = message if isinstance(message, tuple) else (message,)
            for one in messages:
                text = render(one)  # type: ignore[arg-type]
                assert text and "{" not in text, (lang, kind, text)
    assert "land" in kinds  # every method places queens (or takes steps) and backtracks
    tried = {"try", "wrong"} & kinds
    assert tried == ({"try", "wrong"} if kit.tests_squares else set())


@pytest.mark.parametrize("kit", STEPPABLE, ids=_ids)
def test_every_expect_name_reads_and_the_frame_fits_80x24(kit: SteppableKit) -> None:
    """The board of n=8 (the maze: its default) fits beside the side pane, under the status."""
    engine = _engine(kit, 8)
    engine.run(Stop.END, max_ticks=30)
    for name in expect_names.names(kit.name):
        value = expect_names.read(engine, kit.name, name)
        assert value and "object at 0x" not in value, name
    board = _frame(kit, engine).board
    assert board.width <= 40 and board.height <= 19, (board.width, board.height)


def test_no_module_outside_a_kit_compares_a_methods_name_or_checks_an_engines_class() -> None:
    names = set(METHODS)
    engines = set()
    for kit in STEPPABLE:
        engines.add(kit.engine_path.partition(":")[2])
    engines |= {"IterativeEngine", "RecursiveEngine", "ScanEngine", "MazeEngine"}
    snapshots = {"RecSnapshot", "ScanSnapshot", "QueensRecipeSnapshot", "MazeSnapshot"}
    own = {module for kit in KITS for module in kit.own_modules}
    found = []
    for folder in ("solver", "lessons", "tui", "tests", "benchmarks"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            if module.startswith(("solver.methods", "tests.throwaway")) or module in own:
                continue  # a kit's own folder (the tests' throwaway kit's too) may name it
            text = path.read_text(encoding="utf-8")
            named = any(f'"{name}"' in text or f"'{name}'" in text for name in names)
            own_code = folder not in ("tests", "benchmarks")  # a test may check an engine's class
            if not named and not (own_code and any(c in text for c in engines | snapshots)):
                continue  # names neither a method nor a class in a string or a check
            nodes = _walked(ast.parse(text))
            found += [f"{module}:{line}: {what}" for line, what in _offences(nodes, names)]
            if not own_code:
                continue
            found += [
                f"{module}:{line}: isinstance {cls}"
                for line, cls in _class_checks(nodes, engines | snapshots)
            ]
    assert found == []


def _strings(node: ast.AST) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return {s for element in node.elts for s in _strings(element)}
    return set()


def _about_a_method(node: ast.AST) -> bool:
    """The expression names a method: ``method``, ``args.algorithm``, ``kit.name``..."""
    for part in ast.walk(node):
        name = part.id if isinstance(part, ast.Name) else getattr(part, "attr", None)
        if isinstance(name, str) and ("method" in name or "algorithm" in name):
            return True
        if isinstance(part, ast.Attribute) and part.attr == "name":
            return True
    return False


def _walked(tree: ast.AST) -> list[tuple[ast.AST, bool]]:
    """Every node of the tree (walked once), and whether it stands inside an ``assert``."""
    nodes: list[tuple[ast.AST, bool]] = []
    stack = [(tree, False)]
    while stack:
        node, asserted = stack.pop()
        nodes.append((node, asserted))
        inside = asserted or isinstance(node, ast.Assert)
        stack.extend((child, inside) for child in ast.iter_child_nodes(node))
    return nodes


def _offences(nodes: list[tuple[ast.AST, bool]], names: set[str]) -> Iterator[tuple[int, str]]:
    """Comparisons, outside an ``assert``, of an expression about a method with a method's name."""
    for node, asserted in nodes:
        if isinstance(node, ast.Compare) and not asserted:
            sides = [node.left, *node.comparators]
            named = set().union(*(_strings(side) for side in sides)) & names
            if named and any(_about_a_method(side) for side in sides if not _strings(side)):
                yield node.lineno, f"compares with {sorted(named)}"


def _class_checks(
    nodes: list[tuple[ast.AST, bool]], classes: set[str]
) -> Iterator[tuple[int, str]]:
    for node, _asserted in nodes:
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "isinstance":
            target = node.args[1] if len(node.args) > 1 else None
            for name in ast.walk(target) if target is not None else ():
                if isinstance(name, ast.Name) and name.id in classes:
                    yield node.lineno, name.id


def _has_stack(method: str) -> bool:
    view = stepped(method).make_view()
    return view.frame(make_engine(method, 4).snapshot(), "off").tables.room > 0


STACKED = [name for name in steppable_methods() if _has_stack(name)]
"""The methods with a call stack (the Wrocław loop has none)."""


def _deepest(method: str, n: int, mode: Mode, maze: str | None = None) -> tuple[int, int]:
    """The most stack lines seen over a whole search, and the room the view gave (one value)."""
    engine = make_engine(method, n, mode, maze)
    view = stepped(method).make_view()
    deepest, rooms = 0, set()
    while True:
        tables = view.frame(engine.snapshot(), "off").tables
        deepest = max(deepest, len(tables.lines))
        rooms.add(tables.room)
        if engine.run(Stop.TICK, max_ticks=1).ticks == 0:
            break
    assert len(rooms) == 1, f"{method}: the room changed during the search: {sorted(rooms)}"
    return deepest, rooms.pop()


@pytest.mark.parametrize("method", [m for m in STACKED if stepped(m).queens])
@pytest.mark.parametrize(
    ("n", "mode"),
    sweep([(n, mode) for n in (1, 4, 6) for mode in Mode], everyday=[(6, Mode.ALL)], several=True),
)
def test_the_queens_stack_stays_within_its_room(method: str, n: int, mode: Mode) -> None:
    deepest, room = _deepest(method, n, mode)
    assert 0 < deepest <= room
    # Room for the deepest stack, not a pane of blank lines: at most two lines to spare.
    assert room - deepest <= 2


@pytest.mark.parametrize("maze", tuple(BUILTIN))
def test_the_maze_stack_stays_within_its_room(maze: str) -> None:
    deepest, room = _deepest("maze", 0, Mode.ALL, maze)
    assert 0 < deepest <= room


def test_the_iterative_loop_has_no_stack() -> None:
    assert "iterative" not in STACKED and "recursive" in STACKED
    assert _deepest("iterative", 5, Mode.ALL) == (0, 0)


def _choices(parser: argparse.ArgumentParser, option: str) -> tuple[str, ...]:
    for action in parser._actions:  # argparse keeps its options there
        if option in action.option_strings:
            return tuple(action.choices or ())
    raise AssertionError(f"no {option}")


def _subparser(name: str) -> argparse.ArgumentParser:
    parser, _ = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action.choices[name]  # type: ignore[no-any-return]
    raise AssertionError("no commands")


def test_the_cli_the_tutor_and_the_lessons_list_the_registrys_methods_each_with_its_notes() -> None:
    parser, _ = build_parser()
    assert _choices(parser, "--method") == steppable_methods()
    assert _choices(_subparser("solve"), "--method") == queens_methods()
    for method in steppable_methods():
        n = " n=4" if METHODS[method].queens else ""
        board = f"@board{n} algorithm={method}"
        result = parse(f"@lesson x\n@title X\n@page P\n{board}\n", "x.md")
        assert not result.errors, method
    refused = parse("@lesson x\n@title X\n@page P\n@board n=4 algorithm=nosuch\n", "x.md")
    assert refused.errors
    # Every queens method has a batch run, and every method its notes.
    for name in queens_methods():
        run = METHODS[name].run(4)
        assert run.method == name and run.solutions
    for info in METHODS.values():
        assert info.source in SOURCES
        assert info.summary and info.unit.name


@pytest.mark.parametrize("kit", [k for k in STEPPABLE if k.queens], ids=_ids)
def test_the_batch_run_gives_b_of_the_boards_its_view_draws(kit: SteppableKit) -> None:
    """What ``solve`` prints and draws is the board the tutor shows, whichever way notes fill."""
    engine = _engine(kit, 6, Mode.ALL if kit.name in listing_methods() else Mode.FIRST)
    drawn = []
    while engine.run(Stop.SOLUTION).ticks and engine.snapshot().last_kind is Kind.SOLUTION:
        board = _frame(kit, engine).board
        b = [-1] * 6
        for line, marks in enumerate(board.squares):
            for column, mark in enumerate(marks):
                if mark is Mark.QUEEN:
                    b[int(board.col_labels[column])] = int(board.row_labels[line])
        drawn.append(tuple(b))
    assert drawn and list(kit.run(6, every=len(drawn) > 1).solutions) == drawn


class _Named(ScanKit):
    """A kit that takes another's name (a contributor's slip)."""

    def __init__(self, name: str) -> None:
        self.name = name


REFUSALS = [
    (COUNTER, "edutecnica", f"cannot take the name {COUNTER!r}: it is count --method {COUNTER}"),
    ("recursive", "edutecnica", "cannot take the name 'recursive': <RecursiveKit recursive> has"),
    ("stray", "wirth", "its source 'wirth' is not in solver/sources.py"),
]


@pytest.mark.parametrize(("name", "source", "why"), REFUSALS)
def test_register_refuses_a_reserved_or_taken_name_or_unknown_notes_in_one_line(
    name: str, source: str, why: str
) -> None:
    assert stepped("recursive").wording.row_wise  # a kit is looked up by its name
    with pytest.raises(ValueError, match="unknown method"):
        stepped("nosuch")
    with pytest.raises(ValueError, match="cannot be stepped"):
        stepped("random")
    before = list(KITS)
    kit = _Named(name)
    kit.source = source
    with pytest.raises(ValueError) as refused:
        register(kit)
    message = str(refused.value)
    assert "\n" not in message and message.startswith(f"<_Named {name}>") and why in message
    assert before == KITS


IMPORT_REFUSALS = [
    (COUNTER, "it is count --method bitmask"),
    ("iterative", "<IterativeKit iterative> has it"),
]


@pytest.mark.parametrize(
    ("name", "why"), sweep(IMPORT_REFUSALS, everyday=IMPORT_REFUSALS[1:], several=True)
)
def test_a_kits_entry_with_a_reserved_or_repeated_name_stops_the_import(
    name: str, why: str
) -> None:
    """KITS is checked when the registry is built, as register() checks: a kit of KITS named
    like the counter or like another kit stops the import with one line naming both."""
    program = (
        "import solver.methods.scan.kit as scan\n"
        f"scan.ScanKit.name = {name!r}\n"
        "import solver.registry\n"
    )
    run = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert run.returncode != 0
    last = run.stderr.strip().splitlines()[-1]
    assert last.startswith("ValueError: <ScanKit " + name + ">"), last
    assert why in last


def test_count_help_lists_each_method_once(capsys: pytest.CaptureFixture[str]) -> None:
    # The usage line names METHOD (the epilog lists them): the choices are those a wrong
    # --method is told to choose from.
    status, _out, err = call(capsys, "count", "8", "--method", "nope")
    assert status == 2
    choices = re.search(r"\(choose from ([^)]*)\)", err)
    assert choices is not None
    listed = [name.strip(" '") for name in choices.group(1).split(",")]
    assert len(listed) == len(set(listed))
    assert listed == [COUNTER, *listing_methods()]


@pytest.fixture
def registered() -> Iterator[None]:
    """The kits registered for the test (as --throwaway-kit does for a whole run)."""
    if throwaway.NAME in METHODS:
        yield
        return
    throwaway.register_kit()
    try:
        yield
    finally:
        for name in throwaway.KITS:
            unregister(name)
        throwaway.forget()


def test_its_lesson_page_checks_and_its_name_is_taken(
    registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert throwaway.NAME in steppable_methods()
    status, out, err = call(capsys, "lessons", "check", str(throwaway.LESSON))
    assert status == 0, out + err
    with pytest.raises(ValueError, match="cannot take the name 'richards'"):
        throwaway.register_kit()


def test_guess_mode_asks_where_its_tick_lands_with_avail_hidden(registered: None) -> None:
    """A tick asks where the queen goes, avail shown as "?"; the right answer plays the tick."""
    from solver.guess.stage import Stage
    from solver.session.board import BoardSession

    session = BoardSession(throwaway.NAME, 6, guessing=True)
    session.tick_forward()  # solve(0, 0, 0, 0) is called: no queen placed, nothing asked
    assert session.game.question is None and session.tick == 1
    for _ in range(4):
        assert session.tick_forward().asked
        question = session.game.question
        assert question is not None and question.stage is Stage.LAND
        assert question.iteration is not None and question.iteration.ticks == 1
        rows = {row.label: [c.text for c in row.cells] for row in session.frame().tables.rows}
        assert rows.pop("avail") == ["?"] * 6
        assert all("?" not in cells for cells in rows.values())
        tick = session.tick
        session.answer_land(question.iteration.answer)
        assert session.game.verdict is not None and session.game.verdict.right
        assert session.tick == tick + 1
        rows = {row.label: [c.text for c in row.cells] for row in session.frame().tables.rows}
        assert "?" not in rows["avail"]


def test_it_counts_in_its_own_unit(registered: None) -> None:
    """The unit is said once, on the kit: the batch run, the command line and the status line's
    rate read it from there."""
    from solver.registry import kit

    masks = kit(throwaway.NAME)
    run = masks.run(6, every=True)
    assert run.unit is masks.unit and run.unit.name == "queens placed"
    assert run.examined_text() == "152 queens placed"


def test_an_iteration_s_subject_kind_names_its_squares_and_picks_its_question() -> None:
    """A kit may say per iteration that its subject is a row (or column): the square, an
    answer's square, the square's name and the landing question's id follow that kind."""
    words = stepped("iterative")  # the notes' one kind: a column
    row, column = words.landed(2, 3, (), kind="row"), words.landed(2, 3, ())
    assert (row.square, words.square_of(row, 1), column.square) == ((3, 2), (1, 2), (2, 3))
    assert render(words.square_name((3, 2), row.kind)) == "row 2, column 3"
    assert words.land_prompt(row, 8).id == words.land_words + ".row"
    assert words.land_prompt(column, 8).id == words.land_words
