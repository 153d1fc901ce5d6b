"""domsim: a fast, exact Dominion simulator (base game, 2nd edition)."""

__version__ = "0.1.0"
