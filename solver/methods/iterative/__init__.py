"""The Wrocław lecture's iterative backtracker: its engine, ticks, code listing, narration, view and
kit."""
