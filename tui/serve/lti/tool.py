"""pylti1p3 on aiohttp: the request, cookie, session and redirect adapters pylti1p3 asks of a
framework, and the checks it leaves to them: a nonce good for one launch, the course site's key
set kept :data:`KEY_SET_LIFETIME` (fetched again for an unknown key id, at most every
:data:`KEY_SET_REFETCH` seconds, one fetch at a time, whole within :data:`KEY_SET_DEADLINE`
and :data:`KEY_SET_MOST` bytes), a deadline on every request (:data:`TIMEOUT`)."""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

import requests
from pylti1p3.cookie import CookieService
from pylti1p3.exception import LtiException
from pylti1p3.launch_data_storage.cache import CacheDataStorage
from pylti1p3.message_launch import MessageLaunch
from pylti1p3.oidc_login import OIDCLogin
from pylti1p3.redirect import Redirect
from pylti1p3.request import Request
from pylti1p3.roles import AbstractRole, TeacherRole, TeachingAssistantRole
from pylti1p3.session import SessionService

from lessons.i18n import _

TIMEOUT = 10.0
"""Seconds a request to a course site may take."""
KEY_SET_LIFETIME = 3600.0
KEY_SET_REFETCH = 5.0
KEY_SET_DEADLINE = 5.0
"""Seconds a key set may take to arrive whole, however slowly it comes."""
KEY_SET_MOST = 1_000_000
"""Bytes a key set may have."""
DAY = 86_400


class Memory:
    """pylti1p3's cache (``get``, ``set`` with a lifetime in seconds), in this process."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.items: dict[str, tuple[Any, float]] = {}
        self.lock = threading.Lock()

    def get(self, key: str) -> Any:
        with self.lock:
            value, until = self.items.get(key, (None, 0.0))
            if until < self.clock():
                self.items.pop(key, None)
                return None
            return value

    def set(self, key: str, value: Any, exp: int | None = None) -> None:
        now = self.clock()
        with self.lock:
            if len(self.items) > 10_000:  # a login never finished leaves its state behind
                self.items = {k: v for k, v in self.items.items() if v[1] >= now}
            self.items[key] = (value, now + (exp or DAY))


class Storage(CacheDataStorage[Any]):
    """Launch data kept in :class:`Memory`, per browser (its session cookie) over https."""

    def __init__(self, memory: Memory) -> None:
        super().__init__()
        self._cache = memory  # type: ignore[assignment]


class OnceSession(SessionService):
    """pylti1p3's session, whose nonce is good for one launch."""

    def check_nonce(self, nonce: str) -> bool:
        key = self._get_key("nonce", nonce)
        found = self.data_storage.check_value(key)
        if found:
            self.data_storage.set_value(key, None, exp=1)
        return bool(found)


class FormRequest(Request):
    """A request's parameters (its query and form), cookies, and whether it came over https."""

    def __init__(self, params: Mapping[str, str], cookies: Mapping[str, str], secure: bool):
        self.params = params
        self.cookies = cookies
        self.secure = secure
        self._session: dict[str, Any] = {}

    @property
    def session(self) -> dict[str, Any]:
        return self._session

    def is_secure(self) -> bool:
        return self.secure

    def get_param(self, key: str) -> Any:
        return self.params.get(key)

    def get_cookie(self, key: str) -> str | None:
        return self.cookies.get(key)


class Cookies(CookieService):
    """The cookies pylti1p3 reads and sets; set ones are sent in a course site's frame (over
    https: ``SameSite=None; Secure; Partitioned``), to ``path`` only (where the launch is)."""

    def __init__(self, request: FormRequest) -> None:
        self.request = request
        self.to_set: dict[str, tuple[str, int | None]] = {}
        self.path = "/"

    def _key(self, name: str) -> str:
        return f"{self._cookie_prefix}-{name}"

    def get_cookie(self, name: str) -> str | None:
        return self.request.get_cookie(self._key(name))

    def set_cookie(self, name: str, value: str | int, exp: int | None = 3600) -> None:
        self.to_set[self._key(name)] = (str(value), exp)

    def send(self, response: Any) -> None:
        for key, (value, exp) in self.to_set.items():
            set_cookie(response, key, value, self.request.secure, exp, self.path)


IN_FRAME = "SameSite=None; Secure; Partitioned"
"""What makes a cookie one the browser keeps inside a course site's frame (over https)."""
COOKIE_VALUE = re.compile(r"[A-Za-z0-9._~-]{1,200}")
"""What the tool's cookies hold (random tokens): nothing that needs quoting."""


def set_cookie(
    response: Any, key: str, value: str, secure: bool, max_age: int | None, path: str
) -> None:
    """A cookie the browser sends back from inside a course site's frame (over https
    ``SameSite=None; Secure; Partitioned``), written as a header."""
    if not COOKIE_VALUE.fullmatch(key) or not COOKIE_VALUE.fullmatch(value) or ";" in path:
        raise ValueError(f"not a cookie the tool sets: {key}")
    parts = [f"{key}={value}", f"Path={path}", "HttpOnly"]
    if max_age is not None:
        parts.append(f"Max-Age={max_age}")
    if secure:
        parts.append(IN_FRAME)
    response.headers.add("Set-Cookie", "; ".join(parts))


class Location(Redirect[str]):
    """Where pylti1p3 sends the browser: the server's handler redirects there."""

    def __init__(self, location: str) -> None:
        self.location = location

    def do_redirect(self) -> str:
        return self.location

    def do_js_redirect(self) -> str:
        return self.location

    def set_redirect_url(self, location: str) -> None:
        self.location = location

    def get_redirect_url(self) -> str:
        return self.location


class Login(OIDCLogin[FormRequest, Any, OnceSession, Cookies, str]):
    """The OpenID Connect login a course site starts: ``redirect`` gives the site's
    authorization address (or the page that checks the frame keeps cookies)."""

    def get_redirect(self, url: str) -> Redirect[str]:
        return Location(url)

    def get_response(self, html: str) -> str:
        return html


class TimedSession(requests.Session):
    """A requests session whose every request has :data:`TIMEOUT`."""

    def request(self, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("timeout", TIMEOUT)
        return super().request(*args, **kwargs)


class KeySets:
    """The course sites' key sets, by address: kept for :data:`KEY_SET_LIFETIME`, fetched
    again for a key id the kept one lacks, at most every :data:`KEY_SET_REFETCH` seconds and
    one fetch at a time: meanwhile the kept set answers, or the launch is refused at once."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.kept: dict[str, tuple[Any, float]] = {}
        self.tried: dict[str, float] = {}
        self.fetching: set[str] = set()
        self.lock = threading.Lock()

    def get(self, url: str, kid: str | None, fetch: Callable[[], Any]) -> Any:
        now = self.clock()
        with self.lock:
            keys, at = self.kept.get(url, (None, -KEY_SET_LIFETIME))
            keys = keys if now - at < KEY_SET_LIFETIME else None
            if keys is not None and any(key.get("kid") == kid for key in keys["keys"]):
                return keys
            if (
                url in self.fetching
                or now - self.tried.get(url, -KEY_SET_REFETCH) < KEY_SET_REFETCH
            ):
                if keys is not None:
                    return keys
                raise LtiException(_("the course site's key set is not here yet: try again soon"))
            self.fetching.add(url)
            self.tried[url] = now
        try:
            self.kept[url] = (fetch(), now)
            return self.kept[url][0]
        finally:
            self.fetching.discard(url)


async def fetch_key_set(
    url: str, deadline: float = KEY_SET_DEADLINE, most: int = KEY_SET_MOST
) -> Any:
    """The key set at ``url`` (``{"keys": [{...}]}``), whole within ``deadline`` seconds and
    ``most`` bytes; else an :class:`LtiException` that says why."""
    import aiohttp

    body = bytearray()
    try:
        async with (
            asyncio.timeout(deadline),
            aiohttp.ClientSession(trust_env=True) as web,
            web.get(url, raise_for_status=True) as answer,
        ):
            async for chunk in answer.content.iter_any():
                body += chunk
                if len(body) > most:
                    said = _("the course site's key set at {url} is over {n} bytes")
                    raise LtiException(said.format(url=url[:200], n=most))
        keys = json.loads(body)
    except TimeoutError:
        said = _("the course site's key set at {url} took over {n:g} s")
        raise LtiException(said.format(url=url[:200], n=deadline)) from None
    except (aiohttp.ClientError, ValueError, RecursionError) as error:
        said = _("the course site's key set at {url} cannot be read ({error})")
        raise LtiException(said.format(url=url[:200], error=error)) from None
    listed = keys.get("keys") if isinstance(keys, dict) else None
    if not isinstance(listed, list) or not all(isinstance(key, dict) for key in listed):
        raise LtiException(
            _("the course site's key set at {url} is not a key set").format(url=url[:200])
        )
    return keys


class Launch(MessageLaunch[FormRequest, Any, OnceSession, Cookies]):
    """A launch, checked as the module says (``validate``, then ``get_launch_data``)."""

    key_sets: KeySets

    def _get_request_param(self, key: str) -> Any:
        return self._request.get_param(key)

    def fetch_public_key(self, key_set_url: str) -> Any:
        kid = self._jwt.get("header", {}).get("kid")
        return self.key_sets.get(key_set_url, kid, lambda: asyncio.run(fetch_key_set(key_set_url)))


class LearnerRole(AbstractRole):
    """A student of the course (its own role in the launch's context)."""

    _common_roles = ("Learner",)
    _context_roles = ("Learner",)


def role(claims: Mapping[str, Any]) -> str | None:
    """``teacher`` (Instructor, TeachingAssistant, the course's Administrator), ``student``
    (Learner), or None: a role the tutor has no page for (a mentor, a guest)."""

    def holds(kind: Any) -> bool:
        return bool(kind(claims).check())

    if holds(TeacherRole) or holds(TeachingAssistantRole):
        return "teacher"
    return "student" if holds(LearnerRole) else None


class Tool:
    """What every launch shares: the registrations, the memory, the key sets."""

    def __init__(self, conf: Any, key_set: Mapping[str, Any], secure: bool) -> None:
        self.conf = conf
        self.key_set = key_set
        """The tool's public keys (its JWKS)."""
        self.secure = secure
        self.memory = Memory()
        self.key_sets = KeySets()
        self.web = TimedSession()

    def request(self, params: Mapping[str, str], cookies: Mapping[str, str]) -> FormRequest:
        return FormRequest(params, cookies, self.secure)

    def _parts(self, request: FormRequest) -> tuple[OnceSession, Cookies, Storage]:
        return OnceSession(request), Cookies(request), Storage(self.memory)

    def login(self, request: FormRequest) -> tuple[Login, Cookies]:
        session, cookies, storage = self._parts(request)
        return Login(request, self.conf, session, cookies, storage), cookies

    def launch(self, request: FormRequest) -> Launch:
        launch = Launch(request, self.conf, *self._parts(request), self.web)
        launch.key_sets = self.key_sets
        options: dict[str, Any] = {"verify_aud": False, "require": ["exp", "iat"]}
        launch.set_jwt_verify_options(options)
        return launch
