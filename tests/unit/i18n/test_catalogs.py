"""The gettext catalogs: every message of the code is in them, translated into Italian and
Polish with the same placeholders, and the compiled .mo files are those of the .po files."""

from __future__ import annotations

import functools
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo

from lessons import i18n
from tests.catalogs import catalog

ROOT = Path(__file__).resolve().parents[3]
LOCALE = ROOT / "lessons" / "locale"
TRANSLATED = ("it", "pl")
PLURALS = {"it": 2, "pl": 3}

Key = tuple[str | None, str]
pytestmark = pytest.mark.xdist_group("i18n-catalogs")  # one worker extracts the messages once


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
