"""Bots that play through the state API: agents at the table of any run.

An :class:`AgentBot` decides from a :class:`sim.env.State` (a search bot thinks ahead
from it, a learned policy reads its observation) instead of compiling into the engine.
It goes wherever a bot goes (``domsim match``, tournaments, Dask, ``optimize
--against``): :func:`sim.engine.batch.play_batch` hands any batch with an agent bot to
:func:`play_agent_batch`, which plays each game as a State whose agent seats are the
agent bots' seats, answers their decisions by calling them and every other decision
by the seat's compiled bot inside the engine, and returns the same arrays as the
engine's own batches.  A game's seed gives the same deal, shuffles and first player
as the compiled game of that seed, so seats rotate and luck is shared as for any bot.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sim.engine import layout as L
from sim.engine.batch import register_agent_dispatch
from sim.engine.codes import DECISION_NAMES
from sim.env.actions import decision_codes


class AgentBot:
    """A bot that answers some decisions from the game's state (subclass and define
    :meth:`act`).

    Args:
        name, description: as every bot's.
        fallback: a compiled bot (a name, a TOML file or a rule bot) that answers the
            decisions this bot does not take, inside the engine; its program stands for
            this bot wherever one is read (the kingdom cards it needs, ...).
        decisions: the decisions :meth:`act` answers: ``"turn"`` (play an Action, buy),
            ``"buy"``, ``"all"`` or decision names (sim.env.actions).
    """

    def __init__(self, name: str, description: str, fallback: object = "bmu",
                 decisions: str | Sequence = "turn"):
        from bots import resolve_bot
        from bots.rules import validate_name

        self.name = validate_name(name)
        self.description = description
        self.fallback = resolve_bot(fallback)
        if isinstance(self.fallback, AgentBot):
            raise ValueError(f"{name}: the fallback bot must be compiled (rules, TOML, hook), "
                             f"not the agent bot {self.fallback.name!r}")
        self.decisions = decision_codes(decisions)
        #: What the last decision thought, for the game log (or None).
        self.last_note: str | None = None

    def program(self):
        """The fallback bot's program (sim.engine.program.Program)."""
        return self.fallback.program()

    def identity(self) -> str:
        """Text that changes whenever this bot's play would (enters its hash,
        bots.identity.bot_hash): its class, settings and fallback."""
        from bots.identity import bot_hash

        return (f"{type(self).__module__}.{type(self).__qualname__} "
                f"decisions={sorted(self.decisions)} fallback={bot_hash(self.fallback)}")

    def seat_bot(self, config):
        """The compiled bot that sits in this bot's seat in a game of ``config``
        (sim.engine.config.GameConfig) and answers what :meth:`act` does not."""
        return self.fallback

    def start_game(self, game, seat: int, seed: int) -> None:
        """Called before each game this bot plays in ``seat`` (game: sim.env.Game)."""

    def act(self, state) -> int:
        """The action (sim.env.actions) for the decision ``state`` asks of this bot's seat
        (``state.current_player()``); only what that seat may know may be used."""
        raise NotImplementedError

    def play_compiled(self, game, seeds: np.ndarray, first: np.ndarray, score: np.ndarray,
                      turns: np.ndarray, game_rows: np.ndarray, *, log: bool = False
                      ) -> tuple[int, np.ndarray] | None:
        """Play whole games of ``game`` (a sim.env.Game whose agent seats are all this
        bot's) inside compiled code, the same games :meth:`act` would play: the games of
        ``seeds`` and ``first`` seats, outcomes into the rows of ``score``, ``turns`` and
        ``game_rows``.  Returns (how many finished, before any that failed; the engine
        state of the last, for its log), or None: no compiled path (the default), each
        decision is then asked of :meth:`act`.  A learned policy has one
        (sim.learn.compiled); :meth:`start_game` is not called for such games."""
        return None

    def play_compiled_with(self, game, seats: dict, seeds: np.ndarray, first: np.ndarray,
                           score: np.ndarray, turns: np.ndarray, game_rows: np.ndarray, *,
                           log: bool = False) -> tuple[int, np.ndarray] | None:
        """:meth:`play_compiled` where ``seats`` ({agent seat: its bot}, this bot at one of
        them at least) may seat other agent bots beside this one: two learned policies
        matched against each other play compiled too.  The default plays compiled only
        where every seat is this bot's; a bot whose compiled games can seat others
        (a learned policy beside another) says so here.  None: each decision is asked
        of its seat's :meth:`act`."""
        if all(bot is self for bot in seats.values()):
            return self.play_compiled(game, seeds, first, score, turns, game_rows, log=log)
        return None


def first_seat(n_players: int, seed: int, first: int) -> int:
    """The seat that moves first in the game of ``seed``: ``first``, or drawn from the
    seed as a batch and a State draw it (sim.env.core.first_player).  The engine's batch
    records it in each game's row (G_FIRST); a State's outcome does not."""
    if first >= 0:
        return first
    from sim.engine.rng import seed_stream
    from sim.env.core import first_player

    R = np.zeros((L.N_STREAMS, L.RNG_WIDTH), np.uint64)
    seed_stream(R.ravel(), L.N_STREAMS - 1, np.uint64(seed))
    return int(first_player(R, n_players, -1))


def is_agent_bot(bot: object) -> bool:
    return isinstance(bot, AgentBot)


class _Tables:
    """The sim.env.Game of each seating of a batch (built once: a Game compiles nothing
    new, but packs programs and card calls)."""

    def __init__(self, config, bots: list):
        self.config, self.bots = config, bots
        self.games: dict[tuple[int, ...], object] = {}

    def game(self, row: tuple[int, ...]):
        found = self.games.get(row)
        if found is None:
            from sim.env.state import Game

            seated = [self.bots[b] for b in row]
            agents = [s for s, b in enumerate(seated) if is_agent_bot(b)]
            decisions = frozenset().union(*(b.decisions for b in seated if is_agent_bot(b)))
            found = Game(kingdom=self.config.kingdom, events=self.config.events,
                         players=self.config.n_players,
                         bots=[b.seat_bot(self.config) if is_agent_bot(b) else b
                               for b in seated],
                         agents=agents, decisions=decisions, turn_cap=self.config.turn_cap)
            found.names = [b.name for b in seated]   # its log names the agents, not fallbacks
            self.games[row] = found
        return found


def play_agent_batch(config, bots: list, seat_bots: np.ndarray, seeds: np.ndarray,
                     first: np.ndarray, *, log: bool = False, game_offset: int = 0,
                     compiled=None):
    """:func:`sim.engine.batch.play_batch` for a batch with agent bots (same arguments and
    result; ``log``: one game's event rows, with each agent decision's note in
    ``result.notes``).  The games no agent bot sits in are played by ``compiled`` (the
    engine's batch, in runs of consecutive games).  An agent bot that raises or answers
    illegally stops the batch with a BotError holding the games finished before."""
    from sim.engine.batch import BatchResult, BotError
    from sim.engine.game import G_FIRST, N_GAME_COLS
    from sim.env.state import IllegalActionError, State

    n = config.n_players
    g = len(seeds)
    score = np.zeros((g, n), np.int32)
    turns = np.zeros((g, n), np.int32)
    game_rows = np.zeros((g, N_GAME_COLS), np.int32)
    tables = _Tables(config, bots)
    notes: dict[int, list[str]] = {}
    last_S = None       # the engine state of the last game played (its log)
    seated = np.array([[is_agent_bot(bots[b]) for b in row] for row in seat_bots], bool)
    with_agents = seated.any(axis=1) if g else np.zeros(0, bool)
    played, S = _play_compiled_seatings(tables, bots, seat_bots, seeds, first, with_agents,
                                        score, turns, game_rows, log)
    if S is not None:
        last_S = S
    i = 0
    while i < g:
        if not with_agents[i]:      # a run of games without agents: the engine's batch
            j = i
            while j < g and not with_agents[j]:
                j += 1
            try:
                part = compiled(config, bots, seat_bots[i:j], seeds[i:j], first[i:j],
                                log=log, game_offset=game_offset + i)
            except BotError as exc:
                k = i + len(exc.done.score)
                score[i:k], turns[i:k], game_rows[i:k] = (exc.done.score, exc.done.turns,
                                                          exc.done.game)
                exc.done = BatchResult(score[:k], turns[:k], game_rows[:k])
                raise
            score[i:j], turns[i:j], game_rows[i:j] = part.score, part.turns, part.game
            if log:
                return part
            i = j
            continue
        if played[i]:
            i += 1
            continue
        row = tuple(int(b) for b in seat_bots[i])
        game = tables.game(row)
        seed = int(seeds[i])
        state = State(game, seed, int(first[i]), _log=log)
        for s in game.agents:
            bots[row[s]].start_game(game, s, seed)
        while not state.is_terminal():
            seat = state.current_player()
            bot = bots[row[seat]]
            d = state.decision()[0]
            if not (is_agent_bot(bot) and d in bot.decisions):
                state.apply_action(state.bot_action())
                continue
            bot.last_note = None
            try:
                action = bot.act(state)
                if log and bot.last_note:
                    at = int(state.D[L.V + L.V_LOG_N])
                    notes.setdefault(at, []).append(f"P{seat} {bot.name}: {bot.last_note}")
                state.apply_action(action)
            except Exception as exc:
                done = BatchResult(score[:i], turns[:i], game_rows[:i])
                what = (f"an illegal action: {exc}" if isinstance(exc, IllegalActionError)
                        else f"raised {exc!r}")
                raise BotError(f"bot {bot.name!r} gave {what} deciding to "
                               f"{DECISION_NAMES[d]} in game {game_offset + i} (seed {seed}, "
                               f"seat {seat})", bot=bot.name, game=game_offset + i, seed=seed,
                               decision=DECISION_NAMES[d], card=None, done=done) from exc
        last_S = state.S
        score[i] = state._out_score[0]
        turns[i] = state._out_turns[0]
        game_rows[i] = state._out_game[0]
        game_rows[i, G_FIRST] = first_seat(n, seed, int(first[i]))
        i += 1
    result = BatchResult(score, turns, game_rows)
    if log and last_S is not None:
        S = last_S
        rows = int(S[L.V + L.V_LOG_N])
        result.log = S[L.LOG:L.LOG + rows * L.LOG_WIDTH].reshape(rows, L.LOG_WIDTH).copy()
        result.log_truncated = bool(S[L.V + L.V_LOG_TRUNC])
        result.notes = notes
    return result


def _play_compiled_seatings(tables: _Tables, bots: list, seat_bots: np.ndarray,
                            seeds: np.ndarray, first: np.ndarray, with_agents: np.ndarray,
                            score: np.ndarray, turns: np.ndarray, game_rows: np.ndarray,
                            log: bool) -> tuple[np.ndarray, np.ndarray | None]:
    """The games whose agent seats play compiled (:meth:`AgentBot.play_compiled_with`,
    asked of the first agent seat's bot), all games of a seating in one call (seats rotate
    game by game: runs would be one game long), their outcomes into their rows.  Which
    games were played, and the engine state of the last (its log).  Every game is a
    function of its seed, seats and first player, so the order does not matter; a game
    that failed is left to the caller's loop, which plays the games before it and raises
    its error (the games finished before it are then all played)."""
    g = len(seeds)
    played = np.zeros(g, bool)
    last_S = None
    rows: dict[tuple[int, ...], list[int]] = {}
    for k in np.flatnonzero(with_agents):
        rows.setdefault(tuple(int(b) for b in seat_bots[k]), []).append(int(k))
    for row, idx in rows.items():
        game = tables.game(row)
        at = np.asarray(idx)
        out = (score[at], turns[at], game_rows[at])
        seats = {s: bots[row[s]] for s in game.agents}
        result = seats[game.agents[0]].play_compiled_with(game, seats, seeds[at], first[at],
                                                          *out, log=log)
        if result is None:
            continue
        done, last_S = result
        score[at[:done]], turns[at[:done]], game_rows[at[:done]] = (o[:done] for o in out)
        played[at[:done]] = True
    return played, last_S


# The engine's play_batch hands every batch holding an agent bot to play_agent_batch; it
# sits below this module, so it cannot import it (sim.engine.batch._agent_dispatch).
register_agent_dispatch(is_agent_bot, play_agent_batch)
