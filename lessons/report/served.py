"""What a teacher's report reads of a server's store (``queens-tutor serve --server-data
DIR``), only reading: ``DIR/users/<key>/`` is a named user's home (the name percent-encoded,
itself in ``user.txt``; the name a course site gives her, when it gives one, in
``name.txt``), her progress under ``data/``, where she is under ``state/``; each server lists
its sessions in ``DIR/live/``. No link inside a user's home is followed; a file
that cannot be used is named and skipped.
"""

from __future__ import annotations

import errno
import json
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard
from urllib.parse import quote, unquote

from lessons.i18n import _
from lessons.progress.safe_file import Unreadable, read_regular
from lessons.progress.store import APP_DIR, FILE_NAME, MAX_BYTES, data_dir, decode_progress
from lessons.progress.values import is_time, minute, short

if TYPE_CHECKING:
    from lessons.model import Lesson
    from lessons.progress.export import Export

USERS = "users"
LIVE = "live.json"
LIVE_FOLDER = "live"
MAX_SERVERS = 100
"""The most server files read from ``live/``."""
STALE = 180
"""Seconds after which a server's live file that was not rewritten is left out."""
WHERE = "where.json"
NAME_FILE = "user.txt"
SHOWN_FILE = "name.txt"
MAX_USERS = 10_000
"""The most user folders read (a class is a few dozen)."""
MAX_NAME_BYTES = 4_096
MAX_KEY = 255
"""The longest folder name: a longer key is no user's folder."""
MAX_STATUS_BYTES = 1_000_000
"""The largest live.json or where.json read (a few hundred bytes each in use)."""
STATES = ("connected", "detached")
_SURROGATES = re.compile("[\ud800-\udfff]")
_ESCAPED_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]")
"""Where a JSON file's text can hold a surrogate: none without such an escape."""
_SESSION = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""A session's name in a live file (its folder's: ``session-k2x9d0qe``)."""


def default_root() -> Path:
    """The store ``serve`` uses by default: the tutor's data directory's ``served/``."""
    return data_dir() / "served"


def skipped(path: Path, problem: object) -> str:
    """A line of the report's problems: the file at ``path`` is left out, for ``problem``."""
    return _("{path}: {problem}; skipped").format(path=path, problem=problem)


def unread(path: Path, error: OSError) -> str:
    """A line of the report's problems: the file at ``path`` cannot be read (``error``)."""
    return _("{path}: cannot be read ({reason}); skipped").format(path=path, reason=error.strerror)


def user_key(name: str) -> str | None:
    """The folder name of a user (percent-encoded), or None for a name the server refuses."""
    try:
        key = quote(name, safe="")
    except UnicodeEncodeError:  # a lone surrogate (from a \ud800 escape in JSON)
        return None
    return None if key in ("", ".", "..") or len(key) > MAX_KEY else key


@dataclass(frozen=True, slots=True)
class ServedUser:
    key: str
    name: str
    """The name the tables show: a course site's for its user, else her login."""
    home: Path
    login: str = ""
    """What the server knows her by ("": her name)."""


PROGRESS = ("data", APP_DIR, FILE_NAME)
WHERE_FILE = ("state", APP_DIR, WHERE)


def read_in(home: Path, parts: Sequence[str], limit: int, problems: list[str]) -> bytes | None:
    """The bytes of the file ``home/parts``, no link followed on the way (another account
    that could write in a user's folder may have planted one); None when there is none, or
    it cannot be used (a line in ``problems`` says why)."""
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
    reached, fd = 0, None  # the parts opened so far
    try:
        fd = os.open(home, flags)
        for part in parts[:-1]:
            inner = os.open(part, flags, dir_fd=fd)
            os.close(fd)
            fd, reached = inner, reached + 1
        reached += 1
        return read_regular(Path(parts[-1]), limit, dir_fd=fd)
    except FileNotFoundError:
        return None
    except Unreadable as error:
        problems.append(skipped(home.joinpath(*parts[:reached]), error))
    except OSError as error:
        path = home.joinpath(*parts[: reached + 1]) if fd is not None else home
        if error.errno in (errno.ELOOP, errno.ENOTDIR) and path.is_symlink():
            problem = _("it is a symbolic link, which the tutor never follows")
            problems.append(skipped(path, problem))
        else:
            problems.append(unread(path, error))
    finally:
        if fd is not None:
            os.close(fd)
    return None


def _name(home: Path, key: str, file: str = NAME_FILE) -> str:
    raw = read_in(home, (file,), MAX_NAME_BYTES, [])
    if raw is None:
        return short(unquote(key, errors="replace")) if file == NAME_FILE else ""
    return short(raw.decode("utf-8", errors="replace").rstrip("\r\n"))


def served_users(root: Path) -> tuple[list[ServedUser], list[str]]:
    """The users of the store at ``root``, by folder name, and what was skipped and why."""
    folder = root / USERS
    users: list[ServedUser] = []
    problems: list[str] = []
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)[:MAX_USERS]
    except FileNotFoundError:
        return users, problems  # a server that has had no named user yet
    except OSError as error:
        problems.append(unread(folder, error))
        return users, problems
    for entry in entries:
        home = folder / entry.name
        if not entry.is_dir(follow_symlinks=False) or user_key(unquote(entry.name)) is None:
            problems.append(_("{path}: not a user's folder; skipped").format(path=home))
            continue
        login = _name(home, entry.name)  # the key spells it too
        users.append(ServedUser(entry.name, _name(home, "", SHOWN_FILE) or login, home, login))
    return users, problems


def served_exports(
    root: Path, lessons: Iterable[Lesson]
) -> tuple[list[tuple[str, Export]], list[str]]:
    """Each served user's progress as an export (source: the user's folder), each record
    laid out on the pages of the lesson loaded here (as the user's tutor shows it), and what
    was skipped and why. A user with no progress file yet has no export."""
    from lessons.progress.export import Export, lesson_info
    from lessons.progress.moved_pages import follow_pages, lesson_digests

    known = {lesson.id: lesson for lesson in lessons}
    info = lesson_info(known.values())
    users, problems = served_users(root)
    exports: list[tuple[str, Export]] = []
    digests: dict[str, list[str]] = {}
    for user in users:
        raw = read_in(user.home, PROGRESS, MAX_BYTES, problems)
        if raw is None:
            continue
        try:
            records, review = decode_progress(raw)
        except Unreadable as error:
            problems.append(skipped(user.home.joinpath(*PROGRESS), error))
            continue
        if _ESCAPED_SURROGATE.search(raw) and _SURROGATES.search(_json_text(records, review)):
            problem = _("its text is not valid Unicode (a lone surrogate)")
            problems.append(skipped(user.home.joinpath(*PROGRESS), problem))
            continue
        for key, record in records.items():
            if key in known:
                if key not in digests:
                    digests[key] = lesson_digests(known[key])
                keys = digests[key]
                if not record.page_keys:  # saved before digests: laid out as the pages are
                    records[key] = replace(record, page_keys=list(keys))
                elif record.page_keys != keys:
                    records[key] = follow_pages(record, keys)
        login = user.login or user.name
        export = Export(user.name, "", records, info, intact=True, review=review, login=login)
        exports.append((str(user.home), export))
    return exports, problems


def _json_text(records: dict[str, Any], review: Any) -> str:
    saved = {"lessons": {k: r.to_json() for k, r in records.items()}, "review": review.to_json()}
    return json.dumps(saved, ensure_ascii=False)


# -- who is connected, and where --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Where:
    """Where a user is in the tutor (written by the served tutor): a screen, a lesson and a
    page (as the tutor numbers it), and when it was written."""

    screen: str
    lesson: str | None
    page: int | None
    updated: str
    title: str | None = None
    """The lesson's title as the user's tutor shows it (None: not written)."""


@dataclass(frozen=True, slots=True)
class Session:
    """One session of the server: its user (None: not named), address, process, start time,
    state (connected or detached) and, for a named user, where they are (None: not known)."""

    user: str | None
    address: str
    pid: int | None
    started: str
    state: str
    where: Where | None


def _status_file(path: Path) -> dict[str, Any]:
    """A live.json or where.json: an object of schema 1; raises Unreadable saying why not."""
    return _status_json(read_regular(path, MAX_STATUS_BYTES))


def _status_json(raw: bytes) -> dict[str, Any]:
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        raise Unreadable(_("it is not valid JSON")) from None
    if not isinstance(data, dict) or data.get("schema") != 1:
        raise Unreadable(_("it is not a status file this tutor reads (schema 1)"))
    return data


def _text(value: Any) -> TypeGuard[str]:
    """Text that can be printed: whole Unicode (no lone surrogate from a ``\\ud800`` escape)."""
    return isinstance(value, str) and not _SURROGATES.search(value)


def _maybe_text(value: Any) -> TypeGuard[str | None]:
    return value is None or _text(value)


def _short(value: str | None) -> str | None:
    return None if value is None else short(value)


def _maybe_whole(value: Any) -> TypeGuard[int | None]:
    return value is None or (
        isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**63
    )


def _said_where(data: dict[str, Any]) -> Where:
    """Where a where file says the user is; Unreadable when it does not say it in the
    expected form (a time no reader can show too)."""
    screen, lesson, page, updated = (data.get(k) for k in ("screen", "lesson", "page", "updated"))
    if not (
        _text(screen)
        and _maybe_text(lesson)
        and _maybe_whole(page)
        and _text(updated)
        and _showable(updated)
    ):
        raise Unreadable(_("it does not say where the user is in the expected form"))
    title = data.get("title")
    named = _short(title) if isinstance(title, str) and _text(title) else None
    return Where(short(screen), _short(lesson), page, short(updated), named)


def _showable(moment: str) -> bool:
    """Whether a time from a file can be shown (text that is no time is shown as it is)."""
    from datetime import datetime

    try:
        datetime.fromisoformat(moment).astimezone()
    except ValueError:
        return True
    except (OverflowError, OSError):
        return False
    return True


def live_sessions(root: Path, now: float | None = None) -> tuple[list[Session], list[str]]:
    """The sessions of every server writing in ``root`` (``live/SERVER.json``, and an older
    server's ``live.json``), each named user's whereabouts, and what could not be read; a
    server file not rewritten for :data:`STALE` seconds, or dated further in the future, is
    left out with a line. FileNotFoundError when no server has written one; Unreadable
    (naming it) when the only one cannot be used."""
    import time

    files = sorted((root / LIVE_FOLDER).glob("*.json"))[:MAX_SERVERS]
    old = root / LIVE
    if old.exists() or old.is_symlink():
        files.insert(0, old)
    if not files:
        raise FileNotFoundError(str(root / LIVE_FOLDER))
    moment = time.time() if now is None else now
    sessions: list[Session] = []
    problems: list[str] = []
    for path in files:
        try:
            data = _status_file(path)
        except (Unreadable, OSError) as error:
            if len(files) == 1 and isinstance(error, Unreadable):
                raise Unreadable(_("{path}: {problem}").format(path=path, problem=error)) from None
            problems.append(skipped(path, error))
            continue
        updated = data.get("updated")
        if path != old and is_time(updated) and updated > moment + STALE:
            problems.append(
                _(
                    "{path}: it says it was written at {time}, in the future (a clock set wrong, "
                    "or the file edited); its sessions are left out"
                ).format(path=path, time=minute(updated) or "?")
            )
            continue
        fresh = is_time(updated) and moment - updated <= STALE
        if path != old and not fresh:
            problems.append(
                _(
                    "{path}: its server has not written it for more than {minutes} min (it was "
                    "stopped without cleaning up); its sessions are left out"
                ).format(path=path, minutes=STALE // 60)
            )
            continue
        sessions += _listed(root, path, data, problems)
    return sessions, problems


def connected_elsewhere(root: Path, own: Path, now: float | None = None) -> set[str]:
    """The users connected now to the other servers writing in ``root`` (every fresh
    ``live/SERVER.json`` but ``own``): a server ends their sessions it keeps detached, since
    the proxy sends them elsewhere now. A file that cannot be read names nobody."""
    import time

    moment = time.time() if now is None else now
    users: set[str] = set()
    for path in sorted((root / LIVE_FOLDER).glob("*.json"))[:MAX_SERVERS]:
        if path == own:
            continue
        try:
            data = _status_file(path)
        except (Unreadable, OSError):
            continue
        updated = data.get("updated")
        if not isinstance(updated, int | float) or moment - updated > STALE:
            continue
        listed = data.get("sessions")
        for item in listed if isinstance(listed, list) else []:
            if isinstance(item, dict) and item.get("state") == "connected":
                user = item.get("user")
                if _text(user):
                    users.add(user)
    return users


def _listed(root: Path, path: Path, data: dict[str, Any], problems: list[str]) -> list[Session]:
    listed = data.get("sessions")
    if not isinstance(listed, list):
        problems.append(skipped(path, _("it has no list of sessions")))
        return []
    sessions: list[Session] = []
    for number, item in enumerate(listed, start=1):
        fields = item if isinstance(item, dict) else {}
        user, address, pid, started, state = (
            fields.get(k) for k in ("user", "address", "pid", "started", "state")
        )
        tab = fields.get("session")
        tab = tab if isinstance(tab, str) and _SESSION.fullmatch(tab) else None
        if not (
            _maybe_text(user)
            and _text(address)
            and _maybe_whole(pid)
            and _text(started)
            and _showable(started)
            and state in STATES
        ):
            problems.append(
                _("{path}: session {number} is not in the expected form; skipped").format(
                    path=path, number=number
                )
            )
            continue
        where = _where(root, user, problems, tab)
        sessions.append(Session(_short(user), short(address), pid, short(started), state, where))
    return sessions


def _where(
    root: Path, user: str | None, problems: list[str], tab: str | None = None
) -> Where | None:
    """Where ``user``'s session ``tab`` is (its own file), else where the user last was."""
    key = None if user is None else user_key(user)
    if key is None:
        return None
    home = root / USERS / key
    raw: bytes | None = None
    place: tuple[str, ...] = WHERE_FILE
    if tab is not None:  # each tab writes its own beside the user's latest
        place = (*WHERE_FILE[:-1], "where", f"{tab}.json")
        raw = read_in(home, place, MAX_STATUS_BYTES, problems)
    if raw is None:
        place = WHERE_FILE
        raw = read_in(home, place, MAX_STATUS_BYTES, problems)
    if raw is None:
        return None
    try:
        return _said_where(_status_json(raw))
    except Unreadable as error:
        problems.append(skipped(home.joinpath(*place), error))
        return None
