"""What a tab may send ``queens-tutor serve``: a plain GET of /ws holds no seat, no frame
prints a traceback, a flood of keys is cut at the session's buffer, a session's memory is
limited, and a tab gone away pauses its run and, on a full server, gives its seat up. A served
tab's keys through the websocket meet the same filter as a terminal's: the bytes that stopped
the tutor's input parser (``ESC[99999999999999999999~``, ``ESC[1114112u``), a forged in-band
resize report, an unterminated paste while keys keep coming, an Escape alone; and a 100 kB
address is one line on the console."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
import re
import socket
import struct
import time
from pathlib import Path

import aiohttp
import pytest

from tests.serve.server import plain, serving, wait_until
from tests.serve.tabs import open_tab
from tui.input_filter import PASTE_LIMIT

pytestmark = pytest.mark.integration  # starts real servers and their session processes

TICK = os.sysconf("SC_CLK_TCK")


def status(pid: int, field: str) -> int:
    """A number of /proc/PID/status (VmRSS, in kB)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise AssertionError(f"no {field} for {pid}")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def data_limit(pid: int) -> str:
    """The ``Max data size`` line of /proc/PID/limits: soft and hard limits."""
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max data size"):
            return " ".join(line.split()[3:5])
    raise AssertionError(f"no data limit for {pid}")


def forked_sessions(server: int) -> list[int]:
    """The sessions the warm parent of ``server`` forked (they carry its command line)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            parent_line = Path(f"/proc/{parent}/cmdline").read_bytes()
            line = (entry / "cmdline").read_bytes()
        except (OSError, ValueError):
            continue
        if b"fork_zygote" in line and line == parent_line and f"{server}".encode() in line:
            found.append(int(entry.name))
    return found


async def test_a_plain_request_to_ws_holds_no_seat_and_no_tab_is_closed_for_it(
    tmp_path: Path,
) -> None:
    named = ["--user-header", "X-Remote-User", "--trust-loopback", "--server-data"]
    with serving("--keep", "10", "--max-sessions", "2", *named, str(tmp_path)) as served:
        user = {"X-Remote-User": "ada"}
        async with aiohttp.ClientSession() as client:
            for _ in range(5):  # curl, a link preview, a health check: no handshake
                async with client.get(f"{served.url}ws", headers=user) as answer:
                    assert answer.status == 400
            served.wait_log("reason=not-websocket")
            tab = await open_tab(client, served, user, ready=True)
            await tab.read_for(1.0)
            assert not tab.socket.closed  # not attached to a session without a tutor
            other = await open_tab(client, served, {"X-Remote-User": "bo"})
            await other.wait_for("tick 0")  # the GETs took none of the two seats
            await tab.press(" ", then="tick 1")
            await tab.socket.close()
            await other.socket.close()
        log = served.log()
        assert log.count("reason=not-websocket") == 5
        assert "Traceback" not in log and "AssertionError" not in log


MALFORMED = [
    "[" * 200_000, "[" * 50_000 + "]" * 50_000, '["stdin", "\\ud800"]', "null", "[]",
    '["stdin", "\\udfff\\ud800x"]', '"ab"', "3", '{"stdin": " "}', '["stdin"]',
    '["stdin", " ", " "]', '["stdin", null]', '["stdin", ["a"]]', '["resize", "wide"]',
    '["resize", {"width": true, "height": 1e999}]', '["focus", {"a": 1}]', '["nothing", 1]',
    '["resize", {"width": 10000000000000000000000000, "height": -5}]', "not json at all",
    '["ping", ' + "[" * 5000 + "]" * 5000 + "]", '["ping", "' + "9" * 100_000 + '"]',
]  # fmt: skip


def raw_frame(opcode: int, payload: bytes, *, fin: bool = True, mask: bool = True) -> bytes:
    """A websocket frame as bytes, masked as a client's must be (unless told not to)."""
    head = bytes([(0x80 if fin else 0) | opcode])
    size = len(payload)
    masked = 0x80 if mask else 0
    if size < 126:
        head += bytes([masked | size])
    else:
        head += bytes([masked | 126]) + struct.pack(">H", size)
    if not mask:
        return head + payload
    key = os.urandom(4)
    return head + key + bytes(byte ^ key[i % 4] for i, byte in enumerate(payload))


RAW = {
    "text that is not UTF-8": raw_frame(0x1, b'["stdin", "\xff\xfe"]'),
    "a reserved opcode": raw_frame(0x3, b"x"),
    "reserved bits": bytes([0xC1]) + raw_frame(0x1, b'["stdin", " "]')[1:],
    "an unmasked frame": raw_frame(0x1, b'["stdin", " "]', mask=False),
    "a ping of 200 bytes": raw_frame(0x9, b"x" * 200),
    "a fragmented ping": raw_frame(0x9, b"x", fin=False),
    "a continuation alone": raw_frame(0x0, b"abc"),
    "a close with a bad code": raw_frame(0x8, struct.pack(">H", 999) + b"why"),
    "a close that is not UTF-8": raw_frame(0x8, struct.pack(">H", 1000) + b"\xff"),
    "a length of 2**63": bytes([0x81, 0xFF]) + struct.pack(">Q", 2**63 - 1) + b"abcd",
    "random bytes": bytes(range(256)) * 8,
}


async def test_malformed_raw_and_flooding_frames_print_no_traceback_and_the_tab_goes_on() -> None:
    """A flood of resizes and focus changes is bounded too, and the last size kept."""
    with serving("--keep", "0", "--no-fork") as served:
        for name, data in RAW.items():  # any frame at all, on a socket of its own
            with socket.create_connection(("127.0.0.1", served.port), timeout=10) as raw:
                key = base64.b64encode(os.urandom(16)).decode()
                raw.sendall(
                    f"GET /ws?width=100&height=30 HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n"
                    f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                    "Sec-WebSocket-Version: 13\r\n\r\n".encode()
                )
                assert b" 101 " in raw.recv(4096).split(b"\r\n")[0], name
                with contextlib.suppress(OSError):
                    raw.sendall(data)
                    raw.recv(65536)
        async with aiohttp.ClientSession() as client:
            tab = await open_tab(client, served, ready=True)
            for frame in MALFORMED:
                await tab.socket.send_str(frame)
            await tab.socket.send_bytes(b"\xff\xfe binary")
            await tab.socket.send_json(["resize", {"width": 100, "height": 30}])  # after 400x1
            await tab.press(" ", then="tick 1")
            # A frame over the limit closes its connection (1009), nothing more.
            huge = await open_tab(client, served, ready=True)
            with contextlib.suppress(ConnectionError, aiohttp.ClientError):  # cut off meanwhile
                await huge.socket.send_str('["stdin", "' + " " * (5 * 1024 * 1024) + '"]')
            await huge.wait_closed()
            await tab.press(" ", then="tick 2")
            (pid,) = served.wait_sessions(1)
            before = status(pid, "VmRSS")
            for number in range(10_000):
                size = {"width": 80 + number % 50, "height": 24 + number % 20}
                await tab.socket.send_json(["resize", size])
                await tab.socket.send_json(["blur" if number % 2 else "focus", None])
            await tab.socket.send_json(["resize", {"width": 100, "height": 30}])
            await tab.read_for(15)
            grown = status(pid, "VmRSS") - before
            assert grown < 100 * 1024, f"the session grew by {grown} kB"
            await tab.press(" ", then="tick 3")
            await tab.read_for(1)
            assert "too small" not in plain(tab.output)[-3000:]  # 100x30, the last size asked
            await tab.socket.close()
        served.wait_sessions(0)
        log = served.log()
        assert "Traceback" not in log and "Error" not in log, log[-3000:]
        assert served.process.poll() is None


async def test_a_flood_of_keys_is_dropped_past_the_buffer_and_said() -> None:
    """Keys past the session's buffer are dropped, the tab and the console say so, and the
    session stays small and idle once the tab goes."""
    with serving("--keep", "10", "--no-fork") as served:
        async with aiohttp.ClientSession() as client:
            tab = await open_tab(client, served, ready=True)
            (pid,) = await tab.while_reading(lambda: served.wait_sessions(1))
            before = status(pid, "VmRSS")
            await asyncio.wait_for(tab.socket.send_json(["stdin", " " * 3_000_000]), 60)
            line = await tab.while_reading(lambda: served.wait_log("keys dropped", 60))
            assert f"pid={pid}" in line
            assert int(line.rsplit("count=", 1)[1].split()[0]) >= 3_000_000 - 1024
            # said after the keys the buffer took: a tick each, a minute or two on a busy machine
            await tab.wait_for("keys were dropped", timeout=300)
            await tab.read_for(5)
            grown = status(pid, "VmRSS") - before
            assert grown < 100 * 1024, f"the session grew by {grown} kB"
            await tab.socket.close()
        served.wait_log("session detach")
        spent = cpu_seconds(pid)
        await asyncio.sleep(5)
        assert cpu_seconds(pid) - spent < 2.0  # nothing left to chew on after the tab went


@pytest.mark.parametrize("fork", [True, False])
def test_session_processes_run_under_the_memory_limit(fork: bool) -> None:
    async def open_one(served: object) -> None:
        async with aiohttp.ClientSession() as client:
            tab = await open_tab(client, served, ready=True)  # type: ignore[arg-type]
            await tab.socket.close()

    args = ["--keep", "10", "--session-memory", "300"] + ([] if fork else ["--no-fork"])
    with serving(*args) as served:
        if fork:
            served.wait_output("Press Ctrl+C")
            wait_until((served.home / "fork.sock").exists, "no warm parent", 60)
        asyncio.run(open_one(served))
        served.wait_log("session detach")
        pids = forked_sessions(served.process.pid) if fork else served.sessions()
        assert len(pids) == 1, pids
        assert data_limit(pids[0]) == f"{300 * 1024 * 1024} {300 * 1024 * 1024}"


def last_tick(output: str) -> int:
    """The highest tick a tab was shown."""
    ticks = [int(found) for found in re.findall(r"tick (\d+)", plain(output))]
    assert ticks, plain(output)[-2000:]
    return max(ticks)


async def test_a_tab_gone_away_pauses_its_autoplay_and_says_so_when_back() -> None:
    with serving("--keep", "10", "--no-fork", "--run-cpu", "0") as served:
        async with aiohttp.ClientSession() as client:
            tab = await open_tab(client, served, ready=True)
            (pid,) = served.wait_sessions(1)
            await tab.press("]]]]]]]]a++++++++p")  # 16x16, every solution, at the top speed
            await tab.wait_for("ticks at")  # the status line of a run that plays
            await tab.read_for(1.0)
            await tab.socket.close()
            await asyncio.to_thread(served.wait_log, "session detach")
            await asyncio.sleep(1.0)  # the pause reaches the run
            spent = cpu_seconds(pid)
            await asyncio.sleep(3.0)
            assert cpu_seconds(pid) - spent < 0.5  # nothing plays while nobody watches
            back = await open_tab(client, served, key=tab.key)
            await back.wait_for("paused while this tab was away")
            assert "Pause" not in plain(back.output).rsplit("paused while", 1)[1]
            await back.read_for(1.0)  # the whole screen, drawn again for the new terminal
            paused_at = last_tick(back.output)
            await back.socket.close()
            await asyncio.sleep(3.0)  # autoplay went on at 10,000 ticks a second for nobody
            again = await open_tab(client, served, key=tab.key)
            await again.wait_for("tick ")
            await again.read_for(1.0)
            assert last_tick(again.output) == paused_at
            await again.socket.close()


async def test_a_full_server_gives_a_new_tab_the_seat_of_a_tab_gone_away() -> None:
    """Sessions nobody shows give their seats up (after a few seconds, for one that dropped)."""
    with serving("--keep", "10", "--max-sessions", "1") as served:
        async with aiohttp.ClientSession() as client:
            first = await open_tab(client, served, ready=True)
            await first.socket.close()
            served.wait_log("session detach")
            detached = time.monotonic()
            soon = await open_tab(client, served)
            await soon.wait_closed()
            assert "this server is full" in plain(soon.output)
            await asyncio.sleep(max(0.0, 10.5 - (time.monotonic() - detached)))
            second = await open_tab(client, served, ready=True)
            assert "reason=room" in served.wait_log("session end")
            await second.socket.close()


async def test_no_bytes_make_a_served_tab_deaf_nor_the_server_trace() -> None:
    with serving("--keep", "0") as served:
        async with aiohttp.ClientSession() as client:
            tab = await open_tab(client, served, size=(100, 30), ready=True)
            await tab.press("\x1b[99999999999999999999~")
            await tab.press(" ", then="tick 1")
            await tab.press("\x1b[1114112u")
            await tab.press(" ", then="tick 2")
            await tab.press("\x1b[?2048;2$y\x1b[48;5;20;100;100t")  # never asked for
            await tab.press(" ", then="tick 3")
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
            tab = await open_tab(client, served, size=(100, 30), ready=True)
            await tab.press("?", then="escape closes")
            await tab.press("\x1b")  # handed on as Escape once nothing follows it
            await asyncio.sleep(0.5)
            await tab.press(" ", then="tick 1")
            await tab.socket.close()
        served.wait_sessions(0)
        # A 100 kB address: one line on the console, not a traceback.
        with socket.create_connection(("127.0.0.1", served.port)) as raw:
            raw.sendall(b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
            assert raw.recv(200).startswith(b"HTTP/1.0 400")
        line = served.wait_log("reason=bad-request")
        assert "address=127.0.0.1" in line and len(line) < 400
        assert "Traceback" not in served.log()
