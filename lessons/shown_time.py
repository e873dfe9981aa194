"""One way to show a moment to a person: ``2026-03-06 23:59`` in the reader's local time (with
its zone's abbreviation where a moment is a deadline: ``2026-03-06 23:59 CET``).

Files keep moments as ISO 8601 with their offset (``2026-03-06T23:59:00+01:00``: the report's
csv and json, the live and where files); what a person reads (the report's text, ``report
--live``, the teacher's page, the lesson menu) shows them all in this one form, converted to
the local time of whoever reads (the student's browser's zone in a served tab).
"""

from __future__ import annotations

from datetime import datetime

FORMAT = "%Y-%m-%d %H:%M"


def local_minute(moment: datetime) -> str:
    """``moment`` in local time, to the minute."""
    return moment.astimezone().strftime(FORMAT)


def with_zone(moment: datetime) -> str:
    """``moment`` in local time, to the minute, with the zone's abbreviation (or offset)."""
    local = moment.astimezone()
    zone = local.strftime("%Z") or local.strftime("%z")
    return f"{local.strftime(FORMAT)} {zone}".rstrip()


def shown(iso: str) -> str:
    """An ISO 8601 moment from a file, shown as :func:`local_minute` does; a moment without an
    offset is taken as local; text that is no moment is given back as it is ("" as "-")."""
    if not iso:
        return "-"
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    return local_minute(moment)
