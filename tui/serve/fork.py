"""The server's side of forked sessions (unless ``--no-fork``): the warm parent started and
restarted, and a tab's command its client while it is ready, else the plain command."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from tui.serve.console import event
from tui.serve.environment import warm_environment

CLIENT = Path(__file__).with_name("fork_client.py")
SOCKET_NAME = "fork.sock"


def client_argv(socket: Path, argv: list[str]) -> list[str]:
    """The client's command line: an isolated Python (-I) without the site module (-S),
    which imports only the few standard modules it needs."""
    return [sys.executable, "-I", "-S", str(CLIENT), str(socket), *argv]


class WarmParent:
    """The warm parent process, started in the server's directory ``home``."""

    def __init__(self, home: Path, server: Mapping[str, str]) -> None:
        self.socket = home / SOCKET_NAME
        self.home = home / "warm"
        self.server = server
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def start(self) -> None:
        """Start it (it listens once it has imported the tutor: :attr:`ready`)."""
        self.home.mkdir(mode=0o700, exist_ok=True)
        self.socket.unlink(missing_ok=True)
        argv = [sys.executable, "-P", "-m", "tui.serve.fork_zygote", str(self.socket)]
        self.process = subprocess.Popen(
            [*argv, "--server", str(os.getpid())],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            env=warm_environment(self.server, self.home),
            cwd=os.getcwd(),
        )
        self.starts += 1
        event("warm parent start", pid=self.process.pid, starts=self.starts)

    @property
    def ready(self) -> bool:
        """Whether it runs and listens; a warm parent found dead is started again."""
        process = self.process
        if process is None:
            return False
        if process.poll() is not None:
            event("warm parent ended", pid=process.pid, code=process.returncode)
            self.start()
            return False
        return self.socket.exists()

    def argv(self, plain: list[str]) -> list[str]:
        """The command line of a session whose plain command line is ``plain``."""
        return client_argv(self.socket, plain) if self.ready else plain

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
