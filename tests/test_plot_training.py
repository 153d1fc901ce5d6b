"""`domsim plot RUN_DIR`: a training run's curve (sim.analysis.plot.plot_training).

The run is the Adventures policy this checkout ships (experiments/results/learn/adventures:
its curve.csv and policy.json, copied), so the chart is drawn from a real training's curve.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pandas as pd

from sim.analysis import plot

RUN = Path(__file__).resolve().parent.parent / "experiments" / "results" / "learn" / "adventures"


def _run_dir(tmp_path: Path) -> Path:
    d = tmp_path / "run"
    d.mkdir()
    for name in ("curve.csv", "policy.json"):
        shutil.copy(RUN / name, d / name)
    return d


def test_plot_draws_a_training_runs_curve_into_its_folder(tmp_path, capsys):
    d = _run_dir(tmp_path)
    assert plot.is_training_run(d) and not plot.is_training_run(tmp_path)
    assert plot.main([str(d), "--format", "png"]) == 0
    png = d / "training-curve.png"
    assert str(png) in capsys.readouterr().out
    from PIL import Image

    pixels = np.asarray(Image.open(png).convert("L"), np.float64)
    assert pixels.shape[0] > 500 and pixels.std() > 10     # axes, lines and text drawn
    # Run again: refused unless --force, as every domsim output.
    assert plot.main([str(d), "--format", "png"]) == 2
    assert "training-curve.png already exists; give --force" in capsys.readouterr().err
    assert plot.main([str(d), "--format", "png", "--force"]) == 0


def test_the_curve_chart_has_one_line_per_league_bot_and_the_entropy():
    curve = pd.read_csv(RUN / "curve.csv")
    fig = plot.training_curve(curve, {"kingdom": ["Peasant"], "decisions": "buy"})
    top, low = fig.axes[:2]
    opponents = list(dict.fromkeys(curve["opponent"]))
    assert [t.get_text() for t in top.get_legend().get_texts()] == opponents
    assert low.get_ylabel() == "policy entropy"
    assert len(low.lines[0].get_xdata()) == curve["iteration"].nunique()


def test_an_empty_curve_is_a_one_line_error(tmp_path, capsys):
    d = tmp_path / "run"
    d.mkdir()
    (d / "curve.csv").write_text("wall_s,iteration,games,steps,opponent,win_rate,eval_games,"
                                 "train_win_rate,entropy\n")
    assert plot.main([str(d)]) == 2
    assert "holds no evaluation yet" in capsys.readouterr().err
