"""What a tab sends is read as data: every frame (any bytes a page or a hostile client sends)
is either one the page sends or dropped, a session's keys are bounded as a terminal's input
buffer (tui/serve/tab.py, tui/serve/keys.py), and its time zone (``tz``) is one this machine
has, passed to its tutor (``--tz``), never a path."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lessons.shown_time import with_zone
from tests.serve.server import until
from tui.serve.keys import KEY_BUFFER, KEYS_PER_SECOND, TEXT_BURST, KeyBudget
from tui.serve.session import parse
from tui.serve.tab import read_frame, time_zone

PASTE = "\x1b[200~" + "x" * 5000 + "\x1b[201~"


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ('["stdin", "q"]', ("stdin", "q")),
        ('["resize", {"width": 80, "height": 24}]', ("resize", {"width": 80, "height": 24})),
        ('["ping", "1700000000000"]', ("ping", "1700000000000")),
        ('["stdin", "a\\ud800b\\udfff"]', ("stdin", "a\ufffdb\ufffd")),  # lone surrogates
        ('["stdin", "\\ud83d\\ude00"]', ("stdin", "\U0001f600")),  # a real pair
        *((text, None) for text in ("null", "[]", '["stdin"]', '["stdin", "q", 3]', '"ab"', "3",
                                     '{"stdin": "q"}', "not json", '[1, "q"]')),
        pytest.param("[" * 100_000, None, id="too deep to read: no RecursionError"),
        pytest.param("[" * 100_000 + "]" * 100_000, None, id="too deep, closed"),
    ],
)  # fmt: skip
def test_frames_the_page_sends_are_read_and_any_other_shape_dropped(
    text: str, read: tuple[str, object] | None
) -> None:
    assert read_frame(text) == read


@given(st.text(max_size=200))
def test_any_text_frame_reads_or_is_dropped(text: str) -> None:
    frame = read_frame(text)
    if frame is not None:
        kind, data = frame
        assert isinstance(kind, str)
        if isinstance(data, str):
            data.encode("utf-8")


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(), st.lists, max_leaves=20))
def test_any_json_value_reads_or_is_dropped(value: object) -> None:
    frame = read_frame(json.dumps(value))
    assert frame is None or (isinstance(value, list) and len(value) == 2)


def test_a_flood_of_keys_is_cut_at_the_buffer_and_counted() -> None:
    budget = KeyBudget(0.0)
    text = budget.admit_text(" " * 3_000_000, 0.0)
    assert len(text) == TEXT_BURST  # the rest is never read
    kept = budget.admit_keys(text, 0.0)
    assert kept == " " * KEY_BUFFER
    assert budget.told() == 3_000_000 - KEY_BUFFER
    assert budget.told() == 0
    # The room comes back as the session drains it: a key a second later is taken.
    assert budget.admit_keys(" ", 0.001) == ""
    assert budget.admit_keys(" " * 200, 1.0) == " " * int(KEYS_PER_SECOND)


def test_typing_a_held_key_and_a_moving_mouse_lose_nothing() -> None:
    budget = KeyBudget(0.0)
    now = 0.0
    mouse = "\x1b[<35;10;20M"
    for _second in range(60):  # a minute of 40 keys and 50 mouse reports a second
        for step in range(50):
            now += 0.02
            sent = ("j" if step % 5 < 4 else "") + mouse
            assert budget.admit_keys(sent, now) == sent
    assert budget.told() == 0


def test_a_sequence_or_a_paste_is_one_key_never_cut_and_read_whole_before_the_filter() -> None:
    budget = KeyBudget(0.0)
    assert budget.admit_keys(" " * (KEY_BUFFER - 1), 0.0) == " " * (KEY_BUFFER - 1)
    assert budget.admit_keys(PASTE + "\x1b[A" + PASTE, 0.0) == PASTE  # one key of room left
    assert budget.told() == 2
    budget = KeyBudget(0.0)
    assert budget.admit_keys(PASTE * 3, 0.0) == PASTE * 3  # a paste's size is the filter's
    budget = KeyBudget(0.0)
    paste = "\x1b[200~" + "y" * 262_144 + "\x1b[201~"
    assert budget.admit_text(paste, 0.0) == paste
    assert budget.told() == 0


async def test_a_flood_of_resizes_sends_the_first_ones_and_the_latest() -> None:
    """Each resize costs the session a layout: past the room, only the latest waits."""
    import time

    from tui.serve.keys import CONTROL_BURST, Controls

    sent: list[int] = []

    def resize(width: int) -> Callable[[], Awaitable[object]]:
        async def call() -> None:
            sent.append(width)

        return call

    controls = Controls(time.monotonic())
    for width in range(1, 100_001):
        await controls.send("size", resize(width))
    assert len(sent) <= CONTROL_BURST + 10
    await until(lambda: sent[-1] == 100_000, lambda: sent[-3:], 30, 0.01)
    assert sent == sorted(sent) and not controls.held
    controls.close()


def test_only_a_zone_this_machine_has_is_taken() -> None:
    assert time_zone("Europe/Rome") == "Europe/Rome"
    assert time_zone("America/Argentina/Salta") == "America/Argentina/Salta"
    assert time_zone("UTC") == "UTC"
    for bad in ("", None, "Mars/Olympus", "../../etc/passwd", "/etc/localtime", "Europe/" * 20):
        assert time_zone(bad) is None


def test_the_tutor_shows_times_in_the_zone_it_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    assert parse(["--home", "/tmp/h", "--server-pid", "1", "--tz", "Asia/Tokyo"]).tz == "Asia/Tokyo"
    moment = datetime(2026, 3, 6, 12, 0, tzinfo=UTC)
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    try:
        assert with_zone(moment) == "2026-03-06 21:00 JST"
    finally:
        monkeypatch.undo()
        time.tzset()
    assert os.environ.get("TZ") != "Asia/Tokyo"
