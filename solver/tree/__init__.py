"""The search tree of the Wrocław loop as it grows, and its view."""
