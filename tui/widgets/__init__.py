"""Widgets fed by one immutable engine snapshot (reusable by any screen)."""
