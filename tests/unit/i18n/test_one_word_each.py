"""One word for each thing in each language: an attacked square in both legends, the orbit, a tick
(krok in Polish), the cut square's diagonals as the narration names them, and lezione only for
the tutor's lessons."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.model import Question, Text
from solver.events import Try
from solver.messages import Message, render
from solver.methods.iterative.engine import IterativeEngine
from solver.methods.iterative.narration import narrate
from solver.stepping import Mode, Stop
from solver.tree.tree import NodeState, SearchTree
from solver.tree.view import tree_frame
from tests.catalogs import catalog, entries, translated_strings, translations
from tui.widgets.tree_pane import UNICODE_CHARS

MAIN_LEGEND = "{attacked} attacked {free} free {line} line"
PLACE_LEGEND = (
    "{queen} queen, {attacker} queen in an attacking pair, {lines} the line between them, "
    "{attacked} attacked (x: hints), {cursor} the cursor."
)
ROOT = Path(__file__).resolve().parents[3]
BUILTIN = ROOT / "lessons" / "builtin"
OTHER_WORDS = {
    "en": re.compile(r"\b(famil(y|ies)|class(es)?)\b", re.I),
    "it": re.compile(r"\b(famigli[ae]|class[ei])\b", re.I),
    "pl": re.compile(r"\b(rodzin\w*|klas(a|y|ie|ę|ą|om|ach|ami)?)\b", re.I),
}
ABOUT_SYMMETRY = re.compile(r"solution|symmetr|rotation|reflection", re.I)
OTHER_TICK_WORDS = re.compile(r"\b(tik|tyk|takt)\w*", re.IGNORECASE)
SPEAKS_OF_A_TICK = re.compile(r"\btick(s|ing|ed)?\b", re.IGNORECASE)
LESSON_EN = re.compile(r"\blessons?\b", re.I)
LEZIONE = re.compile(r"\blezion[ei]\b", re.I)
LECTURE = re.compile(r"\blecture|Wrocław", re.I)
MASCULINE_SIZE = re.compile(
    r"(?<![\w'])(il|sul|dal|del|al|nel|un)\s+(\d+|n|N|\{n\}) x (\d+|n|N|\{n\})\b", re.I
)
N = 5  # its first solution cuts squares by all three rules


def _attacked_word(text: str) -> str:
    found = re.search(r"\{attacked\} (\w+)", text)
    assert found is not None, text
    return found.group(1)


def _texts(value: str | tuple[str, ...] | list[str]) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def _lines(lang: str) -> list[tuple[str, str]]:
    """Each line of the built-in lessons in ``lang`` (``file:number``, its text)."""
    return [
        (f"{path.name}:{number}", line)
        for path in sorted((BUILTIN / lang).glob("*.md"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
    ]


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
def test_the_catalogs_and_the_lessons_say_orbit_and_both_legends_say_attacked_alike(
    lang: str,
) -> None:
    found = []
    for message in catalog(lang):
        english = " ".join(_texts(message.id))
        if message.id and ABOUT_SYMMETRY.search(english):
            shown = english if lang == "en" else " ".join(_texts(message.string))
            found += [shown[:120]] if OTHER_WORDS[lang].search(shown) else []
    found += [
        where for where, line in _lines(lang)
        if OTHER_WORDS[lang].search(line) and ABOUT_SYMMETRY.search(line)
    ]  # fmt: skip
    assert not found, found
    if lang != "en":
        by_id = {english: forms[0] for (_, english), forms in translations(lang).items()}
        main, place = by_id[MAIN_LEGEND], by_id[PLACE_LEGEND]
        assert _attacked_word(main) == _attacked_word(place), (main, place)


def _words(message_id: str) -> str:
    """A message id without its placeholders, code and option names (``ticks=``)."""
    return re.sub(r"\{[^}]*\}|`[^`]*`|\w+=", " ", message_id)


def _polish_lesson_words() -> list[tuple[str, str]]:
    found = []
    for lesson in load_catalog("pl").lessons:
        found.append((lesson.id, lesson.summary))
        for page in lesson.pages:
            for block in page.blocks:
                if isinstance(block, Text):
                    found.append((lesson.id, block.markdown))
                elif isinstance(block, Question):
                    found += [(lesson.id, block.prompt), (lesson.id, block.hint)]
    return found


def test_a_tick_is_krok_in_polish_and_krok_is_nothing_else() -> None:
    """Every Polish message about a tick says krok, no other word names one, and krok is never
    the maze's move nor the step of a constant-time test."""
    pl = entries("pl")
    missing = [
        (ids[0], strings[0])
        for _context, ids, strings in pl
        if any(SPEAKS_OF_A_TICK.search(_words(form)) for form in ids)
        and not all(re.search(r"\bkrok", form, re.IGNORECASE) for form in strings)
    ]
    assert not missing, "\n".join(f"{i!r}\n  {s!r}" for i, s in missing)
    lessons = _polish_lesson_words()
    said = [s for s in translated_strings("pl") if OTHER_TICK_WORDS.search(s)]
    said += [f"{where}: {text}" for where, text in lessons if OTHER_TICK_WORDS.search(text)]
    assert not said, said
    iterative = load_catalog("pl").find("iterative")
    assert iterative is not None
    assert "kroków" in iterative.summary and "ruch" not in iterative.summary, iterative.summary
    by_id = {ids[0]: strings[0] for _context, ids, strings in pl}
    for message_id in (
        "newStato walks {m} to ({r}, {c}); Solve is called on the longer path.",
        "The state is the path walked so far, starting at S. The moves are up, right, down, "
        "left; isAdm allows a step that stays inside, hits no wall and does not come back onto "
        "the path.",
    ):
        assert "ruch" in by_id[message_id] and "krok" not in by_id[message_id], by_id[message_id]
    texts = " ".join(text for _where, text in lessons)
    assert "stała liczba kroków" not in texts and "`isAdm`: krok" not in texts


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_a_cut_node_names_its_rule_as_the_narration_of_that_try_does_as_briefly_as_english(
    language: str,
) -> None:
    i18n.set_language(language)
    engine = IterativeEngine(N, Mode.FIRST)
    attacked = []
    while not engine.finished:
        event = engine.step()
        if isinstance(event, Try) and event.attackers:
            attacked.append(event)
    tree = SearchTree(N, Mode.FIRST)
    tree.follow(engine.snapshot())
    cut = [
        line.text for line in tree_frame(tree, UNICODE_CHARS).lines if line.state is NodeState.CUT
    ]
    assert len(cut) == len(attacked) > 0
    rules = set()
    for label, event in zip(cut, attacked, strict=True):
        rule = event.attackers[0].rule
        rules.add(str(rule))
        word = render(Message.of(f"tree.rule.{rule}"))
        told = render(narrate(event, N))
        assert word in label, (label, word)
        assert word in told, f"the tree says {label!r}, the narration {told!r}"
    assert rules == {"row", "sum", "diff"}
    label = _cut_label()  # as briefly as in English
    i18n.set_language("en")
    assert "(" not in label and len(label) <= len(_cut_label()) + 5, label


def _cut_label() -> str:
    rule = render(Message.of("tree.rule.row"))
    return render(Message.of("tree.cut", col=1, row=0, rule=rule, a_col=0))


def _pages(path: Path) -> list[str]:
    """A lesson file's text cut at each page and at the quiz (the languages' files have the
    same pages in the same order: lessons check's parity)."""
    return re.split(r"^(?=@page |@quiz)", path.read_text(encoding="utf-8"), flags=re.M)


def test_italian_says_lezione_only_for_a_lesson_and_a_board_size_is_feminine() -> None:
    """A page says lezione only where the English page says lesson, the catalog names the
    lecture without it, and a size (8 x 8) is feminine as scacchiera."""
    extra: list[object] = []
    for name in sorted(p.name for p in (BUILTIN / "en").glob("*.md")):
        english, italian = _pages(BUILTIN / "en" / name), _pages(BUILTIN / "it" / name)
        assert len(english) == len(italian), name
        extra += [
            (name, number, LEZIONE.findall(it_page), LESSON_EN.findall(en_page))
            for number, (en_page, it_page) in enumerate(zip(english, italian, strict=True))
            if len(LEZIONE.findall(it_page)) > len(LESSON_EN.findall(en_page))
        ]
    catalog_it = entries("it")
    extra += [
        strings[0][:120]
        for _context, ids, strings in catalog_it
        if LECTURE.search(" ".join(ids))
        and any(len(LEZIONE.findall(s)) > len(LESSON_EN.findall(" ".join(ids))) for s in strings)
    ]
    assert not extra, extra
    lessons = [
        f"{where}: {line.strip()}" for where, line in _lines("it") if MASCULINE_SIZE.search(line)
    ]
    messages = [
        s[:120] for _c, _ids, strings in catalog_it for s in strings if MASCULINE_SIZE.search(s)
    ]
    assert not lessons and not messages, (lessons, messages)


def test_the_tree_labels_kept_in_a_cache_follow_a_change_of_language() -> None:
    def labels() -> list[str]:
        engine = IterativeEngine(4, Mode.FIRST)
        engine.run(Stop.END, max_ticks=6)
        tree = SearchTree(4, Mode.FIRST)
        tree.follow(engine.snapshot())
        return [line.text for line in tree_frame(tree, UNICODE_CHARS).lines]

    english = labels()
    assert any("b[1]=0: row, col 0" in line for line in english)
    i18n.set_language("it")
    assert not any(": row, col" in line for line in labels())
    i18n.set_language("en")
    assert labels() == english
