"""Answering that never guesses, in the installed tutor in a real terminal at 80x24, in
English, Italian and Polish: on the first question of a quiz, reached by Enter from the page
before it, Enter with nothing chosen says how to choose; the no typed as a word and Enter is one
answer, graded as that word (``nie`` is never "1. tak"); the Enter that closes its feedback
asks the next question, and a second Enter answers nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from lessons import i18n
from lessons.answers.feedback import MESSAGES
from tests.e2e.tmux import Tmux, tutor_command

pytestmark = pytest.mark.integration  # the installed command in tmux

LESSON = """\
@lesson never-guesses
@title {title}
@lang {lang}

@page {page}
{text}

@quiz Quiz
@question exists n=3
@end
@question exists n=4
@end
"""

WORDS = {
    "en": ("Never guesses", "Before the quiz", "Read this first.", "no"),
    "it": ("Mai a caso", "Prima del quiz", "Leggi prima questo.", "no"),
    "pl": ("Nigdy na ślepo", "Przed quizem", "Najpierw przeczytaj.", "nie"),
}


def said(lang: str, message: str, **values: object) -> str:
    text = i18n.translation(lang).gettext(message)
    return text.format(**values) if values else text


def in_pane(text: str) -> Callable[[str], bool]:
    """``text`` in the right-hand pane (its lines joined, borders left out)."""
    wanted = " ".join(text.split())

    def shown(screen: str) -> bool:
        parts = [line.rstrip(" │").split("│")[-1] for line in screen.splitlines()]
        return wanted in " ".join(" ".join(parts).split())

    return shown


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_enter_never_answers_and_a_typed_no_is_graded_as_typed(tmp_path: Path, lang: str) -> None:
    title, page, text, no_word = WORDS[lang]
    lessons, data = tmp_path / "lessons", tmp_path / "data"
    for code in ("en", lang):
        where = lessons if code == "en" else lessons / code
        where.mkdir(parents=True, exist_ok=True)
        (where / "61-never.md").write_text(
            LESSON.format(title=title, lang=code, page=page, text=text), "utf-8"
        )
    env = {"XDG_DATA_HOME": str(data), "XDG_CONFIG_HOME": str(data / "config"), "LANG": "C.UTF-8"}
    command = f"{tutor_command()} --lessons-dir {lessons} --lang {lang} --lesson never-guesses"
    with Tmux(command, env=env) as tutor:
        asks = said(lang, "Is there a solution for n = {n}?")
        nothing = in_pane(said(lang, MESSAGES["format.choice_none"], count=2))
        tutor.wait_for(in_pane(text))
        tutor.enter("", in_pane(asks.format(n=3)))  # the page is read: the quiz's first question
        tutor.enter("", nothing)
        tutor.enter(no_word)
        right = said(lang, MESSAGES["answer.right"]).split("{explanation}")[0]
        no_choice = said(lang, "choice {number}, “{words}”").format(
            number=2, words=said(lang, "no")
        )
        tutor.wait_for(in_pane(right.format(answer=no_choice)))
        tutor.enter("", in_pane(asks.format(n=4)))  # closes the feedback: the next question
        # a second Enter
        tutor.enter("", lambda screen: in_pane(asks.format(n=4))(screen) and nothing(screen))
        tutor.keys("C-q")  # (q would be typed: a question waits)
        assert tutor.wait_exit() == 0
    saved = json.loads((data / "queens-tutor" / "progress.json").read_text())["lessons"]
    record = saved["never-guesses"]
    assert record["answers"]["1.0"]["attempts"] == 1 and record["answers"]["1.0"]["points"] == 1
    assert "1.1" not in record["answers"]
    assert record.get("open", {}).get("1.1", {}).get("attempts", 0) == 0
