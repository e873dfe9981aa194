"""https in front of a test server: a self-signed certificate (``openssl``) for a name, and a
relay on a loopback port that ends TLS and passes the bytes both ways to the server's port,
in a thread of the test (as a lab's nginx does, without its configuration)."""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.serve.server import free_port


def certificate(folder: Path, name: str) -> ssl.SSLContext:
    """A server's TLS context with a new self-signed certificate for ``name``."""
    key, cert = folder / "tls.key", folder / "tls.crt"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-keyout", str(key), "-out", str(cert), "-subj", f"/CN={name}",
         "-addext", f"subjectAltName=DNS:{name}"],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context


async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
    try:
        while data := await source.read(65536):
            sink.write(data)
            await sink.drain()
    except (ConnectionError, ssl.SSLError):
        pass  # the other side went: so does this one
    finally:
        sink.close()


@contextmanager
def https_relay(folder: Path, name: str, port: int) -> Iterator[int]:
    """A port whose TLS (a certificate for ``name``) ends here, relayed to ``port``."""
    context = certificate(folder, name)
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    listen = free_port()

    async def relay(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            to_reader, to_writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            writer.close()  # the server is down (a restart): the browser sees it refused
            return
        await asyncio.gather(pipe(reader, to_writer), pipe(to_reader, writer))

    async def start() -> asyncio.Server:
        return await asyncio.start_server(relay, "127.0.0.1", listen, ssl=context)

    server = asyncio.run_coroutine_threadsafe(start(), loop).result(10)
    try:
        yield listen
    finally:
        server.close()
        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(server.wait_closed(), loop).result(5)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
