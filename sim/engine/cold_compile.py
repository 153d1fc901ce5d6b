"""A cold first run compiles the engine in two processes at once.

With an empty numba cache the first batch compiles the engine, in two parts
that do not depend on each other since ``decide`` is called through a function
pointer (sim.engine.decide.decision_calls): the decision maker (every bot
kind), and ``run_batch`` (turns, the rule-list scan) with the game's card texts
(sim.engine.cardcalls).  On a machine with two or more cores
:func:`compile_cold` compiles ``decide`` in a child process, writing it to the
disk cache, while this process compiles the rest; the first batch then loads
``decide`` from the cache.  A warm cache, or a process that has compiled already, skips
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
_CHILD = ("import sys, sim.engine.game; from sim.engine.decide import DECIDE_SIGNATURE, decide; "
          "decide.compile(DECIDE_SIGNATURE); "
          "from sim.engine.cardcalls import card_calls; "
          "card_calls((int(c) for c in sys.argv[2:]), sys.argv[1] == '1')")


def _cache_has_decide() -> bool:
    folder = os.environ.get("NUMBA_CACHE_DIR")
    if not folder:
        return True          # numba's default places: do not guess, compile as usual
    return any(Path(folder).rglob("decide.decide-*.nbi"))


def compile_cold(run_args: tuple, card_ids: list[int]) -> None:
    """Compile ``run_batch`` for ``run_args`` here while a child compiles ``decide`` and
    the card functions of ``card_ids``.

    ``run_args`` are run_batch's arguments with ``None`` in place of the addresses
    of ``H`` (the decide pointer pair, the hooks and the card table), whose type is
    known without compiling ``decide`` (sim.engine.cardcalls.addresses_type).
    """
    from sim.engine.cardcalls import addresses_type
    from sim.engine.decide import decide
    from sim.engine.game import run_batch

    if decide.signatures or run_batch.signatures or (os.cpu_count() or 1) < 2 \
            or _cache_has_decide():
        return
    sim_root = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([sim_root] + [p for p in
                                                      env.get("PYTHONPATH", "").split(os.pathsep)
                                                      if p])
    adventures = bool(run_args[2][T_ADV])
    child = subprocess.Popen([sys.executable, "-c", _CHILD, str(int(adventures)),
                              *map(str, card_ids)], env=env,
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    try:
        h_type = addresses_type(adventures)
        run_batch.compile(tuple(h_type if a is None else typeof(a) for a in run_args))
    except BaseException:           # Ctrl-C or a failure: do not wait for the child
        child.kill()
        child.wait()
        raise
    child.wait()     # decide is then in the cache (if the child failed, it compiles here)
