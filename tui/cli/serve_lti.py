"""``serve``'s options for course sites (``--lti CONFIG``, ``--lti-setup``), checked before
pylti1p3 (the optional extra ``lti``) is imported, and the tool they make."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lessons.i18n import _
from tui.options.args import UsageError, as_usage
from tui.serve.proxy import is_loopback

if TYPE_CHECKING:
    from tui.serve.server import TutorServer


def add_options(parser: Any) -> None:
    parser.add_argument(
        "--lti",
        type=Path,
        metavar="CONFIG",
        help=_(
            "also serve course sites (Moodle, Canvas...) as an LTI 1.3 tool: their students "
            "launch the tutor from the course and their scores go back to its gradebook; "
            "CONFIG lists the sites registered (docs/lti.md); needs an https --public-url"
        ),
    )
    parser.add_argument(
        "--lti-setup",
        action="store_true",
        help=_(
            "with --lti: make CONFIG and the tool's key pair beside it when missing, print "
            "what a course site's administrator pastes, and exit"
        ),
    )


def public_url(args: argparse.Namespace) -> str:
    """The address course sites are given; a usage error for one a browser would not keep
    the tool's cookies at inside a site's page (http beyond this machine)."""
    url = args.public_url or f"http://{args.host or '127.0.0.1'}:{args.port or 8000}"
    url = url.rstrip("/")
    host = url.split("://", 1)[-1].split("/", 1)[0].rsplit(":", 1)[0].strip("[]")
    if not url.startswith("https://") and not is_loopback(host):
        raise UsageError(
            _(
                "--lti needs an https --public-url: a course site shows the tutor inside its "
                "own page, where browsers keep the tool's cookies over https only"
            )
        )
    return url


def setup(args: argparse.Namespace) -> int:
    """``--lti-setup``: the keys made, what to paste printed."""
    url = public_url(args)
    try:
        from tui.serve.lti.setup import make_keys, setup_lines
    except ImportError as error:
        raise _missing(error) from None
    try:
        made = make_keys(args.lti)
    except OSError as error:
        raise UsageError(
            _("--lti: cannot write beside {path} ({reason})").format(
                path=args.lti, reason=error.strerror
            )
        ) from None
    for line in setup_lines(args.lti, url, made):
        print(line)
    return 0


def attach(server: TutorServer, args: argparse.Namespace) -> None:
    """Give ``server`` the tool of ``--lti CONFIG``; a usage error when it cannot be used."""
    url = public_url(args)
    try:
        from tui.serve.lti.routes import LtiSite
        from tui.serve.lti.setup import LtiConfigError, read_config
        from tui.serve.lti.tool import Tool
    except ImportError as error:
        raise _missing(error) from None
    with as_usage(LtiConfigError):
        conf, key_set = read_config(args.lti)
    if not key_set["keys"]:
        raise UsageError(
            _("--lti: no key pair beside {path}: make it with --lti-setup").format(path=args.lti)
        )
    server.lti = LtiSite(Tool(conf, key_set, url.startswith("https://")), server)
    sites = conf.issuers()
    said = _("Course sites (LTI 1.3): {sites}; their launches: {url}/lti/launch").format(
        sites=", ".join(sites) or "-", url=url
    )
    sys.stderr.write(said + "\n")


def _missing(error: ImportError) -> UsageError:
    return UsageError(
        _("--lti needs pylti1p3 ({module} is missing): pip install 'queens-tutor[lti]'").format(
            module=error.name
        )
    )
