"""``queens-tutor serve`` stopped by Ctrl-C exits 130, as a shell reports it (as the README says,
not 0); SIGTERM (a service manager's stop) and SIGHUP (its terminal gone) are clean stops, 0. No
traceback, and no session process left behind."""

from __future__ import annotations

import signal
from pathlib import Path

import aiohttp
import pytest

from tests.serve.server import serving, session_processes
from tests.serve.tabs import open_tab

pytestmark = pytest.mark.integration  # a real server and a session


@pytest.mark.parametrize(
    ("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 0), (signal.SIGHUP, 0)]
)
async def test_a_stop_signal_is_the_exit_status(
    tmp_path: Path, signum: signal.Signals, status: int
) -> None:
    with serving("--server-data", str(tmp_path / "served")) as served:
        async with aiohttp.ClientSession() as client:
            tab = await open_tab(client, served)
            await tab.wait_for("tick 0")
            served.wait_sessions(1)
            assert served.stop(signum=signum) == status
            assert "Traceback" not in served.log() + served.output()
            assert session_processes(served.process.pid) == []
