"""The game viewer (sim.analysis.viewer): `domsim play ... --html FILE`.

The page's data is checked against the game (the points it follows from the log end at
the scores the engine logged; the Supply starts at the rulebook's piles), and the page
itself is opened in a real headless browser (Chromium from the system packages: apt-get
install chromium), stepped to a turn by its URL fragment: the DOM after the JavaScript ran
names that turn's cards and scores, and a screenshot is not blank.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent
DISTANT_LANDS = ("Duplicate,Magpie,Messenger,Miser,Port,Ranger,Transmogrify,Artificer,"
                 "Distant Lands,Lost City")


def _page_data(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    m = re.search(r'<script id="game" type="application/json">(.*?)</script>', text, re.S)
    return json.loads(m.group(1).replace("<\\/", "</"))


def _play_html(tmp_path: Path, *args: str) -> tuple[Path, subprocess.CompletedProcess]:
    out = tmp_path / "game.html"
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-m", "sim.cli", "play", *args, "--html", str(out)],
                       capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    return out, r


@pytest.mark.parametrize("bots,kingdom", [(("smithy-bm", "bmu"), None),
                                          (("distant-lands-bm", "bmu"), DISTANT_LANDS)])
def test_the_steps_follow_the_game_to_its_logged_scores(bots, kingdom):
    from sim.analysis.viewer import final_scores, turn_steps
    from sim.cards import card_id
    from sim.runner.api import play_game
    from sim.runner.plan import make_config

    cfg = make_config(list(bots), games=1, seed=7, kingdom=kingdom)
    result, names, _ = play_game(cfg, 0, log=True)
    gc = cfg.game_config()
    steps = turn_steps(result.log, names, 2, gc.kingdom, gc.events)
    assert steps[0]["title"] == "Setup" and steps[0]["supply"]["Copper"] == 46
    assert steps[0]["supply"]["Province"] == 8 and steps[0]["points"] == [3, 3]
    assert [s["player"] for s in steps[1:3]] == [0, 1]
    final = final_scores(result.log)
    assert steps[-1]["points"] == [final[0], final[1]]
    assert sum(len(s["buys"]) for s in steps) > 20
    if kingdom:
        owned_lands = int((result.log[:, 0] == 19).sum())    # EV_TO_MAT rows
        assert owned_lands > 0 and card_id("Distant Lands") in gc.kingdom
    assert all(np.isfinite(s["turn_coins"]) for s in steps)


def test_the_search_bots_notes_are_in_the_page(tmp_path):
    out, r = _play_html(tmp_path, "mcts:playouts=30,playout=bmu", "bmu", "--seed", "2")
    assert "game viewer written to" in r.stderr
    data = _page_data(out)
    lines = "\n".join(x for s in data["steps"] for x in s["lines"])
    assert "mcts-playouts-30-playout-bmu:" in lines        # what it weighed, per decision
    assert data["names"] == ["P0 mcts-playouts-30-playout-bmu", "P1 bmu"]


CHROMIUM = next((shutil.which(b) for b in ("chromium", "chromium-browser", "google-chrome")
                 if shutil.which(b)), None)


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium (apt-get install chromium)")
def test_the_page_steps_through_turns_in_a_headless_browser(tmp_path):
    out, _ = _play_html(tmp_path, "smithy-bm", "bmu", "--seed", "7")
    data = _page_data(out)
    step = 5
    url = out.as_uri() + f"#turn={step}"
    flags = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             f"--user-data-dir={tmp_path / 'profile'}"]
    dom = subprocess.run(flags + ["--dump-dom", url], capture_output=True, text=True,
                         timeout=120).stdout
    s = data["steps"][step]
    assert f"step {step} of {len(data['steps']) - 1}" in dom
    assert s["title"] in dom.replace("&nbsp;", " ")
    assert ", ".join(s["hand"]) in dom and "<polyline" in dom
    for name, points in zip(data["names"], s["points"], strict=True):
        assert re.search(rf"{re.escape(name)}</td><td class=\"n\">{points}<", dom)
    shot = tmp_path / "shot.png"
    subprocess.run(flags + [f"--screenshot={shot}", "--window-size=1000,900", url],
                   capture_output=True, timeout=120)
    from PIL import Image

    pixels = np.asarray(Image.open(shot).convert("L"), np.float64)
    assert pixels.shape == (900, 1000)
    assert pixels.std() > 10 and (pixels < 100).mean() > 0.002   # text and lines drawn
