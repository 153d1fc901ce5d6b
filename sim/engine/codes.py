"""Integer codes shared by the compiled engine and the Python around it.

Decisions (``D_*``) are the questions the engine asks a player; each is
answered with one card id (or -1 for "none / stop").  Events (``EV_*``) are
rows of the optional game log.  Errors (``ERR_*``) stop a batch; the Python
wrapper turns them into exceptions that name the bot, decision and card.
"""

# ----------------------------------------------------------------------------- decisions
# The one table of decisions.  Each question the engine asks a player is declared once
# below, with who is asked, what kind of answer it takes, which answers are legal (the
# domain: a zone, a gain rule, types, a cost limit, when "none" is allowed) and, for
# questions answered with an option number, the options' words.  Everything else is
# derived from it: the D_* codes and DECISION_NAMES (here), the numba-visible arrays
# DEC_* (here), the one compiled legality source (sim.engine.legality: the legal answers
# in the random bot's draw order, the State API's mask, the random bot's draw), the
# words of the agents' actions (sim.env.actions) and of an illegal answer's error
# (sim.engine.batch).  Why one table: each decision's legal answers used to be written
# four times (the random bot, the Adventures random bot, the env's mask, the error
# text), and they drifted.
#
# Not derived from it: the engine's own checks in the card texts and in play_turn
# (D_ACTION / D_TREASURE / D_BUY are the hot path; their inline tests are kept as they
# are).  The engine accepts every answer the table allows; it accepts more in the
# places sim.engine.legality's docstring lists (the random bot's documented
# narrowings), checked by tests/test_decision_table.py.

# Who is asked.
ASK_TURN = 0           # the player whose turn it is
ASK_OTHER = 1          # another player (attacked, or reacting to an Attack)
ASK_ANY = 2            # whoever the event concerns (on their turn or another's)
ASK_WORDS = ("the player on turn", "another player", "any player")

# What kind of answer.
ANS_CARD = 0           # a card id (or -1 for "none" where allowed)
ANS_YES_NO = 1         # 1 yes, 0 no
ANS_MODE = 2           # an option number k (DEC_OPTIONS[d] of them), -1 where allowed
ANS_ORDER = 3          # a card id: the next one of several going somewhere together
ANSWER_WORDS = ("a card", "yes or no", "an option", "a card (order)")

# Where a card answer comes from (the domain).
DOM_NONE = 0           # no card: yes/no and option questions
DOM_HAND = 1           # a card in the player's hand
DOM_HAND_ACTION = 2    # a card in hand that is an Action for the player (inheriting Estate)
DOM_GAIN = 3           # a card that can be gained (Supply, not empty) costing up to the limit
DOM_EXACT = 4          # a card that can be gained costing exactly the limit
DOM_ASIDE = 5          # a card being looked at / revealed (set aside)
DOM_PLAY = 6           # a card in play
DOM_DISCARD = 7        # a card in the discard pile
DOM_BUY = 8            # a card or an Event that can be bought now
DOM_START = 9          # a start-of-turn effect due, or (arg 0) a Reserve call
DOM_AFTER = 10         # an after-Action call (arg: the Action)
DOM_PILE = 11          # an Action Supply pile (Teacher: none of the player's tokens on it)
DOM_PILGRIM = 12       # a card in play that can be gained, its id above arg
DOM_TOPDECK = 13       # the set-aside cards while any, else the hand
DOM_QUEST = 14         # Quest's options (sim.engine.legality: a narrowing)
DOM_QUEST_DISCARD = 15  # Quest's discards (sim.engine.legality: a narrowing)
DOMAIN_WORDS = ("", "a card in hand", "an Action in hand", "a card to gain",
                "a card to gain costing exactly", "a looked-at card", "a card in play",
                "a card in the discard pile", "a card or Event to buy",
                "a start-of-turn effect or call", "a call after an Action",
                "an Action Supply pile", "a card in play to gain a copy of",
                "one of the cards going onto the deck", "a Quest option", "a card to discard")

# The cost limit of a gain.
LIM_NONE = 0           # no limit needed (not a gain)
LIM_ARG = 1            # the question's arg
LIM_ANY = 2            # any cost
LIM_COINS = 3          # the $ available
ANY_COST = 1 << 20     # the limit LIM_ANY stands for

# When "none" (-1) is a legal answer.
NONE_NEVER = 0         # never (yes/no and option questions)
NONE_ALWAYS = 1        # always (stop, skip, end the phase)
NONE_IF_EMPTY = 2      # only when no card qualifies (a mandatory choice)
NONE_UNLESS_ARG1 = 3   # always, except with arg 1 (then only when no card qualifies: Raze)
NONE_IF_NOTHING_DUE = 4  # always once no start-of-turn effect is due, else as IF_EMPTY

# Which rule bot's defaults answer it (the engine's dispatch reads DEC_RULES[d]).
RULES_BASE = 0         # sim.engine.decide.rules_decide
RULES_ADVENTURES = 1   # sim.engine.adventures.decide.rules_decide_adv (Adventures games only)

import dataclasses as _dc  # noqa: E402 - the table's record type, next to its use

import numpy as _np  # noqa: E402


@_dc.dataclass(frozen=True)
class Decision:
    """One question the engine asks: its code, words and legal answers (see above)."""

    code: int
    name: str                   # short words: "play an Action", "trash with Chapel"
    method: str                 # the Python bot's method (sim.engine.callbacks.PythonBot)
    asked: int                  # ASK_*
    answer: int                 # ANS_*
    domain: int = DOM_NONE      # DOM_*
    types: int = 0              # the card must have one of these types (0: any)
    not_types: int = 0          # ... and none of these
    limit: int = LIM_NONE       # LIM_*: the cost limit of a gain
    none: int = NONE_NEVER      # NONE_*: when -1 is legal
    exclude: int = -1           # a card id never legal (Bandit: Copper)
    options: tuple[str, ...] = ()   # ANS_MODE: the option words, option k = options[k]
    text: str = ""              # the question in one sentence (what "?" shows)
    rules: int = RULES_BASE     # RULES_*: the rule bot whose defaults answer it


DECISIONS: list[Decision] = []


def decision(name: str, method: str, *, asked: int, answer: int, domain: int = DOM_NONE,
             types: int = 0, not_types: int = 0, limit: int = LIM_NONE, none: int = NONE_NEVER,
             exclude: int = -1, options: tuple[str, ...] = (), text: str,
             rules: int = RULES_BASE) -> int:
    """Declare the next decision: append its record to DECISIONS, return its code."""
    if answer == ANS_YES_NO and (domain or none):
        raise ValueError(f"{name}: a yes/no question has no domain and no 'none'")
    if (answer == ANS_MODE) != bool(options):
        raise ValueError(f"{name}: option words go with option answers, and only there")
    d = Decision(len(DECISIONS), name, method, asked, answer, domain, types, not_types, limit, none,
                 exclude, tuple(options), text, rules)
    DECISIONS.append(d)
    return d.code


from sim.cards import ACTION as _ACTION  # noqa: E402
from sim.cards import COPPER as _COPPER  # noqa: E402
from sim.cards import TREASURE as _TREASURE  # noqa: E402
from sim.cards import VICTORY as _VICTORY  # noqa: E402

_T, _O, _A = ASK_TURN, ASK_OTHER, ASK_ANY
_C, _YN, _M, _ORD = ANS_CARD, ANS_YES_NO, ANS_MODE, ANS_ORDER
_ADV = RULES_ADVENTURES

D_ACTION = decision(
    "play an Action", "play_action",
    asked=_T, answer=_C, domain=DOM_HAND_ACTION, none=NONE_ALWAYS,
    text="Which Action from your hand do you play? None ends the Action phase.")
D_TREASURE = decision(
    "play a Treasure", "play_treasure",
    asked=_T, answer=_C, domain=DOM_HAND, types=_TREASURE,
    none=NONE_ALWAYS, text="Which Treasure from your hand do you play? None stops playing "
    "Treasures.")
D_BUY = decision(
    "buy", "buy",
    asked=_T, answer=_C, domain=DOM_BUY, limit=LIM_COINS, none=NONE_ALWAYS,
    text="Which card (or Event) do you buy with the $ you have? None stops buying.")
D_ATTACK_DISCARD = decision(
    "discard to an attack", "attack_discard",
    asked=_O, answer=_C, domain=DOM_HAND, none=NONE_IF_EMPTY,
    text="Which card from your hand do you discard to the attack (arg: how many still)?")
D_REVEAL_MOAT = decision(
    "reveal Moat", "reveal_moat",
    asked=_O, answer=_YN,
    text="Do you reveal Moat (or a card with its abilities) to be unaffected by the attack?")
D_CELLAR = decision(
    "discard to Cellar", "cellar_discard",
    asked=_T, answer=_C, domain=DOM_HAND, none=NONE_ALWAYS,
    text="Which card from your hand do you discard to Cellar? None stops discarding.")
D_REMODEL_TRASH = decision(
    "trash with Remodel", "remodel_trash",
    asked=_T, answer=_C, domain=DOM_HAND, none=NONE_IF_EMPTY,
    text="Which card from your hand do you trash with Remodel?")
D_REMODEL_GAIN = decision(
    "gain with Remodel", "remodel_gain",
    asked=_T, answer=_C, domain=DOM_GAIN, limit=LIM_ARG,
    none=NONE_IF_EMPTY, text="Which card costing up to arg do you gain with Remodel?")
D_MINE_TRASH = decision(
    "trash with Mine", "mine_trash",
    asked=_T, answer=_C, domain=DOM_HAND, types=_TREASURE,
    none=NONE_ALWAYS, text="Which Treasure from your hand do you trash with Mine, if any?")
D_MINE_GAIN = decision(
    "gain with Mine", "mine_gain",
    asked=_T, answer=_C, domain=DOM_GAIN, types=_TREASURE, limit=LIM_ARG,
    none=NONE_IF_EMPTY, text="Which Treasure costing up to arg do you gain to your hand?")
D_WORKSHOP_GAIN = decision(
    "gain with Workshop", "workshop_gain",
    asked=_T, answer=_C, domain=DOM_GAIN, limit=LIM_ARG,
    none=NONE_IF_EMPTY, text="Which card costing up to arg do you gain with Workshop?")
D_CHAPEL = decision(
    "trash with Chapel", "chapel_trash",
    asked=_T, answer=_C, domain=DOM_HAND, none=NONE_ALWAYS,
    text="Which card from your hand do you trash with Chapel (up to 4)? None stops.")
D_MONEYLENDER = decision(
    "trash a Copper with Moneylender", "moneylender_trash",
    asked=_T, answer=_YN,
    text="Do you trash a Copper from your hand for +$3?")
D_HARBINGER = decision(
    "put a card back with Harbinger", "harbinger_topdeck",
    asked=_T, answer=_C, domain=DOM_DISCARD,
    none=NONE_ALWAYS, text="Which card from your discard pile do you put onto your deck, "
    "if any?")
D_VASSAL = decision(
    "play with Vassal", "vassal_play",
    asked=_T, answer=_YN,
    text="Do you play the Action Vassal discarded (arg: the card)?")
D_BUREAUCRAT = decision(
    "put a Victory card back (Bureaucrat)", "bureaucrat_topdeck",
    asked=_O, answer=_C, domain=DOM_HAND,
    types=_VICTORY, none=NONE_IF_EMPTY,
    text="Which Victory card from your hand do you put onto your deck?")
D_POACHER = decision(
    "discard to Poacher", "poacher_discard",
    asked=_T, answer=_C, domain=DOM_HAND, none=NONE_IF_EMPTY,
    text="Which card from your hand do you discard to Poacher (arg: how many still)?")
D_THRONE_ROOM = decision(
    "play twice with Throne Room", "throne_room",
    asked=_T, answer=_C, domain=DOM_HAND, types=_ACTION,
    none=NONE_ALWAYS, text="Which Action from your hand do you play twice, if any?")
D_BANDIT = decision(
    "trash to Bandit", "bandit_trash",
    asked=_O, answer=_C, domain=DOM_ASIDE, types=_TREASURE,
    exclude=_COPPER, none=NONE_IF_EMPTY,
    text="Which revealed Treasure other than Copper do you trash?")
D_LIBRARY = decision(
    "set aside with Library", "library_set_aside",
    asked=_T, answer=_YN,
    text="Do you set aside the Action you just drew (arg: the card) instead of keeping it?")
D_SENTRY_TRASH = decision(
    "trash with Sentry", "sentry_trash",
    asked=_T, answer=_C, domain=DOM_ASIDE, none=NONE_ALWAYS,
    text="Which looked-at card do you trash? None stops trashing.")
D_SENTRY_DISCARD = decision(
    "discard with Sentry", "sentry_discard",
    asked=_T, answer=_C, domain=DOM_ASIDE, none=NONE_ALWAYS,
    text="Which looked-at card do you discard? None stops discarding.")
D_SENTRY_TOP = decision(
    "order the cards Sentry puts back", "sentry_top",
    asked=_T, answer=_ORD, domain=DOM_ASIDE,
    none=NONE_IF_EMPTY,
    text="Of the two cards going back, which goes on top (drawn first)?")
D_ARTISAN_GAIN = decision(
    "gain with Artisan", "artisan_gain",
    asked=_T, answer=_C, domain=DOM_GAIN, limit=LIM_ARG,
    none=NONE_IF_EMPTY, text="Which card costing up to arg do you gain to your hand?")
D_ARTISAN_TOPDECK = decision(
    "put a card back with Artisan", "artisan_topdeck",
    asked=_T, answer=_C, domain=DOM_HAND, none=NONE_IF_EMPTY,
    text="Which card from your hand do you put onto your deck?")
# Adventures (sim.engine.adventures), answered by its rule bot (_ADV).
D_START = decision(
    "start of turn", "start_of_turn",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_START, none=NONE_IF_NOTHING_DUE,
    text="Which start-of-turn effect resolves next, or which Reserve do you call (arg 1: "
    "calls are closed)? None calls nothing more.")
D_AFTER_ACTION = decision(
    "call after an Action", "after_action",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_AFTER, limit=LIM_ARG,
    none=NONE_ALWAYS, text="Do you call Royal Carriage (to replay arg) or Coin of the "
    "Realm? None calls nothing.")
D_EXCHANGE = decision(
    "exchange a Traveller", "exchange_traveller",
    rules=_ADV, asked=_T, answer=_YN,
    text="Do you exchange the Traveller (arg) you discard from play?")
D_CARAVAN_GUARD = decision(
    "react with Caravan Guard", "caravan_guard_react",
    rules=_ADV, asked=_O, answer=_YN,
    text="Do you play Caravan Guard from your hand against the Attack (arg)?")
D_DUPLICATE = decision(
    "call Duplicate", "duplicate_call",
    rules=_ADV, asked=_A, answer=_YN,
    text="Do you call Duplicate to gain a copy of the card you just gained (arg)?")
D_AMULET = decision(
    "choose with Amulet", "amulet_mode",
    rules=_ADV, asked=_T, answer=_M,
    options=("+$1", "trash a card", "gain a Silver"), text="Which of Amulet's options?")
D_AMULET_TRASH = decision(
    "trash with Amulet", "amulet_trash",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_HAND, none=NONE_IF_EMPTY,
    text="Which card from your hand do you trash?")
D_DUNGEON = decision(
    "discard to Dungeon", "dungeon_discard",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_HAND, none=NONE_IF_EMPTY,
    text="Which card from your hand do you discard (arg: how many still)?")
D_GEAR = decision(
    "set aside with Gear", "gear_set_aside",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_HAND, none=NONE_ALWAYS,
    text="Which card from your hand do you set aside (arg: how many already)? None stops.")
D_RATCATCHER = decision(
    "trash with Ratcatcher", "ratcatcher_trash",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_HAND, none=NONE_IF_EMPTY,
    text="Which card from your hand do you trash?")
D_TRANSMOGRIFY_TRASH = decision(
    "trash with Transmogrify", "transmogrify_trash",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_HAND, none=NONE_IF_EMPTY,
    text="Which card from your hand do you trash?")
D_TRANSMOGRIFY_GAIN = decision(
    "gain with Transmogrify", "transmogrify_gain",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_GAIN, limit=LIM_ARG,
    none=NONE_IF_EMPTY, text="Which card costing up to arg do you gain to your hand?")
D_TEACHER_TOKEN = decision(
    "move a token with Teacher", "teacher_token",
    rules=_ADV, asked=_T, answer=_M,
    options=("+1 Card", "+1 Action", "+1 Buy", "+$1"), text="Which token does Teacher move?")
D_TOKEN_PILE = decision(
    "put a token on a pile", "token_pile",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_PILE, none=NONE_IF_EMPTY,
    text="On which Action Supply pile do you put the token (arg: which token)?")
D_RAZE = decision(
    "trash with Raze", "raze_trash",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_HAND, none=NONE_UNLESS_ARG1,
    text="Which card from your hand do you trash? None trashes Raze itself (arg 1: Raze "
    "has left play, a card must go).")
D_RAZE_KEEP = decision(
    "keep with Raze", "raze_keep",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_ASIDE, none=NONE_IF_EMPTY,
    text="Which looked-at card do you put into your hand?")
D_MESSENGER_DECK = decision(
    "move the deck with Messenger", "messenger_deck",
    rules=_ADV, asked=_T, answer=_YN,
    text="Do you put your deck into your discard pile?")
D_MESSENGER_GAIN = decision(
    "gain with Messenger", "messenger_gain",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_GAIN, limit=LIM_ARG,
    none=NONE_IF_EMPTY,
    text="Which card costing up to arg do you gain (every other player gains a copy)?")
D_MISER = decision(
    "choose with Miser", "miser_mode",
    rules=_ADV, asked=_T, answer=_M,
    options=("put a Copper on the mat", "+$1 per Copper on the mat"),
    text="Which of Miser's options?")
D_ARTIFICER_DISCARD = decision(
    "discard to Artificer", "artificer_discard",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_HAND, none=NONE_ALWAYS,
    text="Which card from your hand do you discard? None stops.")
D_ARTIFICER_GAIN = decision(
    "gain with Artificer", "artificer_gain",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_EXACT, limit=LIM_ARG,
    none=NONE_ALWAYS, text="Which card costing exactly arg do you gain onto your deck, "
    "if any?")
D_STORYTELLER = decision(
    "play with Storyteller", "storyteller_play",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_HAND, types=_TREASURE,
    none=NONE_ALWAYS, text="Which Treasure from your hand do you play (up to 3)? None stops.")
D_WINE_MERCHANT = decision(
    "discard Wine Merchant", "wine_merchant_discard",
    rules=_ADV, asked=_T, answer=_YN,
    text="Do you discard a Wine Merchant from your Tavern mat at the end of your Buy phase?")
D_HERO = decision(
    "gain with Hero", "hero_gain",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_GAIN, types=_TREASURE, limit=LIM_ANY,
    none=NONE_IF_EMPTY, text="Which Treasure do you gain?")
D_FUGITIVE = decision(
    "discard to Fugitive", "fugitive_discard",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_HAND, none=NONE_IF_EMPTY,
    text="Which card from your hand do you discard?")
D_DISCIPLE = decision(
    "play twice with Disciple", "disciple_play",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_HAND, types=_ACTION,
    none=NONE_ALWAYS,
    text="Which Action from your hand do you play twice (and gain a copy of), if any?")
D_TOPDECK_ORDER = decision(
    "order cards onto the deck", "topdeck_order",
    rules=_ADV, asked=_A, answer=_ORD, domain=DOM_TOPDECK,
    none=NONE_IF_EMPTY, text="Of the cards going onto your deck together, which goes next "
    "(the last put is drawn first; arg: the card whose text does it)?")
D_TRASHING_TOKEN = decision(
    "trash with the Trashing token", "trashing_token_trash",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_HAND, none=NONE_ALWAYS,
    text="Which card from your hand do you trash for the Trashing token, if any?")
D_ALMS = decision(
    "gain with Alms", "alms_gain",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_GAIN, limit=LIM_ARG, none=NONE_IF_EMPTY,
    text="Which card costing up to arg do you gain?")
D_QUEST = decision(
    "choose with Quest", "quest_mode",
    rules=_ADV, asked=_T, answer=_M, domain=DOM_QUEST, none=NONE_ALWAYS,
    options=("discard an Attack", "discard two Curses", "discard six cards"),
    text="What do you discard to Quest, if anything?")
D_QUEST_DISCARD = decision(
    "discard to Quest", "quest_discard",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_QUEST_DISCARD, none=NONE_IF_EMPTY,
    text="Which card from your hand do you discard for Quest (arg: how many still)?")
D_SAVE = decision(
    "set aside with Save", "save_set_aside",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_HAND, none=NONE_IF_EMPTY,
    text="Which card from your hand do you set aside until the end of the turn?")
D_SCOUTING_PARTY = decision(
    "discard to Scouting Party", "scouting_party_discard",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_ASIDE, none=NONE_IF_EMPTY,
    text="Which looked-at card do you discard (arg: how many still)?")
D_FAIR = decision(
    "put a gained card on the deck (Travelling Fair)", "travelling_fair_topdeck",
    rules=_ADV, asked=_T, answer=_YN,
    text="Do you put the card you just gained (arg) onto your deck?")
D_BONFIRE = decision(
    "trash with Bonfire", "bonfire_trash",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_PLAY, none=NONE_ALWAYS,
    text="Which card in play do you trash (up to 2)? None stops.")
D_PILGRIMAGE = decision(
    "gain with Pilgrimage", "pilgrimage_gain",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_PILGRIM, limit=LIM_ARG,
    none=NONE_ALWAYS, text="Which card in play do you gain a copy of (up to 3 different; "
    "arg: the highest id named so far)? None stops.")
D_BALL = decision(
    "gain with Ball", "ball_gain",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_GAIN, limit=LIM_ARG, none=NONE_IF_EMPTY,
    text="Which card costing up to arg do you gain?")
D_SEAWAY = decision(
    "gain with Seaway", "seaway_gain",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_GAIN, types=_ACTION, limit=LIM_ARG,
    none=NONE_IF_EMPTY, text="Which Action costing up to arg do you gain?")
D_TRADE = decision(
    "trash with Trade", "trade_trash",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_HAND, none=NONE_ALWAYS,
    text="Which card from your hand do you trash for a Silver (up to 2)? None stops.")
D_INHERITANCE = decision(
    "set aside with Inheritance", "inheritance_set_aside",
    rules=_ADV, asked=_T, answer=_C, domain=DOM_GAIN, types=_ACTION,
    not_types=_VICTORY, limit=LIM_ARG, none=NONE_IF_EMPTY,
    text="Which non-Victory Action costing up to arg do you set aside for your Estates?")
N_DECISIONS = len(DECISIONS)

#: The decisions' names, by code.
DECISION_NAMES = tuple(d.name for d in DECISIONS)


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
EV_GAIN = 4            # extra: 0 to discard, 1 to hand
EV_TRASH = 5
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
DISCARD_WINE_MERCHANT = 10  # from the Tavern mat

# Why a game ended.
END_PROVINCES = 0
END_PILES = 1
END_TURN_CAP = 2
END_NAMES = ("provinces", "three piles", "turn cap")
