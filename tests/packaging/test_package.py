"""The package a lab administrator installs carries its licence and says where bug reports go:
the wheel and sdist, built offline from a copy of the source (``python -m build
--no-isolation``), hold the LICENSE and its PEP 639 metadata; the sdist is the whole source."""

from __future__ import annotations

import email.parser
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

from tests.packaging.tree import source_copy, tracked

ROOT = Path(__file__).resolve().parents[2]
COPYRIGHT = "Copyright (c) 2026 the queens-tutor authors"
"""Where bug reports go."""


def test_the_licence_is_the_mit_text_with_the_copyright_line() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    assert COPYRIGHT in text.splitlines()
    assert "Permission is hereby granted, free of charge, to any person obtaining a copy" in text
    assert 'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND' in text


def test_the_project_metadata_names_the_licence_as_spdx() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT"  # an SPDX expression, not the old table
    assert project["license-files"] == ["LICENSE"]
    assert project["keywords"] and project["classifiers"]
    assert not any(c.startswith("License ::") for c in project["classifiers"])  # PEP 639


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel and sdist of a copy of the source (the checkout itself is left untouched)."""
    source = source_copy(tmp_path_factory.mktemp("source") / "queens-tutor")
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(source)],
        capture_output=True,
        text=True,
        timeout=300,
        env={"PATH": "/usr/bin:/bin", "PIP_NO_INDEX": "1", "HOME": str(source)},
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return out


def _metadata(text: str) -> email.message.Message:
    return email.parser.Parser().parsestr(text)


def test_the_wheel_and_the_sdist_carry_the_licence_and_the_sdist_is_the_whole_source(
    built: Path,
) -> None:
    """One build checked whole: the wheel holds the licence, its metadata and the run-time
    data; the sdist the licence and every file git has, nothing a build or a run leaves."""
    (wheel,) = built.glob("queens_tutor-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (licence,) = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
        assert archive.read(licence) == (ROOT / "LICENSE").read_bytes()
        (meta,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        wheel_metadata = _metadata(archive.read(meta).decode("utf-8"))
        # what the tutor needs at run time is in it, not only the code
        for data in ("tui/styles/main.tcss", "tui/serve/page/app_index.html",
                     "lessons/builtin/en/01-problem.md",
                     "lessons/locale/it/LC_MESSAGES/queens_tutor.mo"):  # fmt: skip
            assert data in names, data
        assert not [name for name in names if name.endswith((".po", ".pot"))]  # the sdist's
    classifiers = wheel_metadata.get_all("Classifier")
    assert "Programming Language :: Python :: 3.11" in classifiers
    assert "n-queens" in wheel_metadata["Keywords"]
    (sdist,) = built.glob("queens_tutor-*.tar.gz")
    with tarfile.open(sdist) as archive:
        top = archive.getnames()[0].split("/")[0]
        licence_file = archive.extractfile(f"{top}/LICENSE")
        assert licence_file is not None
        assert licence_file.read() == (ROOT / "LICENSE").read_bytes()
        info = archive.extractfile(f"{top}/PKG-INFO")
        assert info is not None
        sdist_metadata = _metadata(info.read().decode("utf-8"))
        names = [name.split("/", 1)[1] for name in archive.getnames() if "/" in name]
    for metadata in (wheel_metadata, sdist_metadata):
        assert metadata["License-Expression"] == "MIT"
        assert metadata.get_all("License-File") == ["LICENSE"]
    for needed in ("babel.cfg", "lessons/locale/queens_tutor.pot", "docs/students.md",
                   "lessons/locale/it/LC_MESSAGES/queens_tutor.po", "docs/images/main-screen.svg",
                   "tests/conftest.py", "tests/__init__.py"):  # fmt: skip
        assert needed in names, needed
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]
    files = tracked()
    if files is None:
        pytest.skip("not a git checkout: the files a clone has are not known here")
    missing = sorted(set(files) - set(names))
    assert missing == [], missing[:20]


def test_the_readme_and_the_contributors_page_say_where_bug_reports_go() -> None:
    for page in ("README.md", "docs/contributing.md"):
        text = (ROOT / page).read_text(encoding="utf-8")
        section = text.partition("## Reporting a bug")[2].partition("\n## ")[0]
        assert "issue tracker" in section and "queens-tutor --version" in section, page
