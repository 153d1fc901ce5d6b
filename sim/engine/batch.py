"""Python entry point to the compiled engine: play a batch of seeded games.

This is the only module that calls the engine's batch (sim.engine.game.batch_entry:
``run_batch``, or ``run_batch_adv`` for the games that run the Adventures turn).  It
allocates the state once per batch, seats the bots, and turns the engine's
error codes into exceptions that name the bot, the game and the decision.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from sim.cards import CARDS, N_CARDS
from sim.cards.adventures import (
    PILGRIMAGE_GAIN,
)
from sim.engine import callbacks
from sim.engine import layout as L
from sim.engine.cardcalls import call_addresses, engine_calls
from sim.engine.codes import (
    ANS_MODE,
    ANS_YES_NO,
    DECISION_NAMES,
    DECISIONS,
    ERR_BOT_RAISED,
    ERR_FRAMES,
    ERR_ILLEGAL,
    ERR_NONE,
    code_of,
)
from sim.engine.cold_compile import compile_cold
from sim.engine.config import GameConfig
from sim.engine.game import N_GAME_COLS, batch_entry
from sim.engine.hooks import hooks_tuple
from sim.engine.layout import (
    ERR,
    EVENT_IDS,
    LOG,
    LOG_WIDTH,
    N_EVENTS,
    NON_SUPPLY0,
    PF_FLAGS,
    SUPPLY0,
    T_ADV,
    V_LOG_N,
    V_LOG_TRUNC,
    V,
)
from sim.engine.program import F_HOOK, F_KIND, K_PYTHON, Program
from sim.engine.state import make_table, new_state, pack_programs

# The codes the table of decisions gave the Adventures questions read here (sim.engine.codes
# numbers them in the order sim.cards.adventures.CARD_SET lists them).
D_PILGRIMAGE = code_of(PILGRIMAGE_GAIN)

LOG_ROWS = 1 << 16


class BotLike(Protocol):
    name: str

    def program(self) -> Program: ...


class BotError(RuntimeError):
    """A bot failed (raised, or gave an illegal answer) in one game of a batch.

    ``done`` holds the results of the games of the batch that finished before it.
    """

    def __init__(self, message: str, *, bot: str, game: int, seed: int, decision: str,
                 card: str | None, done: BatchResult):
        super().__init__(message)
        self.bot, self.game, self.seed, self.decision, self.card = bot, game, seed, decision, card
        self.done = done


@dataclass
class BatchResult:
    """Per-game arrays, seats in columns (seat 0 first): see sim.engine.game G_* columns."""

    score: np.ndarray        # int32 [G, players]
    turns: np.ndarray        # int32 [G, players]
    game: np.ndarray         # int32 [G, N_GAME_COLS]
    rec_coins: np.ndarray | None = None   # int16 [G, players, T] $ produced per turn
    rec_vp: np.ndarray | None = None      # int16 [G, players, T] score after each turn
    log: np.ndarray | None = None         # int32 [events, 6] when logging (one game)
    log_truncated: bool = False
    # When logging a game with agent bots (sim.env.agent): before log row k, the notes of
    # the agent decisions taken there (what a search bot weighed).
    notes: dict[int, list[str]] | None = None

    def head(self, n: int) -> BatchResult:
        def cut(a):
            return None if a is None else a[:n]
        return BatchResult(self.score[:n], self.turns[:n], self.game[:n],
                           cut(self.rec_coins), cut(self.rec_vp), self.log, self.log_truncated)


def install_bots(bots: list, programs: list[Program], P: np.ndarray, T: np.ndarray) -> tuple:
    """Register Python bots for callbacks and give compiled hooks their slots.

    Returns the engine's ``H`` for a game of table ``T`` (sim.engine.cardcalls
    engine_calls: the decision function, the hooks tuple and the game's card
    functions); sets each hooked bot's F_HOOK in P.
    """
    callbacks.set_game(T)
    return engine_calls(install_hooks(bots, programs, P), cards_in_game(T), bool(T[T_ADV]))


def cards_in_game(T: np.ndarray) -> list[int]:
    """The ids of the cards (and Events) a game of table ``T`` can use: its Supply piles,
    the Traveller upgrade piles and its Events."""
    in_game = (T[SUPPLY0:SUPPLY0 + N_CARDS] > 0) | (T[NON_SUPPLY0:NON_SUPPLY0 + N_CARDS] > 0)
    events = [int(c) for c in T[EVENT_IDS:EVENT_IDS + T[N_EVENTS]]]
    return [int(c) for c in np.flatnonzero(in_game)] + events


def install_hooks(bots: list, programs: list[Program], P: np.ndarray) -> tuple:
    """:func:`install_bots` without compiling ``decide``: the hooks tuple."""
    callbacks.REGISTRY.clear()
    hooks: list = []
    for i, (bot, prog) in enumerate(zip(bots, programs, strict=False)):
        if prog.flags[F_KIND] == K_PYTHON:
            callbacks.REGISTRY[i] = bot
        hook = getattr(bot, "hook", None)
        if hook is not None:
            if hook not in hooks:
                hooks.append(hook)
            P[i, PF_FLAGS + F_HOOK] = hooks.index(hook) + 1
    return hooks_tuple(hooks)


# Decisions answered with an option number (the table of decisions, sim.engine.codes).
MODE_DECISIONS = frozenset(d.code for d in DECISIONS if d.answer == ANS_MODE)


def _card(c: int) -> str:
    return CARDS[c].name if 0 <= c < len(CARDS) else f"card id {c}"


def legal_answers(S: np.ndarray, T: np.ndarray, p: int, d: int, arg: int) -> list[str]:
    """The answers player ``p`` could give to decision ``d`` (asked with ``arg``) in
    state ``S``, as words for an error message: card names, "None" where answering
    nothing is allowed, "True"/"False", or option numbers.  The table of decisions'
    answers as the engine accepts them (sim.engine.legality.answers, ``wide``)."""
    from sim.engine.legality import N_OUT, answers

    if not 0 <= d < len(DECISIONS):
        return []
    out = np.empty(N_OUT, np.int64)
    n, _drawn = answers(S, T, p, d, arg, out, True)
    got = sorted(int(a) for a in out[:n])
    kind = DECISIONS[d].answer
    if kind == ANS_YES_NO:
        return ["True", "False"]
    words = [str(a) if kind == ANS_MODE else CARDS[a].name for a in got if a >= 0]
    return words + (["None"] if -1 in got else [])


def frames_error_text(decision: str, seat: int, detail: int) -> str:
    """codes.ERR_FRAMES as one line: the question whose resume went out of step with its
    frames, and how (``detail``: -1, a frame read past the stack; else the frames left
    unread).  An engine bug, not the bot's: a function's pushes and takes disagree."""
    where = (f"engine error (resume frames): resuming seat {seat}'s question "
             f"({decision}), ")
    if detail < 0:
        how = "a function read a frame past the resume stack (it took a frame no one pushed)"
    else:
        how = (f"the question was reached again with {detail} frame"
               f"{'' if detail == 1 else 's'} unread (a function pushed a frame its resumed "
               f"path did not take)")
    return where + how + "; see sim.engine.resume"


def illegal_answer_text(S: np.ndarray, T: np.ndarray, bot: str) -> str:
    """The engine error recorded in ``S`` as one line: the seat and its bot, the decision
    and, for an illegal answer, the answer (a card by name), the question's arg and the
    answers that were legal then (from the state the engine stopped in); for a Python
    bot's unreadable answer or exception, what it was."""
    code, _g, seat, d, c = (int(x) for x in S[L.ERR:L.ERR + 5])
    arg = int(S[L.ERR_ARG])
    decision = DECISION_NAMES[d] if 0 <= d < len(DECISION_NAMES) else f"decision {d}"
    who = f"seat {seat} ({bot!r}) deciding to {decision}"
    if code == ERR_BOT_RAISED:
        exc = callbacks.LAST_ERROR[0] if callbacks.LAST_ERROR else None
        if isinstance(exc, callbacks.AnswerError):
            return f"{who}: {exc}"
        return f"{who}: the bot raised {exc!r}"
    if code == ERR_FRAMES:
        return frames_error_text(decision, seat, c)
    if code != ERR_ILLEGAL:
        return f"engine error {code}: seat {seat} deciding to {decision}: card {c}"
    if d in MODE_DECISIONS:
        answer = "None" if c < 0 else f"option {c}"
    elif 0 <= d < len(DECISIONS) and DECISIONS[d].answer == ANS_YES_NO:
        answer = str(c)
    else:
        answer = _card(c) if c >= 0 else "None"
    legal = ", ".join(legal_answers(S, T, seat, d, arg)) or "none"
    if d == D_PILGRIMAGE:
        legal += " (each card once)"
    return f"{who}: {answer} is not a legal answer (arg {arg}); legal answers: {legal}"


#: How a batch with agent bots is played: (is_agent_bot, play_agent_batch), registered by
#: :mod:`sim.env.agent` when it is imported (:func:`register_agent_dispatch`), or None.
#: The engine sits below the state API and does not import it; an agent bot is an
#: instance of that module's class, so a batch that holds one always finds this set.
_agent_dispatch: tuple[Callable[[object], bool], Callable[..., BatchResult]] | None = None


def register_agent_dispatch(is_agent_bot: Callable[[object], bool],
                            play_agent_batch: Callable[..., BatchResult]) -> None:
    """Have :func:`play_batch` hand any batch holding a bot that ``is_agent_bot`` claims
    to ``play_agent_batch`` (same arguments, plus ``compiled``: the engine's own batch,
    for the games no agent bot sits in)."""
    global _agent_dispatch
    _agent_dispatch = (is_agent_bot, play_agent_batch)


def play_batch(config: GameConfig, bots: list[BotLike], seat_bots: np.ndarray,
               seeds: np.ndarray, first: np.ndarray | None = None, *, record_turns: int = 0,
               log: bool = False, game_offset: int = 0) -> BatchResult:
    """Play one game per seed.

    seat_bots[g, s] is the index in ``bots`` of the bot in seat s of game g;
    first[g] the seat that moves first (-1 or None: drawn from the seed).
    ``game_offset`` only labels errors with the run's game index.
    """
    n = config.n_players
    seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
    g = len(seeds)
    seat_bots = np.ascontiguousarray(seat_bots, dtype=np.int32).reshape(g, n)
    if first is None:
        first = np.full(g, -1, np.int8)
    first = np.ascontiguousarray(first, dtype=np.int8)
    if seat_bots.size and (seat_bots.min() < 0 or seat_bots.max() >= len(bots)):
        raise ValueError("seat_bots refers to a bot that is not in the list")
    if _agent_dispatch is not None and any(_agent_dispatch[0](b) for b in bots):
        is_agent_bot, play_agent_batch = _agent_dispatch
        # Bots that act through the state API (search bots, learned policies): each
        # game is played as a sim.env.State, the same games for the same seeds; the
        # games they do not sit in, by the engine as usual.
        if record_turns:
            raise ValueError("per-turn records are not kept for games with agent bots "
                             f"({', '.join(b.name for b in bots if is_agent_bot(b))})")
        return play_agent_batch(config, bots, seat_bots, seeds, first, log=log,
                                game_offset=game_offset, compiled=_play_compiled)
    return _play_compiled(config, bots, seat_bots, seeds, first, record_turns=record_turns,
                          log=log, game_offset=game_offset)


def _play_compiled(config: GameConfig, bots: list[BotLike], seat_bots: np.ndarray,
                   seeds: np.ndarray, first: np.ndarray, *, record_turns: int = 0,
                   log: bool = False, game_offset: int = 0) -> BatchResult:
    """:func:`play_batch` in the engine (arrays checked and shaped)."""
    n = config.n_players
    g = len(seeds)
    programs = [b.program() for b in bots]
    T = make_table(n, config.kingdom, config.events)
    P, Q = pack_programs(programs, T)
    hooks = install_hooks(bots, programs, P)
    callbacks.set_game(T)          # the Events and upgrade piles Python bots' views show
    S, R = new_state(T, config.turn_cap, log_rows=LOG_ROWS if log else 0)
    score = np.zeros((g, n), np.int32)
    turns = np.zeros((g, n), np.int32)
    game = np.zeros((g, N_GAME_COLS), np.int32)
    rec_shape = (g, n, config.turn_cap) if record_turns else (0, 1, 1)
    rec_coins = np.zeros(rec_shape, np.int16)
    rec_vp = np.zeros(rec_shape, np.int16)
    args = [S, R, T, P, Q, None, n, seat_bots, seeds, first, score, turns, game, rec_coins,
            rec_vp]
    compile_cold(tuple(args), cards_in_game(T))   # a cold cache: two processes
    adventures = bool(T[T_ADV])
    args[5] = call_addresses(engine_calls(hooks, cards_in_game(T), adventures))
    done = batch_entry(T)(*args)
    result = BatchResult(score, turns, game, rec_coins if record_turns else None,
                         rec_vp if record_turns else None)
    if log:
        rows = int(S[V + V_LOG_N])
        result.log = S[LOG:LOG + rows * LOG_WIDTH].reshape(rows, LOG_WIDTH).copy()
        result.log_truncated = bool(S[V + V_LOG_TRUNC])
    if S[ERR] != ERR_NONE:
        code, gi, seat, d, c, b = (int(x) for x in S[ERR:ERR + 6])
        name = getattr(bots[b], "name", f"bot {b}")
        decision = DECISION_NAMES[d]
        if code == ERR_BOT_RAISED:
            exc = callbacks.LAST_ERROR[0] if callbacks.LAST_ERROR else None
            where = f"in game {game_offset + gi} (seed {int(seeds[gi])}, seat {seat})"
            if isinstance(exc, callbacks.AnswerError):   # an answer of the wrong kind
                msg = f"{name}: {exc} ({decision} {where})"
            else:
                msg = f"bot {name!r} raised {exc!r} deciding to {decision} {where}"
            card = None
        else:
            if d in MODE_DECISIONS:      # answered with an option number, not a card
                card = f"option {c}"
            else:
                card = _card(c) if c >= 0 else "nothing"
            legal = legal_answers(S, T, seat, d, int(S[L.ERR_ARG]))
            msg = (f"bot {name!r} made an illegal choice deciding to {decision}: {card} "
                   f"in game {game_offset + gi} (seed {int(seeds[gi])}, seat {seat}); "
                   f"legal answers: {', '.join(legal) or 'none'}")
        raise BotError(msg, bot=name, game=game_offset + gi, seed=int(seeds[gi]),
                       decision=decision, card=card, done=result.head(done))
    return result
