"""The layers run one way (docs/reference/layout.md): the import contracts of
pyproject.toml hold, no module of sim or bots imports one that imports it back, and the
engine and the registry reach the layers above them only through what those register."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent

def _env() -> dict:
    import os

    return {**os.environ, "PYTHONPATH": str(ROOT)}


def import_cycles() -> list[frozenset[str]]:
    """The strongly connected groups (2 modules or more) of the import graph of sim and
    bots, every import counted (those inside functions too), as grimp reads them."""
    graph = grimp.build_graph("sim", "bots", cache_dir=None)
    edges = {m: graph.find_modules_directly_imported_by(m) for m in graph.modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[frozenset[str]] = []

    def visit(v: str) -> None:          # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(frozenset(group))

    for m in sorted(edges):
        if m not in index:
            visit(m)
    return groups


def test_no_import_cycles():
    import sim

    assert Path(sim.__file__).resolve().parent == ROOT / "sim", "run from this checkout"
    assert [sorted(c) for c in import_cycles()] == []


def test_every_module_imports_first():
    """Each module of sim and bots imports first in a fresh interpreter: no "import X
    first" order to keep (before, sim.engine.adventures.random_bot imported first failed
    in the cycle of the Adventures decisions, and sim.env.core imported sim.engine.game
    first to avoid it)."""
    code = ("import importlib, sys, grimp\n"
            "bad = []\n"
            "for m in sorted(grimp.build_graph('sim', 'bots', cache_dir=None).modules):\n"
            "    for k in [k for k in sys.modules if k.split('.')[0] in ('sim', 'bots')]:\n"
            "        del sys.modules[k]\n"
            "    try:\n"
            "        importlib.import_module(m)\n"
            "    except Exception as e:\n"
            "        bad.append(f'{m}: {type(e).__name__}: {e}')\n"
            "print(bad)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_env(),
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.splitlines()[-1] == "[]"


def test_the_import_contracts_hold():
    """`lint-imports` (pyproject.toml's [tool.importlinter]) as .ci/run runs it."""
    out = subprocess.run([sys.executable, "-c",
                          "import sys; from importlinter.cli import lint_imports_command; "
                          "sys.argv = ['lint-imports', '--no-cache']; lint_imports_command()"],
                         cwd=ROOT, env=_env(), capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert "0 broken" in out.stdout


def test_the_engine_plays_a_batch_without_importing_the_state_api():
    """The engine's batch hands agent bots on through what sim.env.agent registers; a
    batch of compiled bots loads nothing above the engine (before, it imported sim.env)."""
    code = ("import sys\n"
            "from bots import resolve_bot\n"
            "from sim.engine.batch import play_batch\n"
            "from sim.engine.config import GameConfig\n"
            "res = play_batch(GameConfig(n_players=2), [resolve_bot('bmu'), "
            "resolve_bot('smithy-bm')], [[0, 1]], [7])\n"
            "print(res.score.tolist())\n"
            "print(sorted(m for m in sys.modules if m.startswith(('sim.env', 'sim.learn'))))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_env(),
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.splitlines()[-1] == "[]"


def test_the_registry_makes_search_and_policy_bots_in_a_fresh_process():
    """bots.resolve_bot("mcts:...") loads the search bot's module by name (bots.providers)
    though the registry imports it nowhere; the registry alone imports no layer above."""
    code = ("import sys, bots\n"
            "print(sorted(m for m in sys.modules if m.startswith(('sim.env', 'sim.learn'))))\n"
            "b = bots.resolve_bot('mcts:playouts=10')\n"
            "print(b.name, type(b).__module__)\n"
            "print(bots.spec_bots()[0][0])\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_env(),
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.splitlines() == ["[]", "mcts-playouts-10 sim.env.mcts", "mcts"]
