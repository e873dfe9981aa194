"""A lesson page on screen: :class:`LessonScreen` (screen.py) renders the lesson run
(lessons/runner): its board's column (column.py, the search tree in it: tree.py), the text
and the question sharing the lesson pane (reading.py), its keys (keys.py), the boards a
question opens (boards.py) and its status line (status.py)."""

from tui.screens.lesson_screen.screen import CODE_MIN_HEIGHT, LessonScreen
from tui.screens.lesson_screen.status import shortened

__all__ = ["CODE_MIN_HEIGHT", "LessonScreen", "shortened"]
