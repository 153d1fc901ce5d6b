"""The notebooks run top to bottom, as a user would open and run them.

Executed with nbclient in a fresh ``python3`` kernel whose working directory is
notebooks/ (the notebooks find the repository themselves; PYTHONPATH is set
too).  The per-cell timeout is generous because the first engine call compiles
the engine when numba's cache is cold; warm, each notebook takes seconds.
Set ``DOMSIM_NOTEBOOK_OUT=dir`` to keep the executed copies for inspection.
"""

from __future__ import annotations

import os
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
