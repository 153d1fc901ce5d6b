"""Results after the games: DataFrames and summaries (``results``), result files
with their provenance (``io``), per-turn curves (``turnstats``) and charts
(``plot``).  Nothing here is compiled; it reads what the runner wrote."""
