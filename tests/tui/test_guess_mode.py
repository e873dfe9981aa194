"""Guess mode on the main screen, for every method: the question, the answers, the tally and what
is hidden, the expected answers read from a second engine's own events (not from the tutor's
guess code); a yes or no typed as a whole word, in every language, full screen and plain."""

from __future__ import annotations

import io
from typing import Any

import pytest

from lessons import i18n
from solver.guess.question import Question
from solver.guess.stage import Stage
from solver.methods.iterative.engine import IterativeEngine
from solver.methods.maze.maze import WALL
from solver.methods.maze.mazes import MazeSnapshot
from solver.registry import steppable_methods, stepped
from solver.session.board import BoardSession
from solver.stepping import Mode, SteppableSearch, Stop
from solver.views.frame import Mark
from tests.tiers import method_sweep, sweep
from tests.tui.engine_truth import fresh, played_iteration, played_tick
from tests.tui.guess_keys import lecture_rule
from tests.tui.screen_text import lines, main_opened, pane, pressed, wait_for
from tui.app import QueensTutorApp
from tui.plain.board_words import PlainBoard
from tui.plain.output import Out
from tui.screens.main_screen import MainScreen

SIZE = (80, 24)
METHODS = steppable_methods()
# Every run: the first method, and each whose search is no queens' (the maze).
EVERYDAY = method_sweep(
    METHODS, everyday=[METHODS[0], *(name for name in METHODS if not stepped(name).queens)]
)
TESTING = [case for case in EVERYDAY if stepped(getattr(case, "values", (case,))[0]).tests_squares]
"""The methods whose ticks test squares (or moves): a tick asks about the square it tests."""
GIVEAWAYS = {Mark.ATTACKED, Mark.CANDIDATE, Mark.LINE_ROW, Mark.LINE_COL, Mark.LINE_FALLING}
GIVEAWAYS |= {Mark.LINE_RISING}


def app_for(method: str, n: int = 5) -> QueensTutorApp:
    maze = None if stepped(method).queens else "detour"
    return QueensTutorApp(n, method=method, maze=maze, guess=True)


def status_text(app: QueensTutorApp) -> str:
    return "\n".join(lines(pane(app, "status")))


def narration(app: QueensTutorApp) -> str:
    return " ".join(lines(pane(app, "narration")))


def shown_marks(screen: MainScreen) -> set[Mark]:
    return {mark for line in screen.session.frame().board.squares for mark in line}


def hidden_cells(screen: MainScreen) -> set[tuple[str, int]]:
    tables = screen.session.frame().tables
    return {(r.label, i) for r in tables.rows for i, c in enumerate(r.cells) if c.text == "?"}


def turin_cells(screen: MainScreen, tick: int) -> set[tuple[str, int]]:
    """The cells the Turin notes' test reads for the engine's next TryColumn."""
    engine = fresh("recursive", screen.session.n, tick)
    engine.run(Stop.TICK, max_ticks=1)
    event = engine.snapshot().last_event  # type: ignore[attr-defined]
    i, j, n = event.row, event.col, screen.session.n
    return {("c", j), ("a", i + j), ("b", i - j + n - 1)}


async def open_tick_question(pilot: Any, screen: MainScreen) -> None:
    for _ in range(12):
        await pilot.press("space")
        if screen.session.game.question is not None:
            return
    raise AssertionError("no tick asked a question")


def yes_key(screen: MainScreen, free: bool) -> str:
    """The key that says ``free``: y is "free", except for a question about one comparison with
    one queen (the edutecnica page's sicura: "does it attack?")."""
    question = screen.session.game.question
    assert question is not None and question.test is not None
    if question.test.against is not None:
        return "n" if free else "y"
    return "y" if free else "n"


RULE_KEYS = {"line": "1", "sum": "2", "diff": "3"}


def into_a_wall(screen: MainScreen) -> bool:
    """The maze's last tick tried a step into a wall (read from the maze's own rows)."""
    snapshot = screen.session.engine.snapshot()
    if not isinstance(snapshot, MazeSnapshot) or snapshot.trying is None:
        return False
    r, c = snapshot.trying
    rows = snapshot.maze.rows
    return 0 <= r < len(rows) and 0 <= c < len(rows[r]) and rows[r][c] == WALL


@pytest.mark.parametrize("method", TESTING)
async def test_tick_questions_graded_by_the_engine(method: str) -> None:
    app = app_for(method)
    async with main_opened(app, SIZE) as (pilot, screen):
        right = asked = 0
        wrong_seen = attacked_seen = False
        for _round in range(8):
            await open_tick_question(pilot, screen)
            tick = screen.session.engine.tick
            free, rules = played_tick(method, screen.session.n, tick)
            # While asked: nothing on the board answers it, the narration is the question.
            assert not shown_marks(screen) & GIVEAWAYS
            board = "\n".join(lines(pane(app, "board")))
            assert app.glyphs.attacked not in board or not stepped(method).queens
            assert "?" in narration(app)
            assert screen.session.engine.tick == tick  # asking plays nothing
            question = screen.session.game.question
            assert question is not None and question.test is not None
            assert hidden_cells(screen) == set(question.test.reads)  # "?" where it could be read
            answer_right = wrong_seen or not (attacked_seen and free is False)
            if free is False:
                attacked_seen = True
            if answer_right:
                await pilot.press(yes_key(screen, free))
                right += 1
                asked += 1
                if rules:  # attacked and right: which rule?
                    assert screen.session.game.question is not None
                    assert screen.session.engine.tick == tick  # still hidden, still not played
                    assert not shown_marks(screen) & GIVEAWAYS
                    await pilot.press(RULE_KEYS[sorted(rules)[0]])
                    right += 1
                    asked += 1
                    assert narration(app).startswith("Right!")
            else:
                await pilot.press(yes_key(screen, not free))
                asked += 1
                wrong_seen = True
                text = narration(app)
                assert text.startswith("Wrong:")
                if stepped(method).queens:  # the attacking queen and its rule, with the numbers
                    assert "queen" in text
                    assert any(word in text for word in ("same row", "same column", "same col+"))
                    assert Mark.CANDIDATE in shown_marks(screen)  # the board shows it
                    assert Mark.ATTACKER in shown_marks(screen)
            assert screen.session.game.question is None
            assert screen.session.engine.tick == tick + 1  # the answer plays the step
            assert not hidden_cells(screen)
            if not free and not into_a_wall(screen):  # shown again: found attacked
                assert Mark.CANDIDATE in shown_marks(screen)
            elif not free:  # a wall stays a wall, the cursor on it
                assert Mark.CANDIDATE not in shown_marks(screen)
            assert f"guesses {right}/{asked}" in status_text(app)
        assert wrong_seen, "no attacked square was asked about"
        streak = screen.session.game.tally.streak
        assert f"guesses {right}/{asked}  streak {streak}" in status_text(app)


async def test_the_turin_notes_hide_the_cells_their_test_reads() -> None:
    """c[j], a[i+j] and b[i-j+n-1] (read from a second engine) show "?" while asked."""
    app = app_for("recursive")
    async with main_opened(app, SIZE) as (pilot, screen):
        for _round in range(3):
            await open_tick_question(pilot, screen)
            tick = screen.session.engine.tick
            assert hidden_cells(screen) == turin_cells(screen, tick)
            await pilot.press("escape")
            await pilot.press("g", "space", "g")  # guess mode off: the tick plays


@pytest.mark.parametrize("method", EVERYDAY)
async def test_iteration_questions_graded_by_the_engine(method: str) -> None:
    app = app_for(method)
    async with main_opened(app, SIZE) as (pilot, screen):
        for _round in range(4):
            await pilot.press("enter")
            if screen.session.game.question is None:
                continue  # this iteration ends in no placement or backtrack: it just played
            tick = screen.session.engine.tick
            landing = played_iteration(method, screen.session.n, tick)
            assert not shown_marks(screen) & GIVEAWAYS
            tally = screen.session.game.tally
            if _round % 2 == 0:  # right
                await pilot.press("b" if landing is None else str(landing))
                assert narration(app).startswith("Right!")
                assert screen.session.game.tally.right == tally.right + 1
            else:  # wrong: a backtrack guessed for a landing, or a landing for a backtrack
                wrong = "b" if landing is not None else ("0" if stepped(method).queens else "down")
                await pilot.press(wrong)
                assert narration(app).startswith("Wrong")
                assert screen.session.game.tally.right == tally.right
                assert screen.session.game.tally.streak == 0
            assert screen.session.game.tally.asked == tally.asked + 1
            end = fresh(method, screen.session.n, tick)
            end.run(Stop.ITERATION)
            assert screen.session.engine.tick == end.tick  # the answer played the iteration


ATTACKED = (
    "Wrong: column 1, row 1 is attacked by the queen in column 0, row 0: same row-col diagonal"
)
WRONG_ROWS = [
    (4, "01", ATTACKED + ": 1-1 = 0 = 0-0", {(1, 1): Mark.CANDIDATE, (0, 0): Mark.ATTACKER}),
    (5, "04", "Wrong: column 1, row 2 is free, and the loop tries it before", {}),
]


@pytest.mark.parametrize(("n", "rows", "said", "marks"), WRONG_ROWS)
async def test_a_wrong_row_is_told_why_and_the_queen_lands_where_the_loop_puts_it(
    n: int, rows: str, said: str, marks: dict[tuple[int, int], Mark]
) -> None:
    app = QueensTutorApp(n, guess=True)
    async with main_opened(app, SIZE) as (pilot, screen):
        await pilot.press("enter", rows[0], "enter", rows[1])  # column 0 right, column 1 wrong
        assert screen.session.game.tally.right == 1 and screen.session.game.tally.asked == 2
        assert narration(app).startswith(said), narration(app)
        assert screen.session.engine.snapshot().b[:2] == (0, 2)  # type: ignore[attr-defined]
        squares = screen.session.frame().board.squares  # row 0 at the bottom
        for (col, row), mark in {**marks, (1, 2): Mark.QUEEN}.items():
            assert squares[n - 1 - row][col] is mark, (col, row)


async def test_two_digits_on_a_board_of_twelve() -> None:
    app = QueensTutorApp(12, guess=True)
    async with main_opened(app, SIZE) as (pilot, screen):
        await pilot.press("enter", "0")
        question = screen.session.game.question
        assert question is not None  # "0" may go on as "05": it waits
        assert "Typed: 0" in narration(app)
        await pilot.press("enter")  # enter takes the digit typed
        assert screen.session.game.tally.asked == 1 and screen.session.game.tally.right == 1
        await pilot.press("enter", "2")  # no row 20 or more: 2 is a whole answer at once
        assert screen.session.game.tally.asked == 2 and screen.session.game.tally.right == 2
        await pilot.press("enter", "1", "1")  # 11: a row of the board, typed in two digits
        assert screen.session.game.tally.asked == 3
        await pilot.press("enter", "1")  # 1, or 10, or 11: the typing window decides
        assert screen.session.game.question is not None
        await wait_for(pilot, lambda: screen.session.game.question is None, timeout=5)
        assert screen.session.game.tally.asked == 4


async def test_keys_answer_only_while_asked_and_g_toggles_guessing_keeping_the_tally() -> None:
    """And a notice while a question waits goes to the status lines, never over it."""
    app = QueensTutorApp(5, guess=True)
    async with main_opened(app, SIZE, notifications=True) as (pilot, screen):
        game = screen.session.game
        await pilot.press("space")  # b[0]=0; k=1: the loop calls no isfree, nothing is asked
        assert game.question is None and screen.session.engine.tick == 1
        await pilot.press("space")
        assert game.question is not None
        asked = lines(pane(app, "narration"))
        await pilot.press("i")  # a step while the question waits: the reminder
        reminder = "Answer the question first"
        await wait_for(pilot, lambda: reminder in " ".join(lines(pane(app, "status"))))
        await pilot.pause()
        assert not list(app.screen.query("Toast"))
        assert reminder in " ".join(" ".join(lines(pane(app, "status"))).split())
        assert lines(pane(app, "narration")) == asked and screen.session.engine.tick == 1
        await pilot.press("escape")  # dropped, nothing counted, nothing played
        assert game.question is None and screen.session.engine.tick == 1
        assert game.tally.asked == 0
        await pilot.press("space", "y")
        tally = f"guesses {game.tally.right}/1  streak {game.tally.streak}"
        assert tally in status_text(app)
        assert Mark.ATTACKED not in shown_marks(screen)
        await pilot.press("g")  # off: every mark again, the overlay's line back
        assert Mark.ATTACKED in shown_marks(screen)
        assert "guesses" not in status_text(app) and "overlay off" in status_text(app)
        await pilot.press("g")
        assert tally in status_text(app) and Mark.ATTACKED not in shown_marks(screen)
        await pilot.press("space")  # a question open again
        tick = screen.session.engine.tick
        assert game.question is not None
        await pilot.press("left")  # back still works, and drops the question
        assert game.question is None and screen.session.engine.tick == tick - 1
        await pilot.press("b")  # no question: b runs to the next backtrack again
        await wait_for(pilot, lambda: screen.session.engine.tick > tick)


def truly_free(engine: SteppableSearch, question: Question) -> bool:
    """The square asked about is free, by the Wrocław lecture's isfree on the board's b."""
    assert isinstance(engine, IterativeEngine) and question.test is not None
    return lecture_rule(tuple(engine.b), *question.test.square) is None


WORDS = [
    ("en", "yes", True),
    ("en", "no", False),
    ("it", "sì", True),
    ("it", "si", True),
    ("it", "no", False),
    ("pl", "tak", True),
    ("pl", "nie", False),
    ("pl", "yes", True),  # English words in every language
]


async def next_yes_or_no(pilot: Any, screen: MainScreen) -> Question:
    """Space until a tick asks whether a square is free (or a rule's question is dropped)."""
    for _ in range(12):
        await pilot.press("space")
        question = screen.session.game.question
        if question is not None and question.stage is Stage.FREE:
            return question
        if question is not None:
            await pilot.press("escape")
    raise AssertionError("no yes/no question in 12 ticks")


@pytest.mark.parametrize("language", sweep(["pl", "en", "it"], everyday=["pl"]))
async def test_a_whole_word_answers_once_and_runs_nothing(language: str) -> None:
    """Each yes or no word of the language (and English): one answer, read as the word it is,
    the tick asked about played and nothing more (Polish "tak" holds the keys t and a)."""
    i18n.set_language(language)
    app = QueensTutorApp(4, guess=True)
    async with main_opened(app, (80, 24)) as (pilot, screen):
        session = screen.session
        for word, yes in [(word, yes) for lang, word, yes in WORDS if lang == language]:
            question = await next_yes_or_no(pilot, screen)
            tick, asked, right = (
                session.engine.tick,
                session.game.tally.asked,
                session.game.tally.right,
            )
            free = truly_free(session.engine, question)
            await pressed(pilot, *word, "enter")
            assert session.game.tally.asked == asked + 1, word  # one answer, not one a letter
            # The tick asked about, nothing run after it (a right "attacked" asks the rule).
            played = tick if (free, yes) == (False, False) else tick + 1
            assert session.engine.tick == played, word
            assert session.engine.mode is Mode.FIRST  # not the a of tak
            assert screen.tree_follower is None  # not t
            assert app.screen is screen  # not o: the place board is not open
            assert session.game.tally.right == right + (free == yes), word
            await pressed(pilot, "space")  # the word is over: the keys are the screen's again
            assert session.engine.tick > played or session.game.question is not None
            if session.game.question is not None:
                await pilot.press("escape")


@pytest.mark.parametrize(("language", "word", "yes"), WORDS)
def test_the_plain_tutor_reads_the_same_words(language: str, word: str, yes: bool) -> None:
    i18n.set_language(language)
    session = BoardSession(n=4, guessing=True)
    board = PlainBoard(Out(io.StringIO()), session)
    for _ in range(8):
        board.tick()
        question = session.game.question
        if question is not None and question.stage is Stage.FREE:
            break
    else:
        pytest.fail("no yes/no question in 8 ticks")
    asked, right = session.game.tally.asked, session.game.tally.right
    free = truly_free(session.engine, question)
    assert not board.answer("perhaps")  # not a yes or no: refused, nothing counted
    assert board.answer(word)
    assert session.game.tally.asked == asked + 1
    assert session.game.tally.right == right + (free == yes)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ("up", "right", "down", "left")),
        ("it", ("su", "destra", "giù", "sinistra")),
        ("it", ("SU", "Destra", "giu", "sinistra")),
        ("pl", ("góra", "prawo", "dół", "lewo")),
        ("pl", ("gora", "prawo", "dol", "lewo")),
        ("pl", ("up", "right", "down", "left")),  # English in every language
    ],
)
def test_the_plain_tutor_takes_the_maze_moves_as_the_narration_names_them(
    language: str, words: tuple[str, ...]
) -> None:
    """The maze's next step was read in English only (destra: no such command)."""
    i18n.set_language(language)
    for word in words:
        session = BoardSession("maze", 4, Mode.FIRST, "corridor", guessing=True)
        board = PlainBoard(Out(io.StringIO()), session)
        board.iteration()  # guess mode asks where the path goes next
        question = session.game.question
        assert question is not None and question.stage is Stage.LAND
        asked = session.game.tally.asked
        assert board.answer(word), word
        assert session.game.tally.asked == asked + 1, word
