"""The words of the table of decisions: what a question's record declares.

Each question the engine asks a player is one :class:`Decision` record.  The questions a
card's text asks are declared next to the card (:mod:`sim.cards.base`,
:mod:`sim.cards.adventures`), the turn's own questions in :mod:`sim.engine.codes`, which
numbers them all in the order it lists them (the codes are stored in policies and results
files, so the order never changes) and derives everything else from the records: the
``D_*`` codes, the numba-visible arrays ``DEC_*``, the legal answers
(sim.engine.legality), the agents' actions (sim.env.actions) and the rule bots' default
answers (``default``, below).  This module is the vocabulary of those records; it sits
in the card table's layer so that a card's module can declare its questions.

Why the default answer is declared here too: most questions share a handful of answers
(gain the best card the bot's lists allow, trash what it would trash with Chapel, discard
what it would discard to an attack, yes).  Declared with the question, a new card's
question that fits one of them costs a record and no rule-bot code; the rule bots
(sim.engine.decide, sim.engine.adventures.decide) dispatch on the declared pattern
(``DEC_DEFAULT``), never on the question.  A default only one question has is a pattern
of its own, named for what it does.
"""

from __future__ import annotations

from dataclasses import dataclass

from sim.cards.types import TREASURE as _TREASURE

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
DOM_UNCHOSEN = 16      # an option (ANS_MODE) not yet chosen: arg's bit k set = option k
                       # chosen already ("choose two different": Pawn)
DOM_ANY_CARD = 17      # any card of the card table (a name: Wishing Well; the record's
                       # not_types keeps Events out)
DOM_SUPPLY_ACTION = 18  # an Action Supply pile with cards left (Lurker's trash)
DOM_TRASH_ACTION = 19  # an Action card in the trash (Lurker's gain)
DOMAIN_WORDS = ("", "a card in hand", "an Action in hand", "a card to gain",
                "a card to gain costing exactly", "a looked-at card", "a card in play",
                "a card in the discard pile", "a card or Event to buy",
                "a start-of-turn effect or call", "a call after an Action",
                "an Action Supply pile", "a card in play to gain a copy of",
                "one of the cards going onto the deck", "a Quest option", "a card to discard",
                "an option not chosen yet", "any card", "an Action Supply pile with cards",
                "an Action card in the trash")

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
RULES_INTRIGUE = 2     # sim.engine.intrigue_defaults.rules_decide_intrigue (games with Intrigue)

# ----------------------------------------------------------------------------- defaults
# The rule bots' default answers, by pattern (the record's ``default``).  "Its lists" are
# the bot's (bots.rules.RuleBot); the record's ``card`` is the card or Event the question
# is asked for, ``default_list`` names the bot's own list for this question (the rule
# language's word: "remodel", "trade", ...) and ``default_arg`` is the pattern's number.
# Where a pattern reads "the zone", it is the record's domain's (hand, looked-at cards,
# discard pile, play); "types" and "exclude" are the record's too.
DEF_NONE = 0           # -1: take no option, stop
DEF_YES = 1            # 1: yes
DEF_PLAY = 2           # the first card of its play list in hand (its default_list first: the
                       # listed Actions whose conditions hold, when it gave that list)
DEF_BUY = 3            # the first rule of its buy list that it can afford and that holds
DEF_TREASURE = 4       # the first Treasure in hand (every Treasure is played)
DEF_DISCARD = 5        # what it discards to an attack: an unplayable terminal (if it says
                       # so), then its lowest discard rank
DEF_REVEAL = 6         # reveal a Reaction as its reveal_moat flag says
DEF_CELLAR_LIST = 7    # a card in hand of its cellar list (lowest id first); -1 when none
DEF_TRASH_FOR_GAIN = 8  # the trash of its first (trash, gain) rule of default_list that
                       # applies (the gain costing up to default_arg more, remembered for
                       # the gain), else what it must trash (DEF_MUST_TRASH)
DEF_GAIN_PAIRED = 9    # the gain its DEF_TRASH_FOR_GAIN rule chose, while it can be gained;
                       # else as DEF_GAIN (only Treasures when the record's types say so)
DEF_GAIN = 10          # gain up to the limit: its gain list (rules by ``card`` or by any),
                       # else its buy list; else the costliest Treasure, else the cheapest
                       # card but a Curse
DEF_MINE_TRASH = 11    # Mine's trash: its first Mine rule that applies; with mine_always the
                       # Treasure in hand whose best gain gains the most cost
DEF_TRASH_JUNK = 12    # the card of the zone it would trash first (trash ranks), -1 if none;
                       # with its default_list given, that list instead
DEF_MUST_TRASH = 13    # a card from hand that must go: junk first, else its first discard
DEF_PLAY_IF_LISTED = 14  # yes when the card (arg) is on its play list
DEF_SKIP_ACTION = 15   # yes (set aside) when no Action is left or the card (arg) is unplayed
DEF_DISCARD_FIRST = 16  # the card of the zone (of the record's types) it discards first
DEF_TOPDECK_RANKED = 17  # the card of the zone ranked first on its topdeck list, -1 if none
DEF_CHEAPEST = 18      # the cheapest card of the zone of the record's types, not its exclude
DEF_SENTRY_LIST = 19   # of the zone's cards on its sentry_discard list, its first discard
DEF_TOPDECK_LOOKED = 20  # its topdeck list's first looked-at card, else the one it keeps
DEF_TOPDECK_FROM_HAND = 21  # Artisan's put-back: its topdeck list, an unplayable Action,
                       # the cheapest Treasure, else its first discard
DEF_START = 22         # the start-of-turn window (sim.engine.adventures.decide.start_choice)
DEF_AFTER_ACTION = 23  # Coin of the Realm / Royal Carriage calls after an Action
DEF_EXCHANGE = 24      # its Exchange / Keep rules for the Traveller (arg), else exchange
DEF_COPY_UNLESS_JUNK = 25  # its Call rules for ``card`` on the card gained (arg), else yes
                       # unless that card is junk
DEF_CHOOSE_TRASH_SILVER_COIN = 26  # its Choose rules for ``card``; else trash junk, else a Silver
                       # before turn 10, else +$1
DEF_GEAR_LIST = 27     # its gear list; else the Actions in hand it cannot play this turn
DEF_TEACHER_TOKEN = 28  # its teacher_tokens list; else a token not yet on a pile, else +1 Action
DEF_TOKEN_PILE = 29    # its pile list for the token (arg); while ``card`` is being called,
                       # a pile without the player's tokens
DEF_TRASH_JUNK_NOT_COPPER = 30  # junk that is no Copper, else none (Raze itself); arg 1:
                       # a card must go (DEF_MUST_TRASH)
DEF_KEEP_BEST = 31     # its default_list's first card in the zone (when it gave that list),
                       # else the zone's card it discards last
DEF_YES_IF_OPTION0 = 32  # yes when its first holding Choose rule for ``card`` takes option 0
DEF_CHOOSE_COPPER_TO_MAT = 33  # its Choose rules for ``card``; else a Copper onto the mat while it
                       # has fewer than 3 there, else +$ per Copper
DEF_PLAY_COPPER = 34   # a Copper from hand, else none
DEF_GAIN_OF_TYPE = 35  # as DEF_GAIN, of the record's types (else the costliest of them)
DEF_TOPDECK_ORDER = 36  # the card it values least goes down first
DEF_CHOOSE_FREE_DISCARD = 37  # its Choose rules for ``card`` it can complete; else a free option
DEF_DISCARD_ATTACK_CURSE = 38  # an Attack, else a Curse, else its first discard
DEF_TOPDECK_GAINED = 39  # onto the deck unless junk or a card that only scores
DEF_TRASH_PLAYED_JUNK = 40  # a non-Action card in play it would trash, else none
DEF_COPY_COSTLIEST = 41  # the three costliest gainable cards in play ($2 up), in id order
DEF_FIRST_PLAYED_GAIN = 42  # the non-Victory Action up to arg it plays first
# Intrigue's patterns.
DEF_PAWN = 43          # its Choose rules for ``card`` (an option not chosen yet, arg's bits);
                       # else +1 Action with an Action in hand and none left, then +1 Card,
                       # then +$1
DEF_STEWARD = 44       # its Choose rules for ``card``; else trash 2 with 2 junk cards in hand
                       # before its turn 10, else +2 Cards with an Action left, else +$2
DEF_MILL_DISCARD = 45  # arg 0: its first discard when it holds 2 junk or pure Victory
                       # cards, else none; arg 1 (the second card): its first discard
DEF_NOBLES = 46        # its Choose rules for ``card``; else +2 Actions with an Action in hand
                       # and none left, else +3 Cards
DEF_TRASH_FOR_BUY = 47  # yes/no: its Choose rules for ``card`` (option 0: yes); else yes when
                       # default_arg more $ (with the Treasures in hand) changes its buy to a
                       # card costing $6 or more (Mining Village: Gold, Province)
DEF_GAIN_EXACT = 48    # gain costing exactly the limit: as DEF_GAIN when that costs exactly
                       # it, else a Treasure, an Action, another card, a Curse of that cost
DEF_MOST_TYPES = 49    # the card of the zone with the most types (for the player)
DEF_COURTIER = 50      # its Choose rules for ``card`` (an option not taken); else +1 Action
                       # for a waiting Action, +1 Buy with $ for two Provinces, a first Gold
                       # early, +$3 reaching $5, $6 or $8; else Gold, $3, Action, Buy
DEF_NAME_LIKELY = 51   # the known top card of its deck, else the card most common in its draw
                       # pile (its discard pile when that is empty), else ``card``
DEF_LURKER_MODE = 52   # its Choose rules for ``card``; else gain (option 1) when an Action
                       # of its buy list is in the trash, else trash (option 0)
DEF_LURKER_PICK = 53   # the first Action of its buy list there (in the trash: whose rule
                       # holds), else the costliest there
DEF_BOTTOM_IF_JUNK = 54  # yes when the card (arg) is on its trash list
DEF_NO = 55            # 0: no
DEF_TORTURER = 56      # its Choose rules for ``card``; else the Curse when none are left,
                       # discard 2 when 2 junk cards are in hand or 4+ cards remain, else
                       # the Curse (a 3-card hand of good cards keeps its buy)
DEF_MINION = 57        # its Choose rules for ``card``; else +$2 with another Minion in
                       # hand, else the attack when hand + $ in play + $2 stays below $6
DEF_WORST_AT_COST = 58  # the card costing exactly arg worst for the player gaining it:
                       # a Curse, a Victory card that is no Province, a terminal Action,
                       # another Action, a Treasure, a Province
DEF_YES_IF_JUNK = 59   # yes when 2+ cards in hand are junk (on its trash list): the 3
                       # discards after drawing 2 then cost little
DEF_PASS_LEAST = 60    # the card in hand worth least to keep: junk (its trash list) first,
                       # else the cheapest that only scores nothing (not a Victory card),
                       # else the cheapest: a card given away (Masquerade) is never a
                       # Province while the hand holds another card

#: The patterns that read the bot's trash list (what it would trash; Duplicate and
#: Travelling Fair skip what is on it): a card asking one of them makes the trash list
#: matter (sim.optimize.space.TRASHERS).
READS_TRASH_LIST = frozenset({
    DEF_TRASH_FOR_GAIN, DEF_TRASH_JUNK, DEF_MUST_TRASH, DEF_COPY_UNLESS_JUNK,
    DEF_CHOOSE_TRASH_SILVER_COIN, DEF_TRASH_JUNK_NOT_COPPER, DEF_TOPDECK_GAINED,
    DEF_TRASH_PLAYED_JUNK, DEF_BOTTOM_IF_JUNK, DEF_PASS_LEAST,
    # Intrigue's that count junk by it (Steward's trash, Mill's and Diplomat's discards,
    # Torturer's discard-or-Curse).
    DEF_STEWARD, DEF_MILL_DISCARD, DEF_YES_IF_JUNK, DEF_TORTURER})

#: The patterns whose answer reads the bot's gain list, where a rule given ``by`` the
#: question's card (bots.rules.Gain) applies to that card's gains alone
#: (sim.engine.decide.pick_gain's ``source``): a card asking one of them is a gain source
#: a Gain rule may name (bots.rules.GAIN_SOURCES).  A (trash, gain) pair's gain of a
#: Treasure (Mine's) reads no gain list.
READS_GAIN_LIST = frozenset({DEF_GAIN, DEF_GAIN_PAIRED, DEF_GAIN_OF_TYPE, DEF_GAIN_EXACT})

#: Every pattern (the names above).
DEFAULTS = frozenset(v for k, v in dict(globals()).items() if k.startswith("DEF_"))
assert len(DEFAULTS) == len([k for k in dict(globals()) if k.startswith("DEF_")]), \
    "two DEF_* patterns share a code"
assert READS_TRASH_LIST <= DEFAULTS and READS_GAIN_LIST <= DEFAULTS

#: The patterns the base game's rule bot (sim.engine.decide.rules_decide) answers; a
#: question answered by it (RULES_BASE) declares one of these.
BASE_DEFAULTS = frozenset({
    DEF_NONE, DEF_YES, DEF_PLAY, DEF_BUY, DEF_TREASURE, DEF_DISCARD, DEF_REVEAL,
    DEF_CELLAR_LIST, DEF_TRASH_FOR_GAIN, DEF_GAIN_PAIRED, DEF_GAIN, DEF_MINE_TRASH,
    DEF_TRASH_JUNK, DEF_MUST_TRASH, DEF_PLAY_IF_LISTED, DEF_SKIP_ACTION, DEF_DISCARD_FIRST,
    DEF_TOPDECK_RANKED, DEF_CHEAPEST, DEF_SENTRY_LIST, DEF_TOPDECK_LOOKED,
    DEF_TOPDECK_FROM_HAND})
#: The patterns the Adventures rule bot (sim.engine.adventures.decide.rules_decide_adv)
#: answers; a question answered by it (RULES_ADVENTURES) declares one of these.  (The two
#: bots share the patterns both sets use; each pattern is one function or branch.)
ADVENTURES_DEFAULTS = frozenset({
    DEF_NONE, DEF_YES, DEF_PLAY, DEF_DISCARD, DEF_TRASH_FOR_GAIN, DEF_GAIN_PAIRED, DEF_GAIN,
    DEF_TRASH_JUNK, DEF_MUST_TRASH, DEF_DISCARD_FIRST, DEF_START, DEF_AFTER_ACTION,
    DEF_EXCHANGE, DEF_COPY_UNLESS_JUNK, DEF_CHOOSE_TRASH_SILVER_COIN, DEF_GEAR_LIST,
    DEF_TEACHER_TOKEN, DEF_TOKEN_PILE, DEF_TRASH_JUNK_NOT_COPPER, DEF_KEEP_BEST,
    DEF_YES_IF_OPTION0, DEF_CHOOSE_COPPER_TO_MAT,
    DEF_PLAY_COPPER, DEF_GAIN_OF_TYPE, DEF_TOPDECK_ORDER, DEF_CHOOSE_FREE_DISCARD,
    DEF_DISCARD_ATTACK_CURSE, DEF_TOPDECK_GAINED, DEF_TRASH_PLAYED_JUNK, DEF_COPY_COSTLIEST,
    DEF_FIRST_PLAYED_GAIN})
#: The patterns the Intrigue rule bot (sim.engine.intrigue_defaults.rules_decide_intrigue)
#: answers; a question answered by it (RULES_INTRIGUE) declares one of these.  An
#: Intrigue card's question whose pattern another set's bot answers (a trash, a discard, a
#: gain) declares that bot: only a game with an Intrigue card compiles this one.
INTRIGUE_DEFAULTS = frozenset({
    # Courtyard's put-back is Artisan's; Pawn, Steward, Mill, Nobles, Mining Village.
    DEF_TOPDECK_FROM_HAND, DEF_PAWN, DEF_STEWARD, DEF_MILL_DISCARD, DEF_NOBLES,
    DEF_TRASH_FOR_BUY,
    # Torturer, Minion, Swindler, Diplomat, Masquerade.
    DEF_TORTURER, DEF_MINION, DEF_WORST_AT_COST, DEF_YES_IF_JUNK, DEF_PASS_LEAST,
    # Gains, names, deck order (Upgrade, Courtier, Wishing Well, Lurker, Secret Passage).
    DEF_GAIN_EXACT, DEF_MOST_TYPES, DEF_COURTIER, DEF_NAME_LIKELY, DEF_LURKER_MODE,
    DEF_LURKER_PICK, DEF_BOTTOM_IF_JUNK, DEF_NO})

#: The rule bots by RULES_* code: the function of each (the engine's decider of its
#: questions reaches it) and the patterns it answers.  A set that brings patterns no bot
#: answers brings its own bot: a row here, its decider in sim.engine.decision_pair.
RULE_BOTS = (
    ("sim.engine.decide.rules_decide", BASE_DEFAULTS),
    ("sim.engine.adventures.decide.rules_decide_adv", ADVENTURES_DEFAULTS),
    ("sim.engine.intrigue_defaults.rules_decide_intrigue", INTRIGUE_DEFAULTS),
)
assert (RULES_BASE, RULES_ADVENTURES, RULES_INTRIGUE) == tuple(range(len(RULE_BOTS)))


@dataclass(frozen=True)
class Decision:
    """One question the engine asks: its words, legal answers and default (see above).

    ``code`` is its number, given by sim.engine.codes when it lists the record (-1 until
    then)."""

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
    default: int = -1           # DEF_*: the rule bots' default answer (every record names one)
    card: int = -1              # the card or Event it is asked for (-1: the turn's own)
    default_list: str = ""      # the bot's own list the default reads (rule-language word)
    default_arg: int = 0        # the default pattern's number (DEF_TRASH_FOR_GAIN: $ more)
    choices: tuple[str, ...] = ()   # the rule language's words for its options (Choose)
    code: int = -1

    def __post_init__(self) -> None:
        if self.answer == ANS_YES_NO and (self.domain or self.none):
            raise ValueError(f"{self.name}: a yes/no question has no domain and no 'none'")
        if (self.answer == ANS_MODE) != bool(self.options):
            raise ValueError(f"{self.name}: option words go with option answers, and only "
                             "there")
        if self.default not in DEFAULTS:
            raise ValueError(f"{self.name}: declare its rule bots' default answer "
                             f"(default=DEF_*; {self.default} is no pattern)")
        if not 0 <= self.rules < len(RULE_BOTS):
            raise ValueError(f"{self.name}: rules={self.rules} names no rule bot "
                             f"(RULES_*: 0..{len(RULE_BOTS) - 1})")
        bot, answered = RULE_BOTS[self.rules]
        if self.default not in answered:
            raise ValueError(f"{self.name}: its rule bot ({bot}) has no default pattern "
                             f"{self.default}; add the pattern there and to its set here")


def reads_gain_list(record: Decision) -> bool:
    """Whether the rule bots' answer to ``record`` reads the bot's gain list, its rules
    given ``by`` the record's card included: READS_GAIN_LIST's patterns, but for a
    (trash, gain) pair's gain of a Treasure (Mine's: sim.engine.decide.pending_or_gain
    takes the costliest Treasure, its Mine list chose the pair)."""
    treasure_pair = record.default == DEF_GAIN_PAIRED and record.types & _TREASURE
    return record.default in READS_GAIN_LIST and not treasure_pair

