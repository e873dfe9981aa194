"""Richards' bit masks' own words for a lesson's questions about its board, hooks its kit
inherits (the kit's general words serve the rest: solver/kit_words.py)."""

from typing import Any

from solver.messages import Message, register

register(
    {
        "richards.choice.hint": "Work out avail = ~(cols | ld | rd): its lowest bit that is 1 "
        "is the column; if no bit is 1, the call returns.",
        "richards.state.hint": "A tick places the queen of the lowest bit of avail, or returns "
        "from a call.",
        "richards.state.hint.ahead": "Write q[] and the four words down, then tick: each tick "
        "places a queen or returns.",
    }
)


class MaskQuestions:
    def choice_hint(self, before: Any, iteration: Any) -> Message:
        return Message.of("richards.choice.hint")

    def state_hint(self, ahead: bool, iteration: bool = False) -> Message:
        return Message.of("richards.state.hint.ahead" if ahead else "richards.state.hint")
