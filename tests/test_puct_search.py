"""experiments/puct_search.py (issue 49 item 4): the boards and opponents it reads from a
policy's field evaluation (``--eval``), and its one-line errors.  The matches themselves
are sim.runner.Match's (tests/test_puct.py tests the bot); no figure is checked here."""

from __future__ import annotations

import csv

import pytest

from tests.conftest import experiment


def test_boards_and_weakest_opponents_come_from_the_eval_folder(tmp_path):
    ps = experiment("puct_search")
    with open(tmp_path / "boards.csv", "w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows([["board", "kingdom", "events"],
                                 [7, "Smithy;Village;Witch", ""],
                                 [8, "Moat;Chapel", "Alms;Ball"]])
    with open(tmp_path / "field.csv", "w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows([["board", "opponent", "kind", "win_rate"],
                                 [7, "bmu", "library", 0.8], [7, "witch-bm", "library", 0.45],
                                 [7, "found/board-07/best.toml", "found", 0.3],
                                 [8, "smithy-bm", "library", 0.6]])
    assert ps.table("first-game", tmp_path) == (None, None)
    assert ps.table(7, tmp_path) == (["Smithy", "Village", "Witch"], None)
    assert ps.table("8", tmp_path) == (["Moat", "Chapel"], ["Alms", "Ball"])
    # the library bots only (the found bot is another part's), weakest first
    assert [r["opponent"] for r in ps.policy_field(7, tmp_path)] == ["witch-bm", "bmu"]
    assert ps.board_numbers("41-43,45") == [41, 42, 43, 45]


def test_the_default_eval_is_the_shipped_generals():
    """The unseen boards and weakest opponents are those of the policy shipped as
    ``general`` (its evaluation folder holds the same weights' results)."""
    ps = experiment("puct_search")
    shipped = ps.ROOT / "bots" / "data" / "policies" / "general" / "policy.npz"
    assert (ps.EVAL.parent / "policy.npz").read_bytes() == shipped.read_bytes()
    assert len(ps.boards(ps.EVAL)) == 60


@pytest.mark.parametrize("argv, words", [
    (["--eval", "/nonexistent/eval"], "--eval /nonexistent/eval: no boards.csv"),
    (["--quick"], "--quick needs --out"),
    (["--field-bots", "some"], "--field-bots: a number or all"),
])
def test_bad_arguments_are_one_line(argv, words, capsys):
    ps = experiment("puct_search")
    with pytest.raises(SystemExit) as e:
        ps.main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert words in err


def test_a_rerun_merges_only_the_same_bot_and_evaluation(tmp_path):
    """results.json keeps the parts of earlier runs of the same bot on the same
    evaluation's boards; another evaluation's parts (another policy's boards and
    pairings) are dropped, not mixed in, and the record names the evaluation."""
    import json

    ps = experiment("puct_search")
    out = tmp_path / "out"
    out.mkdir()
    stale = {"bot": ps.BOT, "eval": "experiments/results/learn/general-league/eval",
             "duel": [{"board": 41, "opponent": "mcts"}], "parts": {"duel": {}}}
    (out / "results.json").write_text(json.dumps(stale))
    argv = ["--part", "timing", "--timing-games", "1", "--boards", "", "--out", str(out)]
    assert ps.main(argv) == 0
    res = json.loads((out / "results.json").read_text())
    assert res["eval"] == "experiments/results/learn/general-exploit/eval"
    assert "duel" not in res and list(res["parts"]) == ["timing"]
    assert [r["board"] for r in res["timing"]] == ["first-game"]
    assert ps.main(argv) == 0                   # the same evaluation: merged, kept
    assert len(json.loads((out / "results.json").read_text())["commands"]) == 2
    record = (out / "results.txt").read_text()
    assert "unseen boards and weakest pairings from: experiments/results/learn/" \
           "general-exploit/eval" in record
