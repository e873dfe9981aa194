"""Every page of every built-in lesson opens at its top with its question whole in view, and no
code listing beside a board is cut, in tmux in English, Italian and Polish at 80x24 and
120x40, with a deliberate student's keys (f3 shows an answer, enter goes on)."""

from __future__ import annotations

import contextlib
import re
import time
from pathlib import Path

import pytest

from lessons import i18n
from lessons.model import Lesson, Question, Text
from solver.methods.iterative.view import shown_loop
from tests.e2e.tmux import Tmux, tutor_command
from tui.lesson_context import LessonContext

SETTLED = 0.3
"""Seconds the screen must stay the same after a key of the walk before the next key."""
LABEL_WAIT = 5.0
"""Seconds a page's listing has to show the lines its label names."""

_WORD = re.compile(r"\w+")
_HEAD = re.compile(
    r"uestion(?: \d+ of \d+)?:|Practice:"
    r"|Esercizio\.|Domanda del quiz(?: \d+ di \d+)?\."
    r"|Ćwiczenie\.|Pytanie quizu(?: \d+ z \d+)?\."
)
CUT = ("lines go on to the right", "le righe continuano", "wiersze ciągną się")
"""The bottom line of a code listing cut at the pane's edge, in each language."""


def plain_words(markdown: str) -> list[str]:
    """The words a page's text starts with: its first paragraph's (or code line's)."""
    # a key is written <kbd>o</kbd> and shown [o]: the student reads "o", not "kbd"
    lines = re.sub(r"</?kbd>", "", markdown).strip("\n").splitlines()
    if lines[0].lstrip().startswith(("```", "~~~")):
        return _WORD.findall(lines[1])
    paragraph = []
    for line in lines:
        if not line.strip():
            break
        paragraph.append(line)
    return _WORD.findall(" ".join(paragraph))


def openings(lesson: Lesson) -> list[tuple[list[str], bool]]:
    """For each page: the words its first line starts with (none when a question comes
    before any text: a quiz), and whether a question waits when it opens (a page's text up to
    its first question shows first)."""
    found = []
    for page in lesson.pages:
        first: list[str] = []
        for block in page.blocks:
            if isinstance(block, Text):
                first = plain_words(block.markdown)
            if isinstance(block, Text | Question):
                break
        found.append((first, bool(page.questions)))
    return found


def pane_lines(screen: str, title: str) -> list[str]:
    """The inside of the text pane (the one whose border title is ``title``), line by line."""
    rows = screen.splitlines()
    top = next(y for y, row in enumerate(rows) if title in row)
    corner = "╭" if "╭" in rows[top] else "+"
    x = rows[top].rfind(corner, 0, rows[top].index(title))
    inside = []
    for row in rows[top + 1 :]:
        if row[x : x + 1] in ("╰", "+") or len(row) <= x:
            break
        # the scrollbar's thumb (block glyphs, its middle too) is no text of the page
        inside.append(row[x + 1 :].rstrip().rstrip("│|").rstrip("▁▂▃▄▅▆▇█ "))
    return inside


_LABEL = re.compile(r"(\d+)-(\d+) \w+ (\d+) ─*╯")


def code_label_true(screen: str, listing: tuple[str, ...], where: str) -> bool:
    """The ``queens()`` pane's "lines a-b of c" names the lines it shows (not the label of a
    scroll made while the first frame was drawn); False when no such pane or label is shown."""
    rows = screen.splitlines()
    tops = [(y, row.index("╭─ queens()")) for y, row in enumerate(rows) if "╭─ queens()" in row]
    if not tops:
        return False
    top, x = tops[0]
    inside: list[str] = []
    for row in rows[top + 1 :]:
        if row[x : x + 1] == "╰":
            label = _LABEL.search(row, x)
            break
        end = row.index("│", x + 1)  # the pane's right border
        inside.append(row[x + 1 : end])
    else:
        return False
    if label is None:
        return False
    first, last, count = (int(group) for group in label.groups())
    assert count == len(listing), f"{where}: {label.group(0)} for a listing of {len(listing)}"
    # each row: a gutter of two columns, then the code; a wrapped line's rows start with ↪
    starts = [row[2:-1].strip() for row in inside if not row[2:].lstrip().startswith("↪")]
    wanted = [line.strip() for line in listing[first - 1 : last]]
    if inside and inside[0][2:].lstrip().startswith("↪"):  # the first line's start is above
        wanted = wanted[1:]
    starts = [start for start in starts if start]
    assert len(starts) == len(wanted) and all(
        line.startswith(start) for start, line in zip(starts, wanted, strict=True)
    ), f"{where}: the code pane says {label.group(0)!r} and shows {starts}\n{screen}"
    return True


def settled_listing(session: Tmux, screen: str, listing: tuple[str, ...], where: str) -> str:
    """The screen once the ``queens()`` pane's label and lines agree: the scroll that keeps the
    deciding line in view, and the label it sets, may come a frame after the page opens (a busy
    machine draws those frames seconds apart). Waits up to :data:`LABEL_WAIT` seconds while they
    disagree; what shows then is what the student reads, checked by the caller."""
    if not _LABEL.search(screen):  # a label set by a scroll in the first frame comes later
        with contextlib.suppress(AssertionError):
            screen = session.wait_for(lambda s: bool(_LABEL.search(s)), timeout=1.5)
    deadline = time.monotonic() + LABEL_WAIT
    while time.monotonic() < deadline:
        try:
            code_label_true(screen, listing, where)
        except AssertionError:
            with contextlib.suppress(AssertionError):
                screen = session.wait_for(lambda s, b=screen: s != b, timeout=0.5, still=SETTLED)
        else:
            break
    return screen


def check_opening(screen: str, title: str, first: list[str], question: bool, where: str) -> None:
    inside = pane_lines(screen, title)
    border = next(row for row in screen.splitlines() if title in row)
    at = border.index(title)
    if "…" in border[max(border.rfind("╭", 0, at), border.rfind("+", 0, at), 0) : at] and first:
        # the page's title, cut in the border, stands whole above its text
        # (in Polish): the text's first line follows the blank line after it
        blank = next((y for y, line in enumerate(inside) if not line.strip()), len(inside))
        inside = inside[blank:]
    text = [line for line in inside if line.strip()]
    assert text, f"{where}: the text pane is empty\n{screen}"
    if first:
        shown = _WORD.findall(text[0])
        assert shown and shown == first[: len(shown)], (
            f"{where}: the page does not open at its first line {' '.join(first)!r}\n{screen}"
        )
    if question:
        # "Practice:", or on a quiz page "Quiz question 2 of 6:" (its place)
        heads = [y for y, line in enumerate(inside) if _HEAD.search(line) or "omanda" in line
                 or "ytanie" in line]  # fmt: skip
        assert heads, f"{where}: no question on the screen\n{screen}"
        after = inside[heads[0] :]
        assert any(line.lstrip().startswith(("╰", "+")) for line in after), (
            f"{where}: the question is not whole on the screen\n{screen}"
        )


def _glance(screen: str) -> str:
    """A screen in one line: its first line's title and its last two lines (status, keys)."""
    rows = [row.strip() for row in screen.splitlines() if row.strip()]
    return " | ".join(rows[:1] + rows[-2:])


def walk(lesson_number: int, lang: str, size: tuple[int, int], tmp_path: Path) -> set[int]:
    """Open every page of one lesson in tmux, check each as it opens, and go on as a student
    who has every answer shown; the pages whose loop listing said which of its lines show (and
    was checked for it)."""
    lesson = LessonContext.load(lang=lang).catalog.lessons[lesson_number - 1]
    expected = openings(lesson)
    total = len(lesson.pages)
    session = Tmux(
        f"{tutor_command()} --lang {lang} --lesson {lesson_number}",
        width=size[0],
        height=size[1],
        env={"XDG_DATA_HOME": str(tmp_path / f"data-{lang}-{lesson_number}")},
    )
    labelled: set[int] = set()
    i18n.set_language(lang)
    listing = shown_loop()  # the loop as the pane shows it, its comment in the walk's language
    i18n.set_language("en")
    trail: list[str] = []  # the keys sent and what each led to: how a failing walk got there
    try:
        for index in range(total):
            title = f"({index + 1}/{total})"
            screen = session.wait_for(title)
            where = f"{lang} lesson {lesson_number} page {index + 1} at {size[0]}x{size[1]}"
            first, question = expected[index]
            check_opening(screen, title, first, question, where)
            if "╭─ queens()" in screen:
                screen = settled_listing(session, screen, listing, where)
            if code_label_true(screen, listing, where):
                labelled.add(index)
            assert not any(cut in screen for cut in CUT), f"{where}: a listing is cut\n{screen}"
            if index == total - 1:
                break
            nxt = f"({index + 2}/{total})"
            for _ in range(60):  # show each answer, go on, until the next page opens
                if nxt in screen:
                    break
                if "f3 " in screen.splitlines()[-1]:  # a question waits: show its answer
                    session.keys("F3")
                    # still for longer than a frame under load: an answer drawn over two
                    # frames read as the next key's change turns two pages at one Enter
                    screen = session.wait_for(
                        lambda s: "f3 " not in s.splitlines()[-1], still=SETTLED
                    )
                    trail.append(f"F3 -> {_glance(screen)}")
                else:
                    before = screen
                    session.keys("Enter")
                    screen = session.wait_for(lambda s, b=before: s != b, still=SETTLED)
                    trail.append(f"Enter -> {_glance(screen)}")
            else:
                raise AssertionError(f"{where}: the next page never opened\n{screen}")
    except AssertionError as error:
        raise AssertionError(f"{error}\nthe keys sent, and the screen each led to:\n"
                             + "\n".join(trail)) from None  # fmt: skip
    finally:
        session.close()
    return labelled


LESSONS = range(1, 10)


@pytest.mark.integration
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("lang", ["en", "it", "pl"])
@pytest.mark.parametrize("lesson", LESSONS)
def test_every_page_opens_at_its_top_with_its_question(
    lesson: int, lang: str, size: tuple[int, int], tmp_path: Path
) -> None:
    labelled = walk(lesson, lang, size, tmp_path)
    if (lesson, lang, size) == (1, "en", (80, 24)):  # the loop beside the 5 x 5 board shows
        assert {1, 2} <= labelled  # half of its lines on pages 2 and 3, and says which
