"""The compiled half of the search bot (sim.env.mcts): information-set Monte Carlo tree
search over deals consistent with what the searching player knows, every playout a
whole game played to its end by rule bots inside compiled code.

One call of :func:`search` runs every iteration of one decision:

1. **Determinize** (sim.env.redeal, the one re-deal :meth:`State.resample
   <sim.env.state.State.resample>` makes too; its module says exactly what it keeps): a
   copy of the game as asked (stopped at the question) in which what the searcher cannot
   see is dealt again from the search's own random stream: each other player's hand
   pooled with its draw pile, the unknown part of its own pile, and every random stream
   of the game (future shuffles, random bots); discard piles, play areas, mats, set-aside
   cards, every zone's size and where the turn stands stay.  Each pool is put in card-id
   order before it is shuffled, so the deal depends only on what the searcher knows and
   on the search's seed, never on the true order of hidden cards: two positions that
   differ only in hidden information give the same deals, so the same decision.
2. **Check** the deal (sim.env.redeal.deal_consistent): it is kept only if the question
   has the same legal actions and the searcher the same observation (an opponent asked
   a question has its legal actions from its dealt hand).  No kept deal leaves the
   decision to the playout bot: the search never falls back on the true hidden state.
3. **Descend** the tree of the searcher's own decisions (UCB1 with availability counts,
   as information-set MCTS has it: a child's prior is the number of deals in which it
   was legal); other seats' decisions, and the searcher's that are not searched, are
   answered by their bots.  The deal's game as asked is resumable (sim.engine.resume):
   each iteration copies it once and each step down the tree resumes it with one answer
   (sim.env.core.go_on), so a deeper tree costs playouts, not replays.
4. **Play out**: at a new node the game is played to its end with every agent seat
   answered by its own bot (layout AG_PLAYOUT); the reward is the searcher's win share
   (1, 1/k for a win shared by k, 0 for a loss or the turn cap), added along the path.

Everything a decision needs is in the arrays it is given; the tree lives in arrays
sized by the iteration count.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.engine.game import G_WINNERS
from sim.engine.layout import (
    AG_PLAYOUT,
    AG_POLICY,
    AG_WAIT_ARG,
    AG_WAIT_D,
    AG_WAIT_P,
    LOG,
    N_SLOTS,
    V_LOG_ON,
    V_NP,
    V_SIZE,
    V,
)
from sim.engine.legality import action_of
from sim.engine.pointers import copy_ints, ptr
from sim.engine.rng import below, seed_stream
from sim.env.core import (
    N_ACTIONS,
    OBS_SIZE,
    OVER,
    WAITING,
    add_answer,
    bot_answer,
    go_on,
    legal_mask,
    observe,
)
from sim.env.redeal import POOL_SIZE, deal_consistent

#: What :func:`search` writes into ``stats``.
ST_ITERATIONS, ST_DEALS_TRIED, ST_DEALS_KEPT, ST_NODES, ST_MAX_DEPTH = range(5)
N_STATS = 5


@njit(cache=True)
def action_of_answer(r, d):
    """The action (sim.env.actions) for the engine's answer ``r`` to decision ``d``: which
    kind of action (yes/no, option, card) the table of decisions says
    (sim.engine.legality.action_of), so a new yes/no or option decision needs no line
    here."""
    return action_of(d, r)


@njit(cache=True)
def _step(W, Rw, T, P, P_later, Q, H, score_out, turns_out, game_out, mask, a, playout):
    """Answer the question the searched game ``W``/``Rw`` is stopped at with action ``a``
    and go on from there (sim.engine.resume) to the next question of an agent seat
    (``playout``: to the end, every seat's own bot answering past the script,
    ``P_later`` its programs after this turn)."""
    add_answer(W, a)
    if playout:
        W[AG_PLAYOUT] = 1
    return go_on(W, Rw, T, P, P_later, Q, H, score_out, turns_out, game_out, mask)


@njit(cache=True)
def _win_share(game_out, p):
    win = game_out[0, G_WINNERS]
    if not (win >> p) & 1:
        return 0.0
    k = 0
    for q in range(8):
        k += (win >> q) & 1
    return 1.0 / k


@njit(cache=True)
def search(now, R_now, T, P, P_bots, Q, H, p, searched, iterations, c_explore, max_depth,
           seed, tries, base, visits, values, diff_sum, diff_sq, stats, policies):
    """Search the decision ``now`` (the game as asked of ``p``, stopped at the question;
    ``R_now`` its streams) for ``iterations`` iterations (``P_bots``: the
    programs ``P`` without agent seats, for the playouts' later turns); ``searched[d]``: 1 for
    the decisions of ``p`` in the tree (the others are answered by ``p``'s bot).  Writes
    the root's visit counts and summed rewards per action into ``visits`` / ``values``
    (float64[N_ACTIONS]) and the run's counts into ``stats`` (ST_*).  No kept deal in
    ``tries`` at the start: nothing is searched (stats[ST_ITERATIONS] = 0).  The flat
    search (``max_depth`` 1) also sums, per action, its reward minus that of action
    ``base`` (the playout bot's own answer) on the same deal, and its square, into
    ``diff_sum`` / ``diff_sq``: the paired test of sim.env.mcts.  ``policies``: empty, or
    the table of compiled policies (sim.learn.compiled.policy_table) that ``H``'s decider
    reads (layout AG_POLICY): the searched games carry it after the state."""
    rng = np.zeros(4, np.uint64)
    seed_stream(rng, 0, np.uint64(seed))
    # The game as asked without a log (a logged state holds its log rows after LOG): the
    # searched games log nothing.  Each deal of it kept is the root (``root``), and each
    # iteration goes down the tree and plays out from a copy of it (``W``).
    m = LOG
    at = m      # where the compiled policies' table goes
    asked = now[:m].copy()
    asked[V + V_LOG_ON] = 0
    asked[V + V_SIZE] = at + len(policies)
    asked[AG_POLICY] = at if len(policies) else 0
    W = np.zeros(at + len(policies), np.int32)
    W[at:] = policies
    Rw = np.zeros_like(R_now)
    root = np.zeros(m, np.int32)
    root_r = np.zeros_like(R_now)
    Sd = np.zeros(m, np.int32)      # a deal being checked
    Rd = np.zeros_like(R_now)
    counts = np.zeros(N_SLOTS, np.int64)
    pool = np.zeros(POOL_SIZE, np.int64)
    mask = np.zeros(N_ACTIONS, np.int8)
    obs = np.zeros(OBS_SIZE, np.float32)
    root_obs = np.zeros(OBS_SIZE, np.float32)
    n = now[V + V_NP]
    score_out = np.zeros((1, n), np.int32)
    turns_out = np.zeros((1, n), np.int32)
    game_out = np.zeros((1, 6), np.int32)
    d0 = now[AG_WAIT_D]
    arg0 = now[AG_WAIT_ARG]
    root_mask = np.zeros(N_ACTIONS, np.int8)
    legal_mask(now, T, p, d0, arg0, root_mask)
    observe(now, T, p, True, root_obs)

    nodes = iterations + 1
    child = np.full((nodes, N_ACTIONS), -1, np.int32)
    n_edge = np.zeros((nodes, N_ACTIONS), np.float64)
    w_edge = np.zeros((nodes, N_ACTIONS), np.float64)
    avail = np.zeros((nodes, N_ACTIONS), np.float64)
    path_node = np.zeros(max_depth + 1, np.int32)
    path_action = np.zeros(max_depth + 1, np.int32)
    n_nodes = 1
    have_deal = False
    deepest = 0
    # Depth 1, the flat search: each deal plays every legal root action out on the same
    # deal and the same streams (common random numbers: the actions are compared on the
    # same luck, so the gaps between them are measured much better than by as many
    # playouts of each on deals of its own).
    # It races them by successive halving: the playouts are spent in rounds, and after
    # each round the worse half of the actions still in (by mean reward) is dropped, the
    # playout bot's own answer ``base`` never, so the close contenders get most deals.
    flat = max_depth == 1
    active = root_mask.copy()
    n_active = 0
    for a in range(N_ACTIONS):
        n_active += active[a]
    rounds = 1
    while (1 << rounds) < n_active:
        rounds += 1
    per_round = iterations / rounds
    spent_round = 0.0
    reward_of = np.zeros(N_ACTIONS, np.float64)
    mean_of = np.zeros(N_ACTIONS, np.float64)
    for it in range(iterations):
        # 1-2. A deal consistent with what p knows (or the last one kept).
        made = deal_consistent(Sd, Rd, asked, R_now, T, p, rng,
                               tries if (have_deal or it > 0) else 4 * tries, root_mask,
                               root_obs, mask, obs, counts, pool)
        stats[ST_DEALS_TRIED] += abs(made)
        if made > 0:
            stats[ST_DEALS_KEPT] += 1
            copy_ints(ptr(root), ptr(Sd), m)
            root_r[:, :] = Rd
            have_deal = True
        elif not have_deal:
            return
        if flat:
            for a in range(N_ACTIONS):
                if active[a]:
                    copy_ints(ptr(W), ptr(root), m)
                    Rw[:, :] = root_r
                    status = _step(W, Rw, T, P, P_bots, Q, H, score_out, turns_out,
                                   game_out, mask, a, True)
                    reward_of[a] = _win_share(game_out, p) if status == OVER else 0.0
                    n_edge[0, a] += 1.0
                    w_edge[0, a] += reward_of[a]
                    stats[ST_ITERATIONS] += 1
            has_base = 0 <= base < N_ACTIONS and active[base] == 1
            if has_base:
                for a in range(N_ACTIONS):
                    if active[a]:
                        dr = reward_of[a] - reward_of[base]
                        diff_sum[a] += dr
                        diff_sq[a] += dr * dr
            deepest = 1
            if stats[ST_ITERATIONS] >= iterations:
                break
            spent_round += n_active
            if spent_round >= per_round and n_active > 2:
                spent_round = 0.0
                for a in range(N_ACTIONS):
                    mean_of[a] = w_edge[0, a] / n_edge[0, a] if active[a] else -1.0
                keep_n = (n_active + 1) // 2
                order = np.argsort(-mean_of)
                n_active = 0
                for i in range(N_ACTIONS):
                    a = order[i]
                    if active[a] and (i < keep_n or (has_base and a == base)):
                        n_active += 1
                    else:
                        active[a] = 0
            continue
        # 3. Down the tree: W is the game as asked, mask its legal actions.
        copy_ints(ptr(W), ptr(root), m)
        Rw[:, :] = root_r
        legal_mask(W, T, p, d0, W[AG_WAIT_ARG], mask)
        node = 0
        depth = 0
        reward = 0.0
        while True:
            D = W[:m]
            cur = D[AG_WAIT_P]
            d = D[AG_WAIT_D]
            if cur != p or searched[d] == 0:
                r = bot_answer(D.copy(), Rw.copy(), T, P, Q, H, cur, d, D[AG_WAIT_ARG])
                status = _step(W, Rw, T, P, P, Q, H, score_out, turns_out, game_out, mask,
                               action_of_answer(r, d), False)
                if status == OVER:
                    reward = _win_share(game_out, p)
                    break
                if status != WAITING:
                    reward = 0.0
                    break
                continue
            # A searched decision of p: UCB1 over the actions legal in this deal.
            best = -1
            best_u = -1.0
            untried = 0
            for a in range(N_ACTIONS):
                if mask[a]:
                    avail[node, a] += 1.0
                    if n_edge[node, a] == 0.0:
                        untried += 1
            if untried > 0:     # an untried action, drawn at random
                k = below(rng, 0, untried)
                for a in range(N_ACTIONS):
                    if mask[a] and n_edge[node, a] == 0.0:
                        if k == 0:
                            best = a
                            break
                        k -= 1
            else:
                for a in range(N_ACTIONS):
                    if mask[a]:
                        u = w_edge[node, a] / n_edge[node, a] + c_explore * np.sqrt(
                            np.log(avail[node, a]) / n_edge[node, a])
                        if u > best_u:
                            best_u = u
                            best = a
            path_node[depth] = node
            path_action[depth] = best
            depth += 1
            nxt = child[node, best]
            if nxt < 0 or depth >= max_depth:
                if nxt < 0 and depth < max_depth and n_nodes < nodes:
                    child[node, best] = n_nodes
                    n_nodes += 1
                # 4. Play the game out with every seat's own bot.
                status = _step(W, Rw, T, P, P_bots, Q, H, score_out, turns_out, game_out,
                               mask, best, True)
                reward = _win_share(game_out, p) if status == OVER else 0.0
                break
            node = nxt
            status = _step(W, Rw, T, P, P, Q, H, score_out, turns_out, game_out, mask,
                           best, False)
            if status == OVER:
                reward = _win_share(game_out, p)
                break
            if status != WAITING:
                reward = 0.0
                break
        if depth > deepest:
            deepest = depth
        for i in range(depth):
            n_edge[path_node[i], path_action[i]] += 1.0
            w_edge[path_node[i], path_action[i]] += reward
        stats[ST_ITERATIONS] += 1
    for a in range(N_ACTIONS):
        visits[a] = n_edge[0, a]
        values[a] = w_edge[0, a]
    stats[ST_NODES] = n_nodes
    stats[ST_MAX_DEPTH] = deepest
