"""experiments/finetune_minutes.py (issue 49 item 6): the general policy fine-tuned on one
unseen board (``domsim train --init <general> --kingdom K``) in slices, measured against
the board's found bot after each.  These tests check the machinery and that the files
agree with each other on one board, a few seconds of training and 20 games a checkpoint
(``--quick``), never how strong the fine-tuned policy gets."""

from __future__ import annotations

import csv

import pytest

from tests.conftest import experiment


def read(path) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_schedule_ends_at_the_budget():
    fm = experiment("finetune_minutes")
    assert fm.schedule(10, 0.5, 1) == [0.5] + [float(m) for m in range(1, 11)]
    assert fm.schedule(2.5, 0.5, 1) == [0.5, 1, 2, 2.5]
    assert fm.schedule(0.3, 0.5, 1) == [0.3]
    assert fm.schedule(0.1, 0.05, 0.05) == [0.05, 0.1]


def test_merge_keeps_the_other_boards(tmp_path):
    fm = experiment("finetune_minutes")
    path = tmp_path / "s.csv"
    fm.merge(path, [{"board": 5, "x": 1}, {"board": 2, "x": 2}], {2, 5}, ["board", "x"])
    fm.merge(path, [{"board": 2, "x": 3}], {2}, ["board", "x"])
    assert read(path) == [{"board": "2", "x": "3"}, {"board": "5", "x": "1"}]


def test_found_rates_from_the_field_where_the_found_part_was_not_run(tmp_path):
    """A policy whose evaluation ran --part field only (no found.csv): the found bots'
    rows of field.csv choose the boards, the library rows never."""
    fm = experiment("finetune_minutes")
    columns = ["board", "opponent", "kind", "games", "win_rate"]
    with open(tmp_path / "field.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerows([columns, [1, "bmu", "library", 400, 0.2],
                     [1, "found/board-01/best.toml", "found", 400, 0.6],
                     [2, "found/board-02/best.toml", "found", 400, 0.45],
                     [3, "smithy-bm", "library", 400, 0.9],
                     [3, "found/board-03/best.toml", "found", 400, 0.3]])
    assert fm.found_rates(tmp_path) == {1: 0.6, 2: 0.45, 3: 0.3}
    assert fm.default_boards(tmp_path) == [2, 3]
    assert fm.default_boards(tmp_path, 1) == [2]
    with open(tmp_path / "found.csv", "w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows([["board", "win_rate"], [1, 0.4]])
    assert fm.default_boards(tmp_path) == [1]       # found.csv, where it exists, wins
    (tmp_path / "found.csv").unlink()
    (tmp_path / "field.csv").unlink()
    with pytest.raises(Exception, match="field.csv not found"):
        fm.found_rates(tmp_path)


def test_quick_run_files_agree(tmp_path):
    fm = experiment("finetune_minutes")
    out = tmp_path / "ft"
    assert fm.main(["--quick", "--out", str(out), "--boards", "3"]) == 0
    rows = read(out / "checkpoints.csv")
    summary = read(out / "summary.csv")
    assert list(rows[0]) == fm.CHECKPOINT_COLUMNS
    assert list(summary[0]) == fm.SUMMARY_COLUMNS
    assert {r["board"] for r in rows} == {"3"} and len(summary) == 1
    assert [int(r["checkpoint"]) for r in rows] == list(range(len(rows)))
    first, last = rows[0], rows[-1]
    assert (first["train_minutes"], first["games_trained"]) == ("0.0", "0")
    for a, b in zip(rows[:-1], rows[1:], strict=True):      # one run, seen at its checkpoints
        assert float(b["train_minutes"]) > float(a["train_minutes"])
        assert int(b["games_trained"]) > int(a["games_trained"])
        assert int(b["iterations"]) > int(a["iterations"])
        assert float(b["train_cpu_s"]) >= float(a["train_cpu_s"])
    for r in rows:
        assert r["games"] == "20"
        assert float(r["ci_low"]) <= float(r["win_rate"]) <= float(r["ci_high"])
        assert r["beaten"] == str(float(r["ci_low"]) > 0.5)
        assert abs(float(r["train_wall_s"]) / 60 - float(r["train_minutes"])) < 0.01
    s = summary[0]
    assert s["opponent"] == "experiments/results/learn/general/eval/found/board-03/best.toml"
    assert float(s["found_csv_win_rate"]) == pytest.approx(0.19)
    assert s["untuned_win_rate"] == first["win_rate"]
    assert (s["last_minutes"], s["last_games_trained"], s["last_win_rate"]) == \
        (last["train_minutes"], last["games_trained"], last["win_rate"])
    beaten = [r for r in rows if r["beaten"] == "True"]
    if beaten:                              # (20 games: unlikely, but not impossible)
        assert s["minutes_to_beat"] == beaten[0]["train_minutes"]
        assert s["result"].startswith("beaten at")
        assert s["confirmed"] == str(float(s["confirm_ci_low"]) > 0.5)
    else:
        assert s["minutes_to_beat"] == "" and s["result"] == "not within 0.1 min"
        assert float(last["train_minutes"]) >= 0.1     # trained the whole budget
    record = (out / "record.txt").read_text(encoding="utf-8")
    assert "load average (1, 5, 15 min) before:" in record and "wall_s:" in record
    assert "domsim train --init experiments/results/learn/general --kingdom" in record
    assert not (out / "runs").exists()      # --quick leaves no policy folders


def test_init_general_on_one_kingdom_keeps_its_inputs():
    """``domsim train --init <general> --kingdom K``: a one-kingdom run would read only
    the board's entries; from a general policy it reads every card's, as the general
    does, so the weights carry over whole (before: refused, other observation entries)."""
    import numpy as np

    from sim.learn.bot import load_policy
    from sim.learn.train import TrainConfig, Trainer

    general = "bots/data/policies/general"
    net, columns, meta, _ = load_policy(general)
    decisions = meta["decisions"]
    cfg = TrainConfig(kingdom="first-game", against=("big-money", "self"), games=8, steps=2,
                      decisions=decisions if isinstance(decisions, str)
                      else ",".join(decisions), fallback=meta["fallback"],
                      prior=float(meta["prior"]), init=general, iterations=1)
    t = Trainer(cfg)
    assert np.array_equal(t.columns, columns)
    for a, b in zip(t.net.arrays(), net.arrays(), strict=True):
        np.testing.assert_array_equal(a, b)
