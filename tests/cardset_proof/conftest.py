"""The made-up set's tests run only where it is registered: with
``DOMSIM_CARD_SETS=tests.cardset_proof.cards`` (tests/test_added_card_set.py starts such a
run).  Anywhere else its cards do not exist, so its tests are not collected."""

import os

from sim.numba_cache import ADDED_SETS_VARIABLE

PROOF_MODULE = "tests.cardset_proof.cards"

if PROOF_MODULE not in os.environ.get(ADDED_SETS_VARIABLE, ""):
    collect_ignore_glob = ["test_*.py"]
