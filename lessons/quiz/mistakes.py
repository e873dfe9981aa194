"""The misconceptions behind wrong answers to ``examined`` and ``rotations``, each named by a
message id of :mod:`lessons.answers.feedback`."""

from __future__ import annotations

import dataclasses

from lessons.answers.checking import Posed
from lessons.answers.feedback import say
from lessons.i18n import number
from lessons.quiz import solver_facts as facts
from lessons.quiz.compare import examined
from lessons.quiz.facts import symmetry_mistakes
from lessons.quiz.params import Params
from solver.methods.naive import search as naive
from solver.registry import DEFAULT_METHOD, kit
from solver.session.board import BoardSession


def with_examined_mistakes(posed: Posed, params: Params) -> Posed:
    """An ``examined`` question (its choices are numbers) with a reason for each wrong one."""
    method = params.raw.get("method", "")
    n = int(posed.values["n"])
    by_value = {_value(choice): str(index) for index, choice in enumerate(posed.choices)}
    found: dict[str, str] = {}

    def note(value: int, message_id: str, **fields: object) -> None:
        index = by_value.get(value)
        if index is not None and index != posed.expected:
            found.setdefault(index, say(message_id, method=method, **fields))

    if not kit(method).backtracker:  # a naive search
        formula = naive.formula(method)
        note(naive.search_space(method, n), "mistake.space_for_examined", formula=formula)
        tests = examined(DEFAULT_METHOD, n)
        note(tests, "mistake.tests_for_placements", given=number(tests))
    else:
        done = facts.work(n)
        note(done.ticks, "mistake.ticks_for_tests")
        note(done.backtracks, "mistake.backtracks_for_tests")
    return dataclasses.replace(posed, wrong={**found, **posed.wrong})


def _value(choice: str) -> int:
    return int("".join(ch for ch in choice if ch.isdecimal()))


def with_rotation_mistakes(posed: Posed, params: Params, board: BoardSession | None) -> Posed:
    """A ``rotations`` question with the orbit (reflections counted) and 4 (every turn a new
    board) named as mistakes. Its solution is ``b=``, else the one the board found last (the
    question was posed: one of them is there)."""
    if params.has("b"):
        b = params.int_list("b")
    elif board is not None and board.kit.placements(board.snapshot):
        b = board.kit.placements(board.snapshot)[-1]
    else:
        return posed
    found = symmetry_mistakes(b, int(posed.expected), everything=False)
    return dataclasses.replace(posed, wrong={**found, **posed.wrong})
