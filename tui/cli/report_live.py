"""report --live"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path

from lessons.i18n import _
from lessons.safe_text import visible


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
    from lessons.report.live import live_table
    from tui.report.files import json_text, write_csv
    from tui.report.text import lines

    table = live_table(found, titles)
    if output == "json":
        print(json_text({"server_data": str(root), "sessions": table.data(), "problems": problems}))
    elif output == "csv":
        write_csv(sys.stdout, table)
    else:
        print("\n".join(lines(table)))
    return problems
