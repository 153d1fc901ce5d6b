"""The search that stands on the policy: ``mcts:prior=general`` (issue 49, item 4).

    domsim match "mcts:prior=general" general --games 200
    domsim match "mcts:prior=general,playouts=600,cutoff=1" mcts
    domsim play "mcts:prior=general" smithy-bm --seed 7     # the log shows each search

The plain search bot (``mcts``, sim.env.mcts) knows nothing of the learned policy: it
plays every legal action out to the end of the game with rule bots and stands on the
rule bot's answer.  This bot stands on the policy instead, the pattern that wins in
imperfect-information card games (SPARTA in Hanabi, policy-guided determinized search in
Dou Dizhu and Stratego): at each of its searched decisions

1. **Deals as today.**  It deals again what its seat cannot see, exactly as the plain
   search does (sim.env.redeal.deal_consistent: a deal is kept only if the question and
   its observation are unchanged), and compares the candidate actions on the *same*
   deals and the same random streams (common random numbers: the gaps between actions
   are measured on the same luck).
2. **The policy's probabilities as priors.**  Only the ``width`` most probable legal
   actions of the policy are candidates (the policy's own choice always among them); they
   race by successive halving, each round keeping the better half by the Gumbel-MuZero
   score ``logit(a) + (c_visit + max visits) * c_scale * q(a)``: with few evaluations the
   policy's logit dominates, with more the measured value ``q`` does (a PUCT prior for a
   flat, small-budget search: Danihelka et al., *Policy improvement by planning with
   Gumbel*, 2022).  An action the policy gives almost no probability is never spent on.
3. **A value at a cut-off instead of whole policy playouts.**  After the candidate
   action the game is played on only to the searcher's ``cutoff``-th next turn (its next
   searched question there; ``cutoff=0``: its very next searched question, perhaps later
   in this turn): the searcher's decisions on the way by the policy (``rest=policy``;
   ``rest=bot``: its playout bot), every other seat by the playout bot (the model of the
   opponents, as the plain search has it: it never reads their bots).  There the value is
   ``lam * V + (1 - lam) * R``: ``V`` the policy's value head (trained with the policy:
   the expected win share of its seat, from that seat's observation), ``R`` the win share
   of a rule-bot playout from the cut-off to the end (AlphaGo's mixing).  Either costs
   microseconds (~10-30 us an evaluation), where a playout with the policy to the end
   costs ~27 rule-bot playouts (the search with the policy's playouts lost 11.6% to the
   plain search at equal time: issue 49).  **Why the default is ``lam=0, cutoff=0``** (a
   rule-bot playout right after the action): measured on First Game against ``general``
   (100 games each, experiments/results/puct/README.md), the value head alone one turn on
   won 47.5% [38.0, 57.2], the playout from that cut-off 54.0%, the mix 56.0%, the
   playout right after the action 55.5% at a third of the cost; the value head's gaps
   between candidates one turn on are a few points, within its own error.  A better value
   head (trained to predict, on the searcher's states) is the open lever: ``lam`` and
   ``cutoff`` take it without a code change.
4. **Fall back on the policy when not confident.**  The final choice is the best score
   above among the candidates evaluated most, so an action the policy thinks less of
   must beat the policy's own by ``(logit gap) / ((c_visit + n) * c_scale)`` in measured
   win share; with ``z > 0`` it must also beat it on the same deals by more than ``z``
   standard errors of the paired differences, else the policy's action stands.  A search
   that cannot tell the candidates apart therefore plays ``general``'s action.
   ``bot=1`` adds the playout bot's own answer to the candidates: the plain search's
   default, which the rule-bot evaluations measure without bias.

Every decision it does not search (the choices inside cards, Treasures) is the policy's
(where the policy takes it) or the policy's fallback bot's, as ``general`` plays it: the
searcher's seat bot is the policy's fallback, so the root's priors are ``general``'s
probabilities exactly.

Settings (``mcts:prior=POLICY,key=value,...`` or a TOML bot file's ``[search]`` table
with ``prior``):

* ``prior`` (required): the policy: ``general`` (the shipped one) or a policy directory.
* ``playouts`` (1200): leaf evaluations per searched decision (one per candidate still
  in per deal; ~10 ms on a quiet core, First Game); ``time_ms`` (none): aim for this
  many milliseconds instead, sized from the decisions before (not reproducible: the
  games depend on the machine's speed).
* ``width`` (5): the candidates, the policy's most probable legal actions; ``bot`` (1):
  with the playout bot's answer (0: without).
* ``cutoff`` (0): the searcher's turns to play on before the value is read.
* ``lam`` (0.0): the value head's weight against a rule-bot playout from the cut-off.
* ``rest`` (``policy``): who answers the searcher's decisions before the cut-off
  (``policy`` or ``bot``, its playout bot).
* ``z`` (0), ``c_visit`` (50), ``c_scale`` (1.0): the paired test and the score.
* ``playout`` (``auto``): the opponents' model and the playouts' bot, as for ``mcts``
  (``auto``: the best library bot of a short round robin on the game's own board).
* ``tries`` (8), ``seed`` (0): deals tried per iteration, the search's own seed.
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit

from bots.providers import register_provider
from sim.engine import codes
from sim.engine.layout import (
    AG_POLICY,
    AG_WAIT_ARG,
    AG_WAIT_D,
    AG_WAIT_P,
    LOG,
    N_SLOTS,
    V_CUR,
    V_LOG_ON,
    V_NP,
    V_SIZE,
    V_TOTAL_TURNS,
    V,
)
from sim.engine.pointers import copy_ints, ptr
from sim.engine.rng import seed_stream
from sim.env.agent import AgentBot
from sim.env.core import (
    N_ACTIONS,
    OBS_SIZE,
    OVER,
    WAITING,
    bot_answer,
    observe,
)
from sim.env.mcts import coerce_setting, setting_pairs
from sim.env.redeal import POOL_SIZE, deal_consistent
from sim.env.search import _step, _win_share, action_of_answer
from sim.learn.compiled import decide, trunk

#: What :func:`puct_search` writes into ``stats``.
ST_ITERATIONS, ST_DEALS_TRIED, ST_DEALS_KEPT, ST_EVALS, ST_CUTOFFS, ST_ENDED = range(6)
N_STATS = 6


# ----------------------------------------------------------------------------- compiled
@njit(cache=True)
def value_of(obs, columns, table, sizes, W, b, Wv, bv, h):
    """The value head (expected win share of the observing seat) for the observation
    ``obs``: the trunk as sim.learn.compiled.forward computes it, then ``top @ Wv + bv``.
    ``h``: scratch [4, max(sizes)]."""
    top = h[trunk(obs, columns, table, sizes, W, b, h)]
    z = bv
    for i in range(sizes[len(sizes) - 1]):
        z += top[i] * Wv[i]
    return z


@njit(cache=True)
def _evaluate(W, Rw, T, P, P_bots, Q, H, p, a, cutoff, lam, rest_policy, takes, prior_w,
              pnet, vnet, score_out, turns_out, game_out, mask, obs, Dc, Rc, h, logits,
              stats):
    """Answer the question ``W`` is stopped at with ``a``, play on to the cut-off and
    return the searcher's value there (or its win share if the game ends first)."""
    m = LOG
    status = _step(W, Rw, T, P, P, Q, H, score_out, turns_out, game_out, mask, a, False)
    turn = -1
    own = 0
    while True:
        if status == OVER:
            stats[ST_ENDED] += 1
            return _win_share(game_out, p)
        if status != WAITING:
            return 0.0
        D = W[:m]
        cur = D[AG_WAIT_P]
        d = D[AG_WAIT_D]
        if cur == p and D[V + V_CUR] == p:
            t = D[V + V_TOTAL_TURNS]
            if turn < 0:
                turn = t
            elif t != turn:
                turn = t
                own += 1
            if own >= cutoff and takes[d]:
                stats[ST_CUTOFFS] += 1
                observe(D, T, p, True, obs)
                columns, table, sizes, Wt, b, Wv, bv = vnet
                v = value_of(obs, columns, table, sizes, Wt, b, Wv, bv, h)
                v = min(1.0, max(0.0, v))
                if lam >= 1.0:
                    return v
                r = bot_answer(D.copy(), Rw.copy(), T, P, Q, H, cur, d, D[AG_WAIT_ARG])
                status = _step(W, Rw, T, P, P_bots, Q, H, score_out, turns_out, game_out,
                               mask, action_of_answer(r, d), True)
                z = _win_share(game_out, p) if status == OVER else 0.0
                return lam * v + (1.0 - lam) * z
        if cur == p and rest_policy and takes[d]:
            x = decide(D, Rw, T, P, Q, H, mask, obs, Dc, Rc, True, prior_w, pnet, h, logits)
        else:
            x = action_of_answer(bot_answer(D.copy(), Rw.copy(), T, P, Q, H, cur, d,
                                            D[AG_WAIT_ARG]), d)
        status = _step(W, Rw, T, P, P, Q, H, score_out, turns_out, game_out, mask, x, False)


@njit(cache=True)
def puct_search(now, R_now, T, P, P_bots, Q, H, p, root_mask, cands, logit, base, evals,
                cutoff, lam, rest_policy, takes, prior_w, pnet, vnet, c_visit, c_scale,
                seed, tries, n_edge, w_edge, diff_sum, diff_sq, stats):
    """Race the candidate actions ``cands`` (their policy logits ``logit``; ``base``: the
    index in ``cands`` of the policy's own action, never dropped) at the decision ``now``
    of seat ``p`` (stopped at the question, ``R_now`` its streams, ``root_mask`` its
    legal actions) for ``evals`` leaf evaluations: each kept deal evaluates every
    candidate still in (:func:`_evaluate`), and after each round of successive halving
    the worse half by score (module docstring) is dropped.  Writes per candidate its
    evaluations ``n_edge``, summed values ``w_edge``, and the paired differences to
    ``base`` (sum and sum of squares) into ``diff_sum``/``diff_sq``; counts into ``stats``
    (ST_*).  No kept deal: nothing is searched (stats[ST_ITERATIONS] = 0)."""
    rng = np.zeros(4, np.uint64)
    seed_stream(rng, 0, np.uint64(seed))
    m = LOG
    asked = now[:m].copy()
    asked[V + V_LOG_ON] = 0
    asked[V + V_SIZE] = m
    asked[AG_POLICY] = 0
    W = np.zeros(m, np.int32)
    Rw = np.zeros_like(R_now)
    root = np.zeros(m, np.int32)
    root_r = np.zeros_like(R_now)
    Sd = np.zeros(m, np.int32)
    Rd = np.zeros_like(R_now)
    counts = np.zeros(N_SLOTS, np.int64)
    pool = np.zeros(POOL_SIZE, np.int64)
    mask = np.zeros(N_ACTIONS, np.int8)
    obs = np.zeros(OBS_SIZE, np.float32)
    root_obs = np.zeros(OBS_SIZE, np.float32)
    Dc = np.empty(m, np.int32)
    Rc = np.empty_like(R_now)
    n = now[V + V_NP]
    score_out = np.zeros((1, n), np.int32)
    turns_out = np.zeros((1, n), np.int32)
    game_out = np.zeros((1, 6), np.int32)
    sizes = pnet[2]
    h = np.zeros((4, sizes.max()), np.float64)
    logits = np.zeros(N_ACTIONS, np.float64)
    observe(now, T, p, True, root_obs)
    k = len(cands)
    active = np.ones(k, np.bool_)
    n_active = k
    rounds = 1
    while (1 << rounds) < n_active:
        rounds += 1
    per_round = evals / rounds
    spent_round = 0.0
    value = np.zeros(k, np.float64)
    score = np.zeros(k, np.float64)
    have_deal = False
    it = 0
    while stats[ST_EVALS] < evals:
        made = deal_consistent(Sd, Rd, asked, R_now, T, p, rng,
                               tries if (have_deal or it > 0) else 4 * tries, root_mask,
                               root_obs, mask, obs, counts, pool)
        it += 1
        stats[ST_DEALS_TRIED] += abs(made)
        if made > 0:
            stats[ST_DEALS_KEPT] += 1
            copy_ints(ptr(root), ptr(Sd), m)
            root_r[:, :] = Rd
            have_deal = True
        elif not have_deal:
            return
        stats[ST_ITERATIONS] += 1
        for j in range(k):
            if active[j]:
                copy_ints(ptr(W), ptr(root), m)
                Rw[:, :] = root_r
                value[j] = _evaluate(W, Rw, T, P, P_bots, Q, H, p, cands[j], cutoff, lam,
                                     rest_policy, takes, prior_w, pnet, vnet, score_out,
                                     turns_out, game_out, mask, obs, Dc, Rc, h, logits,
                                     stats)
                n_edge[j] += 1.0
                w_edge[j] += value[j]
                stats[ST_EVALS] += 1
        for j in range(k):
            if active[j]:
                dv = value[j] - value[base]
                diff_sum[j] += dv
                diff_sq[j] += dv * dv
        spent_round += n_active
        if spent_round >= per_round and n_active > 1 and stats[ST_EVALS] < evals:
            spent_round = 0.0
            top = 0.0
            for j in range(k):
                top = max(top, n_edge[j])
            for j in range(k):
                score[j] = (logit[j] + (c_visit + top) * c_scale * w_edge[j] / n_edge[j]
                            if active[j] else -1e300)
            keep_n = (n_active + 1) // 2
            if keep_n == n_active:
                keep_n = n_active - 1
            order = np.argsort(-score)
            n_active = 0
            for i in range(k):
                j = order[i]
                if active[j] and (i < keep_n or j == base):
                    n_active += 1
                else:
                    active[j] = False


# ----------------------------------------------------------------------------- the bot
DEFAULTS = {"prior": None, "playouts": 1200, "time_ms": None, "width": 5, "bot": 1,
            "cutoff": 0, "lam": 0.0, "rest": "policy", "z": 0.0, "c_visit": 50.0,
            "c_scale": 1.0, "playout": "auto", "tries": 8, "seed": 0}
_TYPES = {"prior": str, "playouts": int, "time_ms": float, "width": int, "bot": int,
          "cutoff": int,
          "lam": float, "rest": str, "z": float, "c_visit": float, "c_scale": float,
          "playout": str, "tries": int, "seed": int}
_RESTS = ("policy", "bot")


def _coerce(name: str, key: str, value: object):
    kind = _TYPES[key]
    if isinstance(value, str) and kind is not str:
        try:
            value = kind(value.strip())
        except ValueError:
            what = "a whole number" if kind is int else "a number"
            raise ValueError(f"{name}: search setting {key} must be {what}, not "
                             f"{value.strip()!r}") from None
    return coerce_setting(name, key, value, kind)


def parse_settings(text: str) -> dict:
    """``key=value,...`` (the part of a bot spec after ``mcts:``, with ``prior``) as
    typed settings; a one-line ValueError for an unknown key or a bad value."""
    unknown = ("unknown setting {key} of the search on a policy (mcts:prior=...; settings: "
               + ", ".join(DEFAULTS) + ")")
    return {key: _coerce("mcts", key, value)
            for key, value in setting_pairs(text, _TYPES, unknown)}


def resolve_prior(name: str, text: str):
    """The learned policy bot ``text`` names (``general``, a policy directory, a learned
    bot's name), or a one-line ValueError."""
    from bots import resolve_bot
    from sim.learn.bot import PolicyBot

    try:
        bot = resolve_bot(text)
    except Exception as exc:   # the registry's own one-line error, said as the setting's
        msg = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ValueError(f"{name}: prior={text!r} names no policy ({msg})") from None
    if not isinstance(bot, PolicyBot):
        raise ValueError(f"{name}: prior={text!r} is not a learned policy (give `general` "
                         f"or a policy directory of `domsim train --out`)")
    return bot


class PUCTBot(AgentBot):
    """The search on a policy (see the module docstring for the design and settings)."""

    def __init__(self, name: str = "mcts-prior", description: str | None = None,
                 **settings):
        unknown = sorted(set(settings) - set(DEFAULTS))
        if unknown:
            raise ValueError(f"{name}: unknown setting {unknown[0]!r} of the search on a "
                             f"policy (settings: {', '.join(DEFAULTS)})")
        cfg = {**DEFAULTS, **{k: _coerce(name, k, v) for k, v in settings.items()
                              if v is not None}}
        if not cfg["prior"] or not str(cfg["prior"]).strip():
            raise ValueError(f"{name}: prior is missing: name the policy the search stands "
                             f"on (mcts:prior=general, or a policy directory)")
        for key in ("playouts", "width", "tries"):
            if int(cfg[key]) < 1:
                raise ValueError(f"{name}: {key} must be at least 1, not {cfg[key]!r}")
        if cfg["bot"] not in (0, 1):
            raise ValueError(f"{name}: bot must be 0 or 1, not {cfg['bot']!r}")
        for key in ("cutoff", "c_visit", "c_scale", "z"):
            if cfg[key] < 0:
                raise ValueError(f"{name}: {key} must be at least 0, not {cfg[key]!r}")
        if not 0.0 <= float(cfg["lam"]) <= 1.0:
            raise ValueError(f"{name}: lam must be from 0 to 1, not {cfg['lam']!r}")
        if cfg["time_ms"] is not None and float(cfg["time_ms"]) <= 0:
            raise ValueError(f"{name}: time_ms must be positive, not {cfg['time_ms']!r}")
        cfg["rest"] = str(cfg["rest"]).strip().lower()
        if cfg["rest"] not in _RESTS:
            raise ValueError(f"{name}: rest must be policy or bot, not {cfg['rest']!r}")
        self.settings = cfg
        #: The policy it stands on (sim.learn.bot.PolicyBot).
        self.policy = resolve_prior(name, str(cfg["prior"]).strip())
        playout = cfg["playout"]
        self.auto = isinstance(playout, str) and playout.strip().lower() == "auto"
        if not self.auto:
            from bots import resolve_bot

            playout = resolve_bot(playout)
            if isinstance(playout, AgentBot):
                raise ValueError(f"{name}: the playout bot must be compiled (rules, TOML, "
                                 f"hook), not the agent bot {playout.name!r}")
        self.playout = playout
        searched = self.policy.decisions & frozenset({codes.D_ACTION, codes.D_BUY})
        if not searched:
            raise ValueError(f"{name}: the policy {self.policy.name!r} takes neither plays "
                             f"nor buys: nothing to search")
        #: The decisions searched (the policy's plays and buys); the policy's others
        #: are its own, as ``general`` plays them.
        self.searched = searched
        super().__init__(name, description or self._describe(cfg),
                         fallback=self.policy.fallback, decisions=self.policy.decisions)
        self._games: dict[tuple, tuple] = {}
        self._ms_per_eval: float | None = None
        self._arrays = None
        self.last_search: dict | None = None

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state["_games"] = {}
        state["_arrays"] = None
        return state

    @staticmethod
    def _describe(cfg) -> str:
        budget = (f"{cfg['time_ms']:g} ms" if cfg["time_ms"] is not None
                  else f"{cfg['playouts']} evaluations")
        value = ("its value head" if cfg["lam"] >= 1 else "a rule-bot playout"
                 if cfg["lam"] <= 0 else f"value head x{cfg['lam']:g} + playout")
        return (f"Search on the policy {cfg['prior']}: its {cfg['width']} likeliest "
                f"actions raced on the same deals ({budget} per decision), scored by "
                f"{value} {cfg['cutoff']} turn(s) on; the policy's action unless another "
                f"beat it by {cfg['z']:g} standard errors")

    def identity(self) -> str:
        from sim.env.mcts import auto_identity

        keys = ", ".join(f"{k}={self.settings[k]!r}" for k in sorted(self.settings))
        auto = f" auto=[{auto_identity()}]" if self.auto else ""
        return f"{super().identity()} {keys}{auto} policy=[{self.policy.identity()}]"

    def check_game(self, config) -> None:
        self.policy.check_game(config)

    def seat_bot(self, config):
        """The policy's fallback (as ``general`` seats it), after the policy's own check
        of the game."""
        self.policy.check_game(config)
        return self.fallback

    def playout_bot(self, config):
        """The opponents' model and the playouts' bot in a game of ``config``."""
        if not self.auto:
            return self.playout
        from bots import get_bot
        from sim.env.mcts import auto_choice

        return get_bot(auto_choice(config)[0])

    # ------------------------------------------------------------------ searching
    def _net_arrays(self) -> tuple:
        """(policy net as sim.learn.compiled.decide reads it, value net as
        :func:`value_of` reads it, prior weight, decisions taken), built once."""
        if self._arrays is None:
            cp = self.policy.compiled_policy()
            net = self.policy.net
            Wv = np.ascontiguousarray(net.Wv[:, 0], np.float64)
            vnet = (cp.columns, cp.table, cp.sizes, cp.W, cp.b, Wv, float(net.bv[0]))
            takes = np.zeros(codes.N_DECISIONS, np.bool_)
            takes[sorted(self.policy.decisions)] = True
            self._arrays = (cp.net(), vnet, float(cp.prior_w), takes, cp)
        return self._arrays

    def _search_game(self, game) -> tuple:
        cfg = game.config
        key = (cfg, game.agents, game.decisions)
        found = self._games.get(key)
        if found is None:
            from sim.env.mcts import plain_programs
            from sim.env.state import Game

            if len(self._games) >= 32:
                self._games.clear()
            bot = self.playout_bot(cfg)
            sg = Game(kingdom=cfg.kingdom, events=cfg.events, players=cfg.n_players,
                      bots=[bot] * cfg.n_players, agents=game.agents,
                      decisions=game.decisions, turn_cap=cfg.turn_cap)
            found = (sg, plain_programs(sg.P))
            self._games[key] = found
        return found

    def _evals(self) -> int:
        ms = self.settings["time_ms"]
        if ms is None or self._ms_per_eval is None:
            return int(self.settings["playouts"])
        return max(16, int(ms / self._ms_per_eval))

    @staticmethod
    def _policy_logits(state, cp) -> tuple[int, np.ndarray]:
        """(the policy's action, its masked logits) at ``state``'s question, as
        CompiledPolicy.logits gives them, from the game as asked without its log rows (a
        logged state, ``domsim play``'s, holds them after LOG)."""
        from sim.engine import layout as L

        g = state.game
        obs = np.zeros(OBS_SIZE, np.float32)
        h = np.zeros((4, int(cp.sizes.max())), np.float64)
        logits = np.zeros(N_ACTIONS, np.float64)
        a = decide(state.D[:L.LOG], state.R, g.T, g.P, g.Q, g.H, state.mask, obs,
                   np.empty(L.LOG, np.int32), np.empty_like(state.R), True, cp.prior_w,
                   cp.net(), h, logits)
        return int(a), logits

    def act(self, state) -> int:
        legal = state.legal_actions()
        pnet, vnet, prior_w, takes, cp = self._net_arrays()
        d = state.decision()[0]
        own, logits = self._policy_logits(state, cp)
        if len(legal) == 1 or d not in self.searched:
            return legal[0] if len(legal) == 1 else int(own)
        cfg = self.settings
        order = sorted(legal, key=lambda a: (-logits[a], a))
        chosen = order[:int(cfg["width"])]
        p = state.current_player()
        sg, plain = self._search_game(state.game)
        if cfg["bot"]:      # the playout bot's own answer, a candidate too
            from sim.env.core import bot_answer

            arg = state.decision()[1]
            r = int(bot_answer(state.D.copy(), state.R.copy(), sg.T, sg.P, sg.Q, sg.H, p, d,
                               arg))
            theirs = int(action_of_answer(r, d))
            if theirs in legal and theirs not in chosen:
                chosen.append(theirs)
        cands = np.asarray(chosen, np.int64)
        if len(cands) == 1:
            return int(own)
        lg = logits[cands] - logits[cands].max()
        base = int(np.flatnonzero(cands == own)[0])
        from sim.env.mcts import _mix

        seed = _mix(int(cfg["seed"]), state.seed, p, len(state.history))
        k = len(cands)
        n_edge, w_edge = np.zeros(k), np.zeros(k)
        diff_sum, diff_sq = np.zeros(k), np.zeros(k)
        stats = np.zeros(N_STATS, np.int64)
        evals = self._evals()
        t0 = time.perf_counter()
        puct_search(state.D, state.R, sg.T, sg.P, plain, sg.Q, sg.H, p, state.mask, cands,
                    lg, base, evals, int(cfg["cutoff"]), float(cfg["lam"]),
                    cfg["rest"] == "policy", takes, prior_w, pnet, vnet,
                    float(cfg["c_visit"]), float(cfg["c_scale"]), np.uint64(seed),
                    int(cfg["tries"]), n_edge, w_edge, diff_sum, diff_sq, stats)
        spent = (time.perf_counter() - t0) * 1e3
        done = int(stats[ST_EVALS])
        if done:
            per = spent / done
            self._ms_per_eval = per if self._ms_per_eval is None else \
                0.8 * self._ms_per_eval + 0.2 * per
        self.last_search = {"cands": cands, "visits": n_edge, "values": w_edge,
                            "diff_sum": diff_sum, "diff_sq": diff_sq, "stats": stats,
                            "ms": spent}
        if done == 0:
            self.last_note = (f"{codes.DECISION_NAMES[d]}: no deal agrees with what it saw "
                              f"({int(stats[ST_DEALS_TRIED])} tried); the policy answers")
            return int(own)
        q = np.where(n_edge > 0, w_edge / np.maximum(n_edge, 1), -1.0)
        top = n_edge.max()
        score = np.where(n_edge == top,
                         lg + (float(cfg["c_visit"]) + top) * float(cfg["c_scale"]) * q,
                         -np.inf)
        best = int(np.argmax(score))
        z = float(cfg["z"])
        kept = ""
        if best != base and z > 0:
            # The paired differences' mean and standard error (sample variance, at least
            # 1 / (4 n): a few identical outcomes are no certainty); fewer than two
            # pairs measure no spread: not confident.
            kk = n_edge[best]
            gap = diff_sum[best] / kk
            var = max(diff_sq[best] / kk - gap * gap, 0.0) * kk / max(kk - 1.0, 1.0)
            var = max(var, 0.25 / kk)
            se = (var / kk) ** 0.5
            if kk < 2 or gap <= z * se:
                kept = (f" (the policy's, kept: {state._action_words(int(cands[best]))} "
                        f"beat it by only {gap:+.1%}, within z={z:g} standard errors of "
                        f"{se:.1%})")
                best = base
        shown = ", ".join(f"{state._action_words(int(cands[j]))} {n_edge[j]:.0f} "
                          f"({q[j]:.0%})" for j in np.argsort(-n_edge)[:3] if n_edge[j])
        self.last_note = (f"{codes.DECISION_NAMES[d]}: {state._action_words(int(cands[best]))}"
                          f"{kept} - evaluations (value): {shown}; "
                          f"{int(stats[ST_DEALS_KEPT])}/{int(stats[ST_DEALS_TRIED])} deals "
                          f"kept, {spent:.1f} ms")
        return int(cands[best])


# The registry makes this bot from ``mcts:prior=...`` specs and [search] tables with a
# ``prior`` (bots.search_bot); it sits below this module (bots.providers).
register_provider("puct", bot=PUCTBot, parse_settings=parse_settings, defaults=DEFAULTS)
