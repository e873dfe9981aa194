"""What a student can write is data: the bounds every reader of their files holds values to.

A progress file, an export loaded in a tab or handed in, a server's live and where files and a
roster are written by a student's tutor, or by hand: any number in them may be out of range,
negative, NaN or infinite, any text huge or full of control characters. The readers
(:mod:`lessons.progress.records`, :mod:`lessons.progress.export`, :mod:`lessons.report.served`,
:mod:`lessons.report.students`) take a value only within these bounds, so that nothing after
them (turning a time into a date, a mean of attempts, a column as wide as a name) can fail for
the whole class because of one file: a record outside them is refused with a one-line reason
(its file is named and skipped by the report), a time that is only a note is taken as unknown,
and text that is shown is cut to :data:`MAX_TEXT` characters.
"""

from __future__ import annotations

import math
import re
from typing import Any, TypeGuard

FIRST_YEAR = 1970
LAST_YEAR = 2999
"""The years a moment read from a file may fall in (a progress file's, a course's): every
reader shows such a moment in any zone, with days added to it too (a review's interval, an
extension)."""
MAX_TIME = 32_503_679_999.0
"""The latest time a file may hold: the last second of :data:`LAST_YEAR`, UTC (seconds since
1970)."""
MAX_WHOLE = 2**53 - 1
"""The largest whole number a file may hold (a page, a count of attempts, a seed): every JSON
reader, a spreadsheet's included, reads it exactly, and a mean of such numbers is a float."""
MAX_TEXT = 200
"""The most characters kept of a name, a date or a title read from a student's file (the rest
is cut, with an ellipsis): a column of a report is never wider."""
MAX_KEY = 200
"""The longest lesson id a record may be filed under."""
_LESSON_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
"""What a lesson id is (lessons/parsing/parser.py checks a lesson file's ``@lesson`` the same
way): a record filed under anything else was not written by a tutor."""


def is_whole(value: Any) -> TypeGuard[int]:
    """A whole number from 0 to :data:`MAX_WHOLE` (not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_WHOLE


def is_time(value: Any) -> TypeGuard[int | float]:
    """A time a tutor can have written: a finite number of seconds from 0 (unknown, or 1970)
    to :data:`MAX_TIME`."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return 0 <= value <= MAX_TIME  # False for NaN too


def not_a_time(key: str, value: object) -> str:
    """Why ``value`` of ``key`` is no time a file may hold (:func:`is_time`), in one line."""
    from lessons.i18n import _

    return _("{key} must be a time between {first} and the end of {last}, not {value}").format(
        key=key, first=FIRST_YEAR, last=LAST_YEAR, value=short(repr(value), 30)
    )


def is_lesson_key(key: str) -> bool:
    """Whether ``key`` can be a lesson's id (lowercase letters, digits and ``-``, at most
    :data:`MAX_KEY` characters)."""
    return len(key) <= MAX_KEY and _LESSON_ID.fullmatch(key) is not None


def short(text: str, limit: int = MAX_TEXT) -> str:
    """``text`` cut to ``limit`` characters, the last an ellipsis when it was longer."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def local_moment(seconds: float) -> str:
    """``seconds`` since the epoch as local ISO 8601 to the second; "" for 0 (unknown) and for
    anything that is not a time (:func:`is_time`)."""
    if not seconds or not is_time(seconds) or not math.isfinite(seconds):
        return ""
    from datetime import datetime  # only for a report: the tutor's start-up needs none

    try:
        return datetime.fromtimestamp(seconds).astimezone().isoformat(timespec="seconds")
    except (OverflowError, OSError, ValueError):
        return ""


def minute(seconds: float) -> str:
    """``seconds`` since the epoch as the reader's local time to the minute, the one form a
    person reads moments in (lessons/shown_time.py); "" when unknown or not a time."""
    if not seconds or not is_time(seconds):
        return ""
    from datetime import datetime  # only for a report: the tutor's start-up needs none

    from lessons.shown_time import local_minute

    try:
        return local_minute(datetime.fromtimestamp(seconds).astimezone())
    except (OverflowError, OSError, ValueError):
        return ""
