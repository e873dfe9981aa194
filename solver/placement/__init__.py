"""Placing queens by hand: the learner's board, its view, and driving the Wrocław loop yourself."""
