"""Read a lesson file: Markdown text interleaved with ``@directive`` lines (docs/lesson-format.md).

A line starting with ``@`` is a directive, except inside a fenced code block and when it starts
with ``@@`` (a literal ``@``). Every problem is a :class:`~lessons.model.LessonError` at its
line; parsing goes on after an error so that one run reports them all.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from lessons import i18n
from lessons.i18n import _, ngettext
from lessons.model import Block, Lesson, LessonError, Page, Text
from lessons.parsing import directives
from lessons.parsing.lesson_file import read_lesson_text
from lessons.parsing.question import FIELDS as QUESTION_FIELDS
from lessons.parsing.question import WHY, QuestionDraft
from lessons.quiz.params import ParamError, Params, split_words
from lessons.quiz.pose import check_static
from lessons.safe_text import first_unsafe, visible
from solver.registry import DEFAULT_METHOD, KITS

MAX_LINE = 2_000
"""The longest line, in characters."""
MAX_PAGES = 200
MAX_PAGE_TEXT = 20_000
"""The most characters of text on one page."""
MAX_BLOCKS = 400
"""The most directives, questions and text blocks on one page."""
HEADER = ("lesson", "title", "lang", "summary")
BODY = (
    "page",
    "quiz",
    "board",
    "step",
    "back",
    "run",
    "expect",
    "overlay",
    "tree",
    "question",
    "end",
)
FIELDS = (*QUESTION_FIELDS, WHY)
"""The field lines of a question block (``why:`` goes under a choice)."""
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_LANG = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]+)?$")
_DIRECTIVE = re.compile(r"^@([A-Za-z][\w-]*)\s*(.*)$")


@dataclass
class _PageDraft:
    line: int
    title: str
    scored: bool
    blocks: list[Block] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    text_line: int = 0

    def add_text(self, line: int, content: str) -> None:
        if not self.text:
            if not content.strip():
                return
            self.text_line = line
        self.text.append(content)

    def flush(self) -> None:
        markdown = "\n".join(self.text).strip("\n")
        if markdown.strip():
            self.blocks.append(Text(self.text_line, markdown))
        self.text = []

    def page(self) -> Page:
        self.flush()
        return Page(self.line, self.title, self.scored, tuple(self.blocks))


@dataclass(frozen=True, slots=True)
class ParseResult:
    """The lesson (None when the header is unusable) and every error found."""

    lesson: Lesson | None
    errors: tuple[LessonError, ...]


def _lines(text: str) -> Iterator[tuple[int, str, bool]]:
    """(line number, line, is a directive) with fences and ``@@`` handled; lines end at
    newlines only, as an editor numbers them."""
    fence = ""
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip()
        stripped = line.lstrip()
        if fence:
            if stripped.startswith(fence):
                fence = ""
            yield number, line, False
        elif stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
            yield number, line, False
        elif line.startswith("@@"):
            yield number, line[1:], False
        else:
            yield number, line, line.startswith("@")


class _Parser:
    def __init__(self, text: str, path: Path) -> None:
        self.text = text
        self.path = path
        self.errors: list[LessonError] = []
        self.header: dict[str, tuple[int, str]] = {}
        self.pages: list[Page] = []
        self.page: _PageDraft | None = None
        self.question: QuestionDraft | None = None
        self.algorithm = DEFAULT_METHOD  # the last @board's: which @expect names apply

    def error(self, line: int, message: str) -> None:
        self.errors.append(LessonError(str(self.path), line, message))

    def parse(self) -> ParseResult:
        for number, raw in enumerate(self.text.split("\n"), start=1):
            if len(raw) > MAX_LINE:
                longest = ngettext(
                    "line longer than {max} character; split it",
                    "line longer than {max} characters; split it",
                    MAX_LINE,
                )
                self.error(number, longest.format(max=i18n.number(MAX_LINE)))
            found = first_unsafe(raw.removesuffix("\r"))
            if found is not None:
                self.error(
                    number,
                    _(
                        "control or direction character {char} in column {column}: lesson "
                        "text is shown as written, never sent to the terminal; remove it"
                    ).format(char=found[1], column=found[0]),
                )
        text = visible(self.text.replace("\r\n", "\n"), keep_newlines=True)
        for number, line, directive in _lines(text):
            if self.question is not None:
                self.question_line(number, line, directive)
            elif directive:
                self.directive(number, line)
            elif self.page is not None:
                self.page.add_text(number, line)
            elif line.strip():
                self.error(number, _("text before the first @page; start a page with @page TITLE"))
        if self.question is not None:
            self.error(self.question.line, _("@question is never closed with @end"))
            self.close_question()
        self.close_page()
        return ParseResult(self.lesson(), tuple(sorted(self.errors, key=lambda e: e.line)))

    def lesson(self) -> Lesson | None:
        for name in ("lesson", "title"):
            if name not in self.header:
                self.error(
                    1,
                    _(
                        "missing @{name} (every lesson starts with @lesson ID and @title TEXT)"
                    ).format(name=name),
                )
        if not self.pages:
            self.error(1, _("the lesson has no pages; add @page TITLE"))
        if "lesson" not in self.header or "title" not in self.header:
            return None
        return Lesson(
            id=self.header["lesson"][1],
            title=self.header["title"][1],
            lang=self.header.get("lang", (0, "en"))[1],
            path=self.path,
            pages=tuple(self.pages),
            summary=self.header.get("summary", (0, ""))[1],
        )

    def close_page(self) -> None:
        if self.page is not None:
            page = self.page.page()
            text = sum(len(block.markdown) for block in page.blocks if isinstance(block, Text))
            if text > MAX_PAGE_TEXT:
                too_long = ngettext(
                    "the page has {count} character of text; at most {max} (split it into pages)",
                    "the page has {count} characters of text; at most {max} (split it into pages)",
                    text,
                )
                self.error(
                    page.line,
                    too_long.format(count=i18n.number(text), max=i18n.number(MAX_PAGE_TEXT)),
                )
            self.pages.append(page)
            self.page = None

    def close_question(self) -> None:
        draft, self.question = self.question, None
        if draft is None or draft.broken:
            return
        question = draft.question()
        try:
            check_static(question)
        except ParamError as error:
            self.error(draft.line, str(error))
            return
        if self.page is not None:
            self.page.blocks.append(question)

    def question_line(self, number: int, line: str, directive: bool) -> None:
        draft = self.question
        assert draft is not None
        stripped = line.strip()
        if directive:
            match = _DIRECTIVE.match(line)
            if match and match.group(1) == "end":
                if match.group(2).strip():
                    self.error(number, _("@end takes no arguments"))
                self.close_question()
            else:
                word = match.group(1) if match else line
                self.error(
                    number,
                    _("@{name} inside a question: close the question with @end first").format(
                        name=word
                    ),
                )
                if word in ("question", "page", "quiz"):  # its @end is missing: this one error
                    self.question = None
                    self.directive(number, line)
            return
        if stripped:
            draft.add(number, stripped, self.error)

    def directive(self, number: int, line: str) -> None:
        match = _DIRECTIVE.match(line)
        name, rest = (match.group(1), match.group(2).strip()) if match else ("", "")
        problem = None
        if not match:
            problem = _("not a directive: {line} (write @@ for a literal @)").format(
                line=repr(line[:40])
            )
        elif name in HEADER:
            self.header_directive(number, name, rest)
        elif name not in BODY:
            known = ", ".join("@" + d for d in (*HEADER, *BODY))
            problem = _("unknown directive @{name}; known: {known}").format(name=name, known=known)
        elif name in ("page", "quiz"):
            self.start_page(number, name, rest)
        elif name == "end":
            problem = _("@end without a @question")
        elif self.page is None:
            problem = _("@{name} must be inside a page (after @page or @quiz)").format(name=name)
        else:
            try:
                self.body_directive(number, name, rest)
            except ParamError as error:
                problem = str(error)
        if problem is not None:
            self.error(number, problem)

    def header_directive(self, number: int, name: str, rest: str) -> None:
        if self.page is not None:
            problem = _("@{name} belongs before the first @page").format(name=name)
        elif name in self.header:
            problem = _("@{name} given twice (first on line {line})").format(
                name=name, line=self.header[name][0]
            )
        elif not rest:
            problem = _("@{name} needs a value").format(name=name)
        elif name == "lang" and not _LANG.match(rest):
            problem = _("@lang must be a language code like en or pl; not {value}").format(
                value=repr(rest)
            )
        else:
            if name == "lesson" and not _ID.match(rest):
                self.error(
                    number,
                    _("lesson id must be lowercase letters, digits and '-'; not {value}").format(
                        value=repr(rest)
                    ),
                )  # and kept: not also "missing @lesson"
            self.header[name] = (number, rest)
            return
        self.error(number, problem)

    def start_page(self, number: int, name: str, rest: str) -> None:
        self.close_page()
        if len(self.pages) >= MAX_PAGES:
            pages = ngettext(
                "more than {max} page; split the lesson",
                "more than {max} pages; split the lesson",
                MAX_PAGES,
            )
            self.error(number, pages.format(max=i18n.number(MAX_PAGES)))
        if name == "page" and not rest:
            self.error(number, _("@page needs a title"))
        self.page = _PageDraft(number, rest or ("Quiz" if name == "quiz" else "?"), name == "quiz")

    def body_directive(self, number: int, name: str, rest: str) -> None:
        page = self.page
        assert page is not None
        page.flush()
        if len(page.blocks) >= MAX_BLOCKS:
            blocks = ngettext(
                "more than {max} directive on one page; split the page",
                "more than {max} directives on one page; split the page",
                MAX_BLOCKS,
            )
            raise ParamError(blocks.format(max=i18n.number(MAX_BLOCKS)))
        words = split_words(rest)
        if name == "question":  # the lines up to @end are the question's, even when this is bad
            self.question = QuestionDraft(number, words[0] if words else "", {}, broken=True)
            if not words:
                raise ParamError(_("@question needs a kind, e.g. @question next-choice"))
            self.question.params = Params.parse(words[1:], f"@question {words[0]}").raw
            self.question.broken = False
            return
        if name == "board":
            board = directives.board(number, words)
            self.algorithm = board.algorithm
            page.blocks.append(board)
            return
        page.blocks.append(directives.op(number, name, rest, words, self.algorithm))


_PARSED: dict[tuple[str, str, str, tuple[int, ...]], ParseResult] = {}
"""Lessons parsed in this process, by text, path, language in use and method kits registered."""
PARSED_KEPT = 256


def parse(text: str, path: Path | str) -> ParseResult:
    """Parse a lesson's text; ``path`` names the file in error messages. A text parsed before
    in this process (same path, language and methods) is not parsed again."""
    key = (text, str(path), i18n.current(), tuple(id(kit) for kit in KITS))
    found = _PARSED.get(key)
    if found is None:
        found = _Parser(text, Path(path)).parse()
        if len(_PARSED) >= PARSED_KEPT:
            _PARSED.clear()
        _PARSED[key] = found
    return found


def parse_file(path: Path) -> ParseResult:
    """Parse a lesson file; a file that cannot be read is one error."""
    text = read_lesson_text(path)
    return ParseResult(None, (text,)) if isinstance(text, LessonError) else parse(text, path)
