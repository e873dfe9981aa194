"""Student walk 13 (en 10, en 14, en 22, it 3, it 4, it 10, it 18, it 20): quiz questions
whose right choice was an earlier page's sentence almost word for word (lesson 2 Q2, lesson 3
Q5, lesson 6 Q2, lesson 8 Q1 and Q3, lesson 9 Q3) now ask about a case the pages do not show;
lesson 2's 4 x 4 by hand comes before the page that prints both solutions; lesson 9's recipe
questions ask a size whose list is not the practice size's; lesson 3's hint for n! leaves the
product to the student. The cases are held to the solver, in English, Italian and Polish."""

from __future__ import annotations

import re

import pytest

from lessons.model import Lesson, Question, Text
from solver.checker import attacks_among
from solver.methods.constructive.construction import construct
from solver.methods.iterative.trace import ticks
from tests.tiers import sweep
from tests.unit.lessons.quiz_runs import lesson_in

LANGUAGES = ["en", "it", "pl"]
RUN = 5
"""Words in a row that a right choice may share with the pages before its quiz: more is a
sentence recalled, not a case reasoned about."""


def _quiz(lesson: Lesson) -> list[Question]:
    return [q for page in lesson.pages if page.scored for q in page.questions]


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.replace("\u00a0", " ").lower())


def _earlier_text(lesson: Lesson) -> str:
    return "\n".join(
        block.markdown
        for page in lesson.pages
        if not page.scored
        for block in page.blocks
        if isinstance(block, Text)
    )


def _right(question: Question) -> str:
    (text,) = [choice.text for choice in question.choices if choice.correct]
    return text


def _shared_run(choice: str, pages: str) -> str:
    """The first RUN words in a row of the choice that the pages hold, or ''."""
    words, said = _words(choice), " " + " ".join(_words(pages)) + " "
    for i in range(len(words) - RUN + 1):
        run = " ".join(words[i : i + RUN])
        if f" {run} " in said:
            return run
    return ""


REWORKED = [
    ("small-boards", 1),
    ("naive-search", 4),
    ("recursive", 1),
    ("recipe", 0),
    ("recipe", 2),
]
REWORKED += [("cost", 2)]


def _lesson_id(wanted: str) -> str:
    return {"small": "small-boards", "naive": "naive-search"}.get(wanted, wanted)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("lesson_id", "index"), REWORKED)
def test_a_reworked_right_choice_is_no_sentence_of_the_pages(
    lang: str, lesson_id: str, index: int
) -> None:
    lesson = lesson_in(lang, _lesson_id(lesson_id))
    question = _quiz(lesson)[index]
    assert question.kind == "choice"
    assert _shared_run(_right(question), _earlier_text(lesson)) == ""
    # The right answer's feedback says why: every reworked question explains.
    assert question.explain


def test_the_recall_check_finds_the_old_recalled_choice() -> None:
    # The old lesson 6 Q2 answer, against the page that printed it.
    page = "`return 0` (the for loop ran out) is the loop's `b[k]=-1; k--`: the caller's"
    assert _shared_run("return 0 after the for loop: the caller goes on", page) == ""
    old_recipe = "so that the search never walks in circles forever"
    assert _shared_run(old_recipe, "(so that the search never walks in circles)") != ""


def _digits(text: str) -> list[int]:
    return [int(d) for d in re.findall(r"\d+", text)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_2_top_row_start_on_3_by_3(lang: str) -> None:
    question = _quiz(lesson_in(lang, _lesson_id("small")))[1]
    assert "3 x 3" in question.prompt and 2 in _digits(question.prompt)
    first = (0, 2)  # column 0, row 2: the loop's last start
    free_1 = [r for r in range(3) if not attacks_among([first, (1, r)])]
    assert free_1 == [0]
    free_2 = [r for r in range(3) if not attacks_among([first, (1, 0), (2, r)])]
    assert free_2 == []
    assert _digits(_right(question))[:2] == [1, 0]  # column 1's queen goes to row 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_3_permutation_case_names_the_only_clash(lang: str) -> None:
    question = _quiz(lesson_in(lang, _lesson_id("naive")))[4]
    match = re.search(r"b = \[([\d, ]+)\]", question.prompt)
    assert match is not None
    b = [int(x) for x in match.group(1).split(",")]
    assert sorted(b) == list(range(len(b)))  # a permutation: no shared row or column
    (pair,) = attacks_among(list(enumerate(b)))
    assert pair.rule in ("sum", "diff")
    assert _digits(_right(question)) == [pair.first[0], pair.second[0]]
    for choice in question.choices:
        if not choice.correct and len(_digits(choice.text)) == 2:
            cols = _digits(choice.text)
            assert not attacks_among([(c, b[c]) for c in cols])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_3_hint_for_n_factorial_leaves_the_product(lang: str) -> None:
    question = _quiz(lesson_in(lang, _lesson_id("naive")))[2]
    assert question.kind == "search-space" and question.params["method"] == "permutations"
    assert "{n}" in question.hint and " x " not in question.hint and "!" not in question.hint


@pytest.mark.parametrize("lang", sweep(LANGUAGES, everyday=["pl"]))
def test_lesson_9_first_solution_ticks_go_up_and_down(lang: str) -> None:
    question = _quiz(lesson_in(lang, _lesson_id("cost")))[2]
    first = {n: list(ticks(n, False))[-1].tick for n in (12, 13, 14, 15)}
    prompt = question.prompt.replace("\u00a0", "").replace(".", "").replace(",", "")
    assert str(first[12]) in prompt and str(first[13]) in prompt
    explain = question.explain.replace("\u00a0", "").replace(".", "").replace(",", "")
    assert str(first[14]) in explain and str(first[15]) in explain
    # Both wrong choices' predictions are wrong: 14 x 14 takes more than either size.
    assert first[14] > max(first[12], first[13]) and first[15] < first[14]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_9_recipe_quiz_asks_a_list_the_practice_does_not_give(lang: str) -> None:
    lesson = lesson_in(lang, _lesson_id("cost"))
    practice = [q for p in lesson.pages if not p.scored for q in p.questions]
    (seven,) = [int(q.params["n"]) for q in practice if q.kind == "construct"]
    asked = [int(q.params["n"]) for q in _quiz(lesson) if q.kind == "construct"]
    assert any(n % 6 in (2, 3) for n in asked)  # a size with the recipe's fixes
    for n in asked:
        shared = min(n, seven)
        assert construct(n)[:shared] != construct(seven)[:shared]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_2_asks_for_4_by_4_before_printing_its_solutions(lang: str) -> None:
    lesson = lesson_in(lang, _lesson_id("small"))
    pages = list(lesson.pages)
    (by_hand,) = [
        i
        for i, page in enumerate(pages)
        for q in page.questions
        if q.kind == "place" and q.params.get("n") == "4" and q.params.get("goal") == "solution"
    ]
    before = "\n".join(
        block.markdown
        for page in pages[: by_hand + 1]
        for block in page.blocks
        if isinstance(block, Text)
    )
    assert "[1, 3, 0, 2]" not in before and "[2, 0, 3, 1]" not in before


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_6_return_0_goes_back_to_the_caller_one_column_down(lang: str) -> None:
    question = _quiz(lesson_in(lang, "recursive"))[1]
    call = re.search(r"hetmany\((\d+), (\d+), a\)", question.prompt)
    assert call is not None
    n, k = int(call.group(1)), int(call.group(2))
    assert f"hetmany({n}, {k - 1}, a)" in _right(question)
    # The wrong "call again" choice is the same call, column k once more.
    assert any(f"hetmany({n}, {k}, a)" in c.text for c in question.choices if not c.correct)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_8_asks_isadm_about_a_problem_the_pages_do_not_show(lang: str) -> None:
    lesson = lesson_in(lang, "recipe")
    question = _quiz(lesson)[0]
    assert "Sudoku" in question.prompt and "Sudoku" not in _earlier_text(lesson)
    assert _right(question) == "isAdm"


TOP = {"en": "row 0 at\nthe top", "it": "riga 0 in alto", "pl": "wierszem 0 u\u00a0góry"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_8_says_where_its_boards_draw_row_0_and_the_exit(lang: str) -> None:
    """en 6, en 8: the Salerno board draws row 0 at the top, the boards before at the bottom;
    the maze played to its exit shows `@` on E."""
    pages = [p for p in lesson_in(lang, "recipe").pages if not p.scored]
    texts = ["\n".join(b.markdown for b in p.blocks if isinstance(b, Text)) for p in pages]
    (queen,) = [t for t in texts if "class Queen" in t]
    assert TOP[lang] in queen
    (maze,) = [t for t in texts if "(3, 3)" in t]
    after = maze[maze.index("(3, 3)") :][:120]
    assert "`@`" in after


REACHES_N = {
    "en": "`b[k]++` that reaches n tests no square",
    "it": "`b[k]++` che arriva a n non prova nessuna casella",
    "pl": "`b[k]++`, które dochodzi do n, nie sprawdza żadnego pola",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_5_says_the_b_k_reaching_n_is_part_of_the_backtrack_tick(lang: str) -> None:
    """it 12: no tick of the loop leaves b[k] = n: the b[k]++ that reaches n belongs to the
    backtrack tick after it, and lesson 5's definition of a tick says so."""
    for n in (4, 5, 6):
        for tick in ticks(n, False):
            assert n not in tick.b, tick
    text = (
        "\n".join(
            b.markdown
            for p in lesson_in(lang, "iterative").pages
            for b in p.blocks
            if isinstance(b, Text)
        )
        .replace("\u00a0", " ")
        .replace("\n", " ")
    )
    assert REACHES_N[lang].replace("\u00a0", " ") in text
