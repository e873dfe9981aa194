"""``next-state``: ``ticks=N`` ahead on the lecture's loop (checked against the loop written out
again here, the engine left as it was), and ``of=NAME`` on the recursive, general, scan and maze
boards for every kind of value (numbers, yes/no, lists, the maze's square): posed where the value
changes, its right answer accepted, the value now told "stays", a wrong list entry named, and what
cannot be read refused without counting."""

from __future__ import annotations

import pytest

from lessons.answers.checking import AnswerType, Posed
from lessons.model import Question
from lessons.quiz.next_state import pose_next_state
from lessons.quiz.not_askable import NotAskable
from lessons.quiz.params import Params
from lessons.quiz.pose import QuizError, pose
from lessons.stage.expect_names import read
from solver.methods.iterative.engine import IterativeEngine
from solver.registry import make_engine
from solver.session.board import BoardSession
from solver.stepping import Mode, SteppableSearch, Stop, back_to

CASES = [
    ("recursive", "depth", AnswerType.NUMBER),
    ("general", "R", AnswerType.NUMBER),
    ("scan", "k", AnswerType.NUMBER),
    ("maze", "path", AnswerType.NUMBER),
    ("recursive", "finished", AnswerType.CHOICE),
    ("general", "finished", AnswerType.CHOICE),
    ("scan", "finished", AnswerType.CHOICE),
    ("maze", "finished", AnswerType.CHOICE),
    ("recursive", "c[3]", AnswerType.CHOICE),
    ("recursive", "q", AnswerType.LIST),
    ("recursive", "a", AnswerType.LIST),
    ("general", "regine", AnswerType.LIST),
    ("scan", "T", AnswerType.LIST),
    ("maze", "at", AnswerType.LIST),
]


def _engine(method: str) -> SteppableSearch:
    return make_engine(method, 5, Mode.FIRST, None)


def _changing(method: str, name: str) -> tuple[SteppableSearch, int, str, str]:
    """An engine at the first tick (from its end for ``finished``) where ``name`` changes within
    3 ticks, the number of ticks, and the value now and then (read from the engine)."""
    engine = _engine(method)
    total = engine.run(Stop.END).ticks
    starts = range(total - 1, -1, -1) if name == "finished" else range(total)
    for start in starts:
        for ahead in (1, 2, 3):
            if start + ahead > total:
                break
            back_to(engine, start)
            now = read(engine, method, name)
            engine.run(Stop.END, max_ticks=ahead)
            then = read(engine, method, name)
            back_to(engine, start)
            if now != then:
                return engine, ahead, now, then
    raise AssertionError(f"{name} never changes on the {method} board")


def _pose(engine: SteppableSearch, name: str, ahead: int) -> Posed:
    return pose_next_state(
        Params({"of": name, "ticks": str(ahead)}, "@question"), BoardSession(engine=engine)
    )


def _typed(value: str) -> str:
    """``value`` as a student may type it: a list without brackets or spaces after commas."""
    return value.strip("[]()").replace(", ", ",") if value[:1] in "[(" else value


@pytest.mark.parametrize(("method", "name", "kind"), CASES, ids=lambda c: str(c))
def test_every_kind_of_value_is_posed_and_graded(method: str, name: str, kind: AnswerType) -> None:
    engine, ahead, now, then = _changing(method, name)
    tick = engine.tick
    posed = _pose(engine, name, ahead)
    assert engine.tick == tick  # taken back
    assert posed.answer_type is kind and posed.play == ahead
    right = posed.check(_typed(then))
    assert right.correct, right.message
    assert then in posed.answer_text
    stays = posed.check(_typed(now))
    assert not stays.correct and stays.counted and f"That is {name} now" in stays.message
    for typed in ("x?", "[1, 2", "1 2 ]", "one, two", "[[1]]"):  # named, not counted
        verdict = posed.check(typed)
        assert not verdict.counted, typed
        assert typed in verdict.message


@pytest.mark.parametrize(
    ("method", "name"),
    [("recursive", "q"), ("recursive", "b"), ("general", "regine"), ("scan", "T")],
)
def test_a_wrong_entry_of_a_list_is_named_with_its_right_value(method: str, name: str) -> None:
    engine, ahead, _now, then = _changing(method, name)
    posed = _pose(engine, name, ahead)
    entries = then.strip("[]").split(", ")
    swap = {"true": "false", "false": "true", "None": "0"}
    for index in (0, len(entries) - 1):
        wrong = list(entries)
        entry = wrong[index]
        wrong[index] = swap[entry] if entry in swap else str(int(entry) + 7)
        verdict = posed.check(" ".join(wrong))
        assert not verdict.correct and verdict.counted
        assert f"{name}[{index}] is {entries[index]} then, not {wrong[index]}" in verdict.message
    short = posed.check(", ".join(entries[:-1]))
    assert not short.correct and short.counted
    assert f"{name} has {len(entries)} entries then; your answer has {len(entries) - 1}" in (
        short.message
    )


def test_the_maze_square_names_its_wrong_row_or_column() -> None:
    engine, ahead, _now, then = _changing("maze", "at")
    posed = _pose(engine, "at", ahead)
    row, column = (int(x) for x in then.strip("()").split(", "))
    assert posed.check(f"({row}, {column + 3})").message.count(f"Its column is {column}") == 1
    assert f"Its row is {row}, not {row + 3}" in posed.check(f"{row + 3} {column}").message
    assert not posed.check(f"({row}, {column}, 1)").counted  # a square has two numbers
    assert not posed.check("(true, false)").counted


def test_true_and_false_are_answered_with_yes_and_no_in_every_language() -> None:
    engine, ahead, _now, then = _changing("recursive", "c[3]")
    posed = _pose(engine, "c[3]", ahead)
    assert posed.choices == ("true", "false")
    for word in ("true", "yes", "sì", "tak", "vero", "prawda", "1"):
        assert posed.check(word).correct == (then == "true"), word
    for word in ("false", "no", "nie", "falso", "fałsz", "2"):
        assert posed.check(word).correct == (then == "false"), word


def test_a_word_value_is_refused_with_its_name_and_value() -> None:
    engine = _engine("recursive")
    with pytest.raises(NotAskable, match="of=event: its value then, call, is a word"):
        _pose(engine, "event", 1)


def test_booleans_typed_as_the_recursive_pane_shows_them_t_and_f() -> None:
    engine, ahead, _now, then = _changing("recursive", "b")
    posed = _pose(engine, "b", ahead)
    letters = " ".join("T" if e == "true" else "F" for e in then.strip("[]").split(", "))
    assert posed.check(letters).correct
    assert posed.check(letters.replace("T", "X", 1)).counted is False


def isfree(b: list[int], x: int, y: int) -> bool:
    return not any(b[i] - i == y - x or b[i] + i == y + x or b[i] == y for i in range(x))


def lecture_ticks(b: list[int], k: int, n: int, count: int) -> tuple[list[int], int, int]:
    """The Wrocław loop, one tick at a time: b[k]++ with isfree, or b[k]=-1; k--."""
    backtracks = 0
    for _ in range(count):
        if b[k] + 1 < n:
            b[k] += 1
            if isfree(b, k, b[k]):
                k += 1
        else:
            b[k] = -1
            k -= 1
            backtracks += 1
    return b, k, backtracks


@pytest.mark.parametrize("ticks", [3, 10, 25])
def test_k_several_ticks_ahead(ticks: int) -> None:
    engine = IterativeEngine(6, Mode.FIRST)
    for _ in range(15):
        engine.step()
    before = (engine.b, engine.k, engine.tick)
    posed = pose(
        Question(1, "next-state", {"of": "k", "ticks": str(ticks)}), BoardSession(engine=engine)
    )
    assert (engine.b, engine.k, engine.tick) == before
    _b, k, backtracks = lecture_ticks(list(engine.b), engine.k, 6, ticks)
    assert posed.expected == str(k) and posed.play == ticks
    if backtracks > 1:
        assert f"backtracked {backtracks} times" in posed.explanation


def test_past_the_end_is_refused() -> None:
    engine = IterativeEngine(4, Mode.FIRST)
    with pytest.raises(QuizError, match="the search ends"):
        pose(Question(1, "next-state", {"of": "k", "ticks": "50"}), BoardSession(engine=engine))
