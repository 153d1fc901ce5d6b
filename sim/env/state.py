"""The engine's public face for agents: a :class:`Game` (the rules of one table: kingdom,
Events, players, which seats an agent plays and which decisions it takes) and its
:class:`State` (one game in progress), in the spirit of OpenSpiel's Game and State.

    game = Game(kingdom="first-game", players=2)
    state = game.new_initial_state(seed=7)
    while not state.is_terminal():
        state.apply_action(random.choice(state.legal_actions()))
    state.returns()              # [1.0, 0.0]: seat 0 won

A state stops at every decision an agent seat is asked; the seats and decisions agents
do not take are played by domsim bots inside compiled code.  Actions are integers over one
vocabulary for every kingdom (:mod:`sim.env.actions`).  Same seed, same actions: the
same game, in any process (the state is the seed, the snapshot of the current turn and
the answers given so far; :meth:`State.serialize` keeps only the seed and the answers).
A state that did not start from a seed (:meth:`State.resample`, :meth:`State.from_position`)
starts from a position instead, which it keeps and serializes with the answers since.
"""

from __future__ import annotations

import base64
import json
import os
import zlib
from collections.abc import Iterable, Sequence
from typing import NamedTuple

import numpy as np

from sim import __version__
from sim.cards import EVENTS, N_CARDS
from sim.engine import codes, fingerprint
from sim.engine import layout as L
from sim.engine.batch import cards_in_game, illegal_answer_text, install_hooks
from sim.engine.callbacks import set_game
from sim.engine.cardcalls import call_addresses, engine_calls, flat_addresses
from sim.engine.config import (
    MAX_EVENTS,
    GameConfig,
    check_players,
    is_random_kingdom,
    resolve_table,
)
from sim.engine.game import G_END, G_WINNERS, N_GAME_COLS, reset_game_on
from sim.engine.gamelog import format_log
from sim.engine.program import F_KIND, K_AGENT, K_PYTHON
from sim.engine.state import make_table, new_state, pack_programs
from sim.env import core, layouts, redeal
from sim.env.actions import N_ACTIONS, action_name, action_of_answer, decision_codes
from sim.env.arguments import (
    check_count,
    check_generator,
    check_seat,
    check_seats,
    check_seed,
    is_whole,
    show,
)

TERMINAL = -4       # current_player() of a finished game (OpenSpiel's value)
N_CARDS_ = L.N_SLOTS  # the width of a count zone
LOG_ROWS = 1 << 15
# Game(debug_frames=None) reads it: "1" checks the resume frames (the test suite's setting).
DEBUG_FRAMES_VAR = "DOMSIM_DEBUG_FRAMES"


_F32 = np.dtype(np.float32)
_OBS_SHAPE = (core.OBS_SIZE,)


def _check_obs_out(out: object) -> None:
    """``out`` for State.observe_into: a writable, aligned, C-contiguous float32 array of
    OBS_SIZE entries, else a one-line ValueError naming what it is."""
    if isinstance(out, np.ndarray) and out.dtype == np.float32 and out.shape == _OBS_SHAPE \
            and out.flags.carray:
        return
    what = (f"{out.dtype} array of shape {out.shape}" if isinstance(out, np.ndarray)
            else type(out).__name__)
    if isinstance(out, np.ndarray) and out.dtype == np.float32 and out.shape == _OBS_SHAPE:
        what = "read-only or non-contiguous array"
    raise ValueError(f"out: a writable contiguous float32 array of shape {_OBS_SHAPE}, "
                     f"not a {what}")


class IllegalActionError(ValueError):
    """An action that does not answer the decision asked (the message lists the legal ones)."""


class Game:
    """One kind of game: the table and who decides what.

    Args:
        kingdom: as the CLI and a Match take it: 10 kingdom cards (names or ids, a comma
            string or a list), ``"first-game"`` (None), ``"auto"`` (the cards the bots
            name, filled from First Game) or ``"random"`` / ``"random:adventures"`` /
            ``"random:SET,Card,..."`` (the bots' cards, the rest drawn from
            ``kingdom_seed``; sim.engine.config.resolve_table).
        events: the game's Events (Adventures): names or ids, a comma string or a list;
            none by default; ``"auto"`` (those the bots buy) or ``"random"`` (up to 2 by
            the rulebook's randomiser method, from ``kingdom_seed``).
        players: 2, 3 or 4 seats.
        bots: a domsim bot (name, TOML file or bot object) per seat, or one for all:
            it plays a seat no agent takes, and answers the decisions an agent seat does
            not take.  Compiled kinds only (rule lists, hooks, ``random``): a Python bot
            would call back into the interpreter.  Default ``"bmu"``.
        agents: the seats an agent plays (default: every seat).
        decisions: which decisions an agent seat takes: ``"all"`` (default), ``"turn"``
            (play an Action, buy), ``"buy"``, or decision names / codes
            (sim.engine.codes D_*, sim.env.actions.DECISIONS).
        turn_cap: turns per player before the game is stopped (truncated, no winner).
        kingdom_seed: the seed a random kingdom and random Events are drawn from (the
            CLI's ``--seed``); the game drawn is fixed for this Game (:meth:`params`
            names its cards).  Unused otherwise.
        debug_frames: check the engine's resume frames in every step (sim.engine.resume:
            a stopped turn that resumes out of step with its frames is an engine error,
            not a silently different game).  A debugging aid, costing nothing measurable;
            default: on when the environment variable ``DOMSIM_DEBUG_FRAMES`` is ``1``
            (the test suite sets it).  Not a parameter of the game (:meth:`params`).
    """

    def __init__(self, kingdom: str | Iterable[str | int] | None = None,
                 events: str | Iterable[str | int] | None = (), players: int = 2,
                 bots: str | object | Sequence[str | object] = "bmu",
                 agents: Iterable[int] | None = None, decisions: str | Iterable = "all",
                 turn_cap: int = 100, kingdom_seed: int = 0,
                 debug_frames: bool | None = None):
        from bots import resolve_bot

        n = check_players(players)      # one line naming the value, as the CLI's
        if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
            bots = [bots] * n
        if len(bots) != n:
            raise ValueError(f"bots: one per seat ({n}), or one for all; got {len(bots)}")
        self.bots = [resolve_bot(b) for b in bots]
        kingdom_ids, event_ids = self._table(kingdom, events, kingdom_seed)
        self.config = GameConfig(n_players=n, kingdom=kingdom_ids, turn_cap=turn_cap,
                                 events=event_ids, max_events=max(2, len(event_ids)))
        self.agents = tuple(sorted(set(range(n) if agents is None else
                                       check_seats(agents, n, "agents"))))
        self.decisions = decision_codes(decisions)
        if debug_frames is None:
            debug_frames = os.environ.get(DEBUG_FRAMES_VAR, "") == "1"
        if not isinstance(debug_frames, (bool, np.bool_)):
            raise ValueError(f"debug_frames: True or False, not {debug_frames!r}")
        self.debug_frames = bool(debug_frames)
        programs = [b.program() for b in self.bots]
        for s, prog in enumerate(programs):
            if prog.flags[F_KIND] == K_PYTHON:
                raise ValueError(f"bots: seat {s}'s bot {self.bots[s].name!r} is a Python bot; "
                                 "the environments take compiled bots (rule lists, TOML, "
                                 "hooks, 'random')")
        self.T = make_table(n, self.config.kingdom, self.config.events)
        self.P, self.Q = pack_programs(programs, self.T)
        hooks = install_hooks(self.bots, programs, self.P)
        for s in self.agents:
            self.P[s, L.PF_FLAGS + F_KIND] += K_AGENT
        set_game(self.T)
        adventures = bool(self.T[L.T_ADV])
        self.H = flat_addresses(call_addresses(engine_calls(hooks, cards_in_game(self.T),
                                                            adventures)), adventures)
        self.seat_bots = np.arange(n, dtype=np.int32).reshape(1, n)
        self.num_players = n
        self.names = [b.name for b in self.bots]
        self._params = {"kingdom": self.config.kingdom_names,
                        "events": self.config.event_names, "players": n,
                        "bots": self.names, "agents": list(self.agents),
                        "decisions": sorted(self.decisions),
                        "turn_cap": self.config.turn_cap}

    def _table(self, kingdom, events, seed: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Kingdom and Event ids, resolved as the CLI does (sim.engine.config.resolve_table);
        a listed set of Events may hold more than the 2 a random draw sets out."""
        def drawn(x) -> bool:
            return isinstance(x, str) and (x.strip().lower() == "auto" or is_random_kingdom(x))

        card_needs: list[int] = []
        event_needs: list[int] = []
        if drawn(kingdom) or drawn(events):
            from bots.requirements import needs as bot_needs

            seen = set()
            for b in self.bots:
                if b.name not in seen:
                    seen.add(b.name)
                    for c in bot_needs(b):
                        (event_needs if c in EVENTS else card_needs).append(c)
        max_events = MAX_EVENTS if drawn(events) else len(EVENTS)
        return resolve_table(kingdom, events, check_seed(seed, "kingdom_seed"), max_events,
                             card_needs, list(dict.fromkeys(event_needs)))

    def params(self) -> dict:
        """The arguments that rebuild this game (by name; for serialize())."""
        return dict(self._params)

    def new_initial_state(self, seed: int = 0, first: int = -1) -> State:
        """A new game from ``seed``; ``first`` seat moves first (-1: drawn from the seed,
        as a batch draws it), advanced to the first decision an agent seat is asked."""
        return State(self, seed, first)

    def _template(self, log_rows: int = 0) -> tuple[np.ndarray, np.ndarray]:
        """A new state with the agents' block set (and ``log_rows`` rows of log)."""
        S, R = new_state(self.T, self.config.turn_cap, log_rows)
        for d in self.decisions:
            S[L.AG_TAKES + d] = 1
        S[L.AG_CHECK_FRAMES] = int(self.debug_frames)
        return S, R

    def __repr__(self) -> str:
        return f"Game({self._params})"


class State:
    """One game in progress, stopped at the decision an agent seat is asked (see module)."""

    __slots__ = ("game", "seed", "first", "S", "R", "D", "mask", "status",
                 "history", "_out_score", "_out_turns", "_out_game", "_origin", "_shared")

    def __init__(self, game: Game, seed: int = 0, first: int = -1, *, _log: bool = False,
                 _copy_of: State | None = None):
        self.game = game
        # None: the game started from its seed.  Else where it started (_Origin).
        self._origin: _Origin | None = None
        self._shared = False
        if _copy_of is not None:
            return
        n = game.num_players
        # Checked here, not in compiled code: np.uint64(-1) is an OverflowError naming
        # nothing, and int(1.5) would silently play the game of seed 1.
        self.seed = check_seed(seed, "seed")
        self.first = check_seat(first, n, "first", drawn=True)
        self.S, self.R = game._template(LOG_ROWS if _log else 0)
        reset_game_on(self.S, self.R, game.T, 0, np.uint64(self.seed), n, game.seat_bots)
        self.S[L.V + L.V_CUR] = core.first_player(self.R, n, self.first)
        # The game as the current question was asked, what is read: S itself (stopped at
        # the question, sim.engine.resume).
        self.D = self.S
        self.mask = np.zeros(N_ACTIONS, np.int8)
        self.history: list[int] = []
        self._out_score = np.zeros((1, n), np.int32)
        self._out_turns = np.zeros((1, n), np.int32)
        self._out_game = np.zeros((1, N_GAME_COLS), np.int32)
        self._advance()

    @classmethod
    def from_position(cls, game: Game, S: np.ndarray, R: np.ndarray, player: int) -> State:
        """A state from an engine state ``S``/``R`` of ``game``'s table at the start of
        ``player``'s turn (a built situation: sim.engine.scenario.Scenario.agent_state),
        advanced to the first decision an agent seat is asked.  It plays on like any
        state; having no seed to replay, its :meth:`log` and :meth:`serialize` start at
        the position."""
        n = game.num_players
        if not 0 <= player < n:
            raise ValueError(f"player: a seat of the {n}-player game, not {player}")
        from sim.env.position_check import check_position

        S = np.asarray(S)
        if S.ndim != 1 or len(S) < L.STATE_SIZE or int(S[L.V + L.V_NP]) != n:
            raise ValueError("S: an engine state of this game's player count")
        base = _base_of(S, cur=player)
        R = np.ascontiguousarray(R, dtype=np.uint64)
        if R.shape != (L.N_STREAMS, L.RNG_WIDTH):
            raise ValueError(f"R: the engine's random streams, shape "
                             f"{(L.N_STREAMS, L.RNG_WIDTH)}, not {R.shape}")
        # Checked before compiled code reads it (sim.env.position_check): a position
        # is often built or edited by hand.
        check_position(base, R, game.T, n, stopped=False, where="from_position",
                       turn_cap=game.config.turn_cap)
        self = cls._at(game, _Origin(base, R.copy(), 0, "from_position"), seed=0,
                       first=player, before=[])
        self._advance()
        return self

    @classmethod
    def _at(cls, game: Game, origin: _Origin, *, seed: int, first: int, before: list[int],
            log: bool = False) -> State:
        """A state at ``origin``'s position (the start of a turn, or a game stopped at a
        question) with the answers ``before`` it as its history, not yet advanced;
        ``log``: with the log on (from the position)."""
        self = cls.__new__(cls)
        self.game, self.seed, self.first = game, int(seed), int(first)
        self._origin, self._shared = origin, False
        self.S, _ = game._template(LOG_ROWS if log else 0)
        block = self.S[L.AGENT:L.AGENT_END].copy()    # the game's agents' block
        cap = self.S[L.V + L.V_LOG_CAP]
        self.S[:L.STATE_SIZE] = origin.S[:L.STATE_SIZE]
        if not origin.stopped:      # a turn's start: no answers yet
            self.S[L.AGENT:L.AGENT_END] = block
        self.S[L.AG_CHECK_FRAMES] = int(game.debug_frames)      # this Game's, not the text's
        self.S[L.V + L.V_LOG_N] = self.S[L.V + L.V_LOG_TRUNC] = 0
        self.S[L.V + L.V_LOG_ON] = int(log)
        self.S[L.V + L.V_LOG_CAP] = cap
        self.S[L.V + L.V_SIZE] = len(self.S)
        self.R = origin.R.copy()
        self.D = self.S
        self.mask = np.zeros(N_ACTIONS, np.int8)
        self.history = list(before)
        n = game.num_players
        self._out_score = np.zeros((1, n), np.int32)
        self._out_turns = np.zeros((1, n), np.int32)
        self._out_game = np.zeros((1, N_GAME_COLS), np.int32)
        return self

    # ------------------------------------------------------------------ stepping
    def _advance(self) -> None:
        """Play on to the first question an agent seat is asked (a game stopped at one
        already, a position of :meth:`resample`, is there: its legal actions are read)."""
        g, S = self.game, self.S
        if S[L.ERR] == codes.ERR_AGENT_WAIT:
            core.legal_mask(S, g.T, S[L.AG_WAIT_P], S[L.AG_WAIT_D], S[L.AG_WAIT_ARG],
                            self.mask)
            self.status = core.WAITING
            return
        self._stepped(core.go_on(S, self.R, g.T, g.P, g.P, g.Q, g.H, self._out_score,
                                 self._out_turns, self._out_game, self.mask))

    def _stepped(self, status: int) -> None:
        """Take the status a step returned (an engine error is raised, naming the seat)."""
        self.status = status
        if status == core.FAILED:
            seat = int(self.S[L.ERR + 2])
            raise RuntimeError(illegal_answer_text(self.S, self.game.T, self.game.names[seat]))

    def apply_action(self, action: int | str) -> None:
        """Answer the decision asked with ``action`` and play on to the next decision an
        agent seat is asked (or the end).

        ``action``: an int (a numpy integer, or an int subclass such as an ``IntEnum``
        member: its value) of sim.env.actions, or the words of a legal
        action as :meth:`action_to_string` gives them after the colon, any case: a card's
        name ("Gold"), "end", "nothing", "yes", "no", "option 1".  Anything else (a float,
        a bool, a number as a string, None, words that name no legal action) and an illegal
        action raise IllegalActionError, one line naming the legal actions."""
        if self.status != core.WAITING:
            raise IllegalActionError("the game is over: no action can be applied")
        a = action if type(action) is int else self._action_of(action)
        if not 0 <= a < N_ACTIONS:
            self._refuse(a)
        if self._shared:
            self._unshare()
        g = self.game
        status = core.answer(self.S, self.R, g.T, g.P, g.Q, g.H,
                             self._out_score, self._out_turns, self._out_game, self.mask, a)
        if status < 0:      # nothing was changed
            if status == core.TOO_MANY_ANSWERS:
                raise RuntimeError(f"more than {L.AG_MAX} agent decisions in one turn")
            self._refuse(a)
        self.history.append(a)
        self._stepped(status)

    def _refuse(self, a: int) -> None:
        raise IllegalActionError(
            f"illegal action {a} ({self._action_words(a)}) for {self.decision_name()}; "
            f"legal: {self._legal_words()}")

    def _action_of(self, action: object) -> int:
        """The int action ``action`` stands for (see :meth:`apply_action`): a numpy
        integer, or a legal action's words; else IllegalActionError.  Bools are refused:
        True would be action 1 (Silver), never what was meant."""
        if isinstance(action, np.integer) or (isinstance(action, np.ndarray) and
                                              action.ndim == 0 and action.dtype.kind in "iu"):
            return int(action)
        if isinstance(action, int) and not isinstance(action, bool):
            return int(action)      # an int subclass (an IntEnum member): its value
        legal = self.legal_actions()
        if isinstance(action, str):
            words = {self._action_words(b).lower(): b for b in legal}
            for b in legal:     # "option 1" for "option 1 (trash a card)"
                words.setdefault(self._action_words(b).split(" (")[0].lower(), b)
            key = " ".join(action.split()).lower()
            if key in words:
                return words[key]
            what = "a number as a string" if key.lstrip("+-").isdigit() else \
                "no legal action"
            raise IllegalActionError(
                f"action {action!r} is {what} for {self.decision_name()}; give an int or "
                f"a legal action's words: {self._legal_words()}")
        raise IllegalActionError(
            f"action {action!r} ({type(action).__name__}) is not an action: give an int "
            f"(or a legal action's words) for {self.decision_name()}; legal: "
            f"{self._legal_words()}")

    def _legal_words(self) -> str:
        """The legal actions as an error names them: "0 (Copper), 27 (end)"."""
        return ", ".join(f"{b} ({self._action_words(b)})" for b in self.legal_actions())

    def clone(self) -> State:
        """An independent copy (the game's tables shared).  Copy-on-write: the two share
        their arrays until one of them changes (apply_action, resample), which then
        copies what it changes, so a clone costs an object, and a search that clones
        and steps pays one state copy a step, as before."""
        c = State.__new__(State)
        (c.game, c.seed, c.first, c.S, c.R, c.D, c.mask, c.status, c.history, c._out_score,
         c._out_turns, c._out_game, c._origin) = (
            self.game, self.seed, self.first, self.S, self.R, self.D, self.mask, self.status,
            self.history, self._out_score, self._out_turns, self._out_game, self._origin)
        c._shared = self._shared = True
        return c

    def _unshare(self) -> None:
        """Own every array (see :meth:`clone`)."""
        self.history = self.history.copy()
        self.S = self.S.copy()
        self.D = self.S
        self.R, self.mask = self.R.copy(), self.mask.copy()
        self._out_score, self._out_turns = self._out_score.copy(), self._out_turns.copy()
        self._out_game = self._out_game.copy()
        self._shared = False

    # ------------------------------------------------------------------ reading
    def _now(self) -> np.ndarray:
        """The game now: as the current question was asked, or as it ended."""
        return self.D if self.status == core.WAITING else self.S

    def current_player(self) -> int:
        """The seat asked now; TERMINAL (-4) once the game is over."""
        return TERMINAL if self.status != core.WAITING else int(self.D[L.AG_WAIT_P])

    def decision(self) -> tuple[int, int]:
        """The question asked now: (sim.engine.codes D_* code, its arg); (-1, 0) at the end."""
        if self.status != core.WAITING:
            return -1, 0
        return int(self.D[L.AG_WAIT_D]), int(self.D[L.AG_WAIT_ARG])

    def decision_name(self) -> str:
        d, arg = self.decision()
        if d < 0:
            return "no decision (the game is over)"
        return f"{codes.DECISION_NAMES[d]} (arg {arg})"

    def legal_actions(self) -> list[int]:
        """The actions that answer the current decision, ascending (empty at the end)."""
        return self.mask.nonzero()[0].tolist() if self.status == core.WAITING else []

    def legal_actions_mask(self) -> np.ndarray:
        """int8[N_ACTIONS]: 1 for each legal action."""
        return self.mask.copy() if self.status == core.WAITING else np.zeros(N_ACTIONS, np.int8)

    def _action_words(self, action: int) -> str:
        d = self.decision()[0]
        return action_name(action, d)

    def action_to_string(self, action: int) -> str:
        """The action as words for the current decision, e.g. "buy: Gold".  ``action``: an
        int (or numpy integer; any, legal or not); else a one-line ValueError, not 1.5
        named as action 1."""
        if not is_whole(action):
            raise ValueError(f"action: an int of sim.env.actions (0..{N_ACTIONS - 1}), not "
                             f"{show(action)}")
        d = self.decision()[0]
        what = codes.DECISION_NAMES[d] if d >= 0 else "no decision"
        return f"{what}: {action_name(int(action), d)}"

    def bot_action(self) -> int:
        """The action the asked seat's own bot (the game's ``bots``) would take now: a
        reference policy, a playout policy, a teacher for imitation."""
        if self.status != core.WAITING:
            raise IllegalActionError("the game is over: no decision to answer")
        g = self.game
        d, arg = self.decision()
        D = self.D.copy()
        r = int(core.bot_answer(D, self.R.copy(), g.T, g.P, g.Q, g.H, self.current_player(),
                                d, arg))
        return action_of_answer(r, d)

    def is_terminal(self) -> bool:
        return self.status != core.WAITING

    def is_truncated(self) -> bool:
        """The game was stopped at the turn cap (no winner)."""
        return self.is_terminal() and int(self._out_game[0, G_END]) == codes.END_TURN_CAP

    def winners(self) -> list[int]:
        """The seats that won (several: a shared win); empty before the end or at the cap."""
        if not self.is_terminal():
            return []
        mask = int(self._out_game[0, G_WINNERS])
        return [s for s in range(self.game.num_players) if mask >> s & 1]

    def returns(self) -> list[float]:
        """Each seat's outcome, domsim's rules: 1 for a sole win, 1/k for each of k seats
        sharing one (after the fewer-turns tie-break), 0 otherwise and at the turn cap;
        all 0 before the end."""
        won = self.winners()
        return [1.0 / len(won) if s in won else 0.0 for s in range(self.game.num_players)]

    def scores(self) -> list[int]:
        """Victory points per seat now (the final scores once terminal)."""
        if self.is_terminal():
            return [int(x) for x in self._out_score[0]]
        out = np.zeros(self.game.num_players, np.int32)
        core.scores(self._now(), self.game.T, out)
        return [int(x) for x in out]

    def observation(self, player: int) -> np.ndarray:
        """float32[OBS_SIZE]: what ``player`` may know now (sim.env.observation names
        each entry).  Never another player's hand or the order of a draw pile."""
        out = np.zeros(core.OBS_SIZE, np.float32)
        core.observe(self._now(), self.game.T, self._seat_arg(player),
                     self.status == core.WAITING, out)
        return out

    def observe_into(self, player: int, out: np.ndarray) -> None:
        """:meth:`observation` written into ``out`` (no allocation): ``out`` a writable,
        contiguous float32 array of OBS_SIZE entries; ``player`` an int seat (a numpy
        integer too), else a one-line ValueError rather than a numba typing error (or,
        for a short ``out``, memory written past its end)."""
        player = self._seat_arg(player)
        # The usual array passes on the cheap tests (a few hundred ns on a call of ~1 us).
        if not (type(out) is np.ndarray and out.dtype is _F32 and out.shape == _OBS_SHAPE
                and out.flags.carray):
            _check_obs_out(out)
        core.observe(self._now(), self.game.T, player, self.status == core.WAITING, out)

    def _seat_arg(self, player: object) -> int:
        """``player`` as an int seat (sim.env.arguments.check_seat), a plain int at once."""
        if type(player) is int and 0 <= player < self.game.num_players:
            return player
        return check_seat(player, self.game.num_players, "player")

    # ------------------------------------------------------------------ hidden information
    def resample(self, player: int, rng: np.random.Generator, tries: int = 64) -> State:
        """A copy in which what ``player`` cannot see is dealt again at random, by the one
        re-deal the search bot uses too (sim.env.redeal, whose module says exactly what
        is kept and why): each other player's hand pooled with its draw pile and dealt
        back to the same sizes, the unknown bottom of ``player``'s own pile, and every
        random stream (future shuffles).  What ``player`` knows stays: its own cards, every
        zone's size, owned cards, mats, set-asides, the discard piles (kept exactly: a
        known limit, see sim.env.redeal), the cards seen this turn and where the turn
        stands.

        The deal is made in the game as it stands at the question (nothing is played
        again) and kept only if the question keeps its legal actions and ``player`` its
        observation (the seat asked, when it is not ``player``, has its legal actions from
        its dealt hand).  After ``tries`` failed deals the copy is a plain :meth:`clone`
        (the true state).  The copy is a state like any other: it plays to the end, and
        its :meth:`serialize` and :meth:`log` start at the dealt position (the question),
        its history kept.

        ``rng``: a numpy Generator (``np.random.default_rng(seed)``), the caller's stream
        of deals; nothing else is taken (not None, not a seed: an int there is more
        likely a misplaced argument than a wish for a fresh stream)."""
        player = check_seat(player, self.game.num_players, "player")
        check_generator(rng, "rng")
        tries = check_count(tries, "tries", 1, "deal")
        if self.status != core.WAITING:
            return self.clone()
        g = self.game
        c = self.clone()
        S, R, mask = np.empty_like(self.S), np.empty_like(self.R), np.empty_like(self.mask)
        made = redeal.resample_into(S, R, mask, self.S, self.R, g.T, player,
                                    int(rng.integers(1 << 63)), tries, self.mask)
        if made <= 0:
            return c
        # The dealt game is the copy's and its origin's: the copy (still marked shared,
        # as a clone is) copies it before its next step changes anything.
        c.S = c.D = S
        c.R, c.mask = R, mask
        c._origin = _Origin(S, R, len(c.history), "resample", True)
        return c

    # ------------------------------------------------------------------ records
    def log(self, viewer: int | None = None) -> str:
        """The game so far as `domsim play` prints it (a state with its log on reads it;
        any other is replayed with the log on and the same answers: from the seed, or,
        for a state that started from a position (:meth:`resample`,
        :meth:`from_position`), from that position's turn, under a first line that says
        so).  ``viewer``: None, a spectator's full account; a seat, what that player saw
        (sim.engine.gamelog.seen_by: other players' draws, hands and private cards are
        counted, not named; the human seat shows this)."""
        o = self._origin
        if o is None and self.S[L.V + L.V_LOG_ON]:
            # Its own log is on (a logged batch's state, the human seat): read, not replayed.
            logged, since, header, journey_up = self, (), "", ()
        elif o is None:
            logged = State(self.game, self.seed, self.first, _log=True)
            since = self.history
            header, journey_up = "", ()
        else:
            logged = State._at(self.game, o, seed=self.seed, first=self.first, before=[],
                               log=True)
            logged._advance()
            since = self.history[o.before:]
            cur = int(o.S[L.V + L.V_CUR])
            name = f"P{cur} {self.game.names[cur]}'s turn"
            header = (f"From a position (State.{o.how}) at a question in {name}: what came "
                      f"before it is not logged" if o.stopped else
                      f"From a position (State.{o.how}) at the start of {name}: the turns "
                      f"before it are not logged")
            journey_up = [not o.S[L.JOURNEY_DOWN + q] for q in range(self.game.num_players)]
        for a in since:
            logged.apply_action(a)
        S = logged.S
        n = int(logged._now()[L.V + L.V_LOG_N])   # the rows up to the question
        rows = S[L.LOG:L.LOG + n * L.LOG_WIDTH].reshape(n, L.LOG_WIDTH)
        winners = int(logged._out_game[0, G_WINNERS]) if logged.is_terminal() else None
        text = format_log(rows, self.game.names, header=header, winners_mask=winners,
                          truncated=bool(S[L.V + L.V_LOG_TRUNC]), journey_up=journey_up,
                          viewer=viewer)
        if o is not None:   # no setup was played: drop format_log's setup line
            first, _, rest = text.partition("\n")
            text = first + "\n" + rest.partition("\n")[2] if rest.startswith("Setup") \
                else text
        return text

    def serialize(self) -> str:
        """The game as JSON text.  Version 1, a game from its seed: the game's parameters,
        the seed and the answers.  Version 2, a game from a position at the start of a
        turn (:meth:`from_position`): the game's parameters, the position (the engine's
        state and random streams, zlib-compressed, base64), the answers given before it
        (``before``, history only) and since (``actions``).  Version 3, a game from a
        position stopped at a question (:meth:`resample`): as version 2, the position
        holding where the turn stands (its answers so far, sim.engine.resume's frames).
        Each records the domsim version that wrote it (``domsim``, since 0.11.0): a text
        the rules of a later version read otherwise is refused naming it; and the card
        and decision tables it was made with (``card_table``, sim.engine.fingerprint;
        texts of domsim 0.10 and older have none): its answers are action numbers and
        its position card ids and decision codes, so a domsim whose tables differ in
        any way refuses it naming the difference (:meth:`deserialize`)."""
        o = self._origin
        if o is None:
            return json.dumps({"domsim_state": 1, "domsim": __version__,
                               "game": self.game.params(), "seed": self.seed,
                               "first": self.first, "actions": self.history,
                               fingerprint.KEY: _table_hash()})
        position = _stopped_position(o.S) if o.stopped else o.S
        raw = position.astype("<i4").tobytes() + o.R.astype("<u8").tobytes()
        return json.dumps({"domsim_state": 3 if o.stopped else 2, "domsim": __version__,
                           "game": self.game.params(),
                           "seed": self.seed, "first": self.first, "from": o.how,
                           "position": base64.b64encode(zlib.compress(raw)).decode("ascii"),
                           "sizes": [len(position), o.R.size],
                           "before": self.history[:o.before],
                           "actions": self.history[o.before:],
                           fingerprint.KEY: _table_hash()})

    @staticmethod
    def deserialize(text: str, game: Game | None = None) -> State:
        """The state :meth:`serialize` wrote, any version (played again from its seed or
        position; ``game``: reuse a built Game of the same parameters instead of building
        one).

        Saved games are passed between people, so nothing in a text is trusted: its JSON,
        every field's type, the game's parameters and, for versions 2 and 3, every entry
        of the position (sim.env.position_check, before any compiled code reads it) are
        checked, and the answers replayed as legal answers.  Anything wrong is a
        ValueError of one line naming the field (an answer that is not legal: its
        subclass IllegalActionError).  A text made with other card or decision tables
        (its ``card_table``; a text without one, of domsim 0.11 or older, is read as
        made with the table of 0.10-0.12) is read in this domsim's action numbers where
        this domsim only adds cards and decisions to it, and refused naming the first
        difference otherwise: its card ids and action numbers would mean other cards."""
        data = _text_fields(text)
        added = _check_table(data)
        if added:
            data["actions"] = _renumbered(data["actions"], added)
            if "before" in data:
                data["before"] = _renumbered(data["before"], added)
        version = data["domsim_state"]
        if game is None:
            try:
                game = Game(**data["game"])
            except (TypeError, ValueError, KeyError, AttributeError, OverflowError) as e:
                raise ValueError(f"deserialize: 'game': {_one_line(e)}") from None
        elif game.params() != data["game"]:
            raise ValueError("deserialize: the game given has other parameters than the text's")
        n = game.num_players
        if not -1 <= data["first"] < n:
            raise ValueError(f"deserialize: 'first' is {data['first']}; a seat of the "
                             f"{n}-player game or -1")
        try:
            if version == 1:
                state = game.new_initial_state(data["seed"], data["first"])
            else:
                state = State._at(game, _origin_of(data, version == 3, game),
                                  seed=data["seed"], first=data["first"],
                                  before=data["before"])
                state._advance()
            for i, a in enumerate(data["actions"]):
                try:
                    state.apply_action(a)
                except IllegalActionError as e:
                    raise IllegalActionError(
                        f"deserialize: answer {i} of 'actions' ({a}): {_one_line(e)}"
                        + _written_by(data, version)) from None
        except RuntimeError as e:   # an engine error, or a turn of too many answers
            raise ValueError(f"deserialize: the game stops with an error: {_one_line(e)}"
                             ) from None
        if not state.is_terminal() and not state.mask.any():
            raise ValueError(f"deserialize: the question the text stops at "
                             f"({state.decision_name()}) has no legal answer")
        return state

    def __repr__(self) -> str:
        if self.is_terminal():
            return f"<State seed={self.seed} over: returns {self.returns()}>"
        return (f"<State seed={self.seed} seat {self.current_player()} to "
                f"{self.decision_name()}, {len(self.legal_actions())} legal actions>")



class _Origin(NamedTuple):
    """Where a state that did not start from its seed started: the engine's state and
    streams at the start of a turn (no log, no answers: :func:`_base_of`) or stopped at a
    question (``stopped``: the dealt game of :meth:`State.resample`, shared with the copy
    until it steps: never written; :func:`_stopped_position` is its position), how many of
    the state's answers (history) came before it, and what made it."""

    S: np.ndarray
    R: np.ndarray
    before: int
    how: str
    stopped: bool = False


def _base_of(S0: np.ndarray, cur: int | None = None) -> np.ndarray:
    """The position of a turn-start snapshot: its first L.STATE_SIZE entries with no
    answers, no log and no error, read-only (what serialize writes; State._at sets the
    rest); ``cur``: the seat whose turn it is, if not the snapshot's."""
    base = np.array(S0[:L.STATE_SIZE], np.int32)
    if cur is not None:
        base[L.V + L.V_CUR] = cur
    base[L.ERR:L.ERR + L.N_ERR] = 0
    base[L.AGENT:L.AGENT_END] = 0
    for k in (L.V_LOG_ON, L.V_LOG_N, L.V_LOG_TRUNC, L.V_LOG_CAP):
        base[L.V + k] = 0
    base[L.V + L.V_SIZE] = L.STATE_SIZE
    base.flags.writeable = False
    return base


def _stopped_position(S: np.ndarray) -> np.ndarray:
    """The position of a game stopped at a question: its first L.STATE_SIZE entries (the
    agents' block too: the turn's answers, its frames) with no log, read-only."""
    position = np.array(S[:L.STATE_SIZE], np.int32)
    position[L.AG_CHECK_FRAMES] = 0     # how this Game is debugged, not the game's
    for k in (L.V_LOG_ON, L.V_LOG_N, L.V_LOG_TRUNC, L.V_LOG_CAP):
        position[L.V + k] = 0
    position[L.V + L.V_SIZE] = L.STATE_SIZE
    position.flags.writeable = False
    return position


def _origin_of(data: dict, stopped: bool = False, game: Game | None = None) -> _Origin:
    """The position of a version-2 or version-3 (``stopped``) serialized state
    (State.serialize), its fields already typed (:func:`_text_fields`); with ``game``,
    checked against it entry by entry (sim.env.position_check): the header's player
    count, kingdom, turn cap and decisions, and the version (a turn's start or a
    question) must be the position's."""
    from sim.env.position_check import check_position

    n_s, n_r = data["sizes"]
    older = n_s in layouts.older_sizes()    # carried into today's layout once decoded
    if (n_s, n_r) != (L.STATE_SIZE, L.N_STREAMS * L.RNG_WIDTH) and not (
            older and n_r == L.N_STREAMS * L.RNG_WIDTH):
        raise ValueError(f"deserialize: the position was written by another engine layout "
                         f"({n_s} state entries, {n_r} stream words; this engine has "
                         f"{L.STATE_SIZE}, {L.N_STREAMS * L.RNG_WIDTH})")
    try:
        packed = base64.b64decode(data["position"], validate=True)
    except (ValueError, TypeError) as e:      # binascii.Error is a ValueError
        raise ValueError(f"deserialize: 'position' is not base64 ({_one_line(e)})") from None
    try:
        # At most the size expected (+1, to tell a longer one): a small text cannot
        # inflate to gigabytes.
        inflate = zlib.decompressobj()
        raw = inflate.decompress(packed, 4 * n_s + 8 * n_r + 1)
    except zlib.error as e:
        raise ValueError(f"deserialize: 'position' is damaged (zlib: {_one_line(e)})") from None
    if len(raw) != 4 * n_s + 8 * n_r or not inflate.eof or inflate.unused_data:
        raise ValueError(f"deserialize: the position is damaged (wrong length: "
                         f"{len(raw)}{'+' if not inflate.eof else ''} bytes, not "
                         f"{4 * n_s + 8 * n_r})")
    S0 = np.frombuffer(raw[:4 * n_s], "<i4").astype(np.int32)
    if older and n_s != L.STATE_SIZE:
        S0 = layouts.carry(S0)
    R0 = np.frombuffer(raw[4 * n_s:], "<u8").astype(np.uint64).reshape(L.N_STREAMS,
                                                                       L.RNG_WIDTH)
    if game is not None:
        _check_version(S0, stopped, data["domsim_state"])
        takes = np.zeros(L.AG_POS - L.AG_TAKES, np.int32)
        takes[list(game.decisions)] = 1
        check_position(S0, R0, game.T, game.num_players, stopped=stopped,
                       where="deserialize", turn_cap=game.config.turn_cap, takes=takes,
                       agents=game.agents)
    S0.flags.writeable = False
    return _Origin(S0, R0, len(data["before"]), str(data.get("from", "position")), stopped)


def _written_by(data: dict, version: int) -> str:
    """What a refused answer adds about the text's writer: a version-1 text is the seed
    and the answers, replayed by the rules of the version that reads it, so one written
    by another version may no longer fit (0.7.0 began asking an agent seat 'reveal
    Moat?' / 'play Caravan Guard?' whenever it owns one, not only when it holds one)."""
    writer = data.get("domsim")
    if writer is None:
        if version != 1:
            return ""
        return (" (the text records no domsim version: it was written before 0.11.0; one "
                "saved before 0.7.0 cannot load, as 0.7.0 asks an agent seat 'reveal "
                "Moat?' / 'play Caravan Guard?' whenever it owns one, not only when it "
                "holds one, so its answers no longer match the questions)")
    if writer == __version__:
        return ""
    return (f" (the text was written by domsim {writer}; this is {__version__}, whose "
            f"rules ask other questions there)")


def _table_hash() -> str:
    """What a saved state records of the card and decision tables: their hash (16 hex
    digits, sim.engine.fingerprint), not the whole record a policy or a results file
    keeps: saved states are many (datasets, puzzles) and small."""
    return fingerprint.record()["hash"]


def _check_table(data: dict) -> int:
    """The cards this domsim's table adds to the one a text was made with (0: the same
    table), or a refusal (ValueError, one line).  A state holds action numbers (an added
    card moves none/no/yes and the options) and card ids, so a text of a table this
    domsim only appends cards and decisions to (the same codes) is read with its
    non-card actions moved (:func:`_renumbered`); any other difference is refused
    (sim.engine.fingerprint.TableCheck.strict_change).  The record is a hash
    (:func:`_table_hash`); one of a table this domsim knows (its own, or that of
    0.10-0.12, sim.engine.fingerprint.legacy) is compared, any other refused naming the
    two hashes.  A whole record (a policy's) is read too.  A text without one (domsim
    0.10 and older) is taken as made with the table of 0.10-0.12."""
    rec = data.get(fingerprint.KEY)
    if isinstance(rec, str):
        if rec == _table_hash():
            return 0
        if rec != fingerprint.legacy()["hash"]:
            raise ValueError(f"deserialize: the text was made with card table {rec[:16]!r}; "
                             f"this domsim's is {_table_hash()!r} (another domsim version: "
                             f"its card ids and answers would not mean the same here)")
        rec = None                  # the table of 0.10-0.12: named by what changed
    try:
        check = fingerprint.compare(rec)
    except fingerprint.TableRecordError as e:
        raise ValueError(f"deserialize: {_one_line(e)}") from None
    change = check.change or check.moved
    if change is not None:
        raise ValueError(f"deserialize: the text was made with a {change}: its card ids and "
                         f"answers would not mean the same here")
    return len(check.added_cards)


def _renumbered(actions: list[int], added: int) -> list[int]:
    """A text's actions in this domsim's numbers, its table ``added`` cards short: a
    card's action is its id (unchanged: cards are appended); none, no, yes and the
    options come after the cards, so ``added`` later."""
    first_after = N_CARDS - added
    return [a + added if a >= first_after else a for a in actions]


def _one_line(e: BaseException) -> str:
    """An exception's message on one line."""
    return " ".join(str(e).split()) or type(e).__name__


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _text_fields(text: object) -> dict:
    """The fields of a serialized state, each of the type serialize writes, else a
    one-line ValueError naming the field: JSON, ``domsim_state`` 1, 2 or 3, ``game`` an
    object, ``seed`` a whole number 0 .. 2**64 - 1, ``first`` an int, ``actions`` (and
    ``before``) lists of ints; versions 2 and 3: ``position`` a string, ``sizes`` two
    ints, ``from`` a string."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ValueError(f"deserialize: the text is not UTF-8 ({_one_line(e)})") from None
    if not isinstance(text, str):
        raise ValueError(f"deserialize: a serialized state is text, not "
                         f"{type(text).__name__}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:     # json.JSONDecodeError is a ValueError
        raise ValueError(f"deserialize: not JSON ({_one_line(e)})") from None
    version = data.get("domsim_state") if isinstance(data, dict) else None
    if not _is_int(version) or version not in (1, 2, 3):
        raise ValueError("not a serialized domsim state (no 'domsim_state': 1, 2 or 3)")
    keys = ["game", "seed", "first", "actions"] + (
        ["position", "sizes", "before"] if version > 1 else [])
    missing = [k for k in keys if k not in data]
    if missing:
        raise ValueError(f"deserialize: a version-{version} text has no {missing[0]!r}")
    if not isinstance(data["game"], dict) or not all(isinstance(k, str) for k in data["game"]):
        raise ValueError(f"deserialize: 'game' is {_short(data['game'])}; an object of the "
                         f"game's parameters")
    if not _is_int(data["seed"]) or not 0 <= data["seed"] < 1 << 64:
        raise ValueError(f"deserialize: 'seed' is {_short(data['seed'])}; a whole number "
                         f"0 .. 2**64 - 1")
    if not _is_int(data["first"]):
        raise ValueError(f"deserialize: 'first' is {_short(data['first'])}; a seat or -1")
    if not isinstance(data.get("domsim", ""), str):
        raise ValueError(f"deserialize: 'domsim' is {_short(data['domsim'])}; the version "
                         f"that wrote the text, a string")
    for key in ("actions", "before") if version > 1 else ("actions",):
        xs = data[key]
        if not isinstance(xs, list) or not all(_is_int(a) for a in xs):
            bad = (next((a for a in xs if not _is_int(a)), None) if isinstance(xs, list)
                   else xs)
            raise ValueError(f"deserialize: {key!r} holds {_short(bad)}; a list of int "
                             f"actions")
        if not all(0 <= a < N_ACTIONS for a in xs):
            bad = next(a for a in xs if not 0 <= a < N_ACTIONS)
            raise ValueError(f"deserialize: {key!r} holds action {_short(bad)}; actions are "
                             f"0..{N_ACTIONS - 1}")
    if version > 1:
        if not isinstance(data["position"], str):
            raise ValueError(f"deserialize: 'position' is {_short(data['position'])}; "
                             f"base64 text")
        sizes = data["sizes"]
        if not (isinstance(sizes, list) and len(sizes) == 2 and all(map(_is_int, sizes))):
            raise ValueError(f"deserialize: 'sizes' is {_short(sizes)}; two ints")
        if not isinstance(data.get("from", ""), str):
            raise ValueError(f"deserialize: 'from' is {_short(data['from'])}; a string")
    return data


def _short(x: object) -> str:
    """A field's value as an error names it: its repr, cut short."""
    r = " ".join(repr(x).split())
    return r if len(r) <= 60 else r[:57] + "..."


def _check_version(S0: np.ndarray, stopped: bool, version: int) -> None:
    """The text's version says where its position stands: version 2 a turn's start (no
    question, no frames: State._at installs the game's agents' block), version 3 a
    game stopped at a question.  A text relabelled would load as another game."""
    waiting = int(S0[L.ERR]) == codes.ERR_AGENT_WAIT
    if stopped and not waiting:
        raise ValueError(f"deserialize: a version-{version} text's position is stopped at "
                         f"a question, and this one is not (its error code is "
                         f"{int(S0[L.ERR])}): a version-2 text relabelled?")
    if not stopped and (int(S0[L.ERR]) != 0 or S0[L.AGENT:L.AGENT_END].any()):
        raise ValueError(f"deserialize: a version-{version} text's position is a turn's "
                         f"start, and this one holds a question's answers or frames "
                         f"(a version-3 text relabelled?)")
