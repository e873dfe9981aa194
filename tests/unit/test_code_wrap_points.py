"""Where a code line too wide for its pane breaks (tui/widgets/code_lines.py): between tokens,
never inside an index while a comma or a bracket fits;``)."""

from __future__ import annotations

from tui.widgets.code_lines import wrap_code


def drawn(text: str, width: int) -> list[str]:
    return [text[piece.start : piece.end] for piece in wrap_code(text, width, "↪")]


def test_the_loop_s_test_breaks_after_the_comma_not_inside_b_k() -> None:
    assert drawn("  while (b[k]<n && !isfree(k,b[k]));", 19) == [
        "  while (b[k]<n && ",
        "!isfree(k,",
        "b[k]));",
    ]


def test_an_index_opening_is_the_last_resort_before_the_width() -> None:
    assert drawn("aaaaaaaa[bbbbbbbbbbbbbbbbbb]", 12) == ["aaaaaaaa[", "bbbbbbbbbb", "bbbbbbbb]"]


def test_a_blank_still_comes_first() -> None:
    assert drawn("if(c[j] && a[i+j] && b[i-j+n-1]) {", 22) == [
        "if(c[j] && a[i+j] && ",
        "b[i-j+n-1]) {",
    ]
