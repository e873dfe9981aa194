"""What ``queens-tutor serve`` writes in a tab that gets no tutor, or whose tutor it stopped:
terminal output (the screen cleared, then the message), sent before the connection closes.
The page then leaves it readable above its "Session ended" box (tui/serve/page)."""

from __future__ import annotations

from lessons.i18n import _, ngettext


def _screen(title: str, *lines: str) -> bytes:
    """The screen cleared, then ``title``, a blank line and ``lines``."""
    text = "\r\n".join((title, "", *lines))
    return ("\x1b[2J\x1b[H\x1b[?25l" + text + "\r\n").encode("utf-8")


def server_full(max_sessions: int) -> bytes:
    """For a tab over the server's limit of sessions."""
    return _screen(
        _("queens-tutor: this server is full."),
        ngettext(
            "It runs at most {count} tutor session at once, and it is in use.",
            "It runs at most {count} tutor sessions at once, and all are in use.",
            max_sessions,
        ).format(count=max_sessions),
        _("Close this tab and try again in a few minutes, or ask whoever runs the server."),
    )


def too_many_tabs(seats: int, *, per_user: bool, kept_minutes: float | None) -> bytes:
    """For a tab over the limit of tabs of one user (``per_user``) or one address; with
    ``kept_minutes`` when some of those seats are held by sessions whose tab went away."""
    if per_user:
        limit = ngettext(
            "This server gives each student at most {count} tutor tab at once.",
            "This server gives each student at most {count} tutor tabs at once.",
            seats,
        )
    else:
        limit = ngettext(
            "This server gives each address at most {count} tutor tab at once.",
            "This server gives each address at most {count} tutor tabs at once.",
            seats,
        )
    lines = [
        limit.format(count=seats),
        _("Close one of your other tutor tabs, then reload this page."),
    ]
    if kept_minutes is not None:
        lines.append(
            _(
                "A tutor tab closed less than {minutes} min ago keeps its place until then: "
                "open the tutor again in the same browser to get it back."
            ).format(minutes=f"{kept_minutes:g}")
        )
    if not per_user:
        lines.append(
            _(
                "Everyone behind the same address (a classroom network) shares these places: "
                "if that is you, ask whoever runs the server."
            )
        )
    return _screen(_("queens-tutor: you have too many tabs of the tutor open."), *lines)


def idle_ended(minutes: float) -> bytes:
    """For a tab whose tutor was stopped after ``minutes`` without a key."""
    return _screen(
        _("queens-tutor: this session has ended."),
        _(
            "No key was pressed in this tab for {minutes} min, so its tutor was stopped "
            "to free its place."
        ).format(minutes=f"{minutes:g}"),
        _("Reload this page to start again."),
    )


def taken_over() -> bytes:
    """For a tab whose session is now shown in another tab (or the same tab, come back)."""
    return _screen(
        _("queens-tutor: this session is now open in another tab."),
        _("A session is shown in one tab at a time. Reload this page to bring it back here."),
    )


def no_login() -> bytes:
    """For a tab of a server behind a login whose proxy named no user (or an unusable one)."""
    return _screen(
        _("queens-tutor: this server did not receive your login."),
        _("It serves only students who have logged in. Ask whoever runs the server."),
    )


def no_user_data() -> bytes:
    """For a named user's tab when the server cannot make their directory."""
    return _screen(
        _("queens-tutor: this server cannot keep your progress now."),
        _("Try again in a few minutes, or tell whoever runs the server."),
    )
