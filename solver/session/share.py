"""A long run's place on the machine: it yields to what a student is waiting for.

A run plays on its own thread at the lowest priority (:func:`in_run_thread`; autoplay, paced and
watched, keeps the caller's), and each chunk holds one of the cores-minus-one ``flock`` slots of a
folder every run shares (:class:`RunShare`): Linux shares the processor between sessions whatever
their nice values, so the slots keep a core free for the students who wait. A chunk waits at most
:data:`MOST_WAIT` seconds for a slot, then plays anyway."""

from __future__ import annotations

import contextlib
import fcntl
import os
import random
import stat
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

LOWEST = 19
"""The nice value of a run's thread (Linux's lowest priority)."""
MOST_WAIT = 10.0
"""Seconds a chunk waits for a slot before it plays anyway."""
LOOK = 0.05
"""Seconds between two looks at the slots (and at the run's cancel) while a chunk waits."""
ENVIRONMENT = "QUEENS_TUTOR_RUN_SHARE"
"""A folder the runs of every tutor that names it share (``off``: none)."""
FOLDER_NAME = "queens-tutor-runs"
MACHINE_FOLDERS = (Path("/run/lock"), Path("/tmp"))
"""Where the machine's shared folder is made: the first of these that is a folder (FHS:
``/run/lock`` is for lock files every account may make)."""
SLOT = "slot-{number}"

T = TypeVar("T")


def run_slots() -> int:
    """How many runs may play at once: the cores this process may use, minus one (at least one)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


def lower_this_thread() -> bool:
    """Give the calling thread the lowest priority (:data:`LOWEST`); whether it could."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), LOWEST)
    except (AttributeError, OSError):  # not Linux, or a sandbox that refuses it
        return False
    return True


def in_run_thread(work: Callable[[], T], lowest: bool = True) -> T:
    """Run ``work`` on a new thread at the lowest priority (``lowest=False``: at the caller's), wait
    for it (the caller's thread does nothing meanwhile) and return what it returned, or raise what
    it raised."""
    result: list[T] = []
    error: list[BaseException] = []

    def play() -> None:
        if lowest:
            lower_this_thread()
        try:
            result.append(work())
        except BaseException as failure:  # handed to the caller, which raises it
            error.append(failure)

    thread = threading.Thread(target=play, name="queens-tutor-run", daemon=True)
    thread.start()
    thread.join()
    if error:
        raise error[0]
    return result[0]


class RunShare:
    """The slots of one folder: at most ``slots`` chunks of runs play at once."""

    def __init__(self, folder: Path, slots: int) -> None:
        self.folder = folder
        self.slots = max(1, slots)

    def _open(self, number: int) -> int | None:
        """A new open file of slot ``number`` (its own lock), or None when it cannot be used."""
        path = self.folder / SLOT.format(number=number)
        flags = os.O_RDONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
        try:
            descriptor = os.open(path, flags, 0o644)
        except OSError:
            try:  # another account's file in a shared folder: opened as it is
                descriptor = os.open(path, flags & ~os.O_CREAT)
            except OSError:
                return None
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            os.close(descriptor)
            return None
        return descriptor

    def _try(self) -> int | None:
        """A slot taken now (its open file), or None when every slot is busy."""
        numbers = list(range(self.slots))
        random.shuffle(numbers)  # the waiting runs do not all look at slot 0 first
        for number in numbers:
            descriptor = self._open(number)
            if descriptor is None:
                continue
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(descriptor)
                continue
            return descriptor
        return None

    @contextlib.contextmanager
    def turn(self, cancelled: threading.Event) -> Iterator[bool]:
        """Hold a slot for one chunk; yields False (and holds nothing) when the run was cancelled
        while it waited."""
        held = self._try()
        if held is None and not cancelled.is_set():
            held = self._wait(cancelled)
        if cancelled.is_set():
            if held is not None:
                os.close(held)
            yield False
            return
        try:
            yield True
        finally:
            if held is not None:
                os.close(held)  # closing the file lets the lock go

    def _wait(self, cancelled: threading.Event) -> int | None:
        waiter = _Waiter(self._open(random.randrange(self.slots)))
        try:
            waited = 0.0
            while waited < MOST_WAIT and not cancelled.is_set():
                if waiter.taken.wait(LOOK):
                    return waiter.claim()
                waited += LOOK
                found = self._try()
                if found is not None:
                    return found
            return None
        finally:
            waiter.abandon()


class _Waiter:
    """A thread blocked in ``flock`` on one slot; the slot is the run's if it claims it in time,
    else let go as soon as the thread gets it."""

    def __init__(self, descriptor: int | None) -> None:
        self.descriptor = descriptor
        self.taken = threading.Event()
        self.lock = threading.Lock()
        self.abandoned = False
        self.claimed = False
        if descriptor is not None:
            threading.Thread(target=self._block, name="queens-tutor-run-wait", daemon=True).start()

    def _block(self) -> None:
        assert self.descriptor is not None
        lower_this_thread()
        try:
            fcntl.flock(self.descriptor, fcntl.LOCK_EX)
        except OSError:  # a file system without locks: no slot from this thread
            failed = True
        else:
            failed = False
        with self.lock:
            if self.abandoned or failed:
                self.abandoned = True
                os.close(self.descriptor)
            else:
                self.taken.set()

    def claim(self) -> int | None:
        with self.lock:
            self.claimed = True
            return self.descriptor

    def abandon(self) -> None:
        """The run no longer waits on this slot: let it go now, or once it is taken."""
        with self.lock:
            if self.claimed or self.descriptor is None:
                return
            self.abandoned = True
            if self.taken.is_set():
                os.close(self.descriptor)


_configured: list[RunShare | None] = []
"""The share set for this process (:func:`set_run_share`): one item, None for none; empty when not
set: the machine's (:func:`machine_share`)."""


def set_run_share(folder: Path | None, slots: int | None = None) -> None:
    """Share ``folder``'s slots (a server's sessions share the server's), or none (None)."""
    _configured[:] = [None if folder is None else RunShare(folder, slots or run_slots())]


def forget_run_share() -> None:
    """Back to the default: the machine's share."""
    _configured.clear()


def run_share() -> RunShare | None:
    """The share the runs of this process take turns in, or None (runs keep their priority only)."""
    return _configured[0] if _configured else machine_share()


def machine_share() -> RunShare | None:
    """The share of every tutor on this machine: ``$QUEENS_TUTOR_RUN_SHARE`` (``off``: none), else
    :data:`FOLDER_NAME` in the first of :data:`MACHINE_FOLDERS` that is a folder."""
    named = os.environ.get(ENVIRONMENT, "")
    if named == "off":
        return None
    if named:
        folder = Path(named)
        return RunShare(folder, run_slots()) if usable_folder(folder, shared=False) else None
    for parent in MACHINE_FOLDERS:
        if parent.is_dir():
            folder = parent / FOLDER_NAME
            return RunShare(folder, run_slots()) if usable_folder(folder, shared=True) else None
    return None


def usable_folder(folder: Path, shared: bool) -> bool:
    """Make ``folder`` if it is not there (``shared``: one every account may add files to, sticky as
    /tmp is); whether it is a real folder (not a link) the runs can use."""
    try:
        os.mkdir(folder, 0o700)
    except FileExistsError:
        pass
    except OSError:
        return False
    else:
        if shared:
            with contextlib.suppress(OSError):
                os.chmod(folder, 0o1777)
    try:
        found = os.lstat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(found.st_mode) and os.access(folder, os.X_OK)
