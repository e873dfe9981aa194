"""A course's calendar: which lessons form each assignment, when it opens, when it is due, how
late work counts, and the students given more time.

A teacher writes it in ``course.toml`` beside the course's lessons (a ``--lessons-dir``), and
the extensions in ``extensions.toml`` beside it (docs/lesson-format.md, "A course's calendar").
:mod:`lessons.course.model` is what a course is, :mod:`lessons.course.fields` reads a file's
values (a time, a zone, a title: each problem a ``FILE:LINE: message``),
:mod:`lessons.course.reading` its assignments and extensions, :mod:`lessons.course.files`
reads them again when they change (an extension takes effect without a restart),
:mod:`lessons.course.grading`
grades a student's records against an assignment (score, on time, late or missing) and
:mod:`lessons.course.words` says it to the student.
"""
