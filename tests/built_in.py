"""How many lessons are built in, counted from the files: a new method's lesson adds one."""

from lessons.catalog import BUILTIN_DIR

LESSONS = len(list((BUILTIN_DIR / "en").glob("*.md")))
