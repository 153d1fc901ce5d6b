"""Writing outputs safely: never replace a file unasked, never leave half a file.

Every command that writes (``match``, ``tournament``, ``resume --out``, ``plot``,
``optimize``, ``--csv-summary``) follows two rules:

* **No silent overwrite.**  An output that already exists is refused before any
  work starts, in one line that names the file and the way out (``--force`` to
  replace it, ``domsim resume FILE`` to finish an interrupted run):
  :func:`refuse_existing`.  A results file is not replaced by a 100-game run
  because the same ``--out`` was typed twice.
* **Atomic writes.**  Each file is written under a temporary name in its own
  folder and renamed over the target only once complete (:func:`atomic_path`),
  so a crash, a full disk or Ctrl-C leaves the old file (or none), never a
  truncated one, and no temporary file behind.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from sim.engine.config import ConfigError


class OutputExists(ConfigError):
    """An output already exists and replacing it was not asked for (``--force``)."""


def temp_name(path: str | os.PathLike) -> Path:
    """The temporary name ``path`` is written under: hidden, in the same folder (so the
    rename is atomic), and private to this process."""
    p = Path(path)
    return p.with_name(f".{p.name}.tmp{os.getpid()}")


@contextmanager
def atomic_path(path: str | os.PathLike) -> Iterator[Path]:
    """Yield a temporary path to write; on success it is renamed to ``path``, on any
    error it is removed and ``path`` is left as it was."""
    target = Path(path)
    tmp = temp_name(target)
    try:
        yield tmp
        os.replace(tmp, target)
    finally:
        if tmp.exists():
            tmp.unlink()


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically."""
    with atomic_path(path) as tmp:
        tmp.write_text(text, encoding="utf-8")


def existing(paths: Iterable[str | os.PathLike]) -> list[Path]:
    """The ``paths`` that exist (files or folders), in the order given."""
    return [Path(p) for p in paths if os.path.lexists(p)]


def refuse_existing(paths: Iterable[str | os.PathLike], *, force: bool,
                    what: str = "output", hint: str = "") -> None:
    """Raise :class:`OutputExists` naming the first of ``paths`` that exists, unless
    ``force``.  ``hint`` is appended to the way out (e.g. "or finish it with ...")."""
    if force:
        return
    found = existing(paths)
    if not found:
        return
    first = os.fspath(found[0])
    more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
    raise OutputExists(f"{what} {first} already exists{more}; give --force to replace it"
                       + (f", {hint}" if hint else ""))
