"""The solver's errors, the commands' tables, status lines and summaries in every language."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest

from lessons import i18n
from solver.checker import check_rows
from solver.counting.estimate import duration
from solver.runs import TooBig, run_method


def _too_big() -> TooBig:
    with pytest.raises(TooBig) as refusal:
        run_method("bruteforce", 12)
    return refusal.value


def test_a_solver_error_speaks_the_language_in_use_with_its_separators() -> None:
    error = _too_big()
    assert str(error).startswith("bruteforce would examine 5,898,157,182,414,473 of the ")
    i18n.set_language("it")
    assert str(error).startswith("bruteforce esaminerebbe 5.898.157.182.414.473 delle ")
    i18n.set_language("pl")
    assert "limit to 20\u00a0000\u00a0000 (około 30 s)" in str(error)
    copy = pickle.loads(pickle.dumps(error))  # it crosses to a worker process and back
    assert str(copy) == str(error) and copy.examined == error.examined


def test_bad_rows_and_durations_are_told_in_italian() -> None:
    assert duration(3.5 * 3600) == "3.5 hours"
    i18n.set_language("it")
    assert "3,5" in duration(3.5 * 3600)  # a decimal comma
    with pytest.raises(ValueError, match="la regina della colonna 1 è nella riga 9"):
        check_rows([0, 9, 1])


def test_compare_and_lessons_check_speak_the_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from tui.cli.main import main

    assert main(["--lang", "pl", "compare", "4"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0] == "n=4: pierwsze rozwiązanie każdej metody (ziarno metody random: 0)"
    assert table[1].split()[:3] == ["metoda", "zbadane", "jednostka"]
    bad = tmp_path / "bad.md"
    bad.write_text("@lesson x\n", encoding="utf-8")
    assert main(["--lang", "pl", "lessons", "check", str(bad), str(bad)]) == 1
    assert capsys.readouterr().err.endswith("błędy (2 pliki lekcji sprawdzone)\n")
    lesson = tmp_path / "x.md"  # a lesson that cannot be played
    lesson.write_text("@lesson x\n@title X\n@page P\n@board n=4\n@expect k = 2\n", "utf-8")
    assert main(["--lang", "pl", "lessons", "check", str(lesson)]) == 1
    assert capsys.readouterr().out == f"{lesson}:5: oczekiwano k = 2, ale k = 0 w kroku 0\n"


def test_the_reference_at_the_end_of_help_is_translated(capsys: pytest.CaptureFixture[str]) -> None:
    from tui.cli.main import main

    assert main(["--lang", "it", "check", "--help"]) == 0
    shown = capsys.readouterr().out
    assert "chiavi json:" in shown and "Al massimo 10,000 righe" not in shown
    assert main(["--lang", "pl", "compare", "--help"]) == 0
    wrapped = re.sub(r" *\n *", " ", capsys.readouterr().out)  # --help wraps to the terminal
    assert "które zbadałoby więcej niż 20\u00a0000\u00a0000 rozmieszczeń" in wrapped
    assert main(["--lang", "it", "solve", "--help"]) == 0
    shown = re.sub(r" *\n *", " ", capsys.readouterr().out)
    assert "metodi (valori di N):" in shown and "N da 1 a 29 (predefinito)" in shown
