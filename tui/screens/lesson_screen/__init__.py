"""A lesson page on screen: :class:`LessonScreen` renders the lesson run (lessons/runner)."""

from tui.screens.lesson_screen.screen import CODE_MIN_HEIGHT, LessonScreen
from tui.screens.lesson_screen.status import shortened

__all__ = ["CODE_MIN_HEIGHT", "LessonScreen", "shortened"]
