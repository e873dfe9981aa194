"""``queens-tutor serve``: the tutor in web browsers, one session per tab."""
