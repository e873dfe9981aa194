"""Guess mode on the main screen: ``g`` toggles it; a forward key asks before it plays.

The screen mixes this in. The questions, the grading and the tally live in the headless
:class:`solver.guess.game.GuessGame`; the answers arrive from :class:`GuessPane`'s keys as
:class:`GuessPane.Answered` messages. The tally is kept when guess mode is toggled off and on
again (it counts the whole session at the tutor).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events

from lessons.i18n import _
from solver.guess.game import GuessGame, Play, Stage
from solver.stepping import SteppableSearch, Stop
from tui.widgets.guess_pane import GuessPane


class GuessKeys:
    """Guess mode's actions and message handler for :class:`tui.screens.main_screen.MainScreen`."""

    engine: SteppableSearch
    game: GuessGame
    guessing: bool
    _narration: GuessPane

    if TYPE_CHECKING:

        def _changed(self) -> None: ...

        def _tell(self, message: str) -> None: ...

    def action_guess(self) -> None:
        """Guess mode on or off; off shows every mark again (the tally is kept)."""
        self.guessing = not self.guessing
        self.game.drop()
        self._changed()
        if self.guessing:
            self._tell(_("Guess mode: space and enter ask before they play."))
        else:
            self._tell(_("Guess mode off: every mark is shown again."))

    def _ask_first(self, play: Play) -> bool:
        """In guess mode, open a question instead of playing ``play``; True when the key is
        taken (a question was opened, or one is still open)."""
        if not self.guessing:
            return False
        game = self.game
        question = game.question
        if question is not None:
            if question.stage is Stage.RULE and play is Play.TICK:
                self._play(game.answer_rule(None))  # space skips the rule
                return True
            return self._question_open()
        asked = game.ask_tick(self.engine) if play is Play.TICK else game.ask_iteration(self.engine)
        if not asked:
            return False  # this step tests nothing: it plays as usual
        self._narration.n = self.engine.n
        self._changed()
        self._narration.focus()
        return True

    def _question_open(self) -> bool:
        """True (and a reminder) while a question waits: a run would skip it."""
        if self.game.question is None:
            return False
        self._tell(_("Answer the question first (escape: no question)."))
        return True

    def on_key(self, event: events.Key) -> None:
        """The rest of a yes or no whose first letter answered (tak, sì, no) is part of it."""
        if self._narration.goes_on_word(event):
            event.stop()
            event.prevent_default()

    def on_guess_pane_answered(self, message: GuessPane.Answered) -> None:
        game = self.game
        if game.question is None:
            return
        if message.stage != "drop" and message.stage != game.question.stage:
            return  # posted for a question that another key has closed since (one read's keys)
        if message.stage == "drop":
            game.drop()
            self._changed()
            return
        if message.stage == Stage.FREE:
            play = game.answer_yes(bool(message.value))
        elif message.stage == Stage.RULE:
            from solver.peek import Along  # loaded by the question this answers

            play = game.answer_rule(Along(str(message.value)))
        else:
            value = message.value
            play = game.answer_land(value if isinstance(value, int | str) else None)
        self._play(play)

    def _play(self, play: Play) -> None:
        """Play the step the answer was about, then show it with the verdict."""
        if play is Play.TICK:
            self.engine.run(Stop.TICK, max_ticks=1)
        elif play is Play.ITERATION:
            self.engine.run(Stop.ITERATION)
        self._changed()
