"""queens-tutor's front ends: the Textual app and the ``queens-tutor`` command line.

Importing this package (or ``tui.cli``) does not import textual: only the interactive app does.
"""
