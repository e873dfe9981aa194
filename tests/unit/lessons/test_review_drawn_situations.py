"""The situations a review draws for live-board and guess kinds: another situation and answer than
the lesson's, away from the ticks earlier reviews and her lessons drew, the lessons' slack, the
loop's column, past the search's opening, no board and tick asked twice."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lessons.checking.validate import check_text
from lessons.model import BoardOp, Lesson
from lessons.parsing.parser import parse
from lessons.progress.reviews import ReviewHistory, ReviewOutcome
from lessons.progress.store import ProgressStore
from lessons.quiz.draw import where_asked
from lessons.quiz.draw import where_asked as where_asked_once
from lessons.quiz.drawers.base import Template, read_instance
from lessons.quiz.drawers.live import (
    OnBoard,
    active_of,
    lesson_stretches,
    move_to,
    opening_end,
    span_of,
)
from lessons.review.asked import review_prompt
from lessons.review.choose import NEAR, Seen, seen_in_lessons
from lessons.review.plan import ReviewItem, plan_review
from lessons.review.run import ReviewRun
from lessons.review.session import Loaded, compose
from lessons.runner import LessonRun
from lessons.stage import Stage, expect_names
from solver.stepping import Kind, Stop
from tests.tiers import sweep
from tests.unit.lessons.review_progress import (
    answered,
    at,
    item_of,
    lesson,
    lessons,
    miss,
    reviewer,
    reviews_in_a_row,
    seen_of,
    store_at,
)
from tests.unit.lessons.test_lesson_texts import TWO_ATTACKERS

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
    """Lesson 5's of=b[4] ticks=6 is asked where k = 4: the review asks b[k] at its own tick; a
    column other than k's (b[0]) is asked again as written, a name without an index too."""
    # Lesson 5's ``of=b[4] ticks=6`` is asked where k = 4; the review asks about b[k] at its own
    # tick, not column 4 wherever the loop is.
    for seed in SEEDS:
        ((item, prompt),) = _items(tmp_path, "iterative", "9.1", seed)
        stage = _stage(item)
        assert stage.engine is not None
        k = expect_names.read(stage.engine, "iterative", "k")
        assert prompt.startswith(f"Now b[{k}] = "), (seed, prompt)
        assert f"what will b[{k}] be then?" in prompt
    # A lesson that asks about another column than k's (b[0] where k = 4) is asked about that
    # column again, and a name without an index as written.
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
def test_reading_b_asks_no_array_a_lesson_reads_out_on_a_board_that_shows_it(
    tmp_path: Path, seeds: range
) -> None:
    """Never lesson 1's nor the edutecnica page's b[]; on the lecture's all-solutions board at
    the tick that reports it; page 2's choice (b[] read the wrong way round) comes back as it."""
    for seed in seeds:
        for key in ("2.0", "1.0") if seed == seeds[0] else ("2.0",):
            store = store_at(tmp_path / f"{seed}-{key}")
            miss(store, "problem", [key], when=at(0))  # 2.0: b = [0, 2, 4, 1, 3], column 3
            review = compose(plan_review(lessons(), store, at(1)), lessons(), store.review, seed)
            assert review is not None and len(review.items) == 1
            item = item_of(review, "queen-row")
            b = read_instance(item.instance.text)["b"].replace(" ", "")
            assert b not in ("[0,2,4,1,3]", "[0,4,7,5,2,6,1,3]"), (seed, item.instance.text)
            assert item.lesson.id == "problem" and item.instance.board is not None
            if seed < seeds[0] + 3:  # the board shows the b[] asked
                run = ReviewRun(review, None)
                run.goto(0)
                assert run.engine is not None and item.instance.tick > 0
                shown = run.engine.snapshot().b  # type: ignore[attr-defined]
                assert "[" + ",".join(map(str, shown)) + "]" == b


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


def _live_questions() -> list[tuple[str, str, str]]:
    """Every built-in question about a live board: lesson id, key, kind."""
    found = []
    for each in lessons():
        for index, page in enumerate(each.pages):
            for number, question in enumerate(page.questions):
                if isinstance(reviewer(question.kind), OnBoard):
                    found.append((each.id, f"{index}.{number}", question.kind))
    return found


def _own(each: Lesson, key: str, tick: int | None = None) -> Seen:
    where = where_asked_once(each)[key]
    if tick is not None:
        where = type(where)(where.board, tick, where.between, where.queens_n)
    page, number = (int(part) for part in key.split("."))
    seen = seen_in_lessons(where, each.pages[page].questions[number])
    assert seen is not None, (each.id, key)
    return seen


def _drawn(store: ProgressStore, kind: str, day: float, seed: int) -> ReviewItem:
    plan = plan_review(lessons(), store, at(day))
    review = compose(plan, lessons(), store.review, seed=seed)
    assert review is not None
    (item,) = [item for item in review.items if item.kind == kind]
    return item


def _first_of_each_kind(cases: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """The first question of each kind: a kind's reviewer draws its instances alike."""
    first: dict[str, tuple[str, str, str]] = {}
    for case in cases:
        first.setdefault(case[2], case)
    return list(first.values())


@pytest.mark.parametrize(
    ("lesson_id", "key", "kind"),
    sweep(_live_questions(), everyday=_first_of_each_kind(_live_questions()), several=True),
)
def test_a_live_question_shows_other_queens_and_asks_another_answer(
    tmp_path: Path, lesson_id: str, key: str, kind: str
) -> None:
    """A missed live-board question comes back with other queens (or board) and, but for a
    guess stretch, another answer."""
    own = _own(lesson(lesson_id), key)
    for seed in (1, 2):
        store = store_at(tmp_path / str(seed))
        miss(store, lesson_id, [key], when=at(0))
        item = _drawn(store, kind, 1, seed)
        drawn = seen_of(item)
        same_board = drawn.situation == own.situation and drawn.placed == own.placed
        assert not same_board, (item.instance.text, own)
        if kind != "guess":
            assert not drawn.answers & own.answers, (item.instance.text, own, drawn)


def _not_near(item: ReviewItem, tick: int) -> None:
    """``item`` is not asked within NEAR ticks of the lesson's 6 x 6 ``tick``."""
    asks = read_instance(item.instance.text)
    start = int(asks["tick"])
    end = start + span_of(asks)
    near = start - NEAR <= tick <= end + NEAR
    assert not (asks["size"] == "6" and near), item.instance.text


def _record(store: ProgressStore, item: ReviewItem, day: float, right: bool) -> None:
    template = item.template
    outcome = ReviewOutcome(
        at(day), item.kind, template.lesson.id, template.key, item.instance.text, right, 1
    )
    assert store.add_review(outcome, 0)


@pytest.mark.parametrize("seed", sweep(range(1, 9), everyday=[1]))
def test_reviews_in_a_row_keep_away_from_each_others_ticks_of_any_kind(
    tmp_path: Path, seed: int
) -> None:
    """No question comes within NEAR ticks of an earlier review's (first two days) or the last
    review's on its board, nor of the same review's."""
    store = store_at(tmp_path)
    miss(store, "iterative", ["10.0", "10.2", "10.4", "10.6"], when=at(0))
    taken: list[tuple[int, tuple[str, str, str], int, int, str]] = []
    # nor a lesson's guess stretch played again while the boards have room
    stretches = {
        (board[0], board[1]): spans
        for board, spans in lesson_stretches(Loaded(lessons()), {"guess"}).items()
    }
    for day in (1, 2, 3, 4):
        plan = plan_review(lessons(), store, at(day))
        review = compose(plan, lessons(), store.review, seed=seed)
        assert review is not None
        assert len([item for item in review.items if item.instance.board is not None]) == 4
        for item in review.items:
            asks = read_instance(item.instance.text)
            board = (asks["board"], asks["size"], asks["mode"])
            start = int(asks["tick"])
            end = start + span_of(asks)
            for when, other, first, last, text in taken:
                # a guess stretch (24 to 30 ticks) has room on the first review only: then
                # it keeps away from this review's questions, and shares no tick with the
                # last review's stretch
                stretch = "slack=" in item.instance.text
                if stretch and day > 1 and when < day:
                    shared = when == day - 1 and "slack=" in text
                    assert not (shared and other == board and start < last and first < end)
                    continue
                if day > 2 and when < day - 1:
                    continue
                near = other == board and start - NEAR <= last and first <= end + NEAR
                assert not near, (day, item.instance.text, when, text)
            for their_start, their_end in stretches.get((asks["board"], int(asks["size"])), []):
                lesson = start < their_end and their_start < end
                assert day > 2 or not lesson, (day, item.instance.text)
            taken.append((day, board, start, end, item.instance.text))
            _record(store, item, day, right=False)


@pytest.mark.parametrize(
    ("lang", "first", "second"),
    [
        ("en", "Attacked by the queen in column 1, row 3: ", "; the queen in column 2, row 1: "),
        (
            "it",
            "Attaccata dalla regina nella colonna 1, riga 3: ",
            "; dalla regina nella colonna 2, riga 1",
        ),
        (
            "pl",
            "Atakowane przez hetmana w kolumnie 1, wierszu 3: ",
            "; hetmana w kolumnie 2, wierszu 1",
        ),
    ],
)
def test_the_attackers_are_named_as_queens_in_every_language(
    lang: str, first: str, second: str
) -> None:
    """The Italian feedback said "Attaccata da: casella (colonna 2, riga 4)", a square
    that attacks; each attacker is a queen, named the same way in en, it and pl."""
    from lessons import i18n
    from lessons.parsing.parser import parse
    from lessons.runner import LessonRun

    with i18n.speaking(lang):
        parsed = parse(TWO_ATTACKERS, "two.md").lesson
        assert parsed is not None
        run = LessonRun(parsed, None)
        posed = run.asked.posed  # type: ignore[union-attr]
        (also,) = posed.also_right  # the other attacker is right as typed too
        message = run.answer(posed.expected).message
        also_said = LessonRun(parsed, None).answer(also)
    assert first in message and second in message, message
    assert "casella" not in message
    assert also_said.correct and (
        lang != "en" or also_said.message.startswith(f"Right: column {also}.")
    )


@pytest.mark.parametrize("seed", sweep(range(1, 17), everyday=[1]))
def test_a_quiz_question_drawn_comes_back_elsewhere_with_another_answer(
    tmp_path: Path, seed: int
) -> None:
    """Lesson 5's quiz Q4 (tick 66, shown) and Q5 (tick 111, attacked by column 3) come back
    with other queens and another answer; every kind keeps away from the ticks the quiz drew."""
    store = store_at(tmp_path)
    answered(store, "iterative", {"10.2": "", "10.4": "tick=111"}, False, 2)
    answered(store, "iterative", {"10.3": "tick=66"}, False, 1, revealed=True)
    review = compose(plan_review(lessons(), store, at(1)), lessons(), store.review, seed=seed)
    assert review is not None and len(review.items) == 3
    board = ((0, 0), (1, 3), (2, 1), (3, 4))  # Q4's queens; Q5's square attacked by column 3
    for key, tick, kind in (("10.3", 66, "next-choice"), ("10.4", 111, "attacker")):
        shown = _own(lesson("iterative"), key, tick=tick)
        assert shown.placed == board if key == "10.3" else shown.answers == {"3"}
        drawn = seen_of(item_of(review, kind))
        assert not (drawn.situation == shown.situation and drawn.placed == shown.placed)
        assert not drawn.answers & shown.answers, drawn
    for item in review.items:
        _not_near(item, 66)
        _not_near(item, 111)
