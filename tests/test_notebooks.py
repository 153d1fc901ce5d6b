"""The notebooks run top to bottom, as a user would open and run them.

Executed with nbclient in a fresh ``python3`` kernel whose working directory is
notebooks/ (the notebooks find the repository themselves; PYTHONPATH is set
too).  The per-cell timeout is generous because the first engine call compiles
the engine when numba's cache is cold; warm, each notebook takes seconds.
Set ``DOMSIM_NOTEBOOK_OUT=dir`` to keep the executed copies for inspection.
"""

from __future__ import annotations

import ast
import json
import os
import re
import sys
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
NAMES = ["quick_tour.ipynb", "study_smithy_count.ipynb", "optimize.ipynb", "agents.ipynb",
         "learn.ipynb"]


def test_every_notebook_is_listed():
    """A notebook added to notebooks/ is run and checked like the others."""
    assert sorted(NAMES) == sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))


# domsim's modules that need an extra beyond the core install (pyproject.toml says which):
# a notebook importing one needs that extra inside the notebooks extra.
NEEDS_EXTRA = {"sim.learn": "learn", "sim.env.gym_env": "env", "sim.env.gym_vector": "env",
               "sim.env.pettingzoo_env": "env", "sim.env.aec_env": "env"}


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def notebook_imports(path: Path) -> set[str]:
    """The modules a notebook's code cells import (top-level statements and nested)."""
    found = set()
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        source = "\n".join("" if ln.lstrip().startswith(("%", "!")) else ln
                           for ln in source.splitlines())
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
    return found


def extra_closure(extra: str) -> tuple[set[str], set[str]]:
    """The distributions ``pip install -e ".[extra]"`` installs by name (the core
    dependencies and the extra, following ``domsim[...]`` references), and the extras."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = {_normal(Requirement(r).name) for r in project["dependencies"]}
    extras, todo = set(), [extra]
    while todo:
        name = todo.pop()
        if name in extras:
            continue
        extras.add(name)
        for line in project["optional-dependencies"][name]:
            req = Requirement(line)
            if _normal(req.name) == _normal(project["name"]):
                todo.extend(req.extras)
            else:
                names.add(_normal(req.name))
    return names, extras


def missing_from_extra(imports: set[str], extra: str = "notebooks") -> list[str]:
    """What a notebook importing ``imports`` lacks after ``pip install -e ".[extra]"``."""
    import importlib.metadata

    installed, extras = extra_closure(extra)
    installed.add("ipykernel")                          # the kernel, whatever the extra
    dists = importlib.metadata.packages_distributions()
    missing = []
    for module in sorted(imports):
        top = module.split(".")[0]
        if top in ("sim", "bots"):
            need = [x for m, x in NEEDS_EXTRA.items()
                    if (module == m or module.startswith(m + ".")) and x not in extras]
            missing += [f"{module} (the {x} extra)" for x in need]
        elif top not in sys.stdlib_module_names:
            owners = {_normal(d) for d in dists.get(top, [top])}
            if not owners & installed and not ("ipython" in owners and "ipykernel" in installed):
                missing.append(f"{module} ({', '.join(sorted(owners))})")
    return missing


def test_the_notebooks_extra_installs_what_every_notebook_imports():
    """``pip install -e ".[notebooks]"`` (README, Notebooks) is enough to run each one:
    the agents notebook's gymnasium and the learn notebook's training included."""
    for name in NAMES:
        missing = missing_from_extra(notebook_imports(NOTEBOOKS / name))
        assert not missing, f"{name} imports what the notebooks extra does not install: {missing}"


def test_readme_and_docs_say_how_to_run_the_notebooks():
    for page in ("README.md", "docs/discussion/docs.md"):
        text = " ".join((ROOT / page).read_text(encoding="utf-8").split())
        assert 'pip install -e ".[notebooks]"' in text, f"{page}: how to install for them"
        assert "jupyter execute notebooks/" in text, f"{page}: how to run one"


def test_a_notebook_import_the_extra_lacks_is_found():
    assert missing_from_extra({"pandas", "sim.runner", "IPython.display"}) == []
    assert missing_from_extra({"torch"}) == ["torch (torch)"]
    assert missing_from_extra({"sim.learn"}, extra="docs") == ["sim.learn (the learn extra)"]
    assert missing_from_extra({"gymnasium"}, extra="docs") == ["gymnasium (gymnasium)"]


def test_notebooks_are_committed_executed():
    """Committed with their outputs (a reader sees the tables and charts without running
    them): every code cell ran, top to bottom in one session, without an error.
    ``jupyter execute --inplace *.ipynb`` in notebooks/ (README, Notebooks) refreshes them."""
    for name in NAMES:
        nb = nbformat.read(NOTEBOOKS / name, as_version=4)
        nbformat.validate(nb)
        assert nb.metadata["kernelspec"]["name"] == "python3"
        code = [c for c in nb.cells if c.cell_type == "code"]
        assert [c.execution_count for c in code] == list(range(1, len(code) + 1)), \
            f"{name}: not executed top to bottom in one session"
        outputs = [o for c in code for o in c.outputs]
        assert not [o for o in outputs if o.output_type == "error"], f"{name}: an error"
        images = sum("image/png" in o.get("data", {}) for o in outputs)
        assert images >= 2, f"{name}: committed without its charts"


@pytest.mark.slow  # a whole notebook in a fresh kernel; the committed copies are checked above
@pytest.mark.parametrize("name", NAMES)
def test_notebook_runs(name, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p))
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    client = nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                                     resources={"metadata": {"path": str(NOTEBOOKS)}})
    client.execute()  # raises CellExecutionError, with the cell and traceback, on failure
    images = sum(1 for c in nb.cells if c.cell_type == "code" for o in c.outputs
                 if "image/png" in o.get("data", {}))
    assert images >= 2, f"{name}: expected charts in the outputs, found {images}"
    keep = os.environ.get("DOMSIM_NOTEBOOK_OUT")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, Path(keep) / name)


def test_agents_notebook_times_the_compile_apart_from_the_throughput():
    """The vector-stepping cell, run with games whose first step is slow (as when it
    compiles the engine), reports that step as seconds and the throughput after it;
    it used to count the compile in the one-second window ("2 decisions per second")."""
    nb = json.loads((NOTEBOOKS / "agents.ipynb").read_text(encoding="utf-8"))
    cell = next("".join(c["source"]) for c in nb["cells"]
                if c["cell_type"] == "code" and "decisions per second" in "".join(c["source"]))

    class SlowFirstStep:
        """VectorGames as a cold cache makes it: the first step takes 1.2 s."""

        def __init__(self, game, n, seed):
            self.n, self.stepped = n, False

        def reset(self):
            pass

        def sample_actions(self, rng):
            return None

        def step(self, actions):
            import time

            time.sleep(0.001 if self.stepped else 1.2)
            self.stepped = True

    import io
    import time
    from contextlib import redirect_stdout

    import numpy as np

    out = io.StringIO()
    with redirect_stdout(out):
        exec(cell, {"VectorGames": SlowFirstStep, "Game": lambda **kw: None, "np": np,
                    "time": time})
    lines = out.getvalue().splitlines()
    assert len(lines) == 3
    for line in lines:
        n = int(re.search(r"N = +(\d+)", line)[1])
        first = re.search(r"first step ([\d.]+) s", line)
        assert first and float(first[1]) >= 1.2, f"the compile is not timed apart: {line}"
        rate = float(re.search(r"([\d,]+) decisions per second", line)[1].replace(",", ""))
        assert rate > 100 * n, line        # about n / 1 ms, not n / 1.2 s
