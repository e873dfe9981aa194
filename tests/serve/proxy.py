"""A real nginx in front of a test server: basic auth, the user forwarded in X-Remote-User,
the proxy's secret added from a file it includes, websockets passed through (the README's
set-up), to a port or a socket file, run as the test's user with every file in a temporary
folder."""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.serve.server import listening

NGINX = (shutil.which("nginx"), "/usr/sbin/nginx")
START_TIMEOUT = 15.0

PREAMBLE = """
daemon off;
master_process off;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections 64; }}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
"""
"""nginx's own settings, every file in the test's folder; the ``http`` block left open."""
CONFIG = (
    PREAMBLE
    + """    map $http_upgrade $connection_upgrade {{
        default upgrade;
        ''      close;
    }}
    {upstreams}
    server {{
        listen 127.0.0.1:{port};
        auth_basic "queens-tutor";
        auth_basic_user_file {folder}/htpasswd;
        location / {{
            proxy_pass {upstream};
            include {folder}/queens-tutor-secret.conf;
            proxy_http_version 1.1;
            proxy_set_header Host $http_host;
            proxy_set_header X-Remote-User $remote_user;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_read_timeout 1h;
        }}
    }}
}}
"""
)


def nginx() -> str | None:
    """nginx's path, or None when it is not installed."""
    for candidate in NGINX:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def ssha(password: str) -> str:
    """An htpasswd entry's password as nginx reads it: ``{SSHA}`` base64(sha1(pw+salt)+salt)."""
    salt = os.urandom(8)
    digest = hashlib.sha1(password.encode() + salt).digest()  # nginx's {SSHA} format
    return "{SSHA}" + base64.b64encode(digest + salt).decode()


def nginx_folder(users: dict[str, str], secret: str) -> Path:
    """A new folder for nginx holding ``htpasswd`` (``users``' passwords) and
    ``queens-tutor-secret.conf`` (``secret`` in X-Proxy-Secret, the docs' line)."""
    folder = Path(tempfile.mkdtemp(prefix="queens-tutor-test-nginx-"))
    (folder / "htpasswd").write_text(
        "".join(f"{name}:{ssha(password)}\n" for name, password in users.items())
    )
    (folder / "queens-tutor-secret.conf").write_text(
        f'proxy_set_header X-Proxy-Secret "{secret}";\n'
    )
    return folder


@contextmanager
def nginx_before(
    upstream: int | Path | list[int], users: dict[str, str], port: int, secret: str
) -> Iterator[Path]:
    """nginx on loopback ``port``, asking for ``users``' passwords and forwarding to
    ``upstream`` (a loopback port, a socket file, or several ports: each user always to the
    same one, as the README's ``hash $remote_user consistent``) with ``secret`` in
    X-Proxy-Secret; yields its folder (its logs)."""
    folder = nginx_folder(users, secret)
    upstreams = ""
    if isinstance(upstream, list):
        servers = "".join(f"server 127.0.0.1:{each};" for each in upstream)
        upstreams = f"upstream tutors {{ hash $remote_user consistent; {servers} }}"
        address = "http://tutors"
    elif isinstance(upstream, int):
        address = f"http://127.0.0.1:{upstream}"
    else:
        address = f"http://unix:{upstream}:"
    config = CONFIG.format(folder=folder, port=port, upstream=address, upstreams=upstreams)
    with nginx_running(folder, config, port):
        yield folder


@contextmanager
def nginx_running(folder: Path, config: str, port: int) -> Iterator[None]:
    """nginx with ``config`` (as nginx.conf) in ``folder`` until done, once it listens on
    loopback ``port``; the folder removed after."""
    program = nginx()
    assert program is not None
    (folder / "nginx.conf").write_text(config)
    process = subprocess.Popen(
        [program, "-p", str(folder), "-e", str(folder / "error.log"), "-c", "nginx.conf"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,  # its messages are in error.log
    )
    try:
        if not listening(process, port, timeout=START_TIMEOUT):
            log = folder / "error.log"
            raise AssertionError(f"nginx did not start: {log.exists() and log.read_text()}")
        yield
    finally:
        process.send_signal(signal.SIGQUIT)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(folder, ignore_errors=True)
