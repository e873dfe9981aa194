"""The gettext catalogs and the language spoken: every message of the code is in them, translated
into Italian and Polish with the same placeholders, and the compiled .mo files are the .po
files'; the tutor's language chosen (--lang, then the saved choice, then the locale) and spoken,
and the words a student may type in it."""

from __future__ import annotations

import functools
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo

from lessons import i18n
from lessons.answers.checking import AnswerType, Posed
from lessons.locale_env import tutor_language
from lessons.progress import settings
from lessons.quiz.facts import YES_NO, YES_NO_ALIASES
from solver.messages import Message, render
from tests.catalogs import catalog

ROOT = Path(__file__).resolve().parents[3]
LOCALE = ROOT / "lessons" / "locale"
TRANSLATED = ("it", "pl")
PLURALS = {"it": 2, "pl": 3}

Key = tuple[str | None, str]


def _key(message_id: str | tuple[str, ...] | list[str], context: str | bytes | None) -> Key:
    if isinstance(context, bytes):  # Babel's read_mo leaves the context undecoded
        context = context.decode("utf-8")
    return context, message_id if isinstance(message_id, str) else message_id[0]


def _forms(string: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    return (string or "",) if string is None or isinstance(string, str) else tuple(string)


def _fields(text: str) -> set[str]:
    """The named placeholders of a template; ValueError for a broken one (``{row``)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@functools.cache
def _source_messages() -> dict[Key, tuple[str, ...]]:
    """What ``pybabel extract -F babel.cfg`` finds in the code now."""
    with (ROOT / "babel.cfg").open() as file:
        method_map, options_map = parse_mapping_cfg(file)
    found: dict[Key, tuple[str, ...]] = {}
    for _file, _line, message, _comments, context in extract_from_dir(
        ROOT, method_map, options_map
    ):
        forms = message if isinstance(message, tuple) else (message,)
        found[_key(forms, context)] = forms
    return found


@pytest.mark.xdist_group("i18n-catalogs")  # one worker extracts the messages once
@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalog_is_the_codes_messages_translated_with_their_placeholders_and_compiled(
    lang: str,
) -> None:
    """Every message the code has (and none it no longer has), translated with the language's
    plural forms and the same placeholders; the committed .mo file says what the .po says."""
    source = _source_messages()
    assert (
        "iterative.done",
        "k = -1: the search is over, {count} solution found for n = {n}.",
    ) in (source)
    assert (None, "Solve") in source and len(source) > 150
    po = catalog(lang)
    assert po.num_plurals == PLURALS[lang]
    translated = {_key(m.id, m.context): m for m in po if m.id}
    problems = [f"no longer in the code: {key}" for key in translated if key not in source]
    for key, forms in source.items():
        message = translated.get(key)
        if message is None:
            problems.append(f"missing (run pybabel update): {key}")
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            problems.append(f"not translated: {key}")
            continue
        if len(forms) == 2 and len(strings) != PLURALS[lang]:
            problems.append(f"{len(strings)} plural forms, not {PLURALS[lang]}: {key}")
        wanted = _fields(forms[-1])
        for index, text in enumerate(strings):
            try:
                fields = _fields(text)
            except ValueError as error:
                problems.append(f"broken placeholder ({error}): {text!r}")
                continue
            # the first form is for 1 alone, as the English singular, which may leave the count out
            if fields != wanted and not (index == 0 and fields == _fields(forms[0])):
                problems.append(f"placeholders {sorted(fields)} not {sorted(wanted)}: {text!r}")
    assert not problems, "\n".join(problems)
    with (LOCALE / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo").open("rb") as file:
        compiled = {_key(m.id, m.context): _forms(m.string) for m in read_mo(file) if m.id}
    written = {_key(m.id, m.context): _forms(m.string) for m in po if m.id and not m.fuzzy}
    assert compiled == written, "run: pybabel compile -D queens_tutor -d lessons/locale"


def _ticks(count: int) -> str:
    return i18n.ngettext("{count} tick at {rate}/s", "{count} ticks at {rate}/s", count).format(
        count=count, rate=5
    )


FEEDBACK = Posed("n", "?", AnswerType.NUMBER, "92", "", hint="n = 8")  # a hint to offer
SAID = [
    ("it", lambda: render(Message.of("iterative.backtrack", col=3, prev=2)),
     "=Nessuna casella libera rimasta nella colonna 3: b[3]=-1 la lascia vuota e si torna "
     "alla colonna 2!"),
    ("en", lambda: render(Message.of("iterative.backtrack", col=3, prev=2)), "^No free square"),
    ("en", lambda: f"{i18n._('Solve')} {i18n.current()}", "=Solve en"),  # English: no catalog
    ("en", lambda: i18n.ngettext("{count} page", "{count} pages", 2), "={count} pages"),
    ("pl", lambda: FEEDBACK.check("92").message, "=Dobrze: 92."),
    ("pl", lambda: FEEDBACK.check("x").message, "^„x” to nie jest liczba"),
    ("it", lambda: FEEDBACK.check("91").message,
     "=«91»: risposta sbagliata. Riprova, o chiedi un suggerimento."),
    *(("pl", lambda count=count: _ticks(count), f"={form}, 5/s") for count, form in (
        (1, "1 krok"), (2, "2 kroki"), (4, "4 kroki"), (5, "5 kroków"), (12, "12 kroków"),
        (22, "22 kroki"), (25, "25 kroków"), (112, "112 kroków"))),
    *(("pl", lambda count=count: render(Message.of("iterative.done", count=count, n=8)),
       f"=k = -1: przeszukiwanie zakończone, znaleziono {count} {word} dla n = 8.")
      for count, word in ((1, "rozwiązanie"), (3, "rozwiązania"), (5, "rozwiązań"),
                          (22, "rozwiązania"))),
]  # fmt: skip


@pytest.mark.parametrize(
    ("asked", "saved", "environ", "expected"),
    [
        ("it", "pl", {"LANG": "pl_PL.UTF-8"}, "it"),  # --lang beats everything
        (None, "it", {"LANG": "pl_PL.UTF-8"}, "it"),  # then the student's last choice
        (None, None, {"LANG": "pl_PL.UTF-8"}, "pl"),
        (None, None, {"LC_ALL": "it_IT.UTF-8", "LANG": "pl_PL.UTF-8"}, "it"),
        (None, None, {"LC_MESSAGES": "pl_PL", "LANG": "it_IT.UTF-8"}, "pl"),
        (None, None, {"LANG": "de_DE.UTF-8"}, "en"),  # not spoken: English
        (None, None, {"LANG": "C"}, "en"),
        (None, None, {}, "en"),
        ("pl-PL", None, {}, "pl"),
    ],
)
def test_the_language_is_lang_then_the_saved_choice_then_the_locale(
    asked: str | None, saved: str | None, environ: dict[str, str], expected: str
) -> None:
    assert tutor_language(asked, saved, i18n.LANGUAGES, environ) == expected


def test_the_choice_is_saved_atomically_in_the_configuration_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Saved and merged atomically; an unreadable file counts as no choice."""
    path = tmp_path / "data" / "settings.json"
    assert settings.saved_language(path) is None
    assert settings.save({"language": "pl"}, path) is None
    assert settings.saved_language(path) == "pl"
    assert settings.save({"other": 1}, path) is None
    assert settings.saved_language(path) == "pl"  # merged, not replaced
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]  # no temporary left
    path.write_text("{not json")
    assert settings.saved_language(path) is None
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert settings.default_path() == tmp_path / "config" / "queens-tutor" / "settings.json"
    assert settings.old_path() == tmp_path / "data" / "queens-tutor" / "settings.json"


@pytest.mark.parametrize(
    ("typed", "index"),
    [("yes", "0"), ("no", "1"), ("sì", "0"), ("si", "0"), ("tak", "0"), ("nie", "1"), ("Tak", "0")],
)
def test_yes_and_no_are_read_in_every_language(typed: str, index: str) -> None:
    posed = Posed("exists", "?", AnswerType.CHOICE, "0", "", choices=YES_NO, aliases=YES_NO_ALIASES)
    assert posed.read(typed) == index


def test_the_command_line_speaks_the_language_of_lang(capsys: pytest.CaptureFixture[str]) -> None:
    from tui.cli.main import main

    assert main(["--lang", "pl", "count"]) == 2
    assert capsys.readouterr().err == (
        "queens-tutor count: błąd: wymagane są argumenty: N (zob. --help)\n"
    )
    assert main(["--lang", "it", "check", "0", "2", "1"]) == 0
    assert capsys.readouterr().out.startswith("non valida: 1 coppia si attacca\n")
    assert main(["--lang", "it", "check", "0", "1", "2"]) == 0
    assert capsys.readouterr().out.startswith("non valida: 3 coppie si attaccano\n")
    assert main(["--lang=pl", "--help"]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("użycie: queens-tutor")
    assert "rozmiar szachownicy, od 1 do 32 (domyślnie 8)" in shown
