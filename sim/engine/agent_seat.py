"""An agent seat's answers inside the engine (sim.env plays these seats from outside).

The engine asks an agent seat a decision through :func:`agent_answer`: the turn's script
of answers first, then, past the script, the question is recorded and the turn stops
(sim.engine.resume: the functions it was asked inside keep where they were, and the
state API resumes the turn there with the answer added to the script).  It sits in a module of
its own, below every module that asks a decision (sim.engine.decide, .steps, the
Adventures modules), so that each can reach it without importing the others: the engine
layer stays free of import cycles (docs/reference/layout.md).
"""

from __future__ import annotations

from numba import njit

from sim.cards import N_CARDS
from sim.engine.codes import (
    ANS_MODE,
    ANS_YES_NO,
    DEC_ANSWER,
    ERR_AGENT_WAIT,
    NO_CARD,
    USE_DEFAULT,
)
from sim.engine.layout import (
    AG_LEN,
    AG_PLAYOUT,
    AG_POS,
    AG_SCRIPT,
    AG_TAKES,
    AG_WAIT_ARG,
    AG_WAIT_D,
    AG_WAIT_P,
    ERR,
    RES_ON,
)
from sim.engine.resume import end_resume

# Agents' answers (sim.env) are action ids: a card id, then these (sim.env.actions).
A_NONE = N_CARDS        # -1: nothing / stop
A_NO = N_CARDS + 1      # 0
A_YES = N_CARDS + 2     # 1
A_MODE0 = N_CARDS + 3   # option k of a mode decision: A_MODE0 + k
REFUSED = 1 << 20       # what an action of the wrong kind becomes: no card, option or yes/no


@njit(cache=True, inline="always")
def answer_of_action(a, d):
    """The engine's answer to decision ``d`` for the agent's action ``a``.  Each kind of
    decision takes its own kind of action; any other is made an answer the engine
    refuses (sim.env checks actions first; its tests do not).  (the table of decisions,
    sim.engine.codes, says which kind)"""
    yes_no = DEC_ANSWER[d] == ANS_YES_NO
    mode = DEC_ANSWER[d] == ANS_MODE
    if a == A_NONE and not yes_no:
        return NO_CARD
    if yes_no:
        return 0 if a == A_NO else (1 if a == A_YES else REFUSED)
    if mode:
        return a - A_MODE0 if a >= A_MODE0 else REFUSED
    return a if 0 <= a < N_CARDS else REFUSED


@njit(cache=True)
def agent_answer(S, p, d, arg):
    """An agent seat's answer to decision ``d`` (sim.engine.layout AG_*): the next answer
    of the turn's script, as the engine takes it; USE_DEFAULT when agents do not take
    ``d``; past the script, the question is recorded and the turn stops (the error
    ERR_AGENT_WAIT, which every step returns on, like an illegal answer's)."""
    if S[RES_ON]:   # the question a resumed turn stopped at (sim.engine.resume): reached
        end_resume(S)
    if S[AG_TAKES + d] == 0:
        return USE_DEFAULT
    pos = S[AG_POS]
    if pos < S[AG_LEN]:
        a = S[AG_SCRIPT + pos]
        S[AG_POS] = pos + 1
        return answer_of_action(a, d)
    if S[AG_PLAYOUT]:   # a playout: past the script, the seat's own bot plays on
        return USE_DEFAULT
    if S[ERR] != 0:     # stopping already (a step that goes on after a stop asks again)
        return NO_CARD
    S[AG_WAIT_P] = p
    S[AG_WAIT_D] = d
    S[AG_WAIT_ARG] = arg
    S[ERR] = ERR_AGENT_WAIT
    S[ERR + 2] = p
    S[ERR + 3] = d
    return NO_CARD


