"""No fact of a card or a decision read from where its id or code falls (issue 47, item 1).

Ids are stable (results, programs and logs store them), so a new set's cards come after
the Events, and its decisions after the Adventures ones: a test such as ``c >= FIRST_EVENT``
("an Event"), ``c >= FIRST_ADVENTURES`` ("an Adventures game") or ``d >= D_START`` ("the
Adventures rule bot answers it") would be wrong for every one of them.  So outside the card
table (``sim/cards/``, which builds its lists from the ids) the code of ``sim/`` and
``bots/`` never orders a card id or a decision code against a named one, never subtracts
one from another, never bounds a ``range`` or a slice with one, and never names
``FIRST_EVENT`` or ``FIRST_ADVENTURES`` at all; the engine reads the facts instead, as
declared: a card's types (Event is a type), its set (``Card.set``; which sets need the
Adventures turn: ``sim.cards.ADVENTURES_TURN``), an Event's slot and whether it is bought
once per turn, whether a pile is outside the Supply, and which rule bot answers a decision
(``sim.engine.codes.DEC_RULES``).

The second half checks those facts against the declarations, for every card the table
holds and for cards of a made-up set appended after the Events.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import numpy as np
import pytest

import sim.cards as C
from sim.cards import intrigue
from sim.cards.types import ACTION, EVENT, Card
from sim.engine import base_set, codes
from sim.engine import layout as L
from sim.engine.adventures import cards as adv_cards
from sim.engine.adventures import events as adv_events
from sim.engine.state import make_table

ROOT = Path(__file__).resolve().parents[1]

#: Constants that only ever meant a range of ids.
RANGE_NAMES = frozenset({"FIRST_EVENT", "FIRST_ADVENTURES"})
ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _watched() -> frozenset[str]:
    """The names of card ids (``COPPER``, ``ALMS``, ...) and of decision codes (``D_*``),
    and the range constants."""
    cards = {n for n, v in vars(C).items()
             if n.isupper() and isinstance(v, int) and not isinstance(v, bool)
             and 0 <= v < C.N_CARDS
             and C.CARDS[v].name.upper().replace(" ", "_").replace("-", "_") == n}
    decisions = {n for n, v in vars(codes).items() if n.startswith("D_") and isinstance(v, int)}
    return frozenset(cards | decisions | RANGE_NAMES)


def _name(node: ast.AST | None) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def range_tests(source: str, watched: frozenset[str]) -> list[tuple[int, str]]:
    """(line, code) of each place of ``source`` that places an id or a code in a range:
    an ordering comparison, a subtraction, a ``range`` or slice bound with a watched name,
    and any use of a range constant."""
    out = []
    for node in ast.walk(ast.parse(source)):
        operands: list[ast.AST | None] = []
        if isinstance(node, ast.Compare) and any(isinstance(op, ORDER) for op in node.ops):
            operands = [node.left, *node.comparators]
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub):
            operands = [node.left, node.right]
        elif isinstance(node, ast.Slice):
            operands = [node.lower, node.upper]
        elif isinstance(node, ast.Call) and _name(node.func) == "range":
            operands = list(node.args)
        elif isinstance(node, (ast.Name, ast.Attribute)) and _name(node) in RANGE_NAMES:
            operands = [node]
        elif isinstance(node, ast.alias) and node.name in RANGE_NAMES:
            out.append((0, f"import {node.name}"))
        if any(_name(o) in watched for o in operands):
            out.append((node.lineno, ast.unparse(node)))
    return out


def _code_files() -> list[Path]:
    return sorted(p for top in ("sim", "bots") for p in (ROOT / top).rglob("*.py")
                  if not p.relative_to(ROOT).as_posix().startswith("sim/cards/"))


def test_no_test_of_an_id_or_a_code_against_a_range_outside_the_card_table():
    watched = _watched()
    found = [f"{path.relative_to(ROOT)}:{line}: {code}"
             for path in _code_files()
             for line, code in range_tests(path.read_text(), watched)]
    assert not found, ("ids and codes placed in a range (read the declared fact instead):\n"
                       + "\n".join(found))


def test_the_scan_sees_each_kind_of_range_test():
    """The scan above finds what it looks for (and not an id used as an index)."""
    watched = _watched()
    caught = [
        "x = c >= FIRST_EVENT",
        "x = d >= D_START",
        "x = TREASURE_HUNTER <= c <= TEACHER",
        "x = S[EV + c - FIRST_EVENT]",
        "x = S[e0 + c - ALMS]",
        "for c in range(FIRST_EVENT, N_CARDS): pass",
        "x = METHODS[codes.D_START:]",
        "from sim.cards import FIRST_ADVENTURES",
        "x = C.FIRST_ADVENTURES",
    ]
    for line in caught:
        assert range_tests(line, watched), line
    for line in ["x = c == ALMS or d == D_START", "x = S[HAND0 + p * N_SLOTS + COPPER]",
                 "x = 0 <= c < N_CARDS", "ask(S, p, D_START, 0)", "x = T[c * N_COLS + 1]"]:
        assert not range_tests(line, watched), line


# ----------------------------------------------------------------------------- the facts
def test_each_card_s_facts_in_the_table_are_its_declaration():
    T = make_table(2, C.FIRST_GAME)
    for card in C.CARDS:
        c = card.id
        event = card.is_type(EVENT)
        assert (T[L.EVENT_SLOT + c] >= 0) == event, card.name
        assert bool(T[L.ONCE_BIT + c]) == card.once_per_turn, card.name
        assert bool(T[L.NON_SUPPLY_PILE + c]) == (c in C.EXCHANGE_FOR.values()), card.name
        assert C.NEEDS_ADVENTURES_TURN[c] == C.ADVENTURES_TURN[card.set], card.name
    assert (T[L.EVENT_SLOT + C.N_CARDS:L.EVENT_SLOT + L.N_SLOTS] == -1).all()
    # The Events' slots are saved with every position and read by the rule terms: they
    # are the Events' order, and the Adventures Events keep theirs.
    assert [int(T[L.EVENT_SLOT + e]) for e in C.EVENTS] == list(range(len(C.EVENTS)))
    assert [int(C.EVENT_SLOT[e]) for e in C.EVENTS[:20]] == list(range(20))
    assert {C.CARDS[e].name for e in C.EVENTS if T[L.ONCE_BIT + e]} == {
        "Alms", "Borrow", "Save", "Mission", "Pilgrimage"}


@pytest.mark.parametrize("card", [c for c in C.KINGDOM_CARDS], ids=lambda c: C.CARDS[c].name)
def test_a_game_runs_the_adventures_turn_by_its_cards_sets(card):
    others = tuple(k for k in C.BASE_KINGDOM if k != card)[:9]
    T = make_table(2, (card, *others))
    assert T[L.T_ADV] == int(C.ADVENTURES_TURN[C.CARDS[card].set])


def test_every_event_brings_the_adventures_turn():
    for e in C.EVENTS:
        assert make_table(2, C.FIRST_GAME, (e,))[L.T_ADV] == 1, C.CARDS[e].name
    assert make_table(2, C.FIRST_GAME)[L.T_ADV] == 0


def test_each_decision_is_answered_by_the_rule_bot_it_declares():
    assert list(codes.DEC_RULES) == [d.rules for d in codes.DECISIONS]
    assert set(codes.DEC_RULES) == {codes.RULES_BASE, codes.RULES_ADVENTURES,
                                    codes.RULES_INTRIGUE}
    # The questions of the base game's cards and turn are the base rule bot's; the rest
    # (Adventures) are decide_adv's.
    base = {codes.D_ACTION, codes.D_TREASURE, codes.D_BUY, base_set.D_MONEYLENDER,
            base_set.D_ARTISAN_TOPDECK}
    adventures = {codes.D_START, adv_cards.D_AMULET, adv_cards.D_RAZE, adv_events.D_INHERITANCE}
    assert all(codes.DEC_RULES[d] == codes.RULES_BASE for d in base)
    assert all(codes.DEC_RULES[d] == codes.RULES_ADVENTURES for d in adventures)
    # Intrigue's own patterns are its rule bot's; its cards' trashes, discards and gains
    # the Adventures one's (a game with Intrigue cards runs the Adventures turn).
    assert codes.DEC_RULES[codes.code_of(intrigue.PAWN_MODE)] == codes.RULES_INTRIGUE
    assert codes.DEC_RULES[codes.code_of(intrigue.MASQUERADE_TRASH)] == codes.RULES_ADVENTURES
    # In such a game a question goes to its rule bot's decider, the base rule bot's to
    # the Adventures one (sim.engine.steps.call_decider).
    decider = {codes.RULES_BASE: L.DECIDE_ADV, codes.RULES_ADVENTURES: L.DECIDE_ADV,
               codes.RULES_INTRIGUE: L.DECIDE_INTRIGUE}
    assert list(codes.DEC_DECIDER) == [decider[r] for r in codes.DEC_RULES]


# ----------------------------------------------------------------------------- a new set
def _with_cards(monkeypatch, new: list[Card], sets: dict[str, bool]) -> None:
    """sim.cards as if ``new`` were rows of the table (of sets ``sets``): every derived
    fact recomputed by the card table's own derivations."""
    cards = C.CARDS + tuple(new)
    assert [c.id for c in cards] == list(range(len(cards)))
    monkeypatch.setattr(C, "CARDS", cards)
    monkeypatch.setattr(C, "N_CARDS", len(cards))
    cols = ("cost", "types", "cards", "actions", "buys", "coins", "vp", "special")
    table = np.array([[getattr(c, a) for a in cols] for c in cards], np.int32)
    monkeypatch.setattr(C, "card_table", lambda: table)
    monkeypatch.setattr(C, "TYPES", table[:, C.C_TYPES].copy())
    monkeypatch.setattr(C, "PILE_SIZE", np.array([c.pile_size for c in cards], np.int32))
    all_sets = {**C.ADVENTURES_TURN, **sets}
    monkeypatch.setattr(C, "ADVENTURES_TURN", all_sets)
    monkeypatch.setattr(C, "NEEDS_ADVENTURES_TURN", C.needs_adventures_turn(cards, all_sets))
    events, slot = C.event_slots(cards)
    monkeypatch.setattr(C, "EVENTS", events)
    monkeypatch.setattr(C, "EVENT_SLOT", slot)
    for name, value in zip(("VP_PER_CARDS", "VP_PER_CARD", "VP_RULE_CARDS"),
                           C.vp_rules(cards), strict=True):
        monkeypatch.setattr(C, name, value)
    order, how = C.start_of_turn_order(cards)
    monkeypatch.setattr(C, "START_ORDER", order)
    monkeypatch.setattr(C, "START_HOW", how)
    for name, column in zip(("START_DRAW", "START_COINS", "START_BUYS", "LASTS"),
                            C.start_counters(cards), strict=True):
        monkeypatch.setattr(C, name, column)
    for name, value in zip(("AFTER_ACTION_CALLS", "ON_GAIN_CALLS", "CALL_ACTIONS",
                             "CALL_REPLAYS", "CALL_COPY_UP_TO"), C.reserve_calls(cards),
                           strict=True):
        monkeypatch.setattr(C, name, value)
    for name, value in zip(("LASTING_ACTIONS_PER_ACTION", "LASTING_ACTIONS_CARDS",
                            "LASTING_UNAFFECTED_CARDS"), C.lasting_effects(cards),
                           strict=True):
        monkeypatch.setattr(C, name, value)


def test_cards_after_the_events_are_classified_by_their_declarations(monkeypatch):
    """A made-up set appended after the Events (ids 91, 92, ...): an Action of a set that
    needs no Adventures turn, an Event and an Action of one that does.  Each fact the
    engine reads follows the declaration, where a test of the id's range would call the
    first an Event of an Adventures game."""
    n = C.N_CARDS
    plain = Card(n, "Plain Action", 3, ACTION, cards=2, set="Plain")
    event = Card(n + 1, "Later Event", 2, EVENT, buys=1, set="Later", once_per_turn=True)
    later = Card(n + 2, "Later Action", 4, ACTION, actions=2, set="Later")
    _with_cards(monkeypatch, [plain, event, later], {"Plain": False, "Later": True})

    base9 = C.BASE_KINGDOM[:9]
    T = make_table(2, (plain.id, *base9))
    assert T[L.T_ADV] == 0                       # a base-turn game, as its set declares
    assert T[L.EVENT_SLOT + plain.id] == -1 and T[L.ONCE_BIT + plain.id] == 0
    assert T[L.NON_SUPPLY_PILE + plain.id] == 0
    assert T[L.SUPPLY0 + plain.id] == 10         # a Supply pile like any kingdom card
    assert plain.id in T[L.ACTION_IDS:L.ACTION_IDS + T[L.N_ACTIONS]]

    assert make_table(2, (later.id, *base9))[L.T_ADV] == 1
    T = make_table(2, (plain.id, *base9), (event.id,))
    assert T[L.T_ADV] == 1
    slot = len(C.EVENTS) - 1                     # the next slot: none of the others moves
    assert T[L.EVENT_SLOT + event.id] == slot and T[L.ONCE_BIT + event.id] == 1 << slot
    assert [int(T[L.EVENT_SLOT + e]) for e in C.EVENTS[:-1]] == list(range(slot))
    assert slot < L.EVENT_SLOTS

    with pytest.raises(ValueError, match="undeclared sets"):
        C.needs_adventures_turn(C.CARDS + (dataclasses.replace(plain, id=n + 3, set="?"),))
    with pytest.raises(ValueError, match="not Events"):
        C.event_slots(C.CARDS + (dataclasses.replace(plain, id=n + 3, once_per_turn=True),))
