"""The Polish key bar says "space Krok" for a tick, and the
Polish tutor calls a tick one thing everywhere: "krok". The catalog said "tików" in one message
and lesson 5's summary "ruchów"; and "krok" also stood for other things a Polish reader would
then take for a tick (a move of the maze, "a fixed number of steps" of an O(1) test). Now every
message about a tick says "krok", no message or Polish lesson says "tik" or "takt", and a move
of the maze is a "ruch"."""

from __future__ import annotations

import re

from lessons.catalog import load_catalog
from lessons.i18n import translation
from lessons.model import Question, Text
from tests.catalogs import entries, translated_strings

OTHER_TICK_WORDS = re.compile(r"\b(tik|tyk|takt)\w*", re.IGNORECASE)
SPEAKS_OF_A_TICK = re.compile(r"\btick(s|ing|ed)?\b", re.IGNORECASE)


def _words(message_id: str) -> str:
    """A message id without its placeholders, code and option names (``ticks=``)."""
    return re.sub(r"\{[^}]*\}|`[^`]*`|\w+=", " ", message_id)


def test_every_polish_message_about_a_tick_says_krok() -> None:
    missing = [
        (ids[0], strings[0])
        for _context, ids, strings in entries("pl")
        if any(SPEAKS_OF_A_TICK.search(_words(form)) for form in ids)
        and not all(re.search(r"\bkrok", form, re.IGNORECASE) for form in strings)
    ]
    assert not missing, "\n".join(f"{i!r}\n  {s!r}" for i, s in missing)
    assert translation("pl").gettext("Tick") == "Krok"  # the key bar's word


def _polish_lesson_words() -> list[tuple[str, str]]:
    found = []
    for lesson in load_catalog("pl").lessons:
        found.append((lesson.id, lesson.summary))
        for page in lesson.pages:
            for block in page.blocks:
                if isinstance(block, Text):
                    found.append((lesson.id, block.markdown))
                elif isinstance(block, Question):
                    found += [(lesson.id, block.prompt), (lesson.id, block.hint)]
    return found


def test_no_other_word_for_a_tick() -> None:
    said = [s for s in translated_strings("pl") if OTHER_TICK_WORDS.search(s)]
    said += [f"{where}: {text}" for where, text in _polish_lesson_words()]
    said = [s for s in said if OTHER_TICK_WORDS.search(s)]
    assert not said, said
    iterative = load_catalog("pl").find("iterative")
    assert iterative is not None
    assert "kroków" in iterative.summary and "ruch" not in iterative.summary, iterative.summary


def test_krok_is_not_a_move_of_the_maze_nor_a_step_of_a_constant_time_test() -> None:
    pl = {ids[0]: strings[0] for _context, ids, strings in entries("pl")}
    maze = [
        "newStato walks {m} to ({r}, {c}); Solve is called on the longer path.",
        "The state is the path walked so far, starting at S. The moves are up, right, down, "
        "left; isAdm allows a step that stays inside, hits no wall and does not come back onto "
        "the path.",
    ]
    for message_id in maze:
        assert "ruch" in pl[message_id] and "krok" not in pl[message_id], pl[message_id]
    texts = " ".join(text for _where, text in _polish_lesson_words())
    assert "stała liczba kroków" not in texts
    assert "`isAdm`: krok" not in texts
