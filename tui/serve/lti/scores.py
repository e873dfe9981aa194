"""Scores sent back to the course site (LTI AGS): the gradebook's score of a link, sent once its
lesson (or assignment) is done and again each time it rises; written to ``scores.json`` first,
and one the site refused sent again later and later (:data:`RETRY` up to :data:`MOST_RETRY`)."""

from __future__ import annotations

import asyncio
import json
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import requests
from pylti1p3.assignments_grades import AssignmentsGradesService
from pylti1p3.exception import LtiException
from pylti1p3.grade import Grade as SiteGrade
from pylti1p3.lineitem import LineItem
from pylti1p3.service_connector import ServiceConnector

from lessons.i18n import _, ngettext
from lessons.progress.safe_file import Unreadable, read_regular, write_atomically
from tui.serve.console import LOG, event, printable
from tui.serve.lti.courses import points_of, site_of

if TYPE_CHECKING:
    from lessons.catalog import Catalog
    from lessons.course.files import CourseFiles
    from lessons.course.grading import Grade
    from lessons.course.model import Course
    from tui.serve.lti.courses import Courses, CourseStore
    from tui.serve.lti.tool import Tool

SCORES = "scores.json"
TICK = 2.0
"""Seconds between two looks at the watched students' progress and the scores due."""
RETRY = 5.0
MOST_RETRY = 600.0
SCORE_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
POST_DEADLINE = 10.0
"""Seconds one score may take to reach the course site, its token included."""
FAR = datetime(9999, 1, 1, tzinfo=UTC)
"""The due date of a lesson no assignment holds: never late."""


def progress_file(store: CourseStore, sub: str) -> Path:
    from urllib.parse import quote

    from lessons.report.served import PROGRESS, USERS

    return store.root.joinpath(USERS, quote(sub, safe=""), *PROGRESS)


def grades_of(
    store: CourseStore, sub: str, catalog: Catalog, files: CourseFiles | None, now: datetime
) -> dict[str, Grade]:
    """Each link's grade of student ``sub`` (by link id), as the gradebook counts it."""

    from lessons.course.model import Assignment, Course
    from lessons.report.class_report import max_scores
    from lessons.report.gradebook import gradebook
    from lessons.report.served import served_exports

    exports = [pair for pair in served_exports(store.root, catalog.lessons)[0]]
    mine = [(source, export) for source, export in exports if export.login == sub]
    if not mine:
        return {}
    course = files.course if files is not None else Course()
    links = store.links()
    alone = [
        Assignment(f"lesson:{link['id']}", str(link["id"]), (str(link["id"]),), FAR)
        for link in links.values()
        if link.get("kind") == "lesson" and course.assignment_of(str(link["id"])) is None
    ]
    book = replace(course, assignments=course.assignments + tuple(alone), site=site_of(store.root))
    rows = gradebook(book, mine, max_scores(catalog.lessons, mine), now)
    row = next((found for found in rows if found.login == sub), rows[0])
    by_id = {given.assignment.id: given for given in row.grades}
    found: dict[str, Grade] = {}
    for link_id, link in links.items():
        key = str(link.get("id"))
        given = by_id.get(key) if link.get("kind") == "assignment" else row.lessons.get(key)
        if given is not None:
            found[link_id] = given
    return found


class Outbox:
    """A course's ``scores.json``: ``{"sent": {"LINK\\tSUB": points}, "pending": [...]}``."""

    def __init__(self, store: CourseStore) -> None:
        self.store = store
        self.path = store.root / SCORES

    def read(self) -> dict[str, Any]:
        try:
            data = json.loads(read_regular(self.path, 50_000_000).decode("utf-8"))
        except FileNotFoundError:
            return {"sent": {}, "pending": []}
        except (Unreadable, ValueError, RecursionError) as error:  # kept: nothing is forgotten
            raise Unreadable(f"{self.path}: {error}") from None
        data = data if isinstance(data, dict) else {}
        sent, waiting = data.get("sent"), data.get("pending")
        if not (
            isinstance(sent, dict)
            and all(isinstance(v, int | float) and points_of(v) is not None for v in sent.values())
            and isinstance(waiting, list)
            and all(_entry(entry) for entry in waiting)
        ):
            raise Unreadable(_("{path}: not the scores this tutor writes").format(path=self.path))
        return {"sent": sent, "pending": waiting}

    def write(self, data: dict[str, Any]) -> None:
        write_atomically(self.path, (json.dumps(data, indent=1) + "\n").encode("utf-8"))


@dataclass
class Scores:
    """Watches the launched students' progress, and sends their scores."""

    tool: Tool
    courses: Courses
    catalog: Callable[[], Catalog | None]
    files: Callable[[], CourseFiles | None]
    retry: float = RETRY
    clock: Callable[[], float] = time.time
    watched: dict[tuple[str, str], float] = field(default_factory=dict)
    """(course key, student) -> when her progress file last changed (0: not read yet)."""
    graded: dict[str, set[str]] = field(default_factory=dict)
    """Course key -> the ids of its links scores go to, as last seen."""
    calendar: Course | None = None
    """The course's calendar as last seen: a new one (an extension given) may raise scores."""
    task: asyncio.Task[None] | None = None

    def watch(self, store: CourseStore, sub: str) -> None:
        self.watched.setdefault((store.key, sub), 0.0)

    async def run(self) -> None:
        while True:
            try:
                await asyncio.to_thread(self.step)
            except OSError as error:  # a store that cannot be read or written now: next time
                LOG.warning("lti: %s", printable(str(error)))
            await asyncio.sleep(TICK)

    def step(self) -> None:
        """Queue the scores of the students whose progress changed (every student of a course
        once a graded link of it becomes known, or the calendar changes: her work done before),
        then send what is due."""
        from lessons.report.served import served_users

        files = self.files()
        moved = (calendar := files.course if files else None) != self.calendar
        self.calendar = calendar
        for course in list(self.courses.open.values()):
            graded = {key for key, link in course.links().items() if _can_score(link)}
            if graded - self.graded.setdefault(course.key, graded) or moved:
                for user in served_users(course.root)[0]:
                    self.watched[(course.key, user.login or user.name)] = 0.0
            self.graded[course.key] = graded
        for (key, sub), seen in list(self.watched.items()):
            store = self.courses.open.get(key)
            if store is None:
                continue
            try:
                changed = progress_file(store, sub).stat().st_mtime
            except OSError:
                continue
            if changed != seen:
                self.watched[(key, sub)] = changed
                self.queue(store, sub)
        for store in self.courses.every():
            self.send(store)

    def queue(self, store: CourseStore, sub: str) -> None:
        """Write down each score of ``sub`` to send: work newly done, or better than sent."""
        from lessons.report.gradebook import grade_words

        catalog = self.catalog()
        if catalog is None:
            return
        now = datetime.now().astimezone()
        grades = grades_of(store, sub, catalog, self.files(), now)
        links = store.links()
        box = Outbox(store)
        with store.lock:
            data = _read(box)
            if data is None:
                return
            changed = False
            for link_id, given in grades.items():
                link = links[link_id]
                points = float(link.get("points") or 0)
                if given.done_at is None or points <= 0 or not _can_score(link):
                    continue
                share = given.score / given.max_score if given.max_score else 1.0
                score = round(share * points, 2)
                key = f"{link_id}\t{sub}"
                if key in data["sent"] and score <= data["sent"][key] + 1e-9:
                    continue
                data["sent"][key] = score
                data["pending"] = [p for p in data["pending"] if p["key"] != key]
                data["pending"].append(
                    {
                        "key": key,
                        "link": link_id,
                        "user": sub,
                        "score": score,
                        "maximum": points,
                        "comment": grade_words(given),
                        "timestamp": now.isoformat(timespec="seconds"),
                        "tries": 0,
                        "next": 0.0,
                        "error": "",
                    }
                )
                changed = True
            if changed:
                box.write(data)

    def send(self, store: CourseStore) -> None:
        """Send the course's scores that are due; keep those the site did not take. Once the
        site cannot be reached, the round's other scores wait for the next try with its words."""
        box = Outbox(store)
        with store.lock:
            waiting = _read(box)
        now = self.clock()
        due = [entry for entry in (waiting or {"pending": []})["pending"] if entry["next"] <= now]
        if not due:
            return
        about = store.about()
        results: dict[tuple[str, str], str | None] = {}
        unreachable = ""
        for entry in due:
            try:
                if unreachable:
                    raise requests.ConnectionError(unreachable)
                within(POST_DEADLINE, partial(self.post, about, entry))
                results[entry["key"], entry["timestamp"]] = None
            except (requests.RequestException, LtiException, ValueError, KeyError) as error:
                words = results[entry["key"], entry["timestamp"]] = unreachable or in_words(error)
                unreachable = words if isinstance(error, requests.RequestException) else ""
        with store.lock:
            data = _read(box)
            if data is None:
                return
            kept = []
            for entry in data["pending"]:
                said = results.get((entry["key"], entry["timestamp"]), "")
                fields = {"course": store.key, "user": entry["user"], "link": entry["link"]}
                if said is None:
                    event("lti score sent", **fields, score=entry["score"])
                    continue
                if said:
                    entry["tries"] = int(entry.get("tries", 0)) + 1
                    entry["error"] = said
                    wait = min(self.retry * 2 ** (entry["tries"] - 1), MOST_RETRY)
                    entry["next"] = now + wait
                    event("lti score kept", **fields, retry=f"{wait:g}s", error=said)
                kept.append(entry)
            data["pending"] = kept
            box.write(data)

    def post(self, about: dict[str, Any], entry: dict[str, Any]) -> None:
        """Send one score to the course site (pylti1p3: its token, then the score)."""
        registration = self.tool.conf.find_registration_by_params(
            about.get("issuer"), about.get("client_id")
        )
        if registration is None:
            raise LtiException(_("the course site is no longer registered in --lti's file"))
        link = about["links"][entry["link"]]
        service = AssignmentsGradesService(
            ServiceConnector(registration, self.tool.web),
            cast(Any, {k: link[k] for k in ("scope", "lineitem", "lineitems") if link.get(k)}),
        )
        grade = (
            SiteGrade()
            .set_score_given(entry["score"])
            .set_score_maximum(entry["maximum"])
            .set_timestamp(entry["timestamp"])
            .set_activity_progress("Completed")
            .set_grading_progress("FullyGraded")
            .set_user_id(entry["user"])
            .set_comment(entry["comment"])
        )
        item = None
        if not link.get("lineitem"):  # no line item of its own: one per linked lesson
            item = (
                LineItem()
                .set_resource_id(f"{link['kind']}:{link['id']}")
                .set_label(str(link.get("title") or link["id"]))
                .set_score_maximum(entry["maximum"])
            )
            item = service.find_or_create_lineitem(item, find_by="resource_id")
        service.put_grade(grade, item)


def within(seconds: float, call: Callable[[], object]) -> None:
    """``call()`` in a thread of its own (a daemon: it never holds the server's end), its error
    raised here; :class:`requests.Timeout` once it takes over ``seconds`` (left to end alone)."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            call()
        except BaseException as error:  # raised in the caller's thread
            failed.append(error)

    worker = threading.Thread(target=run, name="lti-score", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        raise requests.Timeout(f"no answer within {seconds:g} s")
    if failed:
        raise failed[0]


def _read(box: Outbox) -> dict[str, Any] | None:
    """``scores.json``'s content; None (logged) when unusable: kept, the teacher page names it."""
    try:
        return box.read()
    except Unreadable as error:
        LOG.warning("lti: %s", printable(str(error)))
        return None


def in_words(error: Exception) -> str:
    """Why the course site did not take a score, in a sentence of the tutor's."""
    if (answer := getattr(error, "response", None)) is not None:  # an HTTP error status
        status = int(answer.status_code)
        said = _("the course site answered {status}")
        if status in (401, 403):
            said = _("the course site answered {status}: it refused the tool's token")
        elif status == 404:
            said = _("the course site answered {status}: the gradebook column is gone")
        elif status >= 500:
            said = _("the course site answered {status} (it is busy or down)")
        return said.format(status=status)
    if isinstance(error, requests.Timeout):
        return _("the course site did not answer in time")
    if isinstance(error, requests.RequestException):
        return _("the course site cannot be reached")
    if isinstance(error, LtiException):
        return printable(str(error))[:300]
    return _("the course site's answer cannot be read")


ENTRY: dict[str, type | tuple[type, ...]] = {
    "key": str,
    "link": str,
    "user": str,
    "score": (int, float),
    "maximum": (int, float),
    "comment": str,
    "timestamp": str,
    "tries": int,
    "next": (int, float),
    "error": str,
}
"""A score waiting in ``scores.json``: each field and its type."""


def _entry(entry: Any) -> bool:
    return (
        isinstance(entry, dict)
        and all(
            isinstance(entry.get(k), kind) and not isinstance(entry.get(k), bool)
            for k, kind in ENTRY.items()
        )
        and all(points_of(entry[k]) is not None for k in ("score", "maximum"))
        and math.isfinite(entry["next"])
    )


def _can_score(link: dict[str, Any]) -> bool:
    return SCORE_SCOPE in (link.get("scope") or []) and bool(
        link.get("lineitem") or link.get("lineitems")
    )


def pending_html(store: CourseStore) -> list[str]:
    """The teacher page's list of the scores still to send, and why each is waiting."""
    from lessons.report.served import served_users
    from tui.report.html import e

    try:
        waiting = list(Outbox(store).read()["pending"])
    except Unreadable as error:  # kept as it is: whoever runs the server looks at it
        return [f"<p id='scores-pending' class='problems'>{e(str(error))}</p>"]
    if not waiting:
        return []
    names = {user.login: user.name for user in served_users(store.root)[0]}
    links = store.links()
    heading = _("Scores the course site has not taken yet (sent again until it does)")
    out = [f"<div id='scores-pending'><h2>{e(heading)}</h2><ul>"]
    for entry in waiting:
        link = links.get(str(entry.get("link")), {})
        user = str(entry.get("user"))
        tries = int(entry.get("tries", 0))
        said = ngettext(
            "{student}: {score}/{points} on {link}, tried {tries} time: {error}; next try {at}",
            "{student}: {score}/{points} on {link}, tried {tries} times: {error}; next try {at}",
            tries,
        ).format(
            at=datetime.fromtimestamp(max(entry["next"], time.time())).strftime("%H:%M:%S"),
            student=names.get(user, user),
            score=f"{float(entry.get('score', 0)):g}",
            points=f"{float(entry.get('maximum', 0)):g}",
            link=link.get("title") or link.get("id") or "?",
            tries=tries,
            error=entry.get("error") or _("not tried yet"),
        )
        out.append(f"<li>{e(said)}</li>")
    out.append("</ul></div>")
    return out
