"""Engine speed on identical games, for comparing two engine versions side by side.

    python experiments/same_games_speed.py          # in this checkout
    git worktree add /tmp/old 9aafa08
    (cd /tmp/old && python "$OLDPWD/experiments/same_games_speed.py")

Plays the four reference matchups (100,000 games, seats alternating, best of 3 CPU
times) with bots that decide exactly as before issue 12: an engine that knows
``end_only_when_winning`` gets the reference bot files with that key in place of
``avoid_losing_end`` (the old engine's meaning of it), so both versions play the same
games, which the printed score checksum shows. Run the two versions alternately,
several times: only side-by-side figures compare on a shared machine.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.getcwd())  # the checkout it is run from, not this file's

import numpy as np  # noqa: E402

import bots  # noqa: E402
import sim.engine.program  # noqa: E402
from sim.engine.batch import play_batch  # noqa: E402
from sim.engine.config import GameConfig  # noqa: E402
from sim.engine.rng import game_seeds  # noqa: E402

MATCHUPS = (("bmu", "bmu"), ("smithy-bm", "bmu"), ("militia-bm", "bmu"),
            ("big-money", "big-money"))
NEW_RULES = hasattr(sim.engine.program, "AL_WIN_ONLY")


def old_rule_bot(name: str):
    """The reference bot ``name`` deciding as the engine of before issue 12 did."""
    if not NEW_RULES:
        return bots.resolve_bot(name)
    text = Path(f"bots/data/{name}.toml").read_text()
    path = Path(tempfile.mkdtemp()) / f"{name}.toml"
    path.write_text(text.replace("avoid_losing_end", "end_only_when_winning"))
    return bots.load_bot_file(path)


def main(games: int = 100_000, reps: int = 3) -> None:
    parts = []
    for a, b in MATCHUPS:
        pair = [old_rule_bot(a), old_rule_bot(b)]
        seats = np.zeros((games, 2), np.int64)
        seats[:, 1] = 1
        seats[1::2] = seats[1::2, ::-1]
        seeds = game_seeds(1, 0, games)
        first = np.zeros(games, np.int64)
        play_batch(GameConfig(2), pair, seats[:100], seeds[:100], first[:100])  # compile
        times = []
        for _ in range(reps):
            t = time.process_time()
            res = play_batch(GameConfig(2), pair, seats, seeds, first)
            times.append(time.process_time() - t)
        parts.append(f"{a}-{b}: {games / min(times):,.0f} g/s, checksum "
                     f"{int(res.score.sum())}")
    print(("new rules | " if NEW_RULES else "old rules | ") + " | ".join(parts))


if __name__ == "__main__":
    main()
