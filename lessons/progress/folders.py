"""The folders the tutor keeps a student's files in: made private (0700), and refused when
another account owns or can write in them or a folder above them, where it could plant a link.

A folder above the store that others can write in is safe with the sticky bit; one root owns
is trusted unless others can write in it; group write is safe for the account's own private
group.
"""

from __future__ import annotations

import os
import shlex
import stat
from pathlib import Path

from lessons.i18n import _
from lessons.safe_text import visible
from solver.counting.peer_owner import account_name

PRIVATE = 0o700
"""The mode of every folder the tutor makes."""
APP_DIR = "queens-tutor"
PROGRESS_FILE = "progress.json"


def data_dir() -> Path:
    """The tutor's data folder (``$XDG_DATA_HOME/queens-tutor``)."""
    from platformdirs import user_data_path

    return user_data_path(APP_DIR, appauthor=False)


def config_dir() -> Path:
    """The tutor's configuration folder (``$XDG_CONFIG_HOME/queens-tutor``)."""
    from platformdirs import user_config_path

    return user_config_path(APP_DIR, appauthor=False)


def progress_path() -> Path:
    """Where the student's progress file is."""
    return data_dir() / PROGRESS_FILE


def unsafe_store() -> str | None:
    """Why the data or configuration folder cannot be used safely (:func:`folder_problem`),
    or None; the tutor's own folders are made private on the way."""
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
    """Make ``folder`` and every missing folder above it, each private; a folder already
    there is left as it is. Raises OSError."""
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
    """Group ``gid`` is this account's own private group (its primary group, named after the
    account, no other member)."""
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


def _problem(path: Path, info: os.stat_result, store: bool) -> str | None:
    """Why ``path`` (a folder with ``info``) cannot hold (``store``) or lie above the store,
    or None."""
    if info.st_uid not in (0, os.geteuid()):
        return _(
            "{folder} belongs to another account ({owner}), which could replace what the tutor "
            "keeps in it: use a folder of your own"
        ).format(folder=visible(str(path)), owner=visible(account_name(info.st_uid)))
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
    """Why ``folder`` (which need not exist yet), a folder above it or where a link among them
    leads is no safe place for a student's files, in one line that says how to fix it; None when
    safe."""
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
    """Take away other accounts' access to ``folder`` of this account (a link is never
    followed); whether the mode had to be changed."""
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
