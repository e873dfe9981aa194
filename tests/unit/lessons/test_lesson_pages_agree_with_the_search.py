"""What a lesson page says of a search holds for the search (mazes, naive sizes, compare's figures,
the pictures, the symmetry example, the Italian Python course's exercises)."""

from __future__ import annotations

import json
import math
import re

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.model import BoardOp, Lesson, Question, Text
from lessons.model import Text as TextBlock
from lessons.quiz.compare import examined, examined_methods
from lessons.quiz.pose import pose
from lessons.runner import LessonRun
from solver.counting.bitmask import jobs
from solver.methods.iterative.engine import IterativeEngine, Mode, Stop
from solver.methods.maze.maze import solve_maze
from solver.methods.maze.mazes import MazeEngine, maze_from_spec
from solver.registry import backtrackers
from tests.cli.inproc import call
from tests.tiers import naive_searches
from tests.unit.lessons.review_progress import lesson as builtin_lesson
from tests.unit.lessons.test_core_mistakes import _shortest
from tui.glyphs import ASCII, UNICODE

LANGUAGES = ("en", "it", "pl")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_maze_page_board_backs_out_of_dead_ends(language: str) -> None:
    recipe = builtin_lesson("recipe", language)
    pages = [
        page
        for page in recipe.pages
        if any(isinstance(b, TextBlock) and "×" in b.markdown for b in page.blocks)
        and any(isinstance(b, BoardOp) and b.maze is not None for b in page.blocks)
    ]
    assert len(pages) == 1
    board = next(b for b in pages[0].blocks if isinstance(b, BoardOp))
    engine = MazeEngine(maze_from_spec(board.maze))
    engine.run(Stop.SOLUTION)
    snapshot = engine.snapshot()
    assert snapshot.solutions, "the page's board reaches the exit"
    assert snapshot.dead_ends, f"{board.maze}: no dead end on the way to the exit"


def _maze_questions() -> list[tuple[int, object]]:
    lesson = load_catalog("en").lessons[7]
    found = []
    for index in range(len(lesson.pages)):
        run = LessonRun(lesson, None, page=index)
        while run.asked is not None and run.page_index == index:
            if run.asked.posed.maze:  # a question about a maze (its rows), whatever its kind
                found.append((index, run.asked.posed))
            run.reveal()
            run.go_on()
    return found


def test_not_always_the_shortest_only_where_a_shorter_path_exists() -> None:
    questions = _maze_questions()
    assert len(questions) >= 2
    kinds = set()
    for _, posed in questions:
        path = solve_maze(posed.maze)  # type: ignore[attr-defined]
        assert path is not None
        moves, shortest = len(path) - 1, _shortest(list(posed.maze))  # type: ignore[attr-defined]
        said = posed.explanation  # type: ignore[attr-defined]
        kinds.add(moves == shortest)
        if moves == shortest:
            assert "not always the shortest" not in said, said
            assert "no shorter path exists" in said
        else:
            assert f"this maze has one of {shortest} moves" in said, said
    assert kinds == {True, False}  # page 6's maze and the quiz's


def test_the_wall_is_named_as_the_board_draws_it() -> None:
    lesson = load_catalog("en").lessons[7]
    text = " ".join(b.markdown for page in lesson.pages for b in page.blocks if isinstance(b, Text))
    assert f"`{UNICODE.wall * 2}`" in text and f"`{ASCII.wall * 2}` in ASCII mode" in text
    assert f"`{UNICODE.dead_end}` (`{ASCII.dead_end}` in ASCII mode)" in text
    assert "hits no wall `#`" not in text


def _lesson(language: str) -> Lesson:
    i18n.set_language(language)
    return load_catalog(language).lessons[2]


@pytest.mark.parametrize("language", LANGUAGES)
def test_n_squared_to_the_n_and_its_permutations_are_diagnosed(language: str) -> None:
    run = LessonRun(_lesson(language), None, page=0)  # brute force on 5 x 5
    assert run.asked is not None and run.asked.posed.values.get("n", "5") == "5"
    generic = run.answer("123").message  # a number with no reason of its own
    for typed in (str(25**5), str(math.perm(25, 5))):
        said = run.answer(typed).message
        assert said != generic.replace("123", typed), said
        assert ("25" in said and "5!" in said) or "25^5" in said, said
        if language == "en" and typed == str(25**5):
            assert "That is (n^2)^n = 25^5" in said and "two queens may share a square" in said


def _listing(lesson: Lesson) -> tuple[int, str]:
    """The page that shows compare 6's output, and that output."""
    for index, page in enumerate(lesson.pages):
        for block in page.blocks:
            if isinstance(block, Text) and "$ queens-tutor compare 6" in block.markdown:
                text = block.markdown.split("$ queens-tutor compare 6", 1)[1]
                return index, text.split("```", 1)[0]
    raise AssertionError("no page shows queens-tutor compare 6")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_shows_what_compare_prints(language: str) -> None:
    """Compare 6's examined counts on lesson 3's page, count's jobs for 7 on lesson 9's."""
    assert f'"jobs": {len(jobs(7, rows=2))}' in _page(language)
    lesson = _lesson(language)
    index, listing = _listing(lesson)
    shown = {}
    for line in listing.splitlines():
        match = re.match(r"(\w+)\s+(\d[\d.,\u00a0\u202f ]*\d|\d)\s", line + " ")
        if match:
            shown[match.group(1)] = int(re.sub(r"\D", "", match.group(2)))
    for method in set(shown) & set(examined_methods()):  # what compare counts (random and
        assert shown[method] == examined(method, 6), (method, shown)  # the formula aside)
    assert set(shown) & set(examined_methods()), shown  # which ones is the lesson's choice
    run = LessonRun(lesson, None, page=index)
    asked = 0
    while run.asked is not None:
        posed = run.asked.posed
        if posed.kind == "examined":
            asked += 1
            right = posed.choices[int(posed.expected)]
            assert posed.values.get("n") == "10", posed.values  # no page counted 10 x 10
            assert right not in listing, (right, listing)
        run.reveal()
        run.go_on()
        if run.page_index != index:
            break
    assert asked == 2


def _page(language: str) -> str:
    lesson = next(x for x in load_catalog(language).lessons if x.id == "cost")
    texts = (
        "\n".join(b.markdown for b in page.blocks if isinstance(b, Text)) for page in lesson.pages
    )
    return next(text for text in texts if '"jobs": ' in text)


def _by_the_page(n: int) -> int:
    """Jobs by the page's rule: first queens in rows 0 to n//2 - 1, each with every square of
    column 1 it does not attack; for odd n, the middle row's, with the lower half's only."""

    def free(first: int) -> list[int]:
        return [row for row in range(n) if abs(row - first) > 1]

    count = sum(len(free(first)) for first in range(n // 2))
    if n % 2:
        count += len([row for row in free(n // 2) if row < n // 2])
    return count


@pytest.mark.parametrize("n", range(5, 13))
def test_the_pages_rule_is_the_counts(n: int) -> None:
    assert _by_the_page(n) == len(jobs(n, rows=2))


def _pictures() -> tuple[list[str], list[str], str]:
    i18n.set_language("en")
    lesson = load_catalog("en").lessons[0]
    text = {
        page.title: "\n".join(b.markdown for b in page.blocks if isinstance(b, Text))
        for page in lesson.pages
    }
    wroclaw = text["The Wrocław lecture's example"]
    turin = text["The permutation view"]
    w = re.search(r"```\n(4 \..*?)\n  0 1 2 3 4\n```", wroclaw, re.S)
    t = re.search(r"```\n(row 0 .*?)\n```", turin, re.S)
    assert w is not None and t is not None
    w_rows = [line[2:].split() for line in w.group(1).splitlines()]  # top line first
    t_rows = [line[7:].split() for line in t.group(1).splitlines()]
    return w_rows, t_rows, wroclaw + turin


def test_the_turin_picture_is_the_wroclaw_picture_turned_clockwise_and_labels_b() -> None:
    w_rows, t_rows, text = _pictures()
    n = len(w_rows)
    turned = [[w_rows[n - 1 - x][y] for x in range(n)] for y in range(n)]  # clockwise
    assert turned == t_rows
    transposed = [[w_rows[x][y] for x in range(n)] for y in range(n)]
    assert transposed != t_rows  # as pictures, not a mirror image of each other
    flat = " ".join(text.split())
    assert "quarter turn clockwise" in flat
    assert "row 0 at the **top**" in flat
    assert "labels its second line `a[i]`, but the array is this `b[]`" in flat


LESSONS = {lesson.id: lesson for lesson in load_catalog("en").lessons}


def quarter_turn(b: tuple[int, ...]) -> tuple[int, ...]:
    """(column c, row r) to (column n-1-r, row c), independent of solver.symmetry."""
    n = len(b)
    turned = [-1] * n
    for c, r in enumerate(b):
        turned[n - 1 - r] = c
    return tuple(turned)


def attacks(b: tuple[int, ...]) -> bool:
    pairs = ((i, j) for i in range(len(b)) for j in range(i + 1, len(b)))
    return any(b[i] == b[j] or abs(b[i] - b[j]) == j - i for i, j in pairs)


def page_index(lesson: Lesson, title: str) -> int:
    return next(i for i, page in enumerate(lesson.pages) if page.title == title)


def test_the_symmetry_page_turns_a_solution_the_program_found() -> None:
    lesson = LESSONS["symmetry"]
    page = page_index(lesson, "Is every solution symmetric?")
    text = " ".join(b.markdown for b in lesson.pages[page].blocks if hasattr(b, "markdown"))
    assert "every solution is 'symmetric'" in text and "**wrong**" in text
    run = LessonRun(lesson, page=page)
    assert run.asked is not None and run.asked.posed.kind == "rotations"
    assert run.engine is not None
    found = run.engine.solutions[-1]  # the solution the loop found on this page's board
    engine = IterativeEngine(8, Mode.FIRST)
    engine.run(Stop.SOLUTION)
    assert found == engine.solutions[0]  # the loop's own first solution, not a table
    assert not attacks(found)
    turns = [found]
    for _ in range(3):
        turns.append(quarter_turn(turns[-1]))
    assert all(not attacks(t) for t in turns)  # a turn of a solution is a solution
    assert quarter_turn(found) != found  # ... but not the same one
    posed = run.asked.posed
    assert posed.expected == str(len(set(turns)))
    for turned in turns:
        assert "[" + ", ".join(map(str, turned)) + "]" in posed.explanation
    assert "not symmetric by rotations" in posed.explanation


def test_examined_agrees_with_queens_tutor_compare(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = call(capsys, "compare", "6", "--format", "json")
    assert status == 0
    printed = {row["method"]: row["examined"] for row in json.loads(out)["methods"]}
    asked = {*backtrackers(), *naive_searches()}  # the methods an examined question names
    assert asked <= set(printed)
    for method in (name for name in printed if name in asked):
        posed = pose(Question(1, "examined", {"method": method, "n": "6"}), None)
        assert posed.choices[int(posed.expected)] == f"{printed[method]:,}", method
        assert "until its first solution" in posed.prompt


def test_brute_force_questions_say_which_number_they_mean() -> None:
    """The search space, every placement; what is examined, until the first solution (its
    choices offer the search space: test_what_is_examined_is_not_the_search_space_nor_the_ticks)."""
    space = pose(Question(1, "search-space", {"method": "bruteforce", "n": "8"}), None)
    assert space.expected == "4426165368"
    assert "search space" in space.prompt and "not only those" in space.prompt
    first = pose(Question(1, "examined", {"method": "bruteforce", "n": "8"}), None)
    assert "4,426,165,368" in first.choices and "until its first solution" in first.prompt


def test_exercise_3_is_told_as_the_course_tells_it() -> None:
    texts = {
        lesson_id: " ".join(
            block.markdown.replace("\n", " ")
            for page in LESSONS[lesson_id].pages
            for block in page.blocks
            if hasattr(block, "markdown")
        )
        for lesson_id in ("naive-search", "symmetry", "cost")
    }
    assert "same solution twice" in texts["naive-search"]
    assert "exercise 3" in texts["naive-search"] and "15 solutions" in texts["naive-search"]
    assert "*not repeated*" in texts["symmetry"]
    assert "exercise 6" not in texts["cost"] and "exercise 3, in its point 6" in texts["cost"]
