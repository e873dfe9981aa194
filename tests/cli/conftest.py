"""The shared course and students' exports (tests/cli/course_kit.py) as fixtures."""

from tests.cli.course_kit import course, files  # noqa: F401
