"""A course site's key set (tui/serve/lti/tool.py): fetched whole within a deadline and a size,
one fetch at a time, not again and again for forged key ids; a slow or huge one costs a launch,
never the server. The sites here are 127.0.0.1 servers the tests start themselves."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

pytest.importorskip("pylti1p3")

from aiohttp import web
from pylti1p3.exception import LtiException

from tui.serve.lti.tool import KEY_SET_REFETCH, KeySets, fetch_key_set

KEYS = {"keys": [{"kid": "k1", "kty": "RSA"}]}


async def site(handler: Callable[[web.Request], Any]) -> AsyncIterator[str]:
    app = web.Application()
    app.router.add_get("/jwks", handler)
    runner = web.AppRunner(app, shutdown_timeout=0.1)
    await runner.setup()
    listening = socket.create_server(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    await web.SockSite(runner, listening).start()
    try:
        yield f"http://127.0.0.1:{port}/jwks"
    finally:
        await runner.cleanup()


async def endless(request: web.Request) -> web.StreamResponse:
    """A key set that never ends, sent as fast as it is read (``pause`` seconds a byte)."""
    pause = float(request.query.get("pause", "0"))
    answer = web.StreamResponse(headers={"Content-Type": "application/json"})
    await answer.prepare(request)
    await answer.write(b'{"keys": [')
    chunk = b" " if pause else b" " * 65536
    while True:
        await answer.write(chunk)
        if pause:
            await asyncio.sleep(pause)


@pytest.mark.timeout(30)
async def test_a_key_set_is_read_whole() -> None:
    async def honest(request: web.Request) -> web.Response:
        return web.json_response(KEYS)

    async for url in site(honest):
        assert await fetch_key_set(url) == KEYS


@pytest.mark.timeout(30)
async def test_a_huge_key_set_is_refused_at_its_size_not_read_whole() -> None:
    async for url in site(endless):
        with pytest.raises(LtiException, match="over 200000 bytes"):
            await fetch_key_set(url, 5.0, 200_000)


@pytest.mark.integration
@pytest.mark.timeout(30)
async def test_a_trickling_key_set_ends_at_its_deadline() -> None:
    """A byte every 20 ms: no read ever waits long, the whole fetch still ends in time."""
    async for url in site(endless):
        start = time.monotonic()
        with pytest.raises(LtiException, match=r"took over 0\.5 s"):
            await fetch_key_set(url + "?pause=0.02", 0.5)
        assert time.monotonic() - start < 3.0


@pytest.mark.timeout(30)
async def test_a_key_set_that_is_not_one_is_refused() -> None:
    async def other(request: web.Request) -> web.Response:
        return web.json_response({"keys": "none"})

    async for url in site(other):
        with pytest.raises(LtiException, match="not a key set"):
            await fetch_key_set(url)


def test_one_fetch_at_a_time_the_others_answered_from_the_kept_set_or_refused() -> None:
    now = [0.0]
    sets = KeySets(clock=lambda: now[0])
    started, release = threading.Event(), threading.Event()
    calls: list[str] = []

    def slow() -> Any:
        calls.append("slow")
        started.set()
        release.wait(10)
        return KEYS

    def never() -> Any:
        raise AssertionError("a second fetch while one runs")

    first = threading.Thread(target=sets.get, args=("u", "k1", slow))
    first.start()
    assert started.wait(10)
    with pytest.raises(LtiException, match="not here yet"):
        sets.get("u", "k1", never)
    release.set()
    first.join(10)
    assert sets.get("u", "k1", never) == KEYS
    assert calls == ["slow"]


def test_forged_key_ids_fetch_at_most_once_a_while_even_when_fetches_fail() -> None:
    now = [0.0]
    sets = KeySets(clock=lambda: now[0])
    fetched: list[float] = []

    def failing() -> Any:
        fetched.append(now[0])
        raise LtiException("site down")

    for step in range(100):  # a forged launch every 0.1 s for 10 s
        now[0] = step / 10
        with pytest.raises(LtiException):
            sets.get("u", f"forged-{step}", failing)
    assert len(fetched) <= 10 / KEY_SET_REFETCH + 1
