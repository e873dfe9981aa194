"""The plain tutor (``queens-tutor --plain``), for screen readers, braille displays, dumb terminals
and scripts: one command per line in, whole sentences out, nothing drawn over. It puts the
full-screen tutor's engines, lessons and frames into words and never imports textual or rich."""
