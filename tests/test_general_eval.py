"""experiments/general_eval.py's field part (issue 49 item 1): the general policy against
every library bot of each unseen board, and the headline that counts the boards where
every one is beaten.  These tests check the machinery and the summary's arithmetic on 2
boards and a few games (``--quick``), never the policy's strength."""

from __future__ import annotations

import csv
import shutil
import statistics

import pytest

from tests.conftest import experiment

FIELD_COLUMNS = ["board", "opponent", "kind", "games", "win_rate", "ci_low", "ci_high",
                 "win_rate_seat0", "win_rate_seat1", "wall_s", "main_cpu_s", "load"]


def read(path) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def row(board: int, opponent: str, win: float, lo: float, kind: str = "library") -> dict:
    return {"board": board, "opponent": opponent, "kind": kind, "win_rate": win,
            "ci_low": lo, "ci_high": min(1.0, 2 * win - lo)}


def test_summary_arithmetic_on_made_up_rows():
    ge = experiment("general_eval")
    rows = [row(1, "a", 0.70, 0.60), row(1, "b", 0.60, 0.51), row(1, "c", 0.55, 0.50),
            row(1, "d", 0.90, 0.85),                       # c: 0.50 is not above 50%
            row(2, "a", 0.80, 0.70), row(2, "e", 0.65, 0.55), row(2, "f", 0.75, 0.66),
            row(2, "found/board-02/best.toml", 0.45, 0.40, "found"),
            row(31, "a", 0.60, 0.55), row(31, "g", 0.58, 0.52)]
    s = {r["board"]: r for r in ge.field_summary(rows, {1: "b", 2: "f", 31: "zzz"})}
    one, two, far = s[1], s[2], s[31]
    assert (one["library_bots"], one["library_beaten"], one["every_library_beaten"],
            one["every_beaten"], one["found"]) == (4, 3, False, False, False)
    assert one["weakest"] == one["weakest_library"] == "c" and one["weakest_ci_low"] == 0.5
    # 4 bots: the median is the mean of the middle two, the named one the lower middle
    assert one["median_win_rate"] == pytest.approx((0.60 + 0.70) / 2)
    assert (one["median_opponent"], one["median_opponent_win_rate"]) == ("b", 0.60)
    assert (one["best"], one["best_win_rate"], one["best_beaten"]) == ("b", 0.60, True)
    assert one["found_win_rate"] == one["found_beaten"] == ""
    # every library bot beaten, the found bot not: not every opponent
    assert (two["every_library_beaten"], two["found"], two["found_beaten"],
            two["every_beaten"]) == (True, True, False, False)
    assert two["weakest"] == "found/board-02/best.toml" and two["weakest_library"] == "e"
    assert two["median_win_rate"] == 0.75 and two["median_opponent"] == "f"
    assert two["best_beaten"] is True
    # a best bot the board's field lacks leaves the best columns blank
    assert far["every_beaten"] is True and far["best"] == far["best_beaten"] == ""
    h = ge.field_headline(list(s.values()))
    assert {k: h[k] for k in ("boards", "every_beaten", "every_library_beaten",
                              "with_found", "found_beaten", "with_best", "best_beaten")} \
        == {"boards": 3, "every_beaten": 1, "every_library_beaten": 2, "with_found": 1,
            "found_beaten": 0, "with_best": 2, "best_beaten": 2}
    assert h["blocks"]["1-30"]["every_library_beaten"] == 1
    assert h["blocks"]["31-60"] == {"boards": 1, "every_beaten": 1,
                                    "every_library_beaten": 1, "with_found": 0,
                                    "found_beaten": 0, "with_best": 0, "best_beaten": 0}
    assert ge.of(h, "every_beaten") == \
        "1 of 3 boards (boards 1-30: 0 of 2; boards 31-60: 1 of 1)"
    assert "blocks" not in ge.field_headline([one, two])


@pytest.fixture
def library_only(monkeypatch):
    """The registry as a fresh process has it: the library's bots only.  Other tests
    register test bots in the same process (tests/test_adventures_round_robin.py's
    lost-arts-buyer, which names no cards, so it would join every board's field)."""
    import bots

    monkeypatch.setattr(bots, "_REGISTRY", {b.name: b for b in bots.builtin_bots()})


def test_quick_field_run_on_two_boards(tmp_path, library_only):
    ge = experiment("general_eval")
    shipped = ge.POLICY / "eval"
    out = tmp_path / "eval"
    # boards 1-32 of the stream: the shipped ones (1-30 issue 38's), drawn again
    assert ge.main(["--quick", "--out", str(out), "--part", "boards", "--boards", "32"]) == 0
    boards = read(out / "boards.csv")
    assert len(boards) == 32 and boards == read(shipped / "boards.csv")[:32]
    assert int(boards[31]["seed"]) > int(boards[29]["seed"])
    # a run with the default --boards keeps the longer file whole
    ge.main(["--quick", "--out", str(out), "--part", "boards"])
    assert read(out / "boards.csv") == boards
    with pytest.raises(SystemExit) as e:
        ge.main(["--quick", "--out", str(out), "--part", "field", "--boards", "33"])
    assert e.value.code == 1

    found = out / "found" / "board-01"          # board 1's found bot, as part found left it
    found.mkdir(parents=True)
    shutil.copy(shipped / "found" / "board-01" / "best.toml", found / "best.toml")
    assert ge.main(["--quick", "--out", str(out), "--processes", "1",
                    "--part", "best", "--part", "field"]) == 0

    rows = read(out / "field.csv")
    assert list(rows[0]) == FIELD_COLUMNS
    args = type("Args", (), {"out": out, "boards": 30, "first": 2})()
    for b in ge.boards_of(args):
        mine = [r for r in rows if int(r["board"]) == b["board"]]
        expected = ge.candidates(b) + (["found"] if b["board"] == 1 else [])
        assert [r["opponent"] if r["kind"] == "library" else "found" for r in mine] \
            == expected
    for r in rows:
        assert int(r["games"]) == ge.QUICK_GAMES
        assert float(r["ci_low"]) <= float(r["win_rate"]) <= float(r["ci_high"])
    assert {int(r["board"]) for r in rows} == {1, 2}

    summary = read(out / "field_summary.csv")
    best = {int(r["board"]): r["best"] for r in read(out / "best.csv")}
    for s in summary:
        mine = [r for r in rows if int(r["board"]) == int(s["board"])]
        lib = [r for r in mine if r["kind"] == "library"]
        beaten = [float(r["ci_low"]) > 0.5 for r in lib]
        assert int(s["library_bots"]) == len(lib) and int(s["library_beaten"]) == sum(beaten)
        assert s["every_library_beaten"] == str(all(beaten))
        assert s["every_beaten"] == str(all(float(r["ci_low"]) > 0.5 for r in mine))
        assert float(s["weakest_win_rate"]) == min(float(r["win_rate"]) for r in mine)
        assert float(s["median_win_rate"]) == pytest.approx(
            statistics.median(float(r["win_rate"]) for r in lib), abs=1e-4)
        assert s["best"] == best[int(s["board"])]
        assert s["found"] == str(int(s["board"]) == 1)
    record = (out / "record-field.txt").read_text(encoding="utf-8")
    n = sum(s["every_beaten"] == "True" for s in summary)
    assert f"on {n} of 2 boards; every library bot on " in record, record
    assert "wall_s:" in record and "cpu_s:" in record and "load average" in record


def test_quick_needs_its_own_folder():
    ge = experiment("general_eval")
    with pytest.raises(SystemExit) as e:
        ge.main(["--quick", "--part", "field"])
    assert e.value.code == 2
