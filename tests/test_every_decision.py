"""A policy that takes every decision (issue 49 item 3): a general policy made with fewer
cards widened to every card's inputs (sim.learn.policy.widen_to_columns), the question a
row answers read from its inputs (asked_decisions), and imitation before PPO
(``TrainConfig.imitate``, ``domsim train --imitate``): its gradients, its teacher's
answers, and that it teaches them."""

from __future__ import annotations

import numpy as np
import pytest

from sim.cli import main
from sim.learn import TrainConfig, Trainer, load_policy, train
from sim.learn.policy import (
    UNKNOWN,
    Net,
    asked_decisions,
    features,
    imitation_loss,
    log_softmax,
    widen_to_columns,
)

#: A tiny one-kingdom run: the policy buys, bmu answers the rest.
TINY = dict(kingdom="Chapel,Cellar,Militia,Moat,Remodel,Mine,Workshop,Harbinger,Vassal,"
                    "Bureaucrat", against=("bmu", "self"), games=16, steps=8, minibatch=64,
            hidden=(16,), eval_every=100, eval_games=8, checkpoint_s=1e9)


def _quiet(line: str) -> None:
    pass


def test_widen_keeps_the_policy_and_opens_the_added_actions():
    """The widened network gives the old logits and value wherever the added inputs are
    0; an action the policy was made without (UNKNOWN bias) gets the known card actions'
    mean bias and no weights; a column the wider table lacks is one ValueError line."""
    rng = np.random.default_rng(1)
    net = Net.new(3, (5,), n_actions=8, rng=rng, dtype=np.float64)
    net.bp[:] = rng.standard_normal(8)
    net.bp[[2, 4]] = UNKNOWN                      # cards added since it was made
    columns = np.array([0, 2, 5])
    wider = np.array([0, 1, 2, 5, 7])
    wide = widen_to_columns(net, columns, wider)
    assert wide.W[0].shape == (5, 5) and net.W[0].shape == (3, 5)
    x = rng.standard_normal((4, 3))
    xw = np.zeros((4, 5))
    xw[:, [0, 2, 3]] = x
    mask = np.ones((4, 8), np.int8)
    old_logits, old_value, _ = net.forward(x, mask)
    new_logits, new_value, _ = wide.forward(xw, mask)
    known = [0, 1, 3, 5, 6, 7]
    np.testing.assert_allclose(new_logits[:, known], old_logits[:, known])
    np.testing.assert_allclose(new_value, old_value)
    from sim.cards import N_CARDS

    assert N_CARDS > 8                            # (every action here is a card's)
    assert np.all(wide.Wp[:, [2, 4]] == 0)
    assert np.allclose(wide.bp[[2, 4]], net.bp[known].mean())
    assert np.array_equal(net.W[0], widen_to_columns(net, columns, wider).W[0][[0, 2, 3]])
    with pytest.raises(ValueError, match="lacks") as exc:
        widen_to_columns(net, columns, np.array([0, 2, 7]))
    assert "\n" not in str(exc.value)


def test_asked_decisions_reads_the_question_of_every_row():
    """Over random play on a board of choice cards, the question each row's inputs name
    is the one the engine asks (its wait record), for every decision met."""
    from sim.cards import N_CARDS
    from sim.engine import layout as L
    from sim.learn.policy import feature_columns

    games = Trainer(TrainConfig(decisions="all", iterations=1, **TINY)).sides[0].games
    columns = feature_columns(range(N_CARDS), 2)
    rng = np.random.default_rng(0)
    seen = set()
    for _ in range(300):
        asked = asked_decisions(features(games.obs, columns), columns)
        expected = games.S[:, L.AG_WAIT_D]
        assert np.array_equal(asked, expected)
        seen |= set(expected.tolist())
        games.step(games.sample_actions(rng))
    assert len(seen) >= 8, seen
    assert np.array_equal(asked_decisions(np.zeros((2, 3)), np.array([0, 1, 2])), [-1, -1])


def test_imitation_gradient_matches_finite_differences():
    """imitation_loss's gradients (cross-entropy to soft targets over the legal actions,
    with the prior, and the value loss) agree with central differences, in float64."""
    rng = np.random.default_rng(5)
    net = Net.new(7, (5, 4), n_actions=6, rng=rng, dtype=np.float64)
    net.Wp *= 30
    B = 10
    x = rng.standard_normal((B, 7))
    mask = (rng.random((B, 6)) < 0.6).astype(np.int8)
    mask[np.arange(B), rng.integers(0, 6, B)] = 1
    prior = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
    target = rng.random((B, 6)) * mask
    target /= target.sum(axis=1, keepdims=True)
    ret = rng.standard_normal(B)
    kw = dict(vf_coef=0.5, prior=prior, prior_w=0.7)
    _, stats, grads = imitation_loss(net, x, mask, target, ret, **kw)
    assert 0 <= stats["agree"] <= 1
    eps = 1e-6
    checked = 0
    for a, g in zip(net.arrays(), grads, strict=True):
        flat, gflat = a.reshape(-1), g.reshape(-1)
        for j in rng.choice(flat.size, size=min(flat.size, 6), replace=False):
            keep = flat[j]
            flat[j] = keep + eps
            up = imitation_loss(net, x, mask, target, ret, **kw)[0]
            flat[j] = keep - eps
            down = imitation_loss(net, x, mask, target, ret, **kw)[0]
            flat[j] = keep
            numeric = (up - down) / (2 * eps)
            assert abs(numeric - gflat[j]) <= 1e-6 + 1e-4 * abs(numeric), (a.shape, j)
            checked += 1
    assert checked > 30


@pytest.fixture(scope="module")
def buyer(tmp_path_factory):
    """A policy that buys (bmu answering the rest): the teacher of the runs below."""
    d = tmp_path_factory.mktemp("every") / "buyer"
    train(TrainConfig(seed=2, iterations=3, **TINY), d, progress=_quiet)
    return d


def test_imitation_teaches_the_teacher_then_ppo_goes_on(buyer, tmp_path):
    """A run taking every decision from a buying policy: the teacher's answers are the
    buyer's probabilities at buys and bmu's answer (certain) everywhere else; imitation
    raises the learner's agreement with them, the iterations after it are PPO's, and
    no past snapshot of the untaught start joins a field league."""
    from sim.engine import codes
    from sim.engine import layout as L

    cfg = TrainConfig(seed=3, iterations=40, decisions="all", init=str(buyer), imitate=30,
                      lr=3e-3, **{**TINY, "against": ("bmu",)})
    trainer = Trainer(cfg)
    teacher, _, _, _ = load_policy(buyer)
    assert trainer.teacher is not None
    assert trainer.teacher_takes.tolist() == [d == codes.D_BUY
                                              for d in range(codes.N_DECISIONS)]
    side = trainer.sides[0]
    g = side.games
    from sim.learn.prior import bot_actions

    rng = np.random.default_rng(0)
    for _ in range(200):            # on, until some rows are asked to buy and some not
        buys = g.S[:, L.AG_WAIT_D] == codes.D_BUY
        if buys.any() and (~buys).any():
            break
        g.step(g.sample_actions(rng))
    assert buys.any() and (~buys).any()
    x = features(g.obs, trainer.columns)
    prior = bot_actions(g, np.arange(g.n))
    target = trainer.imitation_targets(x, g.masks, prior)
    np.testing.assert_array_equal(target[~buys].argmax(axis=1), prior[~buys])
    assert np.all(target[~buys].max(axis=1) == 1)
    logits, _, _ = teacher.forward(x[buys], g.masks[buys], prior[buys], cfg.prior)
    np.testing.assert_allclose(target[buys], np.exp(log_softmax(logits)), rtol=1e-5,
                               atol=1e-7)
    # A learner far from its teacher (as a policy meeting questions it never answered):
    # large random action weights.
    trainer.net.Wp[:] = rng.standard_normal(trainer.net.Wp.shape) * 5
    agree = []
    for _ in range(cfg.iterations):
        stats = trainer.iterate()
        if "agree" in stats:
            agree.append(stats["agree"])
        elif trainer.iteration > cfg.imitate and stats["episodes"]:
            assert "clip_frac" in stats               # PPO's statistics after it
    assert len(agree) >= 10
    assert np.mean(agree[:3]) < 0.8 and np.mean(agree[-5:]) > 0.9, agree


def test_past_snapshots_wait_for_the_imitation(buyer):
    """With --imitate, the starting policy is no past snapshot (it would answer the new
    decisions untaught); without, it is."""
    field = dict(TINY, against=("self",), league="field", field_tables=1,
                 board_iterations=2, past_every=2, past_max=2)
    from sim.learn.train import PAST_PREFIX

    assert list(Trainer(TrainConfig(init=str(buyer), iterations=1, **field)).past) == \
        [f"{PAST_PREFIX}0"]
    assert not Trainer(TrainConfig(init=str(buyer), iterations=1, decisions="all",
                                   imitate=4, **field)).past


def test_exploiters_wait_for_the_imitation(buyer, monkeypatch):
    """With --imitate N, the first exploiter is trained exploit_every iterations after the
    imitation ends, not during it (it would beat a policy still answering its new
    decisions untaught); without, exploit_every iterations after the start."""
    field = dict(TINY, against=("self",), league="field", field_tables=1,
                 board_iterations=1, past_every=0, exploit_every=2, exploit_iterations=1)
    for imitate, first in ((0, 2), (3, 5)):
        trainer = Trainer(TrainConfig(init=str(buyer), iterations=1, decisions="all",
                                      imitate=imitate, **field))
        trained: list[int] = []
        monkeypatch.setattr(trainer, "_exploit", lambda t=trainer, seen=trained: (
            seen.append(t.iteration), setattr(t, "exploit_at", t.iteration)))
        for _ in range(first + 1):
            trainer.iterate()
        assert trained == [first], (imitate, trained)


def test_a_general_policy_of_fewer_cards_is_widened(tmp_path):
    """``--init`` a general policy made with fewer cards' inputs (as the 0.11 general
    knew no Intrigue card) on a general run: its weights land on their columns, the
    added columns' rows are 0, and the run's network plays as it did where they are 0."""
    from sim.learn.bot import save_policy

    general = dict(kingdom="random:all", events=("random",), against=("self",),
                   decisions="turn", prior=3.0, games=8, steps=4, minibatch=32,
                   hidden=(16,), eval_every=100, eval_games=4, checkpoint_s=1e9, boards=1,
                   board_iterations=2)
    train(TrainConfig(seed=1, iterations=1, **general), tmp_path / "full", progress=_quiet)
    net, columns, meta, _ = load_policy(tmp_path / "full")
    keep = np.arange(len(columns)) % 3 != 1          # a third of its inputs unknown to it
    small = net.copy()
    small.W[0] = net.W[0][keep]
    (tmp_path / "small").mkdir()
    save_policy(tmp_path / "small", small, columns[keep], meta)
    t = Trainer(TrainConfig(seed=2, iterations=1, init=str(tmp_path / "small"), **general))
    assert np.array_equal(t.columns, columns)
    np.testing.assert_array_equal(t.net.W[0][keep], small.W[0])
    assert np.all(t.net.W[0][~keep] == 0)


@pytest.mark.parametrize("args, message", [
    (["--imitate", "-1"], "--imitate must be at least 0"),
    (["--imitate", "5", "--prior", "0"], "--imitate needs --prior above 0"),
])
def test_imitate_errors_are_one_line(args, message, tmp_path, capsys):
    rc = main(["train", "--iterations", "1", "--out", str(tmp_path / "p")] + args)
    err = capsys.readouterr().err
    assert rc == 2 and message in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "p").exists()


def test_a_run_stopped_during_the_imitation_resumes_to_the_same_weights(buyer, tmp_path):
    """Stopped inside the imitation and resumed, a run ends with the weights of the run
    never stopped (the teacher is rebuilt from --init; the iteration says which loss)."""
    cfg = dict(TINY, against=("bmu",), decisions="all", init=str(buyer), imitate=12, seed=4,
               steps=32)
    train(TrainConfig(iterations=14, **cfg), tmp_path / "whole", progress=_quiet)
    part = train(TrainConfig(iterations=8, **cfg), tmp_path / "split", progress=_quiet)
    assert part.games > 0                       # the imitation trained before the stop
    start = load_policy(buyer)[0]
    assert not np.array_equal(load_policy(tmp_path / "split")[0].Wp, start.Wp)
    train(TrainConfig(iterations=14, **cfg), tmp_path / "split", resume=True, progress=_quiet)
    whole, split = load_policy(tmp_path / "whole")[0], load_policy(tmp_path / "split")[0]
    for x, y in zip(whole.arrays(), split.arrays(), strict=True):
        assert np.array_equal(x, y)
