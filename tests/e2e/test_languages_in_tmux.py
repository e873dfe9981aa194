"""The installed tutor in tmux in English, Italian and Polish. It speaks the locale's language,
and ``--lang`` beats the locale (the locales need not exist on the machine: the tutor only
reads the variables). Answers on a teacher's lesson in each language, one walk per language:
decimals and grouped numbers in the language's notation, yes and no as words (``nie`` graded as
typed, never "1. tak"), Enter with nothing chosen on the quiz reached by Enter and after a
feedback answering nothing, input that is not an answer refused at no cost, quit mid-quiz and
resume where it was left, f2 without a hint, and the lesson done. The screen's words are read
from the tutor's catalogs in the language."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from lessons import i18n
from lessons.answers.feedback import MESSAGES
from lessons.answers.reading import DECIMAL_POINT
from tests.e2e.tmux import Tmux, narration, tutor_command

pytestmark = pytest.mark.integration  # long walks in a real terminal


def tutor(data: Path, args: str, lang: str = "C.UTF-8") -> Tmux:
    """The tutor with ``args`` at locale ``lang``, its data and settings in ``data`` (no
    language saved by an earlier run; the variables the test run may set not in the way)."""
    env = {"LANG": lang, "LC_ALL": "", "LC_MESSAGES": ""}
    env |= {"XDG_DATA_HOME": str(data), "XDG_CONFIG_HOME": str(data / "config")}
    return Tmux(f"{tutor_command()} {args}", env=env)


POLISH_TICK_3 = "Kolumna 1, wiersz 1: pole jest atakowane przez hetmana"
"""The Polish narration at tick 3, read whole."""


@pytest.mark.parametrize(
    ("lang", "options", "pane", "first_tick", "third_tick"),
    [
        ("pl_PL.UTF-8", "", "co się stało", "Kolumna 0, wiersz 0: pierwszy hetman", POLISH_TICK_3),
        ("it_IT.UTF-8", "", "che cosa è successo", "Colonna 0, riga 0: la prima regina", ""),
        ("pl_PL.UTF-8", "--lang it", "che cosa è successo", "Colonna 0, riga 0: la prima regina",
         ""),
    ],
)  # fmt: skip
def test_the_tutor_speaks_the_language_of_the_locale(
    tmp_path: Path, lang: str, options: str, pane: str, first_tick: str, third_tick: str
) -> None:
    with tutor(tmp_path, f"-n 4 {options}", lang) as session:
        session.wait_for(pane)
        screen = session.keys("space", then=lambda s: first_tick in " ".join(s.split()))
        assert "b[i]" in screen
        if third_tick:
            screen = session.keys("space", "space", then=lambda s: "krok 3" in s)
            text = narration(screen.replace(pane, "what happened"))
            assert text.startswith(third_tick), text
        session.quit()


QUESTIONS = """\
@page {numbers}
{numbers_text}
@question random-tries n=8
@end
@question random-tries n=9
@end
@question exists n=7
@end

@quiz Quiz
{quiz_text}
@question exists n=4
@end
@question exists n=3
@end
@question exists n=5
@end
@question exists n=2
@end
@question exists n=6
@end
@question choice
prompt: {no_hint}
- [ ] c[]
- [x] a[]
@end
@question search-space method=bruteforce n=8
@end
"""
"""The lesson: practice numbers (8!/92 = 438.26 and 9!/352 = 1030.91, each within 1 of its
rounded answer) and a yes (n = 7), then a quiz of seven: five yes/no (n = 4, 3, 5, 2, 6), a
choice without a hint, and C(64, 8) = 4,426,165,368."""


@dataclass(frozen=True)
class Walk:
    """One language's lesson and what its student types."""

    lang: str
    title: str
    header: dict[str, str]
    wrong_decimal: str  # 440.5 or 440,5: wrong, and quoted as typed
    decimal: str  # 438.26 with the other mark than the wrong one
    grouped_decimal: str  # 1030.91 with thousands separators and the decimal mark
    practice: tuple[str, str]  # no (wrong) then yes, as words, on the practice page
    words: tuple[str, str, str, str, str]  # the five yes/no answers (yes, no, yes, no, yes)
    refused_word: str  # a word where a number is asked
    grouped: str  # 4,426,165,368 in the language's notation


WALKS = [
    Walk("en", "Typed answers",
         {"numbers": "Numbers", "numbers_text": "Averages over random permutations.",
          "quiz_text": "Words, numbers and a question without a hint.",
          "no_hint": "Which array records the rising diagonals (i+j)?"},
         "440.5", "438,26", "1,030.91", ("no", "yes"), ("yes", "no", "y", "n", "Yes"), "many",
         "4,426,165,368"),
    Walk("it", "Risposte scritte",
         {"numbers": "Numeri", "numbers_text": "Medie su permutazioni casuali.",
          "quiz_text": "Parole, numeri e una domanda senza suggerimento.",
          "no_hint": "Quale array registra le diagonali ascendenti (i+j)?"},
         "440,5", "438.26", "1.030,91", ("no", "si"), ("sì", "no", "s", "n", "yes"), "tanti",
         "4.426.165.368"),
    Walk("pl", "Odpowiedzi pisane",
         {"numbers": "Liczby", "numbers_text": "Średnie dla losowych permutacji.",
          "quiz_text": "Słowa, liczby i pytanie bez podpowiedzi.",
          "no_hint": "Która tablica zapisuje przekątne rosnące (i+j)?"},
         "440,5", "438.26", "1 030,91", ("nie", "Tak"), ("tak", "nie", "t", "n", "yes"), "dużo",
         "4 426 165 368"),
]  # fmt: skip


def write_lessons(folder: Path) -> None:
    """The lesson in English, with its Italian and Polish translations in their folders."""
    for walk in WALKS:
        where = folder if walk.lang == "en" else folder / walk.lang
        where.mkdir(parents=True, exist_ok=True)
        head = f"@lesson typed-answers\n@title {walk.title}\n@lang {walk.lang}\n\n"
        (where / "62-typed.md").write_text(head + QUESTIONS.format(**walk.header), "utf-8")


def said(lang: str, message: str, **values: object) -> str:
    """A message of the tutor's as it says it in ``lang`` (its catalog's translation)."""
    text = i18n.translation(lang).gettext(message)
    return text.format(**values) if values else text


def choice(lang: str, number: int, words: str) -> str:
    """A choice as every feedback names it in ``lang``: its number and its words, quoted."""
    return said(lang, "choice {number}, “{words}”").format(number=number, words=words)


def grouped(lang: str, value: int) -> str:
    """A whole number as the tutor writes it in ``lang`` (``4.426.165.368`` in Italian)."""
    _point, thousands = i18n.SEPARATORS.get(lang, (".", ","))
    return "".join(thousands if c == "," else c for c in f"{value:,}")


def flat(text: str) -> str:
    return " ".join(text.split())


def pane_text(screen: str) -> str:
    """The right-hand pane (lesson text, question and feedback), its lines joined."""
    parts = [line.rstrip(" │").split("│")[-1] for line in screen.splitlines()]
    return flat(" ".join(parts))


def in_pane(text: str) -> Callable[[str], bool]:
    wanted = flat(text)
    return lambda screen: wanted in pane_text(screen)


def in_part(text: str, part: Callable[[str], str]) -> Callable[[str], bool]:
    """``text`` in the ``part`` of each line of the screen, those parts joined."""
    wanted = flat(text)
    return lambda screen: wanted in flat(" ".join(map(part, screen.splitlines())))


def in_notice(text: str) -> Callable[[str], bool]:
    """``text`` in a notice: the status lines under the board, left of the right column's
    panes, where a sentence wraps."""
    return in_part(text, lambda line: re.split("[│╭╰]", line)[0])


def in_dialog(text: str) -> Callable[[str], bool]:
    """``text`` in a dialog box drawn over the lesson menu's box (between its side borders)."""
    return in_part(text, lambda line: line.split("│")[2] if line.count("│") > 2 else "")


def on_screen(text: str) -> Callable[[str], bool]:
    """``text`` on the screen, its words in order on one line or wrapped (a notice, the menu)."""
    words = flat(text).split()
    pattern = re.compile(r"\W+".join(re.escape(w) for w in words) if words else "$^")
    return lambda screen: pattern.search(flat(re.sub(r"[│▌▐]", " ", screen))) is not None


@pytest.mark.slow(28)
@pytest.mark.parametrize("walk", WALKS, ids=[walk.lang for walk in WALKS])
def test_answers_typed_resumed_and_completed(tmp_path: Path, walk: Walk) -> None:
    lessons, data = tmp_path / "lessons", tmp_path / "data"
    write_lessons(lessons)
    lang = walk.lang

    def score(points: int) -> Callable[[str], bool]:
        return on_screen(
            said(lang, "{lesson}: quiz score {score}/{max}").format(
                lesson=walk.title, score=points, max=7
            )
        )

    def right(answer: str) -> Callable[[str], bool]:
        """The feedback of a right answer (its first sentence: the explanation may wrap)."""
        template = said(lang, MESSAGES["answer.right"])
        return in_pane(template.split("{explanation}")[0].format(answer=answer))

    def near(typed: str, answer: str) -> Callable[[str], bool]:
        """A number right within the tolerance, quoted as typed."""
        template = said(lang, MESSAGES["answer.right_near"])
        return in_pane(template.split("{explanation}")[0].format(given=typed, answer=answer))

    def asks(n: int) -> Callable[[str], bool]:
        return in_pane(said(lang, "Is there a solution for n = {n}?").format(n=n))

    def about(value: object) -> str:
        return said(lang, "{value} (give or take {tolerance})").format(value=value, tolerance=1)

    yes, no = said(lang, "yes"), said(lang, "no")
    with tutor(data, f"--lessons-dir {lessons} --lang {lang} --lesson typed-answers") as first:
        # Practice: a decimal with the other mark than the language's, wrong, quoted as typed.
        first.wait_for(in_pane(walk.header["numbers_text"]))
        wrong = said(lang, MESSAGES["answer.wrong_plain"], given=walk.wrong_decimal)
        first.enter(walk.wrong_decimal, in_pane(wrong))
        first.enter(walk.decimal, near(walk.decimal, about(438)))
        first.enter("", in_pane("n = 9"))
        first.enter(walk.grouped_decimal, near(walk.grouped_decimal, about(grouped(lang, 1031))))
        first.keys("Enter")
        # A wrong no as a whole word (n = 7 has a solution: its own reason): one attempt, no
        # letter of it refused; then a yes as a word.
        first.wait_for(asks(7))
        wrong_no = said(lang, MESSAGES["answer.wrong_no"]).split("{why}")[0]
        first.enter(walk.practice[0], in_pane(wrong_no.strip()))
        screen = first.enter(walk.practice[1], right(choice(lang, 1, yes)))
        refusal = said(lang, MESSAGES["format.choice_typed"]).split("{typed}")[1].split("{count}")
        assert len(refusal[0].strip()) > 5 and flat(refusal[0]) not in pane_text(screen)
        first.keys("Enter")  # the end of the page
        first.keys("Enter")  # the quiz
        # The quiz: yes and no as words; Enter after a word shows its feedback. Enter with
        # nothing chosen, and the second Enter after a feedback, say how to choose, at no cost.
        nothing = said(lang, MESSAGES["format.choice_none"], count=2)
        first.wait_for(lambda screen: in_pane(walk.header["quiz_text"])(screen) and asks(4)(screen))
        first.enter("", in_pane(nothing))
        first.enter(walk.words[0], right(choice(lang, 1, yes)))
        first.wait_for(score(1))
        first.keys("Enter", then=asks(3))  # closes the feedback
        first.enter("", lambda screen: asks(3)(screen) and in_pane(nothing)(screen))
        first.enter(walk.words[1], right(choice(lang, 2, no)))
        first.keys("Enter")
        # Not an answer: refused, naming it, no attempt used; then a first letter and Enter.
        first.wait_for(asks(5))
        first.enter("x", in_pane(said(lang, MESSAGES["format.choice_typed"], typed="x", count=2)))
        first.enter(walk.words[2], right(choice(lang, 1, yes)))
        first.wait_for(score(3))
        first.keys("Enter")
        # Leave in the middle of the quiz, with the question on n = 2 waiting.
        first.wait_for(asks(2))
        first.keys("Escape")
        first.wait_for(on_screen(said(lang, "page {page}/{pages}").format(page=2, pages=2)))
        first.quit()

    with tutor(data, f"--lessons-dir {lessons} --lang {lang}") as second:
        # The tutor names the lesson in progress; its menu opens with the cursor on it (the
        # second lesson: Enter on the first would open another); it goes on at n = 2.
        offer = said(
            lang,
            "Lesson in progress: {title}, page {page} of {pages}. Press [l], then [Enter], to go "
            "on where you stopped.",
        ).format(title=walk.title, page=2, pages=2)
        second.wait_for(in_notice(offer))
        second.keys("l", then=on_screen(said(lang, "Lessons: up/down to choose, Enter to open")))
        second.enter("", asks(2))
        second.wait_for(score(3))
        second.enter(walk.words[3], right(choice(lang, 2, no)))
        second.enter("", asks(6))
        second.enter(walk.words[4], right(choice(lang, 1, yes)))
        second.wait_for(score(5))
        # No hint: f2 says so and costs nothing.
        second.enter("", in_pane(walk.header["no_hint"]))
        second.keys("F2", then=in_pane(said(lang, MESSAGES["hint.none"])))
        second.keys("2", then=right(choice(lang, 2, "a[]")))
        second.wait_for(score(6))
        # A word where a number is asked: refused, naming it; then the number, grouped.
        second.enter("", in_pane("n = 8"))
        point = DECIMAL_POINT.get(lang, ".")
        refused = said(lang, MESSAGES["format.number_typed"], typed=walk.refused_word, point=point)
        second.enter(walk.refused_word, in_pane(refused))
        second.enter(walk.grouped, right(grouped(lang, 4_426_165_368)))
        second.wait_for(score(7))
        # The last question answered, Escape: the lesson is done; opening it again asks first.
        second.keys("Escape")
        done = said(lang, "done, best {score}/{max}").format(score=7, max=7)
        second.wait_for(on_screen(f"{walk.title} [{done}]"))
        # The menu's cursor moved on to the lesson to do next; the teacher's lesson is the last.
        second.keys("End")
        finished = said(
            lang,
            "You have finished “{title}” (quiz score {score}/{most}, best {best}/{most}). "
            "Start it again?",
        ).format(title=walk.title, score=7, best=7, most=7)
        second.enter("", in_dialog(finished))
        second.keys("Escape")  # back to the menu: nothing was reset
        asked = in_dialog(finished)
        second.wait_for(
            lambda screen: not asked(screen) and on_screen(f"{walk.title} [{done}]")(screen)
        )
        second.quit()

    record = json.loads((data / "queens-tutor" / "progress.json").read_text())["lessons"]
    saved = record["typed-answers"]
    assert saved["completed"] is True and saved["best_score"] == 7
    assert saved["answers"]["0.2"]["attempts"] == 2  # no, then yes: two picks, two attempts
    quiz = {key: answer for key, answer in saved["answers"].items() if key.startswith("1.")}
    assert len(quiz) == 7
    assert all(a["attempts"] == 1 and a["points"] == 1 and not a["hint"] for a in quiz.values())
