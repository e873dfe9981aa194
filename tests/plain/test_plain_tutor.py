"""The plain tutor's conversation in-process: what each kind of line gets, at a terminal and in
a script, a progress save that fails being told and tried again, and a lesson started again
resuming where it was left."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from solver.registry import DEFAULT_METHOD
from tests.cli.clirun import run_main
from tests.plain.test_invited_words_answer import heard, plain_tutor
from tests.plain.test_plain_guess import tutor_in_lesson
from tests.unit.lessons.review_progress import lesson, miss
from tui.lesson_context import LessonContext
from tui.plain import commands
from tui.plain.start import converse
from tui.plain.tutor import PlainTutor


def _tutor(
    store: ProgressStore | None = None, method: str = DEFAULT_METHOD
) -> tuple[PlainTutor, io.StringIO]:
    context = LessonContext(load_catalog("en"), store or ProgressStore(), None, [])
    return plain_tutor(context, method)


def test_at_a_terminal_the_prompt_waits_and_an_empty_line_is_enter() -> None:
    tutor, stream = _tutor()
    status = converse(tutor, tutor.out, io.StringIO("space\n\n"), interactive=True)
    assert status == 0
    lines = stream.getvalue().split("\n")
    # space: one tick; the empty line: enter, the iteration up to the queen of column 1;
    # the end of input: a new line after the last prompt.
    assert [line[:10] for line in lines] == [
        "> tick 1: ", "> tick 2: ", "tick 3: Co", "tick 4: Co", "> ", "",
    ]  # fmt: skip


def test_in_a_script_commands_are_echoed_and_comments_and_blank_lines_skipped() -> None:
    tutor, stream = _tutor()
    assert converse(tutor, tutor.out, io.StringIO("# a note\n\nspace\nquit\nspace\n"), False) == 0
    lines = stream.getvalue().splitlines()
    assert lines[0] == "> space" and lines[1].startswith("tick 1: ") and lines[2] == "> quit"
    assert len(lines) == 3


def test_each_kind_of_mistake_gets_one_line() -> None:
    tutor, stream = _tutor()
    assert heard(tutor, stream, "frob") == ["frob: no such command here; help lists the commands."]
    assert len(heard(tutor, stream, "t")) == 1  # the search tree: full-screen only
    assert "full-screen" in heard(tutor, stream, "t")[0]
    assert heard(tutor, stream, "method nope")[0].startswith("There is no method nope;")
    assert heard(tutor, stream, "size 99") == ["The board size goes from 1 to 32."]
    assert heard(tutor, stream, "lesson 99") == ["There is no lesson 99; lessons lists them."]
    assert heard(tutor, stream, "space 3 0") == [
        "space: nothing goes after this command (3 0); help space says what it does."
    ]
    assert heard(tutor, stream, "help size") == ["size N: An N x N board (the search starts again)"]
    heard(tutor, stream, "method maze")
    assert heard(tutor, stream, "size 5") == [
        "A maze has its own size: larger and smaller choose the next or previous maze."
    ]


def test_help_lists_the_commands_of_where_you_are_in_the_methods_words() -> None:
    tutor, stream = _tutor()
    main = heard(tutor, stream, "help")
    assert any(line.startswith("space, tick, right: ") for line in main)
    assert any(line.startswith("lesson N: ") for line in main)
    heard(tutor, stream, "lesson 5")
    lesson = heard(tutor, stream, "?")
    assert any(line.startswith("hint, h: ") for line in lesson)
    assert not any(line.startswith("lesson N") for line in lesson)
    assert any(line.startswith("iter, iteration, i: ") for line in lesson)  # enter is go on
    # The Turin placeQueens has no b[k]++ nor isfree: "One tick of the search".
    said = "\n".join(heard(*_tutor(method="recursive"), "help"))
    assert "space, tick, right: One tick of the search" in said and "isfree" not in said


def test_the_commands_are_read_in_italian_and_polish_too() -> None:
    """aiuto and pomoc are help, avanti and dalej the next page, spazio and spacja a tick (on the
    main board and a lesson's), mostra and pokaż show the answer, esci, koniec and wyjdź quit
    (accents optional; on the place board and in a lesson esci and wyjdź leave it); the help
    lists each command as every language types it, and its names in the language in use."""
    tutor, stream = _tutor()
    assert heard(tutor, stream, "spazio")[0].startswith("tick 1: ")
    assert heard(tutor, stream, "Spacja")[0].startswith("tick 2: ")
    for word in ("esci", "wyjdź"):  # on the place board: leave it, not the tutor
        heard(tutor, stream, "o")
        assert tutor.place is not None and tutor.handle(word) and tutor.place is None, word
    english = heard(tutor, stream, "help")
    for word in ("aiuto", "pomoc", "Pomoc"):
        assert heard(tutor, stream, word) == english, word
    assert not any("aiuto" in line or "pomoc" in line for line in english)
    for language in ("it", "pl"):  # each language's help lists its own names, each calling
        i18n.set_language(language)
        for table in (commands.BOARD, commands.LESSON, commands.PLACE, commands.ALWAYS):
            for command in table:
                words = command.also.get(language, ())
                usage = commands.help_line(command.name, table).partition(": ")[0]
                listed = [word.split()[0] for word in usage.split(", ")]  # "spazio C R"
                assert all(w in listed and commands.find(w, table) == command.name for w in words)
        i18n.set_language("en")
    heard(tutor, stream, "lesson 1")
    first = tutor.walk.run.page_index if tutor.walk is not None else None
    heard(tutor, stream, "dalej")
    assert tutor.walk is not None and tutor.walk.run.page_index == (first or 0) + 1
    heard(tutor, stream, "precedente")
    assert tutor.walk.run.page_index == (first or 0)
    heard(tutor, stream, "lesson 2")
    heard(tutor, stream, "next")  # page 2: a question, then the page's board
    assert heard(tutor, stream, "pokaż")[0].startswith("The answer: ")
    assert heard(tutor, stream, "spacja")[0].startswith("tick 5: ")
    heard(tutor, stream, "enter")
    heard(tutor, stream, "next")  # page 3: a question
    assert heard(tutor, stream, "mostra")[0].startswith("The answer: ")
    for word in ("esci", "wyjdź"):  # in a lesson: leave it, not the tutor, as on the board
        assert tutor.handle(word) and tutor.walk is None, word
        heard(tutor, stream, "lesson 2")
    heard(tutor, stream, "leave")
    for word in ("esci", "koniec", "wyjdź"):
        assert not tutor.handle(word), word  # quits


def test_a_failed_save_is_told_once_tried_again_and_told_when_it_works(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    store = ProgressStore(folder / "progress.json")
    tutor, stream = _tutor(store)
    heard(tutor, stream, "lesson 1")
    assert store.records and not store.failure
    shutil.rmtree(folder)
    folder.write_text("not a folder")  # every save now fails
    failed = heard(tutor, stream, "restart")
    assert failed[-1].startswith("Your progress is not saved: could not save your progress")
    assert not any("not saved" in line for line in heard(tutor, stream, "restart"))  # once
    folder.unlink()
    assert heard(tutor, stream, "status")[-1] == "Your progress is saved again."
    assert (folder / "progress.json").is_file()


def test_restart_asks_first_once_a_page_is_turned(tmp_path: Path) -> None:
    """``restart`` on page 2 asks as the full screen's dialog does; anything but yes keeps the
    page, ``y`` starts again from page 1."""
    tutor, stream = _tutor(ProgressStore(tmp_path / "progress.json"))
    heard(tutor, stream, "lesson 1")
    heard(tutor, stream, "next")
    walk = tutor.walk
    assert walk is not None and walk.run.page_index == 1
    asked = heard(tutor, stream, "restart")
    assert asked[0].startswith("Start “The problem and its representation” again from page 1? "
                               "You are at page 2 of "), asked  # fmt: skip
    assert asked[-2:] == ["1. Yes (y): start again from page 1", "2. No (n): keep my place"]
    assert heard(tutor, stream, "n") == ["The lesson stays where it is."]
    assert walk.run.page_index == 1
    heard(tutor, stream, "restart")
    heard(tutor, stream, "y")
    assert tutor.walk is walk and walk.run.page_index == 0


def test_a_restarted_lesson_left_on_its_last_page_resumes_there(tmp_path: Path) -> None:
    """Not said to be finished: it opens on its quiz page."""
    path = tmp_path / "progress.json"
    miss(ProgressStore(path), "diagonals", ["0.0"])  # the lesson completed once
    assert "You have finished" in "\n".join(heard(*_tutor(ProgressStore(path)), "lesson diagonals"))
    run = LessonRun(lesson("diagonals"), ProgressStore(path))
    run.restart()
    pages = len(run.lesson.pages)
    run.goto(pages - 1)
    said = "\n".join(heard(*_tutor(ProgressStore(path)), "lesson diagonals"))
    assert "You have finished" not in said
    assert f"{pages}/{pages}" in said or f"page {pages}" in said.lower(), said[:400]


@pytest.mark.parametrize(("word", "fresh"), [("yes", True), ("sì", True), ("nie", False)])
def test_a_finished_lessons_question_takes_a_yes_or_a_no(word: str, fresh: bool) -> None:
    """ "Start it again?" with 1 and 2 to choose: a yes starts it again, a no looks through it."""
    miss(store := ProgressStore(), "diagonals", ["0.0"])
    tutor, stream = _tutor(store)
    said = "\n".join(heard(tutor, stream, "lesson diagonals") + heard(tutor, stream, word))
    assert tutor.walk is not None and "Type 1" not in said, said
    assert tutor.walk.run.record.run_finished is not fresh, said


OWN_MAZE = (
    "@lesson own\n@title Own\n@page Walked\n@board algorithm=maze maze=corridor\n@run solution\n"
)
ASKED = "@page Asked\n@question maze\nmaze: #####\nmaze: #S.E#\nmaze: #####\n@end\n"


def test_a_question_that_draws_its_own_maze_is_read_and_not_the_page_board(tmp_path: Path) -> None:
    (tmp_path / "own.md").write_text(OWN_MAZE + ASKED, encoding="utf-8")
    context = LessonContext(load_catalog("en", [tmp_path]), ProgressStore(), None, [])
    tutor, stream = plain_tutor(context)
    assert any(
        "path" in line
        for line in heard(tutor, stream, "lesson own") + heard(tutor, stream, "state")
    )
    heard(tutor, stream, "next")
    assert heard(tutor, stream, "board")[0] == "The maze, 3x5; row 0 is its top row."
    said = heard(tutor, stream, "state") + heard(tutor, stream, "status")
    assert not any("path" in line for line in said), said


def test_lesson_n_opens_another_lesson_while_a_question_waits() -> None:
    """``lesson 8`` typed at a waiting number question opens lesson 8, as the full screen's
    lesson menu does; it is no answer (nor a refused one)."""
    tutor, stream = _tutor()
    heard(tutor, stream, "lesson 3")  # its first page asks a number at once
    assert tutor.walk is not None and tutor.walk.run.asked is not None
    said = heard(tutor, stream, "lesson 8")
    assert tutor.walk is not None and tutor.walk.run.lesson.id == load_catalog("en").lessons[7].id
    assert not any("not a number" in line for line in said), said


def test_the_board_goes_no_further_forward_while_a_question_about_it_is_to_come() -> None:
    """After lesson 4's attacker question, the attack-rule question about the same tick is to
    come: space is refused (a tick on would show its answer); back, then space, are not."""
    tutor, stream = _tutor()
    heard(tutor, stream, "lesson 4")
    walk = tutor.walk
    assert walk is not None
    kinds = [[q.kind for q in page.questions] for page in walk.run.lesson.pages]
    walk.run.goto(kinds.index(["attacker", "attack-rule"]))
    asked = walk.run.asked
    assert asked is not None and asked.question.kind == "attacker"
    heard(tutor, stream, str(asked.posed.expected))
    session = walk.run.session
    assert session is not None and walk.run.asked is None
    home = session.tick
    assert heard(tutor, stream, "space")[0].startswith(
        "A question about this board is still to come"
    )
    assert session.tick == home
    heard(tutor, stream, "back")
    heard(tutor, stream, "space")
    assert session.tick == home
    heard(tutor, stream, "lesson 5")  # page 3's question answered, page 4's to come
    assert tutor.walk is not None
    tutor.walk.run.goto(2)
    heard(tutor, stream, "2")
    assert heard(tutor, stream, "show") == ["No question is waiting."]  # the word: s alone solves
    assert heard(tutor, stream, "space") == [
        "The next page asks a question about this board as it stands now."
    ]


def test_a_run_to_the_next_backtrack_that_meets_a_solution_says_so() -> None:
    """Lesson 9 counts backtracks with b: the stop at a solution is named a solution, and a run
    that ends the search before its goal says so."""
    tutor, stream = _tutor()
    said = [heard(tutor, stream, "b")[0] for _ in range(5)]  # 4 x 4: four backtracks first
    heard(tutor, stream, "size 3")
    said.append(heard(tutor, stream, "solve")[0])  # 3 x 3 has no solution
    assert [line.rsplit(", ", 1)[1] for line in said] == [
        *["to next backtrack."] * 4,
        "to next solution.",
        "to the end of the search.",
    ], said


def test_started_on_a_lesson_the_first_words_are_the_lessons(tmp_path: Path) -> None:
    """``--plain --lesson``: the main board's narration (the loop's first tick, its answer to a
    next-choice at tick 0) is never said before the lesson's first page."""
    (tmp_path / "10-first.md").write_text(
        "@lesson first\n@title First\n@page Start\nText.\n@board n=6\n@question next-choice\n@end\n"
    )
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "XDG_STATE_HOME": str(tmp_path / "state")}
    said = run_main("--plain", "--lessons-dir", str(tmp_path), "--lesson", "first", env=env).out
    assert "bottom-left corner" not in said and "b[0]=0" not in said, said
    assert said.splitlines()[1] == "Start (1/1)", said


def test_a_question_about_the_turin_arrays_hides_the_pages_board_and_its_b() -> None:
    """array-index asks about the Turin notes' b[]: the page's board, with the Wrocław lecture's
    b[], is neither said nor read while it waits, as the full screen hides its column."""
    text = "@lesson a\n@title A\n@page P\n@board n=6\n@question array-index array=b row=1 col=3\n"
    tutor, walk, stream = tutor_in_lesson(text + "@end\n")
    assert walk.run.asked is not None and "The board:" not in stream.getvalue()
    assert heard(tutor, stream, "state") == [
        "The page's board is hidden for this question: its b[] is another array."
    ]
