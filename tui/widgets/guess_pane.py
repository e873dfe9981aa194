"""The keys that answer guess mode's open question (the focused widget's while one is open,
else the screen's), and the narration pane that takes them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget

from lessons.answers.reading import YES_KEYS, YesNoTyping, yes_key
from lessons.i18n import N_, _, current
from solver import messages
from solver.guess.stage import Stage
from solver.kit_words import RULE_KEYS, QuestionWords
from tui.bindings import key_rows
from tui.widgets.narration_pane import NarrationPane

ARROWS = ("up", "right", "down", "left")
"""The arrow keys: an answer that is a move (the maze's) is typed with the arrow of its name."""
TYPING_WINDOW = 1.0
"""Seconds a first digit waits for a second one (boards of more than 10 rows)."""


def typed_row(typed: str, n: int) -> bool:
    """True when ``typed`` digits are a whole answer on a board of ``n`` (no digit can follow)."""
    return int(typed) * 10 > n - 1 or len(typed) >= len(str(n - 1))


class AnswerKeys(Widget):
    """The keys that answer the open question, each posting :class:`Answered`: y (s, t) / n
    for free, 1 2 3 for the rule, digits, b or the arrows for where the search lands, escape
    to drop the question."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # yes: y, s (sì), t (tak); over the screen's keys while the question waits
        *(Binding(key, f"yes(True, '{key}')", N_("Yes")) for key in YES_KEYS),
        Binding("n", "yes(False, 'n')", N_("No")),
        *(Binding(k, f"rule('{a}')", QuestionWords.rule_key(a)) for k, a in RULE_KEYS.items()),
        *(Binding(str(d), f"digit({d})", str(d), show=False) for d in range(10)),
        Binding("enter", "submit", N_("Enter"), show=False),
        Binding("b", "backtrack", N_("Backtrack"), show=False),
        *(Binding(arrow, f"move('{arrow}')", arrow, show=False) for arrow in ARROWS),
        Binding("escape", "drop", N_("No question"), show=False),
    ]

    stage: reactive[str | None] = reactive(None, repaint=False)
    """The open question's :class:`Stage`, None when none is open."""
    typed: reactive[str] = reactive("", repaint=False)
    """Digits typed so far for a LAND question."""

    @dataclass(eq=False)
    class Answered(Message, namespace="guess_pane"):
        """The learner answered the open question (``stage`` ``drop``: dropped it); handled as
        ``on_guess_pane_answered`` whichever widget posted it."""

        stage: str
        value: object

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.n = 8
        self.kit: QuestionWords = QuestionWords()
        """The session's kit: the moves an answer names (typed with its arrow), its rules' words."""
        self._timer: Timer | None = None
        self._typing = YesNoTyping()
        """The yes or no being typed (``t``, ``ta``) after its first letter answered."""

    def goes_on_word(self, event: events.Key) -> bool:
        """Whether ``event`` is the next letter of the yes or no whose first letter answered, or
        the Enter that ends it: part of that answer, not a key of the screen."""
        return self._typing.goes_on(event.key, event.character)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        stage = self.stage
        if action == "drop":
            return stage is not None
        if action in ("yes", "rule"):
            return stage == (Stage.FREE if action == "yes" else Stage.RULE)
        if action in ("digit", "submit", "backtrack", "move"):
            if stage != Stage.LAND:
                return False
            if action == "move":
                return str(parameters[0]) in self.kit.moves if parameters else bool(self.kit.moves)
            if action == "submit":
                return bool(self.typed)
            return action == "backtrack" or not self.kit.moves
        return True

    def key_bar_shows(self, binding: Binding) -> bool:
        """The key bar names yes by the key the question names (y, s for sì, t for tak)."""
        return not binding.action.startswith("yes(True") or binding.key == yes_key(current())

    def key_bar_label(self, binding: Binding) -> str:
        """A rule's key is named by the kit's word for its line (1: the row, or the column)."""
        rule = binding.action.startswith("rule(")
        return _(self.kit.rule_key(binding.action[6:-2]) if rule else binding.description)

    def help_rows(self) -> list[tuple[str, str]]:
        """The keys that answer the open question, as rows of the help, named as the key bar
        names them (none while no question is open)."""
        if self.stage is None:
            return []
        named = [b for b in self.BINDINGS if isinstance(b, Binding) and (b.show or b.key == "b")]
        digits = self.check_action("digit", (0,))  # a row's number, typed
        typed = [(_("digits, enter"), _("Type the number itself, then Enter"))] if digits else []
        return key_rows(self, named) + typed

    def watch_stage(self) -> None:
        self._clear_typed()
        if self.is_mounted:
            self.screen.refresh_bindings()

    def watch_typed(self) -> None:
        self.typed_changed()

    def typed_changed(self) -> None:
        """The digits typed so far changed: show them."""

    def with_typed(self, text: str) -> str:
        """``text`` (the question) followed by the digits typed so far, if any."""
        if not self.typed:
            return text
        typed = messages.Message.of("guess.typed", typed=self.typed)
        return f"{text} {messages.render(typed)}"

    def _clear_typed(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.typed = ""

    def _answer(self, stage: str, value: object) -> None:
        self._clear_typed()
        self.post_message(self.Answered(stage, value))

    def action_yes(self, yes: bool, letter: str = "") -> None:
        self._answer(Stage.FREE, yes)
        self._typing.start(letter)

    def action_rule(self, along: str) -> None:
        self._answer(Stage.RULE, along)

    def action_digit(self, digit: int) -> None:
        typed = self.typed + str(digit)
        if typed_row(typed, self.n):
            self._answer(Stage.LAND, int(typed))
            return
        self.typed = typed
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_timer(TYPING_WINDOW, self.action_submit)

    def action_submit(self) -> None:
        if self.typed:
            self._answer(Stage.LAND, int(self.typed))

    def action_backtrack(self) -> None:
        self._answer(Stage.LAND, None)

    def action_move(self, move: str) -> None:
        self._answer(Stage.LAND, move)

    def action_drop(self) -> None:
        self._answer("drop", None)


class GuessPane(AnswerKeys, NarrationPane, can_focus=True):
    """The sentence for the last tick, or the open question, and its keys (:class:`AnswerKeys`)."""

    def typed_changed(self) -> None:
        self._redraw()

    def shown_text(self) -> str:
        return self.with_typed(self.text)
