"""The bit-set backtracker: the Turin notes' arrays c[], a[] and b[] packed into the bits of three
words, one queen per row (a test's throwaway method: tests/throwaway/__init__.py)."""
