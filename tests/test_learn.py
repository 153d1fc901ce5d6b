"""The learned bot (sim.learn): the PPO gradients, legality, reproducibility, checkpoints,
the policy as a bot, ``domsim train``'s errors, and the smoke test (a short training run
beats the random bot)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from bots import resolve_bot
from bots.errors import BotError
from sim.cli import main
from sim.learn import PolicyBot, TrainConfig, Trainer, TrainError, load_policy, train
from sim.learn.policy import MASKED, Net, log_softmax, ppo_loss, sample

#: A tiny run: 2 league tables of 8 games, 4 steps an iteration.
TINY = dict(against=("bmu", "self"), games=16, steps=4, minibatch=32, hidden=(16,),
            eval_every=2, eval_games=8, checkpoint_s=1e9)


def _quiet(line: str) -> None:
    pass


def _minibatch(rng, B=12, n_in=7, A=6):
    x = rng.standard_normal((B, n_in))
    mask = (rng.random((B, A)) < 0.6).astype(np.int8)
    mask[np.arange(B), rng.integers(0, A, B)] = 1          # at least one legal action
    actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
    prior = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
    return x, mask, actions, prior


def test_ppo_gradient_matches_finite_differences():
    """ppo_loss's analytic gradients (the clipped surrogate, the value loss, the entropy
    bonus, the prior) agree with central differences of the loss, in float64."""
    rng = np.random.default_rng(3)
    net = Net.new(7, (5, 4), n_actions=6, rng=rng, dtype=np.float64)
    net.Wp *= 100          # a policy far from uniform: ratios spread over the clip range
    x, mask, actions, prior = _minibatch(rng)
    logits, _, _ = net.forward(x, mask, prior, 0.7)
    logp_now = log_softmax(logits)[np.arange(len(x)), actions]
    # Old log-probabilities a little off, so some ratios are clipped and some are not.
    old = logp_now + rng.normal(0, 0.3, len(x))
    adv = rng.standard_normal(len(x))
    ret = rng.standard_normal(len(x))
    kw = dict(clip=0.2, vf_coef=0.5, ent_coef=0.05, prior=prior, prior_w=0.7)
    _, stats, grads = ppo_loss(net, x, mask, actions, old, adv, ret, **kw)
    assert 0 < stats["clip_frac"] < 1
    eps = 1e-6
    checked = 0
    for a, g in zip(net.arrays(), grads, strict=True):
        assert g.shape == a.shape
        flat, gflat = a.reshape(-1), g.reshape(-1)
        for j in rng.choice(flat.size, size=min(flat.size, 6), replace=False):
            keep = flat[j]
            flat[j] = keep + eps
            up = ppo_loss(net, x, mask, actions, old, adv, ret, need_grad=False, **kw)[0]
            flat[j] = keep - eps
            down = ppo_loss(net, x, mask, actions, old, adv, ret, need_grad=False, **kw)[0]
            flat[j] = keep
            numeric = (up - down) / (2 * eps)
            assert abs(numeric - gflat[j]) <= 1e-6 + 1e-4 * abs(numeric), (a.shape, j)
            checked += 1
    assert checked > 30


def test_masked_actions_are_never_sampled():
    rng = np.random.default_rng(0)
    net = Net.new(7, (8,), n_actions=6, rng=rng, dtype=np.float64)
    net.Wp *= 300
    for _ in range(50):
        x, mask, _, _ = _minibatch(rng, B=64)
        logits, _, _ = net.forward(x, mask)
        assert (logits[mask == 0] == MASKED).all()
        a = sample(logits, rng)
        assert mask[np.arange(len(a)), a].all()
        assert (logits.argmax(axis=1) == a).mean() > 0.5   # it follows the logits


def test_rollout_actions_are_legal_and_games_finish():
    """Rollouts on the real engine (an illegal action would raise in VectorGames.step):
    games end, their rewards are win shares, the learner's steps are its seat's."""
    t = Trainer(TrainConfig(seed=5, **{**TINY, "steps": 40}))
    from sim.learn.ppo import rollout

    episodes = rollout(t.sides, t.net, t.frozen, t.columns, 40, t.rng, prior_w=t.cfg.prior)
    assert episodes
    for ep in episodes:
        assert ep.reward in (0.0, 0.5, 1.0)
        assert ep.mask[np.arange(len(ep.action)), ep.action].all()
        assert ep.mask[np.arange(len(ep.prior)), ep.prior].all()


def _weights(directory) -> list[np.ndarray]:
    net, _, _, _ = load_policy(directory)
    return net.arrays()


def test_same_seed_same_weights(tmp_path):
    runs = {}
    for name, seed in (("a", 1), ("b", 1), ("c", 2)):
        train(TrainConfig(seed=seed, iterations=3, **TINY), tmp_path / name, progress=_quiet)
        runs[name] = _weights(tmp_path / name)
    assert all(np.array_equal(x, y) for x, y in zip(runs["a"], runs["b"], strict=True))
    assert not all(np.array_equal(x, y) for x, y in zip(runs["a"], runs["c"], strict=True))


def test_resume_gives_the_uninterrupted_run(tmp_path):
    """Stopped after 2 iterations (with games in progress) and resumed to 5: the weights
    and the curve's games are those of a run of 5 straight through."""
    cfg = dict(seed=4, **{**TINY, "steps": 10})
    whole = train(TrainConfig(iterations=5, **cfg), tmp_path / "whole", progress=_quiet)
    assert whole.games > 0
    train(TrainConfig(iterations=2, **cfg), tmp_path / "split", progress=_quiet)
    state = json.loads((tmp_path / "split" / "checkpoint.json").read_text())
    assert state["iteration"] == 2
    with np.load(tmp_path / "split" / "checkpoint.npz") as z:
        assert z["side0_traj_len"].sum() > 0 and z["side1_script_len"].sum() > 0
    part = train(TrainConfig(iterations=5, **cfg), tmp_path / "split", resume=True,
                 progress=_quiet)
    assert (part.iterations, part.games, part.steps) == (whole.iterations, whole.games,
                                                         whole.steps)
    for x, y in zip(_weights(tmp_path / "whole"), _weights(tmp_path / "split"), strict=True):
        assert np.array_equal(x, y)
    assert [r["games"] for r in part.curve] == [r["games"] for r in whole.curve]


def test_interrupt_saves_a_checkpoint(tmp_path, monkeypatch):
    """Ctrl-C during training: a checkpoint and a playable policy, then the interrupt."""
    calls = {"n": 0}
    real = Trainer.iterate

    def iterate(self):
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return real(self)

    monkeypatch.setattr(Trainer, "iterate", iterate)
    with pytest.raises(KeyboardInterrupt):
        train(TrainConfig(seed=1, iterations=10, **TINY), tmp_path / "p", progress=_quiet)
    state = json.loads((tmp_path / "p" / "checkpoint.json").read_text())
    assert state["iteration"] == 2
    assert isinstance(resolve_bot(str(tmp_path / "p")), PolicyBot)


#: The interrupted runs below: 5 iterations, checkpoints at every iteration.
SPLIT = dict(seed=4, iterations=5, **{**TINY, "steps": 10})


@pytest.fixture(scope="module")
def whole_run(tmp_path_factory):
    """The uninterrupted run the interrupted ones must end as (weights and curve)."""
    d = tmp_path_factory.mktemp("learn") / "whole"
    result = train(TrainConfig(**SPLIT), d, progress=_quiet)
    assert result.games > 0
    return result, _weights(d)


def _interrupting(calls: dict, k: int, real, *, after: bool = False, every: bool = False):
    """``real`` wrapped to raise KeyboardInterrupt at its k-th call (before the call, or
    after it with ``after``), or at every call from the k-th on with ``every``."""

    def wrapper(*args, **kwargs):
        calls["n"] += 1
        hit = calls["n"] == k or (every and calls["n"] >= k)
        if hit and not after:
            raise KeyboardInterrupt
        out = real(*args, **kwargs)
        if hit:
            raise KeyboardInterrupt
        return out

    return wrapper


def _atomic_path_interrupting(calls: dict, k: int):
    """sim.outputs.atomic_path interrupted, from its k-th use on, once the temporary
    file is written and before it is renamed into place (a save cut anywhere)."""
    import contextlib

    import sim.outputs

    real = sim.outputs.atomic_path

    @contextlib.contextmanager
    def atomic_path(path):
        with real(path) as tmp:
            yield tmp
            calls["n"] += 1
            if calls["n"] >= k:
                raise KeyboardInterrupt

    return atomic_path


# The calls of SPLIT's run (counted once): VectorGames.step 1-31 the first evaluation,
# 32-71 the rollouts of iterations 1 and 2, 72-102 an evaluation, 103-142 iterations 3
# and 4, ...; Net.forward 32-91 rollouts, 92-97 the first update; Adam.step 1-42.
# Five atomic writes a save, a save after every iteration.
@pytest.mark.parametrize("where, k", [
    ("step", 10), ("step", 32), ("step", 45), ("step", 52), ("step", 71), ("step", 80),
    ("step", 120), ("step", 180),
    ("step after", 33), ("step after", 60), ("step after", 71), ("step after", 150),
    ("act", 40), ("act", 95), ("act", 140), ("act", 250),
    ("update", 1), ("update", 20), ("update", 42),
    ("save", 6), ("save", 8), ("save", 9), ("save", 12), ("save", 14),
])
def test_interrupt_anywhere_then_resume_gives_the_uninterrupted_run(
        where, k, whole_run, tmp_path, monkeypatch):
    """Ctrl-C landing inside a rollout (before a game's step, or after it and before
    the step is recorded), in the policy's act, in an update, or in a save (from then on
    every write fails, so the save on the interrupt fails too): the folder keeps a
    consistent checkpoint (a new one or the last good one), and --resume ends with the
    weights and the curve of the run that was never interrupted."""
    import sim.outputs
    from sim.env.vector import VectorGames
    from sim.learn.policy import Adam

    whole, weights = whole_run
    d = tmp_path / "p"
    calls = {"n": 0}
    with monkeypatch.context() as m:
        if where.startswith("step"):
            m.setattr(VectorGames, "step", _interrupting(calls, k, VectorGames.step,
                                                         after=where == "step after"))
        elif where == "act":
            m.setattr(Net, "forward", _interrupting(calls, k, Net.forward))
        elif where == "update":
            m.setattr(Adam, "step", _interrupting(calls, k, Adam.step))
        else:
            m.setattr(sim.outputs, "atomic_path", _atomic_path_interrupting(calls, k))
        with pytest.raises(KeyboardInterrupt):
            train(TrainConfig(**{**SPLIT, "checkpoint_s": 1e-9}), d, progress=_quiet)
    assert calls["n"] >= k                       # it was interrupted where meant
    state = json.loads((d / "checkpoint.json").read_text())
    assert state["iteration"] < SPLIT["iterations"]
    assert not [p.name for p in d.iterdir() if p.name.startswith(".")]  # no temporary left
    part = train(TrainConfig(**SPLIT), d, resume=True, progress=_quiet)
    assert (part.iterations, part.games, part.steps) == (whole.iterations, whole.games,
                                                         whole.steps)
    for x, y in zip(weights, _weights(d), strict=True):
        assert np.array_equal(x, y)
    assert _curve(part.curve) == _curve(whole.curve)


def _curve(rows: list[dict]) -> str:
    """A curve but its times (NaN as text, so that two curves compare)."""
    return json.dumps([{k: v for k, v in r.items() if k != "wall_s"} for r in rows])


def test_a_checkpoint_of_the_previous_format_still_resumes(whole_run, tmp_path):
    """A checkpoint whose state is only in checkpoint.json (checkpoint.npz without it,
    as written before the state moved into the npz) resumes as before."""
    whole, weights = whole_run
    d = tmp_path / "old"
    train(TrainConfig(**{**SPLIT, "iterations": 2}), d, progress=_quiet)
    with np.load(d / "checkpoint.npz") as z:
        arrays = {k: z[k] for k in z.files if k != "state_json"}
    np.savez(d / "checkpoint.npz", **arrays)
    part = train(TrainConfig(**SPLIT), d, resume=True, progress=_quiet)
    assert part.games == whole.games
    for x, y in zip(weights, _weights(d), strict=True):
        assert np.array_equal(x, y)


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGINT")
def test_ctrl_c_on_domsim_train_then_resume(tmp_path):
    """A real SIGINT to ``domsim train``, landing in the rollouts after its 4th
    iteration (wherever exactly: on today's main it nearly always broke the run), then
    ``--resume``: the weights of the run never interrupted."""
    import os
    import signal
    import subprocess

    args = ["train", "--against", "bmu,self", "--games", "16", "--steps", "10", "--hidden",
            "16", "--eval-every", "2", "--eval-games", "8", "--seed", "4", "--iterations",
            "40"]
    assert main(args + ["--out", str(tmp_path / "whole"), "--quiet"]) == 0
    d = tmp_path / "cut"
    root = Path(__file__).resolve().parents[1]
    proc = subprocess.Popen([sys.executable, "-m", "sim.cli", *args, "--out", str(d)],
                            stderr=subprocess.PIPE, text=True, cwd=root,
                            env={**os.environ, "PYTHONPATH": str(root)})
    lines = []
    for line in proc.stderr:
        lines.append(line)
        if line.startswith("iter 4 "):
            time.sleep(0.03)          # into the rollouts that follow
            proc.send_signal(signal.SIGINT)
            break
    rest = proc.stderr.read()
    assert proc.wait(timeout=120) == 130, "".join(lines) + rest
    assert "interrupted: saved" in rest and "Traceback" not in rest, rest
    assert main(args + ["--out", str(d), "--resume", "--quiet"]) == 0
    for x, y in zip(_weights(tmp_path / "whole"), _weights(d), strict=True):
        assert np.array_equal(x, y)


@pytest.fixture(scope="module")
def policy_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("learn") / "policy"
    train(TrainConfig(seed=2, iterations=2, **TINY), d, progress=_quiet)
    return d


def test_resolve_bot_loads_a_policy_directory(policy_dir, tmp_path):
    from sim.runner import Match

    bot = resolve_bot(str(policy_dir))
    assert isinstance(bot, PolicyBot) and bot.name == "policy-policy"
    assert bot.digest in bot.identity()
    res = Match(str(policy_dir), "bmu", games=20, seed=1).play(processes=1, progress=False)
    assert res.summary().loc[bot.name, "games"] == 20
    # Other weights: another identity (a results cache tells them apart).
    other = tmp_path / "other"
    other.mkdir()
    for f in ("policy.json", "policy.npz"):
        (other / f).write_bytes((policy_dir / f).read_bytes())
    net, columns, meta, _ = load_policy(other)
    net.bp[0] += 1.0
    from sim.learn import save_policy

    save_policy(other, net, columns, {k: v for k, v in meta.items() if k != "domsim_policy"})
    assert PolicyBot(other).identity() != bot.identity()
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(BotError, match="not a policy directory"):
        resolve_bot(str(empty))


@pytest.mark.parametrize("table, this", [
    (dict(kingdom="random"), "this game is the kingdom Village, Merchant"),
    (dict(events=["Alms"]), "the Events Alms, 2 players"),
    (dict(players=3), "no Events, 3 players"),
])
def test_a_policy_refuses_a_game_it_was_not_trained_for(policy_dir, table, this):
    """Another kingdom, other Events, another number of players: refused when the run is
    made (before any game), one line naming what it was trained on and what the game
    is."""
    from sim.runner import Match

    bots = [str(policy_dir), "bmu"] + (["smithy-bm"] if table.get("players") == 3 else [])
    with pytest.raises(ValueError) as info:
        Match(*bots, games=3, seed=3, **table)
    text = str(info.value)
    assert text.startswith("policy 'policy-policy' was trained on the kingdom Cellar, Moat, "
                           "Village, Merchant, Workshop, Smithy, Militia, Remodel, Market, "
                           "Mine, no Events, 2 players; this game is "), text
    assert this in text and "\n" not in text


def test_an_older_policy_directory_still_plays(policy_dir, tmp_path):
    """A policy.json without players or Events (written before they were recorded)
    loads and plays its kingdom; it is not checked on what it does not record."""
    from sim.runner import Match

    old = tmp_path / "old"
    old.mkdir()
    (old / "policy.npz").write_bytes((policy_dir / "policy.npz").read_bytes())
    meta = json.loads((policy_dir / "policy.json").read_text())
    del meta["players"], meta["events"]
    (old / "policy.json").write_text(json.dumps(meta))
    res = Match(str(old), "bmu", games=4, seed=1).play(processes=1, progress=False)
    assert res.summary().loc["policy-old", "games"] == 4
    with pytest.raises(ValueError, match=r"trained on the kingdom Cellar, .*, no Events; "
                                         r"this game is the kingdom .*, no Events, 2 players"):
        Match(str(old), "bmu", games=2, kingdom="random", seed=3)


def test_match_with_a_policy_on_another_table_is_one_line(policy_dir, capsys):
    assert main(["match", str(policy_dir), "bmu", "--kingdom", "random", "--games", "2",
                 "--processes", "1", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("domsim: error: policy 'policy-policy' was trained on the kingdom ")
    assert "unexpected" not in err and len(err.strip().splitlines()) == 1, err


def test_policy_bot_sees_only_its_players_observation(policy_dir):
    """Dealt again what its seat cannot see (the other hand, the draw piles' order, the
    future shuffles: State.resample keeps its observation), it answers the same."""
    from sim.env import Game

    bot = PolicyBot(policy_dir)
    game = Game(players=2, bots=[bot.fallback, "smithy-bm"], agents=[0],
                decisions=bot.decisions)
    rng = np.random.default_rng(0)
    compared = 0
    for seed in range(4):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            a = bot.act(state)
            other = state.resample(0, rng)
            assert (other.observation(0) == state.observation(0)).all()
            assert bot.act(other) == a
            compared += 1
            state.apply_action(a)
    assert compared > 40


@pytest.mark.parametrize("args, message", [
    (["--against", "bmu,no-such-bot"], "unknown bot 'no-such-bot'"),
    (["--fallback", "witch-bm"], "fallback bot 'witch-bm' cannot play this kingdom"),
    (["--against", "witch-bm,self"], "league bot 'witch-bm' cannot play"),
    (["--against", "bmu,bmu"], "a bot named twice"),
    (["--hidden", "a,b"], "--hidden"),
    (["--kingdom", "Smithy,Nope"], "Nope"),
])
def test_train_errors_are_one_line(args, message, tmp_path, capsys):
    rc = main(["train", "--iterations", "1", "--out", str(tmp_path / "p")] + args)
    err = capsys.readouterr().err
    assert rc == 2 and message in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "p").exists()       # refused before anything was written


def test_train_out_holding_another_run(policy_dir, tmp_path, capsys):
    assert main(["train", "--iterations", "1", "--out", str(policy_dir)]) == 2
    assert "already holds a training run" in capsys.readouterr().err
    # Resuming with other settings is refused too, naming the first that differs.
    assert main(["train", "--iterations", "3", "--out", str(policy_dir), "--resume",
                 "--against", "bmu,self", "--games", "16", "--steps", "4",
                 "--hidden", "16", "--seed", "9"]) == 2
    assert "its checkpoint is another run (" in capsys.readouterr().err
    assert main(["train", "--out", str(tmp_path / "q")]) == 2
    assert "a budget is needed" in capsys.readouterr().err
    assert main(["train", "--iterations", "1", "--out", str(tmp_path / "q"),
                 "--resume"]) == 2
    assert "holds no checkpoint" in capsys.readouterr().err


@pytest.mark.parametrize("extra, message", [
    (["--out", "/no/such/dir/p"], "folder /no/such/dir does not exist"),
    (["--out", "{policy}"], "already holds a training run"),
    (["--out", "{policy}", "--resume", "--seed", "9"], "its checkpoint is another run (against"),
    (["--out", "{policy}", "--resume", "--force"], "not both"),
    (["--out", "{empty}", "--resume"], "holds no checkpoint"),
])
def test_train_checks_every_argument_before_building_anything(extra, message, policy_dir,
                                                              tmp_path, capsys, monkeypatch):
    """Bad arguments fail at once: no league game is built (a first run compiles the
    engine for minutes before it would have said so)."""

    def build(*args, **kwargs):
        raise AssertionError("the league's games were built")

    monkeypatch.setattr(Trainer, "__init__", build)
    (tmp_path / "empty").mkdir()
    extra = [a.replace("{policy}", str(policy_dir)).replace("{empty}", str(tmp_path / "empty"))
             for a in extra]
    t0 = time.perf_counter()
    assert main(["train", "--iterations", "1"] + extra) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1, err
    assert time.perf_counter() - t0 < 2


def test_train_config_errors():
    with pytest.raises(TrainError, match="at least one league bot"):
        Trainer(TrainConfig(against=()))


def test_smoke_short_training_beats_the_random_bot(tmp_path):
    """The issue's CI smoke test: a short run from scratch (no prior: the untrained
    policy's buys are uniformly random and win about 10% against the random bot), then
    at least 90% of 200 games against the random bot, all within 3 minutes."""
    from sim.runner import Match

    t0 = time.time()
    d = tmp_path / "smoke"
    assert main(["train", "--kingdom", "first-game", "--against", "random,self", "--prior",
                 "0", "--iterations", "20", "--games", "256", "--eval-games", "50",
                 "--seed", "1", "--out", str(d), "--quiet"]) == 0
    res = Match(str(d), "random", games=200, seed=11).play(processes=1, progress=False)
    rate = res.summary().loc["policy-smoke", "win_rate"]
    assert rate >= 0.9, rate
    assert time.time() - t0 < 180


def test_three_players(tmp_path):
    """A 3-player league (the bot in both other seats; self-play: the snapshot in both),
    and the policy at a 3-player table."""
    from sim.runner import Match

    result = train(TrainConfig(seed=1, players=3, iterations=3, **{**TINY, "steps": 12}),
                   tmp_path / "p3", progress=_quiet)
    assert result.games > 0
    res = Match(str(tmp_path / "p3"), "bmu", "smithy-bm", games=12, seed=1).play(
        processes=1, progress=False)
    assert res.summary().loc["policy-p3", "games"] == 12


# ----------------------------------------------------------------------------- general
#: A tiny general run: 2 boards of random kingdoms (both sets) with random Events, new
#: boards every 3 iterations.
GENERAL = dict(kingdom="random:all", events=("random",), against=("bmu", "self"),
               decisions="turn", prior=3.0, games=16, steps=20, minibatch=32, hidden=(16,),
               eval_every=2, eval_games=8, checkpoint_s=1e9, boards=2, board_iterations=3)


def _boards(trainer) -> list[tuple]:
    return [tuple(side.games.game.config.kingdom) + tuple(side.games.game.config.events)
            for side in trainer.sides]


def test_general_run_draws_new_boards_and_resumes_exactly(tmp_path):
    """A general run plays every league bot on each of its boards, draws new boards
    every board_iterations, reads every card's observation entries, and a run stopped
    in the middle of a draw (games in progress on its boards) and resumed has the
    weights of the run never stopped."""
    from sim.cards import N_CARDS
    from sim.learn.policy import feature_columns
    from sim.learn.train import draw_board

    cfg = TrainConfig(seed=5, iterations=1, **GENERAL)
    trainer = Trainer(cfg)
    first = _boards(trainer)
    assert len(first) == 4 and first[0] == first[1] and first[2] == first[3]
    assert first[0] != first[2]
    assert all(len(set(b) - {0}) >= 10 for b in first)
    assert np.array_equal(trainer.columns, feature_columns(range(N_CARDS), 2))
    for _ in range(3):
        trainer.iterate()
    assert _boards(trainer) == first           # the boards of draw 0 for 3 iterations
    trainer.iterate()
    assert trainer.draw == 1 and set(_boards(trainer)).isdisjoint(first)
    assert _boards(trainer)[0] == tuple(draw_board(cfg, 2).kingdom) + \
        tuple(draw_board(cfg, 2).events)

    whole = train(TrainConfig(seed=5, iterations=7, **GENERAL), tmp_path / "whole",
                  progress=_quiet)
    assert whole.games > 0
    train(TrainConfig(seed=5, iterations=4, **GENERAL), tmp_path / "split", progress=_quiet)
    with np.load(tmp_path / "split" / "checkpoint.npz") as z:
        assert z["side0_script_len"].sum() > 0       # games in progress on draw 1's boards
    part = train(TrainConfig(seed=5, iterations=7, **GENERAL), tmp_path / "split",
                 resume=True, progress=_quiet)
    assert (part.iterations, part.games, part.steps) == (whole.iterations, whole.games,
                                                         whole.steps)
    for x, y in zip(_weights(tmp_path / "whole"), _weights(tmp_path / "split"), strict=True):
        assert np.array_equal(x, y)
    meta = json.loads((tmp_path / "whole" / "policy.json").read_text())
    assert meta["general"] is True and meta["kingdom"] == "random:all"


def test_general_policy_plays_any_two_player_kingdom_and_refuses_other_counts(tmp_path):
    """A general policy plays a kingdom it never saw, with or without Events, and refuses
    a 3-player game with one line naming both counts."""
    from sim.engine.config import ConfigError
    from sim.runner import Match

    train(TrainConfig(seed=2, iterations=2, **GENERAL), tmp_path / "g", progress=_quiet)
    res = Match(str(tmp_path / "g"), "bmu", games=6, seed=3,
                kingdom="Smithy,Village,Market,Witch,Moat,Chapel,Ratcatcher,Magpie,Giant,"
                        "Raze", events="Alms,Training").play(processes=1, progress=False)
    assert res.summary().loc["policy-g", "games"] == 6
    res = Match(str(tmp_path / "g"), "bmu", games=4, seed=3).play(processes=1,
                                                                  progress=False)
    assert res.summary().loc["policy-g", "games"] == 4      # First Game
    with pytest.raises(ConfigError, match="plays 2-player games .* this game has 3 players"):
        Match(str(tmp_path / "g"), "bmu", "bmu", games=3, seed=1).play(processes=1,
                                                                       progress=False)
    assert "boards of random:all" in PolicyBot(tmp_path / "g").description


@pytest.mark.parametrize("args, message", [
    (["--against", "smithy-bm,self"], "league bot 'smithy-bm' cannot play every board of "
                                      "random:all: it needs Smithy"),
    (["--fallback", "witch-bm"], "fallback bot 'witch-bm' cannot play every board"),
    (["--boards", "0"], "--boards"),
    (["--kingdom", "random:all,Nope"], "Nope"),
])
def test_general_train_errors_are_one_line(args, message, tmp_path, capsys):
    rc = main(["train", "--kingdom", "random:all", "--events", "random", "--iterations", "1",
               "--against", "bmu,self", "--out", str(tmp_path / "p")] + args)
    err = capsys.readouterr().err
    assert rc == 2 and message in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "p").exists()


@pytest.mark.parametrize("spelled", ["general", "General", " general "])
def test_general_is_a_library_bot(spelled):
    """``general`` is the shipped general policy, by name in any spelling, listed by
    ``domsim bots``."""
    from bots import GENERAL_POLICY, spec_bots

    bot = resolve_bot(spelled)
    assert isinstance(bot, PolicyBot) and bot.name == "general"
    assert bot.meta["general"] is True and bot.directory == GENERAL_POLICY
    assert "general" in dict(spec_bots())


def test_general_plays_a_board_and_refuses_three_players(capsys):
    """The library bot plays an Adventures board with Events it may never have seen
    (seats alternated by the Match), and a 3-player game is one line."""
    assert main(["match", "general", "bmu", "--games", "4", "--seed", "2", "--kingdom",
                 "Amulet,Giant,Raze,Smithy,Village,Witch,Moat,Lost City,Magpie,Ratcatcher",
                 "--events", "Alms,Seaway", "--processes", "1"]) == 0
    assert "general" in capsys.readouterr().out
    assert main(["match", "general", "bmu", "bmu", "--games", "3"]) == 2
    err = capsys.readouterr().err
    assert "plays 2-player games" in err and len(err.strip().splitlines()) == 1, err


def test_general_missing_is_one_line(monkeypatch, tmp_path):
    import bots

    monkeypatch.setattr(bots, "GENERAL_POLICY", tmp_path / "none")
    with pytest.raises(BotError, match="general: the shipped policy is missing") as e:
        resolve_bot("general")
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("where, k", [("redraw", 1), ("redraw", 3), ("redraw", 6),
                                      ("step", 25), ("step", 70)])
def test_general_interrupt_anywhere_then_resume_gives_the_uninterrupted_run(
        where, k, tmp_path, monkeypatch):
    """Ctrl-C in a general run, inside a board redraw (between two sides' new games) or a
    rollout step: --resume ends with the weights of the run never interrupted."""
    from sim.env.vector import VectorGames
    from sim.learn.ppo import Side

    cfg = dict(seed=6, iterations=7, **{**GENERAL, "checkpoint_s": 1e-9})
    train(TrainConfig(**cfg), tmp_path / "whole", progress=_quiet)
    calls = {"n": 0}
    d = tmp_path / "p"
    with monkeypatch.context() as m:
        if where == "redraw":
            m.setattr(Side, "new_games", _interrupting(calls, k, Side.new_games))
        else:
            m.setattr(VectorGames, "step", _interrupting(calls, k, VectorGames.step))
        with pytest.raises(KeyboardInterrupt):
            train(TrainConfig(**cfg), d, progress=_quiet)
    assert calls["n"] >= k
    train(TrainConfig(**cfg), d, resume=True, progress=_quiet)
    for x, y in zip(_weights(tmp_path / "whole"), _weights(d), strict=True):
        assert np.array_equal(x, y)
