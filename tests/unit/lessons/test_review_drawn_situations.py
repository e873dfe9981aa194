"""The situations a review draws for live-board and guess kinds: the lessons' slack, the loop's
column, past the search's opening, no board and tick asked twice."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lessons.checking.validate import check_text
from lessons.model import BoardOp
from lessons.parsing.parser import parse
from lessons.progress.reviews import ReviewHistory, ReviewOutcome
from lessons.quiz.draw import where_asked
from lessons.quiz.drawers.base import Template, read_instance
from lessons.quiz.drawers.live import active_of, move_to, opening_end
from lessons.review.asked import review_prompt
from lessons.review.plan import ReviewItem, plan_review
from lessons.review.run import ReviewRun
from lessons.review.session import compose
from lessons.runner import LessonRun
from lessons.stage import Stage, expect_names
from solver.stepping import Kind, Stop
from tests.tiers import sweep
from tests.unit.lessons.review_progress import (
    at,
    item_of,
    lesson,
    lessons,
    miss,
    reviews_in_a_row,
    store_at,
)

SEEDS = range(1, 7)

SOLUTIONS = {4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724}
"""OEIS A000170: the number of solutions of the n x n board."""


def _items(tmp_path: Path, lesson_id: str, key: str, seed: int) -> list[tuple[ReviewItem, str]]:
    """The review of a student who missed ``lesson_id``'s ``key`` the day before, each item with
    its page's prompt (the same as the report works out again)."""
    store = store_at(tmp_path / f"{lesson_id}-{key}-{seed}")
    miss(store, lesson_id, [key], when=at(0))
    review = compose(plan_review(lessons(), store, at(1)), lessons(), store.review, seed=seed)
    assert review is not None
    run = ReviewRun(review, None)
    found = []
    for index, item in enumerate(review.items):
        run.goto(index)
        assert run.asked is not None
        prompt = " ".join(run.asked.posed.prompt.split())
        template = item.template
        assert review_prompt(template.lesson, template.key, item.instance.text) == prompt
        found.append((item, prompt))
    return found


def _stage(item: ReviewItem) -> Stage:
    """The instance's board at its tick."""
    stage = Stage()
    assert item.instance.board is not None
    stage.apply(item.instance.board)
    assert stage.engine is not None
    move_to(stage.engine, item.instance.tick)
    return stage


@pytest.mark.parametrize("key", sweep(["10.6", "10.7", "10.8"], everyday=["10.8"]))
def test_the_guess_stretch_allows_the_lessons_wrong_predictions(tmp_path: Path, key: str) -> None:
    """Lesson 5's stretches allow 3 wrong predictions of 26, 20 and 23 (goal=23, 17, 20);
    the review's stretch of another length allows 3 too, not every tick but one."""
    question = lesson("iterative").pages[10].questions[int(key.split(".")[1])]
    assert question.kind == "guess" and "goal" in question.params
    for seed in SEEDS:
        ((item, prompt),) = _items(tmp_path, "iterative", key, seed)
        assert item.kind == "guess"
        asked, goal = map(
            int, re.findall(r"Questions: (\d+); to pass, at least (\d+) right", prompt)[0]
        )
        assert asked - goal == 3, (seed, prompt)


def test_slack_is_a_goal_of_every_tick_but_s() -> None:
    """``slack=S``: the goal is the ticks that ask but S (at least 1); with ``goal=`` it is an
    error, and ``goal=`` alone still works (the first 30 ticks of 6 x 6 ask 26 questions)."""
    board = "@lesson demo\n@title Demo\n@page P\nText.\n@board n=6\n"

    def goal_line(question: str) -> str:
        parsed = parse(board + f"@question guess {question}\n@end\n", "x.md").lesson
        assert parsed is not None
        run = LessonRun(parsed)
        assert run.asked is not None
        return str(
            re.findall(r"Questions: \d+; to pass, at least \d+ right", run.asked.posed.prompt)[0]
        )

    assert goal_line("ticks=30 slack=3") == "Questions: 26; to pass, at least 23 right"
    assert goal_line("ticks=30 goal=20") == "Questions: 26; to pass, at least 20 right"
    assert goal_line("ticks=30") == "Questions: 26; to pass, at least 25 right"
    assert goal_line("ticks=30 slack=40") == "Questions: 26; to pass, at least 1 right"
    both = board + "@question guess ticks=30 goal=20 slack=3\n@end\n"
    errors = [str(e) for e in check_text(both, "x.md")]
    assert any("not both" in error for error in errors), errors


@pytest.mark.parametrize(
    ("lesson_id", "key"),
    sweep(
        [("naive-search", "3.0"), ("naive-search", "6.3")],
        everyday=[("naive-search", "6.3")],
        several=True,
    ),
)
def test_random_tries_says_the_count_of_solutions(tmp_path: Path, lesson_id: str, key: str) -> None:
    """At n = 9 or 10 (no lesson gives 352 or 724) the question says the count; the
    answer is n! / count, and n is never the lesson's own."""
    sizes = set()
    for seed in SEEDS:
        ((item, prompt),) = _items(tmp_path, lesson_id, key, seed)
        assert item.kind == "random-tries"
        n = int(dict(item.instance.asks)["n"])
        assert n != int(item.template.question.params["n"])
        count = f"{SOLUTIONS[n]:,}"
        assert prompt.startswith(f"The {n} x {n} board has {count} solutions. "), prompt
        sizes.add(n)
    assert sizes & {9, 10}


def test_the_state_a_step_later_asks_about_the_column_the_loop_is_in(tmp_path: Path) -> None:
    """Lesson 5's ``of=b[4] ticks=6`` is asked where k = 4; the review asks about b[k] at
    its own tick, not column 4 wherever the loop is."""
    for seed in SEEDS:
        ((item, prompt),) = _items(tmp_path, "iterative", "9.1", seed)
        stage = _stage(item)
        assert stage.engine is not None
        k = expect_names.read(stage.engine, "iterative", "k")
        assert prompt.startswith(f"Now b[{k}] = "), (seed, prompt)
        assert f"what will b[{k}] be then?" in prompt


def test_a_cell_the_loop_is_not_in_stays_the_one_asked() -> None:
    """A lesson that asks about another column than k's (b[0] where k = 4) is asked about
    that column again, and a name without an index as written."""
    template_lesson = lesson("iterative")
    where = where_asked(template_lesson)["9.1"]
    question = template_lesson.pages[9].questions[1]
    template = Template(template_lesson, "9.1", question, where)
    assert active_of(template, "b[4]") == "b[k]"
    assert active_of(template, "b[0]") is None
    assert active_of(template, "k") is None


@pytest.mark.parametrize("key", sweep(["2.0", "7.0", "8.0"], everyday=["7.0"]))
def test_where_next_is_not_drawn_in_the_searchs_opening(tmp_path: Path, key: str) -> None:
    """The search's opening (up to its first backtrack) is lesson 5's: the review asks later."""
    for seed in SEEDS:
        ((item, prompt),) = _items(tmp_path, "iterative", key, seed)
        assert item.kind == "next-choice"
        board = item.instance.board
        assert board is not None
        assert item.instance.tick > opening_end(board), (seed, prompt)
        assert not prompt.startswith("Column 1 (b[1] = -1)"), (seed, prompt)


def test_the_opening_ends_at_the_first_backtrack() -> None:
    """The opening ends at the search's first backtrack (4 x 4: column 2 has no free row); a
    5 x 5 search never backtracks before its first solution, its opening is the whole run."""
    for n in (4, 6, 8):
        stage = Stage()
        stage.apply(BoardOp(0, n))
        engine = stage.engine
        assert engine is not None
        end = opening_end(BoardOp(0, n))
        kinds = []
        for _tick in range(end):
            engine.run(Stop.TICK, max_ticks=1)
            kinds.append(engine.last_kind)
        assert kinds[-1] is Kind.BACKTRACK and Kind.BACKTRACK not in kinds[:-1]
    assert opening_end(BoardOp(0, 5)) == 16  # the solution tick (lesson 5's page 8)


@pytest.mark.parametrize("seed", sweep(SEEDS, everyday=[1]))
def test_a_board_and_tick_a_review_asked_is_not_asked_again(tmp_path: Path, seed: int) -> None:
    """Two guess stretches of different lengths are two questions, but on the board and at
    the tick a review asked one, the next review asks neither."""
    store = store_at(tmp_path)
    miss(store, "iterative", ["10.8"], when=at(0))
    plan = plan_review(lessons(), store, at(1))
    asked = tuple(
        ReviewOutcome(
            at=at(1),
            kind="guess",
            lesson="iterative",
            question="10.6",
            instance=f"board=iterative mode=first size=6 tick={tick} ticks=30",
            right=True,
        )
        for tick in range(1, 201)
    )
    review = compose(plan, lessons(), ReviewHistory(asked, seed), seed)
    assert review is not None
    (item,) = review.items
    board = item.instance.board
    assert board is not None
    assert board.n != 6, (seed, item.instance.text)


@pytest.mark.parametrize("seeds", sweep([range(1, 20), range(20, 40)], everyday=[range(1, 20)]))
def test_reading_b_never_asks_about_an_array_a_lesson_reads_out(
    tmp_path: Path, seeds: range
) -> None:
    for seed in seeds:
        store = store_at(tmp_path / str(seed))
        miss(store, "problem", ["2.0"], when=at(0))  # b = [0, 2, 4, 1, 3], column 3
        plan = plan_review(lessons(), store, at(1))
        review = compose(plan, lessons(), store.review, seed=seed)
        assert review is not None
        (item,) = [item for item in review.items if item.kind == "queen-row"]
        b = read_instance(item.instance.text)["b"].replace(" ", "")
        assert b not in ("[0,2,4,1,3]", "[0,4,7,5,2,6,1,3]"), (seed, item.instance.text)


@pytest.mark.parametrize(
    ("key", "kind"),
    sweep(
        [("3.0", "random-tries"), ("0.0", "search-space")],
        everyday=[("0.0", "search-space")],
        several=True,
    ),
)
def test_a_repeated_question_is_the_one_asked_longest_ago(
    tmp_path: Path, key: str, kind: str
) -> None:
    """Once every instance was asked, the one asked longest ago comes back, never a newer one."""
    store = store_at(tmp_path)
    miss(store, "naive-search", [key], when=at(0))
    asked: list[str] = []
    for day, review in reviews_in_a_row(store, 3, range(1, 12)):
        text = item_of(review, kind).instance.text
        if text in asked:
            last = {each: max(i for i, was in enumerate(asked) if was == each) for each in asked}
            assert last[text] == min(last.values()), (day, text, asked)
        asked.append(text)
    assert len(set(asked)) > 1
