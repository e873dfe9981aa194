"""Translations of one lesson agree with the English original, page by page: a translation may
change every word, not what the lesson does. :func:`compare` reports each difference at the
translation's line; :func:`merge` builds the lesson a student sees."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Sequence
from difflib import SequenceMatcher
from pathlib import Path

from lessons.answers.page_numbers import page_numbers
from lessons.checking.parity_keys import Key, block_key, page_key
from lessons.checking.parity_keys import acts as _acts
from lessons.i18n import _, ngettext
from lessons.model import (
    Block,
    BoardOp,
    ExpectOp,
    Lesson,
    LessonError,
    Page,
    Question,
)
from lessons.parsing.parser import parse_file

SOURCE_LANG = "en"
"""The language every other language translates."""


def _describe(block: Block) -> str:
    key = block_key(block)
    if isinstance(block, ExpectOp):
        return f"@expect {block.name} = {block.text.strip()}"
    if isinstance(block, Question):
        params = " ".join(f"{k}={v}" for k, v in sorted(block.params.items()))
        return f"@question {block.kind} {params}".strip()
    if isinstance(block, BoardOp):
        mode = "all" if block.all_solutions else "first"
        maze = f" maze={block.maze}" if block.maze else ""
        return f"@board n={block.n} mode={mode} algorithm={block.algorithm}{maze}"
    words = " ".join(str(part) for part in key[1:] if part not in (None, False))
    return f"@{key[0]} {words}".strip()


def _page_name(page: Page) -> str:
    return "@quiz" if page.scored else "@page"


def _shape(page: Page) -> Key:
    """What a page does, its questions' answers aside: the key translated pages line up by, so
    that an answer changed in a translation is said at its question."""
    keys = (block_key(block) for block in _acts(page))
    return (page.scored, tuple(key[:3] if key[0] == "question" else key for key in keys))


def _line_up(ours: Sequence[Key], theirs: Sequence[Key]) -> Iterator[tuple[str, int, int]]:
    """How two sequences of keys line up: ``("equal" | "changed", i, j)`` for a pair,
    ``("missing", i, j)`` for ``ours[i]`` missing before ``theirs[j]`` (``j`` may be the
    end), ``("extra", -1, j)`` for ``theirs[j]`` that ``ours`` lacks."""
    matcher = SequenceMatcher(None, ours, theirs, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        paired = min(i2 - i1, j2 - j1) if tag in ("equal", "replace") else 0
        for offset in range(paired):
            yield ("equal" if tag == "equal" else "changed"), i1 + offset, j1 + offset
        for index in range(i1 + paired, i2):
            yield "missing", index, j1 + paired
        for index in range(j1 + paired, j2):
            yield "extra", -1, index


class _Report:
    def __init__(self, original: Lesson, translation: Lesson) -> None:
        self.original = original
        self.translation = translation
        self.errors: list[LessonError] = []

    def error(self, line: int, message: str, warning: bool = False) -> None:
        self.errors.append(LessonError(self.translation.source, line, message, warning))

    def where(self, line: int) -> str:
        return f"{self.original.source}:{line}"

    def end_line(self) -> int:
        try:
            return len(self.translation.path.read_text(encoding="utf-8").splitlines()) + 1
        except (OSError, UnicodeDecodeError):
            return 0

    def pages(self) -> list[tuple[int, int]]:
        """Compare the pages; the pairs (English index, translation index) that line up."""
        ours, theirs = self.original.pages, self.translation.pages
        pairs: list[tuple[int, int]] = []
        for step, i, j in _line_up([_shape(p) for p in ours], [_shape(p) for p in theirs]):
            if step in ("equal", "changed"):
                pairs.append((i, j))
                if page_key(ours[i]) != page_key(theirs[j]):
                    self.blocks(ours[i], theirs[j])
            elif step == "missing":
                page = ours[i]
                self.error(
                    theirs[j].line if j < len(theirs) else self.end_line(),
                    _(
                        "the English {page} {title} ({where}) has no translated page; "
                        "it belongs before this line"
                    ).format(
                        page=_page_name(page), title=repr(page.title), where=self.where(page.line)
                    ),
                    warning=True,  # the tutor shows the English page in its place
                )
            elif step == "extra":
                page = theirs[j]
                self.error(
                    page.line,
                    _("{page} {title} matches no page of the English lesson ({where})").format(
                        page=_page_name(page), title=repr(page.title), where=self.original.source
                    ),
                )
        return sorted(pairs)

    def blocks(self, ours: Page, theirs: Page) -> None:
        """Report how two paired pages differ, block by block."""
        if ours.scored != theirs.scored:
            self.error(
                theirs.line,
                _("{page} here, but the English page is a {english} ({where})").format(
                    page=_page_name(theirs), english=_page_name(ours), where=self.where(ours.line)
                ),
            )
        mine, yours = _acts(ours), _acts(theirs)
        for step, i, j in _line_up([block_key(b) for b in mine], [block_key(b) for b in yours]):
            if step == "changed":
                self.block(mine[i], yours[j])
            elif step == "missing":
                block = mine[i]
                self.error(
                    yours[j].line if j < len(yours) else _after(theirs),
                    _("missing {directive} (English {where}); it belongs before this line").format(
                        directive=_describe(block), where=self.where(block.line)
                    ),
                )
            elif step == "extra":
                block = yours[j]
                self.error(
                    block.line,
                    _("{directive} is not in the English page ({where})").format(
                        directive=_describe(block), where=self.where(ours.line)
                    ),
                )

    def block(self, ours: Block, theirs: Block) -> None:
        where = self.where(ours.line)
        if (
            isinstance(ours, Question)
            and isinstance(theirs, Question)
            and (ours.kind, ours.params) == (theirs.kind, theirs.params)
        ):
            self.question(ours, theirs)
            return
        self.error(
            theirs.line,
            _("{directive} where the English has {english} ({where})").format(
                directive=_describe(theirs), english=_describe(ours), where=where
            ),
        )

    def question(self, ours: Question, theirs: Question) -> None:
        where = self.where(ours.line)
        if ours.answer.strip() != theirs.answer.strip():
            self.error(
                theirs.line,
                _("answer: {answer} where the English has {english} ({where})").format(
                    answer=theirs.answer.strip() or _("(none)"),
                    english=ours.answer.strip() or _("(none)"),
                    where=where,
                ),
            )
        differ = (
            (
                [number for number, _ in ours.wrong] != [number for number, _ in theirs.wrong],
                _("wrong: lines for other numbers than the English's ({where})"),
            ),
            (
                ours.tolerance.strip() != theirs.tolerance.strip(),
                _("tolerance: differs from the English ({where})"),
            ),
            (ours.maze != theirs.maze, _("maze: lines differ from the English ({where})")),
        )
        for differs, message in differ:
            if differs:
                self.error(theirs.line, message.format(where=where))
        if len(ours.choices) != len(theirs.choices):
            choices = ngettext(
                "{count} choice where the English has {english} ({where})",
                "{count} choices where the English has {english} ({where})",
                len(theirs.choices),
            )
            self.error(
                theirs.line,
                choices.format(count=len(theirs.choices), english=len(ours.choices), where=where),
            )
        else:
            right = [i + 1 for i, c in enumerate(ours.choices) if c.correct]
            here = [i + 1 for i, c in enumerate(theirs.choices) if c.correct]
            if right == here:
                return
            self.error(
                theirs.line,
                _("the right choice is {choice} where the English has {english} ({where})").format(
                    choice=_numbers(here), english=_numbers(right), where=where
                ),
            )

    def numbers(self, ours: Page, theirs: Page) -> None:
        """The facts of a page: the numbers its text mentions, in both languages."""
        mine = page_numbers(ours, self.original.lang)
        yours = page_numbers(theirs, self.translation.lang)
        if mine == yours:
            return
        english, here = _numbers(sorted(mine - yours)), _numbers(sorted(yours - mine))
        if not yours - mine:
            differ = _(
                "the numbers differ from the English page ({where}): "
                "only the English mentions {english}"
            )
        elif not mine - yours:
            differ = _(
                "the numbers differ from the English page ({where}): only this page mentions {here}"
            )
        else:
            differ = _(
                "the numbers differ from the English page ({where}): "
                "only the English mentions {english}; only this page mentions {here}"
            )
        where = self.where(ours.line)
        self.error(theirs.line, differ.format(where=where, english=english, here=here))

    def fields(self, ours: Page, theirs: Page) -> None:
        """Text a translation left out: a hint, an explanation or a prompt the English has."""
        for mine, yours in zip(ours.questions, theirs.questions, strict=False):
            for name in ("prompt", "hint", "explain"):
                if getattr(mine, name) and not getattr(yours, name):
                    self.error(
                        yours.line,
                        _(
                            "the English question has {field}: ({where}) and this one has none"
                        ).format(field=name, where=self.where(mine.line)),
                    )
            self.reasons(mine, yours)

    def reasons(self, ours: Question, theirs: Question) -> None:
        """A ``why:`` under the same choices as in the English question, and nowhere else."""
        if len(ours.choices) != len(theirs.choices):
            return  # reported with the choices (question)
        for number, (mine, yours) in enumerate(
            zip(ours.choices, theirs.choices, strict=True), start=1
        ):
            if mine.why and not yours.why:
                self.error(
                    yours.line or theirs.line,
                    _(
                        "the English choice {choice} has why: ({where}) and this one has none"
                    ).format(choice=number, where=self.where(mine.why_line or ours.line)),
                )
            elif yours.why and not mine.why:
                self.error(
                    yours.why_line or theirs.line,
                    _(
                        "why: under choice {choice}, where the English choice has none ({where})"
                    ).format(choice=number, where=self.where(mine.line or ours.line)),
                )


def _after(page: Page) -> int:
    return max([block.line for block in page.blocks] or [page.line]) + 1


def _numbers(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in values) or _("none")


def compare(original: Lesson, translation: Lesson) -> list[LessonError]:
    """Every way ``translation`` does not do what ``original`` does, at the translation's lines."""
    report = _Report(original, translation)
    if translation.id != original.id:
        report.error(
            1,
            _("@lesson {id} translates {original} ({where})").format(
                id=translation.id, original=original.id, where=original.source
            ),
        )
    if translation.lang == original.lang:
        report.error(
            1,
            _(
                "@lang {lang} is the language of the original; a translation needs its own @lang"
            ).format(lang=translation.lang),
        )
    report.errors += _wrong_folder(translation)
    clean = not parse_file(original.path).errors  # else the English file's own errors come first
    for i, j in report.pages() if clean else []:
        report.fields(original.pages[i], translation.pages[j])
        report.numbers(original.pages[i], translation.pages[j])
    return sorted(report.errors, key=lambda e: e.line)


def aligned(original: Lesson, translation: Lesson) -> dict[int, int]:
    """English page index -> translation page index, for the pages that agree: the same
    directives and questions, and the same numbers in their text."""
    ours = [page_key(p) for p in original.pages]
    theirs = [page_key(p) for p in translation.pages]
    matcher = SequenceMatcher(None, ours, theirs, autojunk=False)
    pairs: dict[int, int] = {}
    for block in matcher.get_matching_blocks():
        for offset in range(block.size):
            i, j = block.a + offset, block.b + offset
            mine = page_numbers(original.pages[i], original.lang)
            if mine == page_numbers(translation.pages[j], translation.lang):
                pairs[i] = j
    return pairs


def merge(original: Lesson, translation: Lesson) -> Lesson:
    """The lesson in the translation's language: its pages where they agree with the English
    ones, else the English pages (marked ``fallback``), always in the English order (so a page
    number means one page in every language)."""
    pairs = aligned(original, translation)
    pages = tuple(
        translation.pages[pairs[index]]
        if index in pairs
        else dataclasses.replace(page, fallback=True)
        for index, page in enumerate(original.pages)
    )
    return dataclasses.replace(translation, pages=pages)


def _original_candidates(path: Path) -> list[Path]:
    """Where the English original of a translation at ``path`` may be."""
    folder = path.parent
    return [folder.parent / SOURCE_LANG / path.name, folder.parent / path.name]


def find_original(translation: Lesson) -> Lesson | None:
    """The English lesson with the same id, looked for next to the translation's folder."""
    seen: set[Path] = set()
    folder = translation.path.parent
    places: list[Iterable[Path]] = [
        _original_candidates(translation.path),
        sorted((folder.parent / SOURCE_LANG).glob("*.md")),
        sorted(folder.parent.glob("*.md")),
    ]
    for group in places:
        for path in group:
            if path in seen or not path.is_file() or path == translation.path:
                continue
            seen.add(path)
            lesson = parse_file(path).lesson
            if lesson is not None and lesson.id == translation.id and lesson.lang == SOURCE_LANG:
                return lesson
    return None


def _same_name_original(lesson: Lesson) -> Lesson | None:
    """The English lesson in a file of the same name where an original is looked for."""
    for path in _original_candidates(lesson.path):
        if path != lesson.path and path.is_file():
            original = parse_file(path).lesson
            if original is not None and original.lang == SOURCE_LANG:
                return original
    return None


def _wrong_folder(lesson: Lesson) -> list[LessonError]:
    """An error when ``lesson`` is in the folder named for another language."""
    folder = lesson.path.parent.name
    if folder == lesson.lang or not (
        len(folder) in (2, 3) and folder.isalpha() and folder.islower()
    ):
        return []
    text = _("@lang {lang} in the folder {folder}/").format(lang=lesson.lang, folder=folder)
    return [LessonError(lesson.source, 1, text)]


def check_translation(translation: Lesson) -> list[LessonError]:
    """The parity errors of a translation file against its English original found nearby
    (the English lesson of the same id, else the English file of the same name). A file in a
    folder named for its language whose original cannot be found gets a warning (the tutor
    offers it in that language only); one in another language's folder is an error."""
    if translation.lang == SOURCE_LANG:
        same_name = _same_name_original(translation)
        return [] if same_name is None else compare(same_name, translation)
    original = find_original(translation) or _same_name_original(translation)
    if original is None:
        wrong = _wrong_folder(translation)
        if wrong:
            return wrong
        if translation.path.parent.name == translation.lang:
            return [
                LessonError(
                    translation.source,
                    1,
                    _(
                        "no English lesson {id} found to translate (looked in {folder}): the "
                        "tutor offers it as a lesson in its own language only"
                    ).format(
                        id=repr(translation.id), folder=translation.path.parent.parent / SOURCE_LANG
                    ),
                    warning=True,  # the catalog offers it so, as a lesson of one language
                )
            ]
        return []
    return compare(original, translation)
