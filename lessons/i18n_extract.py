"""A Babel extraction method for the tutor's Python files (babel.cfg names it): Babel's own
Python extractor, plus each English template registered with the solver's message catalog
(``register({...})``) as a message whose context is its id."""

from __future__ import annotations

import ast
import io
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

Result = tuple[int, str, tuple[str, ...] | str, list[str]]


def _templates(tree: ast.AST) -> Iterator[Result]:
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "register"
            and node.args
            and isinstance(node.args[0], ast.Dict)
        ):
            continue
        for key, value in zip(node.args[0].keys, node.args[0].values, strict=True):
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                continue
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                yield value.lineno, "pgettext", (key.value, value.value), []
            elif (
                isinstance(value, ast.Tuple)
                and len(value.elts) == 2
                and all(
                    isinstance(e, ast.Constant) and isinstance(e.value, str) for e in value.elts
                )
            ):
                one, other = (e.value for e in value.elts)  # type: ignore[attr-defined]
                yield value.lineno, "npgettext", (key.value, one, other), []


def extract(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any] | Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[Result]:
    """Babel's Python extraction, then the registered message templates."""
    from babel.messages.extract import extract_python

    source = fileobj.read()
    yield from extract_python(io.BytesIO(source), keywords, comment_tags, options)  # type: ignore[arg-type, misc]
    yield from _templates(ast.parse(source))
