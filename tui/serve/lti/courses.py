"""Each course of a course site has a served store of its own, ``DIR/lti/<key>/`` (``users/``,
``live/``), with ``course.json`` (the site, the course, its links), ``roster.csv``
(``login,name``) and ``scores.json`` (tui/serve/lti/scores.py). A student is known by her
stable id on the site (``sub``)."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lessons.progress.safe_file import Unreadable, read_regular, set_aside, write_atomically
from tui.serve.console import LOG
from tui.serve.users import UserStore

FOLDER = "lti"
ABOUT = "course.json"
ROSTER = "roster.csv"
MAX_FILE = 10_000_000
CLAIM = "https://purl.imsglobal.org/spec/lti/claim/"
AGS = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"
MOST_POINTS = 100_000.0


def site_of(root: Path) -> str:
    """The issuer of the course site whose store ``root`` is ("": none, the lab's store)."""
    return str(CourseStore(root).about().get("issuer") or "")


def points_of(value: Any) -> float | None:
    """``value`` as a gradebook's points: a number from 0 to :data:`MOST_POINTS` (never
    infinite, never NaN), else None."""
    try:
        points = -1.0 if isinstance(value, bool) else float(str(value))
    except ValueError:
        return None
    return points if 0.0 <= points <= MOST_POINTS else None


@dataclass(frozen=True, slots=True)
class Target:
    """What a link opens: ``lesson`` or ``assignment``, its id, its points (0: not graded)."""

    kind: str
    id: str
    points: float = 0.0


def target_of(claims: dict[str, Any]) -> Target | None:
    """What a launch's link opens, from its deep link's custom values; None: the menu."""
    custom = claims.get(CLAIM + "custom") or {}
    if not isinstance(custom, dict):
        return None
    for kind in ("lesson", "assignment"):
        found = custom.get(kind)
        if isinstance(found, str) and found and not found.startswith("$"):
            return Target(kind, found, points_of(custom.get("points", 0)) or 0.0)
    return None


def display_name(claims: dict[str, Any]) -> str:
    """The name a site gives its user, else her id there."""
    whole = claims.get("name")
    if isinstance(whole, str) and whole.strip():
        return whole.strip()
    parts = [claims.get("given_name"), claims.get("family_name")]
    joined = " ".join(part.strip() for part in parts if isinstance(part, str) and part.strip())
    return joined or str(claims.get("sub", ""))


class CourseStore:
    """One course's store (made private, as the server's, when first used)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.users = UserStore(root)
        self.lock = threading.Lock()

    @property
    def key(self) -> str:
        return self.root.name

    def about(self, aside: bool = False) -> dict[str, Any]:
        """``course.json``'s content; {} when none or unusable (``aside``: set aside first)."""
        path = self.root / ABOUT
        try:
            data = json.loads(read_regular(path, MAX_FILE).decode("utf-8"))
        except FileNotFoundError:
            return {}
        except (Unreadable, ValueError, RecursionError):
            data = None
        if isinstance(data, dict):
            return data
        if aside:
            LOG.warning("lti: %s set aside as %s", path, set_aside(path))
        return {}

    def title(self) -> str:
        return str(self.about().get("title") or self.key)

    def note(self, claims: dict[str, Any], target: Target | None) -> None:
        """Keep what a launch says of the course and of its link (its line item)."""
        context = claims.get(CLAIM + "context") or {}
        link = (claims.get(CLAIM + "resource_link") or {}).get("id")
        endpoint = claims.get(AGS) or {}
        aud = claims.get("aud")
        with self.lock:
            about = self.about(aside=True)
            about.update(
                issuer=claims.get("iss"),
                client_id=str(aud[0] if isinstance(aud, list) else aud),
                context=context.get("id"),
                title=context.get("title") or context.get("label") or about.get("title"),
            )
            links = about.setdefault("links", {})
            if isinstance(link, str) and target is not None:
                links[link] = {
                    "kind": target.kind,
                    "id": target.id,
                    "points": target.points,
                    "title": (claims.get(CLAIM + "resource_link") or {}).get("title"),
                    "lineitem": endpoint.get("lineitem"),
                    "lineitems": endpoint.get("lineitems"),
                    "scope": endpoint.get("scope") or [],
                }
            write_atomically(self.root / ABOUT, (json.dumps(about, indent=1) + "\n").encode())

    def links(self) -> dict[str, dict[str, Any]]:
        found = self.about().get("links")
        links = found if isinstance(found, dict) else {}
        return {key: link for key, link in links.items() if _link(link)}

    def write_roster(self, members: list[dict[str, Any]]) -> int:
        """The course's students (Learners, active) as ``roster.csv``; how many."""
        out = io.StringIO()
        table = csv.writer(out, lineterminator="\n")
        table.writerow(["login", "name"])
        count = 0
        for member in members:
            roles = " ".join(map(str, member.get("roles") or []))
            if member.get("status", "Active") != "Active" or "Learner" not in roles:
                continue
            if "Instructor" in roles:
                continue
            table.writerow([member.get("user_id", ""), display_name(member)])
            count += 1
        write_atomically(self.root / ROSTER, out.getvalue().encode("utf-8"))
        return count

    @property
    def roster(self) -> Path | None:
        path = self.root / ROSTER
        return path if path.is_file() else None


def _link(link: Any) -> bool:
    """Whether a link of ``course.json`` says what it opens and what it is worth."""
    return (
        isinstance(link, dict)
        and link.get("kind") in ("lesson", "assignment")
        and isinstance(link.get("id"), str)
        and isinstance(link.get("points"), int | float)
        and points_of(link["points"]) is not None
        and all(isinstance(link.get(k), str | None) for k in ("title", "lineitem", "lineitems"))
        and isinstance(link.get("scope"), list)
    )


class Courses:
    """The courses' stores under the server's (``DIR/lti/``)."""

    def __init__(self, server_data: Path) -> None:
        self.root = server_data / FOLDER
        self.open: dict[str, CourseStore] = {}
        self.lock = threading.Lock()

    def of(self, claims: dict[str, Any]) -> CourseStore | None:
        """The store of a launch's course (made the first time); None: no course."""
        context = (claims.get(CLAIM + "context") or {}).get("id")
        if not isinstance(context, str) or not context:
            return None
        digest = hashlib.sha256(f"{claims.get('iss')}\n{context}".encode()).hexdigest()[:24]
        with self.lock:
            store = self.open.get(digest)
            if store is None:
                self.root.mkdir(mode=0o700, exist_ok=True)
                store = CourseStore(self.root / digest)
                self.open[digest] = store
        store.users.prepare()
        return store

    def every(self) -> list[CourseStore]:
        """Every course store there is (a server started again sends what is left)."""
        if not self.root.is_dir():
            return []
        with self.lock:
            for folder in sorted(self.root.iterdir()):
                if folder.is_dir() and not folder.is_symlink() and folder.name not in self.open:
                    self.open[folder.name] = CourseStore(folder)
            return list(self.open.values())
