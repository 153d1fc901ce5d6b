"""Adventures (first edition): 30 kingdom cards, the 8 Traveller upgrades and 20 Events, as data.

One row per card, as in :mod:`sim.cards.base`.  Every Adventures card and
Event has text beyond counters, so each has a ``special`` code; what it does
is the function of the same name in :mod:`sim.engine.adventures` (its text,
decisions and log lines).  The rules are ``../shared/ADVENTURES.md``.

Events are rows of the same table (type ``EVENT``) so a bot names them as it
names cards and a buy decision answers either; they are never in any zone.
The upgrades (Treasure Hunter ... Teacher) are reached only by exchanging a
Traveller: each Traveller's row names its next card (``exchange_for``).  The questions the
cards' texts ask follow the rows (:mod:`sim.cards.decisions`); sim.engine.codes numbers
them.
"""

from __future__ import annotations

from sim.cards.decisions import (
    ANS_CARD,
    ANS_MODE,
    ANS_ORDER,
    ANS_YES_NO,
    ASK_ANY,
    ASK_OTHER,
    ASK_TURN,
    DEF_AFTER_ACTION,
    DEF_CHOOSE_COPPER_TO_MAT,
    DEF_CHOOSE_FREE_DISCARD,
    DEF_CHOOSE_TRASH_SILVER_COIN,
    DEF_COPY_COSTLIEST,
    DEF_COPY_UNLESS_JUNK,
    DEF_DISCARD,
    DEF_DISCARD_ATTACK_CURSE,
    DEF_DISCARD_FIRST,
    DEF_EXCHANGE,
    DEF_FIRST_PLAYED_GAIN,
    DEF_GAIN,
    DEF_GAIN_OF_TYPE,
    DEF_GAIN_PAIRED,
    DEF_GEAR_LIST,
    DEF_KEEP_BEST,
    DEF_MUST_TRASH,
    DEF_NONE,
    DEF_PLAY,
    DEF_PLAY_COPPER,
    DEF_START,
    DEF_TEACHER_TOKEN,
    DEF_TOKEN_PILE,
    DEF_TOPDECK_GAINED,
    DEF_TOPDECK_ORDER,
    DEF_TRASH_FOR_GAIN,
    DEF_TRASH_JUNK,
    DEF_TRASH_JUNK_NOT_COPPER,
    DEF_TRASH_PLAYED_JUNK,
    DEF_YES,
    DEF_YES_IF_OPTION0,
    DOM_AFTER,
    DOM_ASIDE,
    DOM_EXACT,
    DOM_GAIN,
    DOM_HAND,
    DOM_PILE,
    DOM_PILGRIM,
    DOM_PLAY,
    DOM_QUEST,
    DOM_QUEST_DISCARD,
    DOM_START,
    DOM_TOPDECK,
    LIM_ANY,
    LIM_ARG,
    NONE_ALWAYS,
    NONE_IF_EMPTY,
    NONE_IF_NOTHING_DUE,
    NONE_UNLESS_ARG1,
    RULES_ADVENTURES,
    Decision,
)
from sim.cards.types import (
    ACTION,
    ATTACK,
    BOUGHT_FIRST,
    CALLED_AFTER_ACTION,
    CALLED_ON_GAIN,
    DURATION,
    EVENT,
    LASTS_GAME,
    LASTS_NEXT_TURN,
    REACT_PLAY,
    REACTION,
    REACTS_TO_ATTACK,
    RESERVE,
    SET_ADVENTURES,
    TRAVELLER,
    TREASURE,
    VICTIMS_BUY_GAIN_CURSE,
    VICTIMS_BUY_HAND_ONTO_DECK,
    VICTORY,
    Card,
    CardSet,
    Reacts,
    StartOfTurn,
)

_A, _T, _V, _K, _D, _R, _TR = ACTION, TREASURE, VICTORY, ATTACK, DURATION, RESERVE, TRAVELLER


def _next_turn(rank: int, **how) -> dict:
    """A Duration's declaration: its plays' effect waits for the owner's next turn, where
    it resolves in the start-of-turn window at ``rank`` (types.StartOfTurn)."""
    return dict(lasts=LASTS_NEXT_TURN, at_start=StartOfTurn(rank, **how))


def _called_at_start(rank: int) -> dict:
    """A Reserve called from the Tavern mat in the start-of-turn window, at ``rank``."""
    return dict(at_start=StartOfTurn(rank, call=True))


def _upgrade(exchange_for: str = "") -> dict:
    """A Traveller upgrade: its pile of 5 outside the Supply, and the card it is exchanged
    for in turn (Champion and Teacher end their lines)."""
    return dict(pile_size=5, exchange_for=exchange_for) if exchange_for else dict(pile_size=5)


# Ids follow the base game's 0..32 and never change (results files store them).
FIRST_ADVENTURES = 33
_SP_OFFSET = 11                  # special code of card ``c`` is c - 11 (base codes end at 21)

_ROWS = (
    # (name, cost, types, counters (and once_per_turn for an Event), text)
    ("Coin of the Realm", 2, _T | _R, dict(coins=1, called=CALLED_AFTER_ACTION, call_actions=2),
     "$1. When you play this, put it on your Tavern mat. Directly after resolving an Action, "
     "you may call this, for +2 Actions."),
    ("Page", 2, _A | _TR, dict(cards=1, actions=1, exchange_for="Treasure Hunter"),
     "+1 Card, +1 Action. When you discard this from play, you may exchange it for a "
     "Treasure Hunter."),
    ("Peasant", 2, _A | _TR, dict(buys=1, coins=1, exchange_for="Soldier"),
     "+1 Buy, +$1. When you discard this from play, you may exchange it for a Soldier."),
    ("Ratcatcher", 2, _A | _R, dict(cards=1, actions=1, **_called_at_start(9)),
     "+1 Card, +1 Action. Put this on your Tavern mat. At the start of your turn, you may call "
     "this, to trash a card from your hand."),
    ("Raze", 2, _A, dict(actions=1),
     "+1 Action. Trash this or a card from your hand. Look at one card from the top of your "
     "deck per $1 the trashed card costs. Put one of them into your hand and discard the rest."),
    ("Amulet", 3, _A | _D,
     _next_turn(8, text=True, text_words="choose +$1, trash a card or gain a Silver"),
     "Now and at the start of your next turn, choose one: +$1; or trash a card from your hand; "
     "or gain a Silver."),
    ("Caravan Guard", 3, _A | _D | REACTION,
     dict(cards=1, actions=1, **_next_turn(5, coins=1),
          reacts=Reacts(REACTS_TO_ATTACK, 1, REACT_PLAY, asks="caravan_guard_react")),
     "+1 Card, +1 Action. At the start of your next turn, +$1. When another player plays an "
     "Attack card, you may play this from your hand. (+1 Action has no effect if it's not your "
     "turn.)"),
    ("Dungeon", 3, _A | _D,
     dict(actions=1, **_next_turn(4, text=True, text_words="+2 Cards, then discard 2 cards")),
     "+1 Action. Now and at the start of your next turn: +2 Cards, then discard 2 cards."),
    ("Gear", 3, _A | _D, dict(cards=2, **_next_turn(1, text=True, each_play=False, logged=False)),
     "+2 Cards. Set aside up to 2 cards from your hand face down. At the start of your next "
     "turn, put them into your hand."),
    ("Guide", 3, _A | _R, dict(cards=1, actions=1, **_called_at_start(0)),
     "+1 Card, +1 Action. Put this on your Tavern mat. At the start of your turn, you may call "
     "this, to discard your hand and draw 5 cards."),
    ("Duplicate", 4, _A | _R, dict(called=CALLED_ON_GAIN, call_copy_up_to=6,
                                    call_asks="duplicate_call"),
     "Put this on your Tavern mat. When you gain a card costing up to $6, you may call this, "
     "to gain a copy of that card."),
    ("Magpie", 4, _A, dict(cards=1, actions=1, face_up=("hand",)),
     "+1 Card, +1 Action. Reveal the top card of your deck. If it's a Treasure, put it into "
     "your hand. If it's an Action or Victory card, gain a Magpie."),
    ("Messenger", 4, _A, dict(buys=1, coins=2, on_buy=True, on_buy_text=BOUGHT_FIRST),
     "+1 Buy, +$2. You may put your deck into your discard pile. When you buy this, if it's "
     "the first thing you bought this turn, gain a card costing up to $4, and each other "
     "player gains a copy of it."),
    ("Miser", 4, _A, {},
     "Choose one: Put a Copper from your hand onto your Tavern mat; or +$1 per Copper on your "
     "Tavern mat."),
    ("Port", 4, _A, dict(cards=1, actions=2, on_buy=True, on_buy_gains_copy=True,
                          pile_size=12),
     "+1 Card, +2 Actions. When you buy this, gain another Port."),
    ("Ranger", 4, _A, dict(buys=1),
     "+1 Buy. Turn your Journey token over (it starts face up). Then if it's face up, "
     "+5 Cards."),
    ("Transmogrify", 4, _A | _R, dict(actions=1, **_called_at_start(10)),
     "+1 Action. Put this on your Tavern mat. At the start of your turn, you may call this, "
     "to trash a card from your hand, and gain a card to your hand costing up to $1 more "
     "than it."),
    ("Artificer", 5, _A, dict(cards=1, actions=1, coins=1),
     "+1 Card, +1 Action, +$1. Discard any number of cards. You may gain a card onto your "
     "deck costing exactly $1 per card discarded."),
    ("Bridge Troll", 5, _A | _K | _D, dict(_next_turn(7, buys=1), cost_cut_in_play=1),
     "Each other player takes their -$1 token. Now and at the start of your next turn: "
     "+1 Buy. While this is in play, cards cost $1 less on your turns, but not less than $0."),
    ("Distant Lands", 5, _A | _R | _V, dict(vp_on_mat=4),
     "Put this on your Tavern mat. Worth 4 VP if on your Tavern mat at the end of the game "
     "(otherwise worth 0 VP)."),
    ("Giant", 5, _A | _K, {},
     "Turn your Journey token over (it starts face up). If it's face down, +$1. If it's face "
     "up, +$5 and each other player reveals the top card of their deck, trashes it if it "
     "costs from $3 to $6, and otherwise discards it and gains a Curse."),
    ("Haunted Woods", 5, _A | _K | _D, dict(_next_turn(3, draw=3), on_buy=True,
                                           lasting_on_victims_buy=VICTIMS_BUY_HAND_ONTO_DECK),
     "Until your next turn, when any other player buys a card, they put their hand onto "
     "their deck in any order. At the start of your next turn: +3 Cards."),
    ("Lost City", 5, _A, dict(cards=2, actions=2, on_gain_others_draw=1),
     "+2 Cards, +2 Actions. When you gain this, each other player draws a card."),
    ("Relic", 5, _T | _K, dict(coins=2),
     "$2. When you play this, each other player puts their -1 Card token on their deck."),
    ("Royal Carriage", 5, _A | _R, dict(actions=1, called=CALLED_AFTER_ACTION,
                                         call_replays=True),
     "+1 Action. Put this on your Tavern mat. Directly after resolving an Action, if it's "
     "still in play, you may call this, to replay that Action."),
    ("Storyteller", 5, _A, dict(actions=1, coins=1),
     "+1 Action, +$1. Play up to 3 Treasures from your hand. Then pay all of your $ (including "
     "the $1 from this) and draw a card per $1 you paid."),
    ("Swamp Hag", 5, _A | _K | _D, dict(_next_turn(6, coins=3), on_buy=True,
                                       lasting_on_victims_buy=VICTIMS_BUY_GAIN_CURSE),
     "Until your next turn, when any other player buys a card, they gain a Curse. At the "
     "start of your next turn: +$3."),
    ("Treasure Trove", 5, _T, dict(coins=2),
     "$2. When you play this, gain a Gold and a Copper."),
    ("Wine Merchant", 5, _A | _R, dict(buys=1, coins=4, end_of_buy_discard_coins=2,
                                       end_of_buy_discard_asks="wine_merchant_discard"),
     "+1 Buy, +$4. Put this on your Tavern mat. At the end of your Buy phase, if you have at "
     "least $2 unspent, you may discard this from your Tavern mat."),
    ("Hireling", 6, _A | _D,
     dict(lasts=LASTS_GAME, at_start=StartOfTurn(2, each_play=False, draw=1)),
     "At the start of each of your turns for the rest of the game: +1 Card. (This stays in "
     "play.)"),
    # Traveller upgrades: not in the Supply, 5 each (costs marked * on the cards).
    ("Treasure Hunter", 3, _A | _TR, dict(actions=1, coins=1, **_upgrade("Warrior")),
     "+1 Action, +$1. Gain a Silver per card the player to your right gained in their last "
     "turn. When you discard this from play, you may exchange it for a Warrior."),
    ("Warrior", 4, _A | _K | _TR, dict(cards=2, **_upgrade("Hero")),
     "+2 Cards. For each Traveller you have in play (including this), each other player "
     "discards the top card of their deck and trashes it if it costs $3 or $4. When you "
     "discard this from play, you may exchange it for a Hero."),
    ("Hero", 5, _A | _TR, dict(coins=2, **_upgrade("Champion")),
     "+$2. Gain a Treasure. When you discard this from play, you may exchange it for a "
     "Champion."),
    ("Champion", 6, _A | _D, dict(actions=1, lasts=LASTS_GAME, lasting_actions_per_action=1,
                                   lasting_unaffected=True, **_upgrade()),
     "+1 Action. For the rest of the game, when another player plays an Attack, it doesn't "
     "affect you, and when you play an Action, +1 Action. (This stays in play.)"),
    ("Soldier", 3, _A | _K | _TR, dict(coins=2, **_upgrade("Fugitive")),
     "+$2. +$1 per other Attack you have in play. Each other player with 4 or more cards in "
     "hand discards a card. When you discard this from play, you may exchange it for a "
     "Fugitive."),
    ("Fugitive", 4, _A | _TR, dict(cards=2, actions=1, **_upgrade("Disciple")),
     "+2 Cards, +1 Action. Discard a card. When you discard this from play, you may exchange "
     "it for a Disciple."),
    ("Disciple", 5, _A | _TR, _upgrade("Teacher"),
     "You may play an Action card from your hand twice. Gain a copy of it. When you discard "
     "this from play, you may exchange it for a Teacher."),
    ("Teacher", 6, _A | _R, dict(_called_at_start(11), **_upgrade()),
     "Put this on your Tavern mat. At the start of your turn, you may call this, to move your "
     "+1 Card, +1 Action, +1 Buy or +$1 token to an Action Supply pile you have no tokens on."),
    # Events.
    ("Alms", 0, EVENT, dict(once_per_turn=True),
     "Once per turn: If you have no Treasures in play, gain a card costing up to $4."),
    ("Borrow", 0, EVENT, dict(buys=1, once_per_turn=True),
     "+1 Buy. Once per turn: If your -1 Card token isn't on your deck, put it there and +$1."),
    ("Quest", 0, EVENT, {},
     "You may discard an Attack, two Curses, or six cards. If you do, gain a Gold."),
    ("Save", 1, EVENT, dict(buys=1, once_per_turn=True),
     "+1 Buy. Once per turn: Set aside a card from your hand, and put it into your hand at "
     "end of turn (after drawing)."),
    ("Scouting Party", 2, EVENT, dict(buys=1),
     "+1 Buy. Look at the top 5 cards of your deck. Discard 3 of them and put the rest back "
     "in any order."),
    ("Travelling Fair", 2, EVENT, dict(buys=2),
     "+2 Buys. When you gain a card this turn, you may put it onto your deck."),
    ("Bonfire", 3, EVENT, {}, "Trash up to 2 cards you have in play."),
    ("Expedition", 3, EVENT, {}, "Draw 2 extra cards for your next hand."),
    ("Ferry", 3, EVENT, {},
     "Move your -$2 cost token to an Action Supply pile (cards from that pile cost $2 less on "
     "your turns, but not less than $0)."),
    ("Plan", 3, EVENT, dict(on_buy=True),
     "Move your Trashing token to an Action Supply pile (when you buy a card from that pile, "
     "you may trash a card from your hand)."),
    ("Mission", 4, EVENT, dict(once_per_turn=True),
     "Once per turn: If the previous turn wasn't yours, take another turn after this one, in "
     "which you can't buy cards."),
    ("Pilgrimage", 4, EVENT, dict(once_per_turn=True),
     "Once per turn: Turn your Journey token over; then if it's face up, choose up to 3 "
     "differently named cards you have in play and gain a copy of each."),
    ("Ball", 5, EVENT, {},
     "Take your -$1 token. Gain 2 cards each costing up to $4."),
    ("Raid", 5, EVENT, {},
     "Gain a Silver per Silver you have in play. Each other player puts their -1 Card token "
     "on their deck."),
    ("Seaway", 5, EVENT, {},
     "Gain an Action card costing up to $4. Move your +1 Buy token to its pile."),
    ("Trade", 5, EVENT, {},
     "Trash up to 2 cards from your hand. Gain a Silver per card you trashed."),
    ("Lost Arts", 6, EVENT, {},
     "Move your +1 Action token to an Action Supply pile (when you play a card from that "
     "pile, you first get +1 Action)."),
    ("Training", 6, EVENT, {},
     "Move your +$1 token to an Action Supply pile (when you play a card from that pile, you "
     "first get +$1)."),
    ("Inheritance", 7, EVENT, dict(face_up=("aside",)),
     "Once per game: Set aside a non-Victory Action card from the Supply costing up to $4. "
     "Move your Estate token to it (during your turns, Estates are also Actions with the "
     "abilities of the card with your Estate token)."),
    ("Pathfinding", 8, EVENT, {},
     "Move your +1 Card token to an Action Supply pile (when you play a card from that pile, "
     "you first get +1 Card)."),
)

ADVENTURES_CARDS: tuple[Card, ...] = tuple(
    Card(FIRST_ADVENTURES + i, name, cost, types, special=FIRST_ADVENTURES + i - _SP_OFFSET,
         text=text, set=SET_ADVENTURES, **counters)
    for i, (name, cost, types, counters, text) in enumerate(_ROWS))

(COIN_OF_THE_REALM, PAGE, PEASANT, RATCATCHER, RAZE, AMULET, CARAVAN_GUARD, DUNGEON, GEAR, GUIDE,
 DUPLICATE, MAGPIE, MESSENGER, MISER, PORT, RANGER, TRANSMOGRIFY, ARTIFICER, BRIDGE_TROLL,
 DISTANT_LANDS, GIANT, HAUNTED_WOODS, LOST_CITY, RELIC, ROYAL_CARRIAGE, STORYTELLER, SWAMP_HAG,
 TREASURE_TROVE, WINE_MERCHANT, HIRELING) = range(33, 63)
(TREASURE_HUNTER, WARRIOR, HERO, CHAMPION, SOLDIER, FUGITIVE, DISCIPLE, TEACHER) = range(63, 71)
(ALMS, BORROW, QUEST, SAVE, SCOUTING_PARTY, TRAVELLING_FAIR, BONFIRE, EXPEDITION, FERRY, PLAN,
 MISSION, PILGRIMAGE, BALL, RAID, SEAWAY, TRADE, LOST_ARTS, TRAINING, INHERITANCE,
 PATHFINDING) = range(71, 91)

ADVENTURES_KINGDOM = tuple(range(33, 63))
EVENTS = tuple(range(71, 91))
FIRST_EVENT = 71
# Each Traveller's next card, its line and the upgrade piles are the rows' exchange_for
# (sim.cards derives EXCHANGE_FOR, TRAVELLER_LINES, UPGRADES).


def sp(card: int) -> int:
    """Special code of an Adventures card or Event id."""
    return card - _SP_OFFSET


EVENT_SIZE = 1            # one of each Event; not a pile
assert len(ADVENTURES_CARDS) == 58 and ADVENTURES_CARDS[-1].id == PATHFINDING == 90


# ----------------------------------------------------------------------------- decisions
# The questions the texts above ask, with their rule bots' default answers
# (sim.cards.decisions; sim.engine.codes numbers them in its own order).  Each is answered
# by the Adventures rule bot (sim.engine.adventures.decide).


def _asks(name: str, method: str, **fields) -> Decision:
    """An Adventures card's question (answered by the Adventures rule bot)."""
    return Decision(name, method, rules=RULES_ADVENTURES, **fields)


# The questions of the set's mechanics (the start-of-turn window, the Reserves called after
# an Action, Travellers, tokens, several cards going onto a deck at once).
START_OF_TURN = _asks(
    "start of turn", "start_of_turn",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_START, none=NONE_IF_NOTHING_DUE,
    default=DEF_START,
    text="Which start-of-turn effect resolves next, or which Reserve do you call (arg 1: "
    "calls are closed)? None calls nothing more.")
AFTER_ACTION_CALL = _asks(
    "call after an Action", "after_action",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_AFTER, limit=LIM_ARG,
    none=NONE_ALWAYS, default=DEF_AFTER_ACTION,
    text="Do you call Royal Carriage (to replay arg) or Coin of the Realm? None calls "
    "nothing.")
EXCHANGE_TRAVELLER = _asks(
    "exchange a Traveller", "exchange_traveller",
    asked=ASK_TURN, answer=ANS_YES_NO, default=DEF_EXCHANGE,
    text="Do you exchange the Traveller (arg) you discard from play?")
CARAVAN_GUARD_REACT = _asks(
    "react with Caravan Guard", "caravan_guard_react",
    asked=ASK_OTHER, answer=ANS_YES_NO, default=DEF_YES, card=CARAVAN_GUARD,
    text="Do you play Caravan Guard from your hand against the Attack (arg)?")
DUPLICATE_CALL = _asks(
    "call Duplicate", "duplicate_call",
    asked=ASK_ANY, answer=ANS_YES_NO, default=DEF_COPY_UNLESS_JUNK, card=DUPLICATE,
    text="Do you call Duplicate to gain a copy of the card you just gained (arg)?")
AMULET_MODE = _asks(
    "choose with Amulet", "amulet_mode",
    asked=ASK_TURN, answer=ANS_MODE, default=DEF_CHOOSE_TRASH_SILVER_COIN, card=AMULET,
    options=("+$1", "trash a card", "gain a Silver"), choices=("coin", "trash", "silver"),
    text="Which of Amulet's options?")
AMULET_TRASH = _asks(
    "trash with Amulet", "amulet_trash",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_IF_EMPTY,
    default=DEF_MUST_TRASH, card=AMULET,
    text="Which card from your hand do you trash?")
DUNGEON_DISCARD = _asks(
    "discard to Dungeon", "dungeon_discard",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_IF_EMPTY,
    default=DEF_DISCARD, card=DUNGEON,
    text="Which card from your hand do you discard (arg: how many still)?")
GEAR_SET_ASIDE = _asks(
    "set aside with Gear", "gear_set_aside",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_ALWAYS,
    default=DEF_GEAR_LIST, card=GEAR,
    text="Which card from your hand do you set aside (arg: how many already)? None stops.")
RATCATCHER_TRASH = _asks(
    "trash with Ratcatcher", "ratcatcher_trash",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_IF_EMPTY,
    default=DEF_MUST_TRASH, card=RATCATCHER,
    text="Which card from your hand do you trash?")
TRANSMOGRIFY_TRASH = _asks(
    "trash with Transmogrify", "transmogrify_trash",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_IF_EMPTY,
    default=DEF_TRASH_FOR_GAIN, card=TRANSMOGRIFY, default_list="transmogrify",
    default_arg=1, text="Which card from your hand do you trash?")
TRANSMOGRIFY_GAIN = _asks(
    "gain with Transmogrify", "transmogrify_gain",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_GAIN, limit=LIM_ARG,
    none=NONE_IF_EMPTY, default=DEF_GAIN_PAIRED, card=TRANSMOGRIFY,
    text="Which card costing up to arg do you gain to your hand?")
TEACHER_TOKEN = _asks(
    "move a token with Teacher", "teacher_token",
    asked=ASK_TURN, answer=ANS_MODE, default=DEF_TEACHER_TOKEN, card=TEACHER,
    options=("+1 Card", "+1 Action", "+1 Buy", "+$1"), text="Which token does Teacher move?")
TOKEN_PILE = _asks(
    "put a token on a pile", "token_pile",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_PILE, none=NONE_IF_EMPTY,
    default=DEF_TOKEN_PILE, card=TEACHER,
    text="On which Action Supply pile do you put the token (arg: which token)?")
RAZE_TRASH = _asks(
    "trash with Raze", "raze_trash",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_UNLESS_ARG1,
    default=DEF_TRASH_JUNK_NOT_COPPER, card=RAZE,
    text="Which card from your hand do you trash? None trashes Raze itself (arg 1: Raze "
    "has left play, a card must go).")
RAZE_KEEP = _asks(
    "keep with Raze", "raze_keep",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_ASIDE, none=NONE_IF_EMPTY,
    default=DEF_KEEP_BEST, card=RAZE,
    text="Which looked-at card do you put into your hand?")
MESSENGER_DECK = _asks(
    "move the deck with Messenger", "messenger_deck",
    asked=ASK_TURN, answer=ANS_YES_NO, default=DEF_YES_IF_OPTION0, card=MESSENGER,
    choices=("discard deck", "keep deck"),
    text="Do you put your deck into your discard pile?")
MESSENGER_GAIN = _asks(
    "gain with Messenger", "messenger_gain",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_GAIN, limit=LIM_ARG,
    none=NONE_IF_EMPTY, default=DEF_GAIN, card=MESSENGER,
    text="Which card costing up to arg do you gain (every other player gains a copy)?")
MISER_MODE = _asks(
    "choose with Miser", "miser_mode",
    asked=ASK_TURN, answer=ANS_MODE, default=DEF_CHOOSE_COPPER_TO_MAT, card=MISER,
    options=("put a Copper on the mat", "+$1 per Copper on the mat"),
    choices=("copper", "coins"), text="Which of Miser's options?")
ARTIFICER_DISCARD = _asks(
    "discard to Artificer", "artificer_discard",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_ALWAYS,
    default=DEF_NONE, card=ARTIFICER,
    text="Which card from your hand do you discard? None stops.")
ARTIFICER_GAIN = _asks(
    "gain with Artificer", "artificer_gain",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_EXACT, limit=LIM_ARG,
    none=NONE_ALWAYS, default=DEF_NONE, card=ARTIFICER,
    text="Which card costing exactly arg do you gain onto your deck, if any?")
STORYTELLER_PLAY = _asks(
    "play with Storyteller", "storyteller_play",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, types=TREASURE,
    none=NONE_ALWAYS, default=DEF_PLAY_COPPER, card=STORYTELLER,
    text="Which Treasure from your hand do you play (up to 3)? None stops.")
WINE_MERCHANT_DISCARD = _asks(
    "discard Wine Merchant", "wine_merchant_discard",
    asked=ASK_TURN, answer=ANS_YES_NO, default=DEF_YES, card=WINE_MERCHANT,
    text="Do you discard a Wine Merchant from your Tavern mat at the end of your Buy phase?")
HERO_GAIN = _asks(
    "gain with Hero", "hero_gain",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_GAIN, types=TREASURE, limit=LIM_ANY,
    none=NONE_IF_EMPTY, default=DEF_GAIN_OF_TYPE, card=HERO,
    text="Which Treasure do you gain?")
FUGITIVE_DISCARD = _asks(
    "discard to Fugitive", "fugitive_discard",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_IF_EMPTY,
    default=DEF_DISCARD, card=FUGITIVE,
    text="Which card from your hand do you discard?")
DISCIPLE_PLAY = _asks(
    "play twice with Disciple", "disciple_play",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, types=ACTION,
    none=NONE_ALWAYS, default=DEF_PLAY, card=DISCIPLE, default_list="disciple",
    text="Which Action from your hand do you play twice (and gain a copy of), if any?")
TOPDECK_ORDER = _asks(
    "order cards onto the deck", "topdeck_order",
    asked=ASK_ANY, answer=ANS_ORDER, domain=DOM_TOPDECK,
    none=NONE_IF_EMPTY, default=DEF_TOPDECK_ORDER,
    text="Of the cards going onto your deck together, which goes next (the last put is "
    "drawn first; arg: the card whose text does it)?")
TRASHING_TOKEN_TRASH = _asks(
    "trash with the Trashing token", "trashing_token_trash",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_ALWAYS,
    default=DEF_TRASH_JUNK, card=PLAN,
    text="Which card from your hand do you trash for the Trashing token, if any?")
ALMS_GAIN = _asks(
    "gain with Alms", "alms_gain",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_GAIN, limit=LIM_ARG, none=NONE_IF_EMPTY,
    default=DEF_GAIN, card=ALMS,
    text="Which card costing up to arg do you gain?")
QUEST_MODE = _asks(
    "choose with Quest", "quest_mode",
    asked=ASK_TURN, answer=ANS_MODE, domain=DOM_QUEST, none=NONE_ALWAYS,
    default=DEF_CHOOSE_FREE_DISCARD, card=QUEST,
    options=("discard an Attack", "discard two Curses", "discard six cards"),
    choices=("attack", "curses", "six"),
    text="What do you discard to Quest, if anything?")
QUEST_DISCARD = _asks(
    "discard to Quest", "quest_discard",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_QUEST_DISCARD, none=NONE_IF_EMPTY,
    default=DEF_DISCARD_ATTACK_CURSE, card=QUEST,
    text="Which card from your hand do you discard for Quest (arg: how many still)?")
SAVE_SET_ASIDE = _asks(
    "set aside with Save", "save_set_aside",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_IF_EMPTY,
    default=DEF_KEEP_BEST, card=SAVE, default_list="save",
    text="Which card from your hand do you set aside until the end of the turn?")
SCOUTING_PARTY_DISCARD = _asks(
    "discard to Scouting Party", "scouting_party_discard",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_ASIDE, none=NONE_IF_EMPTY,
    default=DEF_DISCARD_FIRST, card=SCOUTING_PARTY,
    text="Which looked-at card do you discard (arg: how many still)?")
TRAVELLING_FAIR_TOPDECK = _asks(
    "put a gained card on the deck (Travelling Fair)", "travelling_fair_topdeck",
    asked=ASK_TURN, answer=ANS_YES_NO, default=DEF_TOPDECK_GAINED, card=TRAVELLING_FAIR,
    text="Do you put the card you just gained (arg) onto your deck?")
BONFIRE_TRASH = _asks(
    "trash with Bonfire", "bonfire_trash",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_PLAY, none=NONE_ALWAYS,
    default=DEF_TRASH_PLAYED_JUNK, card=BONFIRE,
    text="Which card in play do you trash (up to 2)? None stops.")
PILGRIMAGE_GAIN = _asks(
    "gain with Pilgrimage", "pilgrimage_gain",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_PILGRIM, limit=LIM_ARG,
    none=NONE_ALWAYS, default=DEF_COPY_COSTLIEST, card=PILGRIMAGE,
    text="Which card in play do you gain a copy of (up to 3 different; arg: the highest id "
    "named so far)? None stops.")
BALL_GAIN = _asks(
    "gain with Ball", "ball_gain",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_GAIN, limit=LIM_ARG, none=NONE_IF_EMPTY,
    default=DEF_GAIN, card=BALL,
    text="Which card costing up to arg do you gain?")
SEAWAY_GAIN = _asks(
    "gain with Seaway", "seaway_gain",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_GAIN, types=ACTION, limit=LIM_ARG,
    none=NONE_IF_EMPTY, default=DEF_GAIN_OF_TYPE, card=SEAWAY,
    text="Which Action costing up to arg do you gain?")
TRADE_TRASH = _asks(
    "trash with Trade", "trade_trash",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_ALWAYS,
    default=DEF_TRASH_JUNK, card=TRADE, default_list="trade",
    text="Which card from your hand do you trash for a Silver (up to 2)? None stops.")
INHERITANCE_SET_ASIDE = _asks(
    "set aside with Inheritance", "inheritance_set_aside",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_GAIN, types=ACTION,
    not_types=VICTORY, limit=LIM_ARG, none=NONE_IF_EMPTY,
    default=DEF_FIRST_PLAYED_GAIN, card=INHERITANCE,
    text="Which non-Victory Action costing up to arg do you set aside for your Estates?")


# The set as it joins the table (sim.cards.sets): its questions, numbered by the table in
# this order (the order they had before sets were registered, which saved policies and
# results keep); every game with one of its cards runs the Adventures turn (start-of-turn
# window, Tavern mat, tokens, Events).
CARD_SET = CardSet(SET_ADVENTURES, "adventures", ADVENTURES_CARDS,
                   engine=("sim.engine.adventures.cards", "sim.engine.adventures.events"),
                   decisions=(START_OF_TURN, AFTER_ACTION_CALL, EXCHANGE_TRAVELLER,
                              CARAVAN_GUARD_REACT, DUPLICATE_CALL, AMULET_MODE,
                              AMULET_TRASH, DUNGEON_DISCARD, GEAR_SET_ASIDE,
                              RATCATCHER_TRASH, TRANSMOGRIFY_TRASH, TRANSMOGRIFY_GAIN,
                              TEACHER_TOKEN, TOKEN_PILE, RAZE_TRASH, RAZE_KEEP,
                              MESSENGER_DECK, MESSENGER_GAIN, MISER_MODE,
                              ARTIFICER_DISCARD, ARTIFICER_GAIN, STORYTELLER_PLAY,
                              WINE_MERCHANT_DISCARD, HERO_GAIN, FUGITIVE_DISCARD,
                              DISCIPLE_PLAY, TOPDECK_ORDER, TRASHING_TOKEN_TRASH,
                              ALMS_GAIN, QUEST_MODE, QUEST_DISCARD, SAVE_SET_ASIDE,
                              SCOUTING_PARTY_DISCARD, TRAVELLING_FAIR_TOPDECK,
                              BONFIRE_TRASH, PILGRIMAGE_GAIN, BALL_GAIN, SEAWAY_GAIN,
                              TRADE_TRASH, INHERITANCE_SET_ASIDE),
                   adventures_turn=True)
