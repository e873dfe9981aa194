"""queens-tutor's benchmarks: ``python -m benchmarks [NAME...]`` runs ``bench_NAME.py`` files."""
