"""``kingdom="random"``: 10 distinct kingdom cards drawn from the run's seed (issue 9.5)."""

from __future__ import annotations

import pytest

from sim.cards import CARDS, KINGDOM_CARDS, card_id
from sim.engine.config import ConfigError, parse_kingdom, random_kingdom
from sim.runner import Match
from sim.runner.plan import make_config


def names(ids):
    return {CARDS[c].name for c in ids}


def test_same_seed_same_kingdom_other_seed_other_kingdom():
    a = make_config(["random", "random"], kingdom="random", seed=11).kingdom
    b = make_config(["random", "random"], kingdom="random", seed=11).kingdom
    assert a == b and len(set(a)) == 10
    assert all(card_id(k) in KINGDOM_CARDS for k in a)
    drawn = {make_config(["random", "random"], kingdom="random", seed=s).kingdom
             for s in range(20)}
    assert len(drawn) > 15                       # 17 choose 10 = 19448 kingdoms


def test_the_draw_covers_every_known_kingdom_card():
    seen = set()
    for s in range(200):
        seen |= set(random_kingdom(s, sorted(KINGDOM_CARDS)))
    assert seen == set(KINGDOM_CARDS)


def test_the_draw_is_pinned():
    """Plain-Python splitmix64 and Fisher-Yates: for a given pool and seed the kingdom
    never changes (results files and papers quote seeds)."""
    pool = [card_id(n) for n in (
        "Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy",
        "Village", "Workshop", "Festival", "Laboratory", "Witch", "Council Room", "Gardens",
        "Moneylender", "Chapel")]
    pool.sort()
    assert names(random_kingdom(0, pool)) == {
        "Cellar", "Moat", "Village", "Militia", "Remodel", "Mine", "Laboratory", "Witch",
        "Council Room", "Chapel"}
    assert names(random_kingdom(1, pool)) == {
        "Moat", "Village", "Merchant", "Workshop", "Remodel", "Market", "Mine", "Festival",
        "Gardens", "Chapel"}


def test_a_chosen_pool():
    pool = "Cellar,Chapel,Moat,Village,Workshop,Smithy,Militia,Moneylender,Remodel,Festival,Lab"
    with pytest.raises(ConfigError, match="Lab"):
        make_config(["random", "random"], kingdom="random:" + pool)
    pool = pool.replace("Lab", "Laboratory")
    k = make_config(["random", "random"], kingdom="random:" + pool, seed=3).kingdom
    assert set(k) <= set(pool.split(","))
    with pytest.raises(ConfigError, match="9 distinct cards"):
        make_config(["random", "random"], kingdom="random:" + ",".join(pool.split(",")[:9]))
    with pytest.raises(ConfigError, match="not kingdom cards: Gold"):
        make_config(["random", "random"], kingdom="random:Gold,Cellar")


def test_the_bots_cards_are_always_in_it():
    for s in range(10):
        k = make_config(["witch-bm", "smithy-bm"], kingdom="random", seed=s).kingdom
        assert {"Witch", "Smithy"} <= set(k) and len(set(k)) == 10


def test_random_needs_a_run():
    with pytest.raises(ConfigError, match="seed of a run"):
        parse_kingdom("random")


def test_the_results_record_the_kingdom_and_gardens_gets_its_pile():
    for s in range(40):
        cfg = make_config(["random"] * 3, kingdom="random", seed=s)
        if "Gardens" in cfg.kingdom:
            break
    else:  # pragma: no cover - 40 seeds without Gardens would be a broken draw
        pytest.fail("no random kingdom with Gardens in 40 seeds")
    r = Match("random", "random", "random", games=30, seed=s, kingdom="random",
              processes=1).play(progress=False)
    assert tuple(r.config.kingdom) == cfg.kingdom
    assert r.metadata()["config"]["kingdom"] == list(cfg.kingdom)
    # 3 players: Gardens is a Victory pile of 12, like Estates and Duchies.
    from sim.engine.state import supply_sizes
    ids = tuple(card_id(k) for k in cfg.kingdom)
    assert supply_sizes(3, ids)[card_id("Gardens")] == 12
