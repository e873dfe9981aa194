"""A browser tab's time zone (the page sends ``tz``): a zone this machine has is passed to the
tab's tutor (``--tz``), which shows the course's dates in the student's local time; anything
else is dropped (a name is never a path)."""

from __future__ import annotations

import os
import time
from datetime import UTC, datetime

import pytest

from lessons.shown_time import with_zone
from tui.serve.session import parse
from tui.serve.tab import time_zone


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
