"""Guess mode, headless: the game that asks before a step plays, and the frame it draws."""
