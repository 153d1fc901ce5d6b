"""A league of the field (``domsim train --league field``, issue 49 item 2): who is in it
on a board, that its draw favours the opponents the policy does worst against, and that
a run with it completes, reproduces, and resumes after an interrupt anywhere to the
weights of the run never interrupted; ``--init`` starts from a policy's weights."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

from sim.cli import main
from sim.learn import TrainConfig, Trainer, load_policy, train
from sim.learn.train import FIELD_EVAL, PAST_PREFIX, draw_board

#: A tiny general run with a field league: 2 boards of 1 + 3 tables, 4 games each,
#: opponents redrawn every 2 iterations, a past snapshot every 2.
FIELD = dict(kingdom="random:all", events=("random",), against=("self",), decisions="turn",
             prior=3.0, games=32, steps=20, minibatch=64, hidden=(16,), eval_every=2,
             eval_games=16, checkpoint_s=1e9, boards=2, board_iterations=2, league="field",
             field_tables=3, past_every=2, past_max=2)


def _quiet(line: str) -> None:
    pass


def _weights(directory) -> list[np.ndarray]:
    return load_policy(directory)[0].arrays()


def _same(a, b) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(_weights(a), _weights(b), strict=True))


def _library_field(gc) -> set[str]:
    from bots import resolve_bot
    from sim.env.agent import is_agent_bot
    from sim.optimize.report import Board, library_field

    names = library_field(Board("b", tuple(gc.kingdom_names), tuple(gc.event_names)))
    # Compiled bots only: a Python bot another test registered cannot play in the engine.
    from sim.engine.program import F_KIND, K_PYTHON

    return {n for n in names if not is_agent_bot(resolve_bot(n))
            and resolve_bot(n).program().flags[F_KIND] != K_PYTHON}


def test_the_league_of_a_board_is_its_library_field_and_snapshots():
    """Each board's tables: the --against entries first (self), then opponents drawn
    from exactly the library bots that can play that board and the past snapshots; the
    evaluation plays every library bot of the evaluation boards."""
    from bots.requirements import missing, required_cards
    from sim.cards import card_id

    trainer = Trainer(TrainConfig(seed=3, iterations=1, **{**FIELD, "field_tables": 6}))
    per_board = len(trainer.sides) // 2
    assert per_board == 7
    for j in range(2):
        sides = trainer.sides[j * per_board:(j + 1) * per_board]
        gc = sides[0].games.game.config
        assert all(s.games.game.config.kingdom == gc.kingdom for s in sides)
        field = _library_field(gc)
        assert set(trainer.field_names(gc)) == field
        assert {"bmu", "big-money"} <= field and len(field) >= 5
        kingdom = [card_id(c) for c in gc.kingdom_names]
        events = [card_id(e) for e in gc.event_names]
        for name in field:          # every one of them can play the board
            assert not missing(required_cards(trainer.bot(name)), kingdom, events)
        assert sides[0].name == "self" and sides[0].self_play
        drawn = [s.name for s in sides[1:]]
        assert set(drawn) <= field and len(set(drawn)) == 6      # distinct while enough
        assert not any(s.self_play for s in sides[1:])
    eval_boards = [draw_board(trainer.cfg, j, evaluation=True) for j in range(2)]
    assert len(trainer.eval_games[FIELD_EVAL]) == sum(len(_library_field(g))
                                                      for g in eval_boards)

    # a fixed bot of --against has its own table and is not drawn again
    trainer = Trainer(TrainConfig(seed=3, iterations=1, **{**FIELD, "against": ("bmu", "self")}))
    names = [s.name for s in trainer.sides]
    assert names[:2] == ["bmu", "self"] and names.count("bmu") == 2
    gc = trainer.sides[0].games.game.config
    assert "bmu" not in trainer.field_names(gc)


def test_past_snapshots_join_the_league_and_init_is_the_first(tmp_path):
    """With --init, the starting policy is the first past snapshot and the run's first
    weights; a snapshot joins every past_every iterations, the oldest dropped beyond
    past_max, and the tables of a past snapshot have it in the other seats."""
    train(TrainConfig(seed=1, iterations=2, **{**FIELD, "league": "fixed"}),
          tmp_path / "start", progress=_quiet)
    cfg = TrainConfig(seed=3, iterations=1, init=str(tmp_path / "start"), **FIELD)
    trainer = Trainer(cfg)
    assert list(trainer.past) == [f"{PAST_PREFIX}0"]
    for x, y in zip(trainer.net.arrays(), _weights(tmp_path / "start"), strict=True):
        assert np.array_equal(x, y)
    assert trainer.win_rate(f"{PAST_PREFIX}0") == 0.5        # never met: 50%
    for _ in range(7):
        trainer.iterate()
    assert list(trainer.past) == [f"{PAST_PREFIX}4", f"{PAST_PREFIX}6"]
    assert trainer.stats and all(g >= 0 for _, g in trainer.stats.values())
    pool = {n for j in range(2) for n in trainer.field_names(
        trainer.sides[j * 4].games.game.config)} | set(trainer.past) | {"self"}
    assert {s.name for s in trainer.sides} <= pool


def test_the_draw_favours_the_opponents_it_does_worst_against():
    """PFSP: an opponent the policy wins 20% against is drawn far more often than ones
    it wins 90% against; with no games yet, every one is as likely."""
    trainer = Trainer(TrainConfig(seed=3, iterations=1, **{**FIELD, "field_tables": 1}))
    gc = trainer.sides[0].games.game.config
    field = trainer.field_names(gc)
    hard, easy = field[2], [n for n in field if n != field[2]]
    uniform = Counter(trainer.table_names(gc, d, 0)[1] for d in range(2_000))
    assert set(uniform) == set(field)
    assert max(uniform.values()) < 3 * min(uniform.values())
    trainer.stats = {hard: [20.0, 100.0], **{n: [90.0, 100.0] for n in easy}}
    assert trainer.win_rate(hard) == pytest.approx(21 / 102)
    drawn = Counter(trainer.table_names(gc, d, 0)[1] for d in range(2_000))
    # weights (1 - p)^2: 0.63 for the hard one, 0.011 for each easy one
    assert drawn[hard] > 0.7 * 2_000
    assert drawn[hard] > 20 * max(drawn[n] for n in easy)


def test_a_field_run_reproduces_and_resumes_to_the_same_weights(tmp_path):
    """The same seed gives the same weights; another seed, others; a run stopped in the
    middle of a draw (games in progress, past snapshots, counts) and resumed ends with
    the weights of the run never stopped."""
    cfg = dict(seed=3, iterations=9, **FIELD)
    whole = train(TrainConfig(**cfg), tmp_path / "a", progress=_quiet)
    assert whole.games > 0
    train(TrainConfig(**cfg), tmp_path / "b", progress=_quiet)
    assert _same(tmp_path / "a", tmp_path / "b")
    train(TrainConfig(**{**cfg, "seed": 4}), tmp_path / "c", progress=_quiet)
    assert not _same(tmp_path / "a", tmp_path / "c")

    train(TrainConfig(**{**cfg, "iterations": 5}), tmp_path / "split", progress=_quiet)
    state = json.loads((tmp_path / "split" / "checkpoint.json").read_text())
    assert state["league"]["past"] and state["league"]["stats"]
    with np.load(tmp_path / "split" / "checkpoint.npz") as z:
        assert z["side0_script_len"].sum() > 0 and "past0_0" in z.files
    part = train(TrainConfig(**cfg), tmp_path / "split", resume=True, progress=_quiet)
    assert (part.iterations, part.games, part.steps) == (whole.iterations, whole.games,
                                                         whole.steps)
    assert _same(tmp_path / "a", tmp_path / "split")
    # (the stopped run recorded its last iteration, 5, which the whole run did not)
    assert [r["games"] for r in part.curve if r["iteration"] != 5] == \
        [r["games"] for r in whole.curve]
    assert {r["opponent"] for r in whole.curve} == {FIELD_EVAL}
    meta = json.loads((tmp_path / "a" / "policy.json").read_text())
    assert meta["league"] == "field" and meta["field_tables"] == 3


@pytest.mark.parametrize("where, k", [("redraw", 3), ("redraw", 9), ("step", 30),
                                      ("step", 75)])
def test_interrupt_anywhere_then_resume_gives_the_uninterrupted_run(where, k, tmp_path,
                                                                    monkeypatch):
    """Ctrl-C inside a redraw of the opponents (between two tables' new games) or a
    rollout step, a checkpoint every iteration: --resume ends with the weights of the
    run never interrupted."""
    from sim.env.vector import VectorGames
    from sim.learn.ppo import Side
    from tests.test_learn import _interrupting

    cfg = dict(seed=6, iterations=7, **{**FIELD, "checkpoint_s": 1e-9})
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
    assert _same(tmp_path / "whole", d)


def test_fixed_league_checkpoints_keep_their_keys():
    """The default league writes the settings checkpoints had before field leagues, so
    an older run still resumes."""
    keys = TrainConfig().run_keys()
    assert not {"league", "field_tables", "past_every", "past_max", "init"} & set(keys)
    assert {"league", "field_tables", "past_every", "past_max"} <= set(
        TrainConfig(league="field").run_keys())


def test_domsim_train_field_league_and_init(tmp_path, capsys):
    """From the command line: a field league fine-tuning a policy, then its errors in
    one line (an --init that is no policy, or of other layer widths)."""
    d = tmp_path / "start"
    base = ["train", "--kingdom", "random:all", "--events", "random", "--decisions", "turn",
            "--prior", "3", "--boards", "2", "--board-iterations", "2", "--games", "32",
            "--steps", "20", "--hidden", "16", "--eval-every", "2", "--eval-games", "16",
            "--iterations", "2", "--seed", "1", "--quiet"]
    assert main(base + ["--against", "bmu,self", "--out", str(d)]) == 0
    out = tmp_path / "tuned"
    assert main(base + ["--league", "field", "--against", "self", "--init", str(d),
                        "--out", str(out)]) == 0
    meta = json.loads((out / "policy.json").read_text())
    assert meta["init"] == str(d) and meta["league"] == "field"
    capsys.readouterr()
    assert main(base + ["--against", "self", "--init", str(tmp_path),
                        "--out", str(tmp_path / "x")]) == 2
    err = capsys.readouterr().err
    assert "--init" in err and err.count("\n") == 1
    assert main(base + ["--against", "self", "--init", str(d), "--hidden", "8",
                        "--out", str(tmp_path / "y")]) == 2
    err = capsys.readouterr().err
    assert "its layers are 16" in err and err.count("\n") == 1
