"""Algorithm X's own words for a lesson's questions about its board, hooks its kit inherits
(the kit's general words serve the rest: solver/kit_words.py)."""

from typing import Any

from solver.messages import Message, register

register(
    {
        "algx.choice.hint": "Count the options left of every uncovered row and column: the "
        "first with the fewest is covered, by its first option; none left: x() returns.",
        "algx.state.hint": "A tick covers the next option of the chosen item, or returns from "
        "a call.",
    }
)


class ExactCoverQuestions:
    def choice_hint(self, before: Any, iteration: Any) -> Message:
        return Message.of("algx.choice.hint")

    def state_hint(self, ahead: bool, iteration: bool = False) -> Message:
        return Message.of("algx.state.hint")
