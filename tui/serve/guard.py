"""Who may use ``queens-tutor serve``: requests whose ``Host`` is one of the server's own
addresses and whose ``Origin``, when sent, one its page is served from (another site's only
on the LTI login and launch).

Imports no aiohttp when imported: the command line checks its options before the server exists."""

from __future__ import annotations

import ipaddress
import re
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from lessons.i18n import N_, _
from tui.serve.console import event
from tui.serve.proxy import ProxyTrust, is_loopback

if TYPE_CHECKING:
    from aiohttp import web
    from aiohttp.typedefs import Handler, Middleware


LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
"""The names of this machine's loopback that a browser may use for a loopback server."""

_HOST = re.compile(r"(?P<name>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::(?P<port>[0-9]{1,5}))?")
_ORIGIN = re.compile(r"(?P<scheme>https?)://" + _HOST.pattern)


def is_unspecified(host: str) -> bool:
    """``0.0.0.0`` or ``::``: every address of the machine, none of which names it."""
    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return False


def _name(text: str) -> str:
    return text.strip("[]").lower()


def _default_port(scheme: str) -> int:
    return 443 if scheme == "https" else 80


class OwnAddresses:
    """The addresses a browser may use for this server: ``http://HOST:PORT`` (for a loopback
    HOST, with 127.0.0.1, localhost and ::1 alike), and ``--public-url``'s."""

    def __init__(self, host: str, port: int, public_url: str | None = None) -> None:
        names = {_name(host)}
        if is_loopback(host):
            names.update(LOOPBACK_NAMES)
        self.hosts = {(name, port) for name in names}
        """(name, port) pairs a ``Host`` header may give."""
        self.origins = {("http", name, port) for name in names}
        """(scheme, name, port) triples an ``Origin`` header may give."""
        self.cross_site: frozenset[str] = frozenset()
        """The paths another site's page may post to (a course site's launches)."""
        if public_url is not None:
            parts = urlsplit(public_url)
            if parts.hostname:
                port_there = parts.port or _default_port(parts.scheme)
                self.hosts.add((parts.hostname.lower(), port_there))
                self.origins.add((parts.scheme, parts.hostname.lower(), port_there))

    def host_allowed(self, header: str | None) -> bool:
        """A ``Host`` header (``name[:port]``) that names this server; none is refused."""
        found = _HOST.fullmatch(header or "")
        if found is None:
            return False
        name = _name(found["name"])
        if found["port"] is None:  # the scheme's default port: either may be meant
            return any((name, port) in self.hosts for port in (80, 443))
        return (name, int(found["port"])) in self.hosts

    def origin_allowed(self, header: str | None) -> bool:
        """An ``Origin`` header that is one of this server's own pages (or no Origin)."""
        if header is None:
            return True
        found = _ORIGIN.fullmatch(header)
        if found is None:  # "null" (a sandboxed page, a file), or not an origin at all
            return False
        scheme = found["scheme"]
        port = int(found["port"]) if found["port"] else _default_port(scheme)
        return (scheme, _name(found["name"]), port) in self.origins

    def refusal(self, request: web.BaseRequest) -> str | None:
        """Why ``request`` is refused (``host`` or ``origin``), or None when it is not."""
        if not self.host_allowed(request.headers.get("Host")):
            return "host"
        if request.path not in self.cross_site and not self.origin_allowed(
            request.headers.get("Origin")
        ):
            return "origin"
        return None


WRONG_ADDRESS = N_(
    "queens-tutor: this server is not served at the address you opened. If it is the right "
    "one, whoever runs the server should give it with --public-url."
)
"""The 403 page of a request for another address (a proxy's, when --public-url is forgotten)."""


def guarded(own: OwnAddresses, trust: ProxyTrust) -> Middleware:
    """A middleware that answers 403 to a request whose Host or Origin is not the server's,
    or that pretends to come from the proxy (tui/serve/proxy.py)."""
    from aiohttp import web

    @web.middleware
    async def check(request: web.Request, handler: Handler) -> web.StreamResponse:
        headers = request.headers
        reason = own.refusal(request)
        if reason is not None:
            event(
                "refused",
                address=request.remote,
                reason=reason,
                path=request.path,
                host=headers.get("Host"),
                origin=headers.get("Origin"),
                hint="--public-url" if reason == "host" else None,
            )
            raise web.HTTPForbidden(text=_(WRONG_ADDRESS) if reason == "host" else None)
        pretending = trust.refusal(request)
        if pretending is not None:
            reason, named = pretending
            event(
                "refused",
                address=request.remote or "unix",
                reason=reason,
                path=request.path,
                headers=",".join(named) or None,
            )
            raise web.HTTPForbidden()
        return await handler(request)

    return check
