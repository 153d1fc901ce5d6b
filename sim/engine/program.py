"""Bot programs: the data the compiled engine interprets for every decision.

A bot reaches the engine as a :class:`Program`, a handful of small numpy arrays.
The engine reads them inside its compiled loop, so a rule-based bot costs no
Python call per decision.  ``bots/`` builds programs from rule lists, TOML
files or Python classes; this module only fixes the format both sides share.

Format
------
Rule lists.  A rule is ``(card, from_card, conditions)``.  All rule lists of a
bot are rows of one table, and ``list_bounds[k] = (start, stop)`` says which
rows belong to rule list ``k``:

* ``L_BUY``: consulted for every Buy: the first rule whose card costs at most
  the $ left, whose pile is in the supply and not empty, and whose conditions
  all hold is bought.  No rule applies -> buy nothing.
* ``L_GAIN``: Workshop-style "gain a card costing up to $N": same rule shape,
  evaluated with ``coins = N``.  Empty list -> the buy list is used.
* ``L_REMODEL``: ``from_card`` is trashed, ``card`` gained (cost of ``card`` at
  most cost of ``from_card`` + 2).  Needs ``from_card`` in hand.
* ``L_MINE``: likewise for Mine (Treasures, +3, optional).

* ``L_CALL``, ``L_EXCHANGE``, ``L_TRANSMOGRIFY``, ``L_CHOOSE``: the Adventures
  decisions (see the constants below and sim.engine.adventures.decide); a bot
  without rows for a card keeps the default there.

Conditions: ``lhs OP rhs / div + add``, stored as float64 rows of
``COND_WIDTH`` numbers: (lhs_term, lhs_arg, op, rhs_term, rhs_arg, div, add).
Terms (``T_*``) only read what the deciding player may know (RULES.md,
"Public and hidden information"): its own hand and owned cards, the supply,
scores and what opponents own (all gains and trashes are public), the turns
each player has taken and the top card of each discard pile.

``T_POSITION`` is exact at any moment of a game: players who move before the
current player in this round have finished one turn more than it.

Ranks (int32 per card id, lower = first):

* ``play_rank``: Actions are played in this order while Actions remain; a
  card with rank >= ``NEVER`` is never played.
* ``discard_rank``: discards forced by an attack (and Cellar's choice), first
  the lowest rank; ``F_EXCESS_TERMINALS`` discards terminal Actions the hand
  cannot play before anything else.
* ``trash_rank``: cards offered to Remodel's fallback and to Chapel; a card with
  rank >= ``NEVER`` is never trashed voluntarily.
* ``cellar_discard``: 1 where Cellar should discard that card.
* ``topdeck_rank``: cards to put onto the draw pile when a card lets the bot
  choose, lowest first; ``NEVER``: never.  Harbinger takes the lowest-ranked
  card of the discard pile (the default ranks: the costliest Action or
  Treasure other than Copper first, see :func:`default_topdeck_rank`).  With
  ``F_TOPDECK`` set (the bot gave its own list) Artisan puts back the
  lowest-ranked card in hand and Sentry puts the lower-ranked of its two
  cards on top; when no ranked card is there, both keep their defaults
  (sim.engine.decide: DEF_TOPDECK_FROM_HAND, DEF_TOPDECK_LOOKED).
* ``sentry_discard``: 1 where Sentry discards a card it looked at and did not
  trash (default :func:`default_sentry_discard`: Victory cards and Curses).

* ``extra_ranks``: the Adventures lists (token piles, Teacher's tokens, gear, save,
  trade, start; ``X_*`` below), each read only when its bit of ``F_LISTS`` is set.

Card lists with conditions (``bots.rules.When``: play, gear, Disciple's targets).  Their
entries are rows of the rule table *after* the last rule list (from
``list_bounds[N_LISTS - 1, 1]`` to the end): ``(card, W_* list code)`` with the entry's
conditions, in list order, one row per entry (an entry without conditions has none).
Bit ``W_BIT0 + w`` of ``F_LISTS`` says list ``w`` has rows; the engine then takes the
first row whose card is in hand and whose conditions hold (none: the list names nothing
now).  The list's rank row (``play_rank``, gear's extra row) still holds its order, for
every other use of the list (Vassal, Library, token piles).  A list without conditions
compiles to its rank row alone, as before; Disciple's list has no rank row, so it is
rows whenever given.

Every rank row is one row of ``N_SLOTS`` in the packed program (``R_*`` below,
sim.engine.layout PF_RANKS).

Flags (``F_*``): per-bot switches, an int32 vector.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from sim.cards import ACTION, CARDS, COPPER, CURSE_TYPE, N_CARDS, TREASURE, TYPES, VICTORY

# Rule lists.
L_BUY, L_GAIN, L_REMODEL, L_MINE = range(4)
# Adventures decisions (bots.rules Call, Exchange/Keep, Transmogrify, Choose):
# * L_CALL: (Reserve card, target or -1): call it (on that target) when the conditions hold;
#   a card with no L_CALL row keeps its default (sim.engine.adventures.decide);
# * L_EXCHANGE: (Traveller, 1 exchange / 0 keep): the first row for the Traveller whose
#   conditions hold decides;
# * L_TRANSMOGRIFY: (card gained, card trashed), like L_REMODEL with $1 more;
# * L_CHOOSE: (card or Event asking, option number): the first holding row decides.
L_CALL, L_EXCHANGE, L_TRANSMOGRIFY, L_CHOOSE = range(4, 8)
N_LISTS = 8

# Condition terms: what a rule may look at.
T_CONST = 0          # the number in arg
T_OWN = 1            # cards of id arg owned
T_OWN_TYPE = 2       # cards owned having type bit arg
T_OWN_ALL = 3        # all cards owned
T_MONEY = 4          # total $ value of owned cards (Treasure value or +$ of Actions)
T_SUPPLY = 5         # cards left in pile arg
T_GAINS_TO_END = 6   # min(Provinces left, sum of the three smallest supply piles)
T_TURN = 7           # this player's turn number (1 on its first turn)
T_COINS = 8          # $ available now
T_BUYS = 9           # Buys left now
T_SCORE = 10         # own score
T_OPP_SCORE = 11     # best opponent score
T_OPP_OWN = 12       # most cards of id arg owned by one opponent
T_EMPTY_PILES = 13   # empty supply piles
T_HAND = 14          # cards of id arg in own hand
T_DRAW_SIZE = 15     # cards in own draw pile
T_TURNS_TAKEN = 16   # turns this player has finished (its current turn not counted)
T_OPP_TURNS = 17     # most turns finished by one opponent
T_POSITION = 18      # this player's place in the turn order, 1 = moves first
T_DISC_TOP = 19      # 1 if own discard pile shows card arg on top, else 0
T_OPP_DISC_TOP = 20  # opponents whose discard pile shows card arg on top
# Adventures.  A card-or-type argument is a card id, or minus a type bit (-TYPE) for
# every card of that type.
T_MAT = 21           # cards on own Tavern mat
T_PLAY = 22          # cards in own play area
T_DURATIONS = 23     # cards in own play area from earlier turns
T_GAINED = 24        # cards gained this turn (own turn; 0 on other turns)
T_BOUGHT = 25        # Events bought this game
T_BOUGHT_TURN = 26   # Events bought this turn (own turn; 0 on other turns)
T_ACTIONS = 27       # Actions left now
T_HAND_COINS = 28    # $ of the Treasures in own hand (printed values)
# Own tokens on Supply piles, 1 or 0: arg -1 = on any pile, else on pile arg
# (T_TOK_CARD + k for token k: +1 Card, +1 Action, +1 Buy, +$1, -$2, Trashing).
T_TOK_CARD = 29
T_TOK_TRASH = 34
T_MINUS_CARD = 35    # 1 while own -1 Card token is on own deck
T_MINUS_COIN = 36    # 1 while own -$1 token is held
T_JOURNEY_UP = 37    # 1 while own Journey token is face up (the next Ranger draws nothing)
T_TURN_COINS = 38    # $ available now plus T_HAND_COINS (own turn; T_HAND_COINS on others')
N_TERMS = 39

# Comparison operators.
OP_LT, OP_LE, OP_EQ, OP_NE, OP_GE, OP_GT = range(6)
OPS = {"<": OP_LT, "<=": OP_LE, "==": OP_EQ, "!=": OP_NE, ">=": OP_GE, ">": OP_GT}

COND_WIDTH = 7
MAX_CONDS = 6          # conditions per rule
MAX_RULES = 64         # rules per bot (buy + gain + remodel + mine lists together)

NEVER = 1_000_000      # rank meaning "never"


def default_topdeck_rank() -> np.ndarray:
    """Harbinger's default: the costliest Action or Treasure other than Copper first
    (ties: lower card id), the card most worth drawing next turn; other cards never."""
    ranks = np.full(N_CARDS, NEVER, np.int32)
    order = sorted((c for c in CARDS if c.id != COPPER and c.types & (ACTION | TREASURE)),
                   key=lambda c: (-c.cost, c.id))
    for i, c in enumerate(order):
        ranks[c.id] = i
    return ranks


def default_sentry_discard() -> np.ndarray:
    """Sentry's default discards: every Victory card and Curse it does not trash, but not
    one that is also an Action (Distant Lands: it is played to the mat to score; Mill,
    Nobles) or a Treasure (Harem: $2 on the deck)."""
    types = np.asarray(TYPES[:N_CARDS])
    return (((types & (VICTORY | CURSE_TYPE)) != 0)
            & ((types & (ACTION | TREASURE)) == 0)).astype(np.int32)


# Flags.
F_AVOID_LOSING_END = 0   # refuse a buy/gain that ends the game badly: AL_* below
F_EXCESS_TERMINALS = 1   # forced discards start with terminal Actions the hand cannot play
F_REVEAL_MOAT = 2        # reveal Moat against attacks
F_PLAY_TREASURES = 3     # play all Treasures (always 1 for rule bots)
F_KIND = 4               # K_RULES, K_RANDOM or K_PYTHON
F_MINE_ALWAYS = 5        # Mine: when no L_MINE rule applies, still upgrade the best Treasure
F_HOOK = 6               # 1 + slot of a compiled decision hook (0: none); set by sim.engine.batch
F_TOPDECK = 7            # 1: topdeck_rank is the bot's own list (Artisan and Sentry read it too)
F_LISTS = 8              # bit X_k set: the bot gave extra rank row k (else its default applies);
                         # bit W_BIT0 + w: card list w has rows with conditions
N_FLAGS = 9

K_RULES, K_RANDOM, K_PYTHON = 0, 1, 2
# An agent seat (sim.env): K_AGENT + the kind of the bot that answers the decisions the
# agent does not take.  Not K_RULES, so no rule-bot shortcut skips a question it takes.
K_AGENT = 3

# Values of F_AVOID_LOSING_END (the game ends after this turn, so this turn counts in
# the deciding player's turns):
AL_OFF = 0          # take any buy/gain
AL_NOT_BEHIND = 1   # ``avoid_losing_end``: refuse only when some opponent would then beat
                    # this player under the tie-break (more VP, or equal VP in fewer turns);
                    # a tie in VP and turns is a shared win and is taken (as the established
                    # simulators do)
AL_WIN_ONLY = 2     # ``end_only_when_winning``: refuse unless this player then has more VP
                    # than every opponent (refuses ties, even shared ones)


@dataclass
class Program:
    """One bot's compiled-side description (see the module docstring)."""

    rules: np.ndarray            # int32 [R, 2]: card, from_card (-1 if none)
    conds: np.ndarray            # float64 [R, MAX_CONDS, COND_WIDTH]
    n_conds: np.ndarray          # int32 [R]
    list_bounds: np.ndarray      # int32 [N_LISTS, 2]
    play_rank: np.ndarray        # int32 [N_CARDS]
    discard_rank: np.ndarray     # int32 [N_CARDS]
    trash_rank: np.ndarray       # int32 [N_CARDS]
    cellar_discard: np.ndarray   # int32 [N_CARDS]
    flags: np.ndarray = field(default_factory=lambda: np.zeros(N_FLAGS, np.int32))
    topdeck_rank: np.ndarray = field(default_factory=default_topdeck_rank)   # int32 [N_CARDS]
    sentry_discard: np.ndarray = field(default_factory=default_sentry_discard)  # int32 [N_CARDS]
    extra_ranks: np.ndarray = field(default_factory=lambda: no_extra_ranks())  # [N_EXTRA, N_CARDS]

    def validate(self) -> None:
        r = len(self.rules)
        if r > MAX_RULES:
            raise ValueError(f"a bot program has {r} rules; at most {MAX_RULES}")
        assert self.rules.shape == (r, 2) and self.rules.dtype == np.int32
        assert self.conds.shape == (r, MAX_CONDS, COND_WIDTH) and self.conds.dtype == np.float64
        assert self.n_conds.shape == (r,) and self.list_bounds.shape == (N_LISTS, 2)
        for arr in self.rank_rows():
            assert arr.shape == (N_CARDS,) and arr.dtype == np.int32
        assert self.flags.shape == (N_FLAGS,)

    def rank_rows(self) -> tuple[np.ndarray, ...]:
        """The per-card rows in packing order (index ``R_*``)."""
        return (self.play_rank, self.discard_rank, self.trash_rank, self.cellar_discard,
                self.topdeck_rank, self.sentry_discard, *self.extra_ranks)


R_PLAY, R_DISCARD, R_TRASH, R_CELLAR, R_TOPDECK, R_SENTRY_DISCARD = range(6)
# Extra rank rows for Adventures decisions (extra row k is rank row R_TOKENS + k), each
# used only when the bot gave it (bit k of F_LISTS):
# * X_TOKEN + t (t = token 0..5: +1 Card, +1 Action, +1 Buy, +$1, -$2, Trashing): the piles
#   it puts that token on, first listed first;
# * X_TEACHER: the tokens Teacher places, by token number (0..3), first listed first;
# * X_GEAR, X_SAVE, X_TRADE: the cards Gear / Save set aside and Trade trashes;
# * X_START: the start-of-turn effects and calls, first listed first.
X_TOKEN, X_TEACHER, X_GEAR, X_SAVE, X_TRADE, X_START = 0, 6, 7, 8, 9, 10
N_EXTRA = 11
R_TOKENS = 6
# Card lists whose entries carry conditions (module docstring): W_PLAY the Actions played,
# W_GEAR the cards Gear sets aside, W_DISCIPLE the Action Disciple plays twice.  Their bits
# in F_LISTS start at W_BIT0, above the X_* bits.
W_PLAY, W_GEAR, W_DISCIPLE = 0, 1, 2
N_W = 3
W_BIT0 = 16
assert N_EXTRA <= W_BIT0
N_RANK_ROWS = R_TOKENS + N_EXTRA


def no_extra_ranks() -> np.ndarray:
    """The extra rank rows of a bot that gives none (every card NEVER)."""
    return np.full((N_EXTRA, N_CARDS), NEVER, np.int32)
