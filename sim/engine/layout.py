"""Where everything lives in the engine's flat arrays.

The compiled engine keeps a game in one int32 vector ``S`` (plus the uint64
random streams), reads the card table and setup from one int32 vector ``T``,
and the bots' programs from ``P`` (int32, one row per bot) and ``Q`` (float64
conditions).  Inside the engine all five are raw typed pointers
(sim.engine.pointers) indexed flat, so an access is one load with no reference
counting; hence the fixed widths below (P_WIDTH, MAX_RULES, RNG_WIDTH).
This module is the map: named offsets and small index helpers, nothing else.

State ``S``
    count zones per player (hand, in play, discard, set aside, owned), each
    N_SLOTS wide;
    the supply, trash and in-supply rows; per-player scalars; game scalars;
    the error record; the play stack (cards waiting to be resolved again, for
    Throne Room and cards played from elsewhere than the hand); each
    player's ordered draw pile (top = last filled slot); and, when logging,
    the event log.
Card table ``T``, random streams ``R``, programs ``P`` and conditions ``Q``
    follow, each a section below.

The reference page "The engine's arrays" (docs/reference/state.md, generated from
this file by docs/gen_pages.py at every build) lists every name here with its value
and its comment, array by array: read it, or this file, not three.  A section starts
with a comment naming its array in double backquotes (``S``, ``T``, ...).
"""

from __future__ import annotations

from sim.cards import ACTION, EVENTS, N_CARDS
from sim.cards.types import VICTIMS_BUY_GAIN_CURSE, VICTIMS_BUY_HAND_ONTO_DECK, VICTIMS_BUY_WAYS
from sim.engine.program import COND_WIDTH, MAX_CONDS, MAX_RULES, N_FLAGS, N_LISTS, N_RANK_ROWS

# State ``S``, and the sizes every array shares.
MAX_PLAYERS = 4
N_SLOTS = 128                     # card-id slots per zone (base 33, Adventures cards and Events 58)
assert N_CARDS <= N_SLOTS
MAX_DECK = 512                    # cards one player can hold (the whole game has fewer)

# Per-player count zones.  Z_ASIDE holds cards set aside or being looked at / revealed
# (taken off the draw pile and not yet put anywhere): every card is always in a zone.
# Adventures: Z_MAT is the Tavern mat (Reserve cards, Miser's Coppers, Distant Lands),
# Z_GEAR the cards Gear set aside until the start of the next turn, Z_SAVE the card Save
# set aside until the end of the turn.  Z_OWN counts every card a player owns.
Z_HAND, Z_PLAY, Z_DISC, Z_ASIDE, Z_MAT, Z_GEAR, Z_SAVE, Z_OWN = range(8)
N_ZONES = 8
ZONES = 0
# Zone z of player p starts at ZONES + z * ZONE_STRIDE + p * N_SLOTS.  The pad keeps
# zones from lying a multiple of 4 KiB apart: with 128 slots the hand and the discard
# pile did, and Cleanup's loop (reading one, writing the other) stalled on the false
# dependence ("4K aliasing"), a few percent of a Big Money game.
ZONE_PAD = 16
ZONE_STRIDE = MAX_PLAYERS * N_SLOTS + ZONE_PAD
# The deciding player's hand, copied here just before a compiled hook is asked, so the
# hook's view (HOOK_VIEW below: owned zones .. game scalars) is one contiguous block
# that holds no other hand, no discard-pile contents and no draw-pile order.
SEEN_HAND = ZONES + N_ZONES * ZONE_STRIDE
# The deciding player's known draw-pile top (zones.known_on_deck), copied with SEEN_HAND:
# its count (at most KNOWN_TOP_MAX), then the cards, top first.  Only cards that player
# put there or looked at and put back; the unknown rest of the pile never enters the view.
KNOWN_TOP_MAX = 15
SEEN_TOP_N = SEEN_HAND + N_SLOTS
SEEN_TOP = SEEN_TOP_N + 1
SUPPLY = SEEN_TOP + KNOWN_TOP_MAX
TRASH = SUPPLY + N_SLOTS
IN_SUPPLY = TRASH + N_SLOTS
# Per-player scalars: S[PS + k * MAX_PLAYERS + p].
PS = IN_SUPPLY + N_SLOTS
# The first five are the sizes of the count zones, in zone order (K_ of zone z == z).
# K_UNKNOWN: how many cards at the bottom of the draw pile its owner does not know; the cards
# above them (put there, or looked at and put back) the owner knows.  See zones.known_on_deck.
(K_HAND_N, K_PLAY_N, K_DISC_N, K_ASIDE_N, K_MAT_N, K_GEAR_N, K_SAVE_N, K_OWN_N, K_DECK_N,
 K_TURNS, K_DISC_TOP, K_BOT, K_MONEY, K_VP, K_UNKNOWN) = range(15)
K_TYPE0 = 15                      # K_TYPE0 + k: owned cards having type bit 1 << k
N_TYPE_BITS = 6
# Adventures, per player (all 0 at the start of a game):
# tokens on piles, stored as pile card id + 1 (0: with their owner, on no pile);
# the -1 Card token on the deck, the -$1 token taken, the Journey token face down (1/0);
# the card set aside by Inheritance + 1; cards gained during the player's current or most
# recent turn (Treasure Hunter); whether the player bought Inheritance (once per game, even
# when it found nothing to set aside).  (The effects of plays that last: EFFECTS below.)
(K_TOK_CARD, K_TOK_ACTION, K_TOK_BUY, K_TOK_COIN, K_TOK_COST, K_TOK_TRASH, K_MINUS_CARD,
 K_MINUS_COIN, K_JOURNEY_DOWN, K_INHERIT, K_GAINED,
 K_INHERITANCE_BOUGHT) = range(K_TYPE0 + N_TYPE_BITS, K_TYPE0 + N_TYPE_BITS + 12)
N_TOKENS_ON_PILES = 6             # K_TOK_CARD .. K_TOK_TRASH
# Adventures, per player: how many copies in play are marked to stay (the KEEP and PERM rows
# summed) and how many were held at the start of the player's latest turn (the HELD row
# summed).  While both are 0 the turn skips its walks over those rows, and Cleanup is the
# base game's single walk: most turns of most games hold nothing.
K_MARKS, K_HELD_N = K_INHERITANCE_BOUGHT + 1, K_INHERITANCE_BOUGHT + 2
# Adventures, per player: the plays waiting in the EFFECTS row (below) whose cards have a
# start-of-turn effect (Champion's, which has none, not counted).  While it is 0 and no
# card on the mat can be called, the start-of-turn window does not open: most turns.
K_EFFECTS_DUE = K_HELD_N + 1
N_PS = K_EFFECTS_DUE + 1
# Game scalars: S[V + name].
V = PS + N_PS * MAX_PLAYERS
(V_ACTIONS, V_BUYS, V_COINS, V_MERCHANTS, V_SILVER_PLAYED, V_NP, V_EMPTY, V_TOTAL_TURNS,
 V_LOG_ON, V_LOG_N, V_LOG_TRUNC, V_GAME, V_CUR, V_TURN_CAP, V_PENDING, V_LOG_CAP,
 V_DECIDER, V_STACK_N, V_SIZE) = range(19)
# Adventures, per turn: anything bought yet (Messenger), the once-per-turn Events bought
# (bit per Event), a Mission turn (no card buys), the next turn is the same player's Mission
# turn, the seat of the previous turn (-1 before the first), Travelling Fair bought,
# Expeditions bought; while a card resolves: the card itself (an Estate playing its
# inherited text is still "this" Estate), whether that copy left play (moved to the mat,
# trashed) and whether it stays in play (1: until the next turn's Cleanup, 2: the game).
(V_BOUGHT, V_ONCE, V_MISSION, V_MISSION_NEXT, V_PREV, V_FAIR, V_EXPEDITIONS, V_THIS, V_GONE,
 V_STAYS) = range(19, 29)
# Intrigue, per turn (reset with the Adventures turn's other per-turn values): Bridge's plays
# this turn (each lowers every card's cost by $1: sim.engine.zones.cost_of) and the Actions
# played this turn, each resolution counted (Conspirator; turn.play_once adds one).
V_BRIDGES, V_ACTIONS_PLAYED = 29, 30
# Why a card's function runs when it is not played (S[V + V_GONE]; 0 and 1 are a play's:
# this copy still in play, or gone): called from the Tavern mat (a Reserve), or for the
# start-of-turn effect of earlier plays (a Duration: Card.at_start), or for its on-buy text
# when it is bought (Card.on_buy_text: Messenger).
RUN_CALLED = 2
RUN_AT_START = 3
RUN_ON_BUY = 4
N_V = 31                          # V_SIZE: len(S), so a pointer to S can be viewed as an array
# V_DECIDER: the seat a compiled hook is answering for (set with SEEN_HAND).
ERR = V + N_V                     # [code, game, seat, decision, card, bot]
N_ERR = 8
ERR_ARG = ERR + 6                 # the arg of the decision asked last (steps.ask)
# The play stack: (card, plays left, plays in all, played by) entries.  A card that
# plays another card (Throne Room, Vassal) pushes it; the turn resolves the top entry
# until the stack is empty, so a card played by another resolves completely before the
# one that played it goes on.
STACK = ERR + N_ERR
STACK_DEPTH = 32
STACK_WIDTH = 4                   # the base game's entries
# Adventures turns use wider entries (sim.engine.adventures.turn): the base four, then
# whether a play of the card stays in play (V_STAYS), whether the copy left play, whether
# its after-Action window is due, and what kind of play it is (E_KIND_*).
ADV_STACK_WIDTH = 8
E_CARD, E_LEFT, E_TOTAL, E_BY, E_STAYS, E_GONE, E_WINDOW, E_KIND = range(8)
E_KIND_COPY, E_KIND_REPLAY, E_KIND_DISCIPLE = range(3)
# Adventures marks (not zones: the cards are in Z_PLAY): copies in play that stay through
# the next Cleanup (Durations with a next-turn effect and the cards that played them), and
# copies that stay for the rest of the game (Hireling, Champion and theirs).
KEEP = STACK + ADV_STACK_WIDTH * STACK_DEPTH
PERM = KEEP + MAX_PLAYERS * N_SLOTS
# The effects of a player's plays that last past the turn, per card, as the card declares
# them (sim.cards: Card.lasts, Card.at_start): S[EFFECTS + p * N_SLOTS + c], the plays of
# ``c`` (its abilities: an inheriting Estate's count as the card's) whose effect is still
# to come or in force -- a Duration's until its start-of-turn effect resolves (one play's
# at a time, or all at once: StartOfTurn.each_play), Hireling's and Champion's for the
# game.  One generic row, not a named slot per card: a new Duration adds no state.
EFFECTS = PERM + MAX_PLAYERS * N_SLOTS
# The 8 Traveller upgrade piles (outside the Supply: their emptiness never ends a game).
NON_SUPPLY = EFFECTS + MAX_PLAYERS * N_SLOTS
# Plays of attacker a whose lasting effect acts on victim q's buys until a's next turn, a
# row per way (Card.lasting_on_victims_buy): S[HAND_ONTO_DECK_ON + a * MAX_PLAYERS + q]
# put q's hand onto their deck (Haunted Woods), S[GAIN_CURSE_ON + ...] give q a Curse each
# (Swamp Hag).  The card's own text counts its plays into its way's row (VICTIMS_BUY_ROW).
HAND_ONTO_DECK_ON = NON_SUPPLY + N_SLOTS
GAIN_CURSE_ON = HAND_ONTO_DECK_ON + MAX_PLAYERS * MAX_PLAYERS
VICTIMS_BUY_ROW = {VICTIMS_BUY_HAND_ONTO_DECK: HAND_ONTO_DECK_ON,
                   VICTIMS_BUY_GAIN_CURSE: GAIN_CURSE_ON}
assert set(VICTIMS_BUY_ROW) == set(VICTIMS_BUY_WAYS), "a row of plays per way"
# What rule conditions read (bots.conditions): Events each player bought this game
# (S[EV_BOUGHT + p * EVENT_SLOTS + slot]) and the current player's this turn
# (S[EV_BOUGHT_TURN + slot]), an Event's slot being its declared one (sim.cards.EVENT_SLOT,
# T[EVENT_SLOT + event]); both cleared with the Adventures state.  V_ONCE holds a bit per
# slot too, so 31 Events at most.
EVENT_SLOTS = 32
assert len(EVENTS) < EVENT_SLOTS, "an Event slot (and a bit of V_ONCE) per Event"
N_EVENT_CARDS = len(EVENTS)        # the slots in use (every Event's)
EV_BOUGHT = GAIN_CURSE_ON + MAX_PLAYERS * MAX_PLAYERS
EV_BOUGHT_TURN = EV_BOUGHT + MAX_PLAYERS * EVENT_SLOTS
# reset_adventures clears HAND_ONTO_DECK_ON up to here.
ADVENTURES_END = EV_BOUGHT_TURN + EVENT_SLOTS
# The cards a player gained on its own turn, in order (the first GAINED_SLOTS of GAINED:
# S[GAINED_IDS + p * GAINED_SLOTS + i]), every game, base set too.
GAINED_SLOTS = 16
GAINED_IDS = ADVENTURES_END
# Copies held in a player's play area from earlier turns, counted at the start of its
# turn (KEEP + PERM then): S[HELD + p * N_SLOTS + c].
HELD = GAINED_IDS + MAX_PLAYERS * GAINED_SLOTS
DECK = HELD + MAX_PLAYERS * N_SLOTS
# The ids of the cards that can be in this game (Supply piles and Traveller upgrades),
# ascending: their number at S[GAME_IDS_N], then the ids from GAME_IDS on.  Set once per
# batch by sim.engine.state.new_state (reset_game leaves it alone), so a walk over a
# player's cards in id order (zones.shuffle_discard) skips the ids not in the game: an
# Adventures kingdom is ids 33..70, and walking the ~30 empty ids below it was half of
# every shuffle.
GAME_IDS_N = DECK + MAX_PLAYERS * MAX_DECK
GAME_IDS = GAME_IDS_N + 1
# The agents' block (sim.env): how a game is driven one decision at a time from outside.
# A seat whose bot kind is K_AGENT + k (sim.engine.program) answers the decisions marked in
# AG_TAKES from the script of answers given so far this turn (AG_SCRIPT, AG_LEN of them,
# AG_POS read); at the first one past the script it records the question (AG_WAIT_*) and
# stops the turn like an error (codes.ERR_AGENT_WAIT).  sim.env resumes the game there
# with one answer more (the frames below, sim.engine.resume).  Other decisions go to the
# seat's own bot kind k.
AGENT = GAME_IDS + N_SLOTS
AG_TAKES = AGENT                  # + d: 1 when agent seats answer decision d (128 kept)
AG_POS = AG_TAKES + 128
AG_LEN = AG_POS + 1
AG_WAIT_P = AG_POS + 2
AG_WAIT_D = AG_POS + 3
AG_WAIT_ARG = AG_POS + 4
AG_CHECK_FRAMES = AG_POS + 5       # 1: check the resume frames (sim.engine.resume: a frame
                                  # read past the stack, or left unread, is an error);
                                  # read only while resuming (sim.env.Game(debug_frames))
AG_PLAYOUT = AG_POS + 6            # 1: past the script, agent seats' own bots answer (the
                                  # game is played out to its end: search bots' playouts)
AG_POLICY = AG_POS + 7            # where the state lists its seats' compiled policies (0:
                                  # none): a table past the state that the policy decider
                                  # installed from above reads (sim.learn.compiled)
AG_SCRIPT = AG_POS + 8
AG_MAX = 1024 - 128               # answers in one turn (a longer turn is an error)
# Where a stopped turn resumes (sim.engine.resume): the functions a question was asked
# inside, each as a frame (its site: where in it the question was asked, then up to
# FRAME_LOCALS of its locals), innermost first.  A resume re-enters them outermost
# first (RES_AT: the next frame to re-enter; RES_ON: 1 until the question is answered).
RESUME = AG_SCRIPT + AG_MAX
RES_ON = RESUME
RES_N = RESUME + 1
RES_AT = RESUME + 2
RES_FRAMES = RESUME + 3
FRAME_LOCALS = 4
FRAME_WIDTH = 1 + FRAME_LOCALS
FRAME_DEPTH = 24
# Masquerade's passes that a third player does not see (3 or 4 players: each card goes
# face down from its giver to its receiver, and only those two know it): how many were
# made this game (SECRET_N; 0 in every game without one, so every reader of the rows
# below reads this one entry first and nothing else), and per giver, receiver and card
# the copies passed (S[PASSED + (giver * MAX_PLAYERS + receiver) * N_SLOTS + c]).  They
# only grow; reset_game clears them.  What a seat may know of another's owned cards is
# computed from them in one place (sim.engine.zones.known_owned, known_score).  A
# 2-player pass is no secret (each player sees the card it gets and the one it gave).
AGENT_END = RESUME + 128          # the agents' block and resume frames end here (sim.env
                                  # sets and clears AGENT:AGENT_END as one)
SECRET_N = AGENT_END
PASSED = SECRET_N + 1
# Scratch of sim.engine.hooks.hide_passes: the change it made to each other player's
# owned counts while a hook or Python bot reads them (0 outside that call).
HIDDEN_FIX = PASSED + MAX_PLAYERS * MAX_PLAYERS * N_SLOTS
LOG = HIDDEN_FIX + MAX_PLAYERS * N_SLOTS
LOG_WIDTH = 6                     # (event, turn, player, card, count, extra)
STATE_SIZE = LOG                  # without a log

# Card table and setup ``T``.
N_COLS = 8                        # T[c * N_COLS + col]: the card table, columns sim.cards.C_*
SUPPLY0 = N_SLOTS * N_COLS   # starting pile sizes
N_ACTIONS = SUPPLY0 + N_SLOTS     # how many Action ids follow
ACTION_IDS = N_ACTIONS + 1
N_TREASURES = ACTION_IDS + N_SLOTS
TREASURE_IDS = N_TREASURES + 1
N_REACTIONS = TREASURE_IDS + N_SLOTS  # the game's Reactions to an Attack, in declared order
REACTION_IDS = N_REACTIONS + 1
# Adventures: 1 when the game uses any Adventures card or Event (the turn then runs
# sim.engine.adventures.turn; 0 keeps the base game's own faster turn); the Events in the
# game; each Traveller's next card + 1 (0: none); the upgrade piles' starting sizes;
# 1 + the highest card id in the game (loops over a game's cards stop there).
T_ADV = REACTION_IDS + N_SLOTS
N_EVENTS = T_ADV + 1
EVENT_IDS = N_EVENTS + 1
EXCHANGE_FOR = EVENT_IDS + N_SLOTS
NON_SUPPLY0 = EXCHANGE_FOR + N_SLOTS
T_NIDS = NON_SUPPLY0 + N_SLOTS
# Facts of each card that the engine looks up by its id, from its declaration (sim.cards;
# the same in every game): its slot among the Events (EVENT_SLOT: where its counts are in
# EV_BOUGHT and EV_BOUGHT_TURN; -1 for a card), its bit of V_ONCE if it is an Event bought
# once per turn (ONCE_BIT; 0 otherwise), and 1 if its pile is outside the Supply (NON_SUPPLY_PILE:
# the Traveller upgrades).
EVENT_SLOT = T_NIDS + 1
ONCE_BIT = EVENT_SLOT + N_SLOTS
NON_SUPPLY_PILE = ONCE_BIT + N_SLOTS
# The game's start-of-turn window, from its cards' declarations (Card.at_start): how each
# card takes part (START_HOW: sim.cards START_*; 0 for none), and the game's cards that
# do, in the window's default order (N_START, START_IDS).  A game whose cards have no part
# in it (N_START 0) never opens the window.
START_HOW = NON_SUPPLY_PILE + N_SLOTS
# How long a play's effect lasts (sim.cards.LASTS: 0 none, 1 to the next turn, 2 the game).
LASTS = START_HOW + N_SLOTS
N_START = LASTS + N_SLOTS
START_IDS = N_START + 1
# A start-of-turn effect's counters per play (StartOfTurn.draw, coins, buys); the game's
# Reserves called at the start of the turn (N_START_CALLS, START_CALL_IDS, in the default
# order) and its cards whose plays last (N_LASTING, LASTING_IDS: the EFFECTS entries a
# new game clears).
START_DRAW = START_IDS + N_SLOTS
START_COINS = START_DRAW + N_SLOTS
START_BUYS = START_COINS + N_SLOTS
N_START_CALLS = START_BUYS + N_SLOTS
START_CALL_IDS = N_START_CALLS + 1
N_LASTING = START_CALL_IDS + N_SLOTS
LASTING_IDS = N_LASTING + 1
# Scoring beyond printed VP, from the cards' declarations (Card.vp_per_cards, vp_per_card):
# the game's cards with such a rule (N_VP_RULES, VP_RULE_IDS: Gardens, Duke), and per card
# id 1 VP per VP_PER_CARDS cards owned (0: none) and 1 VP per copy of card VP_PER_CARD
# owned (-1: none), per copy of the card (sim.engine.zones.score).
N_VP_RULES = LASTING_IDS + N_SLOTS
VP_RULE_IDS = N_VP_RULES + 1
VP_PER_CARDS = VP_RULE_IDS + N_SLOTS
VP_PER_CARD = VP_PER_CARDS + N_SLOTS
# 1 when a card of the game acts when a card is bought (its declaration, Card.on_buy): else
# a buy skips the on-buy step (sim.engine.adventures.turn.buy_card).
T_ON_BUY = VP_PER_CARD + N_SLOTS
# Reserves called from the Tavern mat outside the start of the turn, from their
# declarations (Card.called, call_*): the game's Reserves called after an Action, in the
# window's order (N_AFTER_CALLS, AFTER_CALL_IDS: sim.cards.AFTER_ACTION_CALLS; a game with
# none skips the window; what each call does the window compiles in,
# sim.engine.adventures.mechanics.AFTER_IDS); the game's Reserves called on a gain
# (N_GAIN_CALLS, GAIN_CALL_IDS) and per card id the most a gained card may cost for the
# call to gain a copy (CALL_COPY_UP_TO; -1 none).  A game with none has 0 of each.
N_AFTER_CALLS = T_ON_BUY + 1
AFTER_CALL_IDS = N_AFTER_CALLS + 1
N_GAIN_CALLS = AFTER_CALL_IDS + N_SLOTS
GAIN_CALL_IDS = N_GAIN_CALLS + 1
CALL_COPY_UP_TO = GAIN_CALL_IDS + N_SLOTS
# How many Travellers the game holds (its kingdom's lines, the upgrades included; an
# Estate can inherit one only then): 0 lets every Cleanup skip looking for one in play.
T_TRAVELLERS = CALL_COPY_UP_TO + N_SLOTS
TABLE_SIZE = T_TRAVELLERS + 1

# Random streams ``R``: N_STREAMS rows of 4 uint64 (xoshiro256** state), read flat.
N_STREAMS = 2 * MAX_PLAYERS + 1   # per seat: shuffles, decisions; plus one for the first player
RNG_WIDTH = 4

# Bot programs ``P[b, :]`` (read flat: P[b * P_WIDTH + field]).
PF_FLAGS = 0
PF_BOUNDS = PF_FLAGS + N_FLAGS    # (start, stop) per rule list
# N_RANK_ROWS rank rows of N_SLOTS (sim.engine.program R_*): play, discard, trash, cellar,
# topdeck, sentry_discard.
PF_RANKS = PF_BOUNDS + 2 * N_LISTS
PF_NPLAY = PF_RANKS + N_RANK_ROWS * N_SLOTS  # the play ranks as an ordered list of card ids
PF_PLAY = PF_NPLAY + 1
PF_NRULES = PF_PLAY + N_SLOTS
PF_RULES = PF_NRULES + 1          # rule r: (card, from_card, n_conds) at PF_RULES + 3 * r
RULE_WIDTH = 3
P_WIDTH = PF_RULES + RULE_WIDTH * MAX_RULES
# Conditions ``Q[b, r, i, :]``: COND_WIDTH floats (see sim.engine.program), read flat:
# Q[((b * MAX_RULES + r) * MAX_CONDS + i) * COND_WIDTH + k].
Q_WIDTH = COND_WIDTH
Q_CONDS = MAX_CONDS


# Call tables ``H``: the engine's sixth argument, a tuple of pointers, each to a row of
# first-class functions in memory (built by sim.engine.cardcalls.engine_calls), read by
# these names.  A function is handed
# the prefix it needs, in which every name means the same member: H[:H_ADVENTURE] for a
# decision and the Adventures calls, H[:H_CARDS] for a card text, H[:H_TURN] for the
# Adventures turn, the whole H for the game loop.  (Names, not a named tuple: numba takes a
# named tuple of functions, but H is rebuilt from addresses inside compiled code and its
# prefixes go into the signatures of every card text, so each prefix would need a named type
# of its own; an index name compiles to the very same code.)
H_DECIDE = 0                      # the deciders, one per rule bot: sim.engine.decision_pair
DECIDE_BASE, DECIDE_ADV = 0, 1    # decide: a base game's every question; decide_adv: an
                                  # Adventures-turn game's, but for a set's own bot's:
DECIDE_INTRIGUE = 2               # decide_intrigue (or a stub without Intrigue cards)
N_DECIDERS = 3                    # (codes.DEC_DECIDER: which one a question goes to)
H_HOOKS = 1                       # the compiled hooks (a bot's hook k is H[H_HOOKS][k - 1])
H_ADVENTURE = 2                   # what every gain and attack sets off (or stubs)
A_ON_GAIN, A_ATTACKED = 0, 1      # sim.engine.adventures.mechanics.on_gain, attacked_adv
H_CARDS = 3                       # the card texts, by the card's special code (C_SPECIAL)
H_TURN = 4                        # (the Adventures turn, a stub), or stubs in a base game
TURN_ADV = 0                      # sim.engine.adventures.turn.play_turn_adv
N_CALL_TABLES = 5

def zone(z: int, p: int) -> int:
    """Offset of player ``p``'s zone ``z`` in S."""
    return ZONES + z * ZONE_STRIDE + p * N_SLOTS


# State ``S``: the offsets of each row named above.

# Offsets of player 0's zones; player p's are N_SLOTS * p further.
HAND0 = zone(Z_HAND, 0)
PLAY0 = zone(Z_PLAY, 0)
DISC0 = zone(Z_DISC, 0)
ASIDE0 = zone(Z_ASIDE, 0)
MAT0 = zone(Z_MAT, 0)
GEAR0 = zone(Z_GEAR, 0)
SAVE0 = zone(Z_SAVE, 0)
OWN0 = zone(Z_OWN, 0)
HAND_N = PS + K_HAND_N * MAX_PLAYERS
MAT_N = PS + K_MAT_N * MAX_PLAYERS
GEAR_N = PS + K_GEAR_N * MAX_PLAYERS
SAVE_N = PS + K_SAVE_N * MAX_PLAYERS
PLAY_N = PS + K_PLAY_N * MAX_PLAYERS
DISC_N = PS + K_DISC_N * MAX_PLAYERS
ASIDE_N = PS + K_ASIDE_N * MAX_PLAYERS
UNKNOWN = PS + K_UNKNOWN * MAX_PLAYERS
DECK_N = PS + K_DECK_N * MAX_PLAYERS
OWN_N = PS + K_OWN_N * MAX_PLAYERS
TURNS = PS + K_TURNS * MAX_PLAYERS
DISC_TOP = PS + K_DISC_TOP * MAX_PLAYERS
BOT = PS + K_BOT * MAX_PLAYERS
MONEY = PS + K_MONEY * MAX_PLAYERS          # total $ value of owned cards
VP = PS + K_VP * MAX_PLAYERS                # printed VP of owned cards (Gardens count apart)
TYPE_N = PS + K_TYPE0 * MAX_PLAYERS         # TYPE_N + k * MAX_PLAYERS + p
TOK_CARD = PS + K_TOK_CARD * MAX_PLAYERS    # + k * MAX_PLAYERS + p: token k's pile + 1
TOK_ACTION = PS + K_TOK_ACTION * MAX_PLAYERS
TOK_BUY = PS + K_TOK_BUY * MAX_PLAYERS
TOK_COIN = PS + K_TOK_COIN * MAX_PLAYERS
TOK_COST = PS + K_TOK_COST * MAX_PLAYERS
TOK_TRASH = PS + K_TOK_TRASH * MAX_PLAYERS
MINUS_CARD = PS + K_MINUS_CARD * MAX_PLAYERS
MINUS_COIN = PS + K_MINUS_COIN * MAX_PLAYERS
JOURNEY_DOWN = PS + K_JOURNEY_DOWN * MAX_PLAYERS
INHERIT = PS + K_INHERIT * MAX_PLAYERS
GAINED = PS + K_GAINED * MAX_PLAYERS
INHERITANCE_BOUGHT = PS + K_INHERITANCE_BOUGHT * MAX_PLAYERS   # once per game, even if nothing
MARKS = PS + K_MARKS * MAX_PLAYERS
HELD_N = PS + K_HELD_N * MAX_PLAYERS
EFFECTS_DUE = PS + K_EFFECTS_DUE * MAX_PLAYERS
# What a compiled hook sees (sim.engine.hooks): S[HOOK_VIEW : HOOK_VIEW + HOOK_VIEW_N], i.e. the
# owned zones, SEEN_HAND, the known deck top (SEEN_TOP), supply, trash, in-supply row,
# per-player and game scalars.
HOOK_VIEW = OWN0
HOOK_VIEW_N = ERR - HOOK_VIEW
assert (K_HAND_N, K_PLAY_N, K_DISC_N, K_ASIDE_N, K_MAT_N, K_GEAR_N, K_SAVE_N, K_OWN_N) == (
    Z_HAND, Z_PLAY, Z_DISC, Z_ASIDE, Z_MAT, Z_GEAR, Z_SAVE, Z_OWN)
assert OWN0 + ZONE_STRIDE == SEEN_HAND   # the owned zones come last
ACTIONS_OWNED = TYPE_N + (ACTION.bit_length() - 1) * MAX_PLAYERS  # + p: Action cards owned

# Capacities.  Every card id has a slot in each zone, and lowest_ranked_in_hand
# (sim.engine.decide) packs an id under N_SLOTS, a power of two.  (The decisions' slots,
# AG_TAKES, are checked where the decisions are counted: sim.engine.codes.N_DECISIONS.)
assert N_CARDS <= N_SLOTS, (
    f"{N_CARDS} card ids but {N_SLOTS} card slots per zone: raise N_SLOTS "
    "(sim.engine.layout) to the next power of two")
assert N_SLOTS & (N_SLOTS - 1) == 0, f"N_SLOTS ({N_SLOTS}) must be a power of two"
