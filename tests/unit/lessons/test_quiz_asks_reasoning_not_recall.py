"""A lesson's questions ask for reasoning, not recall: a reworked choice is no sentence of its
pages, a quiz asks what no page printed or applies them to a case they do not show (its written
answers held to the solver's); feedback and hints add a step without naming the right choice; the
pages say what their boards mark; number words; practice misses named as practice."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import pytest

from lessons import i18n
from lessons.answers.feedback import say
from lessons.catalog import load_catalog
from lessons.checking.given_away import numbers_in
from lessons.model import Lesson, Page, Question, Text
from lessons.quiz.pose import pose
from solver import symmetry
from solver.checker import attacks_among
from solver.events import Rule
from solver.methods.constructive.construction import construct
from solver.methods.iterative.engine import IterativeEngine
from solver.methods.iterative.trace import ticks
from solver.methods.naive import search as naive
from solver.methods.naive.search import solutions
from solver.registry import DEFAULT_METHOD
from solver.runs import run_method
from solver.stepping import Mode
from solver.symmetry import images, orbit
from tests.tiers import sweep
from tests.unit.lessons.quiz_runs import lesson_in, quiz_run, waiting
from tests.unit.lessons.review_progress import lesson as built_in

LANGUAGES = ["en", "it", "pl"]

RUN = 5
"""Words in a row a right choice may share with the pages before its quiz (more: recalled)."""


def _quiz(lesson: Lesson) -> list[Question]:
    return [q for page in lesson.pages if page.scored for q in page.questions]


def _right_index(question: Question) -> int:
    return next(i for i, choice in enumerate(question.choices) if choice.correct)


RECALLED = {"exists", "solutions"}
"""The kinds lesson 2's quiz asked about the very sizes its pages ran."""


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.replace("\u00a0", " ").lower())


def _text(pages: Iterable[Page], sep: str = "\n") -> str:
    """The text blocks of ``pages``, joined by ``sep``."""
    return sep.join(b.markdown for page in pages for b in page.blocks if isinstance(b, Text))


def _earlier_text(lesson: Lesson) -> str:
    return _text(p for p in lesson.pages if not p.scored)


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


def _lesson(lang: str, lesson_id: str) -> Lesson:
    """The built-in lesson in ``lang``, that language left spoken."""
    i18n.set_language(lang)
    found = load_catalog(lang).find(lesson_id)
    assert found is not None
    return found


def _runs(text: str, size: int) -> set[tuple[str, ...]]:
    words = _words(text)
    return {tuple(words[i : i + size]) for i in range(len(words) - size + 1)}


def _page_text(lesson: Lesson, index: int, before: int | None = None) -> str:
    return "\n".join(
        block.markdown
        for block in lesson.pages[index].blocks
        if isinstance(block, Text) and (before is None or block.line < before)
    )


REWORKED = [("small-boards", 1), ("naive-search", 4), ("recursive", 1), ("recipe", 0)]
REWORKED += [("recipe", 2), ("cost", 2)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("lesson_id", "index"), REWORKED)
def test_a_reworked_right_choice_is_no_sentence_of_the_pages(
    lang: str, lesson_id: str, index: int
) -> None:
    lesson = lesson_in(lang, lesson_id)
    question = _quiz(lesson)[index]
    assert question.kind == "choice"
    assert _shared_run(_right(question), _earlier_text(lesson)) == ""
    assert question.explain  # the right answer's feedback says why


def test_the_recall_check_finds_the_old_recalled_choice() -> None:
    # The old lesson 6 Q2 answer, against the page that printed it.
    page = "`return 0` (the for loop ran out) is the loop's `b[k]=-1; k--`: the caller's"
    assert _shared_run("return 0 after the for loop: the caller goes on", page) == ""
    old_recipe = "so that the search never walks in circles forever"
    assert _shared_run(old_recipe, "(so that the search never walks in circles)") != ""


def _digits(text: str) -> list[int]:
    return [int(d) for d in re.findall(r"\d+", text)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_2_quiz_asks_what_its_pages_did_not_run(lang: str) -> None:
    """Lesson 2: the 3 x 3 top-row start, 4 x 4 asked before its solutions are printed, no recalled
    fact."""
    question = _quiz(lesson_in(lang, "small-boards"))[1]
    assert "3 x 3" in question.prompt and 2 in _digits(question.prompt)
    first = (0, 2)  # column 0, row 2: the loop's last start
    assert [r for r in range(3) if not attacks_among([first, (1, r)])] == [0]
    assert not [r for r in range(3) if not attacks_among([first, (1, 0), (2, r)])]
    assert _digits(_right(question))[:2] == [1, 0]  # column 1's queen goes to row 0
    lesson = lesson_in(lang, "small-boards")
    pages = list(lesson.pages)
    (by_hand,) = [
        i
        for i, page in enumerate(pages)
        for q in page.questions
        if q.kind == "place" and q.params.get("n") == "4" and q.params.get("goal") == "solution"
    ]
    before = _text(pages[: by_hand + 1])
    assert "[1, 3, 0, 2]" not in before and "[2, 0, 3, 1]" not in before
    quiz = _quiz(lesson_in(lang, "small-boards"))
    kinds = [question.kind for question in quiz]
    assert not RECALLED & set(kinds)
    assert kinds == ["choice", "choice", "choice", "next-choice", "next-choice", "attacker"]
    corner = quiz[0]
    four = list(solutions("permutations", 4))
    corners = {(0, 0), (0, 3), (3, 0), (3, 3)}
    assert len(four) == 2 and not any((c, b[c]) in corners for b in four for c in range(4))
    assert corner.choices[_right_index(corner)].text.startswith(("no", "nie"))
    assert all(choice.why for choice in quiz[0].choices + quiz[2].choices if not choice.correct)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_3_quiz_names_the_only_clash_and_hints_no_product(lang: str) -> None:
    """Lesson 3: a permutation's only clash named; the hint for n! leaves the product to the
    student."""
    question = _quiz(lesson_in(lang, "naive-search"))[4]
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
    question = _quiz(lesson_in(lang, "naive-search"))[2]
    assert question.kind == "search-space" and question.params["method"] == "permutations"
    assert "{n}" in question.hint and " x " not in question.hint and "!" not in question.hint


@pytest.mark.parametrize("lang", sweep(LANGUAGES, everyday=["pl"]))
def test_lesson_9_first_solution_ticks_go_up_and_down(lang: str) -> None:
    question = _quiz(lesson_in(lang, "cost"))[2]
    first = {n: list(ticks(n, False))[-1].tick for n in (12, 13, 14, 15)}
    prompt = question.prompt.replace("\u00a0", "").replace(".", "").replace(",", "")
    assert str(first[12]) in prompt and str(first[13]) in prompt
    explain = question.explain.replace("\u00a0", "").replace(".", "").replace(",", "")
    assert str(first[14]) in explain and str(first[15]) in explain
    # Both wrong choices' predictions are wrong: 14 x 14 takes more than either size.
    assert first[14] > max(first[12], first[13]) and first[15] < first[14]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_9_quiz_asks_lists_and_reasons_its_pages_do_not_give(lang: str) -> None:
    """Lesson 9: a recipe list the practice does not give, no page's recipe named, two machines'
    why."""
    lesson = lesson_in(lang, "cost")
    practice = [q for p in lesson.pages if not p.scored for q in p.questions]
    (seven,) = [int(q.params["n"]) for q in practice if q.kind == "construct"]
    asked = [int(q.params["n"]) for q in _quiz(lesson) if q.kind == "construct"]
    assert any(n % 6 in (2, 3) for n in asked)  # a size with the recipe's fixes
    for n in asked:
        shared = min(n, seven)
        assert construct(n)[:shared] != construct(seven)[:shared]
    with i18n.speaking(lang):
        lesson = lesson_in(lang, "cost")
        quiz = lesson.pages[-1]
        constructs = [b for b in quiz.blocks if isinstance(b, Question) and b.kind == "construct"]
        assert constructs
        for question in constructs:
            prompt = pose(question, None).prompt
            assert not re.search(r"page's|della pagina|ze strony", prompt), prompt
        machines = [
            b
            for page in lesson.pages
            for b in page.blocks
            if isinstance(b, Question) and b.kind == "choice" and "16 x 16" in b.prompt
        ]
        assert len(machines) == 1
        assert len(machines[0].explain.split()) > 15  # a reason, not the choice again


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
def test_lesson_8_asks_isadm_elsewhere_and_names_whose_slides(lang: str) -> None:
    """Lesson 8 asks isAdm about a problem its pages do not show, and names whose slides it
    quotes."""
    lesson = lesson_in(lang, "recipe")
    question = _quiz(lesson)[0]
    assert "Sudoku" in question.prompt and "Sudoku" not in _earlier_text(lesson)
    assert _right(question) == "isAdm"
    for page in lesson_in(lang, "recipe").pages:
        for block in (b for b in page.blocks if isinstance(b, Text)):
            text = " ".join(block.markdown.replace("\u00a0", " ").split())
            for found in re.finditer(SLIDES[lang], text):
                assert "Wrocław" in text[max(0, found.start() - 40) : found.end() + 40], text


def _in_each(en: str, it: str, pl: str) -> dict[str, str]:
    return {"en": en, "it": it, "pl": pl}


TWO_SOLUTIONS = _in_each("two solutions", "due soluzioni", "dwa rozwiązania")
PAGE_SAYS = [  # lesson, page index, what its text says (a regex) in each language, or not
    ("recipe", 3, _in_each("row 0 at the top", "riga 0 in alto", "wierszem 0 u góry"), True),
    ("recipe", 4, dict.fromkeys(LANGUAGES, r"\(3, 3\).{0,110}`@`"), True),  # the maze's exit
    (  # a tick's definition: the b[k]++ that reaches n belongs to the backtrack
        "iterative",
        1,
        _in_each(
            r"`b\[k\]\+\+` that reaches n tests no square",
            r"`b\[k\]\+\+` che arriva a n non prova nessuna casella",
            r"`b\[k\]\+\+`, które dochodzi do n, nie sprawdza żadnego pola",
        ),
        True,
    ),
    # the guess stretches' page says column 0 is not asked before it names isfree
    (
        "iterative",
        10,
        _in_each(*(f"^((?!isfree).)*{w} 0" for w in ("column", "colonna", "kolumnie"))),
        True,
    ),
    # the sicura page: a compared queen is marked only when it attacks; T[]'s 0s
    ("recursive", 5, _in_each("hold 0", "valgono 0", "mają 0"), True),
    (
        "recursive",
        5,
        _in_each(
            "the queen it is compared with is marked",
            "la regina confrontata è segnata",
            "hetman, z którym porównujemy, jest zaznaczony",
        ),
        False,
    ),
    ("symmetry", 3, TWO_SOLUTIONS, False),  # lesson 7 counts no 4 x 4 orbit before page 5 asks
    ("symmetry", 4, TWO_SOLUTIONS, False),
    # lesson 2 page 5 asks what its practice grades: every placement, not column 0's starts
    ("small-boards", 4, _in_each("column 0", "colonna 0", "kolumny 0"), False),
    ("naive-search", 4, dict.fromkeys(LANGUAGES, r"×.*\b9\b|\b9\b.*×"), True),  # tree marks
]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_page_says_what_it_must_and_not_what_it_must_not(lang: str) -> None:
    for lesson_id, index, words, said in PAGE_SAYS:
        page = lesson_in(lang, lesson_id).pages[index]
        text = " ".join(_text([page], " ").replace("\u00a0", " ").split())
        found = re.search(words[lang], text, re.DOTALL)
        assert bool(found) is said, (lesson_id, index, words[lang])


def test_the_boards_these_pages_describe_do_what_they_say() -> None:
    """No tick of the loop leaves b[k] = n, nor asks of column 0; the scan board marks a
    compared queen only when it attacks."""
    from solver.methods.scan.view import ScanView
    from solver.peek import Test
    from solver.registry import kit, make_engine
    from solver.stepping import Stop
    from solver.views.frame import Mark

    for n in (4, 5, 6):
        assert all(n not in tick.b for tick in ticks(n, False))
    assert kit("iterative").asks_nothing(Test(square=(0, 1), free=True, threats=()), 5)
    engine = make_engine("scan", 5, Mode.FIRST, None)
    attackers = []
    for _tick in range(16):  # the page's tick 14, sicura(2, 0); then sicura(2, 1) against column 0
        engine.run(Stop.TICK, max_ticks=1)
        board = ScanView().frame(engine.snapshot(), "off").board  # type: ignore[arg-type]
        attackers.append(any(Mark.ATTACKER in line for line in board.squares))
    assert attackers[13] and not attackers[15]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_drive_page_leaves_the_keys_to_its_practice_box(lang: str) -> None:
    """A ``place ... goal=drive`` question's box names its keys; the page's text names none."""
    seen = 0
    for lesson in load_catalog(lang).lessons:
        for page in lesson.pages:
            drive = any(
                isinstance(b, Question) and b.kind == "place" and b.params.get("goal") == "drive"
                for b in page.blocks
            )
            if not drive:
                continue
            seen += 1
            assert "<kbd>" not in _text([page]), (lesson.id, page.title)
    assert seen >= 1


def test_lesson_2_names_the_source_of_many_solutions_once() -> None:
    page = next(p for p in built_in("small-boards").pages if p.title == "n = 4: two solutions")
    text = _text([page], " ")
    before_example = " ".join(text.split("```")[0].split())
    assert before_example.count("Wrocław") == 1, before_example


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_5_prints_no_later_answer_and_quotes_whole(lang: str) -> None:
    """Lesson 5 prints no backtrack count lesson 9 asks (25), and nests its quotes of the slides."""
    # Lesson 9 asks the loop's 6 x 6 backtracks before its first solution (25).
    from solver.events import Backtrack
    from solver.stepping import Mode

    engine = IterativeEngine(6, Mode.FIRST)
    backtracks = 0
    while not engine.finished and engine.k < 6:
        backtracks += isinstance(engine.step(), Backtrack)
    assert backtracks == 25
    lesson = built_in("iterative", lang)
    for page in lesson.pages:
        text = _text([page], " ")
        assert not re.search(rf"(?<![\d,.]){backtracks}(?![\d,.])", text), (page.title, text)
    # Not "Brak wolnej "wyższej" pozycji", read as a quote ending after "wolnej".
    lesson = built_in("iterative", lang)
    quoted = 0
    for page in lesson.pages:
        for block in page.blocks:
            if not isinstance(block, Text):
                continue
            for line in block.markdown.splitlines():
                if "Brak wolnej" not in line:
                    continue
                quoted += 1
                quote = re.search(r"[\"„«][^\n]*?Brak wolnej[^\n]*?!(?:\"|”|»)", line)
                assert quote is not None, line
                inner = quote.group(0)[1:-1]
                assert quote.group(0)[0] not in inner and quote.group(0)[-1] not in inner, line
    assert quoted >= 4


SLIDES = {"en": r"\bslides?\b", "it": r"\bslide\b", "pl": r"\bslajd\w*"}


@pytest.mark.parametrize("method", ["permutations", "bruteforce", "columns"])
def test_the_examined_hint_rules_out_no_choice(method: str) -> None:
    """The hint names the kinds of number and the formula, never which choice is which."""
    question = Question(line=1, kind="examined", params={"method": method, "n": "10"})
    posed = pose(question, None)
    assert len(posed.choices) == 3
    assert "other two" not in posed.hint and "One choice" not in posed.hint, posed.hint
    assert "kinds of number" in posed.hint and naive.formula(method) in posed.hint
    for choice in posed.choices:
        assert choice not in posed.hint


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_1_quiz_applies_b_to_cases_its_pages_do_not_show(lang: str) -> None:
    """Whether two queens of a b[] attack, b[] read row by row, a Turin square worked out (not
    page 4's phrase); its practice on b[] applied, not read off; Q3's reasons restate no choice."""
    lesson = _lesson(lang, "problem")
    quiz, index = _quiz(lesson), next(i for i, page in enumerate(lesson.pages) if page.scored)
    first, last = quiz[0], quiz[-1]
    assert first.kind == "choice" and "b[1] = 2" in first.prompt and "b[3] = 4" in first.prompt
    (pair,) = attacks_among([(1, 2), (3, 4)])  # b[1] = 2, b[3] = 4: (column, row)
    assert pair.rule == str(Rule.DIFF)  # on one diagonal
    assert _right_index(first) == 2  # "yes, along a diagonal"; the two "no" choices say why not
    assert all(choice.why for choice in first.choices if not choice.correct)
    assert last.kind == "number" and "[0, 2, 4, 1, 3]" in last.prompt
    b = (0, 2, 4, 1, 3)
    by_row = [b.index(row) for row in range(len(b))]  # the column of the queen in each row
    assert last.answer == str(by_row[3])
    wrong = dict(last.wrong)
    assert set(wrong) == {str(b[3]), "3"}  # b read as it is; the index itself
    assert str(by_row) in last.explain  # the whole list, read row by row
    verdict = pose(last, None).check(str(b[3]))
    assert not verdict.correct and wrong[str(b[3])] in verdict.message
    turin_question = next(q for q in quiz if "{0, 2, 4, 1, 3}" in q.prompt)
    earlier = " ".join(_page_text(lesson, i) for i in range(index))
    assert not _runs(_right(turin_question), 4) & _runs(earlier, 4)
    turin = {(col, row) for row, col in enumerate(b)}  # q[row] = column
    wroclaw = {(col, row) for col, row in enumerate(b)}  # b[col] = row
    for choice in turin_question.choices:
        values = list(numbers_in(choice.text))
        if len(values) == 2:
            square = (values[0], values[1])  # (column, row), as every choice names it
            assert (square in turin) == choice.correct, choice.text
            assert choice.correct or square in wroclaw  # the wrong one: b[] read the usual way
    assert any(choice.correct for choice in turin_question.choices)
    practice = lesson.pages[1].questions[0]
    above = _page_text(lesson, 1, before=practice.line)
    right = _right(practice)
    assert not _runs(right, 4) & _runs(above, 4), right
    found = re.search(r"b = \[([^\]]*)\]", practice.prompt)
    assert found is not None
    squares = {(col, row) for col, row in enumerate(map(int, found[1].split(","))) if row >= 0}
    values = list(numbers_in(right))
    assert {(values[i], values[i + 1]) for i in range(0, len(values), 2)} == squares
    third = lesson.pages[index].questions[2]
    for choice in third.choices:
        if not choice.correct:
            assert choice.why and not _runs(_right(third), 4) & _runs(choice.why, 4), choice.why
    # the student's sentence: "one number per column is enough only if no column is empty..."
    assert "only if" not in third.choices[0].why


def test_lesson_2_draws_moments_of_the_5x5_search_no_page_showed(tmp_path: Path) -> None:
    lesson = lesson_in("en", "small-boards")
    ticks: Counter[tuple[str, str]] = Counter()
    for seed in range(1, 13):
        run = quiz_run(lesson, seed, tmp_path / f"{seed}.json")
        for asked in waiting(run):
            if asked.question.kind in ("next-choice", "attacker"):
                assert asked.instance.startswith("tick="), asked.instance
                tick = int(asked.instance.removeprefix("tick="))
                assert tick > 16  # past the first solution, the last tick a page showed
                ticks[(asked.question.kind, str(tick))] += 1
            run.reveal()
    assert len({tick for kind, tick in ticks if kind == "next-choice"}) >= 4
    assert len({tick for kind, tick in ticks if kind == "attacker"}) >= 3


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_7_quiz_counts_symmetries_and_orbits_it_did_not_print(lang: str) -> None:
    """Lesson 7: the symmetries that give a solution back, and 7 x 7's unique solutions from its
    orbits."""
    first = _quiz(lesson_in(lang, "symmetry"))[0]
    assert first.kind == "number" and "[1, 3, 5, 0, 2, 4]" in first.prompt
    b = (1, 3, 5, 0, 2, 4)
    fixed = sum(1 for image in images(b).values() if image == b)
    assert first.answer == str(fixed) and fixed == 8 // len(orbit(b))
    for other in orbit(b) - {b}:
        assert ", ".join(str(row) for row in other) in first.explain
    # doing nothing alone, every rotation, every symmetry, and 3 (no count of symmetries)
    assert {number for number, _why in first.wrong} == {"1", "3", "4", "8"}
    second = _quiz(lesson_in(lang, "symmetry"))[1]
    assert second.kind == "number"
    found = list(solutions("permutations", 7))
    sizes: Counter[int] = Counter()
    seen: set[tuple[int, ...]] = set()
    for b in found:
        if b not in seen:
            seen |= orbit(b)
            sizes[len(orbit(b))] += 1
    assert sorted(sizes.items()) == [(4, 2), (8, 4)]  # what the prompt says, in words
    assert str(len(found)) in second.prompt and "4" in second.prompt and "8" in second.prompt
    assert second.answer == str(sum(sizes.values()))
    wrong = {int(number) for number, _why in second.wrong}
    total = len(found)  # 7: the two small orbits added to 40 / 8
    assert wrong == {total, total // 8, sizes[8], total // 4, total // 8 + sizes[4]}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_queen_row_feedback_does_not_hand_over_the_entry(lang: str) -> None:
    """L1 p3: "... so the answer is b[3]" with the table on screen."""
    i18n.set_language(lang)
    for b in run_method(DEFAULT_METHOD, 5, every=True).solutions:
        for col in range(5):
            params = {"b": "[" + ",".join(map(str, b)) + "]", "col": str(col)}
            posed = pose(Question(1, "queen-row", params), None)
            for given, message in posed.wrong.items():
                assert f"b[{col}]" not in message, (b, col, given, message)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rotations_alone_feedback_does_not_steer_to_8(lang: str) -> None:
    """L7 p2 and Q3: "4 is what the 4 rotations alone give. The question counts all 8
    symmetries" pointed at 8 whatever the orbit."""
    i18n.set_language(lang)
    said = say("mistake.rotations_only", given=2)
    assert 8 not in set(numbers_in(said)), said
    for n in (4, 5, 6, 8):
        for b in run_method(DEFAULT_METHOD, n, every=True).solutions:
            params = {"b": "[" + ",".join(map(str, b)) + "]"}
            posed = pose(Question(1, "orbit", params), None)
            right = len(symmetry.orbit(b))
            turned = len({t.apply(b) for t in symmetry.ROTATIONS})
            if turned != right:
                assert posed.wrong[str(turned)] == say("mistake.rotations_only", given=turned)


_NAMED = re.compile(r"(col\+row|row-col) is -?\d+ for both squares")


def test_diagonal_reasons_never_name_the_right_choice() -> None:
    squares = [(c, r) for c in range(8) for r in range(8)]
    seen, rights = 0, set()
    for a in squares:
        for b in squares:
            if a >= b or a[0] == b[0] or a[1] == b[1]:
                continue
            params = {"square": f"{a[0]},{a[1]}", "other": f"{b[0]},{b[1]}"}
            posed = pose(Question(1, "same-diagonal", params), None)
            rights.add(posed.expected)
            for message in posed.wrong.values():
                assert not _NAMED.search(message), message
                assert "no diagonal joins them" not in message  # "neither" said for them
                assert "neither number" not in message and "the rule is" not in message
                seen += 1
            assert _words(posed.hint)[:1] == ["column"] and str(a[0] + a[1]) in posed.hint
            assert all(posed.hint not in message for message in posed.wrong.values())
    assert seen > 1000 and len(rights) == 3  # each line the right one somewhere
    from lessons.quiz.diagonals import Line, why_not

    for picked in (Line.SUM, Line.DIFF, Line.NONE):  # a shared row: attack-rule's own case
        said = why_not(picked, (0, 2), (3, 2), tuple(Line))
        assert said and not re.search(r"is -?\d+ for both squares", said), said
        assert "neither number" not in said and "the rule is" not in said, said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_place_hints_add_to_the_page(lang: str) -> None:
    lesson = _lesson(lang, "small-boards")
    for page in lesson.pages:
        for question in page.questions:
            if question.kind != "place" or question.params.get("goal") == "drive":
                continue
            posed = pose(question, None)
            n = int(question.params["n"])
            if question.params["goal"] == "exhaust":
                assert f"{n}! = " in posed.hint
            else:  # the row of column 0's queen in the loop's first solution
                first = run_method(DEFAULT_METHOD, n).solutions[0][0]
                assert str(first) in set(map(str, numbers_in(posed.hint)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_examined_hint_is_not_the_search_space_feedback(lang: str) -> None:
    i18n.set_language(lang)
    posed = pose(Question(1, "examined", {"method": "permutations", "n": "6"}), None)
    hinted = {word for word in _words(posed.hint) if len(word) > 3}
    for message in posed.wrong.values():  # "not the search space: count to the first solution"
        shared = hinted & set(_words(message))
        assert len(shared) < len(hinted) / 2, (posed.hint, message)
