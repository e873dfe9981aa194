"""A paste is data: a "progress file" pasted into the Load dialog that carries ESC, the paste's
own end marker, ctrl+q, ctrl+\\ (SIGQUIT), ctrl+s (XOFF), ctrl+c, ctrl+z and shell commands
neither quits the tutor nor reaches the shell it was started from. The tutor runs in an
interactive shell in tmux; tmux pastes with ``paste-buffer -p`` (bracketed, and as tmux 3.3
does, with the end marker inside the text passed on as it is)."""

from __future__ import annotations

import shlex
import time
from pathlib import Path

import pytest

from tests.e2e.tmux import Tmux, tutor_command

# the installed command in tmux: the everyday run keeps a handful of smoke tests in a real terminal
pytestmark = pytest.mark.integration


def _paste(session: Tmux, text: bytes, folder: Path) -> None:
    source = folder / "paste.bin"
    source.write_bytes(text)
    session.tmux("load-buffer", str(source))
    session.tmux("paste-buffer", "-p", "-t", session.target)


def test_a_hostile_paste_in_the_load_dialog_is_text_and_runs_nothing(tmp_path: Path) -> None:
    ran = tmp_path / "a-pasted-command-ran"
    touch = f"touch {shlex.quote(str(ran))}".encode()
    pasted = (
        b'{"format": "queens-tutor-progress-export", "student": "'
        + touch
        + b"\r"
        + touch
        + b"\n\x1c\x13\x03\x1a"  # ctrl+\\ (SIGQUIT), ctrl+s (XOFF), ctrl+c, ctrl+z
        + b"\x1b\x1b[201~\x11\r"  # ESC, the paste's end marker, ctrl+q, enter
        + b'"}'
    )
    with Tmux("sh", width=100, height=30) as session:
        env = {
            "HOME": str(tmp_path),
            "XDG_DATA_HOME": str(tmp_path / "data"),
            "XDG_STATE_HOME": str(tmp_path / "state"),
            "XDG_CONFIG_HOME": str(tmp_path / "config"),
        }
        assignments = " ".join(f"{key}={shlex.quote(value)}" for key, value in env.items())
        session.enter(f"{assignments} {tutor_command()} -n 4; echo tutor-ended-$?", "tick 0")
        session.keys("C-p", then="Search for commands")
        session.keys("-l", "Load progress", then="Load progress from a file")
        session.keys("Enter", then="Load your progress")
        _paste(session, pasted, tmp_path)
        # The controls are text, shown as the symbols for them: ctrl+\\, ctrl+s, ctrl+c, ctrl+z,
        # ESC twice, the end marker, ctrl+q.
        screen = session.wait_for("\u241c\u2413\u2403\u241a\u241b\u241b[201~\u2411")
        assert "Load your progress" in screen  # still in the dialog
        session.keys("Tab")  # to the Load button (focus moves before the next key is read)
        time.sleep(0.5)
        screen = session.keys("Enter", then="Not loaded:")
        session.keys("Escape")
        session.wait_for(lambda text: "Load your progress" not in text and "tick 0" in text)
        session.keys("Space", then="tick 1")  # keys still work: ctrl+s did not stop the terminal
        session.keys("q", then="tutor-ended-0")
        # typed and echoed
        session.enter("echo shell-still-reads", lambda text: text.count("shell-still-reads") >= 2)
        assert not ran.exists()
