"""The search tree as lines to draw: one line per node, indented by depth with guide lines, the node
the last tick touched marked, cut branches marked as cut."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from solver.messages import Message, register, render, words_version
from solver.methods.iterative.engine import Snapshot
from solver.stepping import SearchSnapshot

if TYPE_CHECKING:
    from solver.kit import SteppableKit
from solver.tree.tree import MAX_N, Node, NodeState, SearchTree

register(
    {
        "tree.root": "empty board (k = 0)",
        "tree.placed": "b[{col}]={row}",
        "tree.left": "b[{col}]={row}: backtracked",
        "tree.back": "b[{col}]={row}: back from col {next}",
        "tree.cut": "b[{col}]={row}: {rule}, col {a_col}",
        "tree.solution": "b[{col}]={row}: solution {number}",
        "tree.rule.row": "row",
        "tree.rule.sum": "col+row",
        "tree.rule.diff": "row-col",
        "tree.other_method": "The search tree is the Wrocław loop's: switch to the iterative "
        "method with m.",
        "tree.too_large": "The search tree is drawn up to n = {max}: n = {n} has too many nodes "
        "to read. Make the board smaller with [.",
        "tree.other_method.lesson": "The search tree is the Wrocław loop's: this page's board "
        "runs another method.",
        "tree.too_large.lesson": "The search tree is drawn for boards up to {max} x {max}: "
        "this page's board is {n} x {n}.",
        "tree.title": (
            "search tree: {count} node",
            "search tree: {count} nodes",
        ),
    }
)


@dataclass(frozen=True, slots=True)
class TreeChars:
    """The characters of the guide lines and of each node's state."""

    branch: str
    last: str
    pipe: str
    blank: str
    marker: str
    placed: str
    cut: str
    left: str
    solution: str


@dataclass(frozen=True, slots=True)
class TreeLine:
    text: str
    state: NodeState | None
    """None for the root."""
    current: bool


@dataclass(frozen=True, slots=True)
class TreeFrame:
    lines: tuple[TreeLine, ...]
    current: int
    """The index of the line marked current (to keep in view)."""
    title: str


@lru_cache(maxsize=4096)
def _label_in(
    col: int, row: int, state: NodeState, why: tuple[str, int] | None, number: int, words: int
) -> str:
    """A node's words, cached per language (``words``)."""
    if state is NodeState.CUT:
        assert why is not None
        rule = Message.of(f"tree.rule.{why[0]}")
        message = Message.of("tree.cut", col=col, row=row, rule=rule, a_col=why[1])
    elif state is NodeState.SOLUTION:
        message = Message.of("tree.solution", col=col, row=row, number=number)
    elif state is NodeState.LEFT and why is not None and why[0] == "back":
        message = Message.of("tree.back", col=col, row=row, next=col + 1)
    else:
        key = "tree.left" if state is NodeState.LEFT else "tree.placed"
        message = Message.of(key, col=col, row=row)
    return render(message)


def tree_frame(tree: SearchTree, chars: TreeChars, hidden: bool = False) -> TreeFrame:
    """Every node, depth first, under the root; the node of the last tick marked (``hidden``:
    drawn as tried, without the refusal a question about the board asks, as the board hides it)."""
    marked = tree.last
    backed_to = tree.backed_to
    glyph = {
        NodeState.PLACED: chars.placed,
        NodeState.CUT: chars.cut,
        NodeState.LEFT: chars.left,
        NodeState.SOLUTION: chars.solution,
    }
    root_current = marked is tree.root
    lines = [
        TreeLine(
            f"{chars.marker if root_current else ' '} {render(Message.of('tree.root'))}",
            None,
            root_current,
        )
    ]
    current = 0
    solutions = 0
    words = words_version()  # the language in use: a node's words are kept per language
    # (node, guide prefix of its children, is it the last child)
    stack: list[tuple[Node, str, bool]] = [
        (child, "", i == len(tree.root.children) - 1)
        for i, child in reversed(list(enumerate(tree.root.children)))
    ]
    while stack:
        node, prefix, last = stack.pop()
        is_current = node is marked
        if is_current:
            current = len(lines)
        mark = chars.marker if is_current else " "
        guide = chars.last if last else chars.branch
        if node.state is NodeState.SOLUTION:
            solutions += 1
        why = (str(node.attackers[0].rule), node.attackers[0].col) if node.attackers else None
        state, shown = node.state, glyph[node.state]
        if is_current and hidden and state is NodeState.CUT:
            why, state, shown = None, NodeState.PLACED, " " * len(shown)
        if node is backed_to:
            # the tick came back to it: its queen stands until the next tick moves it on
            why, shown = ("back", node.col + 1), chars.placed
        label = _label_in(node.col, node.row, state, why, solutions, words)
        lines.append(TreeLine(f"{mark} {prefix}{guide}{shown} {label}", state, is_current))
        below = prefix + (chars.blank if last else chars.pipe)
        count = len(node.children)
        stack.extend(
            (child, below, i == count - 1) for i, child in reversed(list(enumerate(node.children)))
        )
    return TreeFrame(tuple(lines), current, render(Message.of("tree.title", count=tree.size)))


def refusal(kit: SteppableKit, snapshot: SearchSnapshot, lesson: bool = False) -> Message | None:
    """Why the tree cannot follow ``snapshot`` of ``kit``'s method, or None when it can."""
    suffix = ".lesson" if lesson else ""
    if not kit.has_tree:
        return Message.of("tree.other_method" + suffix)
    if snapshot.n > MAX_N:
        return Message.of("tree.too_large" + suffix, max=MAX_N, n=snapshot.n)
    return None


class TreeFollower:
    """Keeps a :class:`SearchTree` in step with the snapshots of the main screen's engine."""

    def __init__(self, chars: TreeChars) -> None:
        self.chars = chars
        self.tree: SearchTree | None = None

    def frame(
        self, kit: SteppableKit, snapshot: SearchSnapshot, hidden: bool = False
    ) -> TreeFrame | None:
        """The tree at ``snapshot``'s tick (:func:`tree_frame`); None when it does not apply."""
        if refusal(kit, snapshot) is not None:
            self.tree = None
            return None
        assert isinstance(snapshot, Snapshot)  # a kit with a tree steps the Wrocław loop
        tree = self.tree
        if tree is None or tree.n != snapshot.n:
            tree = self.tree = SearchTree(snapshot.n, snapshot.mode)
        try:
            tree.follow(snapshot)
        except ValueError:  # the mode changed where the two searches part: build it again
            tree = self.tree = SearchTree(snapshot.n, snapshot.mode)
            tree.follow(snapshot)
        return tree_frame(tree, self.chars, hidden)
