"""The built-in lessons are read in plain mode too, where the board is printed in the text's
flow, not beside it. A page names its board as "this page's board"."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
BESIDE = {"en": "beside the text", "it": "accanto al testo", "pl": "obok tekstu"}


@pytest.mark.parametrize("lang", sorted(BESIDE))
def test_no_lesson_places_its_board_beside_the_text(lang: str) -> None:
    found = [
        f"{path.name}:{number}"
        for path in sorted((ROOT / "lessons" / "builtin" / lang).glob("*.md"))
        for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1)
        if BESIDE[lang] in line.lower()
    ]
    assert not found, found
