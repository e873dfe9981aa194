"""The tutor's screens."""
