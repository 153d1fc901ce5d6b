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
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

import numpy as np

from sim.cards import EVENTS
from sim.engine import codes
from sim.engine import layout as L
from sim.engine.batch import cards_in_game, illegal_answer_text, install_hooks
from sim.engine.callbacks import set_game
from sim.engine.cardcalls import call_addresses, engine_calls, flat_addresses
from sim.engine.config import MAX_EVENTS, GameConfig, is_random_kingdom, resolve_table
from sim.engine.game import G_END, G_WINNERS, N_GAME_COLS, reset_game_on
from sim.engine.gamelog import format_log
from sim.engine.program import F_KIND, K_AGENT, K_PYTHON
from sim.engine.state import make_table, new_state, pack_programs
from sim.env import core
from sim.env.actions import N_ACTIONS, action_name, action_of_answer, decision_codes

TERMINAL = -4       # current_player() of a finished game (OpenSpiel's value)
N_CARDS_ = L.N_SLOTS  # the width of a count zone
LOG_ROWS = 1 << 15


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
    """

    def __init__(self, kingdom: str | Iterable[str | int] | None = None,
                 events: str | Iterable[str | int] | None = (), players: int = 2,
                 bots: str | object | Sequence[str | object] = "bmu",
                 agents: Iterable[int] | None = None, decisions: str | Iterable = "all",
                 turn_cap: int = 100, kingdom_seed: int = 0):
        from bots import resolve_bot

        n = GameConfig(n_players=players).n_players      # the player count, checked
        if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
            bots = [bots] * n
        if len(bots) != n:
            raise ValueError(f"bots: one per seat ({n}), or one for all; got {len(bots)}")
        self.bots = [resolve_bot(b) for b in bots]
        kingdom_ids, event_ids = self._table(kingdom, events, kingdom_seed)
        self.config = GameConfig(n_players=n, kingdom=kingdom_ids, turn_cap=turn_cap,
                                 events=event_ids, max_events=max(2, len(event_ids)))
        self.agents = tuple(sorted(set(range(n) if agents is None else agents)))
        bad = [s for s in self.agents if not 0 <= s < n]
        if bad:
            raise ValueError(f"agents: seats {bad} are not seats of a {n}-player game")
        self.decisions = decision_codes(decisions)
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
                                                            adventures), adventures),
                                adventures)
        self.seat_bots = np.arange(n, dtype=np.int32).reshape(1, n)
        self.num_players = n
        self.names = [b.name for b in self.bots]
        self._params = {"kingdom": self.config.kingdom_names,
                        "events": self.config.event_names, "players": n,
                        "bots": self.names, "agents": list(self.agents),
                        "decisions": sorted(self.decisions), "turn_cap": turn_cap}

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
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
            raise ValueError(f"kingdom_seed: a whole number 0 or more, not {seed!r}")
        return resolve_table(kingdom, events, int(seed), max_events, card_needs,
                             list(dict.fromkeys(event_needs)))

    def params(self) -> dict:
        """The arguments that rebuild this game (by name; for serialize())."""
        return dict(self._params)

    def new_initial_state(self, seed: int = 0, first: int = -1) -> State:
        """A new game from ``seed``; ``first`` seat moves first (-1: drawn from the seed,
        as a batch draws it), advanced to the first decision an agent seat is asked."""
        return State(self, seed, first)

    def _template(self, log_rows: int = 0) -> tuple[np.ndarray, np.ndarray]:
        """A new state with the agents' block set, and room after it (and the log) for
        the shadow: the game as the question was asked (sim.engine.layout AG_SHADOW)."""
        S, R = new_state(self.T, self.config.turn_cap, log_rows)
        for d in self.decisions:
            S[L.AG_TAKES + d] = 1
        out = np.zeros(len(S) + L.LOG, np.int32)
        out[:len(S)] = S
        out[L.V + L.V_SIZE] = len(out)
        out[L.AG_SHADOW] = len(S)
        return out, R

    def __repr__(self) -> str:
        return f"Game({self._params})"


class State:
    """One game in progress, stopped at the decision an agent seat is asked (see module)."""

    __slots__ = ("game", "seed", "first", "S", "R", "S0", "R0", "D", "mask", "status",
                 "history", "_out_score", "_out_turns", "_out_game", "_position", "_shared")

    def __init__(self, game: Game, seed: int = 0, first: int = -1, *, _log: bool = False,
                 _copy_of: State | None = None):
        self.game = game
        self._position = False
        self._shared = False
        if _copy_of is not None:
            return
        self.seed, self.first = int(seed), int(first)
        n = game.num_players
        if not -1 <= self.first < n:
            raise ValueError(f"first: a seat of the {n}-player game or -1, not {first}")
        self.S, self.R0 = game._template(LOG_ROWS if _log else 0)
        reset_game_on(self.S, self.R0, game.T, 0, np.uint64(self.seed), n, game.seat_bots)
        self.S[L.V + L.V_CUR] = core.first_player(self.R0, n, self.first)
        self.S0, self.R = self.S[:int(self.S[L.AG_SHADOW])].copy(), self.R0.copy()
        # The game as the current question was asked (the shadow): what is read.
        self.D = self.S[int(self.S[L.AG_SHADOW]):]
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
        state; having no seed to replay, it has no :meth:`log` or :meth:`serialize`."""
        n = game.num_players
        if not 0 <= player < n:
            raise ValueError(f"player: a seat of the {n}-player game, not {player}")
        self = cls.__new__(cls)
        self.game, self.seed, self.first, self._position = game, 0, player, True
        self._shared = False
        self.S, _ = game._template()
        m = int(self.S[L.AG_SHADOW])
        if len(S) < L.STATE_SIZE or int(S[L.V + L.V_NP]) != n:
            raise ValueError("S: an engine state of this game's player count")
        keep = self.S[L.AGENT:m].copy()          # the agents' block of the game's template
        self.S[:L.STATE_SIZE] = S[:L.STATE_SIZE]
        self.S[L.AGENT:m] = keep
        self.S[L.V + L.V_LOG_ON] = 0
        self.S[L.V + L.V_SIZE] = len(self.S)
        self.S[L.V + L.V_CUR] = player
        self.S[L.ERR:L.ERR + L.N_ERR] = 0
        self.R0 = np.ascontiguousarray(R, dtype=np.uint64).copy()
        self.S0, self.R = self.S[:m].copy(), self.R0.copy()
        self.D = self.S[m:]
        self.mask = np.zeros(N_ACTIONS, np.int8)
        self.history = []
        self._out_score = np.zeros((1, n), np.int32)
        self._out_turns = np.zeros((1, n), np.int32)
        self._out_game = np.zeros((1, N_GAME_COLS), np.int32)
        self._advance()
        return self

    def _replayable(self, what: str) -> None:
        if self._position:
            raise ValueError(f"{what}: this state was built from a position "
                             "(State.from_position), not a seed, so it cannot be replayed")

    # ------------------------------------------------------------------ stepping
    def _advance(self) -> None:
        g = self.game
        self.status = int(core.advance(self.S, self.R, self.S0, self.R0, g.T, g.P, g.Q, g.H,
                                       self._out_score, self._out_turns, self._out_game,
                                       self.mask))
        if self.status == core.FAILED:
            seat = int(self.S[L.ERR + 2])
            raise RuntimeError(illegal_answer_text(self.S, g.T, g.names[seat]))

    def apply_action(self, action: int | str) -> None:
        """Answer the decision asked with ``action`` and play on to the next decision an
        agent seat is asked (or the end).

        ``action``: an int (or numpy integer) of sim.env.actions, or the words of a legal
        action as :meth:`action_to_string` gives them after the colon, any case: a card's
        name ("Gold"), "end", "nothing", "yes", "no", "option 1".  Anything else (a float,
        a bool, a number as a string, None, words that name no legal action) and an illegal
        action raise IllegalActionError, one line naming the legal actions."""
        if self.status != core.WAITING:
            raise IllegalActionError("the game is over: no action can be applied")
        a = action if type(action) is int else self._action_of(action)
        if not (0 <= a < N_ACTIONS and self.mask[a]):
            raise IllegalActionError(
                f"illegal action {a} ({self._action_words(a)}) for {self.decision_name()}; "
                f"legal: " + ", ".join(f"{b} ({self._action_words(b)})"
                                       for b in self.legal_actions()))
        n = int(self.S0[L.AG_LEN])
        if n >= L.AG_MAX:
            raise RuntimeError(f"more than {L.AG_MAX} agent decisions in one turn")
        if self._shared:
            self._unshare()
        self.S0[L.AG_SCRIPT + n] = a
        self.S0[L.AG_LEN] = n + 1
        self.history.append(a)
        self._advance()

    def _action_of(self, action: object) -> int:
        """The int action ``action`` stands for (see :meth:`apply_action`): a numpy
        integer, or a legal action's words; else IllegalActionError.  Bools are refused:
        True would be action 1 (Silver), never what was meant."""
        if isinstance(action, np.integer) or (isinstance(action, np.ndarray) and
                                              action.ndim == 0 and action.dtype.kind in "iu"):
            return int(action)
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
                f"a legal action's words: " + ", ".join(
                    f"{b} ({self._action_words(b)})" for b in legal))
        raise IllegalActionError(
            f"action {action!r} ({type(action).__name__}) is not an action: give an int "
            f"(or a legal action's words) for {self.decision_name()}; legal: "
            + ", ".join(f"{b} ({self._action_words(b)})" for b in legal))

    def clone(self) -> State:
        """An independent copy (the game's tables shared).  Copy-on-write: the two share
        their arrays until one of them changes (apply_action, resample), which then
        copies what it changes, so a clone costs an object, and a search that clones
        and steps pays one state copy a step, as before."""
        c = State.__new__(State)
        for name in State.__slots__:
            setattr(c, name, getattr(self, name))
        c._shared = self._shared = True
        return c

    def _unshare(self) -> None:
        """Own every array (see :meth:`clone`).  S before its shadow is scratch (each
        step copies S0 over it): only the shadow, the game as asked, is copied (once the
        game is over, the game as it ended is S itself)."""
        self.S0, self.R0 = self.S0.copy(), self.R0.copy()
        self.history = self.history.copy()
        if self.status == core.WAITING:
            S = np.empty_like(self.S)
            S[len(self.S0):] = self.D
            self.S = S
        else:
            self.S = self.S.copy()
        self.D = self.S[len(self.S0):]
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
        """The action as words for the current decision, e.g. "buy: Gold"."""
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
        self.observe_into(player, out)
        return out

    def observe_into(self, player: int, out: np.ndarray) -> None:
        """:meth:`observation` written into ``out`` (no allocation)."""
        if not 0 <= player < self.game.num_players:
            raise ValueError(f"player: a seat of the {self.game.num_players}-player game, "
                             f"not {player}")
        core.observe(self._now(), self.game.T, player, self.status == core.WAITING, out)

    # ------------------------------------------------------------------ hidden information
    def resample(self, player: int, rng: np.random.Generator, tries: int = 4) -> State:
        """A copy in which what ``player`` cannot see is dealt again at random: the order of
        the unknown part of every draw pile, the other players' hands (pooled with their
        unknown draw piles) and the random streams (future shuffles).  What ``player``
        knows stays: its hand, everything public, the cards seen this turn.

        The state is the turn's start plus the answers given so far, so the deal is made
        at the turn's start: cards drawn this turn stay on top of their piles, a hand that
        changed this turn (an attack) stays as it was, and the copy is kept only if the
        turn replays to the same question with the same observation for ``player``
        (else the deal is made again, more cautiously: the streams kept, then ``player``'s
        own pile kept; at worst it is a plain copy).  Known limits: face-down set-asides
        (Gear, Save) and cards an opponent put on its own pile stay where they are, and
        what earlier turns revealed is not used to narrow the deal."""
        if self.status != core.WAITING:
            return self.clone()
        if not 0 <= player < self.game.num_players:
            raise ValueError(f"player: a seat of the {self.game.num_players}-player game, "
                             f"not {player}")
        want = self.observation(player)
        for attempt in range(tries + 2):
            reseed = attempt < tries
            own_pile = attempt < tries + 1
            c = self.clone()
            c._unshare()
            _deal_again(c, self.D, player, rng, reseed=reseed, own_pile=own_pile)
            c._advance()
            if c.status == core.WAITING and c.current_player() == self.current_player() \
                    and c.decision() == self.decision() and (c.mask == self.mask).all() \
                    and (c.observation(player) == want).all():
                return c
        return self.clone()

    # ------------------------------------------------------------------ records
    def log(self) -> str:
        """The game so far as `domsim play` prints it (replayed from the seed with the
        same answers, with the log on)."""
        self._replayable("log")
        logged = State(self.game, self.seed, self.first, _log=True)
        for a in self.history:
            logged.apply_action(a)
        S = logged.S
        n = int(logged._now()[L.V + L.V_LOG_N])   # the rows up to the question
        rows = S[L.LOG:L.LOG + n * L.LOG_WIDTH].reshape(n, L.LOG_WIDTH)
        winners = int(logged._out_game[0, G_WINNERS]) if logged.is_terminal() else None
        return format_log(rows, self.game.names, winners_mask=winners,
                          truncated=bool(S[L.V + L.V_LOG_TRUNC]))

    def serialize(self) -> str:
        """The game as JSON text: the game's parameters, the seed and the answers."""
        self._replayable("serialize")
        return json.dumps({"domsim_state": 1, "game": self.game.params(), "seed": self.seed,
                           "first": self.first, "actions": self.history})

    @staticmethod
    def deserialize(text: str, game: Game | None = None) -> State:
        """The state :meth:`serialize` wrote (replayed; ``game``: reuse a built Game of the
        same parameters instead of building one)."""
        data = json.loads(text)
        if data.get("domsim_state") != 1:
            raise ValueError("not a serialized domsim state (no 'domsim_state': 1)")
        if game is None:
            game = Game(**data["game"])
        elif game.params() != data["game"]:
            raise ValueError("deserialize: the game given has other parameters than the text's")
        state = game.new_initial_state(data["seed"], data["first"])
        for a in data["actions"]:
            state.apply_action(a)
        return state

    def __repr__(self) -> str:
        if self.is_terminal():
            return f"<State seed={self.seed} over: returns {self.returns()}>"
        return (f"<State seed={self.seed} seat {self.current_player()} to "
                f"{self.decision_name()}, {len(self.legal_actions())} legal actions>")


def _deal_again(state: State, now: np.ndarray, player: int, rng: np.random.Generator, *,
                reseed: bool, own_pile: bool) -> None:
    """Deal again, in ``state``'s turn-start snapshot, what ``player`` cannot see (see
    State.resample); ``now`` is the game as asked (to tell what this turn drew)."""
    S0 = state.S0
    n = state.game.num_players
    for q in range(n):
        if q == player and not own_pile:
            continue
        k0 = L.DECK + q * L.MAX_DECK
        size0 = int(S0[L.DECK_N + q])
        deck0 = S0[k0:k0 + size0]
        size_now = int(now[L.DECK_N + q])
        # This turn drew the top (end) of the pile; with a shuffle since, the pile now is
        # not the start of the old one: then leave this pile alone.
        if size_now > size0 or (now[k0:k0 + size_now] != deck0[:size_now]).any():
            continue
        unknown = min(int(S0[L.UNKNOWN + q]), size_now)     # bottom cards nobody has seen
        h = L.HAND0 + q * L.N_SLOTS
        same_hand = (S0[h:h + N_CARDS_] == now[h:h + N_CARDS_]).all()
        if q != player and same_hand:
            # The hand and the unknown pile are one pool: deal the hand from it.
            hand = np.repeat(np.arange(N_CARDS_), S0[h:h + N_CARDS_])
            pool = np.concatenate([hand, deck0[:unknown]])
            rng.shuffle(pool)
            S0[h:h + N_CARDS_] = np.bincount(pool[:len(hand)], minlength=N_CARDS_)
            deck0[:unknown] = pool[len(hand):]
        else:
            part = deck0[:unknown].copy()
            rng.shuffle(part)
            deck0[:unknown] = part
    if reseed:
        state.R0[:] = rng.integers(1, np.iinfo(np.uint64).max, size=state.R0.shape,
                                   dtype=np.uint64)
