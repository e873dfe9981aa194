"""The tmux helper of the end-to-end tests leaves nothing behind: a closed session's server
socket file is removed (a run left one file in /tmp/tmux-UID per tmux test)."""

from __future__ import annotations

import sys

import pytest

from tests.e2e.tmux import Tmux


@pytest.mark.integration
def test_a_closed_session_leaves_no_socket_file() -> None:
    with Tmux(f"{sys.executable} -c 'print(1)'") as session:
        session.wait_for("[exit status 0]")
        assert session.socket_path.exists()
    assert not session.socket_path.exists()
