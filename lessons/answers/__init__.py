"""Answers: reading what a student typed, checking it, and the feedback for it."""
