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

DECISION_NAMES = (
    "play an Action", "play a Treasure", "buy", "discard to an attack", "reveal Moat",
    "discard to Cellar", "trash with Remodel", "gain with Remodel", "trash with Mine",
    "gain with Mine", "gain with Workshop", "trash with Chapel", "trash a Copper with Moneylender",
)

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

# Why a game ended.
END_PROVINCES = 0
END_PILES = 1
END_TURN_CAP = 2
END_NAMES = ("provinces", "three piles", "turn cap")
