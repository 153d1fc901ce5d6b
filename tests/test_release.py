"""The version has one source and every place that names it agrees (issue 31).

``sim.__version__`` is the source: pyproject.toml reads it (setuptools' dynamic version),
``domsim --version`` prints it, every results file records it, and CHANGES.md's newest
entry and CITATION.cff name it.  A release bumps one line and these tests say what else
to update.  (.ci/wheel_check checks the built wheel's metadata says the same.)
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
from pathlib import Path

import pytest

import sim

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
# semver.org's grammar for MAJOR.MINOR.PATCH with an optional pre-release and build.
SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
                    r"(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$")


def _key(version: str) -> tuple[int, int, int]:
    return tuple(int(x) for x in SEMVER.match(version).groups())  # type: ignore[union-attr]


def test_the_version_is_semver():
    assert SEMVER.match(sim.__version__), sim.__version__
    assert not SEMVER.match("0.5"), "the pattern must refuse a two-part version"


def test_pyproject_reads_the_version_from_sim():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"], "a second copy of the version"
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "sim.__version__"}


def test_domsim_version_prints_it():
    from sim.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert out.getvalue().strip() == f"domsim {sim.__version__}"


def test_results_metadata_records_it():
    """The metadata every results file carries (Parquet schema metadata, CSV sidecar) is
    built by run_metadata; tests/test_results.py round-trips it through both formats."""
    from sim.analysis.io import run_metadata
    from sim.runner.plan import make_config

    config = make_config(["bmu", "big-money"], games=10, seed=1)
    meta = run_metadata(config, complete=True, completed=frozenset({0}), n_games=10,
                        error=None, interrupted=False)
    assert meta["package"] == "domsim" and meta["version"] == sim.__version__
    assert config.version == sim.__version__


def test_changes_lists_versions_newest_first_starting_with_this_one():
    text = (ROOT / "CHANGES.md").read_text(encoding="utf-8")
    versions = re.findall(r"^## (\S+) — \d{4}-\d{2}-\d{2}$", text, flags=re.M)
    headings = re.findall(r"^## .*$", text, flags=re.M)
    assert len(versions) == len(headings), f"a heading not 'VERSION — DATE': {headings}"
    assert versions[0] == sim.__version__, "CHANGES.md has no entry for this version"
    assert all(SEMVER.match(v) for v in versions)
    keys = [_key(v) for v in versions]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)


def test_citation_file_names_this_version():
    yaml = pytest.importorskip("yaml")
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert cff["cff-version"] == "1.2.0"
    for key in ("message", "title", "authors", "version", "license"):
        assert cff.get(key), f"CITATION.cff lacks {key}"
    assert str(cff["version"]) == sim.__version__
    assert cff["license"] == "MIT"


def test_licence_is_mit():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n") and "WITHOUT WARRANTY OF ANY KIND" in text
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["license"] == {"text": "MIT"}
