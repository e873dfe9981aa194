"""The main screen's board session drawn by one Line API widget (see :mod:`.view`)."""

from tui.widgets.session_view.view import SessionView

__all__ = ["SessionView"]
