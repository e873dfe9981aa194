"""Read a lesson file: Markdown text interleaved with ``@directive`` lines.

The format is data only (documented in ``docs/lesson-format.md``). A line whose first
character is ``@`` is a directive, except inside a fenced code block (between ``` or ~~~
lines) and when it starts with ``@@``, which stands for a literal ``@``. Every problem is
reported as a :class:`~lessons.model.LessonError` with its line; parsing goes on after an
error so that one run reports them all.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from lessons.lesson_file import read_lesson_text
from lessons.model import (
    BackOp,
    Block,
    BoardOp,
    Choice,
    ExpectOp,
    Lesson,
    LessonError,
    Overlay,
    OverlayOp,
    Page,
    Question,
    RunOp,
    RunTo,
    StepOp,
    StepUnit,
    Text,
)
from lessons.params import ParamError, Params, parse_int, parse_list, parse_word, split_words
from lessons.quiz import check_static
from lessons.safe_text import first_unsafe, visible
from solver.registry import MAX_APP_N, steppable_methods

MAX_BOARD = MAX_APP_N
"""The largest ``@board n=`` (the tutor's board goes up to 32)."""
MAX_STEP = 100_000
"""The largest count of one ``@step`` or ``@back``."""
MAX_LINE = 2_000
"""The longest line, in characters."""
MAX_PAGES = 200
MAX_PAGE_TEXT = 20_000
"""The most characters of text on one page (the tutor draws a page whole; the built-in
lessons' pages are under 2,000)."""
MAX_BLOCKS = 400
"""The most directives, questions and text blocks on one page."""
HEADER = ("lesson", "title", "lang", "summary")
BODY = ("page", "quiz", "board", "step", "back", "run", "expect", "overlay", "question", "end")
EXPECT_NAMES = ("k", "tick", "b", "b[I]", "event", "solutions", "finished")
EVENTS = ("none", "try", "placed", "attacked", "backtrack", "solution", "done")
FIELDS = ("prompt", "hint", "explain", "answer", "tolerance", "maze")
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_LANG = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]+)?$")
_DIRECTIVE = re.compile(r"^@([A-Za-z][\w-]*)\s*(.*)$")
_CHOICE = re.compile(r"^[-*]\s*\[([ xX])\]\s*(.*)$")
_FIELD_LINE = re.compile(r"^([a-z]+):\s?(.*)$")
_EXPECT = re.compile(r"^(k|tick|b|b\[\d+\]|event|solutions|finished)\s*=\s*(.+)$")
_EXPECT_ANY = re.compile(r"^([A-Za-z_]+(?:\[\d+\])?)\s*=\s*(.+)$")
"""Any other name: checked against the board's method when the lesson is played."""


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


@dataclass
class _QuestionDraft:
    line: int
    kind: str
    params: dict[str, str]
    fields: dict[str, list[str]] = field(default_factory=dict)
    choices: list[Choice] = field(default_factory=list)
    broken: bool = False

    def question(self) -> Question:
        def joined(name: str) -> str:
            return "\n".join(self.fields.get(name, [])).strip()

        return Question(
            line=self.line,
            kind=self.kind,
            params=self.params,
            prompt=joined("prompt"),
            hint=joined("hint"),
            explain=joined("explain"),
            answer=joined("answer"),
            tolerance=joined("tolerance"),
            choices=tuple(self.choices),
            maze=tuple(self.fields.get("maze", [])),
        )


@dataclass(frozen=True, slots=True)
class ParseResult:
    """The lesson (None when the header is unusable) and every error found."""

    lesson: Lesson | None
    errors: tuple[LessonError, ...]


def _lines(text: str) -> Iterator[tuple[int, str, bool]]:
    """(line number, line, is a directive) with fences and ``@@`` handled.

    Lines end at newlines only (a CR before one is dropped), so that the line numbers are
    the ones an editor shows; unsafe characters are already visible symbols here.
    """
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
        self.question: _QuestionDraft | None = None
        self.algorithm = "iterative"
        """The method of the last ``@board``: it decides which ``@expect`` names apply."""

    def error(self, line: int, message: str) -> None:
        self.errors.append(LessonError(str(self.path), line, message))

    def parse(self) -> ParseResult:
        for number, raw in enumerate(self.text.split("\n"), start=1):
            if len(raw) > MAX_LINE:
                self.error(number, f"line longer than {MAX_LINE:,} characters; split it")
            found = first_unsafe(raw.removesuffix("\r"))
            if found is not None:
                self.error(
                    number,
                    f"control or direction character {found[1]} in column {found[0]}: lesson "
                    "text is shown as written, never sent to the terminal; remove it",
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
                self.error(number, "text before the first @page; start a page with @page TITLE")
        if self.question is not None:
            self.error(self.question.line, "@question is never closed with @end")
            self.close_question()
        self.close_page()
        return ParseResult(self.lesson(), tuple(sorted(self.errors, key=lambda e: e.line)))

    def lesson(self) -> Lesson | None:
        for name in ("lesson", "title"):
            if name not in self.header:
                self.error(
                    1, f"missing @{name} (every lesson starts with @lesson ID and @title TEXT)"
                )
        if not self.pages:
            self.error(1, "the lesson has no pages; add @page TITLE")
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
                self.error(
                    page.line,
                    f"the page has {text:,} characters of text; at most {MAX_PAGE_TEXT:,} "
                    "(split it into pages)",
                )
            self.pages.append(page)
            self.page = None

    def close_question(self) -> None:
        draft, self.question = self.question, None
        if draft is None:
            return
        if draft.broken:
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
                    self.error(number, "@end takes no arguments")
                self.close_question()
            else:
                word = match.group(1) if match else line
                self.error(number, f"@{word} inside a question: close the question with @end first")
            return
        if not stripped:
            return
        choice = _CHOICE.match(stripped)
        if choice:
            if not choice.group(2).strip():
                self.error(number, "a choice needs text after '- [ ]'")
                return
            draft.choices.append(Choice(choice.group(2).strip(), choice.group(1) != " "))
            return
        found = _FIELD_LINE.match(stripped)
        if not found or found.group(1) not in FIELDS:
            self.error(
                number,
                f"not a question field: {stripped[:40]!r}; expected prompt:, hint:, explain:, "
                "answer:, tolerance:, maze: or a choice '- [ ] text' / '- [x] text'",
            )
            return
        name, value = found.group(1), found.group(2)
        if name in ("answer", "tolerance") and name in draft.fields:
            self.error(number, f"{name}: given twice in one question")
            return
        draft.fields.setdefault(name, []).append(value)

    def directive(self, number: int, line: str) -> None:
        match = _DIRECTIVE.match(line)
        if not match:
            self.error(number, f"not a directive: {line[:40]!r} (write @@ for a literal @)")
            return
        name, rest = match.group(1), match.group(2).strip()
        if name in HEADER:
            self.header_directive(number, name, rest)
        elif name not in BODY:
            known = ", ".join("@" + d for d in (*HEADER, *BODY))
            self.error(number, f"unknown directive @{name}; known: {known}")
        elif name in ("page", "quiz"):
            self.start_page(number, name, rest)
        elif name == "end":
            self.error(number, "@end without a @question")
        elif self.page is None:
            self.error(number, f"@{name} must be inside a page (after @page or @quiz)")
        else:
            try:
                self.body_directive(number, name, rest)
            except ParamError as error:
                self.error(number, str(error))

    def header_directive(self, number: int, name: str, rest: str) -> None:
        if self.page is not None:
            self.error(number, f"@{name} belongs before the first @page")
            return
        if name in self.header:
            self.error(number, f"@{name} given twice (first on line {self.header[name][0]})")
            return
        if not rest:
            self.error(number, f"@{name} needs a value")
            return
        if name == "lesson" and not _ID.match(rest):
            self.error(number, f"lesson id must be lowercase letters, digits and '-'; not {rest!r}")
            return
        if name == "lang" and not _LANG.match(rest):
            self.error(number, f"@lang must be a language code like en or pl; not {rest!r}")
            return
        self.header[name] = (number, rest)

    def start_page(self, number: int, name: str, rest: str) -> None:
        self.close_page()
        if len(self.pages) >= MAX_PAGES:
            self.error(number, f"more than {MAX_PAGES} pages; split the lesson")
        if name == "page" and not rest:
            self.error(number, "@page needs a title")
        self.page = _PageDraft(number, rest or ("Quiz" if name == "quiz" else "?"), name == "quiz")

    def body_directive(self, number: int, name: str, rest: str) -> None:
        page = self.page
        assert page is not None
        page.flush()
        if len(page.blocks) >= MAX_BLOCKS:
            raise ParamError(f"more than {MAX_BLOCKS} directives on one page; split the page")
        words = split_words(rest)
        if name == "question":
            # The field lines up to @end belong to the question even when this line is bad.
            self.question = _QuestionDraft(number, words[0] if words else "", {}, broken=True)
            if not words:
                raise ParamError("@question needs a kind, e.g. @question next-choice")
            self.question.params = Params.parse(words[1:], f"@question {words[0]}").raw
            self.question.broken = False
            return
        page.blocks.append(self.op(number, name, rest, words))

    def op(
        self, number: int, name: str, rest: str, words: list[str]
    ) -> BoardOp | StepOp | BackOp | RunOp | ExpectOp | OverlayOp:
        if name == "board":
            params = Params.parse(words, "@board")
            self.algorithm = params.word("algorithm", steppable_methods(), "iterative")
            is_maze = self.algorithm == "maze"
            params.check_keys(("n", "mode", "algorithm", "maze"), () if is_maze else ("n",))
            maze = params.raw.get("maze")
            if maze is not None and not is_maze:
                raise ParamError("@board maze= goes with algorithm=maze")
            return BoardOp(
                number,
                1 if is_maze else params.integer("n", 1, MAX_BOARD),
                params.word("mode", ("first", "all"), "first") == "all",
                self.algorithm,
                maze,
            )
        if name == "step":
            return self.step(number, words)
        if name == "back":
            if len(words) > 1:
                raise ParamError("@back takes one number: how many ticks to undo")
            count = parse_int(words[0], "@back count", 1, MAX_STEP) if words else 1
            return BackOp(number, count)
        if name == "run":
            if len(words) != 1:
                raise ParamError("@run needs one of: iteration, backtrack, solution, end")
            to = parse_word(words[0], "@run", [r.value for r in RunTo])
            return RunOp(number, RunTo(to))
        if name == "overlay":
            if len(words) != 1:
                raise ParamError("@overlay needs one of: off, sum, diff")
            return OverlayOp(
                number, Overlay(parse_word(words[0], "@overlay", [o.value for o in Overlay]))
            )
        return self.expect(number, rest)

    def step(self, number: int, words: list[str]) -> StepOp:
        count, unit = 1, StepUnit.TICK
        rest = list(words)
        if rest and rest[0].lstrip("-").isdigit():
            count = parse_int(rest.pop(0), "@step count", 1, MAX_STEP)
        if rest:
            word = rest.pop(0)
            allowed = ("tick", "ticks", "iteration", "iterations")
            unit = StepUnit(parse_word(word, "@step unit", allowed).rstrip("s"))
        if rest:
            raise ParamError("@step takes a count and a unit, e.g. @step 3 iterations")
        return StepOp(number, count, unit)

    def expect(self, number: int, rest: str) -> ExpectOp:
        match = _EXPECT.match(rest) if self.algorithm == "iterative" else None
        if not match:
            other = None if self.algorithm == "iterative" else _EXPECT_ANY.match(rest)
            if other is None or len(other.group(2)) > 200:
                raise ParamError(
                    f"@expect needs NAME = VALUE with NAME one of {', '.join(EXPECT_NAMES)} "
                    "or a name of the board's method (docs/lesson-format.md)"
                )
            return ExpectOp(number, other.group(1), other.group(2).strip(), other.group(2))
        name, text = match.group(1), match.group(2).strip()
        value: int | tuple[int, ...] | str
        if name == "b":
            value = parse_list(text, "@expect b")
        elif name == "event":
            value = parse_word(text, "@expect event", EVENTS)
        elif name == "finished":
            value = parse_word(text.lower(), "@expect finished", ("yes", "no"))
        else:
            value = parse_int(text, f"@expect {name}", -1)
        return ExpectOp(number, name, value, text)


def parse(text: str, path: Path | str) -> ParseResult:
    """Parse a lesson's text; ``path`` names the file in error messages."""
    return _Parser(text, Path(path)).parse()


def parse_file(path: Path) -> ParseResult:
    """Parse a lesson file; a file that cannot be read (see
    :func:`lessons.lesson_file.read_lesson_text`) is one error."""
    text = read_lesson_text(path)
    if isinstance(text, LessonError):
        return ParseResult(None, (text,))
    return parse(text, path)
