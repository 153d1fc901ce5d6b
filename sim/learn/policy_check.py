"""Checking a policy folder before anything reads its weights.

Policy folders (policy.json + policy.npz, sim.learn.bot.save_policy) are passed around
like saved games, and the compiled forward pass (sim.learn.compiled) indexes the
observation with ``columns`` and multiplies the arrays with no bounds checks.  So
:func:`read_meta` and :func:`read_arrays` read both files and check every array
against the description before anyone uses them: the keys present (W0..Wk-1,
b0..bk-1, Wp, bp, Wv, bv, columns, nothing else), dtypes (float weights, integer
columns), shapes chained (columns -> W0 -> ... -> Wp / Wv; ``hidden`` of policy.json
when it says), the action count, columns inside the observation, and every weight
finite (a NaN weight makes every logit NaN: the policy would pick its first legal
action forever, silently, so it is refused).  A failure is one ValueError line naming
the file, the array and what is wrong.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import numpy as np


def _fail(where: Path, what: str) -> None:
    raise ValueError(f"{where}: {what}")


def read_meta(path: Path, fmt: int) -> dict:
    """policy.json: a JSON object of format ``fmt`` with the fields a bot reads."""
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError) as e:
        _fail(path, f"not JSON ({' '.join(str(e).split())})")
    if not isinstance(meta, dict):
        _fail(path, f"a JSON object of the policy's description, not {type(meta).__name__}")
    if meta.get("domsim_policy") != fmt or isinstance(meta.get("domsim_policy"), bool):
        _fail(path, f"not a domsim policy of format {fmt}")
    for key, kinds in (("fallback", (str,)), ("decisions", (str, list))):
        if not isinstance(meta.get(key), kinds):
            _fail(path, f"{key!r} is {meta.get(key)!r}; "
                        f"{' or '.join(k.__name__ for k in kinds)}")
    hidden = meta.get("hidden")
    if hidden is not None and not (isinstance(hidden, list) and all(
            isinstance(h, int) and not isinstance(h, bool) and h > 0 for h in hidden)):
        _fail(path, f"'hidden' is {hidden!r}; a list of layer widths")
    return meta


def read_arrays(path: Path, meta: dict, n_actions: int, obs_size: int
                ) -> dict[str, np.ndarray]:
    """policy.npz's arrays, each checked against the description (module docstring)."""
    try:
        with np.load(path, allow_pickle=False) as z:
            arrays = {name: z[name] for name in z.files}
    except (OSError, ValueError, EOFError, KeyError, zipfile.BadZipFile,
            zipfile.LargeZipFile, NotImplementedError) as e:
        _fail(path, f"not a readable npz file ({type(e).__name__}: "
                    f"{' '.join(str(e).split())[:200]})")
    layers = [int(name[1:]) for name in arrays
              if name[:1] in "Wb" and name[1:].isdigit() and len(name) < 8]
    k = max(layers) + 1 if layers else 0
    want = {f"W{i}" for i in range(k)} | {f"b{i}" for i in range(k)} | {
        "Wp", "bp", "Wv", "bv", "columns"}
    missing = sorted(want - set(arrays))
    if missing:
        _fail(path, f"no array {missing[0]!r} (a policy holds W0..W{k - 1}, b0..b{k - 1}, "
                    f"Wp, bp, Wv, bv, columns)")
    extra = sorted(set(arrays) - want)
    if extra:
        _fail(path, f"an array {extra[0]!r} that no policy holds")
    if k == 0:
        _fail(path, "no trunk layer (W0)")
    cols = arrays["columns"]
    if cols.dtype.kind not in "iu" or cols.ndim != 1 or len(cols) == 0:
        _fail(path, f"'columns' is {cols.dtype}{list(cols.shape)}; a list of observation "
                    f"entries (integers)")
    if cols.min() < 0 or cols.max() >= obs_size:
        bad = int(cols[(cols < 0) | (cols >= obs_size)][0])
        _fail(path, f"'columns' holds entry {bad}; the observation has entries "
                    f"0..{obs_size - 1}")
    hidden = meta.get("hidden")
    if hidden is not None and len(hidden) != k:
        _fail(path, f"{k} trunk layers; policy.json says {len(hidden)} ({hidden})")
    width = len(cols)
    for i in range(k):
        for name in (f"W{i}", f"b{i}"):
            a = arrays[name]
            if a.dtype.kind != "f":
                _fail(path, f"{name!r} is {a.dtype}; floats")
        W, b = arrays[f"W{i}"], arrays[f"b{i}"]
        if W.ndim != 2 or W.shape[0] != width or W.shape[1] == 0:
            _fail(path, f"'W{i}' has shape {list(W.shape)}; [{width}, layer width]")
        if hidden is not None and W.shape[1] != hidden[i]:
            _fail(path, f"'W{i}' has {W.shape[1]} units; policy.json says {hidden[i]}")
        if b.shape != (W.shape[1],):
            _fail(path, f"'b{i}' has shape {list(b.shape)}; [{W.shape[1]}]")
        width = W.shape[1]
    for name, shape in (("Wp", (width, n_actions)), ("bp", (n_actions,)),
                        ("Wv", (width, 1)), ("bv", (1,))):
        a = arrays[name]
        if a.dtype.kind != "f":
            _fail(path, f"{name!r} is {a.dtype}; floats")
        if a.shape != shape:
            _fail(path, f"{name!r} has shape {list(a.shape)}; {list(shape)}")
    for name, a in arrays.items():
        if name != "columns" and not np.isfinite(a).all():
            _fail(path, f"{name!r} holds a non-finite weight "
                        f"({a[~np.isfinite(a)].ravel()[0]}): a damaged or diverged policy")
    return arrays
