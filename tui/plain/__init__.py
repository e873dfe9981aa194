"""The plain tutor (``queens-tutor --plain``): the tutor for screen readers, braille displays,
dumb terminals and scripts.

It reads one command per line and prints whole sentences, one line at a time: no escape
sequence, nothing drawn over in place. The engines (solver/), the lessons, quizzes and
progress (lessons/) and the frames and narration (solver/views/) are the full-screen tutor's
own; this package only puts them into words. It never imports textual or rich.
"""
