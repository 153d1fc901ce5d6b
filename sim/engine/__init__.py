"""The compiled rules core: one seed, one exact game.

A map for newcomers (each module's docstring says more):

* ``layout``  where everything lives in the flat state/table/program arrays;
* ``codes``   decisions, log events, errors and end reasons as integers;
* ``zones``   the only code that moves cards (draw, gain, trash, discard, put on
  the deck, set aside, cleanup) and keeps the running totals;
* ``game``    turns, phases, playing cards, game end and scoring;
* ``base_set`` the text of every base-set kingdom card, one function per card;
* ``decide``  every question asked of a player: rule programs, the random bot,
  compiled hooks and Python bots;
* ``program`` the bot-program format; ``hooks``/``callbacks`` the views bots see;
* ``state``, ``rng``, ``pointers``, ``unliteral`` arrays, random streams and
  numba plumbing;
* ``batch`` (the Python entry point), ``scenario`` (exact situations for
  tests), ``gamelog`` (readable logs), ``config`` (kingdom and setup).

The card table itself (names, costs, types, counters) is data in ``sim.cards``.
Importing this package imports nothing heavy: numba loads with ``game``.
"""
