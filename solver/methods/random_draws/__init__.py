"""The Italian Python course's random permutation search: its kit."""
