"""Every ``bench_*.py`` points the home into a temporary folder of its own before it starts a
tutor (benchmarks/home.py): a benchmark leaves the home alone."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _main_block(tree: ast.Module) -> ast.If | None:
    for node in tree.body:
        if (
            isinstance(node, ast.If)
            and isinstance(node.test, ast.Compare)
            and isinstance(node.test.left, ast.Name)
            and node.test.left.id == "__name__"
        ):
            return node
    return None


@pytest.mark.parametrize("path", sorted(BENCHMARKS.glob("bench_*.py")), ids=lambda p: p.stem)
def test_a_benchmark_leaves_the_home_before_anything_else(path: Path) -> None:
    block = _main_block(ast.parse(path.read_text(encoding="utf-8")))
    assert block is not None, f"{path.name}: no __main__ block"
    first = block.body[0]
    assert (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Call)
        and isinstance(first.value.func, ast.Name)
        and first.value.func.id == "leave_home_alone"
    ), f"{path.name}: its __main__ block does not start with leave_home_alone()"


def test_the_benchmarks_home_is_temporary_and_kept_once_made(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from benchmarks import home

    monkeypatch.delenv(home.MARK, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    for variable in home.FOLDERS:
        monkeypatch.delenv(variable, raising=False)
    made = home.leave_home_alone()
    try:
        assert made != tmp_path and made.is_dir()
        assert os.environ["HOME"] == str(made)
        assert os.environ["XDG_DATA_HOME"] == str(made / ".local/share")
        assert home.leave_home_alone() == made  # a second call keeps it
    finally:
        import shutil

        shutil.rmtree(made, ignore_errors=True)
