"""Which client is the authenticating proxy: only its headers naming a user or an address are
believed (``--proxy-secret-file``, ``--unix-socket`` or ``--trust-loopback``; docs/lab-server.md).

Imports no aiohttp: the command line reads the secret file before the server exists."""

from __future__ import annotations

import argparse
import hmac
import ipaddress
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lessons.i18n import _

if TYPE_CHECKING:
    from aiohttp import web

SECRET_HEADER = "X-Proxy-Secret"
"""The header the proxy puts its secret in."""
ADDRESS_HEADERS = ("X-Forwarded-For", "X-Real-IP", "Forwarded", "X-Forwarded-Host")
"""Headers that name a client's address: believed from the proxy only."""
MIN_SECRET = 16
"""The fewest characters of a secret (``openssl rand -hex 32`` gives 64)."""
MAX_SECRET_FILE = 4096
"""The most bytes read of a secret file."""
KEY_LENGTH = 100
"""The longest forwarded client address used as a seat key (a longer one is cut)."""


HEADER_NAME = re.compile(r"[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}")
"""An HTTP header's name (RFC 9110's token)."""


NOT_A_USER_HEADER = frozenset(
    name.casefold()
    for name in (
        # what the proxy says of itself and of the client: the server reads them for that
        SECRET_HEADER,
        *ADDRESS_HEADERS,
        "X-Forwarded-Proto",
        "X-Forwarded-Port",
        "X-Forwarded-Server",
        "Via",
        # hop-by-hop: about one connection, dropped or rewritten by every proxy (RFC 9110)
        "Connection",
        "Keep-Alive",
        "Proxy-Connection",
        "Proxy-Authenticate",
        "Proxy-Authorization",
        "TE",
        "Trailer",
        "Transfer-Encoding",
        "Upgrade",
        # what the browser sends itself, which a proxy passes on as it came
        "Host",
        "Origin",
        "Referer",
        "Cookie",
        "Authorization",
        "User-Agent",
        "Content-Length",
        "Content-Type",
        "Expect",
    )
)
"""Header names ``--user-header`` refuses: a student could set them, or they mean something
else; the user header must be one the proxy sets itself on every request."""


def is_loopback(host: str) -> bool:
    """``localhost`` or an address of this machine's loopback (a name is not resolved)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def header_name(text: str) -> str:
    """An argparse type: the name of an HTTP header the proxy sets to name the user."""
    if HEADER_NAME.fullmatch(text) is None:
        raise argparse.ArgumentTypeError(
            _("--user-header must be a header's name, such as X-Remote-User, not {name}").format(
                name=repr(text[:40])
            )
        )
    folded = text.casefold()
    if folded in NOT_A_USER_HEADER or folded.startswith(("sec-", "accept", "if-")):
        raise argparse.ArgumentTypeError(
            _(
                "--user-header cannot be {name}: the browser, the proxy or the connection sets "
                "it for its own ends; name a header your proxy sets itself, such as X-Remote-User"
            ).format(name=text)
        )
    return text


class ProxySecretError(ValueError):
    """A secret file that cannot be used, with a one-line reason."""


def read_secret(path: Path) -> bytes:
    """The secret in ``path``: one line of at least :data:`MIN_SECRET` visible ASCII characters
    in a regular file of this account (or root's) that no other account can read or write."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as error:
        raise ProxySecretError(
            _("--proxy-secret-file: cannot read {file} ({reason})").format(
                file=path, reason=error.strerror
            )
        ) from None
    try:
        info = os.fstat(fd)
        mode = info.st_mode
        if not stat.S_ISREG(mode):
            problem = _("--proxy-secret-file: {file} is not a regular file")
        elif info.st_uid not in (0, os.geteuid()):
            problem = _(
                "--proxy-secret-file: {file} belongs to another account, which could change "
                "it; give it to this one (chown) and make it private (chmod 600 {file})"
            )
        elif mode & 0o077:  # a group is other accounts too: 0640 is refused
            problem = _(
                "--proxy-secret-file: other accounts can read or change {file}; make it "
                "private (chmod 600 {file})"
            )
        else:  # read only a file no other account can read or change
            problem = ""
            text = os.read(fd, MAX_SECRET_FILE + 1)
    finally:
        os.close(fd)
    if not problem:
        secret = text.strip()
        if len(text) > MAX_SECRET_FILE or not all(33 <= byte < 127 for byte in secret):
            problem = _(
                "--proxy-secret-file: {file} must hold one line of letters and digits, such as "
                "openssl rand -hex 32 writes"
            )
        elif len(secret) < MIN_SECRET:
            problem = _("--proxy-secret-file: the secret in {file} is shorter than {n} characters")
        elif guessable(secret.decode("ascii")):
            problem = _(
                "--proxy-secret-file: the secret in {file} is easy to guess (it repeats itself, "
                "goes in steps, or has too few kinds of characters for its length); make one with "
                "openssl rand -hex 32"
            )
    if problem:
        raise ProxySecretError(problem.format(file=path, n=MIN_SECRET))
    return secret


ALPHABETS = (
    ("0123456789", 10),
    ("0123456789abcdef", 16),
    ("0123456789ABCDEF", 16),
    ("abcdefghijklmnopqrstuvwxyz", 26),
    ("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 26),
    ("abcdefghijklmnopqrstuvwxyz0123456789", 36),
    ("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 36),
    ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", 52),
    ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 62),
)
"""The smallest of these alphabets that holds a secret's characters gives the bits each one
carries (any other visible ASCII: 94)."""
MIN_BITS = 64
"""The fewest bits a secret of random characters from its alphabet would carry
(``openssl rand -hex 8`` has 64; the README's ``-hex 32``, 256)."""
MIN_STEPS = 4
"""The fewest different steps between neighbouring characters (``abcd...``, ``0123...``,
``abab...`` have one or two; a random secret of 16 characters, a dozen)."""


def guessable(secret: str) -> bool:
    """Whether ``secret`` is one a guesser tries early: a repeated part, few kinds of steps, or
    fewer than :data:`MIN_BITS` bits."""
    import itertools
    import math

    size = len(secret)
    if any(secret == (secret[:period] * size)[:size] for period in range(1, size // 2 + 1)):
        return True
    if len({ord(b) - ord(a) for a, b in itertools.pairwise(secret)}) < MIN_STEPS:
        return True
    used = set(secret)
    alphabet = next((n for letters, n in ALPHABETS if used <= set(letters)), 94)
    return size * math.log2(alphabet) < MIN_BITS


@dataclass(kw_only=True, eq=False)
class ProxyTrust:
    """Whether a request comes from the proxy, and whose address and name it forwards."""

    secret: bytes | None = None
    """The proxy's secret (``--proxy-secret-file``), or None."""
    unix_socket: bool = False
    """Whether the server listens only on a socket file that only the proxy can open."""
    trust_loopback: bool = False
    """Whether the machine has one user, so that its loopback is the proxy."""
    user_header: str | None = None
    """The header the proxy names the user in, or None."""

    @property
    def proven(self) -> bool:
        """Whether the proxy proves itself (a secret, or the socket file's permissions)."""
        return self.secret is not None or self.unix_socket

    @property
    def configured(self) -> bool:
        """Whether some client can be the proxy: the headers can be believed."""
        return self.proven or self.trust_loopback

    def vouches(self, request: web.BaseRequest) -> bool:
        """Whether ``request`` comes from the proxy."""
        if self.secret is not None:
            given = request.headers.get(SECRET_HEADER, "")
            try:
                sent = given.encode("ascii")
            except UnicodeEncodeError:
                return False
            return hmac.compare_digest(sent, self.secret)
        if self.unix_socket:
            return True
        return self.trust_loopback and is_loopback(request.remote or "")

    def refusal(self, request: web.BaseRequest) -> tuple[str, list[str]] | None:
        """``("proxy", headers)`` when ``request`` pretends to come from the proxy (or, with a
        proxy that proves itself, does not come from it); None when it may go on."""
        if self.vouches(request):
            return None
        names = [self.user_header] if self.user_header else []
        names += [*ADDRESS_HEADERS, SECRET_HEADER]
        named = [name for name in names if name in request.headers]  # naming a user or an address
        if self.proven:
            return "proxy", named  # only the proxy may be a client
        if named and (self.configured or is_loopback(request.remote or "")):
            return "proxy", named
        return None

    def seat_key(self, request: web.BaseRequest) -> str | None:
        """Whose seats a tab takes: its client's address (``X-Forwarded-For``'s last, from the
        proxy only), or None for the loopback and the socket file."""
        peer = request.remote or ""
        if self.vouches(request):
            forwarded = request.headers.get("X-Forwarded-For", "").split(",")[-1].strip()
            if forwarded:
                return forwarded[:KEY_LENGTH]
        if not peer or is_loopback(peer):
            return None
        return peer
