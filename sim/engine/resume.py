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
again.  Each function with frames takes its frame on entry (:func:`take_frame`: its
site and its four locals, the one way a frame is read), skips what it had done and goes
to its site; the others run as before.  The question is asked again, the agent's script
answers it (sim.engine.agent_seat.agent_answer, which ends the resume) and the turn goes
on exactly as an uninterrupted one.

The rule that keeps frames and functions in step: a function with frames pushes one at
every question it stops at, and takes one on every entry while a resume is on.  Bots
compiled into the engine never stop a turn: for them the frames cost a load and a
branch per call.

Named sites.  Each function's sites are module-level int constants beside it, named
``<FUNCTION>_AT_<QUESTION>`` for a question the function asks itself (``CELLAR_AT_DISCARD``)
and ``<FUNCTION>_IN_<CALL>`` for a call it was inside when the question came
(``TURN_IN_BUY``), numbered from 1 in the function's own order (:data:`NO_SITE`, 0, is
"not resumed": no frame is pushed with it).  The same name is pushed and tested on
resume, so a reader (and a new card's author) sees which question each frame stands
for, and a wrong pair (pushing one function's site, testing another's) reads wrong.
numba folds module int globals as constants: the names cost nothing.  The numbers are
part of saved positions (a version-3 text holds its frames: tests/test_env_resume.py),
so a site keeps its number; a new site takes the next one.  Where a site is pushed
for a function by a helper (sim.engine.steps.attacked_resumed: the reaction window
of an Attack), the function names its own sites by the helper's.

The check.  "Every frame pushed is taken, and no frame is taken that was not pushed" is
what makes a resumed turn the uninterrupted one; a function that breaks it (takes a
frame on a path that pushed none, or pushes one that its resumed path does not take)
plays on from the wrong place, silently.  So a game may ask for the check (layout
AG_CHECK_FRAMES, set by sim.env.Game(debug_frames=True), on in the test suite): while a
resume is on, a frame read past the stack, or the question reached again with frames
unread, is an engine error (codes.ERR_FRAMES, the Python error names it).  The flag is
read only while resuming: a game of bots never reads it.
"""

from __future__ import annotations

from numba import njit

from sim.engine.codes import ERR_AGENT_WAIT, ERR_FRAMES, ERR_OVERFLOW
from sim.engine.layout import (
    AG_CHECK_FRAMES,
    AG_WAIT_D,
    AG_WAIT_P,
    BOT,
    ERR,
    FRAME_DEPTH,
    FRAME_WIDTH,
    RES_AT,
    RES_FRAMES,
    RES_N,
    RES_ON,
    V_GAME,
    V,
)

NO_SITE = 0     # the site of a function not being resumed: it starts from its beginning
# codes.ERR_FRAMES's detail (the error's ERR + 4): a frame read past the stack; else how
# many frames were left unread when the question was reached again.
PAST_THE_STACK = -1


@njit(cache=True, inline="always")
def stopped(S):
    """The turn stopped at an agent seat's question (it is unwinding to the caller)."""
    return S[ERR] == ERR_AGENT_WAIT


@njit(cache=True, inline="always")
def resuming(S):
    """A stopped turn is being resumed (its question not yet reached again)."""
    return S[RES_ON] != 0


@njit(cache=True)
def frame_error(S, detail):
    """Record codes.ERR_FRAMES (the debug check of AG_CHECK_FRAMES), naming the seat and
    the question being resumed, with ``detail`` (:data:`PAST_THE_STACK`, or the frames
    left unread)."""
    if S[ERR] == 0:
        p = S[AG_WAIT_P]
        S[ERR] = ERR_FRAMES
        S[ERR + 1] = S[V + V_GAME]
        S[ERR + 2] = p
        S[ERR + 3] = S[AG_WAIT_D]
        S[ERR + 4] = detail
        S[ERR + 5] = S[BOT + p]


@njit(cache=True, inline="always")
def take_frame(S):
    """The calling function's frame, taken off the stack while a resume is on: its site
    and its four locals ``(site, a, b, c, d)``, as :func:`push_frame` was given them;
    ``(NO_SITE, 0, 0, 0, 0)`` when the game is not being resumed (the function starts
    from its beginning).  The one way a frame is read.  With no frame left (a function
    taking a frame it did not push, which a correct path never does) it is as not
    resumed, and an error when the game checks its frames (AG_CHECK_FRAMES, read only
    here, while resuming)."""
    if S[RES_ON] == 0:      # (one load when not resuming: every call of a whole game)
        return NO_SITE, 0, 0, 0, 0
    return pop_frame(S)


@njit(cache=True)
def pop_frame(S):
    """:func:`take_frame` while a resume is on, out of line: the check above is all that
    is inlined at the dozen sites of a turn (numba's compile time grows with the code
    inlined into a function; a game of bots never comes here)."""
    i = S[RES_AT]
    if i < 0:
        if S[AG_CHECK_FRAMES]:
            frame_error(S, PAST_THE_STACK)
        return NO_SITE, 0, 0, 0, 0
    S[RES_AT] = i - 1
    o = RES_FRAMES + FRAME_WIDTH * i
    return S[o], S[o + 1], S[o + 2], S[o + 3], S[o + 4]


@njit(cache=True, inline="always")
def take_frame_if(S, resumed):
    """:func:`take_frame` for a function whose caller knows whether it is being resumed
    into (``resumed``), else ``(NO_SITE, 0, 0, 0, 0)`` without a look at the state.  In
    the engine's hot paths the caller passes a constant False, which the compiler folds:
    a whole game of bots pays nothing for the frames of the functions inlined into its
    turn."""
    if resumed:
        return take_frame(S)
    return NO_SITE, 0, 0, 0, 0


@njit(cache=True)
def push_frame(S, site, a, b, c, d):
    """The calling function stopped at ``site`` (one of its named sites, never
    NO_SITE) with locals ``a``..``d``: push its frame (the stack is innermost first).
    Deeper than FRAME_DEPTH is an overflow error."""
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
    """The stopped question is reached again (the caller saw RES_ON): the frames are
    spent.  Every one should have been taken; one left is an error when the game checks
    its frames (AG_CHECK_FRAMES)."""
    if S[AG_CHECK_FRAMES] and S[RES_AT] >= 0:
        frame_error(S, S[RES_AT] + 1)
    S[RES_ON] = 0
    S[RES_N] = 0
    S[RES_AT] = -1
