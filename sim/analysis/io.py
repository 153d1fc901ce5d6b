"""Result files that say how they were made: Parquet (or CSV) plus run metadata.

The metadata (JSON) holds the run configuration, the package version, the
finished chunks, any error and the card and decision tables the games were played
with (``card_table``, sim.engine.fingerprint), so a file can be summarised, checked
and resumed on its own, and a later domsim that changed a card refuses it naming the
card (:func:`check_table`).  Parquet keeps it in the schema metadata under
``b"domsim"``.  CSV has no room for metadata, so it goes to a *sidecar*
``FILE.csv.json`` next to ``FILE.csv``, which stays a plain CSV that
``pandas.read_csv(FILE)`` reads as is (files of domsim 0.1 that start with a
``# domsim {json}`` comment line are still read).  Files are written to a
temporary name and renamed, so an interrupted write never leaves a truncated
results file.

Outputs follow one rule, checked before any game is played
(:func:`check_output`): the folder an output goes into must already exist and
be writable, and the name must have the right extension; domsim never creates
folders for the user (the CLI's own default ``results/`` folder excepted).
"""

from __future__ import annotations

import datetime as _dt
import json
import os
from pathlib import Path

import numpy as np
import pandas as pd

import sim
from sim.engine import fingerprint
from sim.engine.codes import END_NAMES
from sim.engine.config import ConfigError
from sim.outputs import OutputExists, atomic_path, atomic_write_text, existing
from sim.runner.plan import RunConfig

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


def run_metadata(config: RunConfig, *, complete: bool, completed: frozenset[int],
                 n_games: int, error: dict | None, interrupted: bool) -> dict:
    """The metadata a results file carries (see the module docstring)."""
    return {
        "format": FORMAT,
        "package": "domsim",
        "version": sim.__version__,
        "created": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "config": config.to_dict(),
        "complete": complete,
        "completed_chunks": _ranges(completed),
        "n_games": int(n_games),
        "error": error,
        "interrupted": interrupted,
        # The card and decision tables the games were played with: a later domsim reads
        # the file only where its tables agree (or only add cards): load_frame.
        fingerprint.KEY: fingerprint.record(),
    }


def completed_chunks(meta: dict) -> frozenset[int]:
    """The finished chunk indices recorded in a results file's metadata."""
    return _unranges(meta.get("completed_chunks", []))


def sidecar(path: str | os.PathLike) -> Path:
    """Where a CSV results file keeps its metadata: ``FILE.csv.json``."""
    path = Path(path)
    return path.with_name(path.name + ".json")


_EXTENSIONS = {"results": (".parquet", ".pq", ".csv"), "csv": (".csv",)}


def check_output(path: str | os.PathLike, what: str = "results") -> None:
    """Refuse, up front and in one line, an output domsim could not write at the end.

    ``what``: ``"results"`` (.parquet/.pq/.csv), ``"csv"`` (.csv) or ``"dir"``
    (a folder that may not exist yet, created inside an existing one).  The
    folder an output goes into must exist (it is named when it does not) and
    be writable; an existing output must be writable and of the right kind.
    """
    p = Path(path)
    name = os.fspath(path)
    if not name:
        raise ConfigError(f"empty name for an output {'folder' if what == 'dir' else 'file'}")
    if what != "dir":
        if p.suffix.lower() not in _EXTENSIONS[what]:
            want = "results file must end in .parquet or .csv" if what == "results" \
                else "CSV file must end in .csv"
            raise ConfigError(f"{want}: {name}")
        if p.is_dir():
            raise ConfigError(f"{name} is a folder, not a file")
        if p.exists() and not os.access(p, os.W_OK):
            raise ConfigError(f"cannot write {name}: permission denied")
    elif p.exists():
        if not p.is_dir():
            raise ConfigError(f"{name} is a file, not a folder")
        _probe(p, name)
        return
    parent = p.parent
    shown = os.fspath(parent) if os.fspath(parent) not in ("", ".") else "."
    if not parent.exists():
        raise ConfigError(f"folder {shown} does not exist (for {name}); create it first")
    if not parent.is_dir():
        raise ConfigError(f"{shown} is not a folder (for {name})")
    _probe(parent, shown)


def _probe(folder: Path, shown: str) -> None:
    """Create and delete a file in ``folder``: the one test of writability that
    also holds for root, read-only mounts and special file systems."""
    import tempfile

    try:
        with tempfile.TemporaryFile(dir=folder, prefix=".domsim-probe-"):
            pass
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise ConfigError(f"cannot write into folder {shown}: {reason}") from None


def file_kind(path: str | os.PathLike) -> str:
    suffix = Path(path).suffix.lower()
    if suffix in (".parquet", ".pq"):
        return "parquet"
    if suffix == ".csv":
        return "csv"
    raise ConfigError(f"results file must end in .parquet or .csv: {os.fspath(path)}")


def save_frame(df: pd.DataFrame, meta: dict, path: str | os.PathLike) -> None:
    """Write ``df`` with ``meta`` to ``path`` atomically (:mod:`sim.outputs`: a temporary
    file renamed when complete), replacing any file there: callers refuse an existing
    output up front (:func:`sim.outputs.refuse_existing`) when they must not replace it."""
    check_output(path, "results")
    kind = file_kind(path)
    text = json.dumps(meta, sort_keys=True)
    if kind == "parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        table = pa.Table.from_pandas(df, preserve_index=False)
        table = table.replace_schema_metadata({**(table.schema.metadata or {}),
                                               META_KEY: text.encode()})
        with atomic_path(path) as tmp:
            # Page checksums: a file damaged in passing is refused on reading
            # (load_frame), not read as other numbers.
            pq.write_table(table, tmp, compression="zstd", write_page_checksum=True)
        return
    # The sidecar records n_games, so a reader notices a CSV and sidecar from
    # different saves (a crash between these two renames).
    with atomic_path(path) as tmp:
        df.to_csv(tmp, index=False)
        atomic_write_text(sidecar(path), text + "\n")


def read_metadata(path: str | os.PathLike) -> dict | None:
    """The domsim metadata of a results file without reading its games (the Parquet
    schema, or the CSV's sidecar); None when it has none or cannot be read."""
    try:
        if file_kind(path) == "parquet":
            import pyarrow.parquet as pq

            raw = (pq.read_schema(path).metadata or {}).get(META_KEY)
        else:
            side = sidecar(path)
            if side.is_file():
                raw = side.read_text()
            else:
                with open(path) as f:
                    first = f.readline()
                raw = first[len(CSV_PREFIX):] if first.startswith(CSV_PREFIX) else None
        return _parse_meta(raw, os.fspath(path)) if raw is not None else None
    except Exception:  # noqa: BLE001 - any unreadable file: nothing to describe
        return None


def refuse_existing_results(path: str | os.PathLike, *, force: bool) -> None:
    """Refuse (:class:`sim.outputs.OutputExists`) to replace an existing results file
    unless ``force``; the one-line message says what the file holds and, for an
    unfinished run, how to finish it instead.  A CSV's sidecar counts as the file."""
    name = os.fspath(path)
    paths = [name] + ([os.fspath(sidecar(path))] if file_kind(path) == "csv" else [])
    found = existing(paths)
    if force or not found:
        return
    meta = read_metadata(path) if os.path.exists(path) else None
    held, hint = "", "or give another --out"
    if meta is not None:
        n = meta.get("n_games")
        held = (" (a complete run" if meta.get("complete") else " (an unfinished run") \
            + (f" of {n:,} games)" if isinstance(n, int) else ")")
        if not meta.get("complete"):
            hint = f"or finish it with: domsim resume {name}"
    raise OutputExists(f"results file {found[0]}{held} already exists; give --force to "
                       f"replace it, {hint}")


def coerce_games(df: pd.DataFrame, cfg: RunConfig) -> pd.DataFrame:
    """Restore the canonical dtypes (after CSV, which keeps none)."""
    n = cfg.players
    names = list(cfg.names)
    out = df.copy()
    ints = {"game": np.int64, "seed": np.uint64, "table": np.int32, "rotation": np.int8,
            "winners": np.uint8, "n_winners": np.int8, "first": np.int8, "length": np.int16}
    for s in range(n):
        ints[f"score_{s}"] = np.int16
        ints[f"turns_{s}"] = np.int16
    for c, t in ints.items():
        out[c] = out[c].astype(t)
    for c in [f"bot_{s}" for s in range(n)] + ["winner"]:
        out[c] = pd.Categorical(out[c], categories=names)
    out["end"] = pd.Categorical(out["end"], categories=list(END_NAMES))
    for c in ("tiebreak", "shared"):
        out[c] = out[c].astype(bool)
    return out


def load_frame(path: str | os.PathLike) -> tuple[pd.DataFrame, dict]:
    """(per-game DataFrame, metadata) of a results file; dtypes restored for CSV.

    Anything that is not a readable domsim results file (truncated, another
    program's Parquet or CSV, a missing sidecar, missing columns) raises
    :class:`ConfigError` with a one-line reason.
    """
    kind = file_kind(path)
    name = os.fspath(path)
    if not Path(path).is_file():
        raise ConfigError(f"no such results file: {name}")
    if kind == "parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        try:
            # Pages written with checksums are verified (files of domsim 0.11 and later).
            table = pq.read_table(path, page_checksum_verification=True)
        except (pa.ArrowException, OSError, ValueError) as exc:
            raise ConfigError(f"{name} is not a readable Parquet file "
                              f"({_first_line(exc)})") from None
        raw = (table.schema.metadata or {}).get(META_KEY)
        if raw is None:
            raise ConfigError(f"{name} is not a domsim results file (no domsim metadata)")
        meta = _parse_meta(raw, name)
        df = table.to_pandas()
    else:
        side = sidecar(path)
        try:
            with open(path) as f:
                first = f.readline()
                if first.startswith(CSV_PREFIX):  # domsim 0.1: metadata in a comment line
                    meta = _parse_meta(first[len(CSV_PREFIX):], name)
                    df = pd.read_csv(f, low_memory=False)
                else:
                    if not side.is_file():
                        raise ConfigError(f"{name} is not a domsim results file (its "
                                          f"metadata file {side} is missing)")
                    meta = _parse_meta(side.read_text(), os.fspath(side))
                    df = pd.read_csv(path, low_memory=False)
        except (UnicodeDecodeError, pd.errors.ParserError, pd.errors.EmptyDataError) as exc:
            raise ConfigError(f"{name} is not a readable CSV file ({_first_line(exc)})") \
                from None
        n = meta.get("n_games")
        if isinstance(n, int) and n != len(df):
            raise ConfigError(f"{name} has {len(df):,} games but its metadata says {n:,} "
                              f"(the CSV and {side.name} come from different saves)")
    check_table(meta, name)
    try:
        cfg = RunConfig.from_dict(meta["config"])
    except (KeyError, TypeError, ValueError) as exc:
        raise ConfigError(f"{name}: its domsim metadata has no valid run configuration "
                          f"({type(exc).__name__}: {_first_line(exc)})") from None
    try:
        df = coerce_games(df, cfg)
    except KeyError as exc:
        raise ConfigError(f"{name} is not a domsim results file (no column "
                          f"{exc.args[0]!r})") from None
    except (ValueError, TypeError) as exc:
        raise ConfigError(f"{name} has a column domsim cannot read "
                          f"({_first_line(exc)})") from None
    return df, meta


def check_table(meta: dict, name: str) -> fingerprint.TableCheck:
    """How the card table a results file records (its metadata's ``card_table``,
    sim.engine.fingerprint; none: the table of domsim 0.10/0.11) compares with this
    domsim's; a table this domsim changed other than by adding cards and decisions is
    refused (:class:`ConfigError`, one line naming the change): the file's kingdom, bots
    and games name cards that would now be others, or play otherwise (a replay, ``domsim
    play --from``, would not be the game the file records)."""
    return fingerprint.usable(meta.get(fingerprint.KEY), name, "made with", ConfigError)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _parse_meta(raw: bytes | str, name: str) -> dict:
    try:
        meta = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{name}: its domsim metadata is not valid JSON "
                          f"({_first_line(exc)})") from None
    if not isinstance(meta, dict) or not isinstance(meta.get("config"), dict):
        raise ConfigError(f"{name}: its domsim metadata has no run configuration")
    return meta
