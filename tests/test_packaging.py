"""What a wheel ships is what the tree holds (issue 26 item 2).

A wheel holds only the package data that ``[tool.setuptools.package-data]`` names;
``data/*.toml`` once left out ``bots/data/adventures/``, and a ``pip install .``
listed 29 bots instead of 65.  This test expands the globs as setuptools does and
compares them with the tree; CI (``.ci/wheel_check``) also builds the wheel,
installs it into a fresh venv and plays an Adventures match from it.
"""

from __future__ import annotations

import glob
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parents[1]


def packaged(package: str) -> set[Path]:
    """The files of ``package`` that the package-data globs of pyproject.toml select."""
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = conf["tool"]["setuptools"]["package-data"].get(package, [])
    base = ROOT / package
    return {Path(p) for g in globs for p in glob.glob(str(base / g), recursive=True)
            if Path(p).is_file()}


def test_every_bot_file_is_package_data():
    tree = set((ROOT / "bots" / "data").rglob("*.toml"))
    assert tree, "no bot files found"
    missing = sorted(p.relative_to(ROOT).as_posix() for p in tree - packaged("bots"))
    assert not missing, f"bot files a wheel would leave out: {missing}"
    # The Adventures bots are among them (the files the old glob missed).
    assert any(p.parent.name == "adventures" for p in tree)


def test_library_loads_only_packaged_files():
    """The library reads every bot file from bots/data (what the test above checks
    is packaged): none from elsewhere in the tree."""
    from bots import data_bot_files

    files = {Path(p).resolve() for p in data_bot_files()}
    assert files and files <= {p.resolve() for p in packaged("bots")}
