"""Reading a lesson file: the file itself, its directives, their parameters and its questions."""
