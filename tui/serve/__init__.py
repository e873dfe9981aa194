"""queens-tutor serve: the tutor in web browsers, one forked session per tab, behind a proxy or
alone."""
