"""The ``queens-tutor`` command line. Non-interactive commands never import textual."""
