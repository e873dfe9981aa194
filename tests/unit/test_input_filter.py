"""Tui/input_filter.py: what reaches Textual's input parser from the terminal. Bytes it cannot
read (not UTF-8, key codes too large for ``chr()``, pastes unterminated or carrying ESC, ctrl+q,
their own end marker) are replaced, dropped or handed on as data; keys, mouse reports and
pastes a terminal sends pass as they are, whatever the bytes, chunks and times."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tiers import examples
from tui.input_filter import (
    LONE_ESCAPE,
    MAX_PASTE,
    MAX_SEQUENCE,
    PASTE_END,
    PASTE_GRACE,
    PASTE_LIMIT,
    PASTE_START,
    PASTE_TIMEOUT,
    REPORT_WAIT,
    SS3_FINALS,
    InputFilter,
    readable_csi,
)

DELAY = 0.4
LATER = 1_000.0
"""A time after every wait of the filter."""


def _through(*chunks: bytes, gap: float = 0.0) -> str:
    """What the filter hands on for ``chunks`` read ``gap`` seconds apart, and at the end."""
    reader = InputFilter(DELAY)
    now = 0.0
    out = []
    for chunk in chunks:
        out.append(reader.flush(now))
        out.append(reader.feed(chunk, now))
        now += gap
    out.append(reader.flush(LATER))
    assert reader.deadline is None  # nothing left waiting
    return "".join(out)


@pytest.mark.parametrize(
    "sequence",
    [
        b"\x1b[A", b"\x1b[1;5C", b"\x1b[3~", b"\x1b[15;2~", b"\x1b[Z", b"\x1bOP",  # keys, SS3
        b"\x1b[97;5u", b"\x1b[97;;97u", b"\x1b[1114111u",  # kitty keys: ctrl+a, a, the last
        b"\x1b[<0;12;5M\x1b[<0;12;5m", b"\x1b[<64;3;4M", b"\x1b[I\x1b[O", b"\x1ba",  # mouse, alt
    ],
)  # fmt: skip
def test_what_terminals_send_passes_as_it_is(sequence: bytes) -> None:
    assert _through(sequence) == sequence.decode()


@pytest.mark.parametrize(
    "sequence",
    [
        b"\x1b[99999999999999999999~", b"\x1b[1114112u",  # Overflow- and ValueError in chr()
        b"\x1b[55296u", b"\x1b[97;1;55296u",  # a surrogate as the key or its text
        b"\x1b[1:2:3;4:5;6:7u",  # ValueError: int('1:2:3')
        b"\x1b[99;99;99;99u", b"\x1b[5X",  # sequences Textual waits on, swallowing keys
        b"\x1b[48;99999;99999;1;1t", b"\x1b[48;24;4097;480;9999t",  # resizes too large
        b"\x1b[<0;99999999;5M",  # a mouse report with an 8-digit column
        b"\x1b]0;title\x07", b"\x1bP1$r\x1b\\", b"\x1bOz",  # OSC, DCS, SS3: no key
        b"\x1b[M !!",  # a legacy mouse report: Textual makes no event of it
        b"\x1b[201~", b"\x1b[?2026;2$y",  # a paste's end with no paste, an answer never asked
        b"\x1b[48;24;80;480;640t", b"\x1b[12;40R",  # resize and cursor reports not offered
        "\u009b1;5A".encode(),  # C1 CSI, as UTF-8: Textual reads it as shift+escape
    ],
)  # fmt: skip
def test_sequences_the_parser_cannot_read_are_dropped_whole(sequence: bytes) -> None:
    # A legacy mouse report's three bytes are text after the dropped ESC [ M; so is C1 CSI's rest.
    left = {b"\x1b[M !!": " !!", "\u009b1;5A".encode(): "1;5A"}.get(sequence, "")
    assert _through(sequence + b"x") == left + "x"


START, END = PASTE_START.encode(), PASTE_END.encode()
BIG = b"x" * (3 * MAX_PASTE)


@pytest.mark.parametrize(
    ("chunks", "gap", "out"),
    [
        ((b"\xe9",), 0, "\ufffd"),  # é typed in a Latin-1 terminal: replaced, not raised
        ((b"\xff x",), 0, "\ufffd x"),
        (("é".encode(),), 0, "é"),
        ((b"\xc3", b"\xa9"), 0.1, "é"),  # split between two reads
        ((b"\x1b", b"[C"), DELAY * 0.5, "\x1b[C"),  # an arrow split over a slow link
        ((b"\x1b", b"[C"), DELAY * 1.5, LONE_ESCAPE + "[C"),
        ((b"\x1b\x1b",), 0, LONE_ESCAPE * 2),
        ((b"\x1b\x1b[A",), 0, LONE_ESCAPE + "\x1b[A"),
        # A paste is one piece of data with its controls shown, its own end marker too (tmux
        # 3.3a passes one on as it is, then sends the real one).
        ((START + b"a\tb\r\nc\x1b\x11\x1c\x13\x03\x00\x7f" + END,), 0,
         PASTE_START + "a\tb\r\nc\u241b\u2411\u241c\u2413\u2403\u2400\u2421" + PASTE_END),
        ((START + b'{"a":1}\x1b[201~\x11\rtouch /tmp/x\r' + END + b" ",), 0,
         PASTE_START + '{"a":1}\u241b[201~\u2411\rtouch /tmp/x\r' + PASTE_END + " "),
        # A long paste keeps its first characters up to the bound, and its end is found after.
        ((START, *(BIG[i : i + 4096] for i in range(0, len(BIG), 4096)), END, b"k"), 0,
         PASTE_START + "x" * MAX_PASTE + PASTE_END + "k"),
        ((START + BIG + b"\x1b[201", b"~k"), 0, PASTE_START + "x" * MAX_PASTE + PASTE_END + "k"),
    ],
)  # fmt: skip
def test_what_comes_through_of_bytes_read_at_some_pace(
    chunks: tuple[bytes, ...], gap: float, out: str
) -> None:
    assert _through(*chunks, gap=gap) == out


FLUSH, ASK = b"", b"?"
REPORT = b"\x1b[?2026;2$y"
SCRIPTS: dict[str, list[tuple[float, bytes, str]]] = {
    # (time, bytes fed, what comes out); FLUSH: no bytes read by then; ASK + mode: a question
    "escape alone after the delay": [
        (0.0, b"\x1b", ""), (DELAY - 0.01, FLUSH, ""), (DELAY, FLUSH, LONE_ESCAPE)],
    "keys after a paste wait for it": [
        (0.0, START + b"pasted" + END + b"q", ""), (PASTE_GRACE / 2, FLUSH, ""),
        (PASTE_GRACE, FLUSH, PASTE_START + "pasted" + PASTE_END + "q")],
    "unterminated paste ends at its timeout, then ctrl+q is a key": [
        (0.0, START + b"abc", ""), (0.5, b"\x11", ""), (0.5 + PASTE_TIMEOUT - 0.01, FLUSH, ""),
        (0.5 + PASTE_TIMEOUT, FLUSH, PASTE_START + "abc\u2411" + PASTE_END),
        (2.0, b"\x11", "\x11")],
    "long typing after a paste's end ends it at once": [
        (0.0, START + b"p" + END + b"k" * (2 * MAX_PASTE),
         PASTE_START + "p" + PASTE_END + "k" * (2 * MAX_PASTE))],
    "a mode report passes once, soon after its question, for a mode Textual reads": [
        (0.0, ASK + b"2026", ""), (0.1, REPORT, REPORT.decode()), (0.2, REPORT, ""),
        (1.0, ASK + b"2026", ""), (1.0 + REPORT_WAIT + 0.1, REPORT, ""),
        (2.0, ASK + b"2027", ""), (2.0, b"\x1b[?2027;2$y", "")],
}  # fmt: skip


@pytest.mark.parametrize("script", SCRIPTS.values(), ids=SCRIPTS)
def test_what_comes_out_and_when(script: list[tuple[float, bytes, str]]) -> None:
    reader = InputFilter(DELAY)
    for now, data, out in script:
        if data.startswith(ASK):
            reader.expect(int(data[1:]), now)
        else:
            assert (reader.feed(data, now) if data else reader.flush(now)) == out, now
    assert reader.deadline is None  # nothing left waiting


def test_a_sequence_longer_than_the_bound_is_dropped_and_the_rest_is_text() -> None:
    long = b"\x1b[" + b"1;" * MAX_SEQUENCE + b"A"
    out = _through(long + b"x")
    assert "\x1b" not in out and out.endswith("x")


@pytest.mark.parametrize(
    ("pasted", "key", "step", "opens"),
    [
        (PASTE_START + "abc", "\x1b[27u", PASTE_TIMEOUT / 2, PASTE_START + "abc\u241b[27u"),
        (PASTE_START + "p" + PASTE_END, "k", PASTE_GRACE / 2, PASTE_START + "p" + PASTE_END + "kk"),
    ],
    ids=["unterminated", "terminated"],
)
def test_a_paste_ends_at_its_time_limit_while_keys_keep_coming(
    pasted: str, key: str, step: float, opens: str
) -> None:
    """Keys typed all along (escapes every 0.5 s, say) do not keep a paste open."""
    reader = InputFilter(DELAY)
    out = [reader.feed(pasted.encode(), 0.0)]
    for count in range(int(PASTE_LIMIT / step) + 1):
        now = count * step
        out.append(reader.flush(now) + reader.feed(key.encode(), now))
    assert "".join(out).startswith(opens)
    assert reader.deadline is None  # ended: what comes now is keys
    assert reader.feed(key.encode(), now + step) == key


def test_a_paste_with_no_end_is_handed_on_at_its_size_and_the_rest_never_becomes_keys() -> None:
    reader = InputFilter(DELAY)
    handed = reader.feed(PASTE_START.encode() + b"z" * (2 * MAX_PASTE + 1), 0.0)
    assert handed == PASTE_START + "z" * MAX_PASTE + PASTE_END
    assert reader.feed(b"q" * 3 * MAX_PASTE, 0.1) == ""  # the rest of the paste: dropped
    assert len("".join(reader._paste)) < 16  # nothing of it is kept
    assert reader.feed(PASTE_END.encode() + b"k", 0.2) == ""
    assert reader.flush(0.2 + PASTE_GRACE) == "k"


RESIZE = b"\x1b[48;24;80;480;640t"


def test_resize_reports_pass_only_once_mode_2048_is_supported_and_with_the_real_size() -> None:
    size = (80, 24)
    reader = InputFilter(DELAY, terminal_size=lambda: size)
    assert reader.feed(RESIZE, 0.0) == ""  # the terminal never said it has them
    reader.expect(2048, 0.0)
    assert reader.feed(b"\x1b[?2048;0$y", 0.1) == "\x1b[?2048;0$y"  # "not recognised"
    assert reader.feed(RESIZE, 0.2) == ""
    reader.expect(2048, 1.0)
    assert reader.feed(b"\x1b[?2048;2$y", 1.1) == "\x1b[?2048;2$y"  # supported
    assert reader.feed(RESIZE, 1.2) == RESIZE.decode()
    # A forged report (20 x 5 cells): not the terminal's size.
    assert reader.feed(b"\x1b[48;5;20;100;100t", 1.3) == ""
    size = (20, 5)
    assert reader.feed(b"\x1b[48;5;20;100;100t", 1.4) == "\x1b[48;5;20;100;100t"


# -- any bytes ----------------------------------------------------------------------------

_PASTE = re.compile(re.escape(PASTE_START) + "[^\x1b]*" + re.escape(PASTE_END))
_CSI = re.compile(r"\x1b\[([0-?]*)([ -/]*)([@-~])")


def _tokens_are_readable(text: str) -> None:
    """Every escape sequence in ``text`` is one the filter lets through; no C1 control."""
    at = 0
    while (found := text.find("\x1b", at)) >= 0:
        rest = text[found:]
        paste = _PASTE.match(rest)
        csi = _CSI.match(rest)
        if paste is not None:
            at = found + paste.end()
        elif rest.startswith(LONE_ESCAPE):
            at = found + len(LONE_ESCAPE)
        elif csi is not None:
            assert readable_csi(*csi.groups()), rest[:40]
            at = found + csi.end()
        elif rest[1:2] == "O":
            assert rest[2:3] in SS3_FINALS, rest[:10]
            at = found + 3
        else:  # alt + a key
            assert len(rest) > 1 and rest[1] not in "[O]PX^_\x1b", rest[:10]
            at = found + 2
    assert not re.search("[\x80-\x9f\ud800-\udfff]", text)


BYTES = st.binary(max_size=24) | st.sampled_from(
    [b"\x1b", b"\x1b[", b"\x1b[200~", b"\x1b[201~", b"\x1b[99999999999999999999~", b"\x1b[1114112u",
     b"\x1b]0;x", b"\x07", b"\xe9", b"\xc3", b"[A", b"~", b";", b"O"]
)  # fmt: skip


@settings(max_examples=examples(500), deadline=None)
@given(chunks=st.lists(st.tuples(BYTES, st.sampled_from([0.0, 0.01, 0.2, 0.5, 2.0]))))
def test_any_bytes_at_any_times_come_out_readable_and_keys_still_pass(
    chunks: list[tuple[bytes, float]],
) -> None:
    reader = InputFilter(DELAY)
    now = 0.0
    out = []
    for data, gap in chunks:
        now += gap
        out.append(reader.flush(now))
        out.append(reader.feed(data, now))
    out.append(reader.flush(now + LATER))
    assert reader.deadline is None
    _tokens_are_readable("".join(out))
    # Whatever came before, a key typed afterwards is a key.
    assert reader.feed(b"x", now + 2 * LATER) == "x"
