"""Engine speed on identical games, for comparing two engine versions side by side.

    python experiments/same_games_speed.py              # speed, in this checkout
    python experiments/same_games_speed.py --identity   # only the games' digests
    git archive b0a5be6 | (mkdir /tmp/old && tar -x -C /tmp/old)
    (cd /tmp/old && python "$OLDPWD/experiments/same_games_speed.py")

Plays the four reference matchups (100,000 games, seats alternating, best of 3 CPU
times) with bots that decide exactly as before issue 12: an engine that knows
``end_only_when_winning`` gets the reference bot files with that key in place of
``avoid_losing_end`` (the old engine's meaning of it), so both versions play the same
games, which the printed score checksum shows. Run the two versions alternately,
several times: only side-by-side figures compare on a shared machine.

It then prints SHA-256 digests of whole games (every result array, and the event logs
of some) for the reference matchups and for mixed games of the built-in bots both
versions know (the random bot included) in the two fixed kingdoms of the first 17 cards,
2, 3 and 4 players: equal digests from two versions mean bit-for-bit the same games.
It runs from the checkout it is started in, with either engine layout (``sim.engine.*``
since issue 9, ``sim.*`` before).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.getcwd())  # the checkout it is run from, not this file's

import numpy as np  # noqa: E402

import bots  # noqa: E402

try:  # the engine layout since issue 9
    import sim.engine.program as program  # noqa: E402
    from sim.engine.batch import play_batch  # noqa: E402
    from sim.engine.config import GameConfig  # noqa: E402
    from sim.engine.rng import game_seeds  # noqa: E402
except ImportError:  # the flat sim/ of before
    import sim.program as program  # noqa: E402
    from sim.batch import play_batch  # noqa: E402
    from sim.config import GameConfig  # noqa: E402
    from sim.rng import game_seeds  # noqa: E402

MATCHUPS = (("bmu", "bmu"), ("smithy-bm", "bmu"), ("militia-bm", "bmu"),
            ("big-money", "big-money"))
NEW_RULES = hasattr(program, "AL_WIN_ONLY")
# Kingdoms of the 17 cards both engine layouts know (tests/conftest.py).
FIRST_GAME = ["Cellar", "Moat", "Village", "Merchant", "Workshop", "Smithy", "Militia",
              "Remodel", "Market", "Mine"]
EXTRA_KINGDOM = ["Festival", "Laboratory", "Witch", "Council Room", "Gardens", "Moneylender",
                 "Chapel", "Moat", "Militia", "Smithy"]
# Built-in bots of b0a5be6 (before the nine new cards); a newer version may have more.
OLD_BOT_NAMES = ("big-money", "bmu", "smithy-bm", "militia-bm", "double-militia", "random",
                 "village-smithy", "market-bm", "mine-bm", "remodel-bm", "workshop-gardens",
                 "cellar-bm", "moat-bm", "merchant-bm", "witch-bm", "lab-bm",
                 "council-room-bm", "moneylender-bm", "chapel-bm", "festival-smithy")


def old_rule_bot(name: str):
    """The reference bot ``name`` deciding as the engine of before issue 12 did."""
    if not NEW_RULES:
        return bots.resolve_bot(name)
    text = Path(f"bots/data/{name}.toml").read_text()
    path = Path(tempfile.mkdtemp()) / f"{name}.toml"
    path.write_text(text.replace("avoid_losing_end", "end_only_when_winning"))
    return bots.load_bot_file(path)


def _seats(games: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    seats = np.zeros((games, 2), np.int64)
    seats[:, 1] = 1
    seats[1::2] = seats[1::2, ::-1]
    return seats, game_seeds(1, 0, games), np.zeros(games, np.int64)


def _digest(h, res) -> None:
    for a in (res.score, res.turns, res.game):
        h.update(np.ascontiguousarray(a, np.int64).tobytes())
    if res.log is not None:
        h.update(np.ascontiguousarray(res.log, np.int64).tobytes())


def identity(games: int = 20_000, logged: int = 30) -> list[str]:
    """Digests of the reference matchups and of mixed built-in bots on the 17 old cards."""
    lines = []
    for a, b in MATCHUPS:
        pair = [old_rule_bot(a), old_rule_bot(b)]
        seats, seeds, first = _seats(games)
        h = hashlib.sha256()
        _digest(h, play_batch(GameConfig(2), pair, seats, seeds, first))
        for g in range(logged):
            _digest(h, play_batch(GameConfig(2), pair, seats[g:g + 1], seeds[g:g + 1],
                                  first[g:g + 1], log=True))
        lines.append(f"{a}-{b} {games} games: {h.hexdigest()[:16]}")
    mix = [bots.get_bot(name) for name in OLD_BOT_NAMES]
    for kname, kingdom in (("first-game", FIRST_GAME), ("extra", EXTRA_KINGDOM)):
        for n in (2, 3, 4):
            config = GameConfig(n, kingdom=kingdom)
            rng = np.random.default_rng(100 * n + len(kname))
            seats = rng.integers(0, len(mix), size=(games, n))
            seeds = game_seeds(7 + n, 0, games)
            first = np.full(games, -1, np.int64)
            h = hashlib.sha256()
            _digest(h, play_batch(config, mix, seats, seeds, first))
            for g in range(logged):
                _digest(h, play_batch(config, mix, seats[g:g + 1], seeds[g:g + 1],
                                      first[g:g + 1], log=True))
            lines.append(f"mix {kname} {n}p {games} games: {h.hexdigest()[:16]}")
    return lines


def main(games: int = 100_000, reps: int = 3) -> None:
    parts = []
    for a, b in MATCHUPS:
        pair = [old_rule_bot(a), old_rule_bot(b)]
        seats, seeds, first = _seats(games)
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
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--identity", action="store_true", help="only print the games' digests")
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    if not args.identity:
        main(args.games, args.reps)
    print("\n".join(identity()))
