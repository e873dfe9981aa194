"""``lessons check`` warns of a quiz question without a hint, its own ``hint:`` or the one its
kind computes: at the question's line, with exit status 0 (the lesson works). A practice
question needs none, and the built-in lessons give no such warning in any language."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.catalog import load_catalog
from lessons.checking.validate import check_file, check_text
from tests.built_in import LESSONS
from tests.cli.clirun import run_main
from tests.tiers import sweep

ATTACKS = """@lesson attacks
@title Who attacks whom
@summary Rows, columns and diagonals, at any distance

@page Attacks
A queen attacks every square of its row, its column and its two diagonals, however far.
@question choice
prompt: Does a queen attack a square three columns away in its own row?
- [x] yes
- [ ] no: only the squares next to it
@end

@quiz
@question choice
prompt: Do the queens on (column 0, row 0) and (column 3, row 3) attack each other?
- [x] yes
- [ ] no
@end
@question choice
prompt: Do the queens on (column 0, row 1) and (column 2, row 2) attack each other?
hint: Count how many columns and how many rows apart they stand.
- [ ] yes
- [x] no
@end
@question solutions n=5
@end
"""

UNHINTED = ATTACKS.splitlines().index("@quiz") + 2
"""The line of the quiz question without a hint (the first one on the quiz page)."""

NO_HINT = "warning: this quiz question (@question choice) has no hint: "


def test_a_quiz_question_without_a_hint_is_warned_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "10-attacks.md"
    path.write_text(ATTACKS, encoding="utf-8")
    result = run_main("lessons", "check", str(path))
    assert result.status == 0 and result.err == "", result.err
    warned = [line for line in result.out.splitlines() if ": warning: " in line]
    assert len(warned) == 1 and warned[0].startswith(f"{path}:{UNHINTED}: {NO_HINT}"), result.out
    summary = "no errors, 1 warning (the lessons work; a teacher should look)"
    assert result.out.splitlines()[-1].endswith(summary), result.out
    assert check_text(ATTACKS, "attacks.md") == []  # a warning, never an error


def test_a_quiz_question_with_a_hint_or_a_computed_one_is_not_warned() -> None:
    hint = "hint: How many columns apart do they stand, and how many rows?"
    hinted = ATTACKS.replace("each other?\n- [x] yes", f"each other?\n{hint}\n- [x] yes")
    assert hinted != ATTACKS
    assert check_text(hinted, "attacks.md", warnings=True) == []  # solutions n=5: its own hint


# the translations' hints follow the English ones (tests/unit/lessons/test_parity.py)
@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["en"]))
def test_no_built_in_quiz_question_is_without_a_hint(language: str) -> None:
    lessons = load_catalog(language).lessons
    assert len(lessons) == LESSONS
    warned = [str(e) for each in lessons for e in check_file(each.path, warnings=True)]
    assert not [line for line in warned if NO_HINT in line], warned
