"""domsim: a fast, exact Dominion simulator (base game, 2nd edition)."""

from sim.numba_cache import use_source_keyed_cache

__version__ = "0.1.0"

# Before any engine module is imported: see sim/numba_cache.py.
use_source_keyed_cache()
