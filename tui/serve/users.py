"""Named users of ``queens-tutor serve --user-header NAME``: who a connection is, and their
home in the served store, ``DIR/users/<key>/`` (``<key>``: the name percent-encoded; the name
in ``user.txt``, a course site's shown name in ``name.txt``), which is private and never
followed through a link.

Imports no aiohttp: the command line checks its options before the server exists."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path
from urllib.parse import quote

from platformdirs import user_data_path

from lessons.progress.folders import folder_problem, make_folder
from lessons.progress.safe_file import Unreadable, read_regular, write_atomically

USERS = "users"
LIVE = "live"
USER_FILE = "user.txt"
SHOWN_FILE = "name.txt"
MAX_KEY_BYTES = 255
"""The longest directory name most file systems take: a longer encoded name is refused."""
MAX_ENTRIES = 10_000
MAX_DEPTH = 16
"""The most entries, and the deepest folder, a user's folder may hold (it holds a few dozen)."""
FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW


class BadUser(ValueError):
    """A user name the server cannot keep data under; the message is the log's reason."""


class UnsafeStore(OSError):
    """A folder of the server's data that is a link, not a folder, or another account's."""


def private_folder(folder: Path, group: int | None = None) -> bool:
    """Check that ``folder`` is a real folder of this account and take away other accounts'
    access (0750 kept for ``group``); whether its mode changed. UnsafeStore otherwise."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError as error:
        if error.errno in (errno.ELOOP, errno.ENOTDIR):
            raise UnsafeStore(errno.EPERM, "a link or not a folder", str(folder)) from None
        raise
    try:
        info = os.fstat(fd)
        if info.st_uid != os.geteuid():
            raise UnsafeStore(errno.EPERM, "another account's folder", str(folder))
        mode = stat.S_IMODE(info.st_mode)
        keep = 0o750 if group is not None and info.st_gid == group else 0o700
        if mode & ~keep & 0o777:
            os.fchmod(fd, mode & keep)
            return True
        return False
    finally:
        os.close(fd)


def own_tree(folder: Path) -> None:
    """Check everything under ``folder`` as a session would use it: files and folders of this
    account, no link, each folder made private before it is read. UnsafeStore naming the first
    entry that is not so."""
    count = 0

    def walk(fd: int, path: Path, depth: int) -> None:
        nonlocal count
        info = os.fstat(fd)
        if info.st_uid != os.geteuid():
            raise UnsafeStore(errno.EPERM, "another account's folder", str(path))
        if stat.S_IMODE(info.st_mode) & 0o077:
            os.fchmod(fd, stat.S_IMODE(info.st_mode) & 0o700)
        with os.scandir(fd) as entries:
            listed = [(entry.name, entry.stat(follow_symlinks=False)) for entry in entries]
        for name, entry in listed:
            count += 1
            here = path / name
            if count > MAX_ENTRIES or depth > MAX_DEPTH:
                raise UnsafeStore(errno.EPERM, "too many files or folders", str(here))
            if entry.st_uid != os.geteuid():
                raise UnsafeStore(errno.EPERM, "another account's file", str(here))
            if stat.S_ISLNK(entry.st_mode):
                raise UnsafeStore(errno.EPERM, "a link", str(here))
            if stat.S_ISDIR(entry.st_mode):
                try:
                    inner = os.open(name, FOLDER_FLAGS, dir_fd=fd)
                except OSError as error:
                    if error.errno in (errno.ELOOP, errno.ENOTDIR):  # replaced meanwhile
                        raise UnsafeStore(errno.EPERM, "a link", str(here)) from None
                    raise
                try:
                    walk(inner, here, depth + 1)
                finally:
                    os.close(inner)
            elif not stat.S_ISREG(entry.st_mode):
                raise UnsafeStore(errno.EPERM, "neither a file nor a folder", str(here))

    fd = os.open(folder, FOLDER_FLAGS)
    try:
        walk(fd, folder, 0)
    finally:
        os.close(fd)


def default_server_data() -> Path:
    """``~/.local/share/queens-tutor/served`` (platformdirs' user data path)."""
    return user_data_path("queens-tutor", appauthor=False) / "served"


def user_key(name: str) -> str:
    """The directory name of user ``name``: the name percent-encoded; BadUser for an empty
    name, "." or "..", a name with a control character, or one too long to be a file name."""
    if name in ("", ".", ".."):
        raise BadUser("empty-user" if not name else "dot-user")
    if not name.isprintable():
        raise BadUser("unprintable-user")
    try:
        key = quote(name, safe="")
    except UnicodeEncodeError:
        raise BadUser("undecodable-user") from None
    if len(key.encode("ascii")) > MAX_KEY_BYTES:
        raise BadUser("long-user")
    return key


class UserStore:
    """The server's data directory for named users (``--server-data``)."""

    def __init__(self, root: Path) -> None:
        self.root = root

    @property
    def live_folder(self) -> Path:
        """``DIR/live/``: each server's sessions running now (tui/serve/live.py)."""
        return self.root / LIVE

    def prepare(self) -> list[str]:
        """Make ``DIR``, ``DIR/users`` and ``DIR/live`` private to the server's account and check
        them: a folder other accounts can write in, there or above, is UnsafeStore; one they can
        only read is made private. What was repaired, one line each; OSError when they cannot
        be made."""
        for folder in (self.root, self.root / USERS, self.root / LIVE):
            problem = folder_problem(folder)
            if problem is not None:
                raise UnsafeStore(errno.EPERM, problem, str(folder))
        repaired = []
        make_folder(self.root)
        for folder in (self.root, self.root / USERS, self.root / LIVE):
            with contextlib.suppress(FileExistsError):
                folder.mkdir(mode=0o700)
            if private_folder(folder, group=os.getegid()):  # a link...: refused
                repaired.append(str(folder))
        return repaired

    def home(self, name: str, shown: str | None = None) -> Path:
        """User ``name``'s home, made private with ``user.txt`` (and ``name.txt``: ``shown``).
        BadUser for a name that cannot be a folder; UnsafeStore for an unsafe home
        (:func:`own_tree`)."""
        folder = self.root / USERS / user_key(name)
        with contextlib.suppress(FileExistsError):
            folder.mkdir(mode=0o700)
        private_folder(folder)
        _keep(folder / USER_FILE, name)
        if shown:
            _keep(folder / SHOWN_FILE, shown)
        own_tree(folder)
        return folder


def _keep(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` unless it holds it already (a regular file only, never
    through a link: a link is replaced by the file)."""
    content = text.encode("utf-8")
    try:
        already: bytes | None = read_regular(path, 4 * MAX_KEY_BYTES)
    except (FileNotFoundError, Unreadable):
        already = None
    if already != content:
        write_atomically(path, content)
