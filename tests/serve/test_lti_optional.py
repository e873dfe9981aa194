"""pylti1p3 is an optional extra (``pip install 'queens-tutor[lti]'``): the tutor and its
server never import it unless ``--lti`` is given, and without it ``--lti`` is a one-line usage
error that says what to install."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ENV = {**os.environ, "LC_MESSAGES": "C", "LANGUAGE": "", "LC_ALL": ""}


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=ENV, timeout=120
    )


def test_the_tutor_and_its_server_do_not_import_pylti1p3() -> None:
    found = run(
        "import sys, tui.cli.main, tui.cli.serve_cmd, tui.serve.server\n"
        "print(sorted(m for m in sys.modules if m.startswith(('pylti1p3', 'jwt', 'jwcrypto'))))"
    )
    assert found.returncode == 0, found.stderr
    assert found.stdout.strip() == "[]"


def test_lti_without_pylti1p3_says_what_to_install(tmp_path: Path) -> None:
    config = tmp_path / "lti.json"
    config.write_text("{}", encoding="utf-8")
    done = run(
        "import sys\n"
        "sys.modules['pylti1p3'] = None  # not installed\n"
        "from tui.cli.main import main\n"
        f"sys.exit(main(['serve', '--lti', {str(config)!r}]))"
    )
    assert done.returncode == 2, done.stderr
    assert "--lti needs pylti1p3" in done.stderr
    assert "pip install 'queens-tutor[lti]'" in done.stderr
    assert "Traceback" not in done.stderr
