"""Placing queens by hand: the learner's board, its view, and driving the Wrocław loop yourself."""

MAX_N = 10
"""The largest board to place queens on by hand (every solution of it is listed in 0.1 s); here,
so that the command line reads it without importing the board."""
