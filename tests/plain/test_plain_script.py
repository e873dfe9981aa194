"""The installed ``queens-tutor --plain`` run on a script of commands, as a teacher runs one: the
ticks it says are the engine's (checked against ``queens-tutor trace``), in every language,
with no escape byte anywhere; bad lines get one line and the script goes on; a lesson is read
page by page, answered, and its progress saved where the full-screen tutor keeps it. The
review: ``queens-tutor review`` with its commands piped in (the plain tutor chosen by itself)
or ``--plain``, read and answered line by line as a lesson is, its outcomes saved; the plain
tutor's ``lessons`` and ``review`` commands; with nothing due, one line saying so and what to
do next, and no tutor opened."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import time
from pathlib import Path

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.progress.reviews import ReviewHistory
from lessons.progress.store import ProgressStore, default_path
from lessons.review.run import ReviewRun
from lessons.runner import LessonRun
from solver.messages import render
from solver.methods.iterative.engine import IterativeEngine
from solver.methods.iterative.narration import narrate
from solver.placement.driving import SETUP_TICKS
from solver.stepping import Mode, Stop
from tests.cli.clirun import run_main
from tests.e2e.tmux import tutor_command
from tests.tiers import sweep
from tests.tui.test_lessons_keyboard import lecture_next_choice
from tests.unit.lessons.review_progress import miss
from tui.lesson_context import LessonContext

TICK = re.compile(r"^\S+ (\d+): (.*)  b = (-?\d+(?:, -?\d+)*); (.+)$")
"""A tick's line: its number, the narration, b[] and k (or what k means)."""
LANGUAGES = ("en", "it", "pl")


def run_script(
    tmp_path: Path, script: str, *args: str, plain: bool = True
) -> subprocess.CompletedProcess[bytes]:
    """``queens-tutor --plain ARGS`` (or without ``--plain``) with its standard input read
    from a file; it must end with status 0."""
    commands = tmp_path / "commands.txt"
    commands.write_text(script, encoding="utf-8")
    with commands.open("rb") as stdin:
        done = subprocess.run(
            [*shlex.split(tutor_command()), *(["--plain"] if plain else []), *args],
            stdin=stdin,
            capture_output=True,
            timeout=60,
        )
    assert done.returncode == 0, done.stderr.decode()
    return done


def blocks(output: str) -> list[tuple[str, list[str]]]:
    """The output cut at each echoed command: (command, the lines it printed)."""
    said: list[tuple[str, list[str]]] = [("", [])]
    for line in output.splitlines():
        if line.startswith("> "):
            said.append((line[2:], []))
        else:
            said[-1][1].append(line)
    return said


def trace(n: int) -> list[dict[str, object]]:
    done = run_main("trace", str(n), "--format", "jsonl")
    assert done.status == 0, done.err
    return [json.loads(line) for line in done.out.splitlines()]


def plain(script: str, *args: str) -> list[tuple[str, list[str]]]:
    """``queens-tutor --plain ARGS`` run in this process on ``script``: its blocks."""
    done = run_main("--plain", *args, stdin=script)
    assert done.status == 0 and "\x1b" not in done.out + done.err, done.err
    return blocks(done.out)


def expected_ticks(n: int, commands: list[str]) -> dict[int, list[int]]:
    """The ticks each command's lines name, the engine stepped as the script says (a run to a
    solution names its last tick only; back names the tick it goes back to)."""
    engine = IterativeEngine(n, Mode.FIRST)
    ticks: dict[int, list[int]] = {}
    for index, command in enumerate(commands, start=1):
        if command == "space":
            played = engine.run(Stop.TICK, max_ticks=1).ticks
            ticks[index] = [engine.tick] if played else []
        elif command == "iter":
            start = engine.tick
            engine.run(Stop.ITERATION)
            ticks[index] = list(range(start + 1, engine.tick + 1))
        elif command == "back":
            engine.back()
            ticks[index] = [engine.tick]
        elif command == "solve":
            engine.run(Stop.SOLUTION)
            ticks[index] = [engine.tick]
        else:
            ticks[index] = []
    return ticks


@pytest.mark.parametrize("lang", sweep(LANGUAGES, everyday=["pl"]))
def test_a_script_says_every_tick_of_the_engine_in_each_language(tmp_path: Path, lang: str) -> None:
    n = 5
    commands = [
        "space", "space", "space", "iter", "iter", "back", "frob", "board", "state",
        "iter", "solve", "space", "status", "quit", "space",
    ]  # fmt: skip
    done = run_script(tmp_path, "\n".join(commands) + "\n", "-n", str(n), "--lang", lang)
    assert b"\x1b" not in done.stdout + done.stderr
    assert done.stderr == b""
    said = blocks(done.stdout.decode("utf-8"))
    assert [command for command, _ in said[1:]] == commands[: commands.index("quit") + 1]
    records = trace(n)
    wanted = expected_ticks(n, commands)
    for index, (command, lines) in enumerate(said[1:], start=1):
        ticks = [TICK.match(line) for line in lines]
        found = [int(match.group(1)) for match in ticks if match]
        assert found == wanted[index], (command, lines)
        for match in ticks:
            if match is None:
                continue
            record = records[int(match.group(1)) - 1]
            assert [int(v) for v in match.group(3).split(", ")] == record["b"]
            k = re.fullmatch(r"k = (-?\d+)", match.group(4))
            if k is not None:
                assert int(k.group(1)) == record["k"]
    # The narration is the engine's, in the language asked for.
    i18n.set_language(lang)
    engine = IterativeEngine(n, Mode.FIRST)
    engine.run(Stop.TICK, max_ticks=1)
    first = TICK.match(said[1][1][0])
    assert first is not None and first.group(2) == render(narrate(engine.last_event, n))
    # A bad command: one line naming it, and the script went on.
    bad = said[commands.index("frob") + 1][1]
    assert len(bad) == 1 and "frob" in bad[0]
    board = said[commands.index("board") + 1][1]
    assert len(board) == n + 1 and all(line.endswith(".") for line in board)
    # After the first solution the search is over: a tick says so in one line.
    assert len(said[commands.index("space", commands.index("solve")) + 1][1]) == 1


def test_guess_mode_grades_each_answer_as_the_trace_has_it() -> None:
    n = 4
    # The first space plays b[0]=0; k=1, which tests no square (the loop calls no isfree).
    script = "guess\nspace\n" + "space\ny\n" * 6 + "status\nquit\n"
    said = plain(script, "-n", str(n))
    records = trace(n)
    right = asked = 0
    for command, lines in said:
        if command != "y":
            continue
        verdict, tick = lines[0], TICK.match(lines[-1])
        assert tick is not None, lines
        record = records[int(tick.group(1)) - 1]
        free = record["event"] == "try" and not record["attackers"]
        assert verdict.startswith("Right!" if free else "Wrong:"), (verdict, record)
        asked += 1
        right += free
    assert asked >= 5
    status = said[-2][1][0]
    assert f"guesses {right}/{asked}" in status


@pytest.mark.parametrize("lang", sweep(LANGUAGES, everyday=["pl"]))
def test_a_lesson_is_read_page_by_page_answered_and_its_progress_saved(
    tmp_path: Path, lang: str
) -> None:
    i18n.set_language(lang)
    lesson = load_catalog(lang).find("5")
    assert lesson is not None
    # Where the first question waits, and its right answer, from the lesson runner itself.
    walk = LessonRun(lesson)
    while walk.asked is None:
        assert walk.next_page()
    page, asked = walk.page_index, walk.asked
    answer = asked.posed.expected
    verdict = walk.answer(answer).message
    script = "lessons\nlesson 5\n" + "next\n" * page + f"{answer}\nenter\nquit\n"
    done = run_script(tmp_path, script, "--lang", lang)
    assert b"\x1b" not in done.stdout + done.stderr
    said = blocks(done.stdout.decode("utf-8"))
    pages = len(lesson.pages)
    titles = [f"({number}/{pages})" for number in range(1, page + 2)]
    headers = [line for _, lines in said for line in lines if line.endswith(tuple(titles))]
    assert [h[-len(t) :] for h, t in zip(headers, titles, strict=True)] == titles
    answered = dict(said)[answer]
    assert answered[0] == verdict
    assert any(asked.posed.prompt in line for _, lines in said for line in lines)
    record = ProgressStore().record_for(lesson)
    assert record is not None
    assert record.page == page
    saved = record.answers[asked.key]
    assert saved.right and saved.attempts == 1


def test_typed_control_characters_and_file_names_never_reach_the_terminal(
    tmp_path: Path,
) -> None:
    lessons = tmp_path / "evil\x1b[2J"
    lessons.mkdir()
    (lessons / "01-bad.md").write_text("@lesson bad\n@title Bad \x1b]52;c;aGk=\x07\n")
    done = run_script(tmp_path, "fr\x1b[31mob\x07\nlessons\nquit\n", "--lessons-dir", str(lessons))
    out = done.stdout.decode("utf-8")
    assert b"\x1b" not in done.stdout + done.stderr and b"\x07" not in done.stdout
    assert "> fr[31mob" in out  # the typed line without its control characters
    assert "evil\u241b[2J" in out  # the directory's name, its ESC shown as a symbol


def _to_place_question(goal: str) -> tuple[LessonRun, list[str]]:
    """Lesson 2 walked to its first place question with ``goal``, the questions before shown:
    the runner, and the commands that do the same in the plain tutor."""
    from lessons.answers.checking import AnswerType

    lesson = load_catalog("en").find("2")
    assert lesson is not None
    walk, script = LessonRun(lesson), ["lesson 2"]
    while (
        walk.asked is None
        or walk.asked.posed.answer_type is not AnswerType.PLACE
        or walk.asked.posed.values["goal"] != goal
    ):
        if walk.asked is not None:
            walk.reveal()
            walk.go_on()
            script += ["show", "enter"]
        else:
            assert walk.next_page()
            script.append("next")
    return walk, script


def test_a_place_question_is_answered_on_the_plain_place_board() -> None:
    from itertools import permutations

    from lessons.answers.feedback import say

    walk, script = _to_place_question("exhaust")
    asked = walk.asked
    assert asked is not None
    n = int(asked.posed.values["n"])
    script.append("o")
    for rows in permutations(range(n)):  # every placement with one queen a row and column
        script += [f"{col} {row}" for col, row in enumerate(rows)] + ["c"]
    said = plain("\n".join([*script, "escape", "quit"]) + "\n")
    assert said[-2][0] == "escape"
    assert said[-2][1][0] == say("place.right_exhaust", n=n)
    record = ProgressStore().record_for(walk.lesson)
    assert record is not None and record.answers[asked.key].right


def test_a_place_board_opened_again_says_the_queens_left_standing() -> None:
    _walk, script = _to_place_question("exhaust")
    said = plain("\n".join([*script, "o", "0 0", "1 1", "escape", "o", "quit"]) + "\n")
    first, again = (lines for typed, lines in said if typed == "o")
    assert not any("on the board" in line for line in first), first  # none placed yet
    assert any("2 queens of 2 on the board" in line for line in again), again  # 2 x 2


def test_you_drive_the_loop_in_words_to_its_first_solution() -> None:
    """Lesson 2's "you drive" question: each step of the trace typed as space C R (attacked),
    enter C R (free) or b, graded right every time (the setup ticks played before), the board
    left halfway and opened again going on from there; y keeps the question's board driving,
    and its words do not offer it."""
    walk, script = _to_place_question("drive")
    asked = walk.asked
    assert asked is not None
    n = int(asked.posed.values["n"])
    steps = []
    for tick in list(trace(n))[SETUP_TICKS:]:
        if tick["event"] == "try":
            steps.append(f"{'space' if tick['attackers'] else 'enter'} {tick['col']} {tick['row']}")
        elif tick["event"] == "backtrack":
            steps.append("b")
    assert asked.posed.answer_text.endswith(": " + ", ".join(steps))  # the answer shown: them
    halfway = [*steps[:3], "escape", "o", *steps[3:]]
    said = plain("\n".join([*script, "o", "y", *halfway, "escape", "quit"]) + "\n")
    opened, switched, again = (lines for typed, lines in said if typed in ("o", "y"))
    assert any(line.startswith("You drive the Wrocław loop on n = 4: k = ") for line in again)
    assert "y goes back" not in " ".join(opened) and switched == [
        "This question's board keeps its mode: y switches modes only on the main screen's "
        "place board."
    ]
    assert said[-2][1][0] == (
        f"Right: you drove the loop to the first solution of the {n} x {n} board; "
        f"{len(steps)} of your {len(steps)} steps were graded right."
    )
    record = ProgressStore().record_for(walk.lesson)
    assert record is not None and record.answers[asked.key].right


SEED = 4242
DAY = 86_400


def with_misses() -> ProgressStore:
    """Two kinds missed three days ago (due now, on the real clock), and the review's seed."""
    store = ProgressStore()
    when = time.time() - 3 * DAY
    miss(store, "diagonals", ["0.0"], when=when)  # same-diagonal
    miss(store, "iterative", ["2.0"], when=when)  # next-choice
    assert store.merge_review(ReviewHistory((), SEED))
    return store


def test_review_piped_in_is_read_and_answered_line_by_line(tmp_path: Path) -> None:
    with_misses()
    context = LessonContext.load(lang="en")
    review = context.review()  # the review the command will draw: the same seed and history
    assert review is not None and [i.kind for i in review.items] == ["next-choice", "same-diagonal"]
    run = ReviewRun(review, None)
    assert run.asked is not None and run.engine is not None
    snapshot = run.engine.snapshot()
    answer = lecture_next_choice(snapshot.b, snapshot.k)  # type: ignore[attr-defined]
    first_prompt = run.asked.posed.prompt
    run.goto(1)
    assert run.asked is not None
    second_prompt = run.asked.posed.prompt
    script = f"board\n{answer}\nenter\nhint\nshow\nstatus\nenter\nquit\n"
    done = run_script(tmp_path, script, "review", plain=False)
    out, err = done.stdout.decode(), done.stderr.decode()
    assert "\x1b" not in out, err  # never an escape sequence
    assert "standard input is not a terminal" in err  # the plain tutor, chosen
    commands = blocks(out)
    said = dict(commands)  # each command's lines (enter: its last)
    enters = [lines for command, lines in commands if command == "enter"]
    opening = blocks(out)[0][1]
    title = opening.index("Review: where the search goes next (1/2)")
    # the review's own heading first, not the 8 x 8 main board's narration
    assert title == 1 and opening[0].startswith("queens-tutor, plain: one command a line")
    assert opening[title + 1].startswith("In lesson 5, The iterative backtracker, step by step,")
    assert opening[title + 2].startswith("The board: n = ")  # the board in words
    assert opening[title + 3] == f"Question: {first_prompt}"
    assert said["board"][0].startswith("The board, n = ")  # the board in words
    assert said["board"][1].startswith("row 0: ")
    assert said[answer][0].startswith("Right")
    assert enters[0][0] == "Review: same diagonal (2/2)"  # straight on after the feedback
    assert f"Question: {second_prompt}" in enters[0]
    # its board only marks the two squares: its empty state is not said
    assert not any(line.startswith("The board: ") for line in enters[0]), enters[0]
    assert said["hint"][0].startswith("Hint: Column ") and "Work out the same" in said["hint"][0]
    assert said["show"][0].startswith("The answer: ")
    assert enters[1][0].startswith("Review done: 1 of 2 questions right at the first attempt.")
    assert said["status"][0].startswith(
        "Review of 2 questions: 1 right at the first attempt so far; Review: same diagonal (2/2)."
    )
    saved = json.loads(default_path().read_text())["review"]
    assert [(o["kind"], o["right"], o["hint"]) for o in saved["outcomes"]] == [
        ("next-choice", True, False),
        ("same-diagonal", False, True),
    ]
    assert saved["seed"] == SEED


def test_the_end_of_a_plain_review_and_the_lessons_list() -> None:
    with_misses()
    done = run_main("--plain", stdin="lessons\nreview\nshow\nenter\nshow\nenter\nenter\nreview\n")
    assert done.status == 0 and "\x1b" not in done.out, done.err
    said = blocks(done.out)
    assert said[1][1][0] == "Review: 2 questions due (review opens it)"
    assert said[1][1][1] == "1. The problem and its representation: new"
    ends = [lines for command, lines in said if command == "enter"]
    assert ends[-2][0].startswith("Review done: 0 of 2 questions right at the first attempt.")
    assert "Your next review is on" in ends[-2][0]
    assert ends[-1][0].startswith("Review: nothing due; the next on ")  # back to the lessons
    assert "review opens it" not in ends[-1][0]  # nothing due: the review would open nothing
    assert said[-1][1][0].startswith("Nothing to review today: your next review is on ")


def test_nothing_to_review_is_a_few_short_lines_and_opens_nothing() -> None:
    done = run_main("--plain", "review", stdin="quit\n")
    assert done.status == 0, done.err
    assert done.out == (  # short paragraphs, the command on its own line
        "Nothing to review: you have missed no question the review can ask again yet.\n"
        "\n"
        "The next lesson to do is 1, The problem and its representation.\n"
        "Open lesson 1 with:\n"
        "  queens-tutor --plain --lesson 1\n"  # in the front end the review was given
    )
    assert done.err == ""  # no plain tutor was opened


def test_a_lessons_title_on_a_review_page_shows_as_written() -> None:
    """A teacher's title may hold Markdown's marks: the review's page shows them as written."""
    from lessons.review.words import literal
    from tui.plain.markdown_text import plain_lines

    title = "*Stars* and [links](x) in_a_title"
    assert plain_lines(f"In lesson 10, {literal(title)}, you") == [f"In lesson 10, {title}, you"]
    assert plain_lines(f"In lesson 10, {title}, you") != [f"In lesson 10, {title}, you"]


def test_the_start_says_how_to_open_the_lessons_then_the_lesson_left_unfinished() -> None:
    """A first start names the commands that open the lessons; once a lesson is left on its
    second page, the next start names it and the command that goes on from there."""
    first = plain("lesson 2\nnext\nquit\n")[0][1]
    assert "New here? lessons lists the lessons, lesson 1 opens the first." in first
    again = plain("quit\n")[0][1]
    assert not any("New here" in line for line in again), again
    assert again[-1].startswith("Lesson 2 in progress: Small boards") and again[-1].endswith(
        ". lesson 2 goes on from there."
    ), again


def test_a_solution_placed_for_a_lesson_is_kept_with_those_placed_on_the_main_board() -> None:
    from tui.found_store import FoundStore

    walk, script = _to_place_question("solution")
    assert walk.asked is not None and walk.asked.posed.values["n"] == "4"
    said = plain("\n".join([*script, "o", "0 1", "1 3", "2 0", "3 2", "escape", "quit"]) + "\n")
    assert (1, 3, 0, 2) in FoundStore().of(4)
    found = [line for _command, lines in said for line in lines if "not found" in line]
    assert found == ["A solution you had not found before!"], found  # said once
