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
N_DECISIONS = 25

DECISION_NAMES = (
    "play an Action", "play a Treasure", "buy", "discard to an attack", "reveal Moat",
    "discard to Cellar", "trash with Remodel", "gain with Remodel", "trash with Mine",
    "gain with Mine", "gain with Workshop", "trash with Chapel", "trash a Copper with Moneylender",
    "put a card back with Harbinger", "play with Vassal", "put a Victory card back (Bureaucrat)",
    "discard to Poacher", "play twice with Throne Room", "trash to Bandit",
    "set aside with Library", "trash with Sentry", "discard with Sentry",
    "order the cards Sentry puts back", "gain with Artisan", "put a card back with Artisan",
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

# Why a card was discarded (the ``extra`` of EV_DISCARD rows).
DISCARD_ATTACK = 0
DISCARD_CELLAR = 1
DISCARD_REVEALED = 2   # a revealed or looked-at card (Vassal, Bandit, Sentry, Library)
DISCARD_POACHER = 3

# Why a game ended.
END_PROVINCES = 0
END_PILES = 1
END_TURN_CAP = 2
END_NAMES = ("provinces", "three piles", "turn cap")
