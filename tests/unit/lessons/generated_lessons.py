"""Lessons drawn from the format's grammar (docs/lesson-format.md): boards of every method (the
maze's built-in mazes too), steps, overlays, trees, every question kind with its parameters, an
Italian translation of the first pages; with the history of a board they play."""

from __future__ import annotations

from pathlib import Path

from hypothesis import strategies as st

from lessons.checking.validate import check_file
from lessons.model import LessonError
from lessons.quiz.kinds import KINDS
from solver.registry import steppable_methods, stepped
from solver.runs import run_method
from solver.session.board import BoardSession
from solver.stepping import Kind, Mode, Stop

QUEENS = sorted(m for m in steppable_methods() if stepped(m).queens)
MAZES = sorted(m for m in steppable_methods() if not stepped(m).queens)
ON_BOARD = ("next-choice", "next-state", "guess")  # and attacker, attack-rule on an attacked try
BOARD_FREE = tuple(k for k in KINDS if not KINDS[k].board)
SOLVED = [
    ",".join(map(str, b)) for n in (4, 5, 6) for b in run_method("iterative", n, True).solutions
]
MAZE = ("#######", "#S....#", "#.###.#", "#.#E..#", "#######")


def _of(template: str, **parts: st.SearchStrategy[object]) -> st.SearchStrategy[str]:
    return st.builds(lambda **values: template.format(**values), **parts)


_ints, _B = st.integers, st.sampled_from(SOLVED)
_words = lambda *words: st.sampled_from(words)  # noqa: E731
PARAMS: dict[str, st.SearchStrategy[str]] = {  # each kind's parameters, by the docs' table
    "next-state": _of(" of=OF ticks={t} play={p}", t=_ints(1, 3), p=_words("yes", "no")),
    "same-diagonal": _of(" square={a},{b} other={c},{d}", a=_ints(0, 1), b=_ints(0, 1),
                         c=_ints(2, 3), d=_ints(2, 3)),
    "array-index": _of(" array={a} row={r} col={c} n=5 base={base}", a=_words("a", "b", "c"),
                       r=_ints(0, 4), c=_ints(0, 4), base=_words("c", "pascal")),
    "solutions": _of(" n={n} unique={u}", n=_ints(4, 8), u=_words("yes", "no")),
    "exists": _of(" n={n}", n=_ints(1, 7)),
    "search-space": _of(" method={m} n={n}", m=_words("bruteforce", "columns", "permutations"),
                        n=_ints(4, 6)),
    "random-tries": _of(" n={n}", n=_ints(4, 7)),
    "work": _of(" n={n} of={o} mode={m}", n=_ints(4, 6), o=_words("tries", "backtracks", "ticks"),
                m=_words("first", "all")),
    "orbit": _of(" b=[{b}]", b=_B),
    "examined": _of(" method={m} n={n}", n=_ints(4, 6), m=_words(
        *QUEENS, "bruteforce", "columns", "permutations")),
    "rotations": _of(" b=[{b}]", b=_B) | st.just(""),
    "queen-row": _of(" b=[{b}] col={c}", b=_B, c=_ints(0, 3)),
    "construct": _of(" n={n} col={c}", n=_ints(4, 10), c=_ints(0, 3)),
    "place": _of(" n={n} goal=solution", n=_ints(4, 6)) | st.just(" n=5 goal=drive"),
    "guess": _of(" ticks={t}", t=_ints(2, 5)),
    "number": _of(" b=[{b}]", b=_B) | st.just(""),
}  # fmt: skip
BODIES = {  # what a kind's lesson writes itself
    "maze": [f"maze: {line}" for line in MAZE],
    "choice": ["prompt: Which one?", "- [ ] the first queen", "- [x] the lowest free row"],
    "number": ["prompt: How many tries?", "answer: 7", "wrong: 6: one short"],
}


@st.composite
def pages(draw: st.DrawFn, kept: str) -> tuple[str, str, int]:
    """One page's lines, with its board's method and size (or '' when it keeps ``kept``): every
    question kind, with its parameters, an overlay, a tree."""
    lines = ["@quiz" if draw(st.booleans()) and kept else "@page P"]
    method, n = "", 0
    if not kept or draw(st.booleans()):
        method = draw(st.sampled_from(QUEENS + MAZES))
        n = draw(st.integers(4, 6)) if stepped(method).queens else 0  # a maze: one of its own
        where = f"n={n}" if n else f"maze={draw(st.sampled_from(('corridor', 'detour', 'rooms')))}"
        lines.append(f"@board {where} algorithm={method}")
    if draw(st.booleans()):
        lines.append(f"@overlay {draw(st.sampled_from(['sum', 'diff']))}")
    if stepped(method or kept).has_tree and draw(st.booleans()):
        lines.append("@tree on")
    attacked = history(method, n, 15)[2] if n else ()  # the first 15 ticks'
    step = draw(st.sampled_from(attacked)) if attacked else draw(st.integers(1, 12))
    kinds = draw(st.lists(st.sampled_from(ON_BOARD + BOARD_FREE), max_size=3))
    if step in attacked:  # asked while the square just tried is attacked
        asks = st.lists(st.sampled_from(("attacker", "attack-rule")), min_size=1, max_size=2)
        kinds = [*draw(asks), *kinds]
    lines.append(f"@step {step}")
    for kind in kinds or ["next-choice"]:
        of = "k" if "k" in stepped(method or kept).expect_names else "depth"  # its own k
        params = draw(PARAMS.get(kind, st.just("")))
        lines += [f"@question {kind}{params.replace('OF', of)}", *BODIES.get(kind, []), "@end"]
    return "\n".join(lines), method, n


@st.composite
def lessons(draw: st.DrawFn) -> tuple[str, list[tuple[str, int]], str]:
    """A lesson, its pages' boards, and its Italian translation of its first pages ('' when
    untranslated)."""
    boards: list[tuple[str, int]] = []
    drawn: list[str] = []
    method, n = "", 0
    for _page in range(draw(st.integers(1, 3))):
        page, own, size = draw(pages(method))
        method, n = (own, size) if own else (method, n)
        boards.append((method, n))
        drawn.append(page)
    text = "@lesson gen\n@title Generated\n" + "\n".join(drawn) + "\n"
    translated = draw(st.integers(0, len(drawn)))  # a partial translation is used as it grows
    twin = [page.replace("@page P", "@page P tradotta") for page in drawn[:translated]]
    italian = "@lesson gen\n@lang it\n@title Generata\n" + "\n".join(twin) + "\n"
    return text, boards, italian if translated else ""


Square = tuple[int, int]


def history(method: str, n: int, tick: int) -> tuple[set[Square], set[Square], tuple[int, ...]]:
    """The squares a queen stood on, those tested and refused, and the ticks that refused one,
    up to ``tick``."""
    session = BoardSession(method, n, Mode.FIRST, None, lesson=True)
    kit, engine = session.kit, session.engine
    stood: set[Square] = set()
    refused: set[Square] = set()
    attacked: list[int] = []
    tried = None
    while engine.tick < tick and engine.run(Stop.TICK, max_ticks=1).ticks:
        snapshot = engine.snapshot()
        test = kit.test_of(snapshot)
        tried = test.square if test is not None else tried
        if test is not None and not test.free:
            refused.add(test.square)
            attacked.append(engine.tick)
        if snapshot.last_kind is Kind.PLACE:
            event = snapshot.last_event  # a queen placed untested (scan's T[0]) names its square
            untested = (getattr(event, "k", None), getattr(event, "row", None))
            square = tried if tried is not None else untested
            if None not in square:
                stood.add(square)  # type: ignore[arg-type]  # the queen goes on the square tested last
            tried = None
    return stood, refused, tuple(attacked)


def refused(folder: Path, text: str, italian: str) -> list[LessonError]:
    """The errors ``lessons check`` finds in the lesson and its translation, written to
    ``folder``, as a teacher's ``--lessons-dir`` holds them."""
    (folder / "it").mkdir()
    files = [folder / "gen.md", folder / "it" / "gen.md"][: 1 + bool(italian)]
    for file, written in zip(files, (text, italian), strict=False):
        file.write_text(written, encoding="utf-8")
    return [error for path in files for error in check_file(path) if not error.warning]
