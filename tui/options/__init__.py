"""The command line's options and their reading, shared by the commands (tui/cli/), the tutor's
start (tui/run_tutor.py, tui/plain/) and a served session (tui/serve/): argparse's parser and
help formatter in the tutor's words, the usage error, and the lesson options."""
