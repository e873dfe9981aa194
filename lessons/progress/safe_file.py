"""Reading and writing the files the tutor keeps for a student: read only as a bounded regular
file, written atomically, set aside (never deleted) when unusable, written under an advisory
lock; a symbolic link is never followed."""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from lessons.i18n import _, number


class Unreadable(ValueError):
    """The file on disk cannot be used; the message says why (a whole clause)."""


def read_regular(path: Path, max_bytes: int, dir_fd: int | None = None) -> bytes:
    """The bytes of ``path`` (relative to the open folder ``dir_fd`` when given), a regular
    file of at most ``max_bytes``. Raises FileNotFoundError when there is none,
    :class:`Unreadable` for anything else in its place or an error reading it."""
    try:
        flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_NOFOLLOW
        fd = os.open(path, flags, dir_fd=dir_fd)
    except FileNotFoundError:
        raise
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise Unreadable(_("it is a symbolic link, which the tutor never follows")) from None
        raise Unreadable(_("it cannot be read ({error})").format(error=error.strerror)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Unreadable(_("it is not a regular file"))
        if info.st_size > max_bytes:
            raise Unreadable(_("it is too large ({size} bytes)").format(size=number(info.st_size)))
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as error:
        raise Unreadable(_("it cannot be read ({error})").format(error=error.strerror)) from None
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise Unreadable(_("it is too large"))
    return data


def write_atomically(
    path: Path, content: bytes, before_replace: Callable[[Path], None] | None = None
) -> None:
    """Replace ``path`` with ``content`` all at once: a reader (or a crash) sees the old file
    or the new one, never a part. ``before_replace`` is called with the written temporary file
    just before it takes the file's place."""
    temp = _temp_beside(path, content)
    try:
        if before_replace is not None:
            before_replace(temp)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            temp.unlink()
        raise
    flush_folder(path.parent)


def _temp_beside(path: Path, content: bytes) -> Path:
    """A new temporary file beside ``path`` holding ``content``, flushed to disk."""
    import tempfile  # only when writing: reading at start-up stays cheap

    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    fill_new(fd, Path(name), content)
    return Path(name)


def fill_new(fd: int, path: Path, content: bytes) -> None:
    """Write ``content`` into ``path``, a file just created and open as ``fd`` (closed after),
    and flush it to disk. A failed write removes the file and raises."""
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        with contextlib.suppress(OSError):  # the write's own error is the one to tell
            path.unlink()
        raise


def flush_folder(folder: Path) -> None:
    """Flush ``folder``'s entries to disk (a rename or an unlink in it)."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class NotWritten(ValueError):
    """A file the user named is not written; the message says why (a whole clause)."""


def write_new_file(path: Path, content: bytes, force: bool = False) -> None:
    """Write ``content`` atomically to ``path``, a file the user named, as a new regular file.
    Anything in its place is refused (:class:`NotWritten`), an existing regular file too
    unless ``force`` (then it is replaced). Raises OSError when the folder cannot be written."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        found = None
    if found is not None:
        if stat.S_ISLNK(found.st_mode):
            raise NotWritten(_("it is a symbolic link"))
        if stat.S_ISDIR(found.st_mode):
            raise NotWritten(_("it is a folder"))
        if not stat.S_ISREG(found.st_mode):
            raise NotWritten(_("it is not a regular file (a device, a FIFO or a socket)"))
        if not force:
            raise NotWritten(_("it exists already (--force replaces it)"))
        write_atomically(path, content)
        return
    _write_beside(path, content)


def _write_beside(path: Path, content: bytes) -> None:
    """Write a temporary file beside ``path`` and link it as ``path`` only if nothing has taken
    that name meanwhile (a link fails on an existing name, where a rename replaces it)."""
    temp = _temp_beside(path, content)
    try:
        os.chmod(temp, 0o644 & ~_umask())
        try:
            os.link(temp, path, follow_symlinks=False)
        except FileExistsError:
            raise NotWritten(_("it exists already (--force replaces it)")) from None
        except OSError as error:
            if error.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.ENOSYS, errno.EMLINK):
                raise
            if os.path.lexists(path):  # no hard links here: a last look, then a rename
                raise NotWritten(_("it exists already (--force replaces it)")) from None
            os.rename(temp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            temp.unlink()
    flush_folder(path.parent)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def file_stamp(path: Path, follow: bool = True) -> tuple[int, int, int] | None:
    """``path``'s modification time, size and inode (None when there is none): what tells a
    changed file."""
    try:
        status = os.stat(path, follow_symlinks=follow)
    except OSError:
        return None
    return (status.st_mtime_ns, status.st_size, status.st_ino)


def remove_stale_temps(path: Path) -> None:
    """Remove the temporary files a writer of ``path`` killed mid-write left (under
    :func:`locked`)."""
    for stale in path.parent.glob(f".{path.name}.*.tmp"):
        with contextlib.suppress(FileNotFoundError):
            stale.unlink()


def set_aside(path: Path) -> Path:
    """Rename an unusable ``path`` out of the way (``NAME.corrupt-DATE[-N]``, never an existing
    name) and return where it went; raises OSError when it cannot be renamed."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    count = 1
    while os.path.lexists(target):  # a link there (even a dangling one) is a name taken
        count += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{count}")
    os.replace(path, target)
    return target


@contextlib.contextmanager
def locked(lock_path: Path, moved: Callable[[Path], None] | None = None) -> Iterator[None]:
    """Hold the advisory lock ``lock_path`` (created if missing, private) while the block runs.
    A link in its place is set aside and ``moved`` told where it went (without ``moved``, or
    when it cannot be moved: OSError)."""
    flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NOCTTY
    try:
        fd = os.open(lock_path, flags, 0o600)
    except OSError as error:
        if error.errno != errno.ELOOP:
            raise
        reason = _("{name} is a symbolic link, which the tutor never follows")
        refused = OSError(errno.ELOOP, reason.format(name=lock_path.name), str(lock_path))
        if moved is None:
            raise refused from None
        try:
            kept = set_aside(lock_path)
        except OSError:
            raise refused from None
        moved(kept)
        fd = os.open(lock_path, flags | os.O_EXCL, 0o600)  # one planted again: refused
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)
