"""No command destroys results: an existing output is refused unless ``--force``,
every file is written atomically, a continued run may save over its own file.

Issue 26 item 1: a 3,000,000-game file was replaced by a 100-game run because the
same ``--out`` was typed again.  These tests play small matches (a few games, one
process) into temporary folders and check the files byte for byte.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.analysis.results import Results
from sim.cli import main
from sim.outputs import OutputExists, atomic_path, atomic_write_text, refuse_existing

MATCH = ["match", "bmu", "smithy-bm", "--processes", "1", "--no-progress"]


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def leftovers(folder: Path) -> list[str]:
    """Temporary files left behind (sim.outputs.temp_name: hidden, ``.tmp<pid>``)."""
    return sorted(p.name for p in folder.rglob(".*.tmp*"))


def test_existing_results_file_is_refused_and_kept(capsys, tmp_path):
    out = tmp_path / "big.parquet"
    assert run_cli(capsys, *MATCH, "--games", "40", "--out", str(out))[0] == 0
    before = out.read_bytes()
    rc, text, err = run_cli(capsys, *MATCH, "--games", "4", "--out", str(out))
    assert rc == 2 and not text
    line = err.strip()
    assert "\n" not in line and line.startswith("domsim: error: ")
    # It names the file, what the file holds, and the way out.
    assert str(out) in line and "a complete run of 40 games" in line and "--force" in line
    assert out.read_bytes() == before
    assert Results.load(out).n_games == 40


def test_force_replaces_the_results_file(capsys, tmp_path):
    out = tmp_path / "r.parquet"
    assert run_cli(capsys, *MATCH, "--games", "40", "--out", str(out))[0] == 0
    rc, _, err = run_cli(capsys, *MATCH, "--games", "4", "--out", str(out), "--force")
    assert rc == 0, err
    assert Results.load(out).n_games == 4
    assert leftovers(tmp_path) == []


def test_csv_results_and_sidecar_count_as_the_file(capsys, tmp_path):
    out = tmp_path / "r.csv"
    assert run_cli(capsys, *MATCH, "--games", "4", "--out", str(out))[0] == 0
    out.unlink()   # only the sidecar is left: still refused, it would be replaced
    rc, _, err = run_cli(capsys, *MATCH, "--games", "4", "--out", str(out))
    assert rc == 2 and "r.csv.json already exists" in err


def test_unfinished_run_is_refused_with_the_resume_command(capsys, tmp_path):
    out = tmp_path / "part.parquet"
    assert run_cli(capsys, *MATCH, "--games", "40", "--chunk-size", "10",
                   "--out", str(out))[0] == 0
    r = Results.load(out)
    Results(r.games[r.games["game"] < 10], r.config, frozenset({0})).save(out)
    rc, _, err = run_cli(capsys, *MATCH, "--games", "40", "--out", str(out))
    assert rc == 2 and "an unfinished run of 10 games" in err
    assert f"finish it with: domsim resume {out}" in err
    # Resuming saves over its own file (that is what it is for) ...
    assert run_cli(capsys, "resume", str(out), "--processes", "1")[0] == 0
    assert Results.load(out).complete
    # ... but not over another existing file.
    other = tmp_path / "other.parquet"
    other.write_bytes(b"not mine")
    rc, _, err = run_cli(capsys, "resume", str(out), "--out", str(other), "--processes", "1")
    assert rc == 2 and str(other) in err and other.read_bytes() == b"not mine"


def test_csv_summary_and_charts_are_refused_too(capsys, tmp_path):
    summary = tmp_path / "s.csv"
    summary.write_text("keep me\n")
    rc, _, err = run_cli(capsys, *MATCH, "--games", "4", "--csv-summary", str(summary))
    assert rc == 2 and "CSV summary" in err and str(summary) in err
    assert summary.read_text() == "keep me\n"
    assert run_cli(capsys, *MATCH, "--games", "4", "--csv-summary", str(summary),
                   "--force")[0] == 0
    assert summary.read_text().startswith("bot,")
    charts = tmp_path / "charts"
    charts.mkdir()
    (charts / "win_rates.png").write_bytes(b"old chart")
    rc, _, err = run_cli(capsys, "tournament", "bmu", "smithy-bm", "--games", "4", "--no-out",
                         "--plot", str(charts), "--processes", "1")
    assert rc == 2 and "win_rates.png already exists" in err
    assert (charts / "win_rates.png").read_bytes() == b"old chart"


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "r.txt"
    target.write_text("old")
    with pytest.raises(RuntimeError), atomic_path(target) as tmp:
        tmp.write_text("half writt")
        raise RuntimeError("disk full")
    assert target.read_text() == "old" and leftovers(tmp_path) == []
    atomic_write_text(target, "new")
    assert target.read_text() == "new" and leftovers(tmp_path) == []


def test_results_save_interrupted_midway_keeps_the_previous_file(tmp_path, monkeypatch):
    """A save that fails while writing (here: Parquet's writer raising) leaves the
    previous results file whole and no temporary file behind."""
    import pyarrow.parquet as pq

    from sim.runner import Match

    res = Match(["bmu", "smithy-bm"], games=4, processes=1).play(progress=False)
    path = tmp_path / "r.parquet"
    res.save(path)
    before = path.read_bytes()

    def broken(table, where, **kw):
        Path(where).write_bytes(b"PAR1 trunc")
        raise OSError("No space left on device")

    monkeypatch.setattr(pq, "write_table", broken)
    with pytest.raises(OSError, match="No space"):
        res.save(path)
    assert path.read_bytes() == before and leftovers(tmp_path) == []


def test_refuse_existing_names_the_first_and_counts_the_rest(tmp_path):
    a, b = tmp_path / "a.png", tmp_path / "b.png"
    refuse_existing([a, b], force=False)          # nothing there: fine
    a.write_text("x")
    b.write_text("y")
    with pytest.raises(OutputExists, match=r"chart .*a\.png already exists \(and 1 more\); "
                                           r"give --force to replace it, or elsewhere"):
        refuse_existing([a, b], force=False, what="chart", hint="or elsewhere")
    refuse_existing([a, b], force=True)


def test_resume_with_an_edited_bot_names_the_bot_file(capsys, tmp_path):
    bot = tmp_path / "mine.toml"
    text = ('name = "mine"\n[[buy]]\ncard = "Province"\n[[buy]]\ncard = "Gold"\n'
            '[[buy]]\ncard = "Silver"\n')
    bot.write_text(text)
    out = tmp_path / "r.parquet"
    assert run_cli(capsys, "match", str(bot), "bmu", "--games", "4", "--out", str(out),
                   "--processes", "1")[0] == 0
    bot.write_text(text.replace('card = "Gold"\n[[buy]]\n', ""))
    rc, _, err = run_cli(capsys, "resume", str(out), "--processes", "1")
    assert rc == 2
    assert f"cannot resume {out}" in err and f"bot mine ({bot})" in err, err
    assert "hashes" not in err and "plays differently" in err


def test_optimize_refuses_another_search_s_files(tmp_path):
    from sim.optimize import optimize

    out = tmp_path / "best.toml"
    out.write_text("# another search's bot\n")
    with pytest.raises(OutputExists, match="best.toml already exists"):
        optimize(out=out, against=["bmu"], budget=300_000, population=4, keep=2,
                 progress=False)
    assert out.read_text() == "# another search's bot\n"
    assert not (tmp_path / "best.search").exists()


def test_every_writing_command_offers_force():
    from sim.analysis.plot import build_parser as plot_parser
    from sim.cli import build_parser

    parser = build_parser()
    for argv in (["match", "a", "b"], ["tournament"], ["resume", "f.parquet"],
                 ["optimize", "--out", "x.toml"]):
        assert parser.parse_args([*argv, "--force"]).force is True
    assert plot_parser().parse_args(["f.parquet", "--force"]).force is True
