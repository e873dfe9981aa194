"""The command line's options and their reading, shared by the commands, the tutor's start and
a served session."""
