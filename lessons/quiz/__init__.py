"""Questions: the kinds a lesson can ask, how each is posed, and the numbers drawn per student."""
