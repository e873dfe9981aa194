"""The writers of a teacher's report: text, csv and json, HTML (lessons/report/table.py)."""
