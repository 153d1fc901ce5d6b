"""Numba's on-disk cache, keyed by the engine's sources.

numba throws a cached function away when its own file changes, but not when
a function it inlined, or a constant it read, changes in another file: after
an edit to ``sim/engine/zones.py`` the cached ``play_turn`` would go on running the
old ``draw``, silently.  So domsim gives numba a cache folder named by a hash
of every engine source file (all of ``sim/engine/`` and ``sim/cards/``
except the plain-Python modules listed below) and of the numba and Python versions.  Any edit to the
engine means a fresh folder and a full compile; older folders of this
checkout are removed once they have not been written to for ten minutes.

The folder is ``sim/__pycache__/numba-<hash>`` (beside numba's usual place),
or, where that is not writable, ``~/.cache/domsim/numba-<hash>``.  Setting
``NUMBA_CACHE_DIR`` yourself turns all this off.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import shutil
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SIM = Path(__file__).resolve().parent
STALE_AFTER_S = 600
# The figures are experiments/cold_start.py's (experiments/results/cold_start.json: a
# first base-game result 19-20 s after the install, a first Adventures game 65-67 s), as
# the README says them; tests/test_numba_cache.py holds the three together.
COMPILE_NOTICE = ("domsim: compiling the engine (about 20 s on a quiet 2-core machine, "
                  "about a minute for a first Adventures game; then cached)")
CARDS_NOTICE = "domsim: compiling the card texts this game adds to the cache (seconds)"
# The modules of the card texts (sim.engine.cardcalls.CARD_TEXT): a game compiles only its
# own cards' functions, so a new kingdom on a cached engine compiles a few of them, and
# nothing else: seconds, not the engine's compile.  Each set names its modules
# (CardSet.engine); sim.cards.sets adds them here as it registers the set.
CARD_TEXT_MODULES: set[str] = set()
COMPILE_TIMES = "domsim-compile-times.json"

# The folders whose modules the compiled engine is built from, and the modules in
# them with no compiled code and no constants that compiled code reads
# (tests/test_numba_cache.py checks that the engine imports none of the latter).
ENGINE_FOLDERS = ("engine", "engine/adventures", "engine/intrigue", "cards")
PYTHON_ONLY = frozenset({
    "engine/batch.py", "engine/cold_compile.py", "engine/config.py", "engine/fingerprint.py",
    "engine/gamelog.py", "engine/scenario.py",
})


def _numba_version() -> str:
    """numba's version without importing numba (about half a second): ``import sim``
    stays cheap, so the CLI is inside its Ctrl-C handler before anything heavy loads."""
    try:
        return importlib.metadata.version("numba")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover - a source tree
        import numba

        return numba.__version__


def engine_sources() -> list[Path]:
    """The files whose contents decide the compiled engine."""
    return sorted(p for folder in ENGINE_FOLDERS for p in (SIM / folder).glob("*.py")
                  if p.relative_to(SIM).as_posix() not in PYTHON_ONLY)


# The modules of card sets added to the built-in ones (sim.cards.sets registers them);
# read here too, since they key the cache, and this module is below the card table.
ADDED_SETS_VARIABLE = "DOMSIM_CARD_SETS"


def added_set_modules(value: str | None = None) -> tuple[str, ...]:
    """The modules ``DOMSIM_CARD_SETS`` names (or ``value``), in order, blanks dropped."""
    text = os.environ.get(ADDED_SETS_VARIABLE, "") if value is None else value
    return tuple(dict.fromkeys(m.strip() for m in text.split(",") if m.strip()))


def added_set_sources() -> list[Path]:
    """The files of the card sets ``DOMSIM_CARD_SETS`` adds (sim.cards.sets): every
    module in the folder of each set's module, where its rows and its texts live.  Their
    rows change the table the engine compiles its constants from, so they key the cache
    as the engine's own sources do."""
    import importlib.util

    files: set[Path] = set()
    for name in added_set_modules():
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        if spec is not None and spec.origin:
            files.update(Path(spec.origin).resolve().parent.glob("*.py"))
    return sorted(files)


def source_key() -> str:
    digest = hashlib.sha256()
    digest.update(f"{_numba_version()} {sys.version_info[:2]}".encode())
    for path in engine_sources():
        digest.update(path.relative_to(SIM).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    for path in added_set_sources():
        digest.update(path.as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".write-test"
        probe.touch()
        probe.unlink()
        return True
    except OSError:
        return False


def _ours(folder: Path) -> bool:
    """A cache folder this module chose (for a process that started this one): it is
    keyed by the sources, and a process with other sources (another set of cards added,
    sim.cards.sets) must choose its own."""
    return folder.name.startswith("numba-") and folder.parent.name in ("__pycache__",
                                                                        "domsim")


def use_source_keyed_cache() -> str | None:
    """Point numba's cache at the folder of the current sources; returns it.

    Must run before the engine's modules are imported (numba picks a
    function's cache folder when it is decorated).  Does nothing when
    ``NUMBA_CACHE_DIR`` is already set, by the user or, to this folder, by the process
    that started this one.
    """
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if chosen and not _ours(Path(chosen)):
        return None
    key = source_key()
    if chosen and Path(chosen).name == f"numba-{key}":
        return None     # a process started by one of these sources (a pool worker)
    in_tree = SIM / "__pycache__"
    folder = in_tree / f"numba-{key}"
    if _writable(folder):
        # (The write test just refreshed this folder's time: in use, so not pruned.)  A
        # run with added card sets prunes nothing: the usual table's folder, idle here,
        # may be in use by another run.
        for old in in_tree.glob("numba-*") if not added_set_sources() else ():
            # Spare recent ones: a run started before the edit may still write there.
            try:
                stale = time.time() - old.stat().st_mtime > STALE_AFTER_S
            except OSError:      # pruned meanwhile by another process
                continue
            if old != folder and stale:
                shutil.rmtree(old, ignore_errors=True)
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
        folder = base / "domsim" / f"numba-{key}"
        folder.mkdir(parents=True, exist_ok=True)
    # The environment variable reaches child processes (pool and Dask workers);
    # numba re-reads it before compiling, and config is set for code already loaded.
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    numba = sys.modules.get("numba")
    if numba is not None:     # imported already: its config has read the environment
        numba.config.CACHE_DIR = str(folder)
    return str(folder)


def compile_times_file() -> Path | None:
    """Where the last cold compiles' durations on this machine are kept: beside domsim's
    cache folders (they outlive every edit's folder), or in ``NUMBA_CACHE_DIR`` when the
    user chose it; None before a cache folder is chosen."""
    folder = os.environ.get("NUMBA_CACHE_DIR")
    if not folder:
        return None
    folder = Path(folder)
    if _ours(folder):
        folder = folder.parent
    return folder / COMPILE_TIMES


def last_compile_times() -> dict[str, float]:
    """Seconds the last cold compile of each kind (``base``, ``adventures``) took on this
    machine, as :func:`compile_notice` recorded them; empty when unknown or unreadable."""
    path = compile_times_file()
    try:
        data = json.loads(path.read_text()) if path else {}
    except (OSError, ValueError):
        return {}
    return {k: float(v) for k, v in data.items()
            if k in ("base", "adventures") and isinstance(v, (int, float))}


def notice_text(times: dict[str, float]) -> str:
    """:data:`COMPILE_NOTICE`, with how long the last cold compiles took here if known."""
    known = [f"{times[k]:.0f} s ({name})" for k, name in
             (("base", "base game"), ("adventures", "Adventures")) if k in times]
    if not known:
        return COMPILE_NOTICE
    return f"{COMPILE_NOTICE}; the last cold compile here took {', '.join(known)}"


def _record_compile_time(kind: str, seconds: float) -> None:
    path = compile_times_file()
    if path is None:
        return
    times = last_compile_times()
    times[kind] = round(seconds, 1)
    try:
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(times, sort_keys=True) + "\n")
        tmp.replace(path)        # whole, even with several runs finishing at once
    except OSError:
        pass                     # a read-only place: the notice just says less


@contextmanager
def compile_notice() -> Iterator[None]:
    """Print the compile notice to stderr when the block starts compiling the engine.

    Wraps the first engine call of a command: a cold numba cache means a compile of
    20 s (base game) to a minute (Adventures) on a quiet machine, and a command that
    prints nothing meanwhile looks hung.  numba announces each compile it starts (a
    cache miss; a function loaded from the cache is not one), so a warm run prints
    nothing.  Only the engine's own functions count (``sim.engine``), not a bot's
    compiled hooks, and only the outermost compile (what the engine's Python side asked
    for; the helpers it compiles along are part of it).  When those are only card texts
    (a kingdom with cards new to this cache, the engine itself cached), the notice is
    :data:`CARDS_NOTICE`, and the time is not a cold compile's.  When the engine
    compiled, its duration is kept (:func:`last_compile_times`), as a base or an
    Adventures compile, for the next cold run's notice.
    """
    from numba.core import event

    started: list[float] = []
    kinds: set[str] = set()
    depth = [0]        # compiles under way; numba's events nest (a function, its callees)
    said_cards = [False]

    class _Listener(event.Listener):
        def on_start(self, ev) -> None:
            depth[0] += 1
            if depth[0] > 1 or started:
                return
            module = getattr(ev.data["dispatcher"].py_func, "__module__", "") or ""
            if module in CARD_TEXT_MODULES:
                if not said_cards[0]:
                    said_cards[0] = True
                    print(CARDS_NOTICE, file=sys.stderr, flush=True)
                return
            if not module.startswith("sim.engine"):
                return
            kinds.add("adventures" if module.startswith("sim.engine.adventures") else "base")
            started.append(time.perf_counter())
            print(notice_text(last_compile_times()), file=sys.stderr, flush=True)

        def on_end(self, ev) -> None:
            depth[0] -= 1

    listener = _Listener()
    adventures_before = _adventures_turn_ready()
    event.register("numba:compile", listener)
    try:
        yield
    finally:
        event.unregister("numba:compile", listener)
    if started:
        # (On a cold cache child processes compile the Adventures parts, sim.engine.
        # cold_compile: this process then loads the Adventures turn, compiling none of it.)
        adventures = "adventures" in kinds or _adventures_turn_ready() > adventures_before
        _record_compile_time("adventures" if adventures else "base",
                             time.perf_counter() - started[0])


def _adventures_turn_ready() -> bool:
    """This process holds the compiled Adventures turn (an Adventures game was set up)."""
    turn = sys.modules.get("sim.engine.adventures.turn")
    return bool(turn is not None and turn.play_turn_adv.signatures)
