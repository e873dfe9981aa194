"""Guess mode: the headless game that asks before a step plays, grades the answer, and the frame it
draws."""
