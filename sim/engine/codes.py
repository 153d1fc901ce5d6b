"""Integer codes shared by the compiled engine and the Python around it.

Decisions (``D_*``) are the questions the engine asks a player; each is
answered with one card id (or -1 for "none / stop").  Events (``EV_*``) are
rows of the optional game log.  Errors (``ERR_*``) stop a batch; the Python
wrapper turns them into exceptions that name the bot, decision and card.
"""

# Decisions: one card at a time.
D_ACTION = 0           # Action to play, or -1 to end the Action phase
D_TREASURE = 1         # Treasure to play, or -1 to end playing Treasures
D_BUY = 2              # card to buy, or -1 to stop buying
D_ATTACK_DISCARD = 3   # card to discard to an attack (arg: how many still to discard)
D_REVEAL_MOAT = 4      # 1 to reveal Moat, 0 not to
D_CELLAR = 5           # card to discard to Cellar, or -1 to stop
D_REMODEL_TRASH = 6    # card to trash (mandatory when the hand is not empty)
D_REMODEL_GAIN = 7     # card to gain (arg: max cost)
D_MINE_TRASH = 8       # Treasure to trash, or -1
D_MINE_GAIN = 9        # Treasure to gain to hand (arg: max cost)
D_WORKSHOP_GAIN = 10   # card to gain (arg: max cost)
D_CHAPEL = 11          # card to trash, or -1 to stop (at most 4)
D_MONEYLENDER = 12     # 1 to trash a Copper for +$3, 0 not to
D_HARBINGER = 13       # card from the discard pile to put onto the deck, or -1
D_VASSAL = 14          # 1 to play the discarded Action (arg: the card), 0 not to
D_BUREAUCRAT = 15      # Victory card from hand to put onto the deck (attacked player)
D_POACHER = 16         # card to discard (arg: how many still to discard)
D_THRONE_ROOM = 17     # Action from hand to play twice, or -1
D_BANDIT = 18          # revealed Treasure (not Copper) to trash (attacked; arg: 2nd revealed)
D_LIBRARY = 19         # 1 to set aside the Action just drawn (arg: the card), 0 to keep it
D_SENTRY_TRASH = 20    # looked-at card to trash, or -1 to stop trashing
D_SENTRY_DISCARD = 21  # looked-at card to discard, or -1 to stop discarding
D_SENTRY_TOP = 22      # of the two cards going back, the one to put on top (drawn first)
D_ARTISAN_GAIN = 23    # card to gain to hand (arg: max cost)
D_ARTISAN_TOPDECK = 24  # card from hand to put onto the deck (mandatory)
# Adventures (sim.engine.adventures).  "Mode" decisions are answered with a number.
D_START = 25           # start of turn: the card whose effect or call comes next (Gear, a
                       # Duration, Hireling, Guide, Ratcatcher, Transmogrify, Teacher; a
                       # Reserve's name also calls an Estate inheriting it, as does Estate),
                       # or -1: call nothing more (effects still due then resolve in the
                       # default order; arg 1 once calls are closed, 0 before)
D_AFTER_ACTION = 26    # after an Action resolved (arg: it): call Royal Carriage (or an Estate
                       # inheriting it: answer either name) or Coin of the Realm, or -1
D_EXCHANGE = 27        # 1 to exchange the Traveller (arg) discarded from play, 0 not to
D_CARAVAN_GUARD = 28   # 1 to play Caravan Guard from hand against an Attack (arg: the Attack)
D_DUPLICATE = 29       # 1 to call Duplicate to gain a copy of the card just gained (arg)
D_AMULET = 30          # mode: 0 +$1, 1 trash a card from hand, 2 gain a Silver
D_AMULET_TRASH = 31    # card from hand to trash (mandatory)
D_DUNGEON = 32         # card from hand to discard (arg: how many still to discard)
D_GEAR = 33            # card from hand to set aside, or -1 (arg: how many already)
D_RATCATCHER = 34      # card from hand to trash (mandatory once called)
D_TRANSMOGRIFY_TRASH = 35  # card from hand to trash (mandatory once called)
D_TRANSMOGRIFY_GAIN = 36   # card to gain to hand (arg: max cost)
D_TEACHER_TOKEN = 37   # mode: which token Teacher moves: 0 +1 Card, 1 +1 Action, 2 +1 Buy, 3 +$1
D_TOKEN_PILE = 38      # Action Supply pile to put a token on (arg: the token, K_TOK_* - K_TOK_CARD)
D_RAZE = 39            # card from hand to trash, or -1 to trash Raze itself
D_RAZE_KEEP = 40       # looked-at card to put into hand (mandatory)
D_MESSENGER_DECK = 41  # 1 to put the deck into the discard pile, 0 not to
D_MESSENGER_GAIN = 42  # card to gain, every other player gaining a copy (arg: max cost)
D_MISER = 43           # mode: 0 put a Copper from hand on the mat, 1 +$1 per Copper on the mat
D_ARTIFICER_DISCARD = 44   # card from hand to discard, or -1 to stop
D_ARTIFICER_GAIN = 45  # card costing exactly arg to gain onto the deck, or -1
D_STORYTELLER = 46     # Treasure from hand to play, or -1 (at most 3)
D_WINE_MERCHANT = 47   # 1 to discard a Wine Merchant from the mat at the end of the Buy phase
                       # (a real one first, then Estates inheriting it; one question each)
D_HERO = 48            # Treasure to gain (mandatory while one can be gained)
D_FUGITIVE = 49        # card from hand to discard (mandatory)
D_DISCIPLE = 50        # Action from hand to play twice (and gain a copy of), or -1
D_TOPDECK_ORDER = 51   # of the cards going onto the deck together, the next one to put there
                       # (the last put is drawn first; arg: the card whose text does it)
D_TRASHING_TOKEN = 52  # card from hand to trash on buying from the Trashing token's pile, or -1
D_ALMS = 53            # card to gain (arg: max cost)
D_QUEST = 54           # mode: 0 discard an Attack, 1 two Curses, 2 six cards, -1 nothing
D_QUEST_DISCARD = 55   # card from hand to discard for Quest (arg: how many still to discard)
D_SAVE = 56            # card from hand to set aside (mandatory)
D_SCOUTING_PARTY = 57  # looked-at card to discard (arg: how many still to discard)
D_FAIR = 58            # 1 to put the card just gained (arg) onto the deck (Travelling Fair)
D_BONFIRE = 59         # card in play to trash, or -1 (at most 2)
D_PILGRIMAGE = 60      # card in play to gain a copy of, or -1 (at most 3, different names,
#                        any order; arg: the highest card id named so far, -1 at first)
D_BALL = 61            # card to gain (arg: max cost)
D_SEAWAY = 62          # Action to gain (arg: max cost)
D_TRADE = 63           # card from hand to trash for a Silver, or -1 (at most 2)
D_INHERITANCE = 64     # non-Victory Action costing up to arg to set aside from the Supply
N_DECISIONS = 65

DECISION_NAMES = (
    "play an Action", "play a Treasure", "buy", "discard to an attack", "reveal Moat",
    "discard to Cellar", "trash with Remodel", "gain with Remodel", "trash with Mine",
    "gain with Mine", "gain with Workshop", "trash with Chapel", "trash a Copper with Moneylender",
    "put a card back with Harbinger", "play with Vassal", "put a Victory card back (Bureaucrat)",
    "discard to Poacher", "play twice with Throne Room", "trash to Bandit",
    "set aside with Library", "trash with Sentry", "discard with Sentry",
    "order the cards Sentry puts back", "gain with Artisan", "put a card back with Artisan",
    "start of turn", "call after an Action", "exchange a Traveller", "react with Caravan Guard",
    "call Duplicate", "choose with Amulet", "trash with Amulet", "discard to Dungeon",
    "set aside with Gear", "trash with Ratcatcher", "trash with Transmogrify",
    "gain with Transmogrify", "move a token with Teacher", "put a token on a pile",
    "trash with Raze", "keep with Raze", "move the deck with Messenger", "gain with Messenger",
    "choose with Miser", "discard to Artificer", "gain with Artificer", "play with Storyteller",
    "discard Wine Merchant", "gain with Hero", "discard to Fugitive", "play twice with Disciple",
    "order cards onto the deck", "trash with the Trashing token", "gain with Alms",
    "choose with Quest", "discard to Quest", "set aside with Save", "discard to Scouting Party",
    "put a gained card on the deck (Travelling Fair)", "trash with Bonfire",
    "gain with Pilgrimage", "gain with Ball", "gain with Seaway", "trash with Trade",
    "set aside with Inheritance",
)
assert len(DECISION_NAMES) == N_DECISIONS

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
