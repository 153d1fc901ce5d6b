"""domsim: a fast, exact Dominion simulator (base game, 2nd edition)."""

from sim.numba_cache import use_source_keyed_cache

# Semantic versioning (semver.org); the single source of the version: pyproject.toml reads
# it, `domsim --version` prints it, every results file records it; CHANGES.md and
# CITATION.cff name it too (tests/test_release.py checks they agree).
__version__ = "0.21.1"

# Before any engine module is imported: see sim/numba_cache.py.
use_source_keyed_cache()
