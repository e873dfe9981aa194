"""Knuth's Algorithm X: N-Queens as exact cover, the row or column with the fewest options
covered first, so its subject changes kind between depths and its solutions come in its own
order (a test's throwaway method: tests/throwaway/__init__.py)."""
