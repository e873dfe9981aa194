"""The tool's configuration (``--lti CONFIG``, pylti1p3's JSON format: each issuer's
registrations), its key pair beside it (:data:`PRIVATE_KEY`, :data:`PUBLIC_KEY`), and what an
administrator pastes into a course site (``--lti-setup``; docs/lti.md)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pylti1p3.registration import Registration
from pylti1p3.tool_config.dict import ToolConfDict

from lessons.i18n import _
from lessons.progress.safe_file import write_atomically

PRIVATE_KEY = "queens-tutor-lti.key"
PUBLIC_KEY = "queens-tutor-lti.pub"
LOGIN = "/lti/login"
LAUNCH = "/lti/launch"
JWKS = "/lti/jwks.json"
CANVAS = "/lti/canvas.json"
SCOPES = (
    "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
    "https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly",
    "https://purl.imsglobal.org/spec/lti-ags/scope/score",
    "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",
)
"""What the tool asks of a course site: line items and scores (AGS), its members (NRPS)."""
MAX_CONFIG = 1_000_000


class LtiConfigError(ValueError):
    """CONFIG or the tool's keys cannot be used (a one-line reason)."""


class ToolConf(ToolConfDict):
    """pylti1p3's registrations; an issuer, client or deployment not registered is None (the
    launch is refused), never an error of another kind."""

    def get_iss_config(self, iss: str, client_id: str | None = None) -> Any:
        found = (self._config or {}).get(iss)
        if isinstance(found, dict):
            return found
        items = found if isinstance(found, list) else []
        if client_id:
            return next((item for item in items if item["client_id"] == client_id), None)
        if len(items) == 1:
            return items[0]
        return next((item for item in items if item.get("default")), None)

    def find_registration_by_issuer(self, iss: str, *args: Any, **kwargs: Any) -> Any:
        found = self.get_iss_config(iss)
        return None if found is None else self._get_registration(iss, found)

    def find_registration_by_params(self, iss: str, client_id: str, *args: Any, **kw: Any) -> Any:
        found = self.get_iss_config(iss, client_id)
        return None if found is None else self._get_registration(iss, found)

    def find_deployment(self, iss: str, deployment_id: str) -> Any:
        found = self.get_iss_config(iss)
        return None if found is None else self._get_deployment(found, deployment_id)

    def find_deployment_by_params(
        self, iss: str, deployment_id: str, client_id: str, *args: Any, **kwargs: Any
    ) -> Any:
        found = self.get_iss_config(iss, client_id)
        return None if found is None else self._get_deployment(found, deployment_id)

    def issuers(self) -> list[str]:
        return list(self._config or {})


def key_paths(config: Path) -> tuple[Path, Path]:
    """The tool's own private and public key files, beside CONFIG."""
    return config.parent / PRIVATE_KEY, config.parent / PUBLIC_KEY


def _read(path: Path) -> str:
    try:
        with open(path, encoding="utf-8") as file:
            return file.read(MAX_CONFIG)
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or _("not UTF-8 text")
        raise LtiConfigError(
            _("--lti: cannot read {path} ({reason})").format(path=path, reason=reason)
        ) from None


def read_config(config: Path) -> tuple[ToolConf, dict[str, Any]]:
    """The registrations of CONFIG, with their keys, and the tool's key set (its public keys
    as a JWKS); LtiConfigError when they cannot be used."""
    try:
        data = json.loads(_read(config))
    except ValueError as error:
        raise LtiConfigError(
            _("--lti: {path} is not JSON ({reason})").format(path=config, reason=error)
        ) from None
    if not isinstance(data, dict):
        raise LtiConfigError(
            _("--lti: {path} must map each course site's issuer to its registration").format(
                path=config
            )
        )
    private, public = key_paths(config)
    if private.exists() and os.stat(private).st_mode & 0o077:
        raise LtiConfigError(
            _("--lti: other accounts can read {path}; make it private (chmod 600 {path})").format(
                path=private
            )
        )
    try:
        conf = ToolConf(data)
    except Exception as error:  # pylti1p3 says what is wrong with a plain Exception
        raise LtiConfigError(f"--lti: {config}: {error}") from None
    keys = [Registration.get_jwk(_read(public))] if public.exists() else []
    for iss, found in data.items():
        for item in found if isinstance(found, list) else [found]:
            client = item["client_id"] if isinstance(found, list) else None
            key_file = config.parent / item.get("private_key_file", PRIVATE_KEY)
            conf.set_private_key(iss, _read(key_file), client_id=client)
            public_file = item.get("public_key_file")
            pem = _read(config.parent / public_file) if public_file else None
            if pem is None and not item.get("private_key_file") and public.exists():
                pem = _read(public)
            if pem is not None:
                conf.set_public_key(iss, pem, client_id=client)
                if Registration.get_jwk(pem) not in keys:
                    keys.append(Registration.get_jwk(pem))
    return conf, {"keys": keys}


def make_keys(config: Path) -> list[Path]:
    """Make what is missing of CONFIG (no course site yet: ``{}``) and the tool's key pair
    (RSA, 2048 bits; the private key readable by this account only); what was made."""
    from jwcrypto.jwk import JWK  # type: ignore[import-untyped]

    made = []
    if not config.exists():
        write_atomically(config, b"{}\n")
        made.append(config)
    private, public = key_paths(config)
    if not private.exists():
        key = JWK.generate(kty="RSA", size=2048)
        write_atomically(private, key.export_to_pem(private_key=True, password=None))
        os.chmod(private, 0o600)
        write_atomically(public, key.export_to_pem())
        made += [private, public]
    return made


def canvas_key(public_url: str, title: str = "queens-tutor") -> dict[str, Any]:
    """Canvas's developer key JSON (Admin > Developer Keys > + LTI key > Paste JSON)."""
    launch = public_url + LAUNCH
    picking = [
        {"placement": place, "message_type": "LtiDeepLinkingRequest", "target_link_uri": launch}
        for place in ("assignment_selection", "link_selection")
    ]
    return {
        "title": title,
        "description": _("A tutor of backtracking through the N-Queens problem"),
        "oidc_initiation_url": public_url + LOGIN,
        "target_link_uri": launch,
        "public_jwk_url": public_url + JWKS,
        "scopes": list(SCOPES),
        "extensions": [
            {
                "domain": public_url.split("://", 1)[-1].split("/", 1)[0],
                "platform": "canvas.instructure.com",
                "privacy_level": "name_only",
                "settings": {"placements": picking},
            }
        ],
        "custom_fields": {},
    }


def setup_lines(config: Path, public_url: str, made: list[Path]) -> list[str]:
    """What ``--lti-setup`` prints: the URLs a course site is given, the keys made."""
    lines = [
        _("queens-tutor as an LTI 1.3 tool at {url} (docs/lti.md says where each goes):").format(
            url=public_url
        ),
        "  " + _("login (OpenID Connect initiation) URL: {url}").format(url=public_url + LOGIN),
        "  " + _("launch, redirect and deep linking URL: {url}").format(url=public_url + LAUNCH),
        "  " + _("public keyset (JWKS) URL: {url}").format(url=public_url + JWKS),
        "  " + _("Canvas's developer key JSON: {url}").format(url=public_url + CANVAS),
    ]
    lines += [_("made: {path}").format(path=path) for path in made]
    return lines
