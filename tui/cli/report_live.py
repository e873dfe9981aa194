"""``queens-tutor report --live [--server-data DIR]``: who is connected to ``queens-tutor serve``
and where each named user is in the tutor (each server's DIR/live/SERVER.json and each user's
where.json, read by lessons/report/served.py). Names, addresses and screens are data: shown
with every control character visible in text, neutralised in csv."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lessons.i18n import _, ngettext, pgettext
from lessons.safe_text import visible
from lessons.shown_time import machine_iso, shown
from tui.cli.report_cells import CsvWriter, pad, text_cell, width

if TYPE_CHECKING:
    from lessons.report.served import Session, Where

FIELDS = ("user", "address", "pid", "started", "state", "screen", "lesson", "page", "updated")


def _where_text(where: Where | None, titles: Mapping[str, str]) -> str:
    if where is None:
        return pgettext("report", "not known")
    from tui.serve.where import screen_words

    parts = [screen_words(where.screen)]
    if where.lesson is not None:
        title = titles.get(where.lesson) or where.title  # the tutor's own (F9)
        parts.append(f"{title} ({where.lesson})" if title else where.lesson)
    if where.page is not None:
        parts.append(_("page {page}").format(page=where.page))
    parts.append(_("at {time}").format(time=shown(where.updated)))
    return ", ".join(part for part in parts if part)


def _state(state: str) -> str:
    if state == "connected":
        return pgettext("session", "connected")
    return pgettext("session", "detached")


def _flat(session: Session) -> dict[str, Any]:
    where = session.where
    return {
        "user": session.user,
        "address": session.address,
        "pid": session.pid,
        "started": machine_iso(session.started),
        "state": session.state,
        "screen": where.screen if where else None,
        "lesson": where.lesson if where else None,
        "page": where.page if where else None,
        "updated": machine_iso(where.updated) if where else None,
    }


def _text(sessions: Sequence[Session], titles: Mapping[str, str]) -> None:
    connected = sum(1 for session in sessions if session.state == "connected")
    print(
        ngettext(
            "{count} session on the server, {connected} connected",
            "{count} sessions on the server, {connected} connected",
            len(sessions),
        ).format(count=len(sessions), connected=connected)
    )
    if not sessions:
        return
    header = [
        pgettext("report", "User"),
        pgettext("report", "State"),
        pgettext("report", "Address"),
        pgettext("report", "Started"),
        pgettext("report", "Where"),
    ]
    rows = [header]
    for session in sessions:
        user = text_cell(session.user) if session.user is not None else "-"
        rows.append(
            [
                user,
                _state(session.state),
                text_cell(session.address),
                text_cell(shown(session.started)),
                text_cell(_where_text(session.where, titles)),
            ]
        )
    widths = [max(width(row[column]) for row in rows) for column in range(4)]
    for row in rows:
        cells = [pad(cell, columns) for cell, columns in zip(row, widths, strict=False)]
        print("  " + "  ".join([*cells, row[4]]).rstrip())


def print_live(root: Path, output: str, titles: Mapping[str, str]) -> list[str]:
    """Print the sessions of the server whose store is ``root``; returns the problems met."""
    from lessons.progress.safe_file import Unreadable
    from lessons.report.served import LIVE_FOLDER, live_sessions

    try:
        found, problems = live_sessions(root)
    except FileNotFoundError:
        found, problems = [], []
        if output == "text":
            folder = root / LIVE_FOLDER
            if folder.is_dir():  # a server ran and stopped, or runs with no tab open
                said = _("No session is running on this server ({path} is empty).")
            else:
                said = _("No session has started on this server ({path} does not exist).")
            print(said.format(path=visible(str(folder))))
            return problems
    except Unreadable as error:  # the only server file: named, and an empty table for csv/json
        found, problems = [], [str(error)]
    sessions = sorted(found, key=lambda s: (s.state != "connected", (s.user or "").casefold()))
    if output == "json":
        data = {
            "server_data": str(root),
            "sessions": [_flat(session) for session in sessions],
            "problems": problems,
        }
        print(json.dumps(data, indent=1, ensure_ascii=False))
    elif output == "csv":
        writer = CsvWriter(sys.stdout)
        writer.writerow(FIELDS)
        for session in sessions:
            flat = _flat(session)
            writer.writerow([flat[key] for key in FIELDS])
    else:
        _text(sessions, titles)
    return problems
