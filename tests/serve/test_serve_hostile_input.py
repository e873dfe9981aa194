"""A served tab's keys through the websocket meet the same filter as a terminal's: the bytes
that stopped the tutor's input parser (``ESC[99999999999999999999~``, ``ESC[1114112u``), a
forged in-band resize report, an unterminated paste while keys keep coming, an Escape alone;
and a 100 kB address is one line on the console."""

from __future__ import annotations

import asyncio
import socket
import time

import aiohttp
import pytest

from tests.serve.server import plain, serving
from tests.serve.tabs import open_tab
from tui.input_filter import PASTE_LIMIT

pytestmark = pytest.mark.integration  # starts a real server and its session processes


async def test_no_bytes_make_a_served_tab_deaf_nor_the_server_trace() -> None:
    with serving("--keep", "0") as served:
        async with aiohttp.ClientSession() as client:
            tab = await open_tab(client, served, size=(100, 30))
            await tab.wait_for("tick 0")
            await tab.press("\x1b[99999999999999999999~")
            await tab.press(" ")
            await tab.wait_for("tick 1")
            await tab.press("\x1b[1114112u")
            await tab.press(" ")
            await tab.wait_for("tick 2")
            await tab.press("\x1b[?2048;2$y\x1b[48;5;20;100;100t")  # never asked for
            await tab.press(" ")
            await tab.wait_for("tick 3")
            assert "too small" not in plain(tab.output)
            # An unterminated paste, then a key every half second: the paste ends at its time
            # limit and the keys after it step the board.
            await tab.press("\x1b[200~abc")
            started = time.monotonic()
            while "tick 4" not in plain(tab.output):
                assert time.monotonic() - started < PASTE_LIMIT + 10, plain(tab.output)[-400:]
                await tab.press(" ")
                await tab.read_for(0.5)
            await tab.socket.close()
            # An escape typed alone is Escape.
            tab = await open_tab(client, served, size=(100, 30))
            await tab.wait_for("tick 0")
            await tab.press("?")
            await tab.wait_for("escape closes")
            await tab.press("\x1b")  # handed on as Escape once nothing follows it
            await asyncio.sleep(0.5)
            await tab.press(" ")
            await tab.wait_for("tick 1")
            await tab.socket.close()
        served.wait_sessions(0)
        # A 100 kB address: one line on the console, not a traceback.
        with socket.create_connection(("127.0.0.1", served.port)) as raw:
            raw.sendall(b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
            assert raw.recv(200).startswith(b"HTTP/1.0 400")
        line = served.wait_log("reason=bad-request")
        assert "address=127.0.0.1" in line and len(line) < 400
        assert "Traceback" not in served.log()
