"""What a quiz draws, and whether it tests understanding: live situations in tick order, each
question once, no stale answer, past the practice's; ``lessons check`` warns of a quiz answer a page
prints, none told before it is asked (as drawn for many students), a restart draws anew, orbits."""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest

from lessons import i18n
from lessons.answers.checking import AnswerType, Posed
from lessons.catalog import load_catalog
from lessons.checking.given_away import Met, numbers_in, told_on_page
from lessons.checking.validate import check_file, check_text
from lessons.i18n import speaking
from lessons.model import BoardOp, Lesson, Question, Text
from lessons.parsing.parser import parse
from lessons.quiz import solver_facts as facts
from lessons.quiz.draw import draw, played, pool, practice_situations, situations
from lessons.quiz.drawers.live import OnBoard, landing, move_to, placed
from lessons.quiz.drawers.pooled import orbit_size
from lessons.quiz.kinds import KINDS, LIVE
from lessons.quiz.pose import QuizError, pose
from lessons.runner import LessonRun
from lessons.stage import Stage
from solver.registry import make_engine
from solver.session.board import BoardSession
from solver.stepping import Kind, Mode, Stop, back_to, step
from tests.cli.clirun import run_main
from tests.tiers import sweep
from tests.unit.lessons.quiz_runs import lesson_in, quiz_page, quiz_run, waiting
from tests.unit.lessons.review_progress import lesson
from tests.unit.lessons.review_progress import lesson as built_in

SEEDS = (1, 7, 99, 12_345, 424_242, 2**30 + 3)


def _ticks(seed: int, path: Path) -> list[tuple[int, str, int, tuple[str, str, str]]]:
    """(tick asked at, prompt, tick the feedback's board shows, the question: its kind, its
    prompt but the line naming the moment, its answer) of each question on the live board."""
    run = quiz_run(lesson("iterative"), seed, path / f"{seed}.json")
    found = []
    for asked in waiting(run):
        run.reveal()
        if asked.instance.startswith("tick="):
            assert run.engine is not None and asked.question.kind in LIVE
            posed = asked.posed
            question = (asked.question.kind, posed.prompt.split("\n", 1)[-1], posed.expected)
            found.append((int(asked.instance[5:]), posed.prompt, run.engine.tick, question))
    return found


@pytest.mark.parametrize("seeds", sweep([SEEDS, tuple(range(1, 41))], everyday=[SEEDS]))
def test_lesson_5_quiz_walks_its_search_forward_and_its_drawing_varies(
    tmp_path: Path, seeds: tuple[int, ...]
) -> None:
    """Each student's live questions come in tick order, each tick and question once, a tick
    the board left said as a later moment; the students are drawn different ticks."""
    draws = set()
    for seed in seeds:
        found = _ticks(seed, tmp_path)
        assert len(found) >= 4
        ticks = [tick for tick, *_ in found]
        assert ticks == sorted(ticks) and len(set(ticks)) == len(ticks), ticks
        questions = [question for *_, question in found]
        assert len(set(questions)) == len(questions), questions
        for (tick, prompt, _end, _q), before in zip(found[1:], found, strict=False):
            moved = tick != before[2]
            assert prompt.startswith("Later in the same search: tick ") == moved, (tick, prompt)
            if moved:
                assert prompt.startswith(f"Later in the same search: tick {tick}.")
        draws.add(tuple(ticks))
    assert len(draws) >= 4


def test_the_moment_is_said_in_every_language(tmp_path: Path) -> None:
    for code, first, later in (
        ("it", "La scacchiera mostra questa ricerca al tick", "Più avanti nella stessa ricerca"),
        ("pl", "Szachownica pokazuje to przeszukiwanie w kroku", "Dalej w tym samym"),
    ):
        with speaking(code):
            run = quiz_run(lesson("iterative"), 1, tmp_path / f"{code}.json")
            questions = waiting(run)
            asked = next(questions)  # the search just set up: its moment said plainly
            assert asked.posed.prompt.startswith(first), asked.posed.prompt
            run.reveal()
            asked = next(questions)
            assert asked.posed.prompt.startswith(later), asked.posed.prompt


@pytest.mark.parametrize(
    "lesson_id", sweep(["diagonals", "iterative", "recipe"], everyday=["recipe"])
)
def test_the_last_questions_board_stays_to_the_end(tmp_path: Path, lesson_id: str) -> None:
    """After the quiz's last answer the board is the one just asked about, on the
    "Lesson complete!" screen too, not an earlier page's."""
    run = quiz_run(lesson(lesson_id), 7, tmp_path / "p.json")
    last = None
    for asked in waiting(run):
        run.reveal()
        if run.engine is not None and KINDS[asked.question.kind].board:
            last = (run.engine.tick, run.engine.snapshot)
    assert last is not None
    while not run.page_done:
        run.go_on()
    run.next_page()
    assert run.finished
    assert run.engine is not None
    assert (run.engine.tick, run.engine.snapshot) == last


def test_a_placequeens_question_shows_no_answer_in_q_and_names_attackers() -> None:
    """No drawn situation where q[] already shows the answer; tick 17 on 6 x 6 (row 3's queen lands
    on column 1): columns 3 and 5 told their attackers, rows 0 and 2's queens."""
    text = "@lesson s\n@title S\n@page P\n@board n=6 algorithm=recursive\n@step 30\n"
    parsed = parse(text + "@question next-choice\n@end\n", "s.md").lesson
    assert parsed is not None
    stage = Stage()
    question = None
    for block in parsed.pages[0].blocks:
        if isinstance(block, Question):
            question = block
        elif not isinstance(block, Text):
            stage.apply(block)
    assert question is not None and stage.engine is not None
    ticks = situations(question, stage)
    assert ticks
    stale = 0
    for tick in range(stage.engine.tick, stage.engine.tick + 40):
        move_to(stage.engine, tick)
        try:
            posed = pose(question, stage.session)
        except QuizError:
            continue
        row = int(posed.values["row"])
        q = [entry.strip() for entry in posed.values["q"].strip("[]").split(",")]
        if q[row] == posed.expected:  # tick 47: q[3] = 1 kept, and row 3's queen lands on 1
            stale += 1
            assert tick not in ticks, (tick, posed.values)
    assert stale  # the board has such situations: none is drawn
    # Tick 17 of placeQueens on 6 x 6 (row 3's queen lands on column 1): columns 3 and 5 are told
    # their attackers, rows 0 and 2's queens.
    i18n.set_language("en")
    session = BoardSession("recursive", 6, lesson=True)
    for _ in range(17):
        session.tick_forward()
    posed = pose(Question(line=1, kind="next-choice"), session)
    assert posed.values["q"].startswith("[0, 2, 4, -1") and posed.expected == "1"
    assert "row 0, column 0 attacks row 3, column 3" in posed.wrong["3"], posed.wrong["3"]
    assert "row 2, column 4 attacks row 3, column 5" in posed.wrong["5"], posed.wrong["5"]


def _quiz_pool(lesson: Lesson) -> tuple[int, list[tuple[int, str, int]]]:
    """The last tick the practice played on the quiz's board, and each situation the quiz's
    next-choice may be drawn at: (tick, answer, ticks it plays)."""
    stage = Stage()
    avoid = practice_situations(lesson)
    played: dict[tuple[str, int], int] = {}
    for page in lesson.pages:
        for block in page.blocks:
            if isinstance(block, Text):
                continue
            engine = stage.engine
            if not isinstance(block, Question):
                stage.apply(block)
                continue
            if engine is None:
                continue
            if page.scored and block.kind == "next-choice":
                last = played.get((engine.method, engine.n), -1)
                start, pool = engine.tick, []
                for tick in situations(block, stage, avoid):
                    back_to(engine, start)
                    while engine.tick < tick:
                        step(engine)
                    posed = pose(block, stage.session)
                    pool.append((tick, posed.expected, posed.play))
                back_to(engine, start)
                return last, pool
            try:
                posed = pose(block, stage.session)
            except QuizError:
                continue
            engine.run(Stop.END, max_ticks=posed.play)
            if not page.scored:
                key = (engine.method, engine.n)
                played[key] = max(played.get(key, -1), engine.tick)
    raise AssertionError("the lesson's quiz asks no next-choice")


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
def test_lesson_8_quiz_asks_past_what_page_2_played_and_never_a_backtrack_read_off(
    lang: str,
) -> None:
    last, pool = _quiz_pool(lesson_in(lang, "recipe"))
    assert last > 0 and pool
    assert all(tick > last for tick, _, _ in pool), (last, pool)
    # a backtrack in one tick is one whose queen already stood in the top row: nothing to
    # work out
    assert not [tick for tick, answer, ticks in pool if answer == "backtrack" and ticks == 1]


MOMENT_SEEDS = (1, 7, 99)


def _moments(lesson_id: str, seed: int, path: Path) -> list[tuple[bool, str]]:
    """(whether a question about the live board was asked on this search before, the first
    line of its prompt) of each question drawn on the live board."""
    run = quiz_run(lesson(lesson_id), seed, path / f"{lesson_id}-{seed}.json")
    found: list[tuple[bool, str]] = []
    for asked in waiting(run):
        if asked.instance.startswith("tick="):
            found.append((bool(found), asked.posed.prompt.splitlines()[0]))
        run.reveal()
    return found


def test_a_quiz_draws_no_tick_a_practice_answers_feedback_told() -> None:
    """A practice next-choice at tick 4 of the 5 x 5 loop plays to tick 9, its feedback telling
    each square tested: the quiz's attacker question on that board is drawn at none of them."""
    text = (
        "@lesson t\n@title T\n@page P\n@board n=5\n@step 4\n@question next-choice\n@end\n"
        "@quiz\n@board n=5\n@step 7\n@question attacker\n@end\n"
    )
    lesson = parse(text, "t.md").lesson
    assert lesson is not None
    practice = next(each for each in played(lesson) if not each.scored)
    assert practice.play == 5
    stage = Stage()
    for block in lesson.pages[1].blocks[:-1]:
        stage.apply(block)
    drawn = situations(lesson.pages[1].questions[0], stage, practice_situations(lesson))
    assert drawn and not set(drawn) & set(range(4, 10)), drawn


@pytest.mark.parametrize("seed", sweep(MOMENT_SEEDS, everyday=[1]))
@pytest.mark.parametrize("lesson_id", ["diagonals", "iterative", "recursive", "recipe"])
def test_the_same_search_only_once_it_was_seen(tmp_path: Path, lesson_id: str, seed: int) -> None:
    with speaking("en"):
        found = _moments(lesson_id, seed, tmp_path)
    assert found
    for seen, first in found:
        if not seen:
            assert "same search" not in first, (lesson_id, seed, first)
    # Each of these quizzes sets its board up just before its first question about it.
    first_lines = [first for seen, first in found if not seen]
    assert all(
        line.startswith("The board shows this search at tick ") or "tick" not in line
        for line in first_lines
    )


def _quiz(language: str) -> list[Question]:
    lesson = built_in("recursive", language)
    quiz = next(page for page in lesson.pages if page.scored)
    return list(quiz.questions)


def _solutions(n: int) -> tuple[int, int]:
    """The full boards the Turin notes' placeQueens writes on an n x n search to its end, and
    its calls."""
    engine, calls = make_engine("recursive", n, Mode.ALL, None), 0
    while engine.run(Stop.TICK, max_ticks=1).ticks:
        calls += engine.last_kind is Kind.CALL
    return len(engine.snapshot().solutions), calls


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_lesson_6_quiz_asks_what_a_line_does_not_where_it_is(language: str) -> None:
    """numSolutions++ runs once a solution of the 4 x 4 search, a count typed (no choice's place
    in a list a restart reorders), once and once a call told why; the bool question asks what
    the value tells, its choices alike in length; wrong ones say why."""
    asked = [q for q in _quiz(language) if "numSolutions++" in q.prompt and "4 x 4" in q.prompt]
    assert len(asked) == 1 and asked[0].kind == "number"
    solutions, calls = _solutions(4)
    assert asked[0].answer == str(solutions) and {n for n, _ in asked[0].wrong} == {"1", str(calls)}
    asked = [q for q in _quiz(language) if "bool" in q.prompt and "void" in q.prompt]
    assert len(asked) == 1
    lengths = [len(c.text) for c in asked[0].choices]
    # the right choice is not told by its length
    assert max(lengths) < 1.5 * min(lengths), lengths
    assert all(c.why for c in asked[0].choices if not c.correct)


LANGUAGES = ("en", "it", "pl")


def _cost(language: str) -> Lesson:
    i18n.set_language(language)
    return next(each for each in load_catalog(language).lessons if each.id == "cost")


@pytest.mark.parametrize("language", sweep(LANGUAGES, everyday=["pl"]))
def test_a_page_before_the_quiz_lets_the_student_step_the_7_by_7_board(language: str) -> None:
    lesson = _cost(language)
    quiz = next(index for index, page in enumerate(lesson.pages) if page.scored)
    page = lesson.pages[quiz - 1]
    boards = [block for block in page.blocks if isinstance(block, BoardOp)]
    assert [board.n for board in boards] == [7], boards
    run = LessonRun(lesson, None, page=quiz - 1)
    assert run.asked is None and run.can_explore
    engine = run.stage.engine
    assert engine is not None and engine.n == 7 and engine.tick == 0  # at its start
    backtracks = 0
    while not engine.finished and engine.run(Stop.BACKTRACK).reached:
        if engine.last_kind is Kind.BACKTRACK:
            backtracks += 1
        if engine.last_kind is Kind.SOLUTION:
            break
    assert backtracks == facts.work(7).backtracks == 2  # what the student counts
    # the quiz still asks about 7 x 7, and no page prints its answer
    asked = [b for b in lesson.pages[quiz].blocks if isinstance(b, Question) and b.kind == "work"]
    assert asked and all("7" in b.params["pool"].split(",") for b in asked)
    # the hint names this page by its number (the page before the quiz: page `quiz`, from 1)
    assert all(str(quiz) in question.hint for question in asked), [q.hint for q in asked]
    assert not [e for e in check_file(lesson.path, warnings=True) if e.warning]
    text = " ".join(b.markdown for b in page.blocks if isinstance(b, Text))
    assert "7 x 7" in text and "<kbd>b</kbd>" in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_zero_backtracks_on_7_by_7_is_told_why_without_the_answer(language: str) -> None:
    i18n.set_language(language)
    posed = pose(Question(1, "work", {"n": "7", "of": "backtracks"}), None)
    assert posed.expected == "2"
    said = posed.check("0").message
    assert not posed.check("0").correct
    assert "0" in posed.wrong and posed.wrong["0"] in said, said  # its own reason, not generic
    assert "3" in said and "1" in said  # column 3's queen first in row 1
    assert "2" not in said, said  # never the answer
    five = pose(Question(1, "work", {"n": "5", "of": "backtracks"}), None)
    assert five.check("0").correct  # 5 x 5 has none: 0 is its answer


GIVEN_AWAY = """@lesson given
@title Given away
@summary S

@page Columns
One queen per column: for n = 8 that is 8^8 = 16,777,216 placements.

@quiz
@question search-space method=columns n=8
@end
"""


def test_numbers_are_read_with_any_thousands_separator() -> None:
    found = list(numbers_in("8^8 = 16,777,216 and 16.777.216 and 16 777 216, or 1820."))
    assert found == [8, 8, 16777216, 16777216, 16777216, 1820]
    assert list(numbers_in("by 0, 90, 180 and 270 degrees, 90 gradi, 45°: 180 tries")) == [180]


def test_every_instance_a_student_may_draw_is_looked_for(tmp_path: Path) -> None:
    # Drawn from 4..8: n = 4 is printed (256) though the lesson's own n = 6 is not.
    text = (
        GIVEN_AWAY.replace("16,777,216", "many")
        .replace("n=8\n@end", "n=6 pool=4..8\n@end")
        .replace("placements.", "placements; 256 on 4 x 4.")
    )
    path = tmp_path / "given.md"
    path.write_text(text, encoding="utf-8")
    found = [str(e) for e in check_file(path, warnings=True)]
    assert len(found) == 1 and found[0].startswith(f"{path}:6: warning: 256 here")
    assert "n=4" in found[0]


def test_an_answer_printed_before_the_quiz_is_a_warning_at_its_line(tmp_path: Path) -> None:
    """Said at its line by lessons check (exit 0, one summary line), never an error: the lesson
    works."""
    path = tmp_path / "given.md"
    path.write_text(GIVEN_AWAY, encoding="utf-8")
    result = run_main("lessons", "check", str(path))
    assert result.status == 0
    assert f"{path}:6: warning: 16777216 here" in result.out
    assert result.out.splitlines()[-1].endswith(
        "no errors, 1 warning (the lessons work; a teacher should look)"
    )
    assert result.err == ""  # one summary line on one stream
    found = check_text(GIVEN_AWAY, "given.md", warnings=True)
    assert [str(error) for error in found] == [
        "given.md:6: warning: 16777216 here is the answer to the question at line 9 "
        "(@question search-space method=columns n=8): a student who remembers it is right "
        "without understanding; ask about another instance, or leave the number out of this "
        "page"
    ]
    assert check_text(GIVEN_AWAY, "given.md") == []  # not an error: the lesson works


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
def test_no_built_in_quiz_answer_is_printed_before_its_quiz(lang: str) -> None:
    for each in load_catalog(lang).lessons:
        warned = [e for e in check_file(each.path, warnings=True) if e.warning]
        assert warned == [], [str(e) for e in warned]


def _orbit_questions() -> list[tuple[object, str, Question]]:
    i18n.set_language("en")
    lesson = next(le for le in load_catalog("en").lessons if le.id == "symmetry")
    index = next(i for i, page in enumerate(lesson.pages) if page.scored)
    questions = [b for b in lesson.pages[index].blocks if isinstance(b, Question)]
    return [
        (lesson, f"{index}.{number}", q) for number, q in enumerate(questions) if q.kind == "orbit"
    ]


@pytest.mark.parametrize("seeds", sweep([range(1, 60), range(1, 200)], everyday=[range(1, 60)]))
def test_orbit_questions_draw_orbits_of_4_and_8_from_several_sizes(seeds: range) -> None:
    """Sixty students in the everyday run, two hundred in the thorough tier."""
    (lesson, key, question), (_, key2, question2) = _orbit_questions()
    sizes: Counter[int] = Counter()
    boards: set[int] = set()
    for seed in seeds:
        mine = draw(question, seed, key, lesson)  # type: ignore[arg-type]
        assert mine == draw(question, seed, key, lesson)  # type: ignore[arg-type]
        b = tuple(int(v) for v in mine.params["b"].strip("[]").split(","))
        assert b not in {(1, 3, 0, 2), (2, 0, 3, 1)}  # lesson 7's practice 4 x 4 orbit
        posed = pose(mine, None)
        assert posed.expected == str(orbit_size(mine.params))
        sizes[orbit_size(mine.params)] += 1
        boards.add(len(posed.placement))
        # The page's second orbit question: an orbit of another size than the first's.
        other = draw(question2, seed, key2, lesson, taken=[mine.params])  # type: ignore[arg-type]
        assert orbit_size(other.params) != orbit_size(mine.params)
    # The pool (n from 4 to 8) has orbits of 2 too, the practice 4 x 4 one and 5 x 5's
    # [1, 4, 2, 0, 3]: never drawn (a 5 x 5 orbit would tell part of Q4's count of the 5 x 5
    # board's unique solutions); nor a 1 x 1 board, which teaches nothing of orbits.
    assert set(sizes) == {4, 8}
    assert min(sizes.values()) > len(seeds) // 8  # each a fair share of the students
    assert len(boards) >= 2 and min(boards) >= 4  # 6 x 6 is Q1's, 4 x 4 the practice's


def test_an_orbit_pool_is_checked() -> None:
    lesson = GIVEN_AWAY.split("@quiz")[0] + "@quiz\n@question orbit b=[1,3,0,2] pool=x\n@end\n"
    assert any("pool" in str(e) for e in check_text(lesson, "o.md"))
    good = dataclasses.replace(Question(1, "orbit", {"b": "[1,3,0,2]", "pool": "1,4"}), prompt="")
    assert pose(good, None).expected == "2"


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_no_quiz_keeps_its_right_choices_in_one_place(language: str) -> None:
    """No three choice questions in a row of a quiz have the right choice at the same place."""
    for each in load_catalog(language).lessons:
        places = [
            [index for index, choice in enumerate(question.choices) if choice.correct]
            for page in each.pages
            if page.scored
            for question in page.questions
            if question.kind == "choice"
        ]
        for first, second, third in zip(places, places[1:], places[2:], strict=False):
            assert not first == second == third, (each.id, places)


LESSONS = tuple(lesson.id for lesson in load_catalog("en").lessons)
"""Every built-in lesson, as the catalog lists them."""


def _met(run: LessonRun) -> tuple[list[Met], int | None]:
    """Each question of the run's quiz page as the student meets it, its answer shown, and
    the size of the board its questions about the live board are asked on."""
    met: list[Met] = []
    n = None
    for asked in waiting(run):
        engine = run.engine
        queens = landed = None
        if asked.question.kind in LIVE and engine is not None:
            queens = placed(engine)
            n = engine.n
            drawer = KINDS[asked.question.kind].drawer
            if isinstance(drawer, OnBoard) and drawer.plays:
                start = engine.tick
                landed = landing(engine)
                back_to(engine, start)
        met.append(Met(asked.question.line, asked.question.kind, asked.posed, queens, landed))
        run.reveal()
    return met, n


def _listed(lesson: Lesson, n: int | None) -> list[tuple[int, ...]]:
    """The solutions the pages before the lesson's quiz listed, of the quiz board's size."""
    quiz = quiz_page(lesson)
    before = next(each.listed for each in played(lesson) if each.key.startswith(f"{quiz}."))
    return [b for b in before if len(b) == n]


@pytest.mark.slow(6)
@pytest.mark.parametrize(
    ("lang", "seeds"),
    sweep(
        [
            (lang, seeds)
            for lang in ("en", "it", "pl")
            for seeds in (range(1, 2), range(2, 6), range(6, 21))
        ],
        everyday=[("en", range(1, 2))],
        several=True,
    ),
)
def test_no_quiz_question_is_answered_before_it_is_asked(
    tmp_path: Path, lang: str, seeds: range
) -> None:
    found: list[tuple[str, int, int, int | None]] = []
    for lesson_id in LESSONS:
        lesson = lesson_in(lang, lesson_id)
        for seed in seeds:
            run = quiz_run(lesson, seed, tmp_path / f"{lesson_id}-{seed}.json")
            met, n = _met(run)
            found += [(lesson_id, seed, *each) for each in told_on_page(met, _listed(lesson, n))]
    assert not found, found


def _posed(expected: str, wrong: dict[str, str] | None = None) -> Posed:
    return Posed(
        kind="next-choice",
        prompt="Where?",
        answer_type=AnswerType.NUMBER,
        expected=expected,
        explanation="",
        wrong=wrong or {},
    )


def test_the_check_finds_an_answer_told_on_the_same_columns_visit() -> None:
    """Lesson 5's quiz as a student met it: Q3's feedback to the slip 5 ("b[3] after a whole
    iteration") was Q4's answer, where column 3 waited with the same queens placed."""
    queens = ((0, 1), (1, 3), (2, 0))
    slip = _posed("3", {"5": "That is b[3] after a whole iteration."})
    told = [Met(177, "next-state", slip, queens), Met(179, "next-choice", _posed("5"), queens)]
    assert told_on_page(told) == [(179, 177)]
    moved = ((0, 1), (1, 3), (2, 0), (3, 5))
    assert told_on_page([told[0], Met(179, "next-choice", _posed("5"), moved)]) == []
    landed = ((0, 1), (1, 3), (2, 0), (3, 2), (4, 4))
    listed = [(1, 3, 0, 2, 4)]
    met = Met(183, "next-choice", _posed("4"), landed[:4], landed)
    assert told_on_page([met], listed) == [(183, None)]
    assert told_on_page([met], [(0, 2, 4, 1, 3)]) == []


@pytest.mark.parametrize("lesson_id", sweep(LESSONS, everyday=["recursive"]))
def test_a_restarted_quiz_asks_each_question_anew(tmp_path: Path, lesson_id: str) -> None:
    """Lesson 6's restart asked Q1 to Q4 word for word: a choice question's choices come in
    another order; every question a kind draws per student, another instance."""
    lesson = lesson_in("en", lesson_id)
    for seed in (1, 2):
        run = quiz_run(lesson, seed, tmp_path / f"{seed}.json")
        first = _asked(run)
        run.restart()
        while run.page_index != quiz_page(lesson):
            run.goto(quiz_page(lesson))
        again = _asked(run)
        assert first.keys() == again.keys()
        for key, (kind, words, own) in first.items():
            drawer = KINDS[kind].drawer
            if (drawer.reorders and len(own.choices) > 1) or (drawer.varied and len(pool(own)) > 1):
                assert again[key][1] != words, (lesson_id, seed, key, kind)


def _asked(run: LessonRun) -> dict[str, tuple[str, tuple[str, ...], object]]:
    """Each question of the quiz page: its kind, what the student reads (prompt, choices,
    the board's tick) and the lesson's own question."""
    found: dict[str, tuple[str, tuple[str, ...], object]] = {}
    for asked in waiting(run):
        page = run.lesson.pages[run.page_index]
        own = page.questions[int(asked.key.split(".")[1])]
        tick = str(run.engine.tick) if run.engine is not None else ""
        words = (asked.posed.prompt, *asked.posed.choices, tick)
        found[asked.key] = (asked.question.kind, words, own)
        run.reveal()
    return found
