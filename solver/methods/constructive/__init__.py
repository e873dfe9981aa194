"""A solution for every n >= 4 placed by an explicit formula, without any search: its construction
and kit."""
