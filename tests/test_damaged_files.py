"""The other files people pass around, damaged: a policy folder (policy.json +
policy.npz) and a results file.  Each is refused in one ValueError line naming the
problem, before any compiled code reads it (issue 46, item 2)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from sim.learn.bot import META_FILE, POLICY_FILE, load_policy

POLICY = Path(__file__).resolve().parents[1] / "experiments" / "results" / "learn" / \
    "first-game"


def _one_line(excinfo, *words: str) -> None:
    msg = str(excinfo.value)
    assert "\n" not in msg and all(w in msg for w in words), msg


@pytest.fixture
def policy(tmp_path) -> Path:
    d = tmp_path / "p"
    shutil.copytree(POLICY, d)
    return d


def _rewrite(d: Path, **change) -> None:
    with np.load(d / POLICY_FILE) as z:
        arrays = {k: z[k] for k in z.files}
    for k, v in change.items():
        if v is None:
            del arrays[k]
        else:
            arrays[k] = v
    with open(d / POLICY_FILE, "wb") as f:
        np.savez(f, **arrays)


def test_the_policy_loads(policy):
    net, columns, meta, _ = load_policy(policy)
    assert net.n_inputs() == len(columns) and meta["fallback"]


@pytest.mark.parametrize("cut", [0.0, 0.3, 0.9])
def test_a_truncated_npz_is_one_line(policy, cut):
    raw = (policy / POLICY_FILE).read_bytes()
    (policy / POLICY_FILE).write_bytes(raw[:int(len(raw) * cut)])
    with pytest.raises(ValueError) as e:
        load_policy(policy)
    _one_line(e, POLICY_FILE)


def test_wrong_shapes_missing_keys_nan_and_bad_columns_are_one_line(policy):
    with np.load(policy / POLICY_FILE) as z:
        W0, W1, Wp, columns = z["W0"], z["W1"], z["Wp"], z["columns"]
    cases = [
        (dict(W0=W0[:-1]), "'W0' has shape"),
        (dict(W1=W1[:, :-3]), "'W1' has 125 units"),
        (dict(Wp=Wp[:, :50]), "'Wp' has shape"),
        (dict(bv=None), "no array 'bv'"),
        (dict(columns=None), "no array 'columns'"),
        (dict(W1=None), "no array 'W1'"),
        (dict(extra=np.zeros(3)), "'extra'"),
        (dict(W0=np.where(np.arange(W0.size).reshape(W0.shape) == 7, np.nan, W0)),
         "non-finite"),
        (dict(bp=np.full(Wp.shape[1], np.inf, np.float32)), "non-finite"),
        (dict(columns=columns + 100_000), "'columns' holds entry"),
        (dict(columns=-columns - 1), "'columns' holds entry"),
        (dict(columns=columns.astype(np.float32)), "'columns' is float32"),
        (dict(W0=W0.astype(np.int32)), "'W0' is int32"),
        (dict(Wv=np.zeros((W1.shape[1], 2), np.float32)), "'Wv' has shape"),
    ]
    raw = (policy / POLICY_FILE).read_bytes()
    for change, words in cases:
        (policy / POLICY_FILE).write_bytes(raw)
        _rewrite(policy, **change)
        with pytest.raises(ValueError) as e:
            load_policy(policy)
        _one_line(e, POLICY_FILE, words)


def test_a_damaged_description_is_one_line(policy):
    meta = json.loads((policy / META_FILE).read_text())
    for text, words in [("{nope", "not JSON"), ("[1, 2]", "JSON object"),
                        (json.dumps(dict(meta, domsim_policy=2)), "format 1"),
                        (json.dumps(dict(meta, fallback=3)), "'fallback'"),
                        (json.dumps(dict(meta, hidden=[64])), "policy.json says"),
                        (json.dumps({k: v for k, v in meta.items() if k != "decisions"}),
                         "'decisions'")]:
        (policy / META_FILE).write_text(text)
        with pytest.raises(ValueError) as e:
            load_policy(policy)
        _one_line(e, META_FILE, words)


# ----------------------------------------------------------------------------- results
@pytest.fixture(scope="module")
def results_file(tmp_path_factory) -> Path:
    from sim.runner import Match

    r = Match("bmu", "big-money", games=10, seed=3, kingdom="first-game").play(processes=1)
    path = tmp_path_factory.mktemp("r") / "r.parquet"
    r.save(path)
    return path


def test_damaged_or_foreign_parquet_files_are_one_line(results_file, tmp_path):
    from sim.analysis.io import META_KEY, load_frame

    raw = results_file.read_bytes()
    table = pq.read_table(results_file)
    meta = json.loads(table.schema.metadata[META_KEY])
    cases = []
    for k, cut in enumerate((0, 10, len(raw) // 2, len(raw) - 9)):
        p = tmp_path / f"cut{k}.parquet"
        p.write_bytes(raw[:cut])
        cases.append((p, "not a readable Parquet file"))
    # Bytes damaged anywhere: refused in one line, or (bytes no reader uses, such as
    # statistics) the very same games; never other numbers.  Page checksums make
    # damaged data pages a refusal.
    original, _ = load_frame(results_file)
    refused = 0
    for at in range(100, len(raw) - 200, max(1, len(raw) // 40)):
        b = bytearray(raw)
        b[at:at + 16] = bytes(x ^ 0x5A for x in b[at:at + 16])
        p = tmp_path / "flipped.parquet"
        p.write_bytes(bytes(b))
        try:
            df, _ = load_frame(p)
        except ValueError as e:
            assert "\n" not in str(e) and p.name in str(e), str(e)
            refused += 1
            continue
        assert df.equals(original), at
    assert refused > 10
    p = tmp_path / "foreign.parquet"
    pq.write_table(pa.table({"x": [1, 2, 3]}), p)
    cases.append((p, "not a domsim results file"))

    def with_meta(name: str, m, t=table) -> Path:
        p = tmp_path / name
        pq.write_table(t.replace_schema_metadata({META_KEY: m}), p)
        return p

    cases += [
        (with_meta("garbled.parquet", b"{nope"), "not valid JSON"),
        (with_meta("noconfig.parquet", json.dumps({"version": "0"})), "run configuration"),
        (with_meta("badconfig.parquet", json.dumps(dict(meta, config={"bots": 3}))),
         "run configuration"),
        (with_meta("list.parquet", json.dumps([1, 2])), ""),
        (with_meta("nocol.parquet", json.dumps(meta), table.drop_columns(["winner"])),
         "winner"),
        (with_meta("badcol.parquet", json.dumps(meta),
                   table.set_column(table.schema.get_field_index("seed"), "seed",
                                    pa.array(["x"] * len(table)))), ""),
    ]
    for path, words in cases:
        with pytest.raises(ValueError) as e:
            load_frame(path)
            pytest.fail(f"{path.name} loaded")
        _one_line(e, path.name, words)
