"""Where a code line too wide for its pane breaks (tui/widgets/code_lines.py): at a blank first,
then after a comma or a bracket, never inside an index while one of those fits."""

from __future__ import annotations

import pytest

from tui.widgets.code_lines import wrap_code


@pytest.mark.parametrize(
    ("text", "width", "drawn"),
    [
        ("  while (b[k]<n && !isfree(k,b[k]));", 19,
         ["  while (b[k]<n && ", "!isfree(k,", "b[k]));"]),
        ("aaaaaaaa[bbbbbbbbbbbbbbbbbb]", 12, ["aaaaaaaa[", "bbbbbbbbbb", "bbbbbbbb]"]),
        ("if(c[j] && a[i+j] && b[i-j+n-1]) {", 22, ["if(c[j] && a[i+j] && ", "b[i-j+n-1]) {"]),
    ],
    ids=["after-the-comma-not-inside-b-k", "an-index-opening-last", "a-blank-first"],
)  # fmt: skip
def test_a_code_line_breaks_between_tokens(text: str, width: int, drawn: list[str]) -> None:
    assert [text[piece.start : piece.end] for piece in wrap_code(text, width, "↪")] == drawn
