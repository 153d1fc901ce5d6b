"""The reaction window to an Attack comes from the cards' declarations (issue 47, item 1:
"a card is one declaration"): a Reaction declares when it reacts, its place in the
window's order, what the window does with it and the question that offers it
(``Card.reacts``, a ``Reacts``: sim.cards.types); sim.cards derives the window's cards in
order (ATTACK_REACTIONS) and each card's way (REACT_HOW), sim.engine.codes each card's
question (REACT_QUESTION) and each question's card (QUESTION_REACTION), and the compiled
window (sim.engine.steps, sim.engine.adventures.mechanics) and the agents' padded
questions (sim.env.core) read those tables, naming no card."""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import sim.cards as C
from sim.cards import intrigue
from sim.cards.adventures import CARAVAN_GUARD_REACT
from sim.cards.types import (
    ACTION,
    REACT_PLAY,
    REACT_REVEAL,
    REACT_UNAFFECTED,
    REACTION,
    REACTS_TO_ATTACK,
    Card,
    Reacts,
)
from sim.engine import base_set, codes, steps
from sim.engine import layout as L
from sim.engine.adventures import mechanics
from sim.engine.state import make_table

ROOT = Path(__file__).resolve().parents[1]


def names(ids) -> list[str]:
    return [C.CARDS[c].name for c in ids]


def _with(card: str, **changes) -> tuple[Card, ...]:
    return tuple(dataclasses.replace(c, **changes) if c.name == card else c for c in C.CARDS)


def _reacts(card: str, **changes) -> tuple[Card, ...]:
    row = C.BY_NAME[card.lower()]
    return _with(card, reacts=dataclasses.replace(row.reacts, **changes))


def test_the_window_is_the_declared_order_of_the_rulings():
    # ADVENTURES.md, INTRIGUE.md: reactions one at a time, Caravan Guard then Diplomat
    # (offered again after each one used), then Moat, even one just drawn.
    assert names(C.ATTACK_REACTIONS) == ["Caravan Guard", "Diplomat", "Moat"]
    assert [C.REACT_HOW[c] for c in C.ATTACK_REACTIONS] == [
        C.REACT_HOW_PLAY, C.REACT_HOW_REVEAL, C.REACT_HOW_UNAFFECTED]
    assert C.CARDS[C.MOAT].reacts.does == REACT_UNAFFECTED
    assert C.CARDS[C.CARAVAN_GUARD].reacts.does == REACT_PLAY
    assert C.CARDS[C.DIPLOMAT].reacts.does == REACT_REVEAL


def test_every_reaction_and_only_a_reaction_declares_its_timing():
    # No Reaction of the table answers anything but an Attack (no Watchtower-like card).
    reactions = {c.name for c in C.CARDS if c.is_type(REACTION)}
    assert reactions == {"Moat", "Caravan Guard", "Diplomat"}
    assert {c.name for c in C.CARDS if c.reacts is not None} == reactions
    assert all(c.reacts.when == REACTS_TO_ATTACK for c in C.CARDS if c.reacts)
    assert set(np.flatnonzero(C.REACT_HOW)) == set(C.ATTACK_REACTIONS)


def test_each_reaction_is_offered_by_its_declared_question():
    q = codes.REACT_QUESTION
    assert q[C.MOAT] == base_set.D_REVEAL_MOAT
    assert q[C.CARAVAN_GUARD] == codes.code_of(CARAVAN_GUARD_REACT)
    assert q[C.DIPLOMAT] == codes.code_of(intrigue.DIPLOMAT_REVEAL)
    assert (q >= 0).sum() == 3
    for c in C.ATTACK_REACTIONS:
        assert codes.QUESTION_REACTION[q[c]] == c
        assert codes.DECISIONS[q[c]].answer == codes.ANS_YES_NO
    assert (codes.QUESTION_REACTION >= 0).sum() == 3


def test_the_compiled_window_reads_the_derived_tables():
    assert list(steps.UNAFFECTED_IDS) == [C.MOAT]
    assert list(mechanics.AGAIN_IDS) == [C.CARAVAN_GUARD, C.DIPLOMAT]
    # A resumed window goes on at the reaction its site belongs to.
    at = mechanics.AGAIN_AT
    assert at[mechanics.ATTACKED_AT_PLAY] == 0
    assert at[mechanics.ATTACKED_AT_REVEAL] == at[mechanics.ATTACKED_AT_REVEAL_TEXT] == 1


def test_a_game_lists_its_reactions_in_the_declared_order():
    def listed(kingdom):
        T = make_table(3, tuple(C.card_id(n) for n in kingdom))
        return names(T[L.REACTION_IDS:L.REACTION_IDS + T[L.N_REACTIONS]])

    assert listed(["Moat", "Diplomat", "Caravan Guard", "Village", "Smithy", "Market",
                   "Cellar", "Chapel", "Militia", "Witch"]) == ["Caravan Guard", "Diplomat",
                                                                 "Moat"]
    assert names(make_table(2, C.FIRST_GAME)[L.REACTION_IDS:L.REACTION_IDS + 1]) == ["Moat"]
    assert listed(["Village", "Smithy", "Market", "Cellar", "Chapel", "Militia", "Witch",
                   "Festival", "Library", "Mine"]) == []


def test_no_engine_module_names_a_reaction_to_find_it():
    """Outside the card table and each card's own text module, the code that opens the
    window and pads an agent's questions names none of the Reactions."""
    watched = re.compile(r"\b(MOAT|CARAVAN_GUARD|DIPLOMAT|D_REVEAL_MOAT|D_CARAVAN_GUARD|"
                         r"D_DIPLOMAT_REVEAL|_D_DIPLOMAT_REVEAL)\b")
    for path in ("sim/engine/steps.py", "sim/engine/adventures/mechanics.py",
                 "sim/env/core.py"):
        code = (ROOT / path).read_text(encoding="utf-8")
        assert not watched.findall(code), path


# ----------------------------------------------------------------------------- refused
_ATTACK = dict(when=REACTS_TO_ATTACK, rank=9, does=REACT_UNAFFECTED, asks="reveal_moat")


@pytest.mark.parametrize(("fields", "words"), [
    (dict(types=ACTION, reacts=Reacts(**_ATTACK)), "a Reaction's"),
    (dict(types=ACTION | REACTION, reacts=Reacts(**{**_ATTACK, "when": "on a gain"})),
     "when one of"),
    (dict(types=ACTION | REACTION, reacts=Reacts(**{**_ATTACK, "does": "block"})),
     "doing one of"),
])
def test_a_test_only_card_with_a_bad_declaration_is_refused_in_one_line(fields, words):
    with pytest.raises(ValueError, match=words) as refused:
        Card(900, "Odd", 3, **fields)
    assert "\n" not in str(refused.value) and "Odd" in str(refused.value)


@pytest.mark.parametrize(("cards", "words"), [
    (_with("Moat", reacts=None), "declare no timing.*Moat"),
    (_reacts("Diplomat", rank=1), "ranks must be unique"),
    (_reacts("Moat", rank=0), "ranks after the others"),
    (_reacts("Diplomat", does=REACT_PLAY), "doing 'play'.*Caravan Guard, Diplomat"),
])
def test_a_window_the_engine_cannot_run_is_refused_naming_the_cards(cards, words):
    with pytest.raises(ValueError, match=words) as refused:
        C.reaction_window(cards)
    assert "\n" not in str(refused.value)


def test_a_reaction_not_of_type_reaction_is_refused_by_the_window_too():
    # A row built around Card's own check (object.__setattr__ on a frozen row).
    moat = dataclasses.replace(C.CARDS[C.MOAT])
    smithy = C.CARDS[C.card_id("Smithy")]
    odd = dataclasses.replace(smithy)
    object.__setattr__(odd, "reacts", moat.reacts)
    cards = tuple(odd if c.id == odd.id else c for c in C.CARDS)
    with pytest.raises(ValueError, match="reacts, but not Reactions: Smithy"):
        C.reaction_window(cards)


@pytest.mark.parametrize(("asks", "words"), [
    ("no_such_question", "not a yes/no question"),
    ("caravan_guard_react", "about Moat"),          # another card's question
])
def test_a_reaction_asking_a_question_that_is_not_its_own_is_refused(asks, words):
    cards = _reacts("Moat", asks=asks)
    with pytest.raises(ValueError, match=words):
        codes.reaction_questions(cards, codes.DECISIONS)


# ----------------------------------------------------------------------------- a new set
_SET = '''
from sim.cards.sets import next_id
from sim.cards.types import ACTION, REACTION, REACT_UNAFFECTED, REACTS_TO_ATTACK
from sim.cards.types import Card, CardSet, Reacts
FIRST = next_id()
CARD_SET = CardSet("Odd", "odd", (
    Card(FIRST, "Odd Guard", 2, {types}, set="Odd", text="A Reaction.", {reacts}),
), engine=())
'''


@pytest.mark.parametrize(("types", "reacts", "words"), [
    ("ACTION | REACTION", "reacts=None",
     "ValueError: Reactions that declare no timing (Card.reacts): Odd Guard"),
    ("ACTION", "reacts=Reacts(REACTS_TO_ATTACK, 9, REACT_UNAFFECTED, 'reveal_moat')",
     "ValueError: card Odd Guard: reacts="),
    ("ACTION | REACTION", "reacts=Reacts(REACTS_TO_ATTACK, 9, REACT_UNAFFECTED, 'reveal_moat')",
     "ValueError: at most one card reacts to an Attack doing 'unaffected'"),
])
def test_a_test_only_set_with_a_bad_reaction_is_refused_in_one_line(tmp_path, types, reacts,
                                                                   words):
    """A set registered as a new set is (DOMSIM_CARD_SETS) whose Reaction the window
    cannot run: importing domsim fails, its last line naming the card or the rule."""
    (tmp_path / "odd_reaction_set.py").write_text(_SET.format(types=types, reacts=reacts),
                                                  encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(tmp_path)])
    env["DOMSIM_CARD_SETS"] = "odd_reaction_set"
    out = subprocess.run([sys.executable, "-c", "import sim.cards"], capture_output=True,
                         text=True, cwd=ROOT, env=env, timeout=120)
    assert out.returncode != 0
    last = out.stderr.strip().splitlines()[-1]
    assert last.startswith(words), last
