"""``queens-tutor progress`` and ``lessons`` say where a finished lesson started again stands as
the lesson menu does: done, as the progress count counts it, and again at its page with its best
score."""

from __future__ import annotations

from pathlib import Path

from lessons.progress.words import completion_words
from tests.cli.clirun import run_main
from tests.unit.lessons.review_progress import lesson, store_at


def test_a_lesson_started_again_is_at_its_page_with_its_best_score(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path)}
    store = store_at(tmp_path)
    record = store.lesson("problem")
    record.completed, record.again, record.best_score, record.page = True, True, 3, 2
    assert store.save("problem", record)
    menu = completion_words(store.lesson("problem"), lesson("problem"))
    assert menu == "done; again at page 3/6, best 3/6"
    for command in (("progress",), ("lessons", "list")):
        text = run_main(*command, "--lang", "en", env=env)
        assert text.status == 0, text.err
        (line,) = [line for line in text.out.splitlines() if "The problem and its" in line]
        assert line.endswith(f"[{menu}]"), line
    text = run_main("progress", "--lang", "en", env=env).out
    assert "1 lesson out of" in text  # the lesson started again counts as done


def test_untouched_and_finished_lessons_have_the_menu_s_words_in_italian(tmp_path: Path) -> None:
    """``lessons list`` said "non iniziata" where the menu said
    "nuova", and "done, best score" where it said "done, best"."""
    from lessons import i18n

    env = {"XDG_DATA_HOME": str(tmp_path)}
    store = store_at(tmp_path)
    record = store.lesson("problem")
    record.completed, record.best_score, record.page = True, 4, 5
    assert store.save("problem", record)
    i18n.set_language("it")
    try:
        done = completion_words(store.lesson("problem"), lesson("problem"))
        new = completion_words(None, lesson("problem"))
    finally:
        i18n.set_language("en")
    text = run_main("lessons", "list", "--lang", "it", env=env)
    assert text.status == 0, text.err
    lines = text.out.splitlines()
    assert lines[0].endswith(f"[{done}]"), lines[0]
    assert all(line.endswith(f"[{new}]") for line in lines[1:9]), lines
