"""A card set made up for the tests: three cards registered as a new set will be.

``DOMSIM_CARD_SETS=tests.cardset_proof.cards`` (the repository on ``sys.path``) adds it after
the built-in sets (sim.cards.sets); ``test_proof_set.py`` plays it with every kind of seat
and is run so by ``tests/test_added_card_set.py``.
"""
