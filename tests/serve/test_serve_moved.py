"""A student who bounces from one server to another (two servers sharing one --server-data,
her server down a moment): the session she left detached on the first ends as soon as she is
connected to the second (``reason=moved``), instead of keeping her seat there for --keep
minutes; one left detached with nowhere else to be is kept as before."""

from __future__ import annotations

from pathlib import Path

import aiohttp
import pytest

from tests.serve.server import PROXY_SECRET, secret_file, serving
from tests.serve.tabs import open_tab
from tui.serve.proxy import SECRET_HEADER

pytestmark = pytest.mark.integration  # two real servers and their session processes


def as_proxy(user: str) -> dict[str, str]:
    return {"X-Remote-User": user, SECRET_HEADER: PROXY_SECRET}


async def test_a_detached_session_ends_when_its_user_goes_on_elsewhere(tmp_path: Path) -> None:
    options = (
        "--user-header", "X-Remote-User", "--proxy-secret-file", str(secret_file(tmp_path)),
        "--server-data", str(tmp_path / "served"), "--keep", "10",
    )  # fmt: skip
    with serving(*options) as first, serving(*options) as second:
        async with aiohttp.ClientSession() as client:
            ada = await open_tab(client, first, as_proxy("ada"))
            bob = await open_tab(client, first, as_proxy("bob"))
            await ada.wait_for("tick 0")
            await bob.wait_for("tick 0")
            await ada.socket.close()
            await bob.socket.close()
            first.wait_log("session detach address=127.0.0.1 pid=", timeout=15)
            elsewhere = await open_tab(client, second, as_proxy("ada"))
            await elsewhere.wait_for("tick 0")
            line = first.wait_log("reason=moved", timeout=30)
            assert "user=ada" in line and "session end" in line
            await elsewhere.read_for(1.0)
            assert "user=bob reason" not in first.log()  # bob is nowhere else: kept
            assert len(first.sessions()) == 1
            await elsewhere.socket.close()
        assert "Traceback" not in first.log() + second.log()
