"""A course-site student's own tutor reads her due dates as the site's gradebook does: an
extension naming her id there applies only with its site's issuer, one naming the name the site
shows her applies wherever she is."""

from __future__ import annotations

import itertools
from datetime import datetime, timedelta
from pathlib import Path

import pytest

pytest.importorskip("pylti1p3")

from lessons.catalog import load_catalog
from lessons.course.files import CourseFiles
from lessons.progress.records import LessonRecord
from lessons.progress.store import ProgressStore
from solver.stepping import Mode
from tests.cli.course_kit import course_folder, course_toml
from tests.serve.lti_platform import LESSON
from tui.glyphs import choose_glyphs
from tui.lesson_context import LessonContext
from tui.serve.lti.courses import CLAIM, Courses, target_of
from tui.serve.lti.scores import grades_of, progress_file
from tui.serve.session import login_name, on_site
from tui.serve.tutor_app import SessionTutorApp

DUE = datetime.now().astimezone().replace(microsecond=0) + timedelta(days=2)
SITES = ("https://a.test", "https://b.test")
WHOM = ('student = "5"', 'student = "ada LOVELACE"', 'student = "6"')
"""Her id on both sites, the name both sites show her, someone else's id."""


def test_a_course_site_tab_reads_each_extension_as_the_gradebook(tmp_path: Path) -> None:
    toml = course_toml(f"{DUE}", "dated", late=False)
    course = course_folder(tmp_path / "course", toml, "dated", first=10, lesson=LESSON)
    catalog = load_catalog("en", [course], only_course=True)
    lesson = catalog.find("dated")
    assert lesson is not None
    (tmp_path / "served").mkdir(mode=0o700)
    homes = []
    for site in SITES:
        said = {
            "iss": site,
            "sub": "5",
            CLAIM + "context": {"id": "course-42"},
            CLAIM + "resource_link": {"id": "A1"},
            CLAIM + "custom": {"assignment": "week1", "points": "20"},
            "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint": {"lineitem": site + "/1"},
        }
        store = Courses(tmp_path / "served").of(said)
        assert store is not None
        store.note(said, target_of(said))
        home = store.users.home("5", "Ada Lovelace")
        assert on_site(home) == (site, "Ada Lovelace")
        saved = ProgressStore(progress_file(store, "5"))
        assert saved.save("dated", LessonRecord(best_score=0, max_score=1)), saved.warnings
        homes.append((store, home))
    later = (DUE + timedelta(days=3)).isoformat()
    lines = [f"{w}\n{s}" for w in WHOM for s in ("", *(f'site = "{i}"' for i in SITES))]
    for given in itertools.combinations(lines, 2):
        text = "".join(
            f'[[extension]]\n{g}\nassignment = "week1"\ndue = "{later}"\n' for g in given
        )
        (course / "extensions.toml").write_text(text, encoding="utf-8")
        files = CourseFiles([course], catalog.find, catalog.find_failed)
        assert files.errors == []
        for store, home in homes:
            saved = ProgressStore(progress_file(store, "5"))
            context = LessonContext(catalog, saved, course=files)
            app = SessionTutorApp(8, Mode.FIRST, choose_glyphs(False, "utf-8", {}), lessons=context)
            app.login = login_name(home)
            app.site, app.shown = on_site(home)
            tab = app.lessons.dates_of(lesson).due
            book = grades_of(store, "5", catalog, files, DUE)["A1"].due
            assert tab == book, (given, store.about()["issuer"])
    assert tab == DUE  # the last pair names two others: no extension is hers
