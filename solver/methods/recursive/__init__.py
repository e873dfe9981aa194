"""E. Giovannetti's Turin notes: the recursive placeQueens with O(1) checks: engine, ticks, view and
kit."""
