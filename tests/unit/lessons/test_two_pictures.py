"""Lesson 1: what page 4 says of the two pictures holds for the
pictures on screen. The Turin picture is the Wrocław picture turned a quarter turn clockwise
(the squares swapped in the main diagonal, and row 0 drawn at the top instead of the bottom),
and the page says so; the slide's label a[i] is named as a label of this same b[]."""

from __future__ import annotations

import re

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.model import Text


def _pictures() -> tuple[list[str], list[str], str]:
    i18n.set_language("en")
    lesson = load_catalog("en").lessons[0]
    text = {
        page.title: "\n".join(b.markdown for b in page.blocks if isinstance(b, Text))
        for page in lesson.pages
    }
    wroclaw = text["The Wrocław lecture's example"]
    turin = text["The permutation view"]
    w = re.search(r"```\n(4 \..*?)\n  0 1 2 3 4\n```", wroclaw, re.S)
    t = re.search(r"```\n(row 0 .*?)\n```", turin, re.S)
    assert w is not None and t is not None
    w_rows = [line[2:].split() for line in w.group(1).splitlines()]  # top line first
    t_rows = [line[7:].split() for line in t.group(1).splitlines()]
    return w_rows, t_rows, wroclaw + turin


def test_the_turin_picture_is_the_wroclaw_picture_turned_clockwise() -> None:
    w_rows, t_rows, text = _pictures()
    n = len(w_rows)
    turned = [[w_rows[n - 1 - x][y] for x in range(n)] for y in range(n)]  # clockwise
    assert turned == t_rows
    transposed = [[w_rows[x][y] for x in range(n)] for y in range(n)]
    assert transposed != t_rows  # as pictures, not a mirror image of each other
    flat = " ".join(text.split())
    assert "quarter turn clockwise" in flat
    assert "row 0 at the **top**" in flat


def test_the_slide_label_is_named_as_a_label_of_b() -> None:
    *_, text = _pictures()
    assert "labels its second line `a[i]`, but the array is this `b[]`" in " ".join(text.split())
