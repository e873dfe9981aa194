"""One package per method of the notes: its algorithm, its steppable engine, its view and its kit
(solver/kit.py). solver/registry.py lists the kits."""
