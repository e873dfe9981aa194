"""One way to show a moment to a person (``2026-03-06 23:59`` in local time, a deadline with
its zone), and one for a program (:func:`machine`: ISO 8601 to the second, the local offset)."""

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
    """An ISO 8601 moment from a file as :func:`machine` writes it; text that is no moment
    the local time can show is given back as it is."""
    if not iso:
        return iso
    try:
        return machine(datetime.fromisoformat(iso))
    except (ValueError, OverflowError):
        return iso


def epoch(iso: str) -> float | None:
    """An ISO 8601 moment from a file in seconds since the epoch (local when it has no offset);
    None for text that is no moment."""
    try:
        return datetime.fromisoformat(iso).timestamp()
    except (ValueError, OverflowError, OSError):
        return None


def shown(iso: str) -> str:
    """An ISO 8601 moment from a file (local when it has no offset) as :func:`local_minute`
    shows it; text that is no moment the local time can show as it is ("" as "-")."""
    if not iso:
        return "-"
    try:
        return local_minute(datetime.fromisoformat(iso))
    except (ValueError, OverflowError):
        return iso
