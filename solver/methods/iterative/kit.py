"""The Wrocław lecture's iterative backtracker (``while`` with ``isfree``), as a kit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from solver.kit import Reader, SteppableKit
from solver.messages import N_, Message, register

if TYPE_CHECKING:
    from solver.peek import Iteration, Test
    from solver.stepping import SearchSnapshot

register(
    {
        "guess.try.iterative": "isfree({col}, {row}): is column {col}, row {row} free?",
        "guess.rule.iterative": "Right, it is attacked. By which rule? 1 same row, 2 same "
        "col+row, 3 same row-col.",
        "guess.land.iterative": "Column {k}: on which row does its queen land? Type the row "
        "(0 to {last}), or b if no row is free (a backtrack).",
    }
)


def _event(snapshot: object) -> str:
    """The last event as the lessons name it: placed, attacked, backtrack, solution, done."""
    from solver.events import Try

    event = getattr(snapshot, "last_event", None)
    if event is None:
        return "none"
    if isinstance(event, Try):
        return "attacked" if event.attackers else "placed"
    return str(event.kind)


class IterativeKit(SteppableKit):
    name = "iterative"
    title = N_("iterative backtracker with isfree")
    notes_name = N_("the Wrocław loop")
    source = "wroclaw"
    summary = N_("the while loop with isfree (the Wrocław lecture)")
    max_n = 29
    backtracker = True
    engine_path = "solver.methods.iterative.engine:IterativeEngine"
    view_path = "solver.methods.iterative.view:IterativeView"
    rule_words = "guess.rule.iterative"
    land_words = "guess.land.iterative"
    has_tree = True
    state_name = "k"
    expect_names: ClassVar[dict[str, Reader]] = {
        "k": lambda s: s.k,
        "b": lambda s: s.b,
        "event": lambda s: _event(s),
    }

    def test_of(self, snapshot: SearchSnapshot) -> Test | None:
        from solver.events import Try
        from solver.peek import ALONG, Test, Threat

        event = snapshot.last_event
        if not isinstance(event, Try) or snapshot.tick == 1:
            return None  # tick 1 is the lecture's b[0]=0; k=1: no isfree is called
        threats = tuple(Threat((a.col, a.row), ALONG[a.rule]) for a in event.attackers)
        return Test((event.col, event.row), event.placed, threats)

    def landing(
        self, snapshot: SearchSnapshot, tests: tuple[Test, ...], events: tuple[object, ...]
    ) -> Iteration | None:
        from solver.events import Backtrack, Try

        event = snapshot.last_event
        if isinstance(event, Try):  # b[k] found free
            return self.landed(event.col, event.row, tests)
        if isinstance(event, Backtrack):
            return self.backtracked(event.col, tests)
        return None

    def try_prompt(self, test: Test, n: int) -> Message:
        x, y = test.square
        return Message.of("guess.try.iterative", col=x, row=y)

    def placements(self, snapshot: Any) -> tuple[tuple[int, ...], ...]:
        solutions: tuple[tuple[int, ...], ...] = snapshot.solutions
        return solutions

    # -- a lesson's questions about its board, in the loop's words ------------------------------

    def choice_refusal(self, before: Any) -> Message | None:
        from solver.methods.iterative import questions

        return questions.choice_refusal(before)

    def choice_prompt(self, before: Any, iteration: Iteration) -> Message:
        from solver.methods.iterative import questions

        return questions.choice_prompt(before)

    def choice_story(self, before: Any, iteration: Iteration) -> Message:
        from solver.methods.iterative import questions

        return questions.choice_story(before, iteration)

    def choice_hint(self, before: Any, iteration: Iteration) -> Message:
        from solver.methods.iterative import questions

        return questions.choice_hint(before)

    def wrong_choice(self, before: Any, iteration: Iteration, value: int | str | None) -> Message:
        from solver.methods.iterative import questions

        return questions.wrong_choice(before, iteration, value if isinstance(value, int) else None)

    def choice_mistakes(self, before: Any, iteration: Iteration) -> dict[str, Message]:
        from solver.methods.iterative import questions

        return questions.choice_mistakes(before, iteration)

    def state_mistakes(
        self, name: str, before: Any, after: Any, events: tuple[object, ...]
    ) -> dict[str, Message]:
        from solver.methods.iterative import questions

        return questions.state_mistakes(name, before, after, events)

    def ahead_mistakes(self, name: str, before: str, value: str, ahead: int) -> dict[str, Message]:
        from solver.methods.iterative import questions

        return questions.ahead_mistakes(name, before, value, ahead)

    def state_largest(self, name: str, before: Any) -> tuple[int, Message] | None:
        from solver.methods.iterative import questions

        return questions.state_largest(name, before)

    def landing_reasons(self, name: str, before: Any, after: Any) -> dict[str, Message]:
        from solver.methods.iterative import questions

        return questions.landing_reasons(name, before, after)

    def state_hint(self, ahead: bool, iteration: bool = False) -> Message:
        if ahead:
            return Message.of("loop.state.hint.ahead")
        return Message.of("loop.state.hint.iteration" if iteration else "loop.state.hint.tick")

    def step_mistake(self, name: str, iteration: bool) -> Message:
        key = "loop.mistake.tick_for_iteration" if iteration else "loop.mistake.iteration_for_tick"
        return Message.of(key, name=name)
