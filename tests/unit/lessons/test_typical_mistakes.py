"""How a question and its feedback are worded: every typical mistake named in its own sentence as
a student meets it, a row the board lacks costing nothing, lists in one style, methods named as
the notes name them, no right choice longest, O-notation explained at its first use."""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from lessons import i18n
from lessons.answers.feedback import say
from lessons.catalog import load_catalog
from lessons.checking.validate import check_text
from lessons.model import Question, Text
from lessons.parsing.parser import parse_file
from lessons.quiz.compare import examined_methods
from lessons.quiz.pose import pose
from lessons.review.plan import plan_review
from lessons.review.words import left_out
from lessons.runner import LessonRun
from solver.methods.iterative.engine import IterativeEngine
from solver.registry import kit
from solver.stepping import Mode
from solver.tree.tree import NodeState, SearchTree
from solver.views.hidden import HIDDEN
from tests.tiers import sweep
from tests.unit.lessons.answers_on_screen import walk
from tests.unit.lessons.review_progress import at, miss, store_at
from tests.unit.lessons.test_confusions_named import asked_on as asked_on_in
from tests.unit.lessons.test_confusions_named import lesson as lesson_in
from tests.unit.lessons.test_quiz_feedback_tells_no_answer import _pose

lesson = partial(lesson_in, "en")
asked_on = partial(asked_on_in, "en")


def feedback(run: LessonRun, answer: str) -> str:
    verdict = run.answer(answer)
    assert not verdict.correct, answer
    return verdict.message


ON_PAGE = [  # lesson, page (from 1), questions shown first, typed, said ("^": first), not said
    (9, 8, 0, "42", "the mirror trick tries only its lower half", ()),
    (9, 8, 0, "32", "starts no job", ()),
    (9, 8, 0, "21", "^Right", ()),
    (4, 4, 0, "2", "the square's own column", ()),  # (column 2, row 1): not column 1's row, 2
    (4, 4, 0, "3", "holds no queen yet", ()),
    (4, 4, 0, "0", "does not attack the square", ()),
    (5, 5, 0, "1", "were already tried", ()),  # b[1] = 2 now; after the iteration, 3
    (5, 5, 0, "2", "That is b[1] now", ()),
    (5, 5, 0, "-1", "backtracks from this column", ("3",)),
    (5, 3, 0, "0", "^Row 0 is not right.", ()),  # column 1: row 2 is where the queen goes
    (5, 3, 0, "b", "^A backtrack is not right here.", ()),
    (6, 2, 0, "2", "^Column 2 is not right.", ("Row",)),  # placeQueens: the answer is a column
    (6, 2, 0, "3", "^Right: column 3. Row 1, column 3 is free.", ()),
    (8, 6, 0, "4", "as if no wall stood between them", ()),  # S to E as the crow flies
    (5, 10, 0, "6", "Play the 10 ticks one by one", ("no row left", "backtrack")),
    (5, 10, 0, "5", "Play the 10 ticks one by one", ("no row left", "backtrack")),
    (
        5,
        10,
        1,
        "6",
        "That is b[4] after 2 of the 6 ticks (tick 27): play on to the last one, tick 31.",
        (),
    ),
]


@pytest.mark.parametrize(("number", "page", "skip", "typed", "said", "unsaid"), ON_PAGE)
def test_a_typical_mistake_on_a_lesson_page_is_named(
    number: int, page: int, skip: int, typed: str, said: str, unsaid: tuple[str, ...]
) -> None:
    """A right answer says "Right"; a wrong one costs an attempt and names its slip, not the
    answer."""
    verdict = asked_on(number, page, skip).answer(typed)
    assert verdict.correct == said.startswith("^Right"), verdict.message
    assert verdict.counted
    if said.startswith("^"):
        assert verdict.message.startswith(said[1:]), verdict.message
    else:
        assert said in verdict.message, verdict.message
    assert not any(words in verdict.message for words in unsaid), verdict.message


WORDED = [  # lesson, page (from 1), prompt or hint, said ("^": first), not said
    (9, 1, "hint", "take the squares tested and the solution tick away", ""),  # no "b": it types
    (3, 1, "prompt", "^Brute force puts n queens", "bruteforce"),
    (2, 8, "prompt", "from column 1 ([o] plays b[0]=0; k=1 first)", "enter 0 1"),
    (2, 8, "plain_prompt", "^Type o and drive", "cursor"),
    (2, 2, "hint", "the queen of column 0", "columns 0..0"),  # next-choice in column 1
    (5, 5, "hint", "^An iteration ticks until a queen is placed", ""),  # after=iteration
]


@pytest.mark.parametrize(("number", "page", "what", "said", "unsaid"), WORDED)
def test_a_question_and_its_hint_say_what_to_do_in_words(
    number: int, page: int, what: str, said: str, unsaid: str
) -> None:
    run = asked_on(number, page)
    posed = run.asked.posed  # type: ignore[union-attr]
    text = run.hint() if what == "hint" else getattr(posed, what)
    assert text.startswith(said[1:]) if said.startswith("^") else said in text, text
    assert not unsaid or unsaid not in text, text


def test_a_row_the_board_does_not_have_costs_nothing_ticks_for_backtracks_are_named() -> None:
    run = asked_on(2, 2)  # 2 x 2: rows 0 and 1
    verdict = run.answer("5")
    assert not verdict.correct and not verdict.counted
    assert "There is no row 5 on this board: its rows go from 0 to 1" in verdict.message
    assert run.asked is not None and run.asked.attempts == 0
    run = asked_on(9, 1)  # work n=6 of=backtracks: the ticks given for it are named
    posed = run.asked.posed  # type: ignore[union-attr]
    ticks = next(k for k, why in posed.wrong.items() if "the loop's ticks" in why)
    assert "backtracks" in feedback(run, ticks)


def test_the_end_of_a_page_hides_the_marks_the_next_page_asks_about() -> None:
    run = LessonRun(lesson(5), None, page=2)  # 4 x 4: column 0 and column 1
    run.reveal()
    run.go_on()
    assert run.page_done
    assert run.predicting  # page 4 opens with "column 2 -> ?" on this very board
    board = run.session.frame().board  # type: ignore[union-attr]
    assert any(mark in HIDDEN for line in board.squares for mark in line)  # what is hidden


NUMBER = "@question number\nprompt: n?\nanswer: 21\n"
CHOICE = "@question choice\nprompt: p\n- [x] a\n- [ ] b\n"


@pytest.mark.parametrize(
    ("question", "error"),
    [
        (NUMBER + "wrong: 42 the reason", "wrong: needs a whole number, a colon and the reason"),
        (NUMBER + "wrong: x: the reason", "wrong: needs a whole number, a colon and the reason"),
        (CHOICE + "wrong: 3: no", "wrong: gives the reason"),  # only number questions have one
    ],
)
def test_a_bad_wrong_line_is_an_error(question: str, error: str) -> None:
    text = f"@lesson w\n@title W\n@page P\n{question}\n@end\n"
    assert any(error in str(e) for e in check_text(text, "w.md"))


def test_a_page_turned_back_to_does_not_ask_its_answered_questions_again() -> None:
    run = LessonRun(lesson(4), None, page=2)  # page 3, after the answered page 2
    run.previous_page()
    assert run.asked is not None  # never answered: asked
    run.reveal()
    run.go_on()
    while run.asked is not None:
        run.reveal()
        run.go_on()
    assert run.next_page() and run.previous_page()
    assert run.asked is None and run.page_done  # answered: the page reads on, p and n work


@pytest.mark.parametrize(
    ("typed", "value"),
    [("none", 0), ("eight", 8), ("zero", 0), ("otto", 8), ("osiem", 8), ("Dodici", 12)],
)
def test_a_small_number_typed_as_a_word_is_read(typed: str, value: int) -> None:
    from lessons.answers.reading import read_number

    assert read_number(typed) == value


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
def test_a_wrong_next_step_is_told_one_verdict_and_what_it_means(lang: str) -> None:
    """Lesson 6 page 2, column 2 (the queen just removed): wrong once, and why, not column 3.
    Lesson 5 page 5, b[2] = -1: -1 told as no queen, not a row, and it costs nothing."""
    # Lesson 6 page 2, column 2 (the queen just removed): wrong once, and why, not column 3.
    i18n.set_language(lang)
    run = LessonRun(load_catalog(lang).lessons[5], None, page=1)
    assert run.asked is not None
    said = feedback(run, "2")
    verdicts = {
        "en": ("not right", "Wrong:"),
        "it": ("sbagliat", "non va bene"),
        "pl": ("Źle", "źle", "nie jest dobr"),
    }
    count = sum(said.count(word) for word in verdicts[lang])
    assert count == 1, said
    answer = {"en": "column 3", "it": "colonna 3", "pl": "kolumna 3"}[lang]
    assert answer not in said.replace("(", ""), said
    # Lesson 5 page 5, column 2 with b[2] = -1: -1 is told as "no queen", not as a row.
    i18n.set_language(lang)
    run = LessonRun(load_catalog(lang).lessons[4], None, page=4)
    run.reveal()
    run.go_on()
    assert run.asked is not None and run.asked.question.kind == "next-choice"
    verdict = run.answer("-1")
    assert not verdict.correct and not verdict.counted, verdict.message
    assert "-1" in verdict.message and "b[k] = -1" in verdict.message, verdict.message
    assert " b" in verdict.message and "3" in verdict.message  # the backtrack, the last row
    assert lang == "en" or "is not a row" not in verdict.message  # in the student's language


@pytest.mark.parametrize(
    ("lang", "sentence", "words", "row_word"),
    [
        ("en", "You answered {}: that is not right.", "yes no", "Row"),
        ("it", "Hai risposto {}: risposta sbagliata.", "sì no", "Riga"),
        ("pl", "Odpowiedź „{}” nie jest dobra.", "tak nie", "Wiersz"),
    ],
)
def test_a_yes_or_a_no_is_named_as_a_yes_or_a_no(
    lang: str, sentence: str, words: str, row_word: str
) -> None:
    """Never as a row ("Row 1 is not right."), nor as a choice's number ("2. no")."""
    i18n.set_language(lang)
    for n, word, typed in ((2, words.split()[0], "yes y 1"), (5, words.split()[1], "no n 2")):
        posed = pose(Question(kind="exists", params={"n": str(n)}, line=1), None)
        for each in [*typed.split(), i18n._(typed.split()[0])]:
            verdict = posed.check(each)
            assert verdict.counted and not verdict.correct, each
            assert verdict.message.startswith(sentence.format(word)), verdict.message
            assert row_word not in verdict.message, verdict.message
            assert f"{typed.split()[2]}." not in verdict.message, verdict.message


BUILTIN = Path(__file__).resolve().parents[3] / "lessons" / "builtin"

FILES = sorted(BUILTIN.glob("*/*.md"))
LANGUAGES = ("en", "it", "pl")
STUDENTS = Path(__file__).resolve().parents[3] / "docs" / "students.md"


def _end(item: str) -> str:
    last = item.rstrip()[-1:]
    if last in ".!?":
        return "sentence"
    return last if last in ";:," else "word"


def _lists(markdown: str) -> list[list[str]]:
    """The items of every list in ``markdown``, each list's item texts in order."""
    found: list[list[str]] = []
    stack: list[list[str]] = []
    lines = markdown.split("\n")
    for token in MarkdownIt().parse(markdown):
        if token.type in ("bullet_list_open", "ordered_list_open"):
            stack.append([])
        elif token.type in ("bullet_list_close", "ordered_list_close"):
            found.append(stack.pop())
        elif token.type == "list_item_open" and stack and token.map:
            first, end = token.map
            stack[-1].append(" ".join(line.strip() for line in lines[first:end] if line.strip()))
    return found


def _page_lists(path: Path) -> list[tuple[str, list[str]]]:
    lesson = parse_file(path).lesson
    assert lesson is not None
    out = []
    for page in lesson.pages:
        text = "\n\n".join(block.markdown for block in page.blocks if isinstance(block, Text))
        out.extend((page.title, items) for items in _lists(text))
    return out


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_list_ends_its_items_in_one_style(path: Path) -> None:
    for title, items in _page_lists(path):
        if len(items) < 2:
            continue
        ends = [_end(item) for item in items]
        assert ends[-1] == "sentence", (title, items[-1])
        assert len(set(ends[:-1])) == 1, (title, list(zip(ends, items, strict=True)))


def test_lesson_8_has_its_three_lists_in_every_language() -> None:
    """The test above reads lesson 8's lists."""
    for lang in ("en", "it", "pl"):
        lists = _page_lists(BUILTIN / lang / "08-recipe.md")
        assert [len(items) for _, items in lists] == [2, 4, 5], lang


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
@pytest.mark.parametrize("method", examined_methods())
def test_an_examined_question_names_the_method_as_the_notes_do(lang: str, method: str) -> None:
    """The notes' name of the method, its command-line id only once (the line of compare)."""
    i18n.set_language(lang)
    posed = _pose("examined", method=method, n="8")
    name = i18n._(kit(method).notes_name or kit(method).title)  # a kit without one: its title
    assert name in posed.prompt
    assert posed.prompt.count(method) == 1, posed.prompt  # the line of compare, once
    for index, why in posed.wrong.items():
        assert method not in why, (index, why)


@pytest.mark.parametrize(
    ("tick", "said"),
    [
        (5, "c[0] is false (same column 0)"),
        (6, "b[3] is false (same row-col diagonal, i-j: 1-1 = 0 = 0-0; its index i-j+n-1 = 3)"),
    ],
)
def test_the_recursive_guess_says_which_array_is_false(tick: int, said: str) -> None:
    from solver.messages import render
    from solver.registry import kit as kit_of
    from solver.registry import make_engine
    from solver.stepping import Stop

    engine = make_engine("recursive", 4)
    for _ in range(tick):
        engine.run(Stop.TICK, max_ticks=1)
    recursive = kit_of("recursive")
    test = recursive.test_of(engine.snapshot())
    assert test is not None and not test.free
    told = " ".join(render(m) for m in recursive.wrong_test(test))
    assert said in told, told


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("col+row", "row-col")),
        ("it", ("col+riga", "riga-col")),
        ("pl", ("kol+wiersz", "wiersz-kol")),
    ],
)
def test_lesson_2_names_the_diagonals_before_its_first_feedback_uses_them(
    lang: str, words: tuple[str, str]
) -> None:

    i18n.set_language(lang)
    run = LessonRun(load_catalog(lang).lessons[1], None, page=1)
    assert run.asked is not None
    feedback = run.answer("1").message
    assert words[1] in feedback  # the feedback uses the name...
    before = " ".join(block.markdown for block in run.shown).replace("\n", " ")
    for word in words:  # ...which the text above the question has said
        assert word in before, before


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
def test_no_right_choice_gives_itself_away_by_being_the_longest(lang: str) -> None:
    """No built-in choice question's right choice is the one longest of three or more."""

    i18n.set_language(lang)
    longest = []
    for lesson in load_catalog(lang).lessons:
        for waiting in walk(lesson):
            posed = waiting.posed
            if waiting.kind == "choice" and len(posed.choices) > 2:
                lengths = [len(choice) for choice in posed.choices]
                right = lengths[int(posed.expected)]
                if right == max(lengths) and lengths.count(right) == 1:
                    longest.append((lesson.id, waiting.page + 1, posed.prompt[:50]))
    assert not longest, longest


def test_the_middle_row_sentence_of_9_p8_says_what_the_mirror_does() -> None:
    """On 9 x 9 a middle-row solution's mirror is another job, not "its own mirror image"."""
    from itertools import permutations

    n, middle = 9, 4
    starting = [
        b
        for b in permutations(range(n))
        if b[0] == middle
        and all(abs(b[i] - b[j]) != j - i for i in range(n) for j in range(i + 1, n))
    ]
    mirrored = {tuple(n - 1 - r for r in b) for b in starting}
    assert mirrored == set(starting) and all(tuple(n - 1 - r for r in b) != b for b in starting)
    assert all(tuple(n - 1 - r for r in b)[1] != b[1] for b in starting)  # another job
    cost = next(each for each in load_catalog("en").lessons if each.id == "cost")
    page = next(page for page in cost.pages if page.title == "Counting in jobs")
    text = " ".join(getattr(block, "markdown", "") for block in page.blocks).replace("\n", " ")
    assert "its own mirror image" not in text
    assert "with its second queen in the other half of column 1" in text
    assert "the middle row's jobs keep only second queens in the lower half" in text


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
def test_the_first_o_notation_of_a_lesson_says_what_it_means(lang: str) -> None:
    """Each first use of an O(...) in a lesson says it in words in the same sentence."""
    import re

    bare = []
    for lesson in load_catalog(lang).lessons:
        text = " ".join(
            getattr(block, "markdown", "") for page in lesson.pages for block in page.blocks
        ).replace("\n", " ")
        for term in dict.fromkeys(re.findall(r"O\([^)]*\)", text)):
            first = text.index(term) + len(term)
            sentence = re.split(r"\.(?:\s|$)", text[first:], maxsplit=1)[0]
            if not re.match(r"\s*(?:\(|,)", sentence) and "(" not in sentence[:60]:
                bare.append((lesson.id, term, text[first - 40 : first + 40]))
    assert not bare, bare


def test_no_drawn_quiz_number_is_the_answer_of_a_practice_question_before_it() -> None:
    """Every size a quiz's pool= may draw gives a number (10 or more) that no practice question
    of the lesson answered."""
    from lessons.quiz.drawers.base import pool_sizes
    from lessons.quiz.params import Params

    i18n.set_language("en")
    repeated = []
    for lesson in load_catalog("en").lessons:
        practised = {
            each.posed.expected
            for each in walk(lesson)
            if not lesson.pages[each.page].scored
            and each.posed.expected.isdecimal()
            and int(each.posed.expected) >= 10
        }
        quizzes = [q for page in lesson.pages if page.scored for q in page.questions]
        for question in (q for q in quizzes if "pool" in q.params and "n" in q.params):
            for size in pool_sizes(Params(question.params, "@question")):
                params = {k: v for k, v in question.params.items() if k not in ("pool", "n")}
                drawn = _pose(question.kind, **params, n=str(size))
                if drawn.expected in practised:
                    repeated.append((lesson.id, question.kind, size, drawn.expected))
    assert not repeated, repeated


@pytest.mark.parametrize(("lang", "three"), [("en", "three"), ("it", "tre"), ("pl", "trzy")])
def test_a_number_word_is_said_to_count(lang: str, three: str) -> None:
    i18n.set_language(lang)
    posed = pose(
        Question(1, "number", prompt="?", answer="4", wrong=(("3", "Not 3."),)),
        None,
    )
    verdict = posed.check(three)
    assert verdict.counted and not verdict.correct
    assert f"{three} = 3" in verdict.message  # what it was read as
    assert three in say("format.number_typed", typed="x", point=".")
    assert i18n._(
        "Type a whole number, in digits or as a word up to twelve (a number word counts as "
        "an answer too)."
    ) == say("format.number")
    text = STUDENTS.read_text(encoding="utf-8")  # the students' page says so
    section = text[text.index("While a question\nwaits") :][:2500]
    assert f"`{three}`" in section or lang == "en"
    assert "`tre`" in section and "`trzy`" in section and "counts as an answer" in section


def test_the_italian_quiz_is_not_named_like_the_check_key() -> None:
    i18n.set_language("it")
    check = i18n._("Check")
    asked = i18n._("Quiz question:")
    for lesson in load_catalog("it").lessons:
        for page in lesson.pages:
            if page.scored:
                assert page.title != check, lesson.id
                assert page.title.casefold() in asked.casefold(), (page.title, asked)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_practice_miss_is_named_as_practice(lang: str, tmp_path: Path) -> None:
    i18n.set_language(lang)
    store = store_at(tmp_path)
    miss(store, "cost", ["7.0", "10.2"], when=at(0))  # page 8's practice, a quiz question
    lessons = load_catalog(lang).lessons
    plan = plan_review(lessons, store, at(1))
    said = " ".join(left_out(plan, lessons))
    assert i18n._("{page} (practice)").format(page=8) in said, said
    assert i18n._("{page} (practice)").format(page=11) not in said and "11" in said


def test_the_tree_marks_the_column_it_goes_back_to_and_its_queen_stays() -> None:
    engine = IterativeEngine(4, Mode.FIRST)
    tree = SearchTree(4)
    for _tick in range(9):
        engine.step()
    tree.follow(engine.snapshot())
    left = [node for node in tree.nodes() if node.state is NodeState.LEFT]
    assert [(node.col, node.row) for node in left] == [(1, 2)]
    assert engine.snapshot().b[1] == 2  # that queen still stands at tick 9
    engine.step()
    assert engine.snapshot().b[1] == 3  # the next tick moves it up


@pytest.mark.parametrize("method", [m for m in examined_methods() if kit(m).backtracker])
def test_an_examined_question_says_which_backtrackers_test_the_same_squares(method: str) -> None:
    """The backtrackers its explanation names test as many squares as compare counts for it; a
    method of its own order is said to be one, beside the lecture's loop's count."""
    from lessons.quiz.compare import examined
    from solver.registry import backtrackers

    i18n.set_language("en")
    posed = _pose("examined", method=method, n="8")
    count, loop = examined(method, 8), examined("iterative", 8)
    named = re.findall(r"of the lines (.+) of compare test", posed.explanation)
    if count == loop and not kit(method).own_order:
        assert named and set(named[0].split(", ")) == {
            other
            for other in backtrackers()
            if examined(other, 8) == count and not kit(other).own_order
        }, posed.explanation
    else:
        assert not named and f"the lecture's loop tests {loop:,}" in posed.explanation
    assert len(set(posed.choices)) == 3


def test_a_method_of_its_own_order_whose_count_is_the_loops_is_never_said_to_test_its_squares(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The Turin search made a method of its own order (its count stays the loop's, 876 on
    8 x 8): the same count by chance is no "same squares in the same order"."""
    monkeypatch.setattr(type(kit("recursive")), "own_order", True)
    i18n.set_language("en")
    loop = _pose("examined", method="iterative", n="8").explanation
    assert "iterative" in loop and "recursive" not in loop.split("of compare test")[0], loop
    own = _pose("examined", method="recursive", n="8").explanation
    assert "in an order of its own: the lecture's loop tests 876" in own, own
