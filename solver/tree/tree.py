"""The search tree of the Wrocław lecture's loop as it grows: one node per square tried.

The engine keeps no history, so :class:`SearchTree` plays an engine of its own (in all-solutions
mode, whose ticks are the first mode's too) to the tick of the one it follows, recording each
tick, and unrecords ticks when that engine steps back."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from solver.events import Attacker, Backtrack, Try
from solver.messages import BadValue, register
from solver.methods.iterative.engine import IterativeEngine, Snapshot
from solver.stepping import Mode

MAX_N = 6
"""The largest board whose tree the tutor draws."""


class NodeState(StrEnum):
    PLACED = "placed"
    """A queen placed on a free square; its subtree is being searched."""
    CUT = "cut"
    """A square tried and found attacked: the branch is pruned."""
    LEFT = "left"
    """A queen placed, then lifted by a backtrack: its subtree is done."""
    SOLUTION = "solution"
    """A queen placed in the last column: a solution."""


@dataclass(slots=True)
class Node:
    col: int
    row: int
    tick: int
    """The tick (from 1) that tried this square."""
    state: NodeState
    attackers: tuple[Attacker, ...] = ()
    parent: Node | None = None
    children: list[Node] = field(default_factory=list)


class SearchTree:
    """The tree of the loop's tries on an n x n board, following an engine's tick count."""

    def __init__(self, n: int, mode: Mode = Mode.FIRST) -> None:
        if not 1 <= n <= MAX_N:
            raise BadValue.of("tree.size", max=MAX_N, n=n)
        self.n = n
        self.mode = mode
        """The mode of the search followed (the tree's own engine plays in all-solutions mode)."""
        self.engine = IterativeEngine(n, Mode.ALL)
        self.root = Node(-1, -1, 0, NodeState.PLACED)
        self.current = self.root
        self._log: list[tuple[str, Node, Node]] = []
        """Per tick: what it did (``add``, ``leave``, ``none``), the node it touched, the current
        node before it."""
        self._nodes = 0

    @property
    def tick(self) -> int:
        return self.engine.tick

    @property
    def size(self) -> int:
        """Nodes besides the root."""
        return self._nodes

    @property
    def last(self) -> Node:
        """The node the last tick touched (the root before any tick)."""
        return self._log[-1][1] if self._log else self.root

    @property
    def backed_to(self) -> Node | None:
        """The node the last tick backtracked to, its queen still on the board; None after any
        other tick."""
        if self._log and self._log[-1][0] == "leave" and self._log[-1][1] is not self.root:
            return self._log[-1][1]
        return None

    def _forward(self) -> bool:
        engine = self.engine
        if engine.step() is None:
            return False
        event = engine.last_event
        before = self.current
        if isinstance(event, Try | Backtrack):
            # After a solution (all-solutions mode) the loop goes on in the last column: the
            # solution's node is left behind without a tick of its own.
            while self.current.col >= event.col:
                assert self.current.parent is not None
                self.current = self.current.parent
        if isinstance(event, Try):
            parent = self.current
            if event.attackers:
                state = NodeState.CUT
            elif event.col == self.n - 1:
                state = NodeState.SOLUTION
            else:
                state = NodeState.PLACED
            node = Node(event.col, event.row, engine.tick, state, event.attackers, parent)
            parent.children.append(node)
            self._nodes += 1
            if not event.attackers:
                self.current = node
            self._log.append(("add", node, before))
        elif isinstance(event, Backtrack):
            # The queen of column col-1 is lifted (b[col-1]++ comes next): its subtree is done.
            left = self.current
            if left is not self.root:
                left.state = NodeState.LEFT
                assert left.parent is not None
                self.current = left.parent
            self._log.append(("leave", left, before))
        else:
            self._log.append(("none", before, before))
        return True

    def _backward(self) -> bool:
        if not self._log or not self.engine.back():
            return False
        what, node, before = self._log.pop()
        if what == "add":
            assert node.parent is not None
            node.parent.children.pop()
            self._nodes -= 1
        elif what == "leave" and node is not self.root:
            node.state = NodeState.PLACED
        self.current = before
        return True

    def follow(self, snapshot: Snapshot) -> None:
        """Grow or shrink to the tick of ``snapshot`` (the iterative engine's, same n); ValueError
        for a snapshot of another board or search."""
        if snapshot.n != self.n:
            raise ValueError(f"the tree is for n = {self.n}, the snapshot for n = {snapshot.n}")
        self.mode = snapshot.mode
        while self.tick > snapshot.tick and self._backward():
            pass
        while self.tick < snapshot.tick and self._forward():
            pass
        if self.engine.b != snapshot.b or self.engine.k != snapshot.k:
            raise ValueError("the snapshot is not of the Wrocław loop's search on this board")

    def path(self) -> tuple[Node, ...]:
        """The nodes from the root's first child down to the current node."""
        nodes = []
        node: Node | None = self.current
        while node is not None and node is not self.root:
            nodes.append(node)
            node = node.parent
        return tuple(reversed(nodes))

    def nodes(self) -> list[Node]:
        """Every node but the root, depth first (the order the tree is drawn in)."""
        found: list[Node] = []
        stack = list(reversed(self.root.children))
        while stack:
            node = stack.pop()
            found.append(node)
            stack.extend(reversed(node.children))
        return found


register({"tree.size": "the search tree is drawn for n from 1 to {max}, not {n}"})
