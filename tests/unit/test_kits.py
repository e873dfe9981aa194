"""One kit per method (solver/kit.py), checked over the registry's kits: a new method is checked
by adding it. Each view keeps room for its call stack (``Tables.room``) that every tick of whole
searches stays within. One test reads the code: no module outside a kit compares a method's
name or checks an engine's class."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from lessons import i18n
from lessons.stage import expect_names
from solver.kit import SteppableKit
from solver.messages import render
from solver.methods.maze.mazes import maze_specs
from solver.registry import KITS, METHODS, make_engine, steppable_methods, stepped
from solver.stepping import Mode, SteppableSearch, Stop
from solver.views.frame import Frame
from tests.tiers import sweep

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


def test_a_kit_is_looked_up_by_name_and_an_unknown_name_is_refused() -> None:
    assert stepped("recursive").wording.row_wise
    with pytest.raises(ValueError, match="unknown method"):
        stepped("nosuch")
    with pytest.raises(ValueError, match="cannot be stepped"):
        stepped("random")


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


@pytest.mark.parametrize("maze", maze_specs())
def test_the_maze_stack_stays_within_its_room(maze: str) -> None:
    deepest, room = _deepest("maze", 0, Mode.ALL, maze)
    assert 0 < deepest <= room


def test_the_iterative_loop_has_no_stack() -> None:
    assert "iterative" not in STACKED and "recursive" in STACKED
    assert _deepest("iterative", 5, Mode.ALL) == (0, 0)
