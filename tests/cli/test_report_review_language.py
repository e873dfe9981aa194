"""The teacher's report is in its own language (``--lang``), and a review's
question asked in another language says so, with its prompt in the words the student read;
the progress file keeps the language of each outcome (a file without it still loads, and a
merge keeps the copy that has it)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from lessons.progress.export import export_data, lesson_info
from lessons.progress.reviews import ReviewHistory, ReviewOutcome, merged
from lessons.progress.store import ProgressStore
from tests.cli.clirun import run_main
from tests.unit.lessons.review_progress import at, lessons, miss

ITALIAN = ReviewOutcome(
    at(1), "same-diagonal", "diagonals", "0.0", "other=6,3 square=3,0", True, 1, lang="it"
)
ENGLISH = ReviewOutcome(
    at(2), "same-diagonal", "diagonals", "0.0", "other=2,5 square=4,3", False, 2, lang="en"
)
OLD = ReviewOutcome(at(3), "attacker", "diagonals", "3.0", "board=iterative size=5 tick=7", True, 1)


def _export(folder: Path) -> Path:
    store = ProgressStore(folder / "ada" / "progress.json")
    miss(store, "diagonals", ["0.0", "3.0"], when=at(0))
    path = folder / "ada.json"
    review = ReviewHistory((ITALIAN, ENGLISH, OLD), 5)
    path.write_text(
        json.dumps(export_data(store.records, lesson_info(lessons()), "Ada", review=review))
    )
    return path


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_the_report_says_in_which_language_a_question_was_asked(tmp_path: Path) -> None:
    path = _export(tmp_path)
    english = run_main("report", "--lang", "en", "--students", str(path))
    assert english.status == 0, english.err
    text = _flat(english.out.split("Reviews (apart from the lesson scores)")[1])
    # the Italian question: said so, its prompt in Italian
    italian = text.split("right at the first attempt")[1].split("missed:")[0]
    assert "asked in Italian:" in italian
    assert "colonna 3, riga 0" in italian.casefold() and "Column 3, row 0" not in italian
    # the English one and the old one (no language kept): in the report's language, unmarked
    assert "Column 2, row 5 and column 4, row 3" in text or "Column 4, row 3" in text
    assert text.count("asked in") == 1
    # the same report in Italian: the English question is the one marked
    report_it = run_main("report", "--lang", "it", "--students", str(path))
    assert report_it.status == 0, report_it.err
    assert _flat(report_it.out).count("chiesta in inglese") == 1
    # csv and json: the language of each outcome ("" when the file did not keep it)
    table = list(
        csv.DictReader(
            io.StringIO(run_main("report", "--students", "--format", "csv", str(path)).out)
        )
    )
    assert [row["lang"] for row in table if row["review"] == "1"] == ["it", "en", ""]
    data = json.loads(run_main("report", "--students", "--format", "json", str(path)).out)
    assert [row["lang"] for row in data["reviews"]] == ["it", "en", ""]


def test_the_language_is_kept_and_merged() -> None:
    raw = ReviewHistory((ITALIAN, OLD), 5).to_json()
    assert [each.get("lang") for each in raw["outcomes"]] == ["it", ""]
    del raw["outcomes"][0]["lang"]  # a file an older tutor wrote
    older = ReviewHistory.from_json(raw)
    assert older.outcomes[0].lang == ""
    # the same outcome from two devices, one without the language: the merge keeps it
    for ours, theirs in ((older, ReviewHistory((ITALIAN,))), (ReviewHistory((ITALIAN,)), older)):
        assert merged(ours, theirs).outcomes[0].lang == "it"
