"""The compiled rules core: one seed, one exact game.

A map for newcomers (each module's docstring says more):

* ``layout``  where everything lives in the flat state/table/program arrays;
* ``codes``   the table of decisions (each declared once: who is asked, the legal
  answers' domain, option words), log events, errors and end reasons as integers;
* ``legality`` every decision's legal answers from that table: the random bot's draw,
  the agents' mask, the words of an illegal answer's error;
* ``zones``   the only code that moves cards (draw, gain, trash, discard, put on
  the deck, set aside, cleanup) and keeps the running totals;
* ``steps``   what card texts are made of: ask a player, gain a card costing up to
  $N, the reaction window of an attacked player, queue a card to be played;
* ``game``    turns, phases, playing cards (and the play stack), game end, scoring;
* ``base_set`` the text of every base-set kingdom card, one function per card;
* ``adventures/`` the Adventures expansion: ``mechanics`` (costs, tokens, the Tavern
  mat, Durations staying in play, Traveller exchanges, what gains and Attacks set off),
  ``turn`` (the Adventures turn: start-of-turn window, after-Action calls, Events,
  Cleanup), ``cards`` and ``events`` (one function per card and per Event),
  ``decide`` (default answers to its decisions; ``random_bot`` calls ``legality``);
* ``cardcalls`` the table through which a game calls its cards' functions (only the
  cards of the game are compiled);
* ``decide``  every question asked of a player: rule programs, the random bot,
  compiled hooks and Python bots;
* ``program`` the bot-program format; ``hooks``/``callbacks`` the views bots see;
* ``state``, ``rng``, ``pointers``, ``unliteral``, ``numba_inline`` arrays, random
  streams and numba plumbing;
* ``batch`` (the Python entry point), ``cold_compile`` (a cold cache compiles in
  two processes), ``scenario`` (exact situations for tests), ``gamelog``
  (readable logs), ``config`` (kingdom and setup).

The card table itself (names, costs, types, counters) is data in ``sim.cards``.
Importing this package imports nothing heavy: numba loads with ``game``.
"""
