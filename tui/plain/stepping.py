"""A long run for the plain tutor: a board session's run in chunks that Ctrl-C stops, with a line
now and then while it goes on."""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Iterator

from lessons.i18n import ngettext, number
from solver.messages import Message, render
from solver.session.board import BoardSession, Goal
from solver.session.progress import Progress
from solver.stepping import Kind
from tui.plain.output import Out

PROGRESS_EVERY = 10.0
"""Seconds between two "still running" lines of a long run."""


@contextlib.contextmanager
def _ctrl_c_sets(event: threading.Event) -> Iterator[None]:
    """While the block runs, Ctrl-C (SIGINT) sets ``event`` instead of ending the tutor."""
    try:
        previous = signal.signal(signal.SIGINT, lambda *_: event.set())
    except ValueError:  # not the main thread: Ctrl-C keeps its usual meaning
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def run_long(session: BoardSession, out: Out) -> Progress:
    """Play the run the session has begun in chunks, saying every :data:`PROGRESS_EVERY` seconds
    that it goes on; Ctrl-C stops it between chunks. The final progress."""
    goal = session.running
    assert goal is not None, "begin_run first"
    stopped = threading.Event()
    last = time.monotonic()

    def progressed(progress: Progress) -> None:
        nonlocal last
        now = time.monotonic()
        if now - last >= PROGRESS_EVERY:
            last = now
            out.line(
                ngettext(
                    "Still running: {count} tick so far (Ctrl-C stops).",
                    "Still running: {count} ticks so far (Ctrl-C stops).",
                    progress.ticks,
                ).format(count=number(progress.ticks))
            )

    progress = None
    try:
        with _ctrl_c_sets(stopped):
            progress = session.run(stopped, progressed)
    finally:
        told = session.end_run(progress, stopped.is_set())
    if told.notice is not None:
        out.line(render(told.notice))
    elif progress is not None:
        if (kind := session.snapshot.last_kind) is Kind.SOLUTION:  # a run to a backtrack met one
            goal = Goal.SOLUTION
        label = Message.of("goal.end") if kind is Kind.DONE else goal.label  # none on the way
        out.line(
            ngettext(
                "{count} tick played, {goal}.", "{count} ticks played, {goal}.", progress.ticks
            ).format(count=number(progress.ticks), goal=render(label))
        )
    assert progress is not None
    return progress
