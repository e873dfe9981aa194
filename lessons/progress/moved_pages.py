"""Progress that follows its pages when a lesson's pages change.

A record keeps ``page_keys``, a digest per page of what it does (:func:`page_digest`, the same
in every translation); :func:`follow_pages` moves the resume page, answers, open questions and
misses to their pages' new indices, and keeps the outcomes of pages gone in ``retired``."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from difflib import SequenceMatcher

from lessons.checking.parity_keys import page_key
from lessons.model import Lesson, Page
from lessons.progress.records import LessonRecord, keep_aside, keep_missed

DIGEST_LENGTH = 12
MAX_CELLS = 250_000
"""The largest table :func:`_common` fills; beyond it, difflib stands in."""


def page_digest(page: Page) -> str:
    """A short, stable, language-independent fingerprint of what a page does."""
    return hashlib.sha256(repr(page_key(page)).encode("utf-8")).hexdigest()[:DIGEST_LENGTH]


def lesson_digests(lesson: Lesson) -> list[str]:
    """The fingerprint of every page of a lesson, in order."""
    return [page_digest(page) for page in lesson.pages]


def on_current_pages(record: LessonRecord, lesson: Lesson) -> LessonRecord:
    """A copy of ``record`` laid out on ``lesson``'s pages as they are now."""
    return follow_pages(record, lesson_digests(lesson))


def page_moves(old: Sequence[str], new: Sequence[str]) -> dict[int, int]:
    """Where each old page that survives is now (old index -> new index): a longest common
    subsequence of the digests, then each old page left over takes the first unmatched new page
    with its digest."""
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
    """The pages that keep their order (:func:`page_moves`)."""
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    moves = {index: index for index in range(start)}
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
    taking the earliest page of ``b`` it can (a student re-reads rather than skips a page)."""
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
    for run in moved.past_runs:  # a finished run's copy: what no page holds now is dropped
        run.answers = {
            f"{moves[page]}.{number}": outcome
            for key, outcome in run.answers.items()
            for page, number in [_split(key)]
            if page is not None and page in moves
        }
    return moved


def replaced_pages(record: LessonRecord, keys: Sequence[str]) -> frozenset[int]:
    """The pages (indices into ``keys``) edited in place since the student answered on them:
    an old answered page no current page matches, standing as far after the last page matched
    before it as it did, when no old page matches that one either."""
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
