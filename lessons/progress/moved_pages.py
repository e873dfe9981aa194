"""Progress that follows its pages when a lesson's pages change.

A lesson record keys the student's work by page index: ``page`` is where to resume and
``answers`` / ``open`` map ``"PAGE.QUESTION"`` to outcomes. When a lesson file gains, loses
or reorders pages (a teacher edits it, a new tutor ships more pages), those indices would
point at other pages. So every record also keeps ``page_keys``: one short digest per page of
the lesson as it was when the record was saved (:func:`page_digest`: the first 12 hex digits
of the SHA-256 of :func:`lessons.checking.parity_keys.page_key`, what the page *does* without its
words, so the same in every translation of the lesson).

:func:`follow_pages` lines the saved digests up with the lesson's current ones
(:func:`page_moves`: the most pages that keep their order, so that an inserted or removed
page shifts everything after it and equal digests, e.g. two pages of text only, match in
order; then the pages moved elsewhere, e.g. two pages swapped) and moves:

- the resume page to the new index of its page, or, when that page is gone (removed, or
  changed so that it does something else), to the nearest earlier page that is still there
  (the first page if none is): the student re-reads rather than skips;
- each answer and open question to its page's new index; the question number stays (a
  page's digest covers its questions in order);
- each earlier run's miss (``earlier``) likewise;
- the outcomes of pages that are gone to ``retired``, keyed ``DIGEST/PAGE.QUESTION`` (with
  ``/open`` for a question left unfinished): kept aside, never deleted, and not counted in
  the score, which is computed from ``answers``.

Pages with equal digests cannot be told apart: a page of text inserted next to another page
of text may move the resume point by one such page (to the earlier one). Records saved
before ``page_keys`` existed (or by an older tutor, which drops the field) carry no digests:
nothing can be known about the pages they were saved against, so they are taken as they
are, laid out on the current pages.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from difflib import SequenceMatcher

from lessons.checking.parity_keys import page_key
from lessons.model import Lesson, Page
from lessons.progress.records import LessonRecord, keep_aside, keep_missed

DIGEST_LENGTH = 12
MAX_CELLS = 250_000
"""The largest table :func:`page_moves` fills (500 pages changed against 500)."""


def page_digest(page: Page) -> str:
    """A short, stable, language-independent fingerprint of what a page does."""
    return hashlib.sha256(repr(page_key(page)).encode("utf-8")).hexdigest()[:DIGEST_LENGTH]


def lesson_digests(lesson: Lesson) -> list[str]:
    """The fingerprint of every page of a lesson, in order."""
    return [page_digest(page) for page in lesson.pages]


def on_current_pages(record: LessonRecord, lesson: Lesson) -> LessonRecord:
    """A copy of ``record`` laid out on ``lesson``'s pages as they are now: what a screen or
    a command showing saved progress (the page to resume at) should show."""
    return follow_pages(record, lesson_digests(lesson))


def page_moves(old: Sequence[str], new: Sequence[str]) -> dict[int, int]:
    """Where each old page that survives is now: old index -> new index.

    First the most pages that can be lined up in order (a longest common subsequence of
    the digests), each old page matched to the earliest new page that keeps the most: a
    page inserted or removed shifts the pages after it, and pages with equal digests match
    in order. Then the pages left over that were moved (swapped, or taken elsewhere): each
    old page still unmatched takes the first unmatched new page with its digest. So every
    digest keeps as many pages as both versions have of it.
    """
    moves = _in_order(old, new)
    taken = set(moves.values())
    free: dict[str, list[int]] = {}
    for index, key in enumerate(new):
        if index not in taken:
            free.setdefault(key, []).append(index)
    for index, key in enumerate(old):
        if index not in moves and free.get(key):
            moves[index] = free[key].pop(0)
    return moves


def _in_order(old: Sequence[str], new: Sequence[str]) -> dict[int, int]:
    """The pages that keep their order (:func:`page_moves`). (:class:`difflib.SequenceMatcher`
    may leave such pages unmatched when digests repeat: it stands in only for absurdly long
    lists, from a damaged file.)"""
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    moves = {index: index for index in range(start)}  # (not the common end: see _common)
    a, b = old[start:], new[start:]
    if len(a) * len(b) > MAX_CELLS:
        matcher = SequenceMatcher(None, list(a), list(b), autojunk=False)
        pairs = [
            (block.a + k, block.b + k)
            for block in matcher.get_matching_blocks()
            for k in range(block.size)
        ]
    else:
        pairs = _common(a, b)
    moves.update({start + i: start + j for i, j in pairs})
    return moves


def _common(a: Sequence[str], b: Sequence[str]) -> list[tuple[int, int]]:
    """The index pairs of a longest common subsequence of ``a`` and ``b``, each page of ``a``
    taking the earliest page of ``b`` it can: of two equal pages, the earlier one, so that a
    student re-reads a page rather than skips one."""
    # longest[i][j]: the length of a longest common subsequence of a[i:] and b[j:]
    longest = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) - 1, -1, -1):
        row, below = longest[i], longest[i + 1]
        for j in range(len(b) - 1, -1, -1):
            row[j] = below[j + 1] + 1 if a[i] == b[j] else max(below[j], row[j + 1])
    pairs: list[tuple[int, int]] = []
    i = j = 0
    while i < len(a) and j < len(b):
        if a[i] == b[j] and longest[i][j] == longest[i + 1][j + 1] + 1:
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif longest[i + 1][j] >= longest[i][j + 1]:
            i += 1  # old page a[i] is gone
        else:
            j += 1  # new page b[j] was inserted
    return pairs


def follow_pages(record: LessonRecord, keys: Sequence[str]) -> LessonRecord:
    """A copy of ``record`` laid out on the pages whose digests are ``keys``."""
    moved = LessonRecord.from_json(record.to_json())
    old = record.page_keys
    moved.page_keys = list(keys)
    if not old or old == moved.page_keys:
        return moved  # nothing to move, or nothing can be known (saved before digests)
    moves = page_moves(old, keys)
    moved.page = _resume_page(record.page, len(old), moves)
    moved.answers, moved.open, moved.earlier = {}, {}, {}
    for outcomes, target, suffix in (
        (record.answers, moved.answers, ""),
        (record.open, moved.open, "/open"),
        (record.earlier, moved.earlier, "/earlier"),
    ):
        for key, outcome in outcomes.items():
            page, number = _split(key)
            if page is not None and page in moves:
                place = f"{moves[page]}.{number}"
                if suffix == "/earlier":
                    keep_missed(target, place, outcome)  # the latest miss a question
                else:
                    target[place] = outcome
            else:
                digest = old[page] if page is not None and page < len(old) else "?"
                keep_aside(moved.retired, f"{digest}/{key}{suffix}", outcome)
    for run in moved.past_runs:  # a copy of a finished run: what no page holds now is left
        run.answers = {
            f"{moves[page]}.{number}": outcome
            for key, outcome in run.answers.items()
            for page, number in [_split(key)]
            if page is not None and page in moves
        }
    return moved


def replaced_pages(record: LessonRecord, keys: Sequence[str]) -> frozenset[int]:
    """The pages (indices into ``keys``) that stand where a page the student answered on stood,
    changed since (its directives or questions edited): :func:`follow_pages` keeps those
    answers aside, and the student is to be told so on the page (lessons/runner).

    A changed page is an old page with an outcome that no current page matches; the page
    standing in for it is the one as far after the last page matched before it as the old page
    was, when no old page matches it either (a page edited in place)."""
    old = record.page_keys
    if not old or list(old) == list(keys):
        return frozenset()
    moves = page_moves(old, keys)
    matched = set(moves.values())
    answered = {_split(key)[0] for key in (*record.answers, *record.open)}
    found = set()
    for page in sorted(p for p in answered if p is not None and p < len(old) and p not in moves):
        before = [p for p in moves if p < page]
        anchor = max(before) if before else -1
        index = (moves[anchor] if before else -1) + (page - anchor)
        if 0 <= index < len(keys) and index not in matched:
            found.add(index)
    return frozenset(found)


def _resume_page(page: int, count: int, moves: dict[int, int]) -> int:
    for index in range(min(page, count - 1), -1, -1):
        if index in moves:
            return moves[index]
    return 0


def _split(key: str) -> tuple[int | None, str]:
    page, dot, number = key.partition(".")
    if not dot or not page.isdecimal() or not page.isascii():
        return None, key
    return int(page), number
