"""What ``serve --lti`` sends a course site's gradebook (tui/serve/lti/scores.py), without a
server: the gradebook's grade, when it is done or rises, and a score the site did not take
kept in ``scores.json`` until it does, across a restart."""

from __future__ import annotations

import html
import json
import math
import re
import socket
import threading
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pylti1p3")
pytest.importorskip("lti1p3platform")

import requests
from pylti1p3.exception import LtiServiceException

from lessons.catalog import load_catalog
from lessons.course.files import CourseFiles
from lessons.i18n import speaking
from lessons.progress.records import Completion, LessonRecord, QuestionRecord
from lessons.progress.safe_file import Unreadable
from lessons.progress.store import ProgressStore
from tests.cli.course_kit import course_folder, course_toml
from tests.serve.lti_platform import LESSON
from tests.tiers import examples
from tui.serve.lti.courses import CLAIM, MOST_POINTS, Courses, CourseStore, target_of
from tui.serve.lti.scores import Outbox, Scores, grades_of, pending_html, progress_file
from tui.serve.lti.tool import TimedSession

SCORE = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
DUE = datetime.now().astimezone().replace(microsecond=0) - timedelta(days=2)


def claims(link: str, points: str, kind: str = "lesson", key: str = "dated") -> dict[str, Any]:
    return {
        "iss": "https://site.test",
        "aud": "client",
        "sub": "ada-sub",
        CLAIM + "context": {"id": "course-1", "title": "Algorithms"},
        CLAIM + "resource_link": {"id": link, "title": f"Four queens ({link})"},
        CLAIM + "custom": {kind: key, "points": points},
        "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint": {
            "scope": [SCORE],
            "lineitem": f"https://site.test/lineitems/{link}",
        },
    }


class Sent:
    """The course site: what it took, and whether it is up."""

    def __init__(self) -> None:
        self.taken: list[dict[str, Any]] = []
        self.up = True
        self.calls = 0
        self.refuse = 0
        """An HTTP error status the site answers (0: none)."""

    def __call__(self, about: dict[str, Any], entry: dict[str, Any]) -> None:
        self.calls += 1
        if not self.up:
            raise requests.ConnectionError("HTTPConnectionPool(host='site.test'): Max retries")
        if self.refuse:
            raise refusal(self.refuse)
        self.taken.append(entry)


def setting(tmp_path: Path) -> tuple[CourseStore, Scores, Sent, Path]:
    toml = course_toml(DUE.isoformat(), "dated")
    course = course_folder(tmp_path / "course", toml, "dated", first=10, lesson=LESSON)
    catalog = load_catalog("en", [course], only_course=True)
    files = CourseFiles([course], catalog.find, catalog.find_failed)
    (tmp_path / "served").mkdir(mode=0o700)
    courses = Courses(tmp_path / "served")
    store = courses.of(claims("L1", "10"))
    assert store is not None
    for link, points, kind, key in (
        ("L1", "10", "lesson", "dated"),
        ("L2", "4", "lesson", "dated"),
        ("A1", "20", "assignment", "week1"),
    ):
        said = claims(link, points, kind, key)
        store.note(said, target_of(said))
    store.users.home("ada-sub", "Ada Lovelace")
    sent = Sent()
    scores = Scores(object(), courses, lambda: catalog, lambda: files)  # type: ignore[arg-type]
    scores.post = sent  # type: ignore[method-assign]
    scores.watch(store, "ada-sub")
    return store, scores, sent, course


def taken(sent: Sent, *fields: str) -> list[tuple[Any, ...]]:
    """What the site took since last asked: each score's link, score and ``fields``."""
    found = sorted((e["link"], e["score"], *(e[f] for f in fields)) for e in sent.taken)
    sent.taken.clear()
    return found


def save(store: CourseStore, record: LessonRecord) -> None:
    saved = ProgressStore(progress_file(store, "ada-sub"))
    assert saved.save("dated", record), saved.warnings


def done(*runs: tuple[datetime, int]) -> LessonRecord:
    """The lesson done in ``runs`` (when, points), the last run's answer kept."""
    last, points = runs[-1]
    at = last.timestamp()
    record = LessonRecord(completed=True, best_score=points, max_score=1, runs=len(runs))
    record.updated = at
    record.answers = {"0.0": QuestionRecord(bool(points), 1, scored=True, points=points, at=at)}
    record.completions = [Completion(when.timestamp(), score) for when, score in runs]
    return record


def test_a_score_is_sent_when_done_and_again_when_it_rises_by_the_course_s_rules(
    tmp_path: Path,
) -> None:
    store, scores, sent, _course = setting(tmp_path)
    scores.step()
    assert sent.taken == []  # nothing done: nothing sent
    on_time = DUE - timedelta(days=1)
    save(store, done((on_time, 0)))
    scores.step()
    assert taken(sent, "maximum", "comment") == [
        ("A1", 0.0, 20.0, "0/1 on time"), ("L1", 0.0, 10.0, "0/1 on time"),
        ("L2", 0.0, 4.0, "0/1 on time"),
    ]  # fmt: skip
    late = DUE + timedelta(days=1)
    save(store, done((on_time, 0), (late, 1)))  # right, a day late: half its points
    scores.step()
    assert taken(sent, "comment") == [
        ("A1", 10.0, "0.5/1 late"), ("L1", 5.0, "0.5/1 late"), ("L2", 2.0, "0.5/1 late")
    ]  # fmt: skip
    scores.step()
    assert sent.taken == []  # no change: nothing sent again
    save(store, done((on_time, 0), (late, 1), (late + timedelta(hours=1), 1)))
    scores.step()
    assert sent.taken == []  # a change, but no better: nothing sent


def test_a_graded_link_known_after_the_work_is_done_gets_its_score(tmp_path: Path) -> None:
    """The student does not launch again: her work done before still reaches the new link."""
    store, scores, sent, _course = setting(tmp_path)
    save(store, done((DUE - timedelta(days=1), 1)))
    scores.step()
    assert [link for link, _score in taken(sent)] == ["A1", "L1", "L2"]
    # The server starts again; nobody launches; then a graded link becomes known.
    again = Scores(object(), Courses(store.root.parent.parent), scores.catalog, scores.files)  # type: ignore[arg-type]
    again.post = sent  # type: ignore[method-assign]
    again.courses.of(claims("L1", "10"))
    again.step()
    assert sent.taken == []
    store.note(claims("L7", "5"), target_of(claims("L7", "5")))
    again.step()
    assert [(e["link"], e["user"], e["score"]) for e in sent.taken] == [("L7", "ada-sub", 5.0)]


def test_an_extension_counts_as_the_gradebook_counts_it(tmp_path: Path) -> None:
    """Given after her late score was sent, it raises the score as soon as the file says so."""
    store, scores, sent, course = setting(tmp_path)
    save(store, done((DUE + timedelta(days=1), 1)))  # late, but within her extension
    scores.step()
    assert taken(sent, "comment")[0] == ("A1", 10.0, "0.5/1 late")
    later = DUE + timedelta(days=3)
    (course / "extensions.toml").write_text(
        '[[extension]]\nstudent = "Ada Lovelace"\nassignment = "week1"\n'
        f'due = "{later.isoformat()}"\n',
        encoding="utf-8",
    )
    scores.step()
    extended = "1/1 on time, extended"
    assert taken(sent, "comment") == [("A1", 20.0, extended), ("L1", 10.0, extended),
                                      ("L2", 4.0, extended)]  # fmt: skip


def test_an_extension_by_id_reaches_the_user_of_its_own_site_only(tmp_path: Path) -> None:
    """Two course sites each have a user 5: an id names one only with its site's issuer."""
    course = setting(tmp_path)[3]
    catalog = load_catalog("en", [course], only_course=True)
    stores = []
    for site in ("https://a.test", "https://b.test"):
        said = {**claims("A1", "20", "assignment", "week1"), "iss": site, "sub": "5"}
        store = Courses(tmp_path / "served").of(said)
        assert store is not None
        store.note(said, target_of(said))
        store.users.home("5", "Ada Lovelace")
        assert ProgressStore(progress_file(store, "5")).save("dated", done((DUE, 1)))
        stores.append(store)
    later = (DUE + timedelta(days=3)).isoformat()

    def extended(*whom: str) -> list[bool]:
        given = [f'[[extension]]\n{w}\nassignment = "week1"\ndue = "{later}"\n' for w in whom]
        (course / "extensions.toml").write_text("".join(given), encoding="utf-8")
        files = CourseFiles([course], catalog.find, catalog.find_failed)
        assert files.errors == []
        now = datetime.now().astimezone()
        return [grades_of(s, "5", catalog, files, now)["A1"].extended for s in stores]

    assert extended('student = "5"\nsite = "https://b.test"') == [False, True]
    assert extended('student = "5"') == [False, False]  # an id without its site: no site's
    assert extended('student = "ada LOVELACE"') == [True, True]  # her name, as each site gives
    both = ('student = "5"\nsite = "https://a.test"', 'student = "5"\nsite = "https://b.test"')
    assert extended(*both) == [True, True]


@pytest.mark.integration  # a real server on 127.0.0.1, and a deadline waited out
def test_a_site_that_trickles_costs_a_score_the_deadline_not_the_scores_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A site answering a byte at a time: the score waits, said in words, past the deadline."""
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    def trickle() -> None:  # for 20 s at most
        with listener, listener.accept()[0] as conn:
            for byte in b"HTTP/1.1 200 OK\r\n" * 20:
                conn.sendall(bytes([byte]))
                time.sleep(0.06)

    threading.Thread(target=trickle, daemon=True).start()
    store, scores, _sent, _course = setting(tmp_path)
    scores.post = lambda about, entry: TimedSession().post(f"http://127.0.0.1:{port}/token")  # type: ignore[method-assign]
    monkeypatch.setattr("tui.serve.lti.scores.POST_DEADLINE", 1.0)
    save(store, done((DUE - timedelta(days=1), 1)))
    began = time.monotonic()
    scores.step()
    assert time.monotonic() - began < 8
    waiting = Outbox(store).read()["pending"]
    assert {(e["tries"], e["error"]) for e in waiting} == {
        (1, "the course site did not answer in time")
    }


def test_a_score_the_site_did_not_take_is_kept_and_sent_once_it_is_up(tmp_path: Path) -> None:
    store, scores, sent, _course = setting(tmp_path)
    now = [1000.0]
    scores.clock = lambda: now[0]
    sent.up = False
    save(store, done((DUE - timedelta(days=1), 1)))
    scores.step()
    waiting = Outbox(store).read()["pending"]
    assert sorted((e["link"], e["tries"]) for e in waiting) == [("A1", 1), ("L1", 1), ("L2", 1)]
    assert sent.calls == 1  # the site cannot be reached: the round's other scores wait
    page = "".join(pending_html(store))
    said = "Ada Lovelace: 10/10 on Four queens (L1), tried 1 time: the course site cannot be"
    assert re.search(re.escape(said) + r" reached; next try \d\d:\d\d:\d\d<", page), page
    assert "HTTPConnectionPool" not in page
    sent.up = True
    scores.step()
    assert sent.taken == []  # not again before its time
    # The server starts again: what was kept is sent.
    again = Scores(object(), Courses(store.root.parent.parent), scores.catalog, scores.files)  # type: ignore[arg-type]
    again.post = sent  # type: ignore[method-assign]
    again.clock = lambda: now[0] + 6
    again.step()
    assert taken(sent) == [("A1", 20.0), ("L1", 10.0), ("L2", 4.0)]
    assert Outbox(store).read()["pending"] == []
    assert pending_html(store) == []


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
FILE = st.one_of(st.binary(max_size=60), JSON.map(lambda value: json.dumps(value).encode()))


def test_whatever_the_course_s_files_hold_the_scores_go_on_and_nothing_is_overwritten(
    tmp_path: Path,
) -> None:
    store, sender, _sent, _course = setting(tmp_path)
    save(store, done((DUE - timedelta(days=1), 1)))

    @settings(deadline=None, max_examples=examples(40))
    @given(scores=FILE, about=FILE)
    def check(scores: bytes, about: bytes) -> None:
        for aside in store.root.glob("course.json.corrupt-*"):
            aside.unlink()
        (store.root / "scores.json").write_bytes(scores)
        try:
            kept = Outbox(store).read()
        except Unreadable:
            kept = None
        sender.step()  # never raises: an unusable scores.json is left as it is, and named
        if kept is None:
            assert (store.root / "scores.json").read_bytes() == scores
            assert "scores-pending" in "".join(pending_html(store))
        (store.root / "course.json").write_bytes(about)
        readable = bool(store.about())
        store.note(claims("L9", "3"), target_of(claims("L9", "3")))
        assert "L9" in store.links()
        if not readable and about.strip() not in (b"{}",):
            (aside,) = store.root.glob("course.json.corrupt-*")
            assert aside.read_bytes() == about

    check()


POINTS = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["inf", "-inf", "1e400", "nan", "Infinity", "-1", "10", "1e5", "1e6"]),
)


def test_points_from_any_door_are_finite_and_bounded(tmp_path: Path) -> None:
    """Points in a link's custom values or course.json, and a score in scores.json, are 0 to
    MOST_POINTS, else not graded or not read."""
    store, sender, sent, _course = setting(tmp_path)
    save(store, done((DUE - timedelta(days=1), 1)))

    @settings(deadline=None, max_examples=examples(40))
    @given(points=POINTS)
    def check(points: Any) -> None:
        said = claims("L9", points)
        target = target_of(said)
        assert target is not None and 0 <= target.points <= MOST_POINTS
        about = json.loads((store.root / "course.json").read_text())
        about["links"]["L9"] = dict(about["links"]["L1"], points=points)
        (store.root / "course.json").write_text(json.dumps(about))
        kept = store.links().get("L9")
        assert kept is None or 0 <= kept["points"] <= MOST_POINTS
        (store.root / "scores.json").write_text(
            json.dumps({"sent": {"L1\tx": points}, "pending": []})
        )
        try:
            Outbox(store).read()
        except Unreadable:
            assert not (isinstance(points, float) and 0 <= points <= MOST_POINTS)

    check()
    (store.root / "scores.json").unlink()
    sender.step()
    assert sent.taken and all(math.isfinite(entry["maximum"]) for entry in sent.taken)


def refusal(status: int) -> LtiServiceException:
    """What pylti1p3 raises when the site answers ``status`` (its URL and body in its text)."""
    answer = requests.Response()
    answer.status_code, answer.url = status, "http://127.0.0.1:9/lineitems/item-g/scores"
    answer._content = b"busy"
    return LtiServiceException(answer)


WHY = {
    401: ("answered 401: it refused the tool's token", "ha risposto 401: ha rifiutato il token"),
    403: ("answered 403: it refused the tool's token", "ha risposto 403: ha rifiutato il token"),
    404: ("answered 404: the gradebook column is gone", "404: la colonna del registro dei voti"),
    503: ("answered 503 (it is busy or down)", "ha risposto 503 (è occupata o spenta)"),
    500: ("answered 500 (it is busy or down)", "ha risposto 500 (è occupata o spenta)"),
    409: ("the course site answered 409", "la piattaforma del corso ha risposto 409"),
}


@pytest.mark.parametrize("status", sorted(WHY))
@pytest.mark.parametrize("lang", ["en", "it"])
def test_an_http_error_status_is_a_whole_sentence_of_its_own_in_the_page_s_language(
    tmp_path: Path, status: int, lang: str
) -> None:
    store, scores, sent, _course = setting(tmp_path)
    sent.refuse = status
    with speaking(lang):
        save(store, done((DUE - timedelta(days=1), 1)))
        scores.step()
        page = html.unescape("".join(pending_html(store)))
    assert WHY[status][lang == "it"] in page, page
    assert "127.0.0.1" not in page and "busy<" not in page and "HTTP" not in page
