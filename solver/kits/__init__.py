"""One kit per method of the notes (solver/kit.py); solver/registry.py lists them."""
