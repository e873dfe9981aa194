"""The lesson options shared by the tutor and the ``lessons`` / ``progress`` commands."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from lessons.i18n import _

if TYPE_CHECKING:
    from lessons.catalog import Catalog

_LANG = re.compile(r"^[A-Za-z]{2,3}([-_][A-Za-z0-9]+)?$")


def lessons_dir(text: str) -> Path:
    """An argparse type: a directory that exists."""
    path = Path(text).expanduser()
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(
            _("not a directory of lessons: {path} is a file").format(path=repr(text))
        )
    if not path.is_dir():
        raise argparse.ArgumentTypeError(
            _("no such directory of lessons: {path}").format(path=repr(text))
        )
    return path


def is_language_code(text: str) -> bool:
    """Whether ``text`` is written as a language code (``en``, ``pt-BR``), known or not."""
    return bool(_LANG.match(text))


def language(text: str) -> str:
    """An argparse type: a language code such as en or pl."""
    if not is_language_code(text):
        raise argparse.ArgumentTypeError(
            _("LANG must be a language code like en or pl, not {text}").format(text=repr(text))
        )
    return text.split("-")[0].split("_")[0].lower()


def add_lesson_options(
    parser: argparse.ArgumentParser | argparse._ArgumentGroup, sub: bool
) -> None:
    """``--lessons-dir DIR`` (repeatable), ``--only-course`` and ``--lang LANG``; on a
    subcommand (``sub``) they default to "not given", keeping those given before its name."""
    default: object = argparse.SUPPRESS if sub else None
    parser.add_argument(
        "--lessons-dir",
        dest="lessons_dirs",
        action="append",
        type=lessons_dir,
        default=default,
        metavar="DIR",
        help=_(
            "add the lessons (*.md) in DIR and in its language folders en/, it/, pl/ (no "
            "other sub-folder is read); may be repeated"
        ),
    )
    parser.add_argument(
        "--only-course",
        action="store_true",
        default=default if sub else False,
        help=_("offer only the lessons of --lessons-dir, not the built-in ones"),
    )
    parser.add_argument(
        "--lang",
        type=language,
        default=default,
        metavar="LANG",
        help=_(
            "the language of the tutor and its lessons: en, it or pl (default: the one chosen "
            "last in the tutor, else the locale's, else English)"
        ),
    )


def catalog_from(args: argparse.Namespace) -> Catalog:
    """The lessons the lesson options ask for, in their language (else the one last chosen)."""
    from lessons import i18n
    from lessons.catalog import load_catalog

    dirs = getattr(args, "lessons_dirs", None) or []
    lang = getattr(args, "lang", None)
    if lang is None and i18n.current() != i18n.DEFAULT:
        lang = i18n.current()
    return load_catalog(lang, dirs, only_course(args))


def only_course(args: argparse.Namespace) -> bool:
    """``--only-course``; a usage error without ``--lessons-dir``."""
    from tui.options.args import UsageError

    wanted = bool(getattr(args, "only_course", False))
    if wanted and not getattr(args, "lessons_dirs", None):
        raise UsageError(_("--only-course offers the lessons of --lessons-dir: give it too"))
    return wanted


def _asked_language(argv: list[str]) -> str | None:
    """The value of ``--lang`` anywhere on the command line (it sets the language of the
    --help texts too, which are written before the arguments are parsed)."""
    for index, word in enumerate(argv):
        if word == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if word.startswith("--lang="):
            return word.partition("=")[2]
    return None


def choose_language(argv: list[str]) -> str:
    """Speak ``--lang``, else the language the student last chose, else the locale's."""
    from lessons import i18n
    from lessons.locale_env import tutor_language
    from lessons.progress import settings

    asked = _asked_language(argv)
    if asked is not None and not is_language_code(asked):
        # no language code ('en;rm', ''): refused by the parser, in the language the student
        # chose (a saved language included)
        asked = None
    saved = None if asked else settings.saved_language()
    chosen = i18n.set_language(tutor_language(asked, saved, i18n.LANGUAGES))
    code = (asked or "").replace("-", "_").split("_")[0].lower()
    if code.isascii() and code.isalpha() and code not in i18n.LANGUAGES:
        # Not silently: the tutor speaks another language than the one asked for.
        sys.stderr.write(
            "queens-tutor: "
            + _(
                "warning: the tutor has no translation into {lang} (it speaks {languages}); "
                "lessons written in {lang} are shown in it"
            ).format(lang=repr(code), languages=", ".join(i18n.LANGUAGES))
            + "\n"
        )
    return chosen
