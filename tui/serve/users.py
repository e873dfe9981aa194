"""Named users of ``queens-tutor serve --user-header NAME``: who a connection is, and where
that user's progress and settings live on the server.

An authenticating reverse proxy (nginx with basic auth or SSO, oauth2-proxy) says who the
student is in a header it sets itself (``proxy_set_header X-Remote-User $remote_user``). The
server believes it because the admin said a proxy sets it: the server must then be reachable
only by that proxy (the README's set-up listens on 127.0.0.1), since any other client could
send the header with any name.

The served store (``--server-data DIR``, a contract shared with ``queens-tutor report``):
``DIR/users/<key>/`` is the home of every session of a user, ``<key>`` being the name
percent-encoded (``urllib.parse.quote(name, safe="")``); the name itself is in
``DIR/users/<key>/user.txt``. The user's progress is then the tutor's ordinary file,
``DIR/users/<key>/data/queens-tutor/progress.json``.

Imports no aiohttp: the command line checks its options with it before the server exists.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

from platformdirs import user_data_path

from lessons.progress.safe_file import write_atomically

USERS = "users"
USER_FILE = "user.txt"
MAX_KEY_BYTES = 255
"""The longest directory name most file systems take: a longer encoded name is refused."""


class BadUser(ValueError):
    """A user name the server cannot keep data under; the message is the log's reason."""


def default_server_data() -> Path:
    """``~/.local/share/queens-tutor/served`` (platformdirs' user data path)."""
    return user_data_path("queens-tutor", appauthor=False) / "served"


def user_key(name: str) -> str:
    """The directory name of user ``name``: the name percent-encoded; BadUser for an empty
    name, "." or "..", a name with a control character, or one too long to be a file name."""
    if name in ("", ".", ".."):
        raise BadUser("empty-user" if not name else "dot-user")
    if not name.isprintable():
        raise BadUser("unprintable-user")
    try:
        key = quote(name, safe="")
    except UnicodeEncodeError:
        raise BadUser("undecodable-user") from None
    if len(key.encode("ascii")) > MAX_KEY_BYTES:
        raise BadUser("long-user")
    return key


class UserStore:
    """The server's data directory for named users (``--server-data``)."""

    def __init__(self, root: Path) -> None:
        self.root = root

    @property
    def live_path(self) -> Path:
        """``DIR/live.json``: the sessions running now (tui/serve/live.py)."""
        return self.root / "live.json"

    def prepare(self) -> None:
        """Make ``DIR`` and ``DIR/users`` (private to the server's account when new);
        OSError when they cannot be made."""
        self.root.mkdir(mode=0o700, parents=True, exist_ok=True)
        (self.root / USERS).mkdir(mode=0o700, exist_ok=True)

    def home(self, name: str) -> Path:
        """User ``name``'s home (made, private to the server's account, with ``user.txt``
        naming the user); BadUser for a name that cannot be a directory."""
        folder = self.root / USERS / user_key(name)
        folder.mkdir(mode=0o700, exist_ok=True)
        named = folder / USER_FILE
        content = name.encode("utf-8")
        try:
            already = named.read_bytes()
        except FileNotFoundError:
            already = None
        if already != content:
            write_atomically(named, content)
        return folder
