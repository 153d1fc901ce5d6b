"""Stopping a turn at a question and resuming it there: the engine's frames.

An agent seat (sim.env) is asked a decision from outside the engine: the turn stops at
the question and goes on when the answer comes, in another call.  numba has no
coroutines, so the functions the question was asked inside keep where they were
themselves: when a question stops the turn (codes.ERR_AGENT_WAIT), each function on the
way out that has done something before the question (moved cards, counted a loop)
pushes a frame (sim.engine.layout RES_*): its *site* (which of its questions, or which
call it was inside) and the locals it needs to go on.  Functions with nothing done
before their question (a "gain a card costing up to $4", a yes/no, the reaction window)
push none: run again on the unchanged state they reach the same question.

To resume, the caller sets RES_ON and RES_AT to the outermost frame and calls the turn
again.  Each function with frames takes its frame on entry (:func:`resumed_frame`),
skips what it had done and goes to its site; the others run as before.  The question is
asked again, the agent's script answers it (sim.engine.agent_seat.agent_answer, which
ends the resume) and the turn goes on exactly as an uninterrupted one.

The rule that keeps frames and functions in step: a function with frames pushes one at
every question it stops at, and takes one on every entry while a resume is on.  Bots
compiled into the engine never stop a turn: for them the frames cost a load and a
branch per call.
"""

from __future__ import annotations

from numba import njit

from sim.engine.codes import ERR_AGENT_WAIT, ERR_OVERFLOW
from sim.engine.layout import (
    ERR,
    FRAME_DEPTH,
    FRAME_WIDTH,
    RES_AT,
    RES_FRAMES,
    RES_N,
    RES_ON,
)


@njit(cache=True, inline="always")
def stopped(S):
    """The turn stopped at an agent seat's question (it is unwinding to the caller)."""
    return S[ERR] == ERR_AGENT_WAIT


@njit(cache=True, inline="always")
def resumed_frame(S):
    """While a resume is on, the offset of the calling function's frame (its site at
    ``S[o]``, its locals at ``S[o + 1:]``), taken off the stack; -1 when the game is not
    being resumed (the function starts from its beginning)."""
    if S[RES_ON] == 0:      # (one load when not resuming: every call of a whole game)
        return -1
    i = S[RES_AT]
    if i < 0:               # no frame left, which a path never meets
        return -1
    S[RES_AT] = i - 1
    return RES_FRAMES + FRAME_WIDTH * i


@njit(cache=True, inline="always")
def frame_if(S, resumed):
    """:func:`resumed_frame` for a function whose caller knows whether it is being
    resumed into (``resumed``), else -1.  In the engine's hot paths the caller passes a
    constant False, which the compiler folds: a whole game of bots pays nothing for the
    frames of the functions inlined into its turn."""
    if resumed:
        return resumed_frame(S)
    return -1


@njit(cache=True, inline="always")
def resumed_site(S):
    """:func:`resumed_frame` for a function whose frame is a site and one local: the
    two, or (0, 0) when the game is not being resumed."""
    site = 0
    a = 0
    f = resumed_frame(S)
    if f >= 0:
        site = S[f]
        a = S[f + 1]
    return site, a


@njit(cache=True)
def push_frame(S, site, a, b, c, d):
    """The calling function stopped at ``site`` with locals ``a``..``d``: push its frame
    (the stack is innermost first).  Deeper than FRAME_DEPTH is an overflow error."""
    n = S[RES_N]
    if n >= FRAME_DEPTH:
        S[ERR] = ERR_OVERFLOW
        return
    o = RES_FRAMES + FRAME_WIDTH * n
    S[o] = site
    S[o + 1] = a
    S[o + 2] = b
    S[o + 3] = c
    S[o + 4] = d
    S[RES_N] = n + 1


@njit(cache=True, inline="always")
def start_resume(S):
    """Make the next turn call resume the stopped turn: the question is asked again and
    answered from the agents' script (the caller has added the answer)."""
    S[ERR] = 0
    S[RES_ON] = 1
    S[RES_AT] = S[RES_N] - 1


@njit(cache=True, inline="always")
def end_resume(S):
    """The stopped question is reached again and answered: the frames are spent."""
    S[RES_ON] = 0
    S[RES_N] = 0
    S[RES_AT] = -1
