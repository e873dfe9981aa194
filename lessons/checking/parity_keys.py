"""What a lesson's blocks and pages *do*, without their words: the keys by which
:mod:`lessons.checking.parity` lines up a translation with its English original."""

from __future__ import annotations

from lessons.model import (
    BackOp,
    Block,
    BoardOp,
    ExpectOp,
    OverlayOp,
    Page,
    Question,
    RunOp,
    StepOp,
    Text,
    TreeOp,
)

Key = tuple[object, ...]


def block_key(block: Block) -> Key:
    """What a block does, without its line or its words."""
    if isinstance(block, BoardOp):
        return ("board", block.n, block.all_solutions, block.algorithm, block.maze)
    if isinstance(block, StepOp):
        return ("step", block.count, block.unit.value)
    if isinstance(block, BackOp):
        return ("back", block.count)
    if isinstance(block, RunOp):
        return ("run", block.to.value)
    if isinstance(block, OverlayOp):
        return ("overlay", block.overlay.value)
    if isinstance(block, TreeOp):
        return ("tree", block.shown)
    if isinstance(block, ExpectOp):
        value = block.value
        if isinstance(value, str):
            value = "".join(value.split()).lower()
        return ("expect", block.name, value)
    if isinstance(block, Question):
        return (
            "question",
            block.kind,
            tuple(sorted(block.params.items())),
            block.answer.strip(),
            block.tolerance.strip(),
            block.maze,
            tuple(choice.correct for choice in block.choices),
        )
    return ("text",)


def acts(page: Page) -> list[Block]:
    return [block for block in page.blocks if not isinstance(block, Text)]


def page_key(page: Page) -> Key:
    """What a page does: quiz or not, and its directives and questions in order."""
    return (page.scored, tuple(block_key(block) for block in acts(page)))
