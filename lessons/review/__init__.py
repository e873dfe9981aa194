"""The review (issue 43): the kinds of question a student missed in the lessons asked again, a
fresh instance each time, spaced over days by a Leitner scheme.

- :mod:`lessons.review.boxes`: the Leitner boxes (1, 3, 7 and 21 days) and what is due, computed
  from the lessons' misses and the review's outcomes;
- :mod:`lessons.review.missed`: the questions the student missed, read from the lesson records;
- :mod:`lessons.review.reviewers`: for each question kind, how a fresh instance is drawn;
- :mod:`lessons.review.session`: the review planned (what is due) and composed (a lesson of
  one page a question, which the lesson screen and the plain tutor play);
- :mod:`lessons.review.run`: the lesson runner that records each question's outcome;
- :mod:`lessons.review.words`: what the student is told (what is due, nothing to review, done).

The outcomes are kept in the progress file beside the lesson records
(:mod:`lessons.progress.reviews`).
"""

INTERVALS = (1, 3, 7, 21)
"""Days between two reviews of a kind in each box, the first box first."""

MAX_QUESTIONS = 10
"""The most questions one review asks (the kinds due first: the lowest box, the longest due)."""
