"""A cold first run compiles the engine in two or three processes at once.

With an empty numba cache the first batch compiles the engine, in parts that do
not depend on each other since they call each other through function pointers
(sim.engine.decision_pair.decision_calls, sim.engine.cardcalls): the decision maker
(every bot kind; in an Adventures game its Adventures decisions too, and with
Intrigue cards Intrigue's) with the
game's card texts; in an Adventures game, the Adventures turn and the calls every
gain and attack make; and the batch entry (sim.engine.game.batch_entry: the game
loop, with the base turn in a base game).  On a machine with two or more cores
:func:`compile_cold` compiles the first part in a child process (and the Adventures
turn in a second one), writing them to the disk cache, while this process compiles
the batch entry; the first batch then
loads the rest from the cache.  A warm cache, or a process that has compiled already, skips
all this.  Games are the same either way: this only changes who compiles.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from numba import typeof

from sim.engine.layout import T_ADV

# (Importing sim.engine.game first makes the engine compile once per type, as in the
# parent: sim.engine.unliteral.)
_CHILD = "import sys, sim.engine.game, sim.engine.cold_compile as c; c.compile_part(sys.argv[1:])"


def compile_part(argv: list[str]) -> None:
    """A child's part: ``decide ADV CARD...`` (the decision makers and card texts) or
    ``turn`` (the Adventures turn and the calls of gains and attacks)."""
    from sim.engine.cardcalls import adventure_calls, card_calls, turn_calls

    if argv[0] == "turn":
        turn_calls(True)
        adventure_calls(True)
        return
    from sim.engine.decision_pair import decision_calls

    adventures = argv[1] == "1"
    card_ids = [int(c) for c in argv[2:]]
    decision_calls((), adventures, card_ids)      # the deciders this game's cards need
    card_calls(card_ids)


def _cache_has_decide() -> bool:
    folder = os.environ.get("NUMBA_CACHE_DIR")
    if not folder:
        return True          # numba's default places: do not guess, compile as usual
    return any(Path(folder).rglob("decide.decide-*.nbi"))


def compile_cold(run_args: tuple, card_ids: list[int]) -> None:
    """Compile the batch entry (``run_batch`` or ``run_batch_adv``) for ``run_args`` here
    while a child compiles ``decide`` and
    the card functions of ``card_ids`` (and, in an Adventures game, a second child the
    Adventures turn).

    ``run_args`` are run_batch's arguments with ``None`` in place of the addresses
    of ``H`` (the decide pointer pair, the hooks and the card table), whose type is
    known without compiling ``decide`` (sim.engine.cardcalls.ADDRESSES).
    """
    from sim.engine.cardcalls import ADDRESSES
    from sim.engine.decide import decide
    from sim.engine.game import batch_entry

    run_batch = batch_entry(run_args[2])
    if decide.signatures or run_batch.signatures or (os.cpu_count() or 1) < 2 \
            or _cache_has_decide():
        return
    sim_root = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([sim_root] + [p for p in
                                                      env.get("PYTHONPATH", "").split(os.pathsep)
                                                      if p])
    adventures = bool(run_args[2][T_ADV])
    parts = [["decide", str(int(adventures)), *map(str, card_ids)]]
    if adventures:
        parts.append(["turn"])
    children = [subprocess.Popen([sys.executable, "-c", _CHILD, *part], env=env,
                                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL) for part in parts]
    try:
        run_batch.compile(tuple(ADDRESSES if a is None else typeof(a) for a in run_args))
    except BaseException:           # Ctrl-C or a failure: do not wait for the children
        for child in children:
            child.kill()
            child.wait()
        raise
    for child in children:   # their parts are then in the cache (else they compile here)
        child.wait()
