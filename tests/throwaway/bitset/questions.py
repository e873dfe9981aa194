"""The bit-set backtracker's own words for a lesson's questions about its board (the kit's
general words serve the rest: solver/kit.py)."""

from __future__ import annotations

from typing import Any

from solver.messages import Message, register

register(
    {
        "bitset.choice.hint": "Read avail from bit {first} up: the first bit that is 1 is the "
        "column; if none is, the call returns.",
        "bitset.state.hint": "A tick tests one bit of avail, places a queen or returns from a "
        "call.",
        "bitset.state.hint.ahead": "Write q[] and the three words down, then tick: each tick "
        "tests one bit, places a queen or returns.",
    }
)


def choice_hint(before: Any) -> Message:
    """Where to start reading avail, from the state ``before`` the question."""
    top = before.top
    return Message.of("bitset.choice.hint", first=0 if top is None else top.j + 1)


def state_hint(ahead: bool) -> Message:
    return Message.of("bitset.state.hint.ahead" if ahead else "bitset.state.hint")
