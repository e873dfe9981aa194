"""Which lessons the tutor offers: the built-in ones (``lessons/builtin/<lang>/NN-slug.md``)
plus a teacher's ``--lessons-dir``, ordered by the number their file names start with, each in
the language asked for where it has it (a translation's pages that disagree with the English
ones replaced by them), else in English. A broken file is reported and skipped."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from lessons.answers.whole_numbers import whole
from lessons.checking.parity import SOURCE_LANG, merge
from lessons.checking.validate import check_file
from lessons.i18n import LANGUAGES, _, ngettext, number
from lessons.locale_env import language
from lessons.model import Lesson, LessonError
from lessons.parsing.lesson_file import os_reason, read_lesson_text
from lessons.parsing.parser import parse_file

BUILTIN_DIR = Path(__file__).parent / "builtin"
DEFAULT_LANG = SOURCE_LANG
_NUMBER = re.compile(r"^(\d+)")


def locale_lang(environ: dict[str, str] | None = None) -> str:
    """The language of the locale (``pl_PL.UTF-8`` gives ``pl``); English for C/POSIX."""
    return language(environ, DEFAULT_LANG)


def lesson_lang(lang: str | None = None) -> str:
    """The language code to show lessons in: ``lang`` (``it``, ``pl_PL``, ``PL``) when given,
    else the locale's."""
    if not lang:
        return locale_lang()
    return lang.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()


UNNUMBERED = 10_000
"""The order of a lesson whose file name starts with no number."""


def _order(path: Path) -> int:
    match = _NUMBER.match(path.name)
    return int(match.group(1)) if match else UNNUMBERED


def lesson_number(lesson: Lesson) -> int | None:
    """The number the lesson's file name starts with (``--lesson N``), or None."""
    order = _order(lesson.path)
    return None if order == UNNUMBERED else order


@dataclass(frozen=True, slots=True)
class Entry:
    """One lesson file that loaded: the lesson, its order, and where it came from."""

    lesson: Lesson
    order: int
    builtin: bool

    @property
    def number(self) -> int:
        return self.order


@dataclass(frozen=True, slots=True)
class Failed:
    """A teacher's lesson file that does not pass its check (not offered): its lesson id when
    the file names one, its number, its first problem, and the lesson when only its check
    fails (its file parses)."""

    id: str | None
    order: int
    source: str
    problem: LessonError
    lesson: Lesson | None = None


_LESSON_LINE = re.compile(r"^@lesson[ \t]+(\S+)", re.MULTILINE)


def _failed(path: Path, problems: Sequence[LessonError]) -> Failed:
    parsed = parse_file(path)
    key = parsed.lesson.id if parsed.lesson is not None else None
    if key is None:  # the file's syntax fails: its @lesson line may still name it
        text = read_lesson_text(path)
        found = _LESSON_LINE.search(text) if isinstance(text, str) else None
        key = found.group(1) if found else None
    first = min(problems, key=lambda e: e.line)
    return Failed(key, _order(path), str(path), first, parsed.lesson)


@dataclass(frozen=True, slots=True)
class Catalog:
    """The lessons to offer, in order, one language version each, and the files skipped.

    ``dirs`` are the teacher's folders (``only_course``: without the built-in lessons);
    ``clashes`` the errors of a lesson skipped for an id or number another lesson has;
    ``failed`` the teacher's lesson files that fail their check.
    """

    entries: tuple[Entry, ...]
    errors: tuple[LessonError, ...]
    lang: str
    dirs: tuple[Path, ...] = ()
    only_course: bool = False
    clashes: tuple[LessonError, ...] = ()
    failed: tuple[Failed, ...] = ()

    def in_language(self, lang: str | None) -> Catalog:
        """The same lessons loaded again in another language (a run-time language switch)."""
        return load_catalog(lang, self.dirs, self.only_course)

    @property
    def lessons(self) -> tuple[Lesson, ...]:
        return tuple(entry.lesson for entry in self.entries)

    def find(self, key: str) -> Lesson | None:
        """A lesson by id, or by the number its file name starts with (``5`` or ``05``)."""
        for entry in self.entries:
            if entry.lesson.id == key:
                return entry.lesson
        number = whole(key) if key.isdecimal() else None
        return next(
            (e.lesson for e in self.entries if number is not None and e.order == number), None
        )

    def listing(self) -> str:
        """The lessons as ``--lesson`` takes them, for a message: ``2 small-boards, my-own``."""
        return ", ".join(
            entry.lesson.id if entry.order == UNNUMBERED else f"{entry.order} {entry.lesson.id}"
            for entry in self.entries
        )

    @property
    def failed_lessons(self) -> tuple[Lesson, ...]:
        """The lessons of the files that fail only their check."""
        return tuple(failed.lesson for failed in self.failed if failed.lesson is not None)

    def find_failed(self, key: str) -> Failed | None:
        """A lesson file that fails its check, by the lesson's id or number."""
        for failed in self.failed:
            if failed.id == key:
                return failed
        number = whole(key) if key.isdecimal() else None
        return next((f for f in self.failed if number is not None and f.order == number), None)


MAX_FILES = 200
"""The most lesson files read from one directory (and from each of its language folders)."""
MAX_ENTRIES = 10_000
"""The most directory entries looked at in one folder."""


def is_language_folder(name: str) -> bool:
    """A sub-folder of a lesson folder that holds translations: one named for a language the
    tutor speaks (no other sub-folder is read)."""
    return name in LANGUAGES


def _lesson_names(folder: Path, errors: list[LessonError]) -> list[Path]:
    """The ``*.md`` entries of ``folder`` (at most MAX_FILES), without reading any of them."""
    found: list[Path] = []
    try:
        with os.scandir(folder) as entries:
            for _index, entry in zip(range(MAX_ENTRIES), entries, strict=False):
                if entry.name.endswith(".md"):
                    found.append(Path(entry.path))
    except OSError as error:
        reason = _("cannot list the folder: {reason}").format(reason=os_reason(error))
        errors.append(LessonError(str(folder), 0, reason))
        return []
    if len(found) > MAX_FILES:
        more = ngettext(
            "more than {max} lesson file; only the first read",
            "more than {max} lesson files; only the first read",
            MAX_FILES,
        )
        errors.append(LessonError(str(folder), 0, more.format(max=number(MAX_FILES))))
    return sorted(found)[:MAX_FILES]


def _files(folder: Path, errors: list[LessonError]) -> list[Path]:
    """The lesson files in ``folder`` and in its language folders (``en/``, ``it/``, ``pl/``),
    none from any other sub-folder."""
    found = _lesson_names(folder, errors)
    try:
        with os.scandir(folder) as entries:
            subfolders = sorted(
                Path(entry.path)
                for _index, entry in zip(range(MAX_ENTRIES), entries, strict=False)
                if is_language_folder(entry.name) and entry.is_dir()
            )
    except OSError:
        subfolders = []
    for sub in subfolders:
        found.extend(_lesson_names(sub, errors))
    return found


def _load(
    paths: Iterable[Path], builtin: bool, failed: list[Failed] | None = None
) -> tuple[list[Entry], list[LessonError]]:
    entries: list[Entry] = []
    errors: list[LessonError] = []
    for path in paths:
        if builtin:
            result = parse_file(path)
            problems = list(result.errors)
            lesson = result.lesson
        else:
            problems = check_file(path, translations=False)
            lesson = parse_file(path).lesson if not problems else None
        if problems or lesson is None:
            errors.extend(problems)
            if problems and not builtin and failed is not None:
                failed.append(_failed(path, problems))
            continue
        entries.append(Entry(lesson, _order(path), builtin))
    return entries, errors


def load_catalog(
    lang: str | None = None, dirs: Sequence[Path] = (), only_course: bool = False
) -> Catalog:
    """The built-in lessons (unless ``only_course``) and those in ``dirs``, in ``lang``
    (default: the locale's), else in English with ``wanted`` set. Of two lessons with one id
    and language, or one number, the later one is skipped, with an error."""
    chosen = lesson_lang(lang)
    listing: list[LessonError] = []
    entries: list[Entry] = []
    errors: list[LessonError] = []
    failed: list[Failed] = []
    if not only_course:
        entries, errors = _load(_files(BUILTIN_DIR, listing), builtin=True)
    read: dict[str, Path] = {}  # a file in a folder and its language folder counts once
    for folder in dirs:
        if not folder.is_dir():
            errors.append(LessonError(str(folder), 0, _("not a directory of lessons")))
            continue
        # realpath, not resolve(): a symlink loop is skipped later with its reason, not raised
        files = [p for p in _files(folder, listing) if read.setdefault(os.path.realpath(p), p) is p]
        more, problems = _load(files, builtin=False, failed=failed)
        entries.extend(more)
        errors.extend(problems)
    errors.extend(listing)
    seen: dict[tuple[str, str], Entry] = {}
    clashes: list[LessonError] = []
    for entry in entries:
        key = (entry.lesson.id, entry.lesson.lang)
        if key in seen:
            first = seen[key].lesson.source
            clashes.append(
                LessonError(
                    entry.lesson.source,
                    1,
                    _("lesson id {id} in language {lang} is already in {file}; skipped").format(
                        id=repr(key[0]), lang=repr(key[1]), file=first
                    ),
                )
            )
            continue
        seen[key] = entry
    by_id: dict[str, list[Entry]] = {}
    for (lesson_id, _lang), entry in seen.items():
        by_id.setdefault(lesson_id, []).append(entry)
    picked = [_pick(versions, chosen) for versions in by_id.values()]
    picked.sort(key=lambda e: (e.order, not e.builtin, e.lesson.id))
    numbered: dict[int, Entry] = {}
    kept = []
    for entry in picked:
        holder = numbered.setdefault(entry.order, entry)
        if holder is not entry and entry.order != UNNUMBERED:
            message = clash_message(holder.builtin).format(
                number=entry.order, id=repr(holder.lesson.id), file=holder.lesson.source
            )
            clashes.append(LessonError(entry.lesson.source, 1, message))
            continue
        kept.append(entry)
    errors.extend(clashes)
    return Catalog(
        tuple(kept), tuple(errors), chosen, tuple(dirs), only_course, tuple(clashes), tuple(failed)
    )


def clash_message(builtin: bool) -> str:
    """The error of a lesson skipped for its number (fields: number, id and file of the
    lesson that keeps it)."""
    if builtin:
        return _(
            "lesson number {number} is already the built-in lesson {id}; skipped "
            "(number the file otherwise, or offer only your course with --only-course)"
        )
    return _(
        "lesson number {number} is already lesson {id} in {file}; this file is skipped: give "
        "one of the two another number"
    )


def _find(versions: list[Entry], lang: str) -> Entry | None:
    return next((entry for entry in versions if entry.lesson.lang == lang), None)


def _pick(versions: list[Entry], lang: str) -> Entry:
    """The version of one lesson to show in ``lang``."""
    original = _find(versions, DEFAULT_LANG)
    wanted = _find(versions, lang)
    if wanted is not None:
        if original is None or wanted is original:
            return wanted
        return replace(wanted, lesson=merge(original.lesson, wanted.lesson))
    chosen = original or versions[0]
    if chosen.lesson.lang == lang:
        return chosen
    return replace(chosen, lesson=replace(chosen.lesson, wanted=lang))
