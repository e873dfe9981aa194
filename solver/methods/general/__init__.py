"""G. Persiano's Salerno notes: the general backtracking recipe, its queens instance, engine, view
and kit."""
