"""Checking lessons whole: a headless run of every directive and question, and translations against
the original."""
