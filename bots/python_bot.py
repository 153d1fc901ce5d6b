"""Bots written as plain Python classes, one method per decision.

The easiest way to try an idea no rule can say.  Subclass :class:`PythonBot`
and override the decisions you care about; every method receives a
:class:`sim.engine.callbacks.View` (only what this player may know).  Returning
:data:`DEFAULT` (what the base class does) lets the bot's ``fallback`` rule
bot decide, so a Python bot only states what it cares about::

    class GreedyGold(PythonBot):
        name = "greedy-gold"
        description = "Province at $8, Gold at $6, Silver only before the first Gold"

        def buy(self, view):
            for card in ("Province", "Gold"):
                if view.can_buy(card):      # a Buy left, enough $, the pile not empty
                    return card
            if view.can_buy("Silver") and view.count("Gold") == 0:
                return "Silver"
            return None

Answers (checked; anything else stops the run with an error naming the bot,
the decision and the answer):

* yes/no decisions (``reveal_moat``, ``moneylender_trash``, ``vassal_play``,
  ``library_set_aside``): True or False; None means no;
* every other decision: a card name, a card id (int), or None for "nothing /
  stop"; a card to buy or gain must come from a pile that is in the game and
  not empty (``view.can_buy`` / ``view.can_gain`` check it);
* any decision: :data:`DEFAULT`.

Give the match an instance (``GreedyGold()``): a class is refused with a
message that says so.

Every decision of the table of decisions (:mod:`sim.engine.codes`) has its method
here, named by its record (``moneylender_trash``); one not written below is made from
the record, its question as its docstring, so a new card's decision needs no line in
this file.

Such bots play in the same engine and tournaments as rule bots; each
decision is one call from compiled code back into Python, so they are
slower (the README gives the factor).
"""

from __future__ import annotations

from sim.engine.callbacks import USE_DEFAULT_ANSWER as DEFAULT
from sim.engine.callbacks import View
from sim.engine.codes import ANS_CARD, ANS_MODE, ANS_ORDER, ANS_YES_NO, DECISIONS, Decision
from sim.engine.program import F_KIND, K_PYTHON, Program

__all__ = ["DEFAULT", "PythonBot", "View"]


class PythonBot:
    """Base class: every decision defers to ``fallback`` until overridden."""

    name = "python-bot"
    description = "A Python bot (override its decision methods)"
    fallback = "big-money"   # a bot name or object whose rules decide the rest

    def program(self) -> Program:
        from bots import resolve_bot

        base = resolve_bot(self.fallback).program()
        base.flags[F_KIND] = K_PYTHON
        return base

    # Each decision gets the View; the one-number context is view.arg.
    def play_action(self, view: View):
        """An Action card from hand to play, or None to end the Action phase (an Estate
        is one while ``view.inherited`` names the card its Estate token is on)."""
        return DEFAULT

    def play_treasure(self, view: View):
        """A Treasure from hand to play, or None to stop playing Treasures."""
        return DEFAULT

    def buy(self, view: View):
        """A card or an Event to buy with view.coins (view.buys left), or None;
        ``view.can_buy(name)`` says whether a card or an Event can be bought now."""
        return DEFAULT

    def attack_discard(self, view: View):
        """A card to discard to an attack (view.arg more to go)."""
        return DEFAULT

    def reveal_moat(self, view: View):
        """True to reveal Moat against an attack (False or None: not)."""
        return DEFAULT

    def cellar_discard(self, view: View):
        """A card to discard to Cellar, or None to stop."""
        return DEFAULT

    def remodel_trash(self, view: View):
        """A card from hand to trash (mandatory)."""
        return DEFAULT

    def remodel_gain(self, view: View):
        """A card costing up to view.arg to gain."""
        return DEFAULT

    def mine_trash(self, view: View):
        """A Treasure from hand to trash, or None."""
        return DEFAULT

    def mine_gain(self, view: View):
        """A Treasure costing up to view.arg to gain to hand."""
        return DEFAULT

    def workshop_gain(self, view: View):
        """A card costing up to view.arg to gain."""
        return DEFAULT

    def chapel_trash(self, view: View):
        """A card from hand to trash, or None to stop (at most 4)."""
        return DEFAULT

    # -- the rest of the base set (texts: sim.engine.base_set) --------------------------
    def harbinger_topdeck(self, view: View):
        """A card from the discard pile (``view.discard``, visible for this decision
        only) to put onto the deck, or None."""
        return DEFAULT

    def vassal_play(self, view: View):
        """True to play the Action Vassal discarded (its name: ``CARDS[view.arg]``)."""
        return DEFAULT

    def bureaucrat_topdeck(self, view: View):
        """Attacked by Bureaucrat: a Victory card from hand to put onto the deck."""
        return DEFAULT

    def poacher_discard(self, view: View):
        """A card to discard to Poacher (view.arg more to go, this one included)."""
        return DEFAULT

    def throne_room(self, view: View):
        """An Action from hand to play twice, or None."""
        return DEFAULT

    def bandit_trash(self, view: View):
        """Attacked by Bandit with two Treasures revealed (``view.set_aside``): the one to
        trash (the other is ``CARDS[view.arg]``)."""
        return DEFAULT

    def library_set_aside(self, view: View):
        """True to set aside the Action Library just drew (``CARDS[view.arg]``)."""
        return DEFAULT

    def sentry_trash(self, view: View):
        """A card Sentry looks at (``view.set_aside``) to trash, or None to stop."""
        return DEFAULT

    def sentry_discard(self, view: View):
        """A card Sentry looks at (``view.set_aside``) to discard, or None to stop."""
        return DEFAULT

    def sentry_top(self, view: View):
        """Of the two different cards Sentry puts back (``view.set_aside``), the one to
        put on top (drawn first)."""
        return DEFAULT

    def artisan_gain(self, view: View):
        """A card costing up to view.arg ($5) to gain to hand."""
        return DEFAULT

    def artisan_topdeck(self, view: View):
        """A card from hand (the gained one too) to put onto the deck (mandatory)."""
        return DEFAULT

    # Adventures (sim.engine.codes: the records declared rules=_ADV, D_START on).
    def start_of_turn(self, view: View):
        """Start of turn: the card whose effect or call comes next (Gear, a Duration, Hireling,
        Guide, Ratcatcher, Transmogrify, Teacher), or None: call nothing more (effects still
        due then resolve in the default order; arg 1 once calls are closed, 0 before).
        Answer: a card name or None.
        """
        return DEFAULT

    def after_action(self, view: View):
        """After an Action resolved (arg: it): call Royal Carriage or Coin of the Realm, or None.
        Answer: a card name or None.
        """
        return DEFAULT

    def exchange_traveller(self, view: View):
        """1 to exchange the Traveller (arg) discarded from play, 0 not to. Answer: True/False."""
        return DEFAULT

    def caravan_guard_react(self, view: View):
        """1 to play Caravan Guard from hand against an Attack (arg: the Attack). Answer:
        True/False.
        """
        return DEFAULT

    def duplicate_call(self, view: View):
        """1 to call Duplicate to gain a copy of the card just gained (arg). Answer:
        True/False.
        """
        return DEFAULT

    def amulet_mode(self, view: View):
        """Mode: 0 +$1, 1 trash a card from hand, 2 gain a Silver. Answer: an option number."""
        return DEFAULT

    def amulet_trash(self, view: View):
        """Card from hand to trash (mandatory). Answer: a card name or None."""
        return DEFAULT

    def dungeon_discard(self, view: View):
        """Card from hand to discard (arg: how many still to discard). Answer: a card name or
        None.
        """
        return DEFAULT

    def gear_set_aside(self, view: View):
        """Card from hand to set aside, or None (arg: how many already). Answer: a card name or
        None.
        """
        return DEFAULT

    def ratcatcher_trash(self, view: View):
        """Card from hand to trash (mandatory once called). Answer: a card name or None."""
        return DEFAULT

    def transmogrify_trash(self, view: View):
        """Card from hand to trash (mandatory once called). Answer: a card name or None."""
        return DEFAULT

    def transmogrify_gain(self, view: View):
        """Card to gain to hand (arg: max cost). Answer: a card name or None."""
        return DEFAULT

    def teacher_token(self, view: View):
        """Mode: which token Teacher moves: 0 +1 Card, 1 +1 Action, 2 +1 Buy, 3 +$1. Answer: an
        option number.
        """
        return DEFAULT

    def token_pile(self, view: View):
        """Action Supply pile to put a token on (arg: the token, K_TOK_* - K_TOK_CARD). Answer:
        a card name or None.
        """
        return DEFAULT

    def raze_trash(self, view: View):
        """Card from hand to trash, or None to trash Raze itself. Answer: a card name or None."""
        return DEFAULT

    def raze_keep(self, view: View):
        """Looked-at card to put into hand (mandatory). Answer: a card name or None."""
        return DEFAULT

    def messenger_deck(self, view: View):
        """1 to put the deck into the discard pile, 0 not to. Answer: True/False."""
        return DEFAULT

    def messenger_gain(self, view: View):
        """Card to gain, every other player gaining a copy (arg: max cost). Answer: a card name
        or None.
        """
        return DEFAULT

    def miser_mode(self, view: View):
        """Mode: 0 put a Copper from hand on the mat, 1 +$1 per Copper on the mat. Answer: an
        option number.
        """
        return DEFAULT

    def artificer_discard(self, view: View):
        """Card from hand to discard, or None to stop. Answer: a card name or None."""
        return DEFAULT

    def artificer_gain(self, view: View):
        """Card costing exactly arg to gain onto the deck, or None. Answer: a card name or None."""
        return DEFAULT

    def storyteller_play(self, view: View):
        """Treasure from hand to play, or None (at most 3). Answer: a card name or None."""
        return DEFAULT

    def wine_merchant_discard(self, view: View):
        """1 to discard a Wine Merchant from the mat at the end of the Buy phase. Answer:
        True/False.
        """
        return DEFAULT

    def hero_gain(self, view: View):
        """Treasure to gain (mandatory while one can be gained). Answer: a card name or None."""
        return DEFAULT

    def fugitive_discard(self, view: View):
        """Card from hand to discard (mandatory). Answer: a card name or None."""
        return DEFAULT

    def disciple_play(self, view: View):
        """Action from hand to play twice (and gain a copy of), or None. Answer: a card name or
        None.
        """
        return DEFAULT

    def topdeck_order(self, view: View):
        """Of the cards going onto the deck together, the next one to put there (the last put
        is drawn first; arg: the card whose text does it). Answer: a card name or None.
        """
        return DEFAULT

    def trashing_token_trash(self, view: View):
        """Card from hand to trash on buying from the Trashing token's pile, or None. Answer: a
        card name or None.
        """
        return DEFAULT

    def alms_gain(self, view: View):
        """Card to gain (arg: max cost). Answer: a card name or None."""
        return DEFAULT

    def quest_mode(self, view: View):
        """Mode: 0 discard an Attack, 1 two Curses, 2 six cards, None: nothing. Answer: an option
        number.
        """
        return DEFAULT

    def quest_discard(self, view: View):
        """Card from hand to discard for Quest (arg: how many still to discard). Answer: a card
        name or None.
        """
        return DEFAULT

    def save_set_aside(self, view: View):
        """Card from hand to set aside (mandatory). Answer: a card name or None."""
        return DEFAULT

    def scouting_party_discard(self, view: View):
        """Looked-at card to discard (arg: how many still to discard). Answer: a card name or
        None.
        """
        return DEFAULT

    def travelling_fair_topdeck(self, view: View):
        """1 to put the card just gained (arg) onto the deck (Travelling Fair). Answer:
        True/False.
        """
        return DEFAULT

    def bonfire_trash(self, view: View):
        """Card in play to trash, or None (at most 2). Answer: a card name or None."""
        return DEFAULT

    def pilgrimage_gain(self, view: View):
        """Card in play to gain a copy of, or None (at most 3, different names, in any order;
        arg: the highest card id named so far, -1 at first). Answer: a card name or None.
        """
        return DEFAULT

    def ball_gain(self, view: View):
        """Card to gain (arg: max cost). Answer: a card name or None."""
        return DEFAULT

    def seaway_gain(self, view: View):
        """Action to gain (arg: max cost). Answer: a card name or None."""
        return DEFAULT

    def trade_trash(self, view: View):
        """Card from hand to trash for a Silver, or None (at most 2). Answer: a card name or
        None.
        """
        return DEFAULT

    def inheritance_set_aside(self, view: View):
        """Non-Victory Action costing up to arg to set aside from the Supply. Answer: a card
        name or None.
        """
        return DEFAULT

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


_ANSWERS = {ANS_YES_NO: "True or False (None: no)", ANS_MODE: "an option number",
            ANS_CARD: "a card name or None", ANS_ORDER: "a card name"}


def _defers(record: Decision):
    """The base class's method for a decision written without one above: DEFAULT, its
    docstring the record's question (so a new decision needs no line in this file)."""
    def method(self, view: View):
        return DEFAULT

    method.__name__ = record.method
    method.__qualname__ = f"PythonBot.{record.method}"
    method.__doc__ = f"{record.text} Answer: {_ANSWERS[record.answer]}."
    return method


# Every decision of the table (sim.engine.codes.DECISIONS) has its method: those written
# above, and for any other one made from its record.  All return DEFAULT: marked so, the
# engine's bridge (sim.engine.callbacks.py_decide) answers DEFAULT for them without
# building a View or calling them (a subclass's own methods are called as written).
for _record in DECISIONS:
    if _record.method not in vars(PythonBot):
        setattr(PythonBot, _record.method, _defers(_record))
    getattr(PythonBot, _record.method).defers_to_fallback = True
del _record
