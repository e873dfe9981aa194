"""An answer the guess pane posted for a question that is no longer open is ignored.

Found by the raw-byte fuzz at 100,000 bytes in guess mode (tests/e2e/test_raw_bytes.py): an
answer to a "where does the next queen land" question reached the main screen when the open
question was another one ("is this square free?"), and GuessGame.answer_land's check ended the
tutor (AssertionError in tui/screens/guess_keys.py). The pane posts its answers as messages, so
keys of the same read can change the question before the screen handles one.
"""

from __future__ import annotations

import pytest

from solver.views.guess import Stage
from tests.tui.screen_text import main_screen
from tui.app import QueensTutorApp
from tui.widgets.guess_pane import GuessPane

SIZE = (80, 24)


@pytest.mark.parametrize(
    ("key", "stale"),
    [
        ("space", GuessPane.Answered(Stage.LAND, 2)),  # the open question: is it free?
        ("space", GuessPane.Answered(Stage.RULE, "2")),
        ("enter", GuessPane.Answered(Stage.FREE, True)),  # the open question: where?
    ],
)
async def test_an_answer_to_another_question_is_ignored(
    key: str, stale: GuessPane.Answered
) -> None:
    app = QueensTutorApp(4, guess=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = main_screen(app)
        await pilot.press(key)
        question = screen.game.question
        assert question is not None and question.stage != stale.stage
        screen.post_message(stale)
        await pilot.pause(0.2)
        assert app.is_running
        assert screen.game.question is question  # still open, unanswered
        assert screen.engine.tick == 0
        await pilot.press("escape", "g", "space")  # and the tutor still steps
        assert screen.engine.tick == 1
