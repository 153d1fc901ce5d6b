"""Result files that say how they were made: Parquet (or CSV) plus run metadata.

The metadata (JSON) holds the run configuration, the package version, the
finished chunks and any error, so a file can be summarised, checked and
resumed on its own.  Parquet keeps it in the schema metadata under
``b"domsim"``; CSV, which has no metadata, gets it as a first comment line
``# domsim {json}``.  Files are written to a temporary name and renamed, so
an interrupted write never leaves a truncated results file.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

import sim
from sim.config import ConfigError

if TYPE_CHECKING:
    from sim.results import Results

META_KEY = b"domsim"
FORMAT = 1
CSV_PREFIX = "# domsim "


def _ranges(chunks: set[int] | frozenset[int]) -> list[list[int]]:
    """[[a, b], ...] half-open ranges covering the sorted chunk indices."""
    out: list[list[int]] = []
    for c in sorted(chunks):
        if out and out[-1][1] == c:
            out[-1][1] = c + 1
        else:
            out.append([c, c + 1])
    return out


def _unranges(ranges: list[list[int]]) -> frozenset[int]:
    return frozenset(c for a, b in ranges for c in range(a, b))


def run_metadata(results: Results) -> dict:
    return {
        "format": FORMAT,
        "package": "domsim",
        "version": sim.__version__,
        "created": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "config": results.config.to_dict(),
        "complete": results.complete,
        "completed_chunks": _ranges(results.completed),
        "n_games": int(len(results.games)),
        "error": results.error,
        "interrupted": results.interrupted,
    }


def file_kind(path: str | os.PathLike) -> str:
    suffix = Path(path).suffix.lower()
    if suffix in (".parquet", ".pq"):
        return "parquet"
    if suffix == ".csv":
        return "csv"
    raise ConfigError(f"results file must end in .parquet or .csv: {os.fspath(path)}")


def save_frame(df: pd.DataFrame, meta: dict, path: str | os.PathLike) -> None:
    """Write ``df`` with ``meta`` to ``path`` (atomically: temp file + rename)."""
    kind = file_kind(path)
    path = Path(path)
    if path.parent and not path.parent.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    text = json.dumps(meta, sort_keys=True)
    try:
        if kind == "parquet":
            import pyarrow as pa
            import pyarrow.parquet as pq

            table = pa.Table.from_pandas(df, preserve_index=False)
            table = table.replace_schema_metadata({**(table.schema.metadata or {}),
                                                   META_KEY: text.encode()})
            pq.write_table(table, tmp, compression="zstd")
        else:
            with open(tmp, "w", newline="") as f:
                f.write(CSV_PREFIX + text + "\n")
                df.to_csv(f, index=False)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def load_frame(path: str | os.PathLike) -> tuple[pd.DataFrame, dict]:
    """(per-game DataFrame, metadata) of a results file; dtypes restored for CSV."""
    kind = file_kind(path)
    if not Path(path).is_file():
        raise ConfigError(f"no such results file: {os.fspath(path)}")
    if kind == "parquet":
        import pyarrow.parquet as pq

        table = pq.read_table(path)
        raw = (table.schema.metadata or {}).get(META_KEY)
        if raw is None:
            raise ConfigError(f"{os.fspath(path)} is not a domsim results file")
        meta = json.loads(raw)
        df = table.to_pandas()
    else:
        with open(path) as f:
            first = f.readline()
            if not first.startswith(CSV_PREFIX):
                raise ConfigError(f"{os.fspath(path)} is not a domsim results file")
            meta = json.loads(first[len(CSV_PREFIX):])
            df = pd.read_csv(f)
    from sim.results import coerce_games
    from sim.runner.plan import RunConfig

    df = coerce_games(df, RunConfig.from_dict(meta["config"]))
    return df, meta


def save_results(results: Results, path: str | os.PathLike) -> None:
    save_frame(results.games, run_metadata(results), path)


def load_results(path: str | os.PathLike) -> Results:
    """A :class:`sim.results.Results` back from a file (complete or not)."""
    from sim.results import Results
    from sim.runner.plan import RunConfig

    df, meta = load_frame(path)
    return Results(df, RunConfig.from_dict(meta["config"]),
                   completed=_unranges(meta.get("completed_chunks", [])),
                   error=meta.get("error"), interrupted=bool(meta.get("interrupted")))
