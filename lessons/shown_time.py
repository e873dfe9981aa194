"""One way to show a moment to a person: ``2026-03-06 23:59`` in the reader's local time (with
its zone's abbreviation where a moment is a deadline: ``2026-03-06 23:59 CET``).

Files keep moments as ISO 8601 with their offset (``2026-03-06T23:59:00+01:00``: the live and
where files); what a program reads from the report (its csv and json) is :func:`machine`: ISO
8601 to the second, with the offset of the machine that made the report, every moment alike
(never a student's browser's offset beside the server's, nor microseconds). What a person reads
(the report's text, ``report --live``, the teacher's page, the lesson menu, a checker's
message) shows them all in this one form, converted to the local time of whoever reads (the
student's browser's zone in a served tab); a deadline, and a page whose reader may be
elsewhere (the teacher's page shows the server's time), names the zone.
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


def machine(moment: datetime) -> str:
    """``moment`` for a program: ISO 8601 to the second, with the local offset."""
    return moment.astimezone().isoformat(timespec="seconds")


def machine_iso(iso: str | None) -> str | None:
    """An ISO 8601 moment from a file as :func:`machine` writes it (one offset for all); text
    that is no moment, or none the reader's local time can show (near year 1 or 9999), is
    given back as it is."""
    if not iso:
        return iso
    try:
        return machine(datetime.fromisoformat(iso))
    except (ValueError, OverflowError):
        return iso


def shown(iso: str) -> str:
    """An ISO 8601 moment from a file, shown as :func:`local_minute` does; a moment without an
    offset is taken as local; text that is no moment, or none the reader's local time can show
    (near year 1 or 9999), is given back as it is ("" as "-")."""
    if not iso:
        return "-"
    try:
        return local_minute(datetime.fromisoformat(iso))
    except (ValueError, OverflowError):
        return iso
