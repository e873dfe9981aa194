"""``report`` and the review's outcomes: apart from the lesson scores (``--students``: each
question, in text, csv and json; the plain report: a line a student, of what is due), the
class table and statistics the same as without; a hand-edited review record skipped and named;
a question asked in another language says so; the progress file keeps each one's language."""

from __future__ import annotations

import csv
import io
import json
import time
from dataclasses import replace
from pathlib import Path

import pytest

from lessons.progress.export import checksum, export_data, lesson_info
from lessons.progress.reviews import ReviewHistory, ReviewOutcome, merged
from lessons.progress.store import ProgressStore
from tests.cli.clirun import Result, run_main, run_ok
from tests.tiers import sweep
from tests.unit.lessons.review_progress import at, lessons, miss

OUTCOMES = (
    ReviewOutcome(at(1), "same-diagonal", "diagonals", "0.0", "other=6,3 square=3,0", True, 1),
    ReviewOutcome(at(1), "attacker", "diagonals", "3.0", "board=iterative size=5 tick=7", False, 2),
    ReviewOutcome(
        at(4), "same-diagonal", "diagonals", "0.0", "other=2,5 square=4,3", False, 0, revealed=True
    ),
)


def export(
    folder: Path,
    student: str,
    review: ReviewHistory | None,
    hour: int = 0,
    missed: tuple[str, ...] = ("0.0", "3.0"),
    when: float | None = None,
    login: str = "",
) -> Path:
    store = ProgressStore(folder / student / "progress.json")
    miss(store, "diagonals", list(missed), when=at(0, hours=hour) if when is None else when)
    path = folder / f"{student}.json"
    data = export_data(store.records, lesson_info(lessons()), student, review=review, login=login)
    path.write_text(json.dumps(data))
    return path


def report(*args: str) -> Result:
    return run_main("report", "--lang", "en", *args)


def reviewed(path: Path) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """The ``--students`` csv's rows of ``path``: its reviews', and its lessons'."""
    rows = list(csv.DictReader(io.StringIO(report("--students", "--format", "csv", str(path)).out)))
    return [row for row in rows if row["review"] == "1"], [r for r in rows if r["review"] != "1"]


def test_reviews_are_shown_apart_and_change_no_score(tmp_path: Path) -> None:
    ada = export(tmp_path, "Ada", ReviewHistory(OUTCOMES, 5), login="ada")
    bob = export(tmp_path, "Bob", None, hour=1)
    text = report("--students", str(ada), str(bob))
    assert text.status == 0, text.err
    part = text.out.split("Reviews (apart from the lesson scores)\n")[1].splitlines()
    assert part[0] == "  Ada"
    # each question: how it went, its boxes; the kind; the lesson, the prompt, the instance
    assert part[1].endswith("missed: a wrong first answer  box 1 -> 1")
    assert part[2] == "      which queen attacks"
    assert part[3].startswith("      From lesson 4, Diagonals: col+row, row-col")
    assert "The square (column 2, row 2) is attacked." in " ".join(part[3:6])
    # "On the", never "On a 8 x 8 board": no size takes "a" or "an"
    assert part[6] == "        On the 5 x 5 board (iterative), at tick 7."
    assert part[7].endswith("right at the first attempt    box 1 -> 2")
    assert part[8] == "      same diagonal"
    assert "Column 3, row 0 and column 6, row 3: on the same diagonal?" in " ".join(part[9:12])
    assert "missed: answer shown" in part[12] and "box 2 -> 1" in part[12]  # the prompt says all
    now = " ".join(line.strip() for line in part[17:20])
    assert now.startswith("Now: which queen attacks box 1, due 2026-03-04, overdue; same")
    assert now.endswith("1 of 3 review questions right at the first attempt.")
    assert all(len(line) <= 80 for line in part)
    # never reviewed: the kinds his lessons' misses made due, each since when
    said = " ".join(line.strip() for line in part[part.index("  Bob") + 1 :])
    # with the lesson each kind was missed in: no review row names it
    assert said.startswith(
        "Now: which queen attacks box 1, due 2026-03-03, overdue, from lesson 4, Diagonals:"
    )
    assert "; same diagonal box 1, due 2026-03-03, overdue, from lesson 4, Diagonals:" in said
    assert said.endswith("never reviewed.")
    title = "Diagonals: col+row, row-col and the arrays c[], a[], b[]"
    due = [(r["kind"], r["lesson"], r["title"], r["box"], r["due"], r["overdue"])
           for r in reviewed(tmp_path / "Bob.json")[0]]  # fmt: skip
    assert due == [("attacker", "diagonals", title, "1", "2026-03-03", "1"),
                   ("same-diagonal", "diagonals", title, "1", "2026-03-03", "1")]  # fmt: skip
    reviews, others = reviewed(ada)
    assert [(r["kind"], r["right_first"], r["box"], r["page_title"]) for r in reviews] == [
        ("attacker", "0", "1", "Review: which queen attacks"),
        ("same-diagonal", "1", "2", "Review: same diagonal"),
        ("same-diagonal", "0", "1", "Review: same diagonal"),
    ]
    # No lesson page or question number: a spreadsheet does not read them as lesson rows.
    assert all(r["page"] == r["question"] == "" for r in reviews)
    assert reviews[1]["prompt"].startswith("Column 3, row 0 and column 6, row 3: on the same")
    assert all(row["review"] == "" for row in others)  # the lessons' rows
    data = json.loads(report("--students", "--format", "json", str(ada)).out)
    assert [r["box"] for r in data["reviews"]] == [1, 2, 1]
    assert {k["kind"]: k["box"] for k in data["review_kinds"]} == {
        "attacker": 1,
        "same-diagonal": 1,
    }
    # each row's login, as the csv's rows
    assert {row["login"] for row in reviews} == {"ada"}
    assert [r["login"] for r in data["reviews"]] == ["ada"] * 3
    assert [k["login"] for k in data["review_kinds"]] == ["ada"] * 2
    # The class table and the statistics: the same with Ada's reviews as without.
    plain = tmp_path / "Ada without reviews.json"
    without_review = json.loads(ada.read_text())
    del without_review["review"]
    without_review["checksum"] = checksum(without_review)
    plain.write_text(json.dumps(without_review))
    for view in ((), ("--format", "csv"), ("--format", "json")):
        with_reviews, without = report(*view, str(ada)).out, report(*view, str(plain)).out
        if not view:  # the text's one line a student who reviewed, apart
            counts = "\nReviews (apart from the lesson scores; --students shows each question)\n"
            # overdue since when, as for a student who never reviewed
            counts += "  Ada  3 review questions, 1 right at the first attempt; 2 kinds overdue"
            counts += " since 2026-03-04\n"
            assert counts in with_reviews
            with_reviews = with_reviews.replace(counts, "")
            never = counts.replace(  # without them, what is due
                "3 review questions, 1 right at the first attempt; 2 kinds overdue since "
                "2026-03-04",
                "never reviewed; 2 kinds due, overdue since 2026-03-03",
            )
            assert never in without
            without = without.replace(never, "")
        assert with_reviews.replace(str(ada), "F") == without.replace(str(plain), "F"), view


@pytest.mark.parametrize(
    "review",
    [{"outcomes": [{"at": 1, "kind": 5}]}, {"outcomes": [{"at": 1e400}]}, {"outcomes": "all"}],
)
def test_a_hand_edited_review_is_skipped_and_named(tmp_path: Path, review: object) -> None:
    good = export(tmp_path, "Ada", ReviewHistory(OUTCOMES))
    bad = tmp_path / "Mallory.json"
    data = json.loads(good.read_text())
    data["review"] = review
    bad.write_text(json.dumps(data).replace("Infinity", "1e400"))
    result = report("--students", str(good), str(bad))
    assert result.status == 1 and "Traceback" not in result.err
    assert f"{bad}:" in result.err and "skipped" in result.err
    assert "  Ada" in result.out and "Mallory" not in result.out


@pytest.mark.parametrize("lang", sweep(["it", "pl"], everyday=["pl"]))  # its words: the longest
def test_review_columns_stay_aligned_in_every_language(tmp_path: Path, lang: str) -> None:
    """The box column starts at one column whatever the words; no line passes 80 columns."""
    ada = export(tmp_path, "Ada", ReviewHistory(OUTCOMES, 5))
    text = run_ok("report", "--lang", lang, "--students", str(ada))
    part = text.out.split("\n\n")[-1].splitlines()
    box = {"it": "livello", "pl": "przegródka"}[lang]
    starts = {line.index(f"  {box} ") for line in part if f"  {box} " in line}
    assert len([line for line in part if f"  {box} " in line]) == 3 and len(starts) == 1, part
    assert all(len(line) <= 80 for line in part), part


def test_csv_right_is_right_in_the_end_and_each_kind_is_due_on_its_latest_row(
    tmp_path: Path,
) -> None:
    """Right at the second attempt: right 1, right_first 0, as a lesson row says; answer
    shown: right 0; right first in a file written before ``solved`` was kept: right 1. As
    json's review_kinds: ``due`` and ``overdue`` on each kind's latest row only."""
    diagonal, attacker, shown = OUTCOMES
    outcomes = (replace(attacker, solved=True), diagonal, replace(shown, attempts=1))
    ada = export(tmp_path, "Ada", ReviewHistory(outcomes, 5))
    reviews, others = reviewed(ada)
    kinds = json.loads(report("--students", "--format", "json", str(ada)).out)["review_kinds"]
    now = {k["kind"]: (k["due"], "1" if k["overdue"] else "0") for k in kinds}
    keys = ("kind", "right", "right_first", "attempts", "due", "overdue")
    assert [tuple(r[key] for key in keys) for r in reviews] == [
        ("attacker", "1", "0", "2", *now["attacker"]),
        ("same-diagonal", "1", "1", "1", "", ""),
        ("same-diagonal", "0", "0", "1", *now["same-diagonal"]),
    ]
    assert now["attacker"] == ("2026-03-04", "1")  # a day in March, the report run later
    assert {row["right"] for row in others if row["attempts"] == "2"} == {"1"}
    assert all(row["due"] == "" for row in others)


HEADING = "Reviews (apart from the lesson scores; --students shows each question)"


def test_nothing_due_is_not_said_and_nothing_overdue_is_said(tmp_path: Path) -> None:
    """Missed just now (due tomorrow): no review line; reviewed right a minute ago: nothing
    overdue, unless a kind missed in a lesson and never reviewed is."""
    now = time.time()
    text = report(str(export(tmp_path, "Bob", None, when=now)))
    assert text.status == 0 and HEADING not in text.out and "review" not in text.out.casefold()
    fresh = (replace(OUTCOMES[0], at=now - 60),)
    for name, missed, said in (
        ("Ada", ("0.0",), "nothing overdue"),
        ("Ada2", ("0.0", "3.0"), "1 kind overdue since 2026-03-03"),
    ):
        ada = export(tmp_path, name, ReviewHistory(fresh, 5), missed=missed)
        line = report(str(ada)).out.split(HEADING + "\n")[1].splitlines()[0]
        assert line.endswith(f"1 review question, 1 right at the first attempt; {said}")


ITALIAN = replace(OUTCOMES[0], lang="it")
ENGLISH = replace(OUTCOMES[2], at=at(2), attempts=2, revealed=False, lang="en")
OLD = replace(OUTCOMES[1], at=at(3), right=True, attempts=1)


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_the_report_says_in_which_language_a_question_was_asked(tmp_path: Path) -> None:
    path = export(tmp_path, "Ada", ReviewHistory((ITALIAN, ENGLISH, OLD), 5))
    english = report("--students", str(path))
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
    report_it = run_ok("report", "--lang", "it", "--students", str(path))
    assert _flat(report_it.out).count("chiesta in inglese") == 1
    # csv and json: the language of each outcome ("" when the file did not keep it)
    assert [row["lang"] for row in reviewed(path)[0]] == ["it", "en", ""]
    data = json.loads(report("--students", "--format", "json", str(path)).out)
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
