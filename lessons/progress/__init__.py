"""The student's files: progress saved atomically, its records and export, settings, and new files
never clobbered."""
