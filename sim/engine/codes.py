"""Integer codes shared by the compiled engine and the Python around it.

Decisions (``D_*``) are the questions the engine asks a player; each is
answered with one card id (or -1 for "none / stop").  Events (``EV_*``) are
rows of the optional game log.  Errors (``ERR_*``) stop a batch; the Python
wrapper turns them into exceptions that name the bot, decision and card.
"""

# ----------------------------------------------------------------------------- decisions
# The one table of decisions.  Each question the engine asks a player is one record
# (sim.cards.decisions.Decision): who is asked, what kind of answer it takes, which answers
# are legal (the domain: a zone, a gain rule, types, a cost limit, when "none" is allowed),
# for questions answered with an option number the options' words, and the rule bots'
# default answer.  The turn's own questions are declared below, a card's questions next to
# the card (sim.cards.base, sim.cards.adventures); this list numbers them all, in an order
# that never changes (policies, results files and saved games store the codes; a new
# question goes at the end).  Everything else is derived from it: the D_* codes and
# DECISION_NAMES (here), the numba-visible arrays DEC_* (here), the one compiled legality
# source (sim.engine.legality: the legal answers in the random bot's draw order, the State
# API's mask, the random bot's draw), the rule bots' defaults (sim.engine.decide and
# sim.engine.adventures.decide dispatch on DEC_DEFAULT, the declared pattern), the words
# of the agents' actions (sim.env.actions) and of an illegal answer's error
# (sim.engine.batch).  Why one table: each decision's legal answers used to be written
# four times (the random bot, the Adventures random bot, the env's mask, the error
# text), and they drifted; its default answer was a branch on its code in a rule bot.
#
# Not derived from it: the engine's own checks in the card texts and in play_turn
# (D_ACTION / D_TREASURE / D_BUY are the hot path; their inline tests are kept as they
# are).  The engine accepts every answer the table allows; it accepts more in the
# places sim.engine.legality's docstring lists (the random bot's documented
# narrowings), checked by tests/test_decision_table.py.

import dataclasses as _dc

import numpy as _np

from sim.cards import CARDS as _CARDS
from sim.cards import SETS as _SETS
from sim.cards import TREASURE as _TREASURE
from sim.cards import adventures as _adventures
from sim.cards.decisions import (  # noqa: F401 - the table's words, re-exported
    ANS_CARD,
    ANS_MODE,
    ANS_ORDER,
    ANS_YES_NO,
    ANSWER_WORDS,
    ANY_COST,
    ASK_ANY,
    ASK_OTHER,
    ASK_TURN,
    ASK_WORDS,
    BASE_DEFAULTS,
    DEF_AFTER_ACTION,
    DEF_BOTTOM_IF_JUNK,
    DEF_BUY,
    DEF_CELLAR_LIST,
    DEF_CHEAPEST,
    DEF_CHOOSE_COPPER_TO_MAT,
    DEF_CHOOSE_FREE_DISCARD,
    DEF_CHOOSE_TRASH_SILVER_COIN,
    DEF_COPY_COSTLIEST,
    DEF_COPY_UNLESS_JUNK,
    DEF_COURTIER,
    DEF_DISCARD,
    DEF_DISCARD_ATTACK_CURSE,
    DEF_DISCARD_FIRST,
    DEF_EXCHANGE,
    DEF_FIRST_PLAYED_GAIN,
    DEF_GAIN,
    DEF_GAIN_EXACT,
    DEF_GAIN_OF_TYPE,
    DEF_GAIN_PAIRED,
    DEF_GEAR_LIST,
    DEF_KEEP_BEST,
    DEF_LURKER_MODE,
    DEF_LURKER_PICK,
    DEF_MINE_TRASH,
    DEF_MOST_TYPES,
    DEF_MUST_TRASH,
    DEF_NAME_LIKELY,
    DEF_NO,
    DEF_NONE,
    DEF_PLAY,
    DEF_PLAY_COPPER,
    DEF_PLAY_IF_LISTED,
    DEF_REVEAL,
    DEF_SENTRY_LIST,
    DEF_SKIP_ACTION,
    DEF_START,
    DEF_TEACHER_TOKEN,
    DEF_TOKEN_PILE,
    DEF_TOPDECK_FROM_HAND,
    DEF_TOPDECK_GAINED,
    DEF_TOPDECK_LOOKED,
    DEF_TOPDECK_ORDER,
    DEF_TOPDECK_RANKED,
    DEF_TRASH_FOR_GAIN,
    DEF_TRASH_JUNK,
    DEF_TRASH_JUNK_NOT_COPPER,
    DEF_TRASH_PLAYED_JUNK,
    DEF_TREASURE,
    DEF_YES,
    DEF_YES_IF_OPTION0,
    DEFAULTS,
    DOM_AFTER,
    DOM_ANY_CARD,
    DOM_ASIDE,
    DOM_BUY,
    DOM_DISCARD,
    DOM_EXACT,
    DOM_GAIN,
    DOM_HAND,
    DOM_HAND_ACTION,
    DOM_NONE,
    DOM_PILE,
    DOM_PILGRIM,
    DOM_PLAY,
    DOM_QUEST,
    DOM_QUEST_DISCARD,
    DOM_START,
    DOM_SUPPLY_ACTION,
    DOM_TOPDECK,
    DOM_TRASH_ACTION,
    DOM_UNCHOSEN,
    DOMAIN_WORDS,
    LIM_ANY,
    LIM_ARG,
    LIM_COINS,
    LIM_NONE,
    NONE_ALWAYS,
    NONE_IF_EMPTY,
    NONE_IF_NOTHING_DUE,
    NONE_NEVER,
    NONE_UNLESS_ARG1,
    READS_TRASH_LIST,
    RULES_ADVENTURES,
    RULES_BASE,
    RULES_INTRIGUE,
    Decision,
)
from sim.engine.layout import AG_POS as _AG_POS
from sim.engine.layout import AG_TAKES as _AG_TAKES
from sim.engine.layout import DECIDE_ADV as _DECIDE_ADV
from sim.engine.layout import DECIDE_INTRIGUE as _DECIDE_INTRIGUE
from sim.engine.program import L_REMODEL as _L_REMODEL
from sim.engine.program import L_TRANSMOGRIFY as _L_TRANSMOGRIFY
from sim.engine.program import W_DISCIPLE as _W_DISCIPLE
from sim.engine.program import X_SAVE as _X_SAVE
from sim.engine.program import X_TRADE as _X_TRADE

DECISIONS: list[Decision] = []


def declare(record: Decision) -> int:
    """Number ``record`` (the next code), append it to DECISIONS, return its code."""
    d = _dc.replace(record, code=len(DECISIONS))
    DECISIONS.append(d)
    return d.code


def decision(name: str, method: str, **fields) -> int:
    """Declare the next decision from its fields (sim.cards.decisions.Decision's); return
    its code."""
    return declare(Decision(name, method, **fields))


_T, _O, _A = ASK_TURN, ASK_OTHER, ASK_ANY
_C, _YN, _ORD = ANS_CARD, ANS_YES_NO, ANS_ORDER
_ADV = RULES_ADVENTURES

D_ACTION = decision(
    "play an Action", "play_action",
    asked=_T, answer=_C, domain=DOM_HAND_ACTION, none=NONE_ALWAYS, default=DEF_PLAY,
    text="Which Action from your hand do you play? None ends the Action phase.")
D_TREASURE = decision(
    "play a Treasure", "play_treasure",
    asked=_T, answer=_C, domain=DOM_HAND, types=_TREASURE,
    none=NONE_ALWAYS, default=DEF_TREASURE,
    text="Which Treasure from your hand do you play? None stops playing Treasures.")
D_BUY = decision(
    "buy", "buy",
    asked=_T, answer=_C, domain=DOM_BUY, limit=LIM_COINS, none=NONE_ALWAYS, default=DEF_BUY,
    text="Which card (or Event) do you buy with the $ you have? None stops buying.")
D_ATTACK_DISCARD = decision(
    "discard to an attack", "attack_discard",
    asked=_O, answer=_C, domain=DOM_HAND, none=NONE_IF_EMPTY, default=DEF_DISCARD,
    text="Which card from your hand do you discard to the attack (arg: how many still)?")
# Every set's questions, set by set (the base game's, Adventures', then each later set's),
# in the order each set lists them (sim.cards.types.CardSet.decisions): a set's functions
# read their codes with code_of.
for _card_set in _SETS:
    for _record in _card_set.decisions:
        declare(_record)
N_DECISIONS = len(DECISIONS)
_CODE_BY_METHOD = {d.method: d.code for d in DECISIONS}
assert len(_CODE_BY_METHOD) == N_DECISIONS, "two decisions share a method name"


def code_of(record: Decision) -> int:
    """The code the table gave a set's question (``record`` as the set declares it): how
    a set's engine modules read their D_* codes (a record the table does not hold, or
    holds otherwise, is refused)."""
    code = _CODE_BY_METHOD.get(record.method, -1)
    if code < 0 or _dc.replace(DECISIONS[code], code=record.code) != record:
        raise KeyError(f"{record.name!r} is not a question of the table (sim.engine.codes)")
    return code


# The codes of Adventures' mechanics' questions, read by several engine modules (the
# start-of-turn window, the after-Action window, Traveller exchanges, tokens, several
# cards onto a deck at once; sim.cards.adventures declares them).
D_START = code_of(_adventures.START_OF_TURN)
D_AFTER_ACTION = code_of(_adventures.AFTER_ACTION_CALL)
D_EXCHANGE = code_of(_adventures.EXCHANGE_TRAVELLER)
D_TOKEN_PILE = code_of(_adventures.TOKEN_PILE)
D_TOPDECK_ORDER = code_of(_adventures.TOPDECK_ORDER)
D_TRASHING_TOKEN = code_of(_adventures.TRASHING_TOKEN_TRASH)


def reaction_questions(cards, decisions) -> tuple[_np.ndarray, _np.ndarray]:
    """The question that offers each card's Reaction (its ``Reacts.asks``: the method of a
    yes/no question about that card; -1 for a card that does not react), by card id, and
    the card each such question offers (-1 for the other questions), by code: what the
    reaction window asks (sim.engine.steps, sim.engine.adventures.mechanics) and which
    questions an agent seat is put holding no such card (sim.env.core.padded_reaction)."""
    by_method = {d.method: d for d in decisions}
    question = _np.full(len(cards), -1, _np.int64)
    card_of = _np.full(len(decisions), -1, _np.int64)
    for c in cards:
        if c.reacts is None:
            continue
        d = by_method.get(c.reacts.asks)
        if d is None or d.card != c.id or d.answer != ANS_YES_NO:
            raise ValueError(f"{c.name}: reacts asking {c.reacts.asks!r}, which is not a "
                             f"yes/no question of the table about {c.name}")
        question[c.id] = d.code
        card_of[d.code] = c.id
    return question, card_of


#: Each Reaction's question, by card id, and each question's Reaction, by code (-1 none).
REACT_QUESTION, QUESTION_REACTION = reaction_questions(_CARDS, DECISIONS)

def _yes_no_questions(cards, decisions, field: str) -> _np.ndarray:
    """The yes/no question each card's ``field`` names (the method of a yes/no question
    about that card), by card id (-1 for a card naming none); a question that is not such
    is refused, naming the card."""
    by_method = {d.method: d for d in decisions}
    question = _np.full(len(cards), -1, _np.int64)
    for c in cards:
        method = getattr(c, field)
        if not method:
            continue
        d = by_method.get(method)
        if d is None or d.card != c.id or d.answer != ANS_YES_NO:
            raise ValueError(f"{c.name}: {field}={method!r}, which is not a yes/no "
                             f"question of the table about {c.name}")
        question[c.id] = d.code
    return question


def call_questions(cards, decisions) -> _np.ndarray:
    """The question that offers each Reserve's call on a gain (its ``Card.call_asks``: the
    method of a yes/no question about that card), by card id (-1 for the other cards):
    what sim.engine.adventures.mechanics.on_gain asks, checked here as the Reactions'
    questions are."""
    return _yes_no_questions(cards, decisions, "call_asks")


def end_of_buy_discard_questions(cards, decisions) -> _np.ndarray:
    """The question that offers each Reserve's discard from the mat at the end of the Buy
    phase (its ``Card.end_of_buy_discard_asks``), by card id (-1 for the other cards):
    what sim.engine.adventures.turn asks there."""
    return _yes_no_questions(cards, decisions, "end_of_buy_discard_asks")


#: Each on-gain Reserve's question, by card id (-1 none).
CALL_QUESTION = call_questions(_CARDS, DECISIONS)
#: Each end-of-Buy-phase discard's question, by card id (-1 none).
END_OF_BUY_DISCARD_QUESTION = end_of_buy_discard_questions(_CARDS, DECISIONS)

# The state keeps flags per decision (sim.engine.layout AG_TAKES: whether an agent seat
# answers it); the table must fit them.
DECISION_SLOTS = _AG_POS - _AG_TAKES
assert N_DECISIONS <= DECISION_SLOTS, (
    f"{N_DECISIONS} decisions, but the state keeps {DECISION_SLOTS} per-decision slots: "
    "raise the per-decision slot count of AG_TAKES (sim.engine.layout: AG_POS = AG_TAKES "
    "+ the count)")

#: The decisions' names, by code.
DECISION_NAMES = tuple(d.name for d in DECISIONS)

#: The bot lists a default may read (a record's ``default_list``, in the rule language's
#: words), as the numbers its pattern reads: a (trash, gain) rule list (sim.engine.program
#: L_*), an extra rank row (X_*) or a card list with conditions (W_*); -1 for none.
DEFAULT_LISTS = {"": -1, "remodel": _L_REMODEL, "transmogrify": _L_TRANSMOGRIFY,
                 "trade": _X_TRADE, "save": _X_SAVE, "disciple": _W_DISCIPLE}


def _column(field: str) -> _np.ndarray:
    return _np.array([getattr(d, field) for d in DECISIONS], _np.int64)


# The table as numba reads it (module globals are compiled in as constants).
DEC_ANSWER = _column("answer")
DEC_DOMAIN = _column("domain")
DEC_TYPES = _column("types")
DEC_NOT_TYPES = _column("not_types")
DEC_LIMIT = _column("limit")
DEC_NONE = _column("none")
DEC_EXCLUDE = _column("exclude")
DEC_OPTIONS = _np.array([len(d.options) for d in DECISIONS], _np.int64)
DEC_RULES = _column("rules")
DEC_DEFAULT = _column("default")        # the rule bots' default, by pattern (DEF_*)
DEC_CARD = _column("card")
DEC_DEFAULT_LIST = _np.array([DEFAULT_LISTS[d.default_list] for d in DECISIONS], _np.int64)
DEC_DEFAULT_ARG = _column("default_arg")
# The decider (a member of the engine's H[H_DECIDE], sim.engine.decision_pair) that a game
# running the Adventures turn asks each question: its rule bot's.  The base rule bot's
# questions go to the Adventures decider there (it buys Events too, and answers them with
# the base rules); a base game asks every question of DECIDE_BASE.
_DECIDER_OF_BOT = {RULES_BASE: _DECIDE_ADV, RULES_ADVENTURES: _DECIDE_ADV,
                   RULES_INTRIGUE: _DECIDE_INTRIGUE}
DEC_DECIDER = _np.array([_DECIDER_OF_BOT[d.rules] for d in DECISIONS], _np.int64)

# Special answers.
NO_CARD = -1
USE_DEFAULT = -2       # a Python bot declines to decide: its rule program decides
BOT_RAISED = -3        # a Python bot raised an exception

# Errors.
ERR_NONE = 0
ERR_ILLEGAL = 1        # err = [code, game, seat, decision, card, bot]
ERR_BOT_RAISED = 2
ERR_OVERFLOW = 3       # a zone outgrew its array (cannot happen with the built-in cards)
ERR_AGENT_WAIT = 4     # not an error: an agent seat is asked a decision past its script
                       # (sim.engine.layout AG_*; the turn stops there, sim.env resumes it)
ERR_FRAMES = 5         # a resumed turn's frames out of step (sim.engine.resume, checked with
                       # layout AG_CHECK_FRAMES): ERR + 4 is -1 for a frame read past the
                       # stack, else the frames left unread at the question

# Log events: row = (event, turn, player, card, count, extra).
EV_TURN = 0            # a player's turn starts (count: its turn number)
EV_HAND = 1            # hand at the start of a turn: card, count
EV_PLAY = 2            # played a card
EV_BUY = 3
EV_GAIN = 4            # extra: 0 to discard, 1 to hand, 2 onto the deck, 3 from the trash
EV_TRASH = 5           # extra: 0 the player's card, TRASH_FROM_SUPPLY a Supply card (Lurker)
EV_DISCARD = 6         # extra: 0 attack, 1 Cellar
EV_DRAW = 7            # drew a card
EV_SHUFFLE = 8         # count: cards shuffled into the new draw pile
EV_REVEAL = 9          # revealed a Reaction (Moat) and was unaffected
EV_COINS = 10          # count: $ available when the Buy phase's buying starts
EV_END = 11            # count: end reason; extra: turns played in all
EV_SCORE = 12          # player's final score in count
EV_CLEANUP = 13        # count: cards drawn for the next hand
EV_TOPDECK = 14        # put a card onto the deck (extra: the card whose text did it)
EV_SET_ASIDE = 15      # set a card aside (extra: the card whose text did it)
EV_LOOK = 16           # looked at a card from the deck (extra: the card whose text did it)
EV_REVEAL_CARD = 17    # revealed a card (count copies; extra: 0 from the deck, 1 from hand)
EV_PLAY_AGAIN = 18     # a card played by another resolves (count: 1st/2nd...; extra: by whom)
# Adventures.
EV_TO_MAT = 19         # put a card on the Tavern mat (extra: the card whose text did it)
EV_CALL = 20           # called a Reserve card from the mat (extra: the card it answers, or -1)
EV_EVENT = 21          # bought an Event (card: the Event)
EV_TOKEN = 22          # moved a token (card: the pile, or -1 for the deck / the player;
                       # count: which token, K_TOK_*-style code T_*; extra: the card or Event)
EV_DURATION = 23       # a Duration's start-of-turn effect (card: the Duration)
EV_EXCHANGE = 24       # exchanged a Traveller (card: it; extra: the card it became)
EV_MISSION = 25        # the extra turn from Mission starts
EV_PAY = 26            # Storyteller paid $ (count)
EV_RETURN = 27         # set-aside cards returned to hand (extra: Gear or Save)
EV_REACT = 28          # played a Reaction against an Attack (card: it; extra: the Attack)
# Intrigue.
EV_INSERT = 29         # put a card into the deck (count: the cards above it; extra: by whom)
EV_NAME = 30           # named a card (extra: the card whose text did it)
EV_CHOOSE = 31         # chose an option (card: the card whose text did it; count: the
                       # option; extra: the decision asked)
EV_PASS = 32           # passed a card (Masquerade; extra: the player who receives it)

# Tokens (the ``count`` of EV_TOKEN rows).
TOKEN_CARD, TOKEN_ACTION, TOKEN_BUY, TOKEN_COIN, TOKEN_COST, TOKEN_TRASHING = range(6)
TOKEN_MINUS_CARD, TOKEN_MINUS_COIN, TOKEN_JOURNEY, TOKEN_ESTATE = range(6, 10)
TOKEN_NAMES = ("+1 Card", "+1 Action", "+1 Buy", "+$1", "-$2 cost", "Trashing", "-1 Card",
               "-$1", "Journey", "Estate")

# Why a card was discarded (the ``extra`` of EV_DISCARD rows).
DISCARD_ATTACK = 0
DISCARD_CELLAR = 1
DISCARD_REVEALED = 2   # a revealed or looked-at card (Vassal, Bandit, Sentry, Library)
DISCARD_POACHER = 3
DISCARD_DUNGEON = 4
DISCARD_ARTIFICER = 5
DISCARD_FUGITIVE = 6
DISCARD_QUEST = 7
DISCARD_SCOUTING = 8
DISCARD_GUIDE = 9      # Guide discards the hand
DISCARD_FROM_MAT = 10  # from the Tavern mat (Wine Merchant's end-of-Buy-phase discard)

# Where a trashed card came from (the ``extra`` of EV_TRASH rows): 0, the player's own.
TRASH_FROM_SUPPLY = 1   # a Supply pile's card (Lurker): nobody's
# The ``extra`` of an EV_GAIN row is where the card went (sim.engine.zones GAIN_TO_*), or:
GAIN_FROM_TRASH = 3     # gained from the trash (Lurker), to the discard pile

# Why a game ended.
END_PROVINCES = 0
END_PILES = 1
END_TURN_CAP = 2
END_NAMES = ("provinces", "three piles", "turn cap")
