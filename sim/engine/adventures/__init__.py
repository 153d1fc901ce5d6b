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

Why the base engine and this package keep twins (``play_games`` / ``play_games_adv``,
``play_turn`` / :func:`.turn.play_turn_adv`, ``play_action``, ``play_treasure`` and
zones' ``cleanup`` / their ``_adv`` forms):
each Adventures form does what the base one does plus the set's rules at every step
(the play stack's wide entries and after-Action window, Durations staying, Reserves,
tokens, Events, Travellers), and a base game must not pay for them.  Measured on the
BMU mirror, where nothing of Adventures ever happens, so only the turn functions
differ: on an Adventures board it plays 20-25% fewer games per CPU-second than on the
First Game board (experiments/results/bench_engine.json: 165,109 against 208,829;
six interleaved runs here on 2 shared cores, medians 188k against 234k).  Merged into
one, the base forms would be the Adventures forms and every base game would lose that.
Where the twins only repeated each other, they share one function: the decision
dispatch (sim.engine.decide.seat_answer, inlined into ``decide`` and ``decide_adv``),
the attack (sim.engine.steps.attacked: the set's reactions through ``H``), the end of
a turn (sim.engine.steps.adv_turn_over).  ``rules_decide`` and
:func:`.decide.rules_decide_adv` are no twins: they answer different decisions (each
record names its bot, DEC_RULES), share the functions of the patterns both sets use, and
``decide_adv`` hands the base decisions to ``rules_decide``.
"""
