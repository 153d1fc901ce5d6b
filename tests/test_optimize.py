"""domsim optimize: the bot space, the racing statistics, the search and its files.

The searches here are tiny (a few thousand to a few hundred thousand games, a
second or two warm); the race's statistics are also tested on synthetic scores,
where the truth is known exactly.
"""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest

from bots.errors import RuleError
from bots.library import BIG_MONEY, BMU, DOUBLE_MILITIA, MILITIA_BM, SMITHY_BM
from bots.rules import programs_equal
from bots.toml_bot import load_bot_file, loads_bot
from sim.cli import main
from sim.engine.config import ConfigError
from sim.optimize import Genome, OptimizeInterrupted, Race, Space, genome_from_bot, optimize
from sim.optimize.race import plan_rungs, race_cost
from sim.optimize.space import DISCARD, FIXED, CardGene

pytestmark = pytest.mark.timeout(600)


# -- the space ------------------------------------------------------------------------------

@pytest.mark.parametrize("bot", [BIG_MONEY, BMU, SMITHY_BM, MILITIA_BM], ids=lambda b: b.name)
def test_reference_bots_are_points_of_the_space_and_their_toml_reads_back(bot):
    g = genome_from_bot(bot)
    text = g.to_toml(bot.name, header=["a comment"])
    back = loads_bot(text)
    assert programs_equal(back.program(), g.bot(bot.name).program())
    # Same buy rules, in the same order, as the library bot.
    assert [str(r) for r in back.buy] == [str(r) for r in bot.buy]


def test_bmu_genome_is_exactly_bmu():
    assert programs_equal(genome_from_bot(BMU).bot("bmu").program(), BMU.program())


def test_a_start_bot_of_another_shape_is_refused_with_the_rule_named():
    with pytest.raises(RuleError, match="gains_to_end <= 5' does not fit the search space"):
        genome_from_bot(DOUBLE_MILITIA)


def test_mutation_stays_in_the_space_and_changes_the_bot():
    space = Space.for_kingdom(["Cellar", "Moat", "Village", "Merchant", "Workshop", "Smithy",
                               "Militia", "Remodel", "Market", "Mine"])
    g = space.fit(genome_from_bot(BMU))
    rng = np.random.default_rng(5)
    changed = 0
    for _ in range(300):
        m = space.mutate(g, rng)
        changed += m.key() != g.key()
        assert m.province_money in space.province_money or m.province_money == 18
        for c in m.cards:
            assert c.card in space.cards
            if c.kind != "off":
                # A card dearer than Silver is never put after Silver (it could not fire).
                assert c.slot in space.slots_for(c.card)
        m.bot("x")  # compiles
        g = m
    assert changed > 250
    assert "late" not in space.slots_for("Market") and "late" in space.slots_for("Cellar")


def test_a_small_space_is_enumerated_whole():
    space = Space(province_money=(14, 16, 18), duchy_late=(3, 4), estate_late=(2,),
                  duchy_mid=(6,), province_gold=(0,))
    all_ = space.enumerate(Genome(), limit=100)
    assert sorted((g.province_money, g.duchy_late) for g in all_) == sorted(
        (p, d) for p in (14, 16, 18) for d in (3, 4))
    assert space.size() == 6 and space.enumerate(Genome(), limit=5) is None


# -- racing, on synthetic scores ------------------------------------------------------------

def _race(means, seed, d0=50, keep=1, alpha=0.05):
    """Race candidates whose per-deal scores are Bernoulli(mean) with shared noise (the
    same uniform numbers for all: common random numbers)."""
    rng = np.random.default_rng(seed)
    names = [f"c{i}" for i in range(len(means))]
    race = Race(names, keep=keep, eta=2, alpha=alpha, d0=d0)
    history = []
    while not race.done:
        u = rng.random(race.deals_next())
        history += race.add({c: (u < means[names.index(c)]).astype(float) for c in race.alive})
    return race, history


def test_racing_never_drops_a_best_candidate_with_a_large_margin():
    means = [0.45, 0.5, 0.48, 0.52, 0.7, 0.5, 0.47, 0.51]   # c4 is best by 0.18
    for seed in range(200):
        race, _ = _race(means, seed)
        assert "c4" not in race.dropped, (seed, race.dropped.get("c4"))
        assert race.ranking()[0] == "c4"


def test_a_clearly_worse_candidate_is_dropped_by_its_confidence_bound():
    race, history = _race([0.7, 0.2, 0.65, 0.68], seed=1, d0=200, keep=3)
    assert race.dropped["c1"]["fate"] == "dropped: worse than the leader (upper bound < 0)"
    assert race.dropped["c1"]["rung"] == 0


def test_identical_candidates_are_never_dropped_by_the_bound():
    rng = np.random.default_rng(0)
    race = Race(["a", "b"], keep=1, eta=2, d0=100)
    u = (rng.random(100) < 0.5).astype(float)
    recs = race.add({"a": u, "b": u.copy()})
    assert all("upper bound" not in r["fate"] for r in recs)


def test_the_bound_waits_for_enough_deals():
    # 10 deals: c1 looks far worse, but the bound is not trusted yet; halving decides.
    race, _ = _race([0.9, 0.1, 0.5, 0.5], seed=2, d0=10, keep=2)
    assert all("upper bound" not in r["fate"] for r in race.dropped.values())


def test_race_cost_matches_the_halving_plan():
    assert plan_rungs(24, 4, 2) == [24, 12, 6, 4]
    # 24 play d0, 12 play d0 more, 6 play 2 d0 more, 4 play 4 d0 more.
    assert race_cost(24, 4, 2, 10) == 10 * (24 + 12 + 12 + 16)


def test_the_drop_bound_is_bonferroni_corrected():
    r = Race([f"c{i}" for i in range(9)], keep=1, eta=2, alpha=0.05, d0=10)
    # 8 comparisons per rung, 5 rungs (9 -> 5 -> 3 -> 2 -> 1).
    from statistics import NormalDist

    assert r.max_rungs == 5
    assert r.z == pytest.approx(NormalDist().inv_cdf(1 - 0.05 / 40))


# -- the search ------------------------------------------------------------------------------

def _toy_space():
    """Only the Province threshold varies: 16 is far better than the others (a deck of
    Big Money reaches $28 of money late and $40 almost never)."""
    return Space(province_money=(16, 28, 40, 60), province_gold=(0,), duchy_late=(4,),
                 estate_late=(2,), duchy_mid=(6,))


def _start(tmp_path):
    p = tmp_path / "slow.toml"
    g = Genome(province_money=40, duchy_late=4, estate_late=2, duchy_mid=6)
    p.write_text(g.to_toml("slow"))
    return str(p)


def test_toy_space_search_finds_the_known_best_threshold(tmp_path):
    res = optimize(out=tmp_path / "best.toml", start=_start(tmp_path), against=["bmu"],
                   budget=40_000, seed=3, population=4, keep=1, space=_toy_space(),
                   processes=1, progress=False, chart=False)
    assert res.genome.province_money == 16
    assert set(res.trace["candidates"]) >= {"start"}
    # All four thresholds raced in generation 0 (the space is smaller than the population).
    raced = {c["genome"]["province_money"] for n, c in res.trace["candidates"].items()
             if c["generation"] == 0}
    assert raced == {16, 28, 40, 60}
    vs = {r["opponent"]: r for r in res.heldout}
    assert set(vs) == {"bmu", "itself", "field"}
    assert vs["itself"]["win_rate"] == pytest.approx(0.5, abs=0.01)
    assert res.games <= 40_000


def _trace_games(trace):
    return trace["rungs"], trace["checks"], trace["final"], trace["candidates"], trace["games"]


def test_same_seed_same_search_and_resume_after_interrupt_gives_the_same(tmp_path):
    kw = dict(against=["bmu", "smithy-bm"], budget=60_000, seed=11, population=6, keep=2,
              processes=1, progress=False, chart=False)
    a = optimize(out=tmp_path / "a.toml", **kw)
    b = optimize(out=tmp_path / "b.toml", **kw)
    assert _trace_games(a.trace) == _trace_games(b.trace)
    assert a.toml.read_text().split("name =")[1] == b.toml.read_text().split("name =")[1] \
        .replace('"b"', '"a"', 1)
    # Interrupted after two rungs, then run again: the same search.
    with pytest.raises(OptimizeInterrupted, match="run the same search again"):
        optimize(out=tmp_path / "c.toml", _stop_after_rungs=2, **kw)
    assert (tmp_path / "c.search" / "state.json").exists() and not (tmp_path / "c.toml").exists()
    c = optimize(out=tmp_path / "c.toml", **kw)
    assert _trace_games(c.trace) == _trace_games(a.trace)
    # Another seed is another search, and the state of one is not taken for another.
    with pytest.raises(ConfigError, match="holds another search .*seed=11"):
        optimize(out=tmp_path / "c.toml", **{**kw, "seed": 12})


def test_search_outputs_trace_chart_and_a_bot_the_cli_plays(tmp_path, capsys):
    out = tmp_path / "found.toml"
    rc = main(["optimize", "--out", str(out), "--against", "bmu", "--budget", "30000",
               "--population", "4", "--seed", "2", "--processes", "2", "--no-progress",
               "--cards", "Smithy,Militia"])
    text, err = capsys.readouterr()
    assert rc == 0, err
    assert "held-out win rates" in text and "vs bmu" in text and "vs itself" in text
    body = out.read_text()
    for needle in ("# Kingdom: Cellar, Moat", "# Players: 2; opponents: bmu",
                   "# Budget: 30,000 games", "# Objective: mean win rate",
                   "#   vs bmu: 0.", "# Command: domsim optimize --out"):
        assert needle in body, needle
    bot = load_bot_file(out)
    assert bot.name == "found"
    trace = json.loads((tmp_path / "found.trace.json").read_text())
    assert trace["best"] and trace["checks"][0]["candidate"] == "start"
    assert all(r["mean"] >= 0 for r in trace["rungs"])
    # Only the cards asked for are searched.
    cards = {c["card"] for n in trace["candidates"].values() for c in n["genome"]["cards"]}
    assert cards and cards <= {"Smithy", "Militia"}
    assert (tmp_path / "found.png").stat().st_size > 1000
    rc = main(["match", str(out), "bmu", "--games", "100", "--no-progress"])
    assert rc == 0
    # Run again: already finished, same files, nothing played.
    rc = main(["optimize", "--out", str(out), "--against", "bmu", "--budget", "30000",
               "--population", "4", "--seed", "2", "--processes", "2", "--no-progress",
               "--cards", "Smithy,Militia"])
    assert rc == 0 and load_bot_file(out).buy == bot.buy


def test_the_budget_must_fit_one_race(tmp_path):
    with pytest.raises(ConfigError, match="too small for a population of 24 against 5"):
        optimize(out=tmp_path / "x.toml", budget=1000, progress=False)


def test_a_time_limit_stops_at_a_generation_boundary_and_still_measures(tmp_path):
    res = optimize(out=tmp_path / "t.toml", against=["bmu"], budget=400_000, seed=5,
                   population=4, keep=1, processes=1, progress=False, chart=False,
                   cards=["Smithy"], time_limit_s=1e-9)
    assert res.trace["generations"] == 1
    assert res.trace["stopped"].startswith("time limit of 1e-09 s reached")
    assert {r["opponent"] for r in res.heldout} == {"bmu", "itself", "field"}
    assert res.games < 400_000


def test_several_start_bots_all_race_in_the_first_generation(tmp_path):
    res = optimize(out=tmp_path / "s.toml", against=["bmu"], start=["bmu", "smithy-bm"],
                   budget=40_000, seed=6, population=4, keep=1, processes=1, progress=False,
                   chart=False, generations=1)
    first = [c["genome"] for n, c in res.trace["candidates"].items() if c["generation"] == 0]
    assert genome_from_bot(SMITHY_BM).to_dict()["cards"][0] in [
        card for g in first for card in g["cards"] if card["kind"] != "off"]
    assert res.trace["settings"]["start"] == ["bmu", "smithy-bm"]


@pytest.mark.slow  # a real search in a subprocess, interrupted; resume is covered fast above
def test_ctrl_c_saves_the_state_and_the_same_command_continues(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    out = tmp_path / "int.toml"
    argv = [sys.executable, "-m", "sim.cli", "optimize", "--out", str(out), "--against", "bmu",
            "--cards", "Smithy", "--population", "4", "--budget", "1200000", "--seed", "8",
            "--processes", "1"]
    env = {**os.environ, "PYTHONPATH": str(root)}
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    state = tmp_path / "int.search" / "state.json"
    rungs = tmp_path / "int.search" / "rungs.jsonl"    # the rung records, n_rungs of them

    def saved_rungs() -> list:
        n = json.loads(state.read_text())["n_rungs"]
        return [json.loads(x) for x in rungs.read_text().splitlines()[:n]]

    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and proc.poll() is None:
        if state.exists() and json.loads(state.read_text())["n_rungs"]:
            break
        time.sleep(0.05)
    assert proc.poll() is None, proc.communicate()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "search interrupted; its state is in" in err and "Traceback" not in err
    saved = json.loads(state.read_text())
    done_rungs = saved_rungs()
    assert done_rungs and not saved["finished"] and not out.exists()
    # The same command continues from the saved rungs (and keeps them).
    done = subprocess.run(argv, env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    trace = json.loads((tmp_path / "int.trace.json").read_text())
    assert trace["rungs"][:len(done_rungs)] == done_rungs


def test_three_player_search_seats_the_candidate_with_two_copies_of_each_opponent(tmp_path):
    from sim.optimize.evaluate import Evaluator

    ev = Evaluator(["bmu", "big-money"], players=3, kingdom=["Cellar", "Moat", "Village",
                   "Merchant", "Workshop", "Smithy", "Militia", "Remodel", "Market", "Mine"])
    try:
        s = ev.deal_scores("smithy-bm", seed=3, deals=200)
        assert s.shape == (200,) and ev.games == 2 * 200 * 3
        # Each deal's score is a mean credit over 3 rotations and 2 opponents.
        assert np.all((s >= 0) & (s <= 1)) and 0.4 < s.mean() < 0.95
        rows = ev.measure("smithy-bm", seed=4, games=300, opponents=["bmu", "smithy-bm"])
        by = {r["opponent"]: r for r in rows}
        assert by["itself"]["win_rate"] == pytest.approx(1 / 3, abs=0.01)
        assert by["bmu"]["games"] == 300 and by["field"]["games"] == 300
    finally:
        ev.close()
    res = optimize(out=tmp_path / "p3.toml", players=3, against=["bmu"], cards=["Smithy"],
                   budget=60_000, seed=2, population=4, keep=1, processes=1, progress=False,
                   chart=False)
    assert "# Players: 3; opponents: bmu" in res.toml.read_text()


def test_a_search_never_spends_more_than_its_budget(tmp_path):
    """Every game counts against ``budget``: races, the held-out check after each
    generation and the final measurement (many generations, so many checks)."""
    res = optimize(out=tmp_path / "b.toml", against=["bmu"], budget=300_000, seed=4,
                   population=4, keep=1, processes=1, progress=False, chart=False,
                   cards=["Smithy"], holdout=60_000)    # checks of 15,000 games a side
    assert res.trace["stopped"] == "budget spent"
    assert 0.8 * 300_000 <= res.games <= 300_000


# -- play orders ---------------------------------------------------------------------------
_VILLAGE_SMITHY = (CardGene("Village", FIXED, 4, "mid"), CardGene("Smithy", FIXED, 3, "mid"))


def test_the_play_order_counts_only_between_the_actions_bought():
    cards = _VILLAGE_SMITHY + (CardGene("Market"),)            # Market not bought
    a = Genome(cards=cards, play=("Village", "Smithy", "Market"))
    b = Genome(cards=cards, play=("Market", "Village", "Smithy"))
    c = Genome(cards=cards, play=("Smithy", "Village"))
    assert a.key() == b.key() != c.key()
    assert c.play_order() == ["Smithy", "Village", "Market"]   # the rest: default order
    assert Genome(cards=cards).bought_play_order() == ("Village", "Smithy")  # default


def test_a_play_order_round_trips_through_toml_and_plays_as_written():
    g = Genome(cards=_VILLAGE_SMITHY, play=("Smithy", "Village"))
    text = g.to_toml("smithy-first")
    assert 'play = ["Smithy", "Village"]' in text
    loaded = loads_bot(text, "smithy-first.toml")
    assert programs_equal(loaded.program(), g.bot("smithy-first").program())
    assert genome_from_bot(loaded).bought_play_order() == ("Smithy", "Village")


def test_a_search_over_play_orders_finds_village_before_smithy(tmp_path):
    """Only the play order varies; Smithy before Village (a terminal draw played before
    the Village it could have drawn with) loses 13% to 87% head to head."""
    space = Space(cards=("Village", "Smithy"), province_money=(16,), province_gold=(0,),
                  duchy_late=(4,), estate_late=(2,), duchy_mid=(6,), card_counts=(3, 4),
                  card_ratios=(3,), card_slots=("mid",), card_kinds=(FIXED,))
    start = tmp_path / "smithy-first.toml"
    start.write_text(Genome(province_money=16, cards=_VILLAGE_SMITHY,
                            play=("Smithy", "Village")).to_toml("smithy-first"))
    res = optimize(out=tmp_path / "order.toml", start=[start], against=["bmu"],
                   kingdom="auto", budget=60_000, seed=9, population=4,
                   keep=1, space=space, processes=1, progress=False, chart=False)
    assert res.genome.bought_play_order() == ("Village", "Smithy")


def test_where_the_bought_actions_go_in_the_discard_order():
    g = Genome(cards=_VILLAGE_SMITHY, play=("Village", "Smithy"))
    assert g.discard_order() == list(DISCARD)
    early = replace(g, action_discard="before_copper")
    # The Action played last (Smithy) is discarded first.
    assert early.discard_order()[3:7] == ["Curse", "Smithy", "Village", "Copper"]
    assert replace(g, action_discard="before_silver").discard_order()[-3:] == [
        "Smithy", "Village", "Silver"]
    assert early.key() != g.key()
    text = early.to_toml("early")
    assert programs_equal(loads_bot(text, "early.toml").program(), early.bot("early").program())
    # With no Action bought, the gene is not a different bot.
    none = Genome(cards=(CardGene("Village"),))
    assert none.key() == replace(none, action_discard="before_copper").key()
