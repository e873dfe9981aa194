"""What the lessons' texts and the lesson screen say: figures as the language writes them, sources
and diagonals as the notes name them, turns with their direction, the maze called a maze, what
comes after a wall, shown answers, numbered lists kept, what a page teaches before it asks."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from rich.console import Console

import solver.methods.general.view
import solver.methods.iterative.narration
import solver.methods.maze.view
import solver.methods.recursive.view
import solver.methods.scan.view  # noqa: F401  (they register their narration)
from lessons import i18n
from lessons.answers.feedback import MESSAGES, say
from lessons.catalog import load_catalog
from lessons.checking.validate import check_text
from lessons.i18n import _, speaking
from lessons.model import BoardOp, Page, Question, Text
from lessons.parsing.parser import parse
from lessons.quiz.compare import ROTATION_NAMES, rotations
from lessons.quiz.facts import count_mistakes, symmetry_mistakes
from lessons.quiz.kinds import KINDS
from lessons.quiz.params import Params
from lessons.quiz.pose import pose
from lessons.quiz.reading import pose_queen_row
from lessons.runner import LessonRun
from lessons.stage.expect_names import show as format_b
from solver.messages import Message, render
from solver.methods.iterative.engine import IterativeEngine
from solver.registry import kit, make_engine
from solver.runs import run_method
from solver.session.board import BoardSession
from solver.stepping import Found, Mode
from solver.symmetry import Symmetry, orbit
from tests.tiers import sweep
from tests.unit.lessons.review_progress import lesson, lessons
from tui.widgets.lesson_text import Prose

ROOT = Path(__file__).resolve().parents[3]
LANGUAGES = ["en", "it", "pl"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_ends_with_a_colon_before_a_lone_board_or_a_question(language: str) -> None:
    """A text ending with a colon leads to words: not to a board right after it, nor to the
    page's next question."""
    found = []
    for each in load_catalog(language).lessons:
        for number, page in enumerate(each.pages, start=1):
            last, previous = "", None
            for block in page.blocks:
                colon = last.endswith(":")
                if isinstance(block, Text):
                    last = block.markdown.rstrip()
                elif isinstance(block, Question) or (
                    isinstance(block, BoardOp) and isinstance(previous, Text)
                ):
                    if colon:
                        found.append(f"{each.id} page {number}: {last[-70:]!r}")
                    last = "" if isinstance(block, Question) else last
                previous = block
    assert not found, "\n".join(found)


def test_the_polish_quiz_asks_about_the_function_hetmany() -> None:
    prompts = [
        block.prompt
        for page in lesson("recursive", "pl").pages
        for block in page.blocks
        if isinstance(block, Question)
    ]
    assert any("hetmany(" in p and "funkcja" in p for p in prompts), prompts
    assert not any("część hetmany" in p for p in prompts), prompts


def _first(n: int) -> tuple[int, ...]:
    engine = IterativeEngine(n, Mode.FIRST)
    while not isinstance(event := engine.step(), Found):
        pass
    return tuple(event.solution)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_column_given_for_its_row_gets_its_reason(language: str) -> None:
    """The column given for its queen's row: b[] is indexed by the column."""
    i18n.set_language(language)
    page = lesson("problem", language).pages[2]
    asked = [b for b in page.blocks if isinstance(b, Question) and b.kind == "queen-row"]
    assert asked
    for question in asked:
        col = question.params["col"]
        posed = pose_queen_row(question, Params(question.params, "@question queen-row"), None)
        assert posed.expected != col
        assert "b[]" in posed.wrong[col], posed.wrong  # why: the column is the index
        assert f"b[{col}]" not in posed.wrong[col], posed.wrong  # not the entry to read


def _prose(code: str, lesson_id: str, page: int | None = None) -> str:
    """A built-in lesson's text (its page ``page`` from 1), spaces collapsed, no-break kept."""
    lesson = next(each for each in lessons(code) if each.id == lesson_id)
    pages = lesson.pages if page is None else [lesson.pages[page - 1]]
    text = " ".join(b.markdown for each in pages for b in each.blocks if isinstance(b, Text))
    return re.sub(r"[ \n]+", " ", text)


PROSE = [  # (lesson, language, words it says, words it no longer says)
    # lesson 9 says lesson 3 quoted the 876 squares, and lesson 3 does
    ("cost#1", "en", ["Lesson 3 quoted these 876 squares, for comparison"], ["lesson 3 counted"]),
    ("cost#1", "it", ["La lezione 3 citava queste 876 caselle"], []),
    ("cost#1", "pl", ["Lekcja 3 przytoczyła te 876 pól"], []),
    ("naive-search#6", "en", ["876", "For comparison"], []),
    # the keys and names a first-year student trips on; the sources the lessons cite
    ("cost", "en", ["press ] (the closing square bracket)"], []),
    ("cost", "it", ["premi ] (la parentesi quadra chiusa)"], []),
    ("cost", "pl", ["naciśnij ] (zamykający nawias kwadratowy)"], []),
    *[("problem#2", code, [words], []) for code, words in (
        ("en", "another array than the `b[]` below"),
        ("it", "un array diverso dal `b[]` qui sotto"), ("pl", "inna tablica niż `b[]` poniżej"))],
    *[("diagonals#1", code, ["`x - y == a - b`", row_col], [])
      for code, row_col in (("en", "row-col"), ("it", "riga-col"), ("pl", "wiersz-kol"))],
    ("problem#1", "en",
     ["the Wrocław lecture", "Turin notes", "the edutecnica page", "Python course", "Salerno"], []),
    ("problem#1", "it",
     ["slide di Wrocław", "dispense di Torino", "edutecnica", "corso di Python", "Salerno"], []),
    ("problem#1", "pl",
     ["wykład wrocławski", "notatki z\u00a0Turynu", "edutecnica", "kurs Pythona", "Salerno"], []),
    *[("naive-search", code, [figure], [" 1820"])  # thousands as its other figures
      for code, figure in (("en", "1,820"), ("it", "1.820"), ("pl", "1\u00a0820"))],
    *[("cost", code, [shell, "ctrl-b", "<kbd>l</kbd>"], [])  # how to run compare beside it
      for code, shell in (("en", "second shell"), ("it", "seconda shell"),
                          ("pl", "drugiej powłoce"))],
    *[("diagonals", code, ["(i,\u00a0j)\u00a0=\u00a0("], ["(i, j)"]) for code in LANGUAGES],
    ("diagonals", "en", ["row-col on this tutor's board, where it rises"],
     ["the rising diagonal i+j", "the falling diagonal i-j"]),
    ("diagonals", "it", ["con il segno cambiato", "Il test è lo stesso"],
     ["col segno", "I numeri sono gli stessi"]),
    ("symmetry", "en", ["counter-clockwise"], []),  # which way 90 degrees turns
    ("symmetry", "it", ["antiorario"], []),
    ("symmetry", "pl", ["przeciwny do ruchu wskazówek"], []),
    # the slides' seven numbers: the solution they print with its last queen dropped
    *[("problem#5", code, [words], []) for code, words in (
        ("en", "dropping the last queen"), ("it", "dimenticando"), ("pl", "gubiąc"))],
]  # fmt: skip


@pytest.mark.parametrize(("lesson_id", "code", "says", "not_said"), PROSE)
def test_a_lessons_text_says_it_as_the_notes_and_the_language_do(
    lesson_id: str, code: str, says: list[str], not_said: list[str]
) -> None:
    lesson_id, _, page = lesson_id.partition("#")
    text = _prose(code, lesson_id, int(page) if page else None)
    assert [words for words in says if words not in text] == [], (lesson_id, code)
    assert [words for words in not_said if words in text] == [], (lesson_id, code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_quizzes_titles_summaries_and_mazes_of_the_lessons_in_each_language(code: str) -> None:
    """Lesson 6's quiz asks about its counter and one placeQueens choice, not counts; its summary
    names hetmany; lesson 9 has no <kbd>]</kbd>; lesson 2's title covers its pages, which ask
    what their titles ask; lesson 8's maze feedback says the path as its moves, in one line."""
    with speaking(code):
        recursive = lesson("recursive", code)
        every = {each.id: each for each in lessons(code)}
        mazes = [
            pose(block, None).explanation
            for page in every["recipe"].pages
            for block in page.blocks
            if isinstance(block, Question) and block.kind == "maze"
        ]
    blocks = [b for page in recursive.pages if page.scored for b in page.blocks]
    quiz = [block for block in blocks if isinstance(block, Question)]
    assert len(quiz) == 5 and not [q for q in quiz if q.kind == "solutions"], code
    assert "numSolutions" in " ".join(q.prompt for q in quiz)
    assert [q.kind for q in quiz].count("next-choice") == 1
    assert code == "pl" or "hetmany (" in recursive.summary
    cost = " ".join(str(block) for page in every["cost"].pages for block in page.blocks)
    assert "<kbd>]</kbd>" not in cost
    small = every["small-boards"]
    assert "6" in small.title and "3 and 4" not in small.title, small.title
    for page in small.pages:
        if page.title.rstrip().endswith("?"):
            assert any(isinstance(b, Question) for b in page.blocks), (code, page.title)
    first = {"en": "right, right", "it": "destra, destra", "pl": "prawo, prawo"}[code]
    assert mazes
    for explanation in mazes:
        assert "\n" not in explanation and "#" not in explanation, explanation
        assert first in explanation, (code, explanation)


def _message(key: str, **params: object) -> str:
    return render(Message.of(key, **params))


SHIFT = (
    "That is i-j = {i}-{j}, without the shift: in C++ the index of b[] is shifted by n-1, because "
    "i-j can be negative, so that it starts at 0 (b[i-j+n-1])."
)
MAZE = (
    "The recipe (moves tried up, right, down, left; never onto its own path) searches the maze "
    "drawn beside this question from S to E. How many moves does the path it finds take?"
)
STEP_DONE = {  # words that do the last step of the arithmetic for the student
    "en": ["fewer", "subtract", "take it away", "one too many", "minus", "start included"],
    "it": ["in meno", "togli", "di troppo", "meno 1", "partenza compresa"],
    "pl": ["mniej", "odejmij", "za dużo", "minus", "razem ze startem"],
}
WORDS = [  # (language, the words said, what they say, what they never say)
    *[("it", lambda key=key: _(MESSAGES[key]), ["la stessa scacchiera"], ["ne dà anche un'altra"])
      for key in ("mistake.symmetric_half_turn", "mistake.symmetric_quarter_turn")],
    ("it", lambda: say("mistake.attacker_not", col=3, row=3, sum1=6, sum2=4, diff1=0, diff2=2),
     ["nella colonna 3"], [" in colonna"]),
    # n spaced in narration
    *[("en", lambda key=key: _message(key, count=2, n=4), ["for n = 4"], ["n=4"])
      for key in ("iterative.done", "general.done", "scan.done", "recursive.done")],
    # a square named "column 0, row 0" in the lesson and on the main screen
    ("en", lambda: _message("iterative.attacked.one", col=2, row=2, a_col=0, a_row=0, why="x",
                            after=""), ["the queen in column 0, row 0: x"], []),
    ("en", lambda: _message("iterative.attacker", a_col=0, a_row=0, why="x"),
     ["column 0, row 0 (x)"], []),
    # Polish: the "żeby" clause, the maze drawn beside the question
    ("pl", lambda: _(SHIFT), ["żeby zaczynał się od 0, bo i-j może być ujemne"], []),
    ("pl", lambda: _(MAZE), ["labirynt narysowany obok"], ["z szachownicy"]),
    # the turns with their direction
    ("en", lambda: ROTATION_NAMES[1], ["counter-clockwise"], []),
    ("en", lambda: ROTATION_NAMES[3], ["clockwise"], ["counter"]),
    ("en", lambda: symmetry_mistakes((0, 4, 7, 5, 2, 6, 1, 3), 8, everything=True)["1"],
     ["a quarter turn counter-clockwise (90 degrees)"], []),
    ("en", lambda: count_mistakes(8, True, 12)["11"], ["only the orbits of 8 boards (11)"], []),
    # a slip named, the step left to the student; no page names Q(n)
    *[(code, lambda key=key: say(f"mistake.{key}").casefold(), [], STEP_DONE[code])
      for code in LANGUAGES
      for key in ("squares_for_moves", "work_solution_tick", "construct_from_one")],
    ("en", lambda: say("mistake.tries_columns"), [], ["Q(n)"]),
    *[(code, lambda: _(MESSAGES["mistake.work_tries"]), ["b[0]=0"], []) for code in LANGUAGES],
]  # fmt: skip


@pytest.mark.parametrize(("language", "said", "says", "never"), WORDS, ids=range(len(WORDS)))
def test_the_words_say_it_as_the_notes_and_the_language_do(
    language: str, said: Callable[[], str], says: list[str], never: list[str]
) -> None:
    with speaking(language):
        text = said()
    assert [words for words in says if words not in text] == [], text
    assert [words for words in never if words in text] == [], text


def test_no_italian_message_says_in_colonna() -> None:
    with open(ROOT / "lessons/locale/it/LC_MESSAGES/queens_tutor.po", "rb") as file:
        catalog = read_po(file)
    assert [m.string for m in catalog if " in colonna {" in str(m.string)] == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_lesson_7_names_each_board_it_turns_and_explains_its_turns(code: str) -> None:
    """Page 3 names each board it asks to turn, and "1" board for the four turns (every
    solution symmetric) is explained; the 1 x 1 orbit: every symmetry gives it back."""
    with speaking(code):
        page = lesson("symmetry", code).pages[2]
        texts: list[str] = []
        named, said = [], []
        for block in page.blocks:
            if isinstance(block, Text):
                texts.append(" ".join(block.markdown.split()))
            elif isinstance(block, Question) and block.kind == "rotations":
                named.append(" ".join(texts))
                given = block.params.get("b")  # else the page board's first solution
                b = tuple(int(x) for x in given.strip("[]").split(",")) if given else _first(8)
                said.append(symmetry_mistakes(b, len(set(rotations(b))), everything=False)["1"])
                assert format_b(Symmetry.ROT90.apply(b)) in said[-1] and format_b(b) in said[-1]
        one = pose(Question(1, "orbit", {"b": "[0]"}), None)
    assert len(named) == 2, named
    assert "b = [0, 4, 7, 5, 2, 6, 1, 3]" in named[0], named[0]
    assert "b = [2, 4, 1, 7, 0, 6, 3, 5]" in named[1].removeprefix(named[0]), named[1]
    assert one.expected == "1"
    assert "1 " not in one.explanation.replace("[0]", ""), one.explanation


# How each language names the board a maze page must not call its maze.
LINES = ("samecolumn", "major", "minor")
BOARD_WORDS = {"en": r"\bboard", "it": r"scacchier", "pl": r"szachownic|plansz"}


@pytest.mark.parametrize(
    ("key", "params"),
    [
        *[(f"general.attacked.{key}", {"m": 2, "r": 0, "value": 1}) for key in LINES],
        ("maze.wall", {"m": "up", "r": 0, "c": 1}),
    ],
)
@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("en", "Not admissible: the next move is tried."),
        ("it", "Non ammissibile: si prova la mossa successiva."),
        ("pl", "Niedopuszczalny: próbujemy następnego ruchu."),
    ],
)
def test_not_admissible_says_what_comes_next(
    key: str, params: dict[str, object], code: str, words: str
) -> None:
    with speaking(code):
        said = render(Message.of(key, **params))
    assert said.endswith(words), said


@pytest.mark.parametrize("code", sweep(LANGUAGES, everyday=["it"]))
def test_a_question_not_about_the_board_stands_beside_no_board(code: str) -> None:
    """Every question of lesson 5 not about the board is asked with no board beside it."""
    iterative = lesson("iterative", code)
    with speaking(code):
        run = LessonRun(iterative)
        beside: list[tuple[int, str]] = []
        for page in range(len(iterative.pages)):
            run.goto(page)
            for _ in range(40):
                asked = run.asked
                if asked is not None:
                    if not KINDS[asked.question.kind].board and run.shows_board:
                        beside.append((page + 1, asked.question.kind))
                    run.reveal()
                if run.page_done:
                    break
                run.go_on()
    assert not beside, beside


def _place(n: int, goal: str, code: str) -> str:
    with speaking(code):
        posed = pose(Question(1, "place", {"n": str(n), "goal": goal}), None)
        return say("answer.shown", answer=posed.answer_text, explanation=posed.explanation)


@pytest.mark.parametrize(("code", "verb"), [("en", " has "), ("it", " ha "), ("pl", " ma ")])
def test_the_answer_of_a_place_board_shows_a_solution_or_says_what_every_placement_has(
    code: str, verb: str
) -> None:
    """A solution, not "your" queens; an exhaust board's placements said in a sentence."""
    b = run_method("iterative", 4).solutions[0]
    said = _place(4, "solution", code)
    assert f"b = [{', '.join(map(str, b))}]" in said, said
    assert not re.search(r"\byour\b|\btue\b|\btwoje\b", said), said
    first = _place(3, "exhaust", code).split(". ")[0]
    assert "6" in first and verb in first, first


def test_the_answer_of_a_prediction_stretch_shows_the_ticks_with_their_rule() -> None:
    """Each tick testing a square, free or attacked by whom and how; the board stays put."""
    session = BoardSession(engine=make_engine("iterative", 6, Mode.FIRST))
    with speaking("en"):
        posed = pose(Question(1, "guess", {"ticks": "30", "goal": "23"}), session)
        said = say("answer.shown", answer=posed.answer_text, explanation=posed.explanation)
    entries = re.findall(r"tick \d+: [^;.]*", said)
    assert len(entries) == int(posed.values["asked"]), said
    assert entries[:3] == [
        "tick 2: column 1, row 0 is attacked by the queen in column 0, row 0 (same row 0)",
        "tick 3: column 1, row 1 is attacked by the queen in column 0, row 0 (same row-col "
        "diagonal: 1-1 = 0 = 0-0)",
        "tick 4: column 1, row 2 is free",
    ], entries[:3]
    assert "predicted" not in said, said
    assert session.engine.tick == 0  # the board stays where the question is asked


def test_same_row_answered_where_another_queen_takes_the_row_is_told_so() -> None:
    """Tick 16 of 4 x 4: "same row" for (0,0) is told (1,3) attacks along row 3."""
    session = BoardSession(engine=make_engine("iterative", 4, Mode.FIRST))
    for _tick in range(16):
        session.tick_forward()
    with speaking("en"):
        posed = pose(Question(1, "attack-rule", {}), session)
    said = posed.wrong["0"]
    assert "the queen at (column 1, row 3) attacks this square" in said, said
    assert "about the queen at (column 0, row 0)" in said, said
    assert "row-col is" not in said and "difference" not in said, said


# Square (column 3, row 1) attacked by the queens of columns 1 and 2.
TWO_ATTACKERS = "@lesson two\n@title Two\n@page P\n@board n=4\n@step 14\n@question attacker\n@end\n"


def _two_attackers() -> LessonRun:
    i18n.set_language("en")
    parsed = parse(TWO_ATTACKERS, "two.md").lesson
    assert parsed is not None
    return LessonRun(parsed, None)


def test_the_attacker_the_student_named_is_explained_first_and_both_are_shown() -> None:
    posed = _two_attackers().asked.posed  # type: ignore[union-attr]
    assert posed.explanation.count("column") == 2
    columns = [posed.expected, *sorted(posed.also_right)]
    assert len(columns) == 2
    for named in columns:
        other = next(c for c in columns if c != named)
        message = _two_attackers().answer(named).message
        assert message.startswith(
            f"Right: column {named}. Attacked by the queen in column {named}, row "
        ), message
        assert f"; the queen in column {other}, row" in message, message
        assert _two_attackers().answer(f"Column {named}").message == message  # its line word too


@pytest.mark.parametrize("lang", LANGUAGES)
def test_numbered_lists_keep_their_period_on_the_lesson_screen(lang: str) -> None:
    """The lesson's "1." stays "1." on the lesson screen (Rich's list item drops it)."""
    console = Console(width=60, color_system=None, record=True)
    seen = 0
    for each in load_catalog(lang).lessons:
        for page in each.pages:
            for block in page.blocks:
                if not isinstance(block, Text):
                    continue
                numbers = re.findall(r"^(\d+)\. ", block.markdown, flags=re.MULTILINE)
                if not numbers:
                    continue
                with console.capture() as capture:
                    console.print(Prose(block.markdown))
                starts = [line.strip() for line in capture.get().splitlines()]
                for number in numbers:
                    assert any(s.startswith(f"{number}. ") for s in starts), (each.id, number)
                    seen += 1
    assert seen >= 14


RECALLED = """@lesson recalled
@title Recalled
@summary S

@page Counting the work
To its first solution on 8 x 8 the loop makes 982 ticks: 876 tries, 105 backtracks.

@page Not smooth at all
12 x 12 takes 3,316 ticks, 13 x 13 only 1,464. `queensRek()` calls `hetmany(n, 0, b)`.

@page Comparing
Run `queens-tutor compare 8`.
@question examined method=iterative n=8
@end

@quiz
@question choice
prompt: How is hetmany called to solve the whole board?
hint: Which column does the call fill first?
- [x] hetmany(n, 0, b)
- [ ] hetmany(n, n, b)
@end
@question choice
prompt: Which board needs fewer ticks to its first solution?
hint: The page on the work of the loop counted both.
- [ ] 12 x 12
- [x] 13 x 13
@end
@question choice
prompt: What does the permutation method no longer check?
hint: What can two entries of a permutation never share?
- [ ] the diagonals
- [x] rows and columns
@end
"""


def test_lessons_check_warns_of_choices_and_practice_answers_printed_before() -> None:
    """Choices and practice answers printed before the quiz warned of; plain words are not."""
    found = [str(e) for e in check_text(RECALLED, "r.md", warnings=True)]
    assert all(": warning: " in line for line in found), found
    where = sorted((line.split(":")[1], line.split("warning: ")[1][:20]) for line in found)
    assert where == [
        ("6", "876 here is the answ"),
        ("9", "\u201c13 x 13\u201d here is th"),
        ("9", "\u201chetmany(n, 0, b)\u201d h"),
    ], found


DIFFERENCE = {"en": "differen", "it": "differenz", "pl": "różnic"}
STEP_WITH_SPACE = {
    "en": r"with space|press space|<kbd>space</kbd>",
    "it": r"con spazio|premi spazio|<kbd>spazio</kbd>|<kbd>space</kbd>",
    "pl": r"spacją|naciśnij spację|<kbd>space</kbd>",
}
THE_QUEENS_BOARDS = r"(queens' boards|le scacchiere delle regine|szachownice hetmanów)[^.]*\."


def _page_prose(page: Page) -> str:
    return " ".join(b.markdown for b in page.blocks if isinstance(b, Text))


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_pages_say_what_their_questions_need_and_no_more(code: str) -> None:
    """The maze page calls its maze a maze (the queens' boards it compares aside); no page
    asking which equality names it in its title, nor invites stepping with space before its
    first question (place boards aside); lesson 3 teaches the counts its quiz draws (6 and 7)
    and lesson 7 lists the four 6 x 6 solutions, one orbit, before its quiz; lesson 6's quiz
    offers hetmany(n, 2, a), which its pages do not print."""
    every = {each.id: each for each in lessons(code)}
    mazes = [
        page
        for page in every["recipe"].pages
        if any(isinstance(b, BoardOp) and not kit(b.algorithm).queens for b in page.blocks)
    ]
    assert mazes
    for page in mazes:
        said = re.sub(THE_QUEENS_BOARDS, "", _page_prose(page), flags=re.IGNORECASE)
        assert not re.findall(BOARD_WORDS[code], said, flags=re.IGNORECASE), said
    for page in every["diagonals"].pages:
        for block in page.blocks:
            if isinstance(block, Question) and block.kind == "same-diagonal":
                posed = pose(block, None)
                if "difference" in posed.choices[int(posed.expected)]:  # the catalog's words
                    assert DIFFERENCE[code] not in page.title.lower(), page.title
    stepping = []
    for each in every.values():
        for number, page in enumerate(each.pages, 1):
            questions = [b for b in page.blocks if isinstance(b, Question)]
            if not questions or questions[0].kind == "place":
                continue
            before = page.blocks[: page.blocks.index(questions[0])]
            texts = (b.markdown for b in before if isinstance(b, Text))
            stepping += [(each.id, number) for t in texts if re.search(STEP_WITH_SPACE[code], t)]
    assert not stepping, stepping
    taught = {
        lesson_id: " ".join(_page_prose(page) for page in every[lesson_id].pages if not page.scored)
        for lesson_id in ("naive-search", "symmetry")
    }
    assert re.search(r"7 x 7\D{1,12}40\b", taught["naive-search"])
    assert re.search(r"6 x 6\D{1,12}4\b", taught["naive-search"])
    listed = {
        tuple(int(v) for v in m.split(", "))
        for m in re.findall(r"\[(\d, \d, \d, \d, \d, \d)\]", taught["symmetry"])
    }
    assert len(listed) == 4 and set(orbit(next(iter(listed)))) == listed
    with speaking(code):
        recursive = LessonRun(every["recursive"], None, page=len(every["recursive"].pages) - 1)
    assert "hetmany(n, 2, a)" in recursive.asked.posed.choices  # type: ignore[union-attr]


def test_the_question_on_9_x_9_has_its_board_a_hint_and_a_tick_slip_named() -> None:
    """Lesson 9's 9 x 9 question: its board, a working hint, the solution tick named."""
    run = LessonRun(lesson("cost"), None)
    posed = run.asked.posed  # type: ignore[union-attr]
    assert run.stage.engine is not None and run.stage.engine.n == 9
    assert " b," not in posed.hint and "with b" not in posed.hint
    assert "squares tested" in posed.hint and "solution tick" in posed.hint
    verdict = run.answer("33")  # the tries without the solution tick
    assert not verdict.correct
    assert "counts the solution tick as well" in verdict.message, verdict.message
    assert run.answer("32").correct


def test_construct_positions_counted_from_one_get_their_own_feedback() -> None:
    text = "@lesson c\n@title C\n@page P\n@question construct n=10 col=1\n@end\n"
    parsed = parse(text, "c.md").lesson
    assert parsed is not None
    verdict = LessonRun(parsed, None).answer("1")
    assert not verdict.correct
    assert verdict.message.startswith("1 is not right. That is b[0], the row of column 0"), (
        verdict.message
    )
    assert "counted from 0" in verdict.message
