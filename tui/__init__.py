"""queens-tutor's front ends: the Textual app and the ``queens-tutor`` command line (which
imports no textual until the app runs)."""
