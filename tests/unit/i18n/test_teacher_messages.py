"""No message ``lessons check`` gives a teacher escapes translation: under a pseudo translation
that marks every template's text (``⟦...⟧``), a corpus of broken lessons, translations, files and
progress records gives messages with nothing outside the marks but data and lesson syntax."""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.checking.parity import check_translation, compare
from lessons.checking.validate import check_text
from lessons.model import LessonError, Overlay, RunTo
from lessons.parsing.lesson_file import MAX_BYTES, read_lesson_text
from lessons.parsing.parser import BODY, FIELDS, HEADER, parse
from lessons.progress.records import LessonRecord, RecordError, records_from_json
from lessons.quiz.kinds import KINDS
from lessons.stage.expect_names import names as expect_names
from solver.methods.maze.mazes import BUILTIN
from solver.registry import steppable_methods
from tests.unit.i18n import teacher_corpus as corpus
from tests.unit.i18n.pseudo import CLOSE, OPEN, Pseudo

ROOT = Path(__file__).resolve().parents[3]
TEACHER_MODULES = [
    "parsing/parser", "parsing/question", "parsing/directives", "quiz/params",
    "checking/parity", "catalog", "parsing/lesson_file", "progress/records",
    "stage/expect_names", "quiz/not_askable", "stage/__init__", "checking/validate",
]  # fmt: skip
"""Modules whose every message is for the teacher: the corpus must reach each one."""
UNREACHED = {
    "too large: more than {max} byte": "a file that grows while it is read",
    "{what}: the lesson plays more than {max} ticks": "tests/unit/lessons/test_hostile_files.py",
    "@run {to}: not reached within {budget} ticks": "250,000 ticks: slow for the corpus",
    "(none)": "only a number question has an answer:, and it must have one",
    "{kind} needs a board: put @board before it": "quiz.pose refuses such a question first",
    "{problem} (in {instance}, one of the instances students are asked)": (
        "every instance the drawn kinds can draw is answerable (tests/unit/lessons/"
        "test_drawn_instances.py): the check guards what a future kind might draw"
    ),
}
"""Messages of those modules the corpus does not reach, and why."""


@pytest.fixture
def pseudo(monkeypatch: pytest.MonkeyPatch) -> Pseudo:
    """The pseudo translation as the catalog of the language in use."""
    translation = Pseudo(every=True)
    monkeypatch.setitem(i18n._catalogs, "it", translation)
    i18n.set_language("it")
    return translation


def _syntax() -> set[str]:
    """The words of the lesson format: what a message may name without translating it."""
    events = ("none", "try", "placed", "attacked", "backtrack", "solution", "done")
    words = {*HEADER, *BODY, *FIELDS, *events, "yes", "no", "true", "false"}
    words |= {part for kind in KINDS for part in kind.split("-")}
    words |= set(BUILTIN)  # the mazes a @board algorithm=maze can name
    words.add("BEL")  # how the corpus's control character is shown: U+0007 (BEL)
    words |= {o.value for o in Overlay} | {r.value for r in RunTo}
    words |= {"tick", "ticks", "iteration", "iterations", "first", "all", "maze", "en", "pl"}
    for kind in KINDS.values():
        words |= set(kind.keys)
    for method in steppable_methods():
        words |= {method, *expect_names(method)}
    words |= {"n", "mode", "algorithm", "size", "goal", "exhaust", "solution", "method"}
    words |= {"UTF", "md", "docs", "lesson-format", "format", "lesson"}  # a file name, an encoding
    return {w.lower() for w in words}


SYNTAX = _syntax()


def _outside(message: str) -> str:
    """What the marks leave of a message: its placeholders' data."""
    return re.sub(f"{OPEN}[^{CLOSE}]*{CLOSE}", " ", message)


def _escapes(messages: Iterable[str], data: str) -> list[str]:
    """The messages with a word outside the marks that is neither data nor lesson syntax."""
    allowed = SYNTAX | {w.lower() for w in re.findall(r"[A-Za-z]+", data)}
    bad = []
    for message in messages:
        words = re.findall(r"[A-Za-z]{2,}", _outside(message))
        if OPEN not in message or any(w.lower() not in allowed for w in words):
            bad.append(message)
    return bad


def _messages(errors: Iterable[LessonError]) -> list[str]:
    return [error.message for error in errors]


def _parity(tmp_path: Path) -> list[LessonError]:
    (tmp_path / "en").mkdir()
    (tmp_path / "pl").mkdir()
    original = tmp_path / "en" / "t.md"
    original.write_text(corpus.ORIGINAL, encoding="utf-8")
    translation = tmp_path / "pl" / "t.md"
    translation.write_text(corpus.TRANSLATION, encoding="utf-8")
    ours = parse(corpus.ORIGINAL, original).lesson
    theirs = parse(corpus.TRANSLATION, translation).lesson
    assert ours is not None and theirs is not None
    errors = compare(ours, theirs)
    for text in (
        corpus.TRANSLATION.replace("x 13", "x 12 13"),
        corpus.TRANSLATION.replace("x 13", "x"),
        corpus.TRANSLATION + corpus.EXTRA_PAGES,
    ):
        other = parse(text, translation).lesson
        assert other is not None
        errors += compare(ours, other)
    lonely = tmp_path / "de" / "lonely.md"  # no English file of its name, nor of its id
    lonely.parent.mkdir()
    lonely.write_text(corpus.TRANSLATION.replace("@lang en", "@lang de"), encoding="utf-8")
    alone = parse(lonely.read_text(encoding="utf-8"), lonely).lesson
    assert alone is not None
    return errors + check_translation(alone)


def _files(tmp_path: Path) -> list[LessonError]:
    """Files and folders that cannot be read, and a folder of clashing lessons."""
    errors = [read_lesson_text(tmp_path / "missing.md"), read_lesson_text(tmp_path)]
    fifo = tmp_path / "fifo.md"
    os.mkfifo(fifo)
    big = tmp_path / "big.md"
    big.write_bytes(b"x" * (MAX_BYTES + 1))
    latin = tmp_path / "latin.md"
    latin.write_bytes(b"@lesson t\n\xe8\n")
    errors += [read_lesson_text(path) for path in (fifo, big, latin)]
    many = tmp_path / "many"
    many.mkdir()
    for index in range(201):
        (many / f"{index:03}.md").write_text("", encoding="utf-8")
    twins = tmp_path / "twins"
    twins.mkdir()
    for name in ("a.md", "b.md"):
        (twins / name).write_text("@lesson t\n@title T\n@page P\nx\n", encoding="utf-8")
    # Two lessons with one number: one of the built-in ones', and each other's.
    for name in ("05-mine.md", "40-one.md", "40-two.md"):
        lesson_id = name[3:-3]
        text = f"@lesson {lesson_id}\n@title T\n@page P\nx\n"
        (twins / name).write_text(text, encoding="utf-8")
    locked = tmp_path / "locked"
    locked.mkdir()
    scandir = os.scandir

    def refuse(path: object) -> object:
        if Path(str(path)) == locked:
            raise PermissionError(13, "Permission denied")
        return scandir(path)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("lessons.catalog.os.scandir", refuse)
        catalog = load_catalog("en", [many, twins, locked, tmp_path / "nowhere"])
    found = [error for error in errors if isinstance(error, LessonError)]
    return found + list(catalog.errors)


BAD_RECORDS = [
    *([], {"answers": []}, {"open": []}, {"answers": {"1": []}}, {"updated": "x"}, {"page": -1}),
    *({"completed": "x"}, {"retired": []}, {"earlier": []}, {"updated": 1e20}),
    *({"answers": {"1": {"instance": 7}}}, {"answers": {"1": {"instance": "x" * 2_000}}}),
    {"answers": {"1": {"given": "x"}}},  # the answers typed: a list of texts
    {"answers": {"1": {"given": ["7"], "given_at": [1.7e9, 1.8e9]}}},  # one time each
]


def _records() -> list[str]:
    found = []
    for data in BAD_RECORDS:
        with pytest.raises(RecordError) as error:
            LessonRecord.from_json(data)
        found.append(str(error.value))
    with pytest.raises(RecordError) as error:
        records_from_json({"NoLesson": {}})
    return [*found, str(error.value)]


def _teacher_ids() -> set[str]:
    ids = set()
    for module in TEACHER_MODULES:
        path = ROOT / "lessons" / f"{module}.py"
        for _line, message, _comments, _context in extract_from_file("python", path):
            ids.add(message if isinstance(message, str) else message[0])
    return ids


def test_the_corpus_reaches_every_teacher_message_and_none_escapes_translation(
    pseudo: Pseudo, tmp_path: Path
) -> None:
    # The check itself: a message built without ``_`` is caught, a translated one is not.
    assert _escapes(["@board needs n= here"], "@board n=4") == ["@board needs n= here"]
    assert _escapes([i18n._("@{name} needs a value").format(name="title")], "@title") == []
    found: list[str] = []
    escaped: list[str] = []
    for number, text in enumerate([*corpus.SYNTAX, *corpus.PARAMETERS, *corpus.PLAYED]):
        messages = _messages(check_text(text, f"lesson{number}.md", warnings=True))
        assert messages, f"corpus lesson {number} has no error:\n{text[:200]}"
        found += messages
        escaped += _escapes(messages, text)
    parity = _messages(_parity(tmp_path))
    escaped += _escapes(parity, corpus.ORIGINAL + corpus.TRANSLATION + str(tmp_path))
    files = _messages(_files(tmp_path))
    names = " twins many locked nowhere fifo big latin missing one mine iterative"
    escaped += _escapes(files, str(tmp_path) + names)
    records = _records()
    words = "answers open updated page completed retired earlier instance 1e+20 'NoLesson' 1,000"
    escaped += _escapes(records, words)
    assert not escaped, "\n".join(escaped)
    assert len(found + parity + files + records) > 150
    missed = _teacher_ids() - pseudo.asked - set(UNREACHED)
    assert not missed, sorted(missed)


def _import_time_calls(tree: ast.AST) -> Iterator[int]:
    """Lines of ``_``/``ngettext`` calls run when the module is imported (not in a function)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("_", "ngettext")
        ):
            yield node.lineno
        yield from _import_time_calls(node)


def test_no_teacher_message_is_translated_at_import_time() -> None:
    """A message built at import would stay in the language of the moment of the import."""
    quiz = ["quiz/pose", "quiz/board", "quiz/static", "quiz/recipe", "quiz/place", "quiz/facts"]
    found = {}
    for module in [*TEACHER_MODULES, *quiz]:
        path = ROOT / "lessons" / f"{module}.py"
        if lines := list(_import_time_calls(ast.parse(path.read_text(encoding="utf-8")))):
            found[module] = lines
    assert found == {}
