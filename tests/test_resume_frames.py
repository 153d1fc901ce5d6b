"""The resume frames' debug check (sim.engine.resume, layout AG_CHECK_FRAMES) and the
naming of the sites: a corrupted frame stack is an engine error naming it, the suite
runs with the check on, a saved position does not carry it, and no site is a bare
number."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from sim.engine import layout as L
from sim.env import Game
from sim.env.state import State

ROOT = Path(__file__).resolve().parents[1]
KINGDOM = ["Cellar", "Chapel", "Militia", "Remodel", "Library", "Sentry", "Artisan",
           "Moat", "Village", "Smithy"]


def _at_a_question(debug: bool, seed: int = 3) -> State:
    """A base game of agent seats stopped at a question a few turns in."""
    state = Game(kingdom=KINGDOM, turn_cap=30, debug_frames=debug).new_initial_state(seed)
    for _ in range(12):
        state.apply_action(state.bot_action())
    assert not state.is_terminal() and int(state.S[L.RES_N]) >= 1
    return state


def _add_unread_frame(S: np.ndarray) -> None:
    """One frame more, innermost (a site 1 with zero locals): no function takes it."""
    n = int(S[L.RES_N])
    w = L.FRAME_WIDTH
    frames = S[L.RES_FRAMES:L.RES_FRAMES + n * w].copy()
    S[L.RES_FRAMES + w:L.RES_FRAMES + (n + 1) * w] = frames
    S[L.RES_FRAMES:L.RES_FRAMES + w] = (1, 0, 0, 0, 0)
    S[L.RES_N] = n + 1


def test_the_suite_checks_its_frames():
    """conftest sets DOMSIM_DEBUG_FRAMES: every Game of the tests checks (the resume
    tests, the conformance tests' resume at every decision); asked off, one does not."""
    assert Game(kingdom=KINGDOM).debug_frames
    state = _at_a_question(True)
    assert state.S[L.AG_CHECK_FRAMES] == 1
    assert _at_a_question(False).S[L.AG_CHECK_FRAMES] == 0
    with pytest.raises(ValueError, match="debug_frames: True or False"):
        Game(kingdom=KINGDOM, debug_frames=1)


def test_a_frame_read_past_the_stack_is_an_engine_error():
    state = _at_a_question(True)
    state.S[L.RES_N] = 0        # the frames lost: the turn finds none to take
    with pytest.raises(RuntimeError, match="read a frame past the resume stack"):
        state.apply_action(state.legal_actions()[0])


def test_a_frame_left_unread_is_an_engine_error_and_silent_without_the_check():
    state = _at_a_question(True)
    _add_unread_frame(state.S)
    with pytest.raises(RuntimeError, match="reached again with 1 frame unread"):
        state.apply_action(state.legal_actions()[0])
    state = _at_a_question(False)
    _add_unread_frame(state.S)
    state.apply_action(state.legal_actions()[0])    # unchecked: nothing says so


def test_a_saved_position_does_not_carry_the_check():
    """The flag is how a Game is debugged: a version-3 text holds 0 there (its check,
    sim.env.position_check, wants 0) and a state read from it takes its Game's."""
    state = _at_a_question(True)
    rng = np.random.default_rng(0)
    dealt = state.resample(1 - state.current_player(), rng)
    text = dealt.serialize()
    assert '"domsim_state": 3' in text
    again = State.deserialize(text)
    assert again.S[L.AG_CHECK_FRAMES] == 1
    quiet = State.deserialize(text, Game(**again.game.params(), debug_frames=False))
    assert quiet.S[L.AG_CHECK_FRAMES] == 0
    assert again.legal_actions() == quiet.legal_actions() == dealt.legal_actions()


_BARE_PUSH = re.compile(r"push_frame\(S,\s*-?\d")
_BARE_TEST = re.compile(r"\bsite\s*(==|!=|<=|>=|<|>)\s*-?\d")


def test_no_site_is_a_bare_number():
    """Every frame is pushed and tested by its function's named site (resume.py's
    docstring: "Named sites")."""
    bare = []
    for path in sorted((ROOT / "sim" / "engine").rglob("*.py")):
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if _BARE_PUSH.search(line) or _BARE_TEST.search(line):
                bare.append(f"{path.relative_to(ROOT)}:{i}: {line.strip()}")
    assert not bare, "\n".join(bare)
