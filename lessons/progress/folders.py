"""The folders the tutor keeps a student's files in: private, and never a place where another
account could have planted a link.

On a lab server every student has an account. A folder another account can write in (or
owns) lets it put a symbolic link where the tutor's file goes (``progress.json``, its
``.lock``), so that the tutor reads or writes through it. So the tutor makes its folders
itself, private to the account (:func:`make_folder`: mode 0700, every missing folder above
too, as the XDG base directory specification asks), opens its files without following a link
(:mod:`lessons.progress.safe_file`), and refuses at start to use a folder that another account
can write in or owns, or that lies under one (:func:`folder_problem`), with a line saying how
to fix it: making such a folder private afterwards would not remove what was planted in it.

A folder above the store that others can write in is safe when it has the sticky bit (``/tmp``:
nobody can rename or remove what is not theirs there), and one the system owns (root) is trusted
as long as others cannot write in it. A folder writable by its group is safe when the group is
the account's own private group (a user private group: named after the account, nobody else in
it), as many distributions make them.
"""

from __future__ import annotations

import os
import shlex
import stat
from pathlib import Path

from lessons.i18n import _
from lessons.safe_text import visible

PRIVATE = 0o700
"""The mode of every folder the tutor makes."""
APP_DIR = "queens-tutor"
"""The tutor's folder in the account's data folder (and in its configuration folder)."""
PROGRESS_FILE = "progress.json"
"""The progress file's name in the data folder (lessons/progress/store.py reads and writes it)."""


def data_dir() -> Path:
    """The tutor's data directory: ``$XDG_DATA_HOME/queens-tutor`` or ``~/.local/share/...``
    (platformdirs' user data directory)."""
    from platformdirs import user_data_path

    return user_data_path(APP_DIR, appauthor=False)


def config_dir() -> Path:
    """The tutor's configuration folder (settings): ``$XDG_CONFIG_HOME/queens-tutor`` or
    ``~/.config/...`` (platformdirs' user configuration directory)."""
    from platformdirs import user_config_path

    return user_config_path(APP_DIR, appauthor=False)


def progress_path() -> Path:
    """Where the student's progress file is (here rather than beside the store's code, which
    re-exports it as ``default_path``: the tutor's start asks whether there is one without
    loading the store's records)."""
    return data_dir() / PROGRESS_FILE


def unsafe_store() -> str | None:
    """Why the student's store (the data folder: progress, its lock, the solutions found; the
    configuration folder: settings) cannot be used safely, in one line saying how to fix it
    (another account can write in it or owns it: :func:`folder_problem`); None when it can.
    The tutor's own folders, when they are there, are made private (0700) on the way.

    Here rather than beside the progress file's code (lessons/progress/store.py, which
    re-exports it): the tutor asks this before its first frame, and the store's records are
    read only after it (their modules cost the start about 5 ms)."""
    import contextlib

    for folder in (data_dir(), config_dir()):
        problem = folder_problem(folder)
        if problem is not None:
            return problem
        if folder.is_dir() and not folder.is_symlink():
            with contextlib.suppress(OSError):  # not ours to change: its own error comes later
                private_mode(folder)
    return None


def make_folder(folder: Path) -> None:
    """Make ``folder`` and every missing folder above it, each private (mode 0700: the umask
    can only take more away); a folder already there is left as it is. Raises OSError."""
    missing = []
    here = folder
    while not here.is_dir():
        missing.append(here)
        if here.parent == here:
            break
        here = here.parent
    for path in reversed(missing):
        try:
            path.mkdir(mode=PRIVATE)
        except FileExistsError:
            if not path.is_dir():
                raise


def _private_group(gid: int) -> bool:
    """Whether group ``gid`` is this account's own private group (named after the account, its
    primary group, no other member listed)."""
    import grp
    import pwd

    try:
        account = pwd.getpwuid(os.geteuid())
        group = grp.getgrgid(gid)
    except KeyError:
        return False
    return (
        gid == account.pw_gid
        and group.gr_name == account.pw_name
        and set(group.gr_mem) <= {account.pw_name}
    )


def _owner(uid: int) -> str:
    import pwd

    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return str(uid)


def _problem(path: Path, info: os.stat_result, store: bool) -> str | None:
    """Why ``path`` (a folder with ``info``) cannot hold or lie above the store, or None.
    ``store``: the folder the files go in (there a sticky bit does not help). The path is
    made safe to show (:func:`visible`) only when there is a problem to say: every start looks
    at these folders."""
    if info.st_uid not in (0, os.geteuid()):
        return _(
            "{folder} belongs to another account ({owner}), which could replace what the tutor "
            "keeps in it: use a folder of your own"
        ).format(folder=visible(str(path)), owner=visible(_owner(info.st_uid)))
    mode = stat.S_IMODE(info.st_mode)
    sticky = bool(mode & stat.S_ISVTX) and not store
    others = bool(mode & stat.S_IWOTH)
    group = bool(mode & stat.S_IWGRP) and not _private_group(info.st_gid)
    if (others or group) and not sticky:
        return _(
            "{folder} can be written by other accounts (mode {mode:04o}), so a link planted in "
            "it could be followed: check what is in it, then make it private with: chmod go-w "
            "{quoted}"
        ).format(folder=visible(str(path)), mode=mode, quoted=visible(shlex.quote(str(path))))
    return None


def folder_problem(folder: Path) -> str | None:
    """Why ``folder`` (which need not exist yet) is no safe place for a student's files, in one
    line that says how to fix it; None when it is safe. Looked at: the folder, every folder
    above it, and where a link among them leads (a link the account made itself is followed;
    one in a folder others can write in is caught there)."""
    absolute = Path(os.path.abspath(folder))
    chains = [absolute, Path(os.path.realpath(absolute))]
    seen: set[Path] = set()
    for chain in chains:
        for number, path in enumerate([chain, *chain.parents]):
            if path in seen:
                continue
            seen.add(path)
            try:
                link = os.lstat(path)
                info = os.stat(path)
            except FileNotFoundError:
                continue  # made by the tutor, private, when first needed
            except OSError:
                continue  # cannot be looked at: the tutor's own error comes when it is used
            if stat.S_ISLNK(link.st_mode) and link.st_uid not in (0, os.geteuid()):
                return _problem(path, link, store=False)
            if not stat.S_ISDIR(info.st_mode):
                continue  # not a folder: using it fails, with its own error
            problem = _problem(path, info, store=number == 0)
            if problem is not None:
                return problem
    return None


def private_mode(folder: Path) -> bool:
    """Take away every access of other accounts to ``folder``, an existing folder of this
    account (0700; a link is never followed); whether the mode had to be changed."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    try:
        info = os.fstat(fd)
        mode = stat.S_IMODE(info.st_mode)
        if info.st_uid == os.geteuid() and mode & 0o077:
            os.fchmod(fd, mode & PRIVATE)
            return True
        return False
    finally:
        os.close(fd)
