"""The bounds every reader of a student's files holds values to (a progress file, an export,
a roster): a value outside them is refused, or taken as unknown where it is only a note, so
that nothing after the readers can fail for the whole class because of one file."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeGuard

if TYPE_CHECKING:
    from datetime import datetime

FIRST_YEAR = 1970
LAST_YEAR = 2999
"""The years a moment read from a file may fall in."""
MAX_TIME = 32_503_679_999.0
"""The last second of :data:`LAST_YEAR`, UTC (seconds since 1970)."""
MAX_WHOLE = 2**53 - 1
"""The largest whole number a file may hold (every JSON reader reads it exactly)."""
MAX_TEXT = 200
"""The most characters kept of a name, a date or a title read from a student's file."""
MAX_KEY = 200
"""The longest lesson id a record may be filed under."""
_LESSON_ID = re.compile(r"[a-z0-9][a-z0-9-]*")


def is_whole(value: Any) -> TypeGuard[int]:
    """A whole number from 0 to :data:`MAX_WHOLE` (not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_WHOLE


def is_time(value: Any) -> TypeGuard[int | float]:
    """A time a tutor can have written: seconds from 0 (unknown) to :data:`MAX_TIME`."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return 0 <= value <= MAX_TIME  # False for NaN too


def not_a_time(key: str, value: object) -> str:
    """Why ``value`` of ``key`` is no time a file may hold, in one line."""
    from lessons.i18n import _

    return _("{key} must be a time between {first} and the end of {last}, not {value}").format(
        key=key, first=FIRST_YEAR, last=LAST_YEAR, value=short(repr(value), 30)
    )


def is_lesson_key(key: str) -> bool:
    """``key`` can be a lesson's id (lowercase letters, digits and ``-``, not too long)."""
    return len(key) <= MAX_KEY and _LESSON_ID.fullmatch(key) is not None


def short(text: str, limit: int = MAX_TEXT) -> str:
    """``text`` cut to ``limit`` characters, the last an ellipsis when it was longer."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def local_moment(seconds: float) -> str:
    """``seconds`` since the epoch as local ISO 8601 to the second; "" when unknown or no time."""
    return _shown(seconds, lambda moment: moment.isoformat(timespec="seconds"))


def minute(seconds: float) -> str:
    """``seconds`` since the epoch as local time to the minute (lessons/shown_time.py); ""
    when unknown or no time."""
    from lessons.shown_time import local_minute

    return _shown(seconds, local_minute)


def _shown(seconds: float, show: Callable[[datetime], str]) -> str:
    if not seconds or not is_time(seconds):  # is_time is False for NaN and infinities too
        return ""
    from datetime import datetime  # only for a report: start-up needs none

    try:
        return show(datetime.fromtimestamp(seconds).astimezone())
    except (OverflowError, OSError, ValueError):
        return ""
