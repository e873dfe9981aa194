"""How a question and its reasons are worded: lists in one style, methods named as the notes name
them, no right choice longest, O-notation explained at its first use."""

from __future__ import annotations

from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from lessons import i18n
from lessons.answers.checking import Posed
from lessons.model import Question, Text
from lessons.parsing.parser import parse_file
from lessons.quiz.compare import examined_methods
from lessons.quiz.pose import pose
from solver.registry import kit
from tests.tiers import sweep
from tests.unit.lessons.answers_on_screen import walk

BUILTIN = Path(__file__).resolve().parents[3] / "lessons" / "builtin"

FILES = sorted(BUILTIN.glob("*/*.md"))


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
    """The test above reads lesson 8's lists (the recipe's four functions among them)."""
    for lang in ("en", "it", "pl"):
        lists = _page_lists(BUILTIN / lang / "08-recipe.md")
        assert [len(items) for _, items in lists] == [2, 4, 5], lang


def _pose(kind: str, **params: str) -> Posed:
    return pose(Question(kind=kind, params=params, line=1), None)


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
@pytest.mark.parametrize("method", examined_methods())
def test_an_examined_question_names_the_method_as_the_notes_do(lang: str, method: str) -> None:
    """The wording "does bruteforce examine" read the command-line id as the method's name; the id
    stays only as the line of queens-tutor compare to read."""
    i18n.set_language(lang)
    posed = _pose("examined", method=method, n="8")
    name = i18n._(kit(method).notes_name or kit(method).title)  # a kit without one: its title
    assert name in posed.prompt
    assert posed.prompt.count(method) == 1, posed.prompt  # the line of compare, once
    for index, why in posed.wrong.items():
        assert method not in why, (index, why)


def _wrong(posed: Posed, typed: str) -> str:
    verdict = posed.check(typed)
    assert verdict.counted and not verdict.correct, typed
    return verdict.message


def test_a_value_on_the_way_of_several_ticks_is_named_with_its_tick() -> None:
    """5 p10, b[4] after 6 ticks from tick 25: "6" is b[4] after 2 of them (stopped before row
    7)."""
    from lessons.catalog import load_catalog
    from lessons.runner import LessonRun

    i18n.set_language("en")
    run = LessonRun(load_catalog("en").lessons[4], None, page=9)
    assert run.asked is not None and run.asked.posed.expected == "4"
    run.reveal()
    run.go_on()
    assert run.asked is not None and run.asked.posed.expected == "7"
    message = _wrong(run.asked.posed, "6")
    assert "That is b[4] after 2 of the 6 ticks (tick 27): play on to the last one, tick 31." in (
        message
    )


@pytest.mark.parametrize(
    ("tick", "said"),
    [
        (5, "c[0] is false (same column 0)"),
        (6, "b[3] is false (same row-col diagonal, i-j: 1-1 = 0 = 0-0; its index i-j+n-1 = 3)"),
    ],
)
def test_the_recursive_guess_says_which_array_is_false(tick: int, said: str) -> None:
    """A wrong "free" on the Turin board said "same row-col: 1-1 = 0 = 0-0", not the b[3]
    its question asked about."""
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
    """2 p2's feedback says "same row-col diagonal: 1-1 = 0 = 0-0", two lessons before
    lesson 4 defines row-col; the page now says what the two names are before it asks."""
    from lessons.catalog import load_catalog
    from lessons.runner import LessonRun

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
    from lessons.catalog import load_catalog

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
    """On 9 x 9 a middle-row solution's mirror is another middle-row solution (another job);
    lesson 9 says so, not that the row "is its own mirror image"."""
    from itertools import permutations

    from lessons.catalog import load_catalog

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
    # its second queen in the other half of column 1: the mirror of a job is another job, so
    # the middle row keeps the lower half's
    assert "with its second queen in the other half of column 1" in text
    assert "the middle row's jobs keep only second queens in the lower half" in text


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
def test_the_first_o_notation_of_a_lesson_says_what_it_means(lang: str) -> None:
    """The phrases "an O(1) test", "a loop over k columns: O(n)." were left unexplained where
    a lesson first uses them; each first use now says it in words in the same sentence."""
    import re

    from lessons.catalog import load_catalog

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
    from lessons.catalog import load_catalog
    from lessons.model import Question as Asked
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
                params = {key: v for key, v in question.params.items() if key != "pool"}
                drawn = pose(
                    Asked(kind=question.kind, params={**params, "n": str(size)}, line=1), None
                )
                if drawn.expected in practised:
                    repeated.append((lesson.id, question.kind, size, drawn.expected))
    assert not repeated, repeated
