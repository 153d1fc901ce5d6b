"""Defaults of the search, kept free of heavy imports (the CLI's help reads them)."""

#: The reference field: the opponents when none are given (bots.library's reference bots).
REFERENCE_FIELD = ("big-money", "bmu", "smithy-bm", "militia-bm", "double-militia")
