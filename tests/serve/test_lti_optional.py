"""pylti1p3 is an optional extra (``pip install 'queens-tutor[lti]'``): the tutor and its
server never import it unless ``--lti`` is given, and without it ``--lti`` is a one-line usage
error that says what to install."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_the_tutor_never_imports_pylti1p3_and_lti_without_it_says_what_to_install(
    tmp_path: Path,
) -> None:
    config = tmp_path / "lti.json"
    config.write_text("{}", encoding="utf-8")
    code = (
        "import sys, tui.cli.main, tui.cli.serve_cmd, tui.serve.server\n"
        "print(sorted(m for m in sys.modules if m.startswith(('pylti1p3', 'jwt', 'jwcrypto'))))\n"
        "sys.modules['pylti1p3'] = None  # not installed\n"
        f"sys.exit(tui.cli.main.main(['serve', '--lti', {str(config)!r}]))"
    )
    env = {**os.environ, "LC_MESSAGES": "C", "LANGUAGE": "", "LC_ALL": ""}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.stdout.strip() == "[]", done.stderr
    assert done.returncode == 2, done.stderr
    assert "--lti needs pylti1p3" in done.stderr
    assert "pip install 'queens-tutor[lti]'" in done.stderr
    assert "Traceback" not in done.stderr
