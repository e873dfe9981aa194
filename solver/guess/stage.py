"""What an open question of guess mode waits for."""

from __future__ import annotations

from enum import StrEnum


class Stage(StrEnum):
    """What the open question waits for."""

    FREE = "free"
    """y or n: is the square free (the edutecnica page: does this queen attack it)?"""
    RULE = "rule"
    """1, 2 or 3: by which rule is it attacked?"""
    LAND = "land"
    """Where the next queen lands (digits; the maze: an arrow), or b for a backtrack."""
