"""A course's calendar (``course.toml`` and ``extensions.toml`` beside its lessons): which
lessons form each assignment, when it opens and is due, how late work counts, the students
given more time, and each student's grade."""
