"""The made-up set's rows and questions: what a new set's module of sim/cards holds.

Three cards, one of each kind a set is made of (docs/how-to/add-a-card.md):

* Proof Peddler: counters only (a row, nothing else);
* Proof Lender: an Action with a question (its record, its function in ``texts.py``);
* Proof Almanac: a Duration whose next-turn effect asks a question (its row declares
  the effect, its function asks when the start-of-turn window runs it).
"""

from __future__ import annotations

from sim.cards.decisions import (
    ANS_CARD,
    ANS_YES_NO,
    ASK_TURN,
    DEF_TRASH_JUNK,
    DEF_YES,
    DOM_HAND,
    NONE_ALWAYS,
    RULES_ADVENTURES,
    Decision,
)
from sim.cards.sets import next_id
from sim.cards.types import (
    ACTION,
    DURATION,
    LASTS_NEXT_TURN,
    Card,
    CardSet,
    StartOfTurn,
)

SET_PROOF = "Proof"
FIRST_PROOF = next_id()         # where the sets registered before this one end
PROOF_PEDDLER, PROOF_LENDER, PROOF_ALMANAC = range(FIRST_PROOF, FIRST_PROOF + 3)
# Special codes: any unused ones (sim.engine.cardcalls merges the sets' functions by code).
SP_PROOF_LENDER, SP_PROOF_ALMANAC = PROOF_LENDER, PROOF_ALMANAC

PROOF_CARDS: tuple[Card, ...] = (
    Card(PROOF_PEDDLER, "Proof Peddler", 3, ACTION, cards=1, actions=1, coins=1,
         set=SET_PROOF, text="+1 Card, +1 Action, +$1."),
    Card(PROOF_LENDER, "Proof Lender", 4, ACTION, special=SP_PROOF_LENDER, set=SET_PROOF,
         text="You may trash a card from your hand. If you do, +$2."),
    Card(PROOF_ALMANAC, "Proof Almanac", 4, ACTION | DURATION, coins=1,
         special=SP_PROOF_ALMANAC, set=SET_PROOF, lasts=LASTS_NEXT_TURN,
         at_start=StartOfTurn(12, text=True, text_words="may gain a Silver"),
         text="+$1. At the start of your next turn, you may gain a Silver."),
)

PROOF_LENDER_TRASH = Decision(
    "trash with Proof Lender", "proof_lender_trash",
    asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_ALWAYS,
    default=DEF_TRASH_JUNK, card=PROOF_LENDER,
    text="Which card from your hand do you trash for +$2? None trashes nothing.")
PROOF_ALMANAC_SILVER = Decision(
    "gain a Silver with Proof Almanac", "proof_almanac_silver",
    rules=RULES_ADVENTURES, asked=ASK_TURN, answer=ANS_YES_NO, default=DEF_YES,
    card=PROOF_ALMANAC,
    text="Do you gain a Silver (Proof Almanac's next-turn effect)?")

CARD_SET = CardSet(SET_PROOF, "proof", PROOF_CARDS, engine=("tests.cardset_proof.texts",),
                   decisions=(PROOF_LENDER_TRASH, PROOF_ALMANAC_SILVER))
