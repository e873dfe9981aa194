"""One word for each thing in each language: wordings readers found wrong never come back (in a
catalog, a built-in lesson file or both) and the words that replaced them are there; messages
are translated as the lessons say them; an attacked square in both legends, the orbit, a tick
(krok in Polish), a cut square's rule as the narration names it, lezione only for a lesson."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.glossary import GLOSSARY
from lessons.i18n import speaking
from lessons.model import Question, Text
from solver.events import Try
from solver.messages import Message, render
from solver.methods.iterative.engine import IterativeEngine
from solver.methods.iterative.narration import narrate
from solver.sources import SOURCES
from solver.stepping import Mode, Stop
from solver.tree.tree import NodeState, SearchTree
from solver.tree.view import tree_frame
from tests.catalogs import catalog, entries, translated_strings, translations
from tui.widgets.tree_pane import UNICODE_CHARS

ROOT = Path(__file__).resolve().parents[3]
LESSONS = ROOT / "lessons" / "builtin"
R = re.compile


def _found(slip: str | re.Pattern[str], text: str) -> bool:
    return bool(slip.search(text)) if isinstance(slip, re.Pattern) else slip in text


def _lesson_files(pattern: str, plain: bool = False) -> dict[str, str]:
    """The built-in lesson files matching ``pattern`` (relative to lessons/builtin); ``plain``,
    with their no-break spaces read as spaces."""
    found = {
        str(path.relative_to(LESSONS)): path.read_text(encoding="utf-8")
        for path in sorted(LESSONS.glob(pattern))
    }
    if plain:
        found = {name: text.replace("\u00a0", " ") for name, text in found.items()}
    assert found, pattern
    return found


IT_SLIPS = (
    "non è giusto|lavori|k = -1: nessuna colonna|La pagina non disegna la scacchiera|isAdm(path|"
    "nelle due diagonali|Per la regola|identità|La casella colonna|attacca la colonna|"
    "non è la risposta|Tasti: y sì|lasciare in explain|lascia cadere|è creduto|"
    "up, right, down o left|tutte le candidate|conta solo questo|toglilo anche lui|giù o togl"
)
PL_SLIPS = (
    "k = n = {n}: rozwiązane|Strona nie rysuje szachownicy|znalezione rozwiązania: {count}|"
    "najlepiej|Uczeń|ucznia|uczniów|uczeń|uczniowie|na kroku|unikaln|Zapomnieć|zapomina|"
    "isAdm(path|Według reguły|tożsamość|atakuje kolumnę|żadna to nie jest|Klawisze: y tak|"
    "Pozostałe z wcześniej,|czy wiersz {row} kolumny {col} jest wolny|którą tutor|które tutor|"
    "na {processes} procesach|przez numba|up, right, down lub left;"
)
CATALOG_SLIPS: list[tuple[str, str | re.Pattern[str]]] = [
    *(("it", slip) for slip in IT_SLIPS.split("|")),
    *(("pl", slip) for slip in PL_SLIPS.split("|")),
    ("it", R("scatol", re.I)),  # the review's boxes are levels
    ("pl", R(r"(?<!queens-)\btutor", re.I)),  # the program is "samouczek" or "program"
]

LESSON_SLIPS: list[tuple[str, str | re.Pattern[str]]] = [
    ("it/04-diagonals.md", R(r"col\+row|row-col|same row|\bindicia\b|\bindiciare\b")),
    ("pl/04-diagonals.md", R(r"col\+row|row-col|same row|(?<!queens-)tutor|rysunek się zamienia")),
    ("it/01-problem.md", R(r"\brow \d|speculare nella diagonale|Wrocław, Università di Wrocław|"
                           r"non ne esistono|per righe come Torino|La slide stampa|perdendo|"
                           r"attacca lungo")),
    ("pl/01-problem.md", R(r"\brow \d|(?<!queens-)tutor|nie rozwiązanie$|przed startem", re.M)),
    ("it/05-iterative.md", R(r"free square|no free|solution, -1: none")),
    ("pl/05-iterative.md", R(r"free square|no free|solution, -1: none|(?<!queens-)tutor|"
                             r"^@title Algorytm|wraca\s+25 razy|\[ \] kończy:", re.M)),
    ("it/07-symmetry.md", R(r"dopo un giro|\bgirala\b|\bgirata\b|nelle due diagonali|"
                            r"è lei stessa|restituisce uguale|esce due volte")),
    ("it/03-naive-search.md", R(r"resta da controllare|molte meno della\s+forza bruta")),
    ("it/06-recursive.md", R(r"contabilità|fa la parte del|Rimettere i tre\s+segni|\bframe\b")),
    ("it/08-recipe.md", R(r"seguono il loro|colpisce un muro|su una scacchiera 9 x 9|\bframe\b")),
    ("it/09-cost.md", R(r"Tentativi e ritorni al|k\s+worker \(")),
    ("pl/09-cost.md", R(r"(?<!queens-)tutor|^@title Koszt i dalej$|około połowy czasu", re.M)),
    ("pl/06-recursive.md", "puszczony"),
    ("pl/07-symmetry.md", R(r"o pół obrotu|o ćwierć obrotu|\*\*unikalne\*\*|orbita z 4|"
                            r"wychodzi dwa razy|obróć też to\.$", re.M)),
    ("pl/08-recipe.md", R(r"Persiano|śledzą swoje|gra rolę|w górę, w prawo")),
    ("it/*.md", R(r"lezione\sdi\sWrocław")),  # the lecture is "le slide di Wrocław"
    ("en/04-diagonals.md", "and keeps three"),
    ("en/06-recursive.md", R(r"with its\s+three arrays")),
    ("en/02-small-boards.md", "exception it does not count"),
    ("pl/02-small-boards.md", "mając najwyżej"),
    ("pl/*.md", "Sprawdzian"),
    ("*/*.md", "only 4 boards"),  # a half turn leaves an orbit of at most 4
]  # fmt: skip

EVERYWHERE_SLIPS: list[tuple[str, str | re.Pattern[str]]] = [
    # "wiersz" is a row of the board only: a status line, a printout's line are "linia"; the
    # Turin notes are "notatki z Turynu", the lecture is named as the lessons name it.
    ("pl", R(
        r"wiersz\w* stanu|wiersz\w* wydruku|wydrukowan\w* wiersz|8 x 8 w osobnym wierszu|"
        r"[Pp]ust\w* wiersz|compare \{n\} wiersz|polecenie w wierszu|wiersz\w* drzewa|"
        r"wiersze \{backtrackers\}|[Tt]en wiersz zdejmuje|turyńsk|(wykład\w*|pętl\w*) z Wrocławia|"
        r"Solve\(na|Przechodź ją"
    )),
    ("pl", R(r"\b(ta sama|tej samej|równe|równym) (kol\+wiersz|wiersz-kol)", re.I)),
    # a backtrack is "fa un backtrack"; "backtracking" is the method
    ("it", R(r"\bfa(i|re)? backtrack|\bfatto backtrack|\bb per il backtrack\b|"
             r"un backtracking\b|riga di stato")),
]  # fmt: skip

CATALOG_WORDS = [
    ("pl", "w {processes} procesach"), ("it", "fa un backtrack"),
    ("pl", "ta sama suma kol+wiersz"), ("pl", "ta sama różnica wiersz-kol"),
]  # fmt: skip

LESSON_WORDS = [
    ("it/01-problem.md", "attacca tutte le caselle della sua riga, della sua colonna e delle sue"),
    ("pl/04-diagonals.md", "przekątne zamieniają się miejscami"),
    ("pl/09-cost.md", "rozwiązanie pojawia się w\u00a0kolejności"),
    ("it/*.md", "slide di Wrocław"),
    ("en/07-symmetry.md", "at most 4"),
    ("it/07-symmetry.md", "al massimo 4"),
    ("pl/07-symmetry.md", "co najwyżej"),
]


@pytest.mark.parametrize("lang", ["it", "pl"])
def test_a_catalog_keeps_the_wordings_found_wrong_out_and_says_it_one_way(lang: str) -> None:
    texts = translated_strings(lang)
    slips = [slip for where, slip in [*CATALOG_SLIPS, *EVERYWHERE_SLIPS] if where == lang]
    assert [(slip, text) for slip in slips for text in texts if _found(slip, text)] == []
    words = [words for where, words in CATALOG_WORDS if where == lang]
    assert [w for w in words if not any(w in text for text in texts)] == []


def test_the_lesson_files_keep_the_wordings_found_wrong_out_and_say_it_one_way() -> None:
    slips = [*((pattern, slip, False) for pattern, slip in LESSON_SLIPS),
             *((f"{lang}/*.md", slip, True) for lang, slip in EVERYWHERE_SLIPS)]  # fmt: skip
    found = [
        (name, slip)
        for pattern, slip, plain in slips
        for name, text in _lesson_files(pattern, plain).items()
        if _found(slip, text)
    ]
    assert found == []
    files = {pattern: _lesson_files(pattern).values() for pattern, _words in LESSON_WORDS}
    assert [w for p, w in LESSON_WORDS if not any(w in text for text in files[p])] == []


TOLD: list[tuple[str, str, dict[str, Any], str]] = [
    ("it", "Row {row} is not right.", {"row": 1}, "=Riga 1: non va bene."),
    ("it", "Column {column} is not right. {why}", {"column": 2, "why": "X."},
     "=Colonna 2: non va bene. X."),
    ("pl", "Text above: PgDn reads on.", {}, "=Tekst powyżej ma ciąg dalszy: PgDn."),
    ("it", "answer shown without an attempt", {}, "=risposta mostrata senza tentativi"),
    ("pl", "first solution, found {count}", {"count": 0}, "=pierwsze; znaleziono 0"),
    ("pl", "The board shows this search at tick {tick}.", {}, "Szachownica pokazuje to"),
    ("it", "Not right: {given}. {why}", {}, "Sbagliato:"),
    ("it", "questions {number}, right {right}, ticks left {left} (board at tick {tick})",
     {"number": 0, "right": 0, "left": 29, "tick": 1}, "domande 0, giuste 0"),
    ("pl", "questions {number}, right {right}, ticks left {left} (board at tick {tick})",
     {"number": 0, "right": 0, "left": 29, "tick": 1}, "pytania: 0, dobrze: 0"),
    ("it", "Overlay: off, col+row, row-col", {}, "Numeri sulle caselle"),
    ("pl", "Tick", {}, "Krok"),  # the key bar's word
    ("pl", SOURCES["turin"].name, {}, "notatki z Turynu E. Giovannettiego"),
]  # fmt: skip
"""Each message, its values, and what it says (``=``: all of it) or opens with."""


@pytest.mark.parametrize(("lang", "msgid", "values", "said"), TOLD)
def test_a_message_is_translated_as_the_lessons_say_it(
    lang: str, msgid: str, values: dict[str, Any], said: str
) -> None:
    with speaking(lang):
        text = i18n._(msgid)
        text = text.format(**values) if values else text
    assert text == said[1:] if said.startswith("=") else text.startswith(said), text


@pytest.mark.parametrize(
    ("lang", "start"), [("it", "Prima rispondi"), ("pl", "Najpierw odpowiedz")]
)
def test_the_plain_reminder_speaks_the_language(lang: str, start: str) -> None:
    """The plain lesson's reminder while a question waits is marked for extraction."""
    from tui.plain.lesson_walk import FIRST

    with speaking(lang):
        said = i18n._(FIRST)
    assert said.startswith(start) and "{hint}:" in said and "{show}:" in said


def test_italian_review_levels_say_when_a_kind_comes_back() -> None:
    with speaking("it"):
        told = i18n.ngettext(
            "Right, this kind comes back in {days} day; missed, tomorrow.",
            "Right, this kind comes back in {days} days; missed, tomorrow.",
            3,
        ).format(days=3)
        assert told == "Giusta, questo tipo di domanda torna tra 3 giorni; sbagliata, domani."
        shown = i18n.ngettext(
            "answer shown after {count} attempt", "answer shown after {count} attempts", 0
        )
        assert shown != i18n._("answer shown without an attempt")


def test_every_italian_form_of_the_cue_over_a_question_says_the_text_goes_on() -> None:
    cues = ("More text above the question: PgDn reads on.", "Text above: PgDn reads on.")
    i18n.set_language("it")
    said = [i18n._(cue) for cue in (*cues, "PgDn: more above.")]
    assert all("continua" in form and "pag↓" in form for form in said), said
    assert not any("Altro testo" in form or "altro testo" in form for form in said), said
    # each shorter than the one before: a narrower box takes the next
    assert [len(form) for form in said] == sorted((len(form) for form in said), reverse=True)


FREE_ROW = {
    "en": (), "it": ("non resta nessuna riga libera",),
    "pl": ("nie został żaden wolny wiersz", "pole (3, 5) leży w wierszu 3"),
}  # fmt: skip


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_the_help_heads_its_sources_and_words_its_glossary_in_the_language(language: str) -> None:
    """Sources headed as sources; the glossary without backticks, with the maze's frame as the
    language writes it, and saying that no free row is left."""
    from tui.screens.help_screen import _sources

    i18n.set_language(language)
    heading = str(_sources()).strip().splitlines()[0]
    assert not re.search(r"lecture notes|dispense|notatek z wykładów", heading), heading
    assert {"en": "sources", "it": "fonti", "pl": "źródeł"}[language] in heading, heading
    shown = " ".join(i18n._(term) + " " + i18n._(meaning) for term, meaning in GLOSSARY)
    assert "`" not in shown
    frame = i18n.pgettext("maze.frame", "Solve(at {at})").format(at="(3, 5)")
    assert frame in shown, (frame, shown)
    assert all(words in shown for words in FREE_ROW[language]), shown


MAIN_LEGEND = "{attacked} attacked {free} free {line} line"
PLACE_LEGEND = (
    "{queen} queen, {attacker} queen in an attacking pair, {lines} the line between them, "
    "{attacked} attacked (x: hints), {cursor} the cursor."
)
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
        (f"{name}:{number}", line)
        for name, text in _lesson_files(f"{lang}/*.md").items()
        for number, line in enumerate(text.splitlines(), start=1)
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
    for name in sorted(p.name for p in (LESSONS / "en").glob("*.md")):
        english, italian = _pages(LESSONS / "en" / name), _pages(LESSONS / "it" / name)
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
