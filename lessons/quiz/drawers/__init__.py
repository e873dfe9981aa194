"""The instance drawers: for each question kind (its ``drawer`` in lessons/quiz/kinds.py), how
a quiz draws the instance each student is asked and how a review draws a fresh one."""
