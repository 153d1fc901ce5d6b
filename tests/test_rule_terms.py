"""Every base-game rule term, read by the engine (sim.engine.decide.term_value: the frequent
terms inline, the rest through other_term) on one stated position, against the value the
position gives by hand.  The Adventures terms have theirs in test_adv_rule_language.py."""

from __future__ import annotations

import pytest

from bots.conditions import parse_condition
from sim.cards import CARDS, TREASURE, card_id
from sim.engine import layout as L
from sim.engine.decide import term_value
from tests.conftest import nobuy

COINS = 7       # the $ term_value is told the player has (the ``coins`` term)


@pytest.fixture(scope="module")
def position():
    """Three players of the First Game after some turns: player 0 to move."""
    from tests.conftest import make_scenario

    sc = make_scenario([nobuy("a"), nobuy("b"), nobuy("c")], n_players=3)
    sc.set_hand(0, ["Copper", "Copper", "Estate", "Smithy", "Gold"])
    sc.set_deck(0, ["Silver", "Copper", "Province"])
    sc.set_discard(0, ["Estate", "Militia"])
    sc.set_hand(1, ["Copper"] * 4 + ["Duchy"])
    sc.set_discard(1, ["Copper", "Copper", "Duchy", "Province"])
    sc.set_deck(1, ["Silver"] * 6)
    sc.set_hand(2, ["Estate", "Silver"])
    sc.set_discard(2, ["Workshop", "Militia"])
    sc.set_supply("Workshop", 0).set_supply("Province", 5).set_supply("Cellar", 2)
    # Players 1 and 2 have moved this round (one turn more than player 0): 0 moves last.
    sc.set_turns(0, 6).set_turns(1, 7).set_turns(2, 7)
    sc.S[L.V + L.V_CUR] = 0
    sc.set_counters(actions=1, buys=2, coins=COINS)
    for p, top in ((0, "Militia"), (1, "Province"), (2, "Militia")):
        sc.S[L.DISC_TOP + p] = card_id(top)
    return sc


def engine_value(sc, text: str, p: int = 0) -> float:
    cond = parse_condition(f"{text} >= 0")
    return float(term_value(sc.S, sc.T, p, cond.lhs_term, cond.lhs_arg, COINS))


def vp(sc, p: int) -> int:
    return sum(k * CARDS[card_id(n)].vp for n, k in sc.owned(p).items())


def by_hand(sc, text: str, p: int = 0) -> int:
    """The term's value, from the Scenario's own views of the position."""
    owned = sc.owned(p)
    others = [q for q in range(3) if q != p]
    name, _, arg = text.partition("(")
    arg = arg.rstrip(")")
    supply_ids = [c for c in range(len(CARDS)) if sc.S[L.IN_SUPPLY + c]]
    piles = sorted(int(sc.S[L.SUPPLY + c]) for c in supply_ids)
    return {
        "count": lambda: (sum(k for n, k in owned.items() if CARDS[card_id(n)].is_type(TREASURE))
                          if arg == "Treasure" else owned.get(arg, 0)),
        "cards": lambda: sum(owned.values()),
        "money": lambda: sum(k * CARDS[card_id(n)].coins for n, k in owned.items()),
        "left": lambda: sc.supply(arg),
        "gains_to_end": lambda: min(sc.supply("Province"), sum(piles[:3])),
        "turn": lambda: int(sc.S[L.TURNS + p]) + 1,
        "coins": lambda: COINS,
        "buys": lambda: 2,
        "score": lambda: vp(sc, p),
        "opp_score": lambda: max(vp(sc, q) for q in others),
        "opp_count": lambda: max(sc.owned(q).get(arg, 0) for q in others),
        "empty_piles": lambda: sum(1 for k in piles if k == 0),
        "in_hand": lambda: (sum(k for n, k in sc.hand(p).items()
                                if CARDS[card_id(n)].is_type(TREASURE))
                            if arg == "Treasure" else sc.hand(p).get(arg, 0)),
        "draw_size": lambda: len(sc.deck(p)),
        "turns_taken": lambda: int(sc.S[L.TURNS + p]),
        "opp_turns_taken": lambda: max(int(sc.S[L.TURNS + q]) for q in others),
        "turn_position": lambda: 3,     # players 1 and 2 moved first this round
        "discard_top": lambda: int(sc.discard_top(p) == arg),
        "opp_discard_top": lambda: sum(sc.discard_top(q) == arg for q in others),
    }[name]()


TERMS = ["count(Copper)", "count(Treasure)", "cards", "money", "left(Province)",
         "gains_to_end", "turn", "coins", "buys", "score", "opp_score", "opp_count(Copper)",
         "empty_piles", "in_hand(Copper)", "in_hand(Treasure)", "draw_size", "turns_taken",
         "opp_turns_taken", "turn_position", "discard_top(Militia)",
         "opp_discard_top(Militia)"]


@pytest.mark.parametrize("text", TERMS)
def test_engine_reads_each_base_term(position, text):
    assert engine_value(position, text) == by_hand(position, text)


def test_every_base_term_is_checked():
    from bots.conditions import TERM_SPECS

    base = {s.word for s in TERM_SPECS if s.code < 21}      # program.T_MAT = 21
    assert base == {t.partition("(")[0] for t in TERMS}
