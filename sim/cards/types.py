"""Card types and the printed data of one card: the leaf of the card table.

The expansion modules (:mod:`sim.cards.base`, :mod:`sim.cards.adventures`) build their
rows from these, and :mod:`sim.cards` re-exports them; living here rather than in the
package's ``__init__`` keeps the expansions from importing the package that imports them
(an import cycle, held before with ``noqa: E402``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

# Card types, as bits so a card can have several (Action-Attack, Action-Reaction).
TREASURE = 1
VICTORY = 2
CURSE_TYPE = 4
ACTION = 8
ATTACK = 16
REACTION = 32
# Adventures (sim.cards.adventures).
DURATION = 64
RESERVE = 128
TRAVELLER = 256
EVENT = 512       # not a card: bought with a Buy and $, never in any zone

# The sets a card is of (Card.set), in the order they joined the table.  What a set's cards
# need of the engine is declared with the set (CardSet.adventures_turn).
SET_BASE = "Base"
SET_ADVENTURES = "Adventures"
SET_INTRIGUE = "Intrigue"

TYPE_BITS = {
    "Treasure": TREASURE,
    "Victory": VICTORY,
    "Curse": CURSE_TYPE,
    "Action": ACTION,
    "Attack": ATTACK,
    "Reaction": REACTION,
    "Duration": DURATION,
    "Reserve": RESERVE,
    "Traveller": TRAVELLER,
    "Event": EVENT,
}


# How long a play's effect stays in force (Card.lasts): a Duration's until its owner's
# next turn; Hireling's and Champion's for the rest of the game.
LASTS_NEXT_TURN = "next turn"
LASTS_GAME = "game"


@dataclass(frozen=True)
class StartOfTurn:
    """A card's part in its owner's start-of-turn window: an effect of earlier plays that
    resolves there (a Duration's "at the start of your next turn", Hireling's "at the start
    of each of your turns"), or a Reserve called from the Tavern mat there (Guide).

    ``rank`` places it in the window's default order, effects and calls together (the
    order a rule bot without a ``start`` list takes, and the turn takes without asking
    when no call is possible): the lowest first.  Calls that replace the hand come first
    (Guide, on the hand as dealt), then cards coming back to hand (Gear), draws, $ and
    Buys, choices, and last the calls that use the hand (trash, move a token).
    A new card picks its place by these reasons; ranks are unique (sim.cards checks).

    An effect is counters, per play resolved (``draw``, ``coins``, ``buys``: the window
    does them, as a play's counters are done by the turn), and where the card says more
    (``text``), the card's function, run with sim.engine.layout's RUN_AT_START flag
    (sim.engine.adventures.turn.do_start_item).  ``each_play`` -- each play's effect
    resolves as its own item (twice after two plays), else one item resolves every
    play's at once (Gear returns all its cards; Hireling draws a card per Hireling);
    ``logged`` -- the window logs the effect as one row (EV_DURATION, in :meth:`words`),
    else the effect logs its own rows (Gear: a row per card returned)."""

    rank: int
    call: bool = False          # a Reserve called from the mat (else an effect of plays)
    each_play: bool = True
    logged: bool = True
    draw: int = 0               # +Cards per play resolved
    coins: int = 0              # +$ per play resolved
    buys: int = 0               # +Buys per play resolved
    text: bool = False          # the card's function does (the rest of) the effect
    text_words: str = ""        # what the text does, in the log's words

    def words(self) -> str:
        """The effect in the log's words: its counters' ("+3 Cards", "+$1"), else its
        text's."""
        plus = [f"+{self.draw} Card{'s' if self.draw != 1 else ''}" if self.draw else "",
                f"+${self.coins}" if self.coins else "",
                f"+{self.buys} Buy{'s' if self.buys != 1 else ''}" if self.buys else ""]
        return ", ".join([w for w in plus if w] + ([self.text_words] if self.text_words
                                                     else []))


#: The moves a card may declare face up (Card.face_up): onto a deck, set aside, into a hand.
FACE_UP_ZONES = ("deck", "aside", "hand")

# When a Reserve on the Tavern mat may be called, besides the start of its owner's turn
# (declared by ``at_start``): Card.called.  The rule language's ``on`` names the Action
# just resolved, or the card just gained (bots.rules.Call).
CALLED_AFTER_ACTION = "after an Action"     # directly after resolving an Action
CALLED_ON_GAIN = "on a gain"                # when its owner gains a card
CALLED_TIMINGS = (CALLED_AFTER_ACTION, CALLED_ON_GAIN)

# When a card's own on-buy text runs (Card.on_buy_text): on any buy of it, or only when it
# is the first card its buyer buys that turn (Messenger).
BOUGHT_ANY = "any buy"
BOUGHT_FIRST = "first buy of the turn"
BOUGHT_TIMINGS = (BOUGHT_ANY, BOUGHT_FIRST)
# What a play's lasting effect does when another player it affects buys a card, before the
# card is gained (Card.lasting_on_victims_buy): the ways sim.engine.adventures.turn.on_buy
# knows, each with its own row of such plays in the state (sim.engine.layout
# VICTIMS_BUY_ROW).  Haunted Woods puts the buyer's hand onto their deck; Swamp Hag gives
# them a Curse, one per play.
VICTIMS_BUY_HAND_ONTO_DECK = "hand onto deck"
VICTIMS_BUY_GAIN_CURSE = "gain a Curse"
VICTIMS_BUY_WAYS = (VICTIMS_BUY_HAND_ONTO_DECK, VICTIMS_BUY_GAIN_CURSE)

# When a Reaction acts (Reacts.when): the events the engine opens a reaction window for.
REACTS_TO_ATTACK = "when another player plays an Attack"
REACTS_TIMINGS = (REACTS_TO_ATTACK,)
# What the window does with a Reaction its holder uses (Reacts.does).
REACT_PLAY = "play"             # played from hand: its +Cards and its lasting effect
REACT_REVEAL = "reveal"         # revealed from hand: its text's reaction
REACT_UNAFFECTED = "unaffected"  # revealed from hand: its holder is unaffected by the Attack
REACT_WAYS = (REACT_PLAY, REACT_REVEAL, REACT_UNAFFECTED)


@dataclass(frozen=True)
class Reacts:
    """A Reaction's part in a reaction window: the event it answers (``when``,
    REACTS_TIMINGS), its place in the window's order (``rank``: the lowest is offered
    first), what the window does when its holder uses it (``does``, REACT_WAYS) and the
    question that offers it (``asks``: the ``method`` of its yes/no Decision record).

    The window to an Attack (sim.engine.adventures.mechanics.attacked_adv) offers the
    Reactions that are played or revealed for what they do one at a time, in rank order,
    again from the first after each one used (a card just drawn may react too), until
    none is used; then, once, those that leave their holder unaffected (Moat: even one
    just drawn).  So every ``unaffected`` Reaction ranks after the others; ranks are
    unique (sim.cards.reaction_window checks both)."""

    when: str
    rank: int
    does: str
    asks: str


@dataclass(frozen=True)
class Card:
    """One card's printed data.  ``coins`` is +$ for Actions and the value of a Treasure."""

    id: int
    name: str
    cost: int
    types: int
    cards: int = 0
    actions: int = 0
    buys: int = 0
    coins: int = 0
    vp: int = 0
    special: int = 0            # SP_* code of the card's own function in the engine
    text: str = ""
    set: str = ""               # SET_*: the set that prints it (of_set marks a set's rows)
    once_per_turn: bool = False  # an Event that may be bought only once per turn
    lasts: str = ""             # LASTS_*: how long a play's effect stays in force ("" none)
    at_start: StartOfTurn | None = None  # what it does in the start-of-turn window
    also: tuple[str, ...] = ()  # other names it is printed under (Harem: Farm)
    # Its VP beyond ``vp``, at the game's end, per copy owned: 1 per ``vp_per_cards``
    # cards the player has (Gardens: 10), 1 per copy of card ``vp_per_card`` they have
    # (Duke: Duchy; -1 none).
    vp_per_cards: int = 0
    vp_per_card: int = -1
    # Where its text puts a card face up, seen by every player, that such a move would
    # otherwise keep private (FACE_UP_ZONES): "deck" onto a deck (Bureaucrat's revealed
    # Victory card, Replace's gained card), "aside" set aside (Library's Actions), "hand"
    # into a hand (Magpie's revealed Treasure).  The log's views read it
    # (sim.engine.gamelog.VISIBILITY): a card that says nothing keeps such moves private.
    face_up: tuple[str, ...] = ()
    # When it may be called from the Tavern mat other than at the start of a turn
    # (CALLED_TIMINGS; "" none): Royal Carriage and Coin of the Realm after an Action,
    # Duplicate on a gain.  The rule language's Call rules read it (bots.rules: which
    # Reserves a bot calls, and what ``on`` names).
    called: str = ""
    # It acts when a card is bought (sim.engine.adventures.turn.on_buy): when it is bought
    # itself (Port, Messenger), while its play is in effect when another player buys
    # (Haunted Woods, Swamp Hag), or through the token it moves (Plan).  A game with no
    # such card skips the buy's on-buy step (layout T_ON_BUY).
    on_buy: bool = False
    # What calling it from the Tavern mat does, where ``called`` says when: after an Action
    # (sim.engine.adventures.turn.after_action), ``call_actions`` is the +Actions the call
    # gives (Coin of the Realm: 2; the window stays open for more calls) and
    # ``call_replays`` says it replays the Action just resolved, if that copy is still in
    # play (Royal Carriage; the window closes, the replay has its own); on a gain
    # (sim.engine.adventures.mechanics.on_gain), ``call_copy_up_to`` is the most the gained
    # card may cost for the call to gain a copy of it from the Supply (Duplicate: 6; -1
    # none), and ``call_asks`` the ``method`` of the yes/no question that offers the call.
    # The engine reads these (sim.cards AFTER_ACTION_CALLS, compiled in; the game's table's
    # AFTER_CALL_IDS and GAIN_CALL_IDS), never the card's name.
    call_actions: int = 0
    call_replays: bool = False
    call_copy_up_to: int = -1
    call_asks: str = ""
    # Where it leaves the Tavern mat by its own text, not by a call (it is not played, so
    # no Call rule names it): discarded at the end of its owner's Buy phase while they have
    # at least ``end_of_buy_discard_coins`` $ unspent (Wine Merchant: 2; -1 never), each
    # time they say yes to its yes/no question ``end_of_buy_discard_asks``.  The turn reads
    # these (sim.cards END_OF_BUY_DISCARDS, compiled in by sim.engine.adventures.turn;
    # sim.engine.codes.END_OF_BUY_DISCARD_QUESTION), never the card's name.
    end_of_buy_discard_coins: int = -1
    end_of_buy_discard_asks: str = ""
    # What its plays do while their effect lasts (``lasts``), besides the start-of-turn
    # window: +Actions per Action its owner plays on their turn, per play in effect
    # (Champion: 1), and whether its owner is unaffected by other players' Attacks
    # (Champion).  The turn and the reaction window read them (sim.cards
    # LASTING_ACTIONS_CARDS, LASTING_UNAFFECTED_CARDS, compiled in by
    # sim.engine.adventures.mechanics).
    lasting_actions_per_action: int = 0
    lasting_unaffected: bool = False
    # A Traveller's next card, by name: when a play of it is discarded from play, its owner
    # may exchange it for that card (Page: Treasure Hunter).  sim.cards derives from it
    # each line (TRAVELLER_LINES), the upgrade piles outside the Supply (UPGRADES) and the
    # order Cleanup offers the exchanges in (EXCHANGE_ORDER, which the turn compiles in).
    exchange_for: str = ""
    # How many cards its pile starts with, whatever the player count (Port: 12; a
    # Traveller upgrade: 5); 0: the usual rule (10, a Victory card's 8 or 12).
    pile_size: int = 0
    # When it is gained, each other player draws this many cards (Lost City: 1; read by
    # sim.engine.adventures.mechanics.on_gain through sim.cards GAIN_DRAW_CARDS).
    on_gain_others_draw: int = 0
    # When it is bought, its buyer gains another copy of it while its pile has one
    # (Port; read by sim.engine.adventures.turn.on_buy through sim.cards
    # BUY_GAINS_COPY_CARDS).  Needs ``on_buy``: a buy's on-buy step is skipped in a game
    # with no card declaring one.
    on_buy_gains_copy: bool = False
    # While a copy is in play on its owner's turn, every card costs this much less, never
    # below $0 (Bridge Troll: 1; an Estate inheriting it is a copy): sim.engine.zones
    # cost_cut compiles in sim.cards COST_CUT_CARDS.
    cost_cut_in_play: int = 0
    # Its VP per copy on its owner's Tavern mat at the game's end, besides ``vp`` (Distant
    # Lands: 4, a Reserve): the score (sim.engine.zones mat_vp) compiles in sim.cards
    # MAT_VP_CARDS.
    vp_on_mat: int = 0
    # When buying it runs its function for its on-buy text (BOUGHT_TIMINGS; "" never): the
    # function, found by its special code as a play's, does the text when the run flag
    # says so (sim.engine.layout RUN_ON_BUY; Messenger, on the first buy of a turn).
    # Needs ``on_buy``.
    on_buy_text: str = ""
    # What a play in effect does when another player it affects buys a card
    # (VICTIMS_BUY_WAYS; "" nothing): Haunted Woods puts their hand onto their deck, Swamp
    # Hag gives them a Curse.  Until its owner's next turn (lasts=LASTS_NEXT_TURN), and a
    # buy sets it off (on_buy=True).  The on-buy step, Scenario and the saved-position
    # check read it (sim.cards.VICTIMS_BUY_CARD; sim.engine.layout VICTIMS_BUY_ROW).
    lasting_on_victims_buy: str = ""
    # When it reacts, as a Reaction (Reacts; None: never): Moat, Caravan Guard and
    # Diplomat when another player plays an Attack.  The reaction window reads it
    # (sim.cards.ATTACK_REACTIONS, REACT_HOW; sim.engine.codes.REACT_QUESTION).
    reacts: Reacts | None = None

    def __post_init__(self) -> None:
        odd = [w for w in self.face_up if w not in FACE_UP_ZONES]
        if odd:
            raise ValueError(f"card {self.name}: face_up {odd} is not among {FACE_UP_ZONES}")
        if self.called and (self.called not in CALLED_TIMINGS or not self.types & RESERVE):
            raise ValueError(f"card {self.name}: called={self.called!r}: a Reserve's timing, "
                             f"one of {CALLED_TIMINGS}")
        self._check_call()
        if (self.lasting_actions_per_action or self.lasting_unaffected) and not self.lasts:
            raise ValueError(f"card {self.name}: lasting_actions_per_action/"
                             f"lasting_unaffected are effects of a play that lasts (lasts=)")
        w = self.lasting_on_victims_buy
        if w and (w not in VICTIMS_BUY_WAYS or self.lasts != LASTS_NEXT_TURN
                  or not self.on_buy):
            raise ValueError(f"card {self.name}: lasting_on_victims_buy={w!r}: one of "
                             f"{VICTIMS_BUY_WAYS}, for a play that lasts until the next turn "
                             f"(lasts={LASTS_NEXT_TURN!r}) and acts on a buy (on_buy=True)")
        self._check_end_of_buy_discard()
        if self.lasting_actions_per_action < 0:
            raise ValueError(f"card {self.name}: lasting_actions_per_action="
                             f"{self.lasting_actions_per_action}: +Actions, 0 or more")
        self._check_gain_and_buy()
        r = self.reacts
        if r is not None and (not self.types & REACTION or r.when not in REACTS_TIMINGS
                              or r.does not in REACT_WAYS):
            raise ValueError(f"card {self.name}: reacts={r!r}: a Reaction's, when one of "
                             f"{REACTS_TIMINGS}, doing one of {REACT_WAYS}")

    def _check_call(self) -> None:
        """What a call does matches when it is called: an after-Action call gives Actions
        or replays (or both) and nothing of a gain's; an on-gain call gains a copy, asked
        by its question, and nothing of an Action's; a card not called so declares none
        (the windows would never do it)."""
        after = self.call_actions != 0 or self.call_replays
        gain = self.call_copy_up_to != -1 or bool(self.call_asks)
        if self.call_actions < 0:
            raise ValueError(f"card {self.name}: call_actions={self.call_actions}: "
                             f"+Actions, 0 or more")
        if self.called == CALLED_AFTER_ACTION and (gain or not after):
            raise ValueError(f"card {self.name}: called after an Action: declare "
                             f"call_actions and/or call_replays, and no on-gain call_*")
        if self.called == CALLED_ON_GAIN and (after or self.call_copy_up_to < 0
                                              or not self.call_asks):
            raise ValueError(f"card {self.name}: called on a gain: declare call_copy_up_to "
                             f">= 0 and call_asks, and no after-Action call_*")
        if self.called not in (CALLED_AFTER_ACTION, CALLED_ON_GAIN) and (after or gain):
            raise ValueError(f"card {self.name}: call_* declared without called= "
                             f"(after an Action or on a gain)")

    def _check_gain_and_buy(self) -> None:
        """The exchange, pile, gain and buy declarations fit the card: only a Traveller is
        exchanged, counts are not negative, and a card that gains on its buy says it acts
        on a buy (else the turn would skip the step)."""
        if self.exchange_for and not self.types & TRAVELLER:
            raise ValueError(f"card {self.name}: exchange_for={self.exchange_for!r}: only a "
                             f"Traveller is exchanged")
        if self.exchange_for == self.name:
            raise ValueError(f"card {self.name}: exchange_for names the card itself")
        if min(self.pile_size, self.on_gain_others_draw, self.cost_cut_in_play,
               self.vp_on_mat) < 0:
            raise ValueError(f"card {self.name}: pile_size, on_gain_others_draw, "
                             f"cost_cut_in_play and vp_on_mat are counts, 0 or more")
        if self.vp_on_mat and not self.types & RESERVE:
            raise ValueError(f"card {self.name}: vp_on_mat={self.vp_on_mat}: only a Reserve "
                             f"goes to the Tavern mat")
        if (self.on_buy_gains_copy or self.on_buy_text) and not self.on_buy:
            raise ValueError(f"card {self.name}: on_buy_gains_copy/on_buy_text act on a buy: "
                             f"declare on_buy=True too")
        if self.on_buy_text and self.on_buy_text not in BOUGHT_TIMINGS:
            raise ValueError(f"card {self.name}: on_buy_text={self.on_buy_text!r}: one of "
                             f"{BOUGHT_TIMINGS}")

    def _check_end_of_buy_discard(self) -> None:
        """A discard from the mat at the end of the Buy phase is a Reserve's (the card is
        on the Tavern mat), needs $0 or more unspent and is offered by its question: both
        declared, or neither (the turn would never offer it, or offer it unasked)."""
        coins, asks = self.end_of_buy_discard_coins, self.end_of_buy_discard_asks
        if coins < -1 or (coins >= 0) != bool(asks) or (asks and not self.types & RESERVE):
            raise ValueError(f"card {self.name}: end_of_buy_discard_coins={coins}, "
                             f"end_of_buy_discard_asks={asks!r}: a Reserve's $ unspent "
                             f"(0 or more) with its question, or neither")

    @property
    def callable(self) -> bool:
        """A Reserve its owner may choose to call from the Tavern mat (at the start of a
        turn, after an Action or on a gain): what a Call rule may name."""
        return bool(self.called) or (self.at_start is not None and self.at_start.call)

    def is_type(self, bit: int) -> bool:
        return bool(self.types & bit)


@dataclass(frozen=True)
class CardSet:
    """One set of cards as it joins the table (sim.cards.sets registers it): its rows, the
    questions its texts ask, and where its texts live.

    ``name`` is each row's ``Card.set``; ``word`` names the whole set where a user does
    (``random:WORD`` kingdoms, ``domsim cards WORD``).  ``decisions`` are the set's
    questions in the order sim.engine.codes numbers them, after every earlier set's (an
    order that never changes: saved policies and results keep the codes).  ``engine``
    names the modules of the set's functions, each with a ``CARD_TEXT`` table by special
    code (sim.engine.cardcalls merges them): names, not modules, since the card table is
    below the engine.
    ``adventures_turn``: every game holding one of its cards runs the Adventures turn
    (a card needs it anyway where its own declaration says so: sim.cards
    needs_adventures_turn).  ``kingdoms``: the set's rulebook's recommended kingdoms, by
    their names (``--kingdom victory-dance``).  The base game's turn is the base game's
    fast path, which knows the base set's cards only, so every other set runs the
    Adventures turn until the two turns are one (issue 47, item 4)."""

    name: str
    word: str
    cards: tuple[Card, ...]
    engine: tuple[str, ...]
    decisions: tuple = ()       # sim.cards.decisions.Decision records
    adventures_turn: bool = True
    # The rulebook's recommended kingdoms: (name, its 10 kingdom cards, its Events).
    kingdoms: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = ()


def of_set(name: str, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The rows of set ``name``, each marked with it (``Card.set``)."""
    return tuple(dataclasses.replace(c, set=name) for c in cards)
