"""The package a lab administrator installs carries its licence and says where bug reports go:
the wheel and the sdist are built offline from a copy of the source (``python -m build
--no-isolation``, with the setuptools of the test environment; the wheel from the sdist), each
holds the LICENSE file and the PEP 639 metadata that names it, and the sdist is the whole
source a clone has."""

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


@pytest.mark.xdist_group("package-built")  # one worker builds them once
def test_the_wheel_carries_the_licence_and_its_metadata(built: Path) -> None:
    (wheel,) = built.glob("queens_tutor-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (licence,) = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
        assert archive.read(licence) == (ROOT / "LICENSE").read_bytes()
        (meta,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        metadata = _metadata(archive.read(meta).decode("utf-8"))
        # what the tutor needs at run time is in it, not only the code
        for data in (
            "tui/styles/main.tcss",
            "tui/serve/page/app_index.html",
            "lessons/builtin/en/01-problem.md",
            "lessons/locale/it/LC_MESSAGES/queens_tutor.mo",
        ):
            assert data in names, data
        assert not [name for name in names if name.endswith((".po", ".pot"))]  # the sdist's
    assert metadata["License-Expression"] == "MIT"
    assert metadata.get_all("License-File") == ["LICENSE"]
    classifiers = metadata.get_all("Classifier")
    assert "Programming Language :: Python :: 3.11" in classifiers
    assert "n-queens" in metadata["Keywords"]


@pytest.mark.xdist_group("package-built")  # one worker builds them once
def test_the_sdist_carries_the_licence(built: Path) -> None:
    (sdist,) = built.glob("queens_tutor-*.tar.gz")
    with tarfile.open(sdist) as archive:
        top = archive.getnames()[0].split("/")[0]
        licence = archive.extractfile(f"{top}/LICENSE")
        assert licence is not None and licence.read() == (ROOT / "LICENSE").read_bytes()
        info = archive.extractfile(f"{top}/PKG-INFO")
        assert info is not None
        metadata = _metadata(info.read().decode("utf-8"))
    assert metadata["License-Expression"] == "MIT"
    assert metadata.get_all("License-File") == ["LICENSE"]


def test_the_readme_and_the_contributors_page_say_where_bug_reports_go() -> None:
    for page in ("README.md", "docs/contributing.md"):
        text = (ROOT / page).read_text(encoding="utf-8")
        section = text.partition("## Reporting a bug")[2].partition("\n## ")[0]
        assert "issue tracker" in section and "queens-tutor --version" in section, page


@pytest.mark.xdist_group("package-built")  # one worker builds them once
def test_the_sdist_is_the_whole_source(built: Path) -> None:
    """Every file of the source tree, as git has it: the catalogs' sources and babel.cfg,
    docs/, the tests with their conftest, the benchmarks; nothing a build or a run leaves."""
    (sdist,) = built.glob("queens_tutor-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    files = tracked()
    if files is None:
        pytest.skip("not a git checkout: the files a clone has are not known here")
    missing = sorted(set(files) - names)
    assert missing == [], missing[:20]
    for needed in (
        "babel.cfg",
        "lessons/locale/queens_tutor.pot",
        "lessons/locale/it/LC_MESSAGES/queens_tutor.po",
        "docs/students.md",
        "docs/images/main-screen.svg",
        "tests/conftest.py",
        "tests/__init__.py",
    ):
        assert needed in names, needed
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]
