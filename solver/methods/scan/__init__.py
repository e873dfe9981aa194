"""The edutecnica page's tenta(k) with its O(k) check sicura: the batch search, the engine, view and
kit."""
