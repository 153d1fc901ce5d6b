"""A trained policy at compiled speed: its forward pass and whole games inside numba.

    player = CompiledPolicy.of(PolicyBot("experiments/results/learn/first-game"))
    action = player.act(state)              # == PolicyBot.act(state), one decision
    done, S = player.play(game, seeds, first, score, turns, game_rows)   # whole games

PolicyBot plays this way by default (``PolicyBot.play_compiled``, which
sim.env.agent.play_agent_batch calls for every seating of a batch); ``PolicyBot(dir,
compiled=False)`` decides in Python instead: per decision it writes the seat's
observation, takes the policy's columns as ``sign(x) * log1p(|x|)``, multiplies them by
every weight (numpy), and the game is advanced by the state API, one call into compiled
code per decision (~2 ms a First Game game of 28 decisions).  Here the same decisions
are taken inside the engine's own batch (sim.engine.game.run_batch), every core and
Dask as for any bot:

* the seam: the engine asks every decision through the first member of its call table
  ``H`` (layout H_DECIDE, a first-class function); a game with policy seats gets
  :func:`policy_decide` there, installed from above (:func:`seam_calls`; the engine
  imports nothing of this).  It answers the policy's decisions at its seats inside the
  engine's turn (no stop, no replay) and hands every other question to the engine's own
  decider.  It finds the weights through a table past the state (layout AG_POLICY,
  :func:`policy_table`: addresses of this process's arrays, never pickled);
* the seats are agent seats (sim.env.state.Game) told to play on past any script
  (layout AG_PLAYOUT), so the engine asks them the questions it asks a stopped game's
  agent seats; an agent seat's script, where it has one (a search's resumed game),
  answers first, as in sim.engine.decide.seat_answer;
* the observation (:func:`sim.env.core.observe`) and the legal actions
  (:func:`sim.env.core.legal_mask`) are the state API's own, written from the live game
  at the question (the state API writes them from its copy of the game as asked: the
  same numbers), so a game is the same game, decision for decision, as PolicyBot's
  through :class:`sim.env.State` (tests/test_policy_compiled.py plays both, and the
  path before the seam, :meth:`CompiledPolicy.play_stopping`: advanced by
  :func:`sim.env.core.answer`, which stops at each question and resumes there);
* the features are looked up, not computed: every observation entry is a whole number
  within the observation bounds (sim.env.core.OBS_LOW/OBS_HIGH), so a table of
  :func:`sim.learn.policy.features` over those numbers gives exactly PolicyBot's float32
  values, rounding included (no second log1p that could round differently);
* the first layer reads only the non-zero features (about 70 of 294 for First Game,
  gathered first); every layer adds its rows in order, 64 outputs at a time held in
  vector registers (:func:`_add_tile`); the logits head is computed only at the legal
  actions (the rest are masked anyway);
  :func:`forward` runs in float64, as PolicyBot; tanh is one exp each, computed in
  arithmetic that vectorizes (fdlibm's exp: libm's was 40% of a decision);
* the seam asks :func:`forward_fast` first: the same pass in float32 (the weights are
  float32 as trained), trusted where its best logit is above every other legal one by
  more than its rounding could move them (CHECK_ABS, CHECK_REL: a hundredfold the
  ~1e-5 seen), else :func:`forward` decides: the action is always the float64 pass's
  (where the margin is that small, ~1 question in 2,000, the float64 pass runs too).
  Its first layer keeps, per policy, its sum over the columns that say which cards are
  in the game, for the values they had (:func:`_first_layer`: the same every question
  of a kingdom), and gathers the other columns' non-zero entries run by run
  (:func:`column_runs`).  At a buy it asks no legal_mask: it ranks every candidate and
  asks the legality of the best few only (:func:`forward_fast_buy`);
* with a prior (``prior_w`` != 0, sim.learn.prior) the fallback bot's answer comes from
  :func:`sim.env.core.bot_answer`, as ``State.bot_action`` asks it: on the live game,
  the fields it sets put back, and a copy of the streams.

The argmax takes the first of equal logits, as numpy's does.  Logits agree with
PolicyBot's to rounding (the sums run in another order, tanh is one exp: ~1e-15).

The search bot plays its playouts with a policy the same way (``mcts:playout=<policy>``,
sim.learn.bot.PolicyBot.playout_calls): the searched games carry the policy table, and
their rule-bot seats ask every decision through the decider (:func:`asking_programs`).

Speed (experiments/bench_policy.py, experiments/results/bench_policy_tiles.txt): the
First Game policy against BMU plays ~10,000-10,700 games per CPU-second on the shared
2-core VM, beside 8,200-8,700 before the tiles in the same minutes (one busier pair of
runs: 6,666 against 7,079; the runs move by up to 30% with the other jobs, and
callgrind's count is the steady figure: ~29,000 instructions a policy decision, 33,800
before), 12x the Python path.  A policy decision (28.5
a game) costs ~3 us, most of it the forward pass: ~2.4 us timed alone, more inside a
game, where the engine's turns push the weights (~100 KB read a question: the first
layer's rows, the second layer whole) out of the nearest caches; then the legal actions
(sim.engine.legality) and the observation ~0.3.  The same games with the fallback
answering every decision play ~100,000 a CPU-second.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from llvmlite import ir
from numba import carray, njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from sim.cards import N_CARDS
from sim.engine import codes as dc
from sim.engine import layout as L
from sim.engine.agent_seat import A_NONE, answer_of_action
from sim.engine.cardcalls import calls_from_flat
from sim.engine.decide import DECIDE_SIGNATURE
from sim.engine.game import G_FIRST, reset_game_on
from sim.engine.legality import card_ok
from sim.engine.pointers import state_view
from sim.engine.program import F_KIND, K_AGENT
from sim.engine.steps import call_decider
from sim.env import core
from sim.env.search import action_of_answer
from sim.learn.policy import MASKED, Net, features

#: Observation entries are whole numbers within +-FEATURE_LIMIT (sim.env.core's bounds):
#: the feature of each is looked up at ``value + FEATURE_LIMIT``.
FEATURE_LIMIT = int(core.OBS_HIGH)

#: What :func:`play_games` (:meth:`CompiledPolicy.play_stopping`) returns for a game it
#: could not finish (an engine error, a turn of more than AG_MAX answers): its index;
#: else this.
ALL_DONE = -1


def feature_table() -> np.ndarray:
    """float64[2 * FEATURE_LIMIT + 1]: :func:`sim.learn.policy.features` of every whole
    number from -FEATURE_LIMIT to FEATURE_LIMIT (PolicyBot's own float32 values, widened
    as it widens them)."""
    values = np.arange(-FEATURE_LIMIT, FEATURE_LIMIT + 1, dtype=np.float32)
    return features(values[:, None], np.zeros(1, np.int64))[:, 0].astype(np.float64)


@njit(cache=True)
def _feature(v, table):
    """The feature of observation value ``v`` (table lookup; a value off the table, which
    the observation never holds, computed as features() does, in float32)."""
    k = int(v)
    if k == v and -FEATURE_LIMIT <= k <= FEATURE_LIMIT:
        return table[k + FEATURE_LIMIT]
    y = np.float32(np.log1p(np.float32(abs(v))))
    return np.float64(-y if v < 0 else y)


# exp on [-40, 0] as fdlibm's e_exp.c computes it (< 1 ulp), in arithmetic a loop can
# vectorize (libm's exp is one call per element: 256 of them were 40% of a decision).
_LOG2E = 1.44269504088896338700e+00
_LN2_HI = 6.93147180369123816490e-01
_LN2_LO = 1.90821492927058770002e-10
_P1, _P2, _P3 = 1.66666666666666019037e-01, -2.77777777770155933842e-03, 6.61375632143793436117e-05
_P4, _P5 = -1.65339022054652515390e-06, 4.13813679705723846039e-08


@njit(cache=True, error_model="numpy")
def _tanh_all(x, ex, bits):
    """``x[:] = tanh(x)`` from one exp each, ``(1 - e) / (1 + e)`` with ``e = exp(-2|x|)``
    (within 3e-16 of numpy's tanh), vectorized: the exp's reduction to ``2^k exp(r)``
    and its rational approximation in one loop, the scaling by ``2^k`` (its bits, in
    ``bits``) in the next.  ``-2|x|`` below -40 is taken as -40: ``e`` is then under
    1e-17 and ``1 - e`` rounds to 1 either way.  ``ex``, ``bits``: scratch as long.
    (numpy's error model: a division that cannot be by zero then checks for none, and
    the loops vectorize.)"""
    n = len(x)
    for j in range(n):
        y = max(-2.0 * abs(x[j]), -40.0)
        k = np.floor(y * _LOG2E + 0.5)
        hi = y - k * _LN2_HI
        lo = k * _LN2_LO
        r = hi - lo
        t = r * r
        c = r - t * (_P1 + t * (_P2 + t * (_P3 + t * (_P4 + t * _P5))))
        ex[j] = 1.0 - ((lo - (r * c) / (2.0 - c)) - hi)
        bits[j] = (np.int64(k) + 1023) << 52
    scale = bits.view(np.float64)
    for j in range(n):
        e = ex[j] * scale[j]
        t = (1.0 - e) / (1.0 + e)
        x[j] = t if x[j] >= 0 else -t


# tanh in float32 as a rational function (Eigen's generic_fast_tanh_float): odd degree
# 13 over even degree 6, the argument clamped where it rounds to +-1.
_TANH_P = tuple(np.float32(c) for c in (
    -2.76076847742355e-16, 2.00018790482477e-13, -8.60467152213735e-11,
    5.12229709037114e-08, 1.48572235717979e-05, 6.37261928875436e-04,
    4.89352455891786e-03))
_TANH_Q = tuple(np.float32(c) for c in (
    1.19825839466702e-06, 1.18534705686654e-04, 2.26843463243900e-03,
    4.89352518554385e-03))
_TANH_CLAMP = np.float32(7.90531110763549805)


@njit(cache=True, error_model="numpy", fastmath={"contract"})
def _tanh_all32(x):
    """``x[:] = tanh(x)`` for float32 ``x``, in float32: a rational function (``_TANH_P``
    over ``_TANH_Q`` in ``x^2``, times ``x``), within 3e-7 of tanh, sign kept, for
    :func:`forward_fast`, whose choices are checked against float64 where they are close
    (a margin under CHECK_ABS: a thousandfold the ~1e-6 this moves a logit).  Why: one
    loop of multiply-adds and a division, every lane busy, where the exp it replaces
    took a second loop over its bits: ~0.07 us of ~0.17 a layer."""
    p0, p1, p2, p3, p4, p5, p6 = _TANH_P
    q0, q1, q2, q3 = _TANH_Q
    for j in range(len(x)):
        v = min(max(x[j], -_TANH_CLAMP), _TANH_CLAMP)
        v2 = v * v
        p = ((((((p0 * v2 + p1) * v2 + p2) * v2 + p3) * v2 + p4) * v2 + p5) * v2 + p6) * v
        q = ((q0 * v2 + q1) * v2 + q2) * v2 + q3
        x[j] = p / q


@njit(cache=True, inline="always")
def _activate(x, xs, bits):
    """``x[:] = tanh(x)``: :func:`_tanh_all`, or :func:`_tanh_all32` for float32 ``x``
    (``xs``, ``bits``: float64 and int64 scratch as long)."""
    if x.itemsize == 4:
        _tanh_all32(x)
    else:
        _tanh_all(x, xs, bits)


@njit(cache=True, fastmath={"reassoc", "contract"})
def _logit(x, w, bias):
    """``x @ w + bias``, summed in whatever order vectorizes (fastmath's reassociation
    only: the sum moves by rounding, ~1e-16 relative)."""
    z = x.dtype.type(0)
    for i in range(len(x)):
        z += x[i] * w[i]
    return z + bias


@njit(cache=True)
def _heads(top, n_h, WpT, bp, mask, logits, prior, prior_w):
    """``logits[a] = top[:n_h] @ WpT[a] + bp[a]`` at each legal action ``a``
    (:func:`_logit`), ``prior_w`` added at action ``prior`` (-1: none), MASKED
    elsewhere; and, as they are written (no second pass over every action): (the first
    legal action of the highest logit, by how much its logit is above every other legal
    one's: inf where it is the only one; -1 and inf where none is legal)."""
    x = top[:n_h]
    best = -1
    top1 = top2 = -np.inf
    for a in range(len(mask)):
        if mask[a] == 0:
            logits[a] = MASKED
            continue
        logits[a] = _logit(x, WpT[a], bp[a])
        if a == prior:
            logits[a] += prior_w
        v = np.float64(logits[a])
        if v > top1:
            best, top1, top2 = a, v, top1
        elif v > top2:
            top2 = v
    return best, (top1 - top2) if best >= 0 else np.inf


@njit(cache=True, fastmath={"contract"})
def _add_rows(obs, columns, lo, hi, table, W, out, xs, rows):
    """``out += features(obs[columns[lo:hi]]) @ W0[lo:hi]``: the non-zero features only
    (most of an observation is zeros: ~70 of 294 for First Game), gathered first
    (``xs``, ``rows``: scratch as long as ``columns``), then one row of W0 (row major)
    each, added to ``out`` in column order, one fused multiply-add per product.

    Why the gather has no branch: whether an entry is zero is a coin flip the branch
    predictor loses (a compare and a skip cost more than writing every entry and
    counting the non-zero ones); the features are looked up after, for those only.  Why
    by tiles (:func:`_add_gathered`, :func:`_add_tile`): ``out`` is loaded and stored
    once a tile, not once per product; each ``out[j]`` still takes its products one
    after the other, in column order, so the sums are those of one row at a time, bit
    for bit."""
    n_out = len(out)
    k = 0
    for i in range(lo, hi):
        v = obs[columns[i]]
        rows[k] = i * n_out
        xs[k] = v
        k += v != 0.0
    _add_gathered(k, table, W, out, xs, rows)


@intrinsic
def _trailing_zeros(typingctx, x):
    """The number of trailing zero bits of the integer ``x`` (LLVM's cttz: one
    instruction; ``x`` must not be 0)."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return x(x), codegen


@njit(cache=True, fastmath={"contract"})
def _add_runs(obs, runs, table, W, out, xs, rows):
    """:func:`_add_rows` over the columns of ``runs`` (:func:`column_runs`: each a run of
    at most 64 columns that read consecutive observation entries): the same rows in the
    same order, the same sums, bit for bit.  Why: a run's entries are read as they lie
    (no column index to load first) into a 64-bit word of which are non-zero, and only
    those are visited (one trailing-zero count each): ~70 of ~280 entries for First
    Game, where the branchless gather spent ~1 ns on every entry."""
    n_out = len(out)
    k = 0
    for r in range(len(runs)):
        at, i0, n = runs[r, 0], runs[r, 1], runs[r, 2]
        src = obs[at:at + n]
        bits = np.uint64(0)
        for t in range(n):
            bits |= np.uint64(src[t] != 0.0) << np.uint64(t)
        while bits != 0:
            t = np.int64(_trailing_zeros(bits))
            rows[k] = (i0 + t) * n_out
            xs[k] = src[t]
            k += 1
            bits &= bits - np.uint64(1)
    _add_gathered(k, table, W, out, xs, rows)


def column_runs(columns: np.ndarray) -> np.ndarray:
    """int64[n, 3]: ``columns`` from :func:`kept_size` on as runs for :func:`_add_runs`:
    (the observation entry it starts at, the column it starts at, how many), each run
    columns that read consecutive entries, at most 64 (a 64-bit word of them)."""
    out = []
    i = kept_size(columns)
    while i < len(columns):
        j = i + 1
        while j < len(columns) and j - i < 64 and columns[j] == columns[j - 1] + 1:
            j += 1
        out.append((columns[i], i, j - i))
        i = j
    return np.array(out, np.int64).reshape(-1, 3)


#: :func:`_add_tile`'s width: the outputs it sums at once, each pass over the rows.
TILE = 64


@intrinsic
def _add_tile(typingctx, out, W, rows, xs, k, j0):
    """``out[j0:j0 + TILE] += xs[:k] @ W0[rows[:k], j0:j0 + TILE]``: for each of the ``k``
    gathered rows in order, ``out[j] += xs[r] * W[rows[r] + j]`` (``xs[r]`` rounded to
    ``out``'s dtype first, the product widened from W's), one multiply-add per product
    that may be fused (fastmath's contract), as :func:`_add_gathered`'s loop adds them:
    the same chain for every ``out[j]``, the same bits.

    Why LLVM IR written out: the TILE sums are held in vector registers across the
    rows (32-byte vectors, a phi each), so a row costs a broadcast and TILE / lanes
    loads and multiply-adds, and ``out`` is loaded and stored once a tile.  Written in
    numba, the loop over ``j`` is the one LLVM vectorizes, and it loads and stores
    ``out`` at every step of the rows (four rows a step: ~3x the time, the first layer's
    largest part); LLVM's vectorizers keep no vector sums across an outer loop.
    ``out`` and ``W``: float32 or float64 contiguous arrays; ``rows`` int64, ``xs``
    float32 or float64."""
    if not (isinstance(out, types.Array) and isinstance(W, types.Array)
            and isinstance(out.dtype, types.Float) and isinstance(W.dtype, types.Float)
            and W.dtype.bitwidth <= out.dtype.bitwidth):
        return None
    sig = types.void(out, W, rows, xs, k, j0)

    def codegen(context, builder, signature, args):
        out_v, w_v, rows_v, xs_v, n, j = args
        ptrs = [context.make_array(t)(context, builder, v).data
                for t, v in zip(signature.args[:4], args[:4], strict=True)]
        o_p, w_p, r_p, x_p = ptrs
        el = context.get_value_type(signature.args[0].dtype)
        w_el = context.get_value_type(signature.args[1].dtype)
        lanes = 32 // (signature.args[0].dtype.bitwidth // 8)
        vt, wt = ir.VectorType(el, lanes), ir.VectorType(w_el, lanes)
        i64 = ir.IntType(64)
        n = builder.sext(n, i64) if n.type.width < 64 else n
        j = builder.sext(j, i64) if j.type.width < 64 else j
        base = builder.gep(o_p, [j])
        at = [builder.bitcast(builder.gep(base, [ir.Constant(i64, lanes * v)]), vt.as_pointer())
              for v in range(TILE // lanes)]
        init = [builder.load(a, align=1) for a in at]
        pre = builder.block
        loop = builder.function.append_basic_block("tile.rows")
        done = builder.function.append_basic_block("tile.done")
        builder.cbranch(builder.icmp_signed(">", n, ir.Constant(i64, 0)), loop, done)
        builder.position_at_end(loop)
        r = builder.phi(i64)
        sums = [builder.phi(vt) for _ in at]
        x = builder.load(builder.gep(x_p, [r]))
        if x.type != el:
            x = builder.fptrunc(x, el) if isinstance(el, ir.FloatType) else builder.fpext(x, el)
        x = builder.insert_element(ir.Constant(vt, ir.Undefined), x, ir.Constant(ir.IntType(32), 0))
        x = builder.shuffle_vector(x, ir.Constant(vt, ir.Undefined),
                                   ir.Constant(ir.VectorType(ir.IntType(32), lanes), [0] * lanes))
        off = builder.load(builder.gep(r_p, [r]))
        off = builder.sext(off, i64) if off.type.width < 64 else off
        row = builder.gep(w_p, [builder.add(off, j)])
        new = []
        for v, acc in enumerate(sums):
            w = builder.load(builder.bitcast(builder.gep(row, [ir.Constant(i64, lanes * v)]),
                                             wt.as_pointer()), align=1)
            if w_el != el:
                w = builder.fpext(w, vt)
            new.append(builder.fadd(acc, builder.fmul(x, w, flags=("contract",)),
                                    flags=("contract",)))
        r_next = builder.add(r, ir.Constant(i64, 1))
        end = builder.block
        builder.cbranch(builder.icmp_signed("<", r_next, n), loop, done)
        r.add_incoming(ir.Constant(i64, 0), pre)
        r.add_incoming(r_next, end)
        for acc, a, b in zip(sums, init, new, strict=True):
            acc.add_incoming(a, pre)
            acc.add_incoming(b, end)
        builder.position_at_end(done)
        final = [builder.phi(vt) for _ in at]
        for acc, a, b in zip(final, init, new, strict=True):
            acc.add_incoming(a, pre)
            acc.add_incoming(b, end)
        for acc, a in zip(final, at, strict=True):
            builder.store(acc, a, align=1)
        return context.get_dummy_value()

    return sig, codegen


@njit(cache=True, fastmath={"contract"})
def _add_gathered(k, table, W, out, xs, rows):
    """``out += features(xs[:k]) @ W0[rows]``: the gathered non-zero entries ``xs`` (their
    features looked up here, in place) of the rows starting at ``rows`` (see
    :func:`_add_rows`), added by :func:`_add_products`."""
    for r in range(k):      # _feature's lookup written out: as a call, ~4 ns a feature
        v = xs[r]
        j = np.int64(v)
        xs[r] = table[j + FEATURE_LIMIT] if j == v and -FEATURE_LIMIT <= j <= FEATURE_LIMIT \
            else _feature(v, table)
    _add_products(k, xs, W, out, rows)


@njit(cache=True, fastmath={"contract"})
def _add_products(k, xs, W, out, rows):
    """``out += xs[:k] @ W[rows]`` (each row ``len(out)`` weights from ``rows[r]``), row
    after row, one multiply-add per product: :func:`_add_tile` by TILE outputs, the rest
    (past the last whole tile) four rows at a time, the same chain of products."""
    n_out = len(out)
    j0 = 0
    while j0 + TILE <= n_out:
        _add_tile(out, W, rows, xs, k, j0)
        j0 += TILE
    if j0 == n_out:
        return
    as_out = out.dtype.type
    r = 0
    while r + 4 <= k:
        x0, x1, x2, x3 = as_out(xs[r]), as_out(xs[r + 1]), as_out(xs[r + 2]), as_out(xs[r + 3])
        w0 = W[rows[r]:rows[r] + n_out]
        w1 = W[rows[r + 1]:rows[r + 1] + n_out]
        w2 = W[rows[r + 2]:rows[r + 2] + n_out]
        w3 = W[rows[r + 3]:rows[r + 3] + n_out]
        for j in range(j0, n_out):
            o = out[j]
            o += x0 * w0[j]
            o += x1 * w1[j]
            o += x2 * w2[j]
            o += x3 * w3[j]
            out[j] = o
        r += 4
    while r < k:
        x = as_out(xs[r])
        w = W[rows[r]:rows[r] + n_out]
        for j in range(j0, n_out):
            out[j] += x * w[j]
        r += 1


@njit(cache=True)
def _dense(src, n_in, W, w_at, b, b_at, dst, n_out, rows):
    """``dst[:n_out] = src[:n_in] @ W + b`` (before the activation), W's rows from ``w_at``
    (row major [n_in, n_out], as the first layer's), b's from ``b_at``: the bias, then
    the rows in order (:func:`_add_products`; ``rows``: int64 scratch [n_in], their
    offsets).  Why rows, not a dot product per output: :func:`_add_tile` holds TILE
    outputs' sums in registers, where each dot product ended in a horizontal sum and
    left a remainder loop: ~2,700 instructions and ~35 mispredicted branches fewer a
    First Game decision (callgrind), the same time alone (~1 us: the 64 KB of weights
    come from L2 either way)."""
    for i in range(n_in):
        rows[i] = w_at + i * n_out
    out = dst[:n_out]
    out[:] = b[b_at:b_at + n_out]
    _add_products(n_in, src, W, out, rows[:n_in])


@njit(cache=True)
def _first_layer(obs, columns, table, W, b, out, xs, rows, kept, kept_vals, runs=None):
    """``out = features(obs[columns]) @ W0 + b0`` (before the activation), summed row by
    row in column order (:func:`_add_rows`; ``xs``, ``rows``: its scratch).

    With ``kept`` (else None), the sum is taken up after the first ``len(kept_vals)``
    columns where they read what they read last time: ``kept[:len(out)]`` holds the
    sum so far after them for the values ``kept_vals``, valid where ``kept[-1]`` is 1.
    Why: the first columns are the observation's first section, which cards are in the
    game (sim.env.core.observe), the same at every question of a kingdom: ~17 of the
    ~70 rows a First Game question adds, each a row of weights read from memory.  The
    sum is the same chain of products either way: the same bits.  With ``runs`` (with
    ``kept`` only: :func:`column_runs` of ``columns``), the columns after those are
    gathered run by run (:func:`_add_runs`): the same bits again."""
    n_out = len(out)
    if kept is None:
        out[:] = b[:n_out]
        _add_rows(obs, columns, 0, len(columns), table, W, out, xs, rows)
        return
    n_pre = len(kept_vals)
    same = kept[n_out] != 0
    for i in range(n_pre):
        v = obs[columns[i]]
        same &= kept_vals[i] == v
        kept_vals[i] = v
    part = kept[:n_out]
    if not same:
        part[:] = b[:n_out]
        _add_rows(obs, columns, 0, n_pre, table, W, part, xs, rows)
        kept[n_out] = 1
    out[:] = part
    if runs is None:
        _add_rows(obs, columns, n_pre, len(columns), table, W, out, xs, rows)
    else:
        _add_runs(obs, runs, table, W, out, xs, rows)


def kept_size(columns: np.ndarray) -> int:
    """How many leading ``columns`` :func:`_first_layer` keeps a sum after: those that
    read the observation's first section (which cards are in the game)."""
    n = 0
    while n < len(columns) and columns[n] < N_CARDS:
        n += 1
    return n


@njit(cache=True, inline="always")
def trunk(obs, columns, table, sizes, W, b, h, kept=None, kept_vals=None, runs=None):
    """The trunk's top activations for ``obs`` (weights and scratch as :func:`forward`
    takes them): which row of ``h`` holds them, its first ``sizes[-1]`` entries.  One
    trunk for the policy's logits and for its value head (sim.learn.puct).  The
    activations are in ``h``'s dtype: float64 (scratch [4, max(sizes)]), or float32 for
    :func:`forward_fast` (scratch [4, 2 max(sizes)]: rows 2 and 3 are then as many
    float64 and int64 words as float64 scratch has).  ``kept``, ``kept_vals``, ``runs``:
    see :func:`_first_layer`."""
    k = len(sizes) - 1
    n_out = sizes[1]
    xs = h[2].view(np.float64)
    bits = h[3].view(np.int64)
    a0 = h[0][:n_out]
    _first_layer(obs, columns, table, W, b, a0, xs, bits, kept, kept_vals, runs)
    _activate(a0, xs[:n_out], bits[:n_out])
    w_at = sizes[0] * sizes[1]
    b_at = sizes[1]
    cur = 0
    for layer in range(1, k):
        n_in, n_out = sizes[layer], sizes[layer + 1]
        _dense(h[cur], n_in, W, w_at, b, b_at, h[1 - cur], n_out, bits)
        _activate(h[1 - cur][:n_out], xs[:n_out], bits[:n_out])
        w_at += n_in * n_out
        b_at += n_out
        cur = 1 - cur
    return cur


@njit(cache=True)
def forward(obs, mask, prior, prior_w, columns, table, sizes, W, b, WpT, bp, h, logits):
    """The policy's masked logits (``logits``, MASKED at illegal actions) and its action:
    the first legal action of the highest logit.  ``obs``: the observation (float32);
    ``mask``: the legal actions; ``prior``: the action ``prior_w`` is added at (-1: none).
    Weights: ``sizes`` [n_in, h1, ..., hk], ``W``/``b`` the trunk's layers flat, in order
    (each row major [in, out]), ``WpT`` the policy head transposed [A, hk], ``bp`` its
    bias; ``h`` scratch [4, max(sizes)]."""
    top = h[trunk(obs, columns, table, sizes, W, b, h)]
    n_h = sizes[len(sizes) - 1]
    return _heads(top, n_h, WpT, bp, mask, logits, prior, prior_w)[0]


#: :func:`forward_fast` trusts its float32 choice where the best logit is above every
#: other legal one by more than this (absolute, plus relative to the best logit's size);
#: else the float64 pass decides.  The float32 logits are within ~1e-5 of the float64
#: ones at the committed policies' questions (tests/test_policy_compiled.py measures
#: it): this is a hundredfold room.
CHECK_ABS, CHECK_REL = 1e-3, 1e-4


@njit(cache=True)
def forward_fast(obs, mask, prior, prior_w, columns, table, sizes, W32, b32, WpT32, bp32,
                 h32, logits32, kept, kept_vals, runs=None):
    """:func:`forward`'s action from float32 arithmetic (the weights float32 as trained,
    and float32 biases ``b32``/``bp32``; ``h32`` scratch [4, 2 max(sizes)] float32,
    ``logits32`` float32[N_ACTIONS]; ``kept``, ``kept_vals``: the first layer's kept sum,
    ``runs``: its columns as runs, :func:`_first_layer`): (action, sure).  Not sure
    (False) where the best two logits are too close for float32's rounding to rank them (CHECK_ABS,
    CHECK_REL): the caller then asks :func:`forward`, so the action is always the float64
    pass's.  Why: a float32 product is half the bytes and twice the products an
    instruction, and the float64 pass's products were most of a decision's time."""
    top = h32[trunk(obs, columns, table, sizes, W32, b32, h32, kept, kept_vals, runs)]
    n_h = sizes[len(sizes) - 1]
    best, margin = _heads(top, n_h, WpT32, bp32, mask, logits32, prior, prior_w)
    room = CHECK_ABS + CHECK_REL * abs(np.float64(logits32[best])) if best >= 0 else 0.0
    return best, margin > room


@njit(cache=True, inline="always")
def lazy_legal(d):
    """Decision ``d`` is a buy (a card, an Event or "none", which is always legal): the
    float32 pass may then rank its candidates first and ask the legality of only the
    best few (:func:`forward_fast_buy`), not of every card as
    :func:`sim.env.core.legal_mask` does (~55 ns a card: 17 cards a First Game buy, most
    of them never in the running)."""
    return dc.DEC_DOMAIN[d] == dc.DOM_BUY and dc.DEC_ANSWER[d] == dc.ANS_CARD and \
        dc.DEC_NONE[d] == dc.NONE_ALWAYS


@njit(cache=True)
def buy_candidates(D, T, cand):
    """The actions a buy (:func:`lazy_legal`) may answer, ascending, into ``cand``; how
    many: where sim.engine.legality.answers looks for them (the game's ids, layout
    GAME_IDS, then its Events), and "none" (A_NONE, after every card id).  Each card is
    legal where sim.engine.legality.card_ok says so (:func:`buy_legal`), "none" always
    (tests/test_policy_compiled.py checks the two give legal_mask's actions)."""
    n = 0
    for i in range(D[L.GAME_IDS_N]):
        cand[n] = D[L.GAME_IDS + i]
        n += 1
    for i in range(T[L.N_EVENTS]):
        cand[n] = T[L.EVENT_IDS + i]
        n += 1
    cand[n] = A_NONE
    return n + 1


@njit(cache=True, inline="always")
def buy_legal(D, T, p, d, arg, a):
    """Candidate ``a`` of :func:`buy_candidates` is a legal answer to buy ``d``."""
    return a == A_NONE or card_ok(D, T, p, d, arg, a, False)


@njit(cache=True)
def buy_mask(D, T, p, d, arg, mask, cand):
    """:func:`sim.env.core.legal_mask` of a buy (:func:`lazy_legal`) from
    :func:`buy_candidates` and :func:`buy_legal`: what :func:`forward_fast_buy` takes the
    legal actions to be (for the tests); how many."""
    mask[:] = 0
    n = 0
    for i in range(buy_candidates(D, T, cand)):
        if buy_legal(D, T, p, d, arg, cand[i]):
            mask[cand[i]] = 1
            n += 1
    return n


@njit(cache=True)
def forward_fast_buy(obs, D, T, p, d, arg, prior, prior_w, columns, table, sizes, W32, b32,
                     WpT32, bp32, h32, logits32, kept, kept_vals, cand, runs=None):
    """:func:`forward_fast` at a buy (:func:`lazy_legal`) of seat ``p`` of the game ``D``
    without its legal actions: the logits of every candidate (:func:`buy_candidates`,
    into ``cand``: int32 scratch [N_ACTIONS]; ``logits32``: their logits, in their
    order), then the candidates in order of logit, the highest first (of equal ones, the
    lowest action first), asked whether legal (:func:`buy_legal`) until two are: the
    first is the first legal action of the highest logit, as forward_fast's, and the
    margin its logit has is over the second's, the highest of the other legal ones; the
    same (action, sure).  Why: a First Game buy has ~18 candidates, ~12 of them legal,
    and asking a card's legality costs more than its logit (~55 ns against ~10); the
    best two are legal after a few asks."""
    top = h32[trunk(obs, columns, table, sizes, W32, b32, h32, kept, kept_vals, runs)]
    n_h = sizes[len(sizes) - 1]
    x = top[:n_h]
    n = buy_candidates(D, T, cand)
    for i in range(n):
        a = cand[i]
        logits32[i] = _logit(x, WpT32[a], bp32[a])
        if a == prior:
            logits32[i] += prior_w
    best = -1
    top1 = top2 = -np.inf
    for _ in range(n):
        k = -1
        v = -np.inf
        for i in range(n):      # the highest left (the first of equal ones); none: -1
            if cand[i] >= 0 and (k < 0 or logits32[i] > v or
                                 (logits32[i] == v and cand[i] < cand[k])):
                k, v = i, np.float64(logits32[i])
        a = cand[k]
        cand[k] = -1            # asked
        if buy_legal(D, T, p, d, arg, a):
            if best < 0:
                best, top1 = a, v
            else:
                top2 = v
                break
    room = CHECK_ABS + CHECK_REL * abs(top1)
    return best, (top1 - top2) > room


@njit(cache=True)
def _prior(D, R, T, P, Q, H_flat, p, d, arg, Dc, Rc, copy):
    """The action seat ``p``'s own bot takes at this question (State.bot_action): asked on
    copies of the game ``D`` and its streams ``R`` (``copy``: the game resumes from ``D``
    itself), or on ``D`` and ``R`` themselves where nothing reads them after."""
    if copy:
        Dc[:] = D
        Rc[:, :] = R
        D, R = Dc, Rc
    return action_of_answer(core.bot_answer(D, R, T, P, Q, H_flat, p, d, arg), d)


@njit(cache=True)
def decide(D, R, T, P, Q, H_flat, mask, obs, Dc, Rc, copy, prior_w, net, h, logits):
    """The policy's action for the question the game ``D`` (a state, stopped) asks of its
    seat, from that seat's observation (PolicyBot.act); the prior asked as
    :func:`_prior` says."""
    p, d, arg = D[L.AG_WAIT_P], D[L.AG_WAIT_D], D[L.AG_WAIT_ARG]
    core.observe(D, T, p, True, obs)
    prior = -1
    if prior_w != 0.0:
        prior = _prior(D, R, T, P, Q, H_flat, p, d, arg, Dc, Rc, copy)
    columns, table, sizes, W, b, WpT, bp = net
    return forward(obs, mask, prior, prior_w, columns, table, sizes, W, b, WpT, bp, h, logits)


@njit(cache=True)
def play_games(S, R, template, T, P, Q, H_flat, n_players, seat_bots, seeds, first,
               policy_seat, takes, prior_w, net, score, turns, game_rows):
    """Play game ``i`` of ``seeds``/``first`` as sim.env.agent.play_agent_batch plays it
    with a PolicyBot: started as sim.env.State starts it, every question an agent seat is
    asked answered by the policy (its seats ``policy_seat``, its decisions ``takes``) or
    by the seat's own bot, and played on by :func:`sim.env.core.answer`.  Outcomes into
    row ``i`` of ``score``/``turns``/``game_rows``.  Returns ALL_DONE, or the index of the
    first game that failed (an engine error; nothing after it is played).  ``S`` keeps
    the last game (its log, when ``template`` has log rows)."""
    mask = np.zeros(core.N_ACTIONS, np.int8)
    obs = np.zeros(core.OBS_SIZE, np.float32)
    Dc = np.empty(L.LOG, np.int32)
    Rc = np.empty_like(R)
    sizes = net[2]
    h = np.zeros((4, sizes.max()), np.float64)
    logits = np.zeros(core.N_ACTIONS, np.float64)
    for i in range(len(seeds)):
        S[:] = template
        reset_game_on(S, R, T, 0, seeds[i], n_players, seat_bots)
        S[L.V + L.V_CUR] = core.first_player(R, n_players, first[i])
        game_rows[i, G_FIRST] = S[L.V + L.V_CUR]
        status = core.go_on(S, R, T, P, P, Q, H_flat, score[i:i + 1], turns[i:i + 1],
                            game_rows[i:i + 1], mask)
        while status == core.WAITING:
            D = S[:L.LOG]       # the game as asked: the prior asks copies of it
            p, d = D[L.AG_WAIT_P], D[L.AG_WAIT_D]
            if policy_seat[p] and takes[d]:
                a = decide(D, R, T, P, Q, H_flat, mask, obs, Dc, Rc, True, prior_w, net, h,
                           logits)
            else:
                a = _prior(D, R, T, P, Q, H_flat, p, d, D[L.AG_WAIT_ARG], Dc, Rc, True)
            status = core.answer(S, R, T, P, Q, H_flat, score[i:i + 1], turns[i:i + 1],
                                 game_rows[i:i + 1], mask, a)
            if status < 0:      # (the policy's and the bots' answers are legal)
                return i
        if status == core.FAILED:
            return i
    return ALL_DONE


# ----------------------------------------------------------------------------- the seam
# The engine asks every decision through the first member of its call table ``H``
# (layout H_DECIDE: sim.engine.decision_pair's pair, a first-class function of
# DECIDE_SIGNATURE).  A game with a policy seat gets :func:`policy_decide` there instead,
# installed from above (:func:`seam_calls`): it answers the policy's decisions of its
# seats and hands every other question to the engine's own decider.  Where the weights
# are: a table past the state (layout AG_POLICY says where; POL_* below), each entry an
# address split into two int32s.
POL_H, POL_HN, POL_SEATS = 0, 2, 4      # the engine's own H (flat addresses), its length,
POL_SIZE = POL_SEATS + 2 * L.MAX_PLAYERS  # then each seat's policy header (0: none)
# A policy header (int64): where each array is and how long, the weights' width, prior_w.
# For the float32 pass (forward_fast): HD_B32, HD_BP32 the biases as float32, HD_KEPT and
# HD_KEPT_VALS the first layer's kept sum (_first_layer), HD_SCRATCH a decision's arrays
# (_scratch_layout), HD_RUNS the columns after the kept ones as runs (column_runs).
(HD_COLUMNS, HD_TABLE, HD_SIZES, HD_W, HD_B, HD_WPT, HD_BP, HD_TAKES, HD_B32, HD_BP32,
 HD_KEPT, HD_KEPT_VALS, HD_SCRATCH, HD_RUNS) = range(0, 28, 2)
HD_WIDE, HD_PRIOR, HD_N = 28, 29, 30


@intrinsic
def _at(typingctx, addr, dtype):
    """The address ``addr`` (an integer) as a typed pointer to ``dtype`` (np.float32...)."""
    ty = getattr(dtype, "instance_type", None)
    if not isinstance(addr, types.Integer) or not isinstance(ty, types.Number):
        return None
    sig = types.CPointer(ty)(addr, dtype)

    def codegen(context, builder, signature, args):
        return builder.inttoptr(args[0], context.get_value_type(signature.return_type))

    return sig, codegen


@njit(cache=True, inline="always")
def _address(S, k):
    """The address stored at ``S[k]`` (low half) and ``S[k + 1]`` (high half)."""
    return (np.int64(S[k]) & 0xFFFFFFFF) | (np.int64(S[k + 1]) << 32)


@njit(cache=True)
def _own_decide(S, R, T, P, Q, hooks, p, d, arg, h_at, h_n):
    """The engine's own decider (the game's H, flat at ``h_at``) for this question."""
    if T[L.T_ADV]:
        H2 = carray(_at(h_at, np.int64), (1, h_n))
        return call_decider(calls_from_flat(H2)[L.H_DECIDE], S, R, T, P, Q, hooks, p, d, arg)
    H1 = carray(_at(h_at, np.int64), h_n)
    return call_decider(calls_from_flat(H1)[L.H_DECIDE], S, R, T, P, Q, hooks, p, d, arg)


@intrinsic
def _streams_on_stack(typingctx, R):
    """A copy of the streams ``R`` (a C-contiguous [N_STREAMS, RNG_WIDTH] array, as
    :func:`policy_decide` views them) in the stack frame of the function that asks it:
    valid until that function returns.  Why: ``R.copy()`` is a heap allocation, its
    reference count and a free at every policy decision (the prior asks its bot on a
    copy); the frame's is free, and each nested decision (a search's playouts asking
    the same policy inside the prior) has its own frame, as it had its own copy."""
    if not (isinstance(R, types.Array) and R.ndim == 2 and R.layout == "C"):
        return None
    out_ty = types.Array(R.dtype, 2, "C")

    def codegen(context, builder, signature, args):
        src = context.make_array(signature.args[0])(context, builder, args[0])
        el = context.get_data_type(signature.args[0].dtype)
        size = context.get_abi_sizeof(el)
        n = L.N_STREAMS * L.RNG_WIDTH
        buf = cgutils.alloca_once(builder, el, size=n)
        cgutils.raw_memcpy(builder, buf, src.data, ir.Constant(ir.IntType(64), n), size)
        out = context.make_array(signature.return_type)(context, builder)
        intp = lambda k: context.get_constant(types.intp, k)  # noqa: E731
        context.populate_array(out, data=buf, shape=[intp(L.N_STREAMS), intp(L.RNG_WIDTH)],
                               strides=[intp(L.RNG_WIDTH * size), intp(size)],
                               itemsize=intp(size), meminfo=None)
        return out._getvalue()

    return out_ty(R), codegen


@njit(cache=True)
def _own_answer(D, R, T, P, Q, p, d, arg, h_at, h_n):
    """:func:`sim.env.core.bot_answer` (the seat's own bot's answer, the prior) asked of
    the live game ``D``: the fields it sets and the one a pair decision writes
    (V_PENDING) are put back, the streams are a copy (:func:`_streams_on_stack`; ``R``:
    [N_STREAMS, RNG_WIDTH]): the game goes on as if it had not been asked."""
    keep = (D[L.AG_TAKES + d], D[L.V + L.V_LOG_ON], D[L.V + L.V_PENDING])
    Rc = _streams_on_stack(R)
    if T[L.T_ADV]:
        r = core.bot_answer(D, Rc, T, P, Q, carray(_at(h_at, np.int64), (1, h_n)), p, d, arg)
    else:
        r = core.bot_answer(D, Rc, T, P, Q, carray(_at(h_at, np.int64), h_n), p, d, arg)
    D[L.AG_TAKES + d], D[L.V + L.V_LOG_ON], D[L.V + L.V_PENDING] = keep
    return r


@njit(cache=True)
def _scratch_layout(n_h):
    """Byte offsets in a policy's scratch (HD_SCRATCH) of a decision's float32 logits,
    its legal-action mask (int8) [N_ACTIONS], float32 trunk scratch [4, 2 n_h]
    (``n_h``: max(sizes)) and a buy's candidates (int32 [N_ACTIONS],
    :func:`forward_fast_buy`), after its observation (float32[OBS_SIZE]) at 0; and the
    scratch's size.  Each 64-byte aligned (a cache line)."""
    logits_at = (4 * core.OBS_SIZE + 63) // 64 * 64
    mask_at = logits_at + (4 * core.N_ACTIONS + 63) // 64 * 64
    h_at = mask_at + (core.N_ACTIONS + 63) // 64 * 64
    cand_at = h_at + (32 * n_h + 63) // 64 * 64
    return logits_at, mask_at, h_at, cand_at, cand_at + (4 * core.N_ACTIONS + 63) // 64 * 64


@njit(cache=True)
def _policy_action(D, R, T, P, Q, p, d, arg, hd_at, h_at, h_n):
    """The policy's action (header ``hd``) for seat ``p``'s question ``d``: from the
    observation :func:`sim.env.core.observe` writes for it and the legal actions
    :func:`sim.env.core.legal_mask` marks, as :func:`decide` does on a stopped game.

    The prior (the seat's own bot's answer) is asked first: that bot may play games
    whose seats ask this same policy (a search's playouts), which write the policy's
    scratch (HD_SCRATCH) and kept sum; they are done before this decision writes them.
    The code is single-threaded (it holds the GIL) and a header is this process's."""
    D[L.AG_WAIT_P] = p      # the question, as the agents' block records it when asked
    D[L.AG_WAIT_D] = d
    D[L.AG_WAIT_ARG] = arg
    hd = carray(_at(hd_at, np.int64), HD_N)
    prior_w = carray(_at(hd_at + 8 * HD_PRIOR, np.float64), 1)[0]
    prior = -1
    if prior_w != 0.0:
        prior = action_of_answer(_own_answer(D, R, T, P, Q, p, d, arg, h_at, h_n), d)
    columns = carray(_at(hd[HD_COLUMNS], np.int64), hd[HD_COLUMNS + 1])
    table = carray(_at(hd[HD_TABLE], np.float64), hd[HD_TABLE + 1])
    sizes = carray(_at(hd[HD_SIZES], np.int64), hd[HD_SIZES + 1])
    b = carray(_at(hd[HD_B], np.float64), hd[HD_B + 1])
    bp = carray(_at(hd[HD_BP], np.float64), hd[HD_BP + 1])
    n_h = sizes[len(sizes) - 1]
    n_a = hd[HD_BP + 1]
    m = sizes.max()
    if hd[HD_WIDE]:
        obs = np.empty(core.OBS_SIZE, np.float32)
        mask = np.empty(core.N_ACTIONS, np.int8)
        core.observe(D, T, p, True, obs)
        core.legal_mask(D, T, p, d, arg, mask)
        W = carray(_at(hd[HD_W], np.float64), hd[HD_W + 1])
        WpT = carray(_at(hd[HD_WPT], np.float64), (n_a, n_h))
        return forward(obs, mask, prior, prior_w, columns, table, sizes, W, b, WpT, bp,
                       np.empty((4, m), np.float64), np.empty(core.N_ACTIONS, np.float64))
    at = hd[HD_SCRATCH]
    logits_at, mask_at, h32_at, cand_at, _ = _scratch_layout(m)
    obs = carray(_at(at, np.float32), core.OBS_SIZE)
    logits32 = carray(_at(at + logits_at, np.float32), core.N_ACTIONS)
    mask = carray(_at(at + mask_at, np.int8), core.N_ACTIONS)
    h32 = carray(_at(at + h32_at, np.float32), (4, 2 * m))
    core.observe(D, T, p, True, obs)
    W32 = carray(_at(hd[HD_W], np.float32), hd[HD_W + 1])
    WpT32 = carray(_at(hd[HD_WPT], np.float32), (n_a, n_h))
    b32 = carray(_at(hd[HD_B32], np.float32), hd[HD_B32 + 1])
    bp32 = carray(_at(hd[HD_BP32], np.float32), hd[HD_BP32 + 1])
    kept = carray(_at(hd[HD_KEPT], np.float32), hd[HD_KEPT + 1])
    kept_vals = carray(_at(hd[HD_KEPT_VALS], np.float32), hd[HD_KEPT_VALS + 1])
    runs = carray(_at(hd[HD_RUNS], np.int64), (hd[HD_RUNS + 1] // 3, 3))
    if lazy_legal(d):
        cand = carray(_at(at + cand_at, np.int32), core.N_ACTIONS)
        a, sure = forward_fast_buy(obs, D, T, p, d, arg, prior, prior_w, columns, table,
                                   sizes, W32, b32, WpT32, bp32, h32, logits32, kept,
                                   kept_vals, cand, runs)
        if sure:
            return a
        core.legal_mask(D, T, p, d, arg, mask)
    else:
        core.legal_mask(D, T, p, d, arg, mask)
        a, sure = forward_fast(obs, mask, prior, prior_w, columns, table, sizes, W32, b32,
                               WpT32, bp32, h32, logits32, kept, kept_vals, runs)
        if sure:
            return a
    return forward(obs, mask, prior, prior_w, columns, table, sizes, W32, b, WpT32, bp,
                   np.empty((4, m), np.float64), np.empty(core.N_ACTIONS, np.float64))


@njit(cache=True, inline="always")
def _scripted(S, P, p, d):
    """Seat ``p`` is an agent seat that the engine's own decider answers here: outside a
    playout (layout AG_PLAYOUT), always (a search replays the turn so far as the game
    played it: its script, or a stop, for the decisions agents take, the seat's own bot
    for the rest: sim.engine.agent_seat.agent_answer); in a playout, while its script
    has answers.  Past the script a playout's policy answers, as in
    sim.engine.decide.seat_answer a seat's script comes before its hook."""
    if P[S[L.BOT + p] * L.P_WIDTH + L.PF_FLAGS + F_KIND] < K_AGENT:
        return False
    return S[L.AG_PLAYOUT] == 0 or (S[L.AG_TAKES + d] != 0 and S[L.AG_POS] < S[L.AG_LEN])


@njit(cache=True)
def policy_decide(S, R, T, P, Q, hooks, p, d, arg):
    """The engine's decider in a game with policy seats (H[H_DECIDE], :func:`seam_calls`):
    seat ``p``'s policy answers the decisions it takes, inside the engine's own turn (no
    stop, no replay); the engine's own decider everything else."""
    at = S[L.AG_POLICY]
    h_at = _address(S, at + POL_H)
    h_n = S[at + POL_HN]
    hd_at = _address(S, at + POL_SEATS + 2 * p)
    if hd_at != 0 and not _scripted(S, P, p, d):
        hd = carray(_at(hd_at, np.int64), HD_N)
        if carray(_at(hd[HD_TAKES], np.uint8), hd[HD_TAKES + 1])[d]:
            D = state_view(S)
            Ta = carray(T, L.TABLE_SIZE)
            Ra = carray(R, (L.N_STREAMS, L.RNG_WIDTH))
            Pa = carray(P, 1)
            Qa = carray(Q, 1)
            a = _policy_action(D, Ra, Ta, Pa, Qa, p, d, arg, hd_at, h_at, h_n)
            return answer_of_action(a, d)
    return _own_decide(S, R, T, P, Q, hooks, p, d, arg, h_at, h_n)


def _on_cache_lines(a: np.ndarray) -> np.ndarray:
    """A contiguous copy of ``a`` that starts on a cache line (64 bytes).  Why: the forward
    pass reads its weights in 32-byte vectors, row after row (each row a multiple of 64
    bytes long for the committed policies); numpy starts an array on 16 bytes only, and
    where a row starts 16 or 48 bytes into a line, every other vector spans two lines
    (two loads): which one a process got moved its games/CPU-s by ~10%, from run to run."""
    buf = np.zeros(a.nbytes + 64, np.uint8)
    at = -buf.ctypes.data % 64
    out = buf[at:at + a.nbytes].view(a.dtype).reshape(a.shape)
    out[...] = a
    return out


def _narrow(w: np.ndarray) -> np.ndarray:
    """``w`` as float32 when that holds every weight exactly (a trained policy's are
    float32: PolicyBot widens them), else as it is: each product ``x * w`` is then the
    same float64 product, from half the memory (the weights are read from memory at
    every decision, and reading them was most of a decision's time)."""
    w32 = w.astype(np.float32)
    return w32 if np.array_equal(w32.astype(w.dtype), w) else w


@dataclass
class CompiledPolicy:
    """A policy's weights as the compiled forward pass reads them (see the module)."""

    columns: np.ndarray      # int64 [n_in]: the observation entries it reads
    table: np.ndarray        # float64: feature_table()
    sizes: np.ndarray        # int64 [n_in, h1, ..., hk]
    W: np.ndarray            # float32 or float64 (_narrow): the trunk's weights, flat
                             # (each layer row major [in, out])
    b: np.ndarray            # float64: the trunk's biases, flat
    WpT: np.ndarray          # float32 or float64 (_narrow) [A, hk]: the policy head
    bp: np.ndarray           # float64 [A]
    prior_w: float
    takes: np.ndarray        # bool [N_DECISIONS]: the decisions it answers

    @classmethod
    def from_net(cls, net: Net, columns: np.ndarray, prior_w: float,
                 decisions) -> CompiledPolicy:
        """From a network (any float dtype: widened to float64, as PolicyBot widens it),
        its observation columns, prior weight and decision codes."""
        sizes = np.asarray([net.W[0].shape[0]] + [w.shape[1] for w in net.W], np.int64)
        takes = np.zeros(dc.N_DECISIONS, np.bool_)
        takes[sorted(decisions)] = True
        f64 = np.float64
        return cls(np.ascontiguousarray(columns, np.int64), feature_table(), sizes,
                   _narrow(np.concatenate([w.astype(f64).ravel() for w in net.W])),
                   np.concatenate([x.astype(f64).ravel() for x in net.b]),
                   _narrow(np.ascontiguousarray(net.Wp.astype(f64).T)),
                   net.bp.astype(f64).copy(), float(prior_w), takes)

    @classmethod
    def of(cls, bot) -> CompiledPolicy:
        """The compiled policy of a :class:`sim.learn.bot.PolicyBot`."""
        return cls.from_net(bot.net, bot.columns, bot.prior_w, bot.decisions)

    def net(self) -> tuple:
        """The weights as :func:`decide` takes them."""
        return (self.columns, self.table, self.sizes, self.W, self.b, self.WpT, self.bp)

    def logits(self, state) -> tuple[int, np.ndarray]:
        """(action, masked logits [N_ACTIONS]) for the question ``state`` (a sim.env.State
        waiting on a seat) asks: what :meth:`act` decides, with its logits."""
        g = state.game
        R = state.R
        obs = np.zeros(core.OBS_SIZE, np.float32)
        Dc = np.empty(L.LOG, np.int32)
        h = np.zeros((4, int(self.sizes.max())), np.float64)
        logits = np.zeros(core.N_ACTIONS, np.float64)
        a = decide(state.D, R, g.T, g.P, g.Q, g.H, state.mask, obs, Dc, np.empty_like(R),
                   True, self.prior_w, self.net(), h, logits)
        return int(a), logits

    def act(self, state) -> int:
        """The policy's action at ``state``'s question (as PolicyBot.act)."""
        return self.logits(state)[0]

    def header(self) -> np.ndarray:
        """int64[HD_N]: where :func:`policy_decide` finds this policy (HD_*): the
        addresses of its arrays in this process, built once a process (never pickled:
        an address means nothing in another process)."""
        if getattr(self, "_header", None) is None:
            wide = self.W.dtype == np.float64 or self.WpT.dtype == np.float64
            W = self.W.astype(np.float64 if wide else np.float32)
            WpT = np.ascontiguousarray(self.WpT, np.float64 if wide else np.float32)
            takes = self.takes.astype(np.uint8)
            m = int(self.sizes.max())
            kept = np.zeros(int(self.sizes[1]) + 1, np.float32)     # (not valid yet)
            kept_vals = np.zeros(kept_size(self.columns), np.float32)
            size = _scratch_layout(m)[-1]
            scratch = np.zeros(size, np.uint8)
            arrays = tuple(_on_cache_lines(a) for a in (
                self.columns, self.table, self.sizes, W, self.b, WpT, self.bp, takes,
                self.b.astype(np.float32), self.bp.astype(np.float32), kept, kept_vals,
                scratch, column_runs(self.columns).ravel()))
            hd = np.zeros(HD_N, np.int64)
            for k, a in enumerate(arrays):
                assert a.flags.c_contiguous
                hd[2 * k] = a.ctypes.data
                hd[2 * k + 1] = a.size
            hd[HD_WIDE] = int(wide)
            hd[HD_PRIOR] = np.float64(self.prior_w).view(np.int64)
            self._header = hd
            self._header_arrays = arrays     # kept alive while the header is
        return self._header

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state.pop("_header", None)
        state.pop("_header_arrays", None)
        return state

    def seam_state(self, game, log: bool = False, policies: dict | None = None
                   ) -> tuple[np.ndarray, np.ndarray]:
        """A batch state (sim.engine.state.new_state) of ``game`` (a sim.env.Game whose
        agent seats this policy plays, or ``policies``: {seat: CompiledPolicy} for each)
        for :func:`policy_decide`: its agents' block marks the game's decisions (each
        seat's policy answers those it takes) and says the seats play on past any script
        (AG_PLAYOUT: the engine asks the same questions as of a stopped game's agent
        seat), and the table of AG_POLICY lists the game's own decider and the policy at
        each seat.  ``game`` must outlive the state (the table holds its call table's
        address)."""
        from sim.engine.state import new_state
        from sim.env.state import LOG_ROWS

        S, R = new_state(game.T, game.config.turn_cap, LOG_ROWS if log else 0)
        for d in game.decisions:
            S[L.AG_TAKES + d] = 1
        S[L.AG_PLAYOUT] = 1
        out = np.zeros(len(S) + POL_SIZE, np.int32)
        out[:len(S)] = S
        out[L.V + L.V_SIZE] = len(out)
        out[L.AG_POLICY] = len(S)
        out[len(S):] = policy_table(game, policies or dict.fromkeys(game.agents, self))
        return out, R

    def play(self, game, seeds: np.ndarray, first: np.ndarray, score: np.ndarray,
             turns: np.ndarray, game_rows: np.ndarray, *, log: bool = False,
             policies: dict | None = None) -> tuple[int, np.ndarray]:
        """Play the games of ``seeds`` (first seats ``first``) of ``game`` (a sim.env.Game
        whose agent seats this policy plays, or ``policies``: {seat: CompiledPolicy} for
        each) into ``score``/``turns``/``game_rows``, in the engine's own batch
        (sim.engine.game.run_batch) with :func:`policy_decide` as its decider: (how many
        finished, before any that failed; the last game's state, whose log rows are the
        last game's when ``log``)."""
        from sim.engine.game import batch_entry

        S, R = self.seam_state(game, log, policies)
        n = game.num_players
        g = len(seeds)
        seats = np.ascontiguousarray(np.broadcast_to(game.seat_bots, (g, n)), np.int32)
        rec = np.zeros((0, 1, 1), np.int16)
        done = batch_entry(game.T)(S, R, game.T, game.P, game.Q, seam_calls(game), n, seats,
                         np.ascontiguousarray(seeds, np.uint64),
                         np.ascontiguousarray(first, np.int8), score, turns, game_rows,
                         rec, rec)
        return int(done), S

    def play_stopping(self, game, seeds: np.ndarray, first: np.ndarray, score: np.ndarray,
                      turns: np.ndarray, game_rows: np.ndarray, *, log: bool = False
                      ) -> tuple[int, np.ndarray]:
        """:meth:`play` the way it played before the seam: each game advanced by
        :func:`sim.env.core.answer`, stopping at every decision of an agent seat
        (:func:`play_games`); the same games, kept to measure against
        (experiments/bench_policy.py) and to test the seam by."""
        from sim.env.state import LOG_ROWS

        template, R = game._template(LOG_ROWS if log else 0)
        S = template.copy()
        policy_seat = np.zeros(game.num_players, np.bool_)
        policy_seat[list(game.agents)] = True
        seeds = np.ascontiguousarray(seeds, np.uint64)
        first = np.ascontiguousarray(first, np.int64)
        failed = play_games(S, R, template, game.T, game.P, game.Q, game.H,
                            game.num_players, game.seat_bots, seeds, first, policy_seat,
                            self.takes, self.prior_w, self.net(), score, turns, game_rows)
        return (len(seeds) if failed == ALL_DONE else int(failed)), S


def _put_address(S: np.ndarray, k: int, address: int) -> None:
    """Store ``address`` at ``S[k]`` (low half) and ``S[k + 1]`` (high half)."""
    S[k:k + 2] = np.array([address], np.int64).view(np.int32)


def policy_table(game, seats: dict) -> np.ndarray:
    """int32[POL_SIZE]: the table AG_POLICY points at, for a state of ``game`` (a
    sim.env.Game; it must outlive the table): ``game``'s own decider and, at each seat of
    ``seats`` ({seat: CompiledPolicy}), that policy."""
    out = np.zeros(POL_SIZE, np.int32)
    H = game.H
    assert H.flags.c_contiguous
    _put_address(out, POL_H, H.ctypes.data)
    out[POL_HN] = H.size
    for seat, policy in seats.items():
        _put_address(out, POL_SEATS + 2 * seat, policy.header().ctypes.data)
    return out


def asking_programs(P: np.ndarray, seats) -> np.ndarray:
    """``P`` with the bots of ``seats`` made to ask every decision through the decider:
    a rule bot without a hook takes direct paths to its program for the decisions
    every turn asks (sim.engine.game.play_turn's ``fast``), which would pass a policy
    by; a hook slot that holds the empty hook (sim.engine.hooks.no_hook: it defers
    every decision) turns them off, and changes no answer.  The engine's agent seats
    ask anyway (:meth:`CompiledPolicy.play`); a search's playouts need this."""
    from sim.engine.hooks import MAX_HOOKS
    from sim.engine.program import F_HOOK

    out = P.copy()
    col = L.PF_FLAGS + F_HOOK
    if out[:, col].max() >= MAX_HOOKS:
        raise ValueError(f"a policy's playouts need a free hook slot: {MAX_HOOKS} hooks "
                         "are in this game")
    for seat in seats:
        if out[seat, col] == 0:
            out[seat, col] = MAX_HOOKS       # hooks fill slots from the first: no_hook
    return out


def seam_flat(game) -> np.ndarray:
    """:func:`seam_calls` as flat addresses (sim.engine.cardcalls.flat_addresses, what
    sim.env.core's functions take): ``game.H`` with :func:`policy_decide` as decider."""
    from sim.engine.cardcalls import flat_addresses

    return flat_addresses(seam_calls(game), game.H.ndim == 2)


def seam_calls(game) -> tuple:
    """``game``'s call table (its flat addresses, sim.env.Game.H) as run_batch takes it,
    with :func:`policy_decide` as its deciders (the members the game's kind asks:
    DECIDE_BASE, or DECIDE_ADV and DECIDE_INTRIGUE with Adventures cards, Events or
    Intrigue cards; it hands the questions it does not take to the game's own)."""
    from sim.engine.cardcalls import addresses_from_flat, table_address
    from sim.engine.decision_pair import decision_calls

    adventures = game.H.ndim == 2
    pair = list(decision_calls((), adventures)[0])
    # Every decider a question of this game can reach (sim.engine.steps.call_decider).
    for k in ([L.DECIDE_ADV, L.DECIDE_INTRIGUE] if adventures else [L.DECIDE_BASE]):
        pair[k] = policy_decide
    if not policy_decide.signatures:
        policy_decide.compile(DECIDE_SIGNATURE)
    groups = list(addresses_from_flat(game.H))
    groups[L.H_DECIDE] = table_address(L.H_DECIDE, tuple(pair))
    return tuple(groups)
