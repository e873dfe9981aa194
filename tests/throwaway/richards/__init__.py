"""Richards' bit masks: one queen per row, each call's free columns kept in one word and taken
lowest bit first, so a tick places a candidate and an attacked square is never visited (a
test's throwaway method: tests/throwaway/__init__.py)."""
