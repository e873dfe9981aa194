"""The command line's options and their reading, shared by the commands and the tutor."""
