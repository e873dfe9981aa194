"""The review: the kinds of question a student missed in the lessons asked again, a fresh
instance each time (drawn by each kind's drawer, lessons/quiz/drawers/), spaced over days in
Leitner boxes (:mod:`lessons.review.boxes`). The outcomes are kept in the progress file beside
the lesson records (:mod:`lessons.progress.reviews`)."""

INTERVALS = (1, 3, 7, 21)
"""Days between two reviews of a kind in each box, the first box first."""

MAX_QUESTIONS = 10
"""The most questions one review asks (the kinds due first: the lowest box, the longest due)."""
