"""Lists in the built-in lessons end their items in one style (issue 39, the student's path:
lesson 8's recipe list mixed questions ending in "?" with items ending in ";").

A list either ends every item as a sentence (".", "!" or "?"), or every item but the last with
the same mark (";", or a joining word such as "or") and the last with a full stop.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from lessons.model import Text
from lessons.parsing.parser import parse_file

BUILTIN = Path(__file__).resolve().parents[3] / "lessons" / "builtin"
FILES = sorted(BUILTIN.glob("*/*.md"))


def _end(item: str) -> str:
    last = item.rstrip()[-1:]
    if last in ".!?":
        return "sentence"
    return last if last in ";:," else "word"


def _lists(markdown: str) -> list[list[str]]:
    """The items of every list in ``markdown``, each list's item texts in order."""
    found: list[list[str]] = []
    stack: list[list[str]] = []
    lines = markdown.split("\n")
    for token in MarkdownIt().parse(markdown):
        if token.type in ("bullet_list_open", "ordered_list_open"):
            stack.append([])
        elif token.type in ("bullet_list_close", "ordered_list_close"):
            found.append(stack.pop())
        elif token.type == "list_item_open" and stack and token.map:
            first, end = token.map
            stack[-1].append(" ".join(line.strip() for line in lines[first:end] if line.strip()))
    return found


def _page_lists(path: Path) -> list[tuple[str, list[str]]]:
    lesson = parse_file(path).lesson
    assert lesson is not None
    out = []
    for page in lesson.pages:
        text = "\n\n".join(block.markdown for block in page.blocks if isinstance(block, Text))
        out.extend((page.title, items) for items in _lists(text))
    return out


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_list_ends_its_items_in_one_style(path: Path) -> None:
    for title, items in _page_lists(path):
        if len(items) < 2:
            continue
        ends = [_end(item) for item in items]
        assert ends[-1] == "sentence", (title, items[-1])
        assert len(set(ends[:-1])) == 1, (title, list(zip(ends, items, strict=True)))


def test_lesson_8_has_its_three_lists_in_every_language() -> None:
    """The test above reads lesson 8's lists (the recipe's four functions among them)."""
    for lang in ("en", "it", "pl"):
        lists = _page_lists(BUILTIN / lang / "08-recipe.md")
        assert [len(items) for _, items in lists] == [2, 4, 5], lang
