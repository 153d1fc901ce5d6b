"""The Adventures expansion in the engine (rules: ``../shared/ADVENTURES.md``).

- :mod:`.mechanics`: what the set adds to every game it is in: costs lowered by
  Bridge Troll and the -$2 token, the tokens, the Tavern mat, Duration marks,
  Traveller exchanges, what every gain and every Attack sets off.
- :mod:`.turn`: the Adventures turn: start-of-turn window, Actions with their
  after-Action calls, Treasures, buying cards and Events, the end of the Buy
  phase, Cleanup with Durations staying and Travellers exchanged.
- :mod:`.cards`: one function per kingdom card and Traveller upgrade;
  :mod:`.events`: one per Event.  Found by ``special`` code like the base set's.
- :mod:`.decide`: the default and random answers to the set's decisions.

A game without Adventures cards or Events never runs (or compiles) any of this:
its turn is sim.engine.game.play_turn, and the calls here are stubs in ``H``
(sim.engine.cardcalls).
"""
