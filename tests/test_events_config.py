"""Adventures Events and kingdoms in the configuration, the CLI, results files and the
card listing (ADVENTURES.md §1, §5, §6).

No game here is played with an Adventures card or an Event: only configuration,
parsing, provenance and listing.  Results files with Events are built from made-up
game rows (:func:`sim.analysis.results.games_frame`) to check what they record.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter

import numpy as np
import pytest

from sim.analysis.results import Results, games_frame
from sim.cards import (
    BASE_KINGDOM,
    CARDS,
    EVENT,
    EVENTS,
    FIRST_GAME,
    KINGDOM_CARDS,
    UPGRADES,
    card_id,
)
from sim.cards.adventures import ADVENTURES_KINGDOM
from sim.cli import build_parser, main
from sim.engine.config import (
    ConfigError,
    GameConfig,
    parse_events,
    random_events,
    random_kingdom,
    random_pool,
    randomiser_deck,
)
from sim.runner.plan import RunConfig, make_config


def ids(*names: str) -> tuple[int, ...]:
    return tuple(sorted(card_id(n) for n in names))


def names(cards) -> list[str]:
    return [CARDS[c].name for c in cards]


# -- GameConfig.events: validation ------------------------------------------------------

def test_events_default_to_none_and_old_configs_are_unchanged():
    assert GameConfig().events == ()
    assert GameConfig() == GameConfig(2, None, 100)
    assert GameConfig(events=None) == GameConfig(events="") == GameConfig(events="none")
    # Positional arguments keep their meaning: players, kingdom, turn cap.
    g = GameConfig(3, [card_id(n) for n in BASE_KINGDOM_10], 50)
    assert (g.n_players, g.turn_cap, g.events) == (3, 50, ())


BASE_KINGDOM_10 = ("Cellar", "Moat", "Village", "Smithy", "Militia", "Market", "Mine",
                   "Witch", "Chapel", "Library")


def test_events_by_name_or_id_are_sorted_ids():
    a = GameConfig(events="lost-arts, Seaway")
    b = GameConfig(events=[card_id("Seaway"), "LOST ARTS"])
    assert a.events == b.events == ids("Lost Arts", "Seaway")
    assert a == b and hash(a) == hash(b)
    assert a.event_names == ["Seaway", "Lost Arts"]            # id order (Seaway 85 < 87)
    assert a != GameConfig()


@pytest.mark.parametrize("events, message", [
    ("Lost Art", "unknown Event 'Lost Art'; known Events: Alms, Borrow"),
    (["Seaway", 9999], "unknown Event 9999"),
    ("Smithy", "not Events: Smithy"),
    ("Alms,Province", "not Events: Province"),
    ("Alms,alms", "events list an Event twice: Alms"),
    ("Alms,Ball,Raid", "3 Events (Alms, Ball, Raid): a game has at most 2; ask for more "
                       "with max_events=3 (--max-events 3)"),
    ("random", "drawn with the seed and kingdom of a run"),
])
def test_bad_events_are_one_line_errors(events, message):
    with pytest.raises(ConfigError) as e:
        GameConfig(events=events)
    assert message in str(e.value) and "\n" not in str(e.value)


def test_more_events_when_asked_and_max_events_is_not_part_of_the_game():
    three = GameConfig(events="Alms,Ball,Raid", max_events=3)
    assert three.events == ids("Alms", "Ball", "Raid")
    assert GameConfig(events="Alms", max_events=5) == GameConfig(events="Alms")
    assert hash(GameConfig(events="Alms", max_events=5)) == hash(GameConfig(events="Alms"))
    with pytest.raises(ConfigError, match="at most 0"):
        GameConfig(events="Alms", max_events=0)
    for bad in (-1, 21, 2.5, True):
        with pytest.raises(ConfigError, match="max_events must be a whole number 0..20"):
            GameConfig(max_events=bad)
    assert len(parse_events(",".join(CARDS[e].name for e in EVENTS), max_events=20)) == 20


def test_events_given_as_kingdom_cards_are_pointed_to_events():
    with pytest.raises(ConfigError, match=r"^Lost Arts: an Event, not a kingdom card; give "
                                          r"Events as events \(--events\)$"):
        GameConfig(kingdom=list(BASE_KINGDOM_10[:9]) + ["Lost Arts"])
    with pytest.raises(ConfigError, match="Alms: an Event"):
        random_pool("random:base,Alms")


# -- random kingdoms: the old seeds keep their kingdoms, sets can be drawn from ----------

# Computed on the code before this change (commit ad8ab36, before Adventures existed)
# with random_kingdom(seed, random_pool("random")) and make_config: every seed quoted
# with --kingdom random must keep its kingdom.
OLD_RANDOM_KINGDOMS = {
    0: ["Village", "Merchant", "Workshop", "Militia", "Market", "Festival", "Chapel",
        "Bureaucrat", "Bandit", "Artisan"],
    1: ["Moat", "Remodel", "Market", "Mine", "Laboratory", "Council Room", "Vassal",
        "Bureaucrat", "Bandit", "Sentry"],
    7: ["Cellar", "Moat", "Village", "Merchant", "Council Room", "Harbinger", "Bureaucrat",
        "Poacher", "Throne Room", "Bandit"],
    12345: ["Merchant", "Smithy", "Militia", "Market", "Mine", "Witch", "Chapel", "Library",
            "Sentry", "Artisan"],
    2**64 - 1: ["Village", "Merchant", "Workshop", "Militia", "Remodel", "Market", "Chapel",
                "Vassal", "Bureaucrat", "Sentry"],
}


@pytest.mark.parametrize("seed", sorted(OLD_RANDOM_KINGDOMS))
def test_random_kingdom_of_a_seed_is_what_it_was_before_adventures(seed):
    assert names(random_kingdom(seed, random_pool("random"))) == OLD_RANDOM_KINGDOMS[seed]
    cfg = make_config(["big-money", "bmu"], seed=seed, kingdom="random")
    assert list(cfg.kingdom) == OLD_RANDOM_KINGDOMS[seed] and cfg.events == ()
    # random:base is the same deck, and random Events leave the kingdom alone.
    assert make_config(["big-money", "bmu"], seed=seed, kingdom="random:base").kingdom == \
        cfg.kingdom
    assert make_config(["big-money", "bmu"], seed=seed, kingdom="random",
                       events="random").kingdom == cfg.kingdom


def test_random_kingdom_with_the_bots_cards_and_a_listed_pool_as_before():
    assert make_config(["smithy-bm", "bmu"], seed=42, kingdom="random").kingdom == (
        "Cellar", "Moat", "Smithy", "Festival", "Gardens", "Moneylender", "Harbinger",
        "Vassal", "Throne Room", "Artisan")
    pool = "random:Smithy,Witch,Moat,Village,Market,Festival,Laboratory,Cellar,Chapel,Mine," \
           "Library,Sentry"
    assert make_config(["big-money", "bmu"], seed=3, kingdom=pool).kingdom == (
        "Cellar", "Moat", "Village", "Market", "Mine", "Festival", "Laboratory", "Witch",
        "Chapel", "Sentry")


def test_random_kingdoms_from_sets():
    assert random_pool("random") == tuple(sorted(BASE_KINGDOM))
    assert random_pool("random:Adventures") == ADVENTURES_KINGDOM
    assert sorted(random_pool("random:all")) == sorted(KINGDOM_CARDS)
    assert random_pool("random:base,Port,Smithy") == BASE_KINGDOM + (card_id("Port"),)
    seen_adv: set[str] = set()
    seen_all: set[int] = set()
    for s in range(60):
        k = make_config(["big-money", "bmu"], seed=s, kingdom="random:adventures").kingdom
        assert len(set(k)) == 10 and all(card_id(c) in ADVENTURES_KINGDOM for c in k)
        seen_adv |= set(k)
        seen_all |= {card_id(c) for c in
                     make_config(["big-money", "bmu"], seed=s, kingdom="random:all").kingdom}
    assert len(seen_adv) == 30
    assert seen_all & set(BASE_KINGDOM) and seen_all & set(ADVENTURES_KINGDOM)
    with pytest.raises(ConfigError, match=r"unknown card 'Dragon'.*\(or a set: base, "
                                          r"adventures, intrigue, all\)"):
        random_pool("random:adventures,Dragon")


# -- random Events: the randomiser method -------------------------------------------------

def randomiser_chances(pool: int, n_events: int = 20, cap: int = 2) -> list[float]:
    """P(0..cap Events set out): the Events turned up before the 10th kingdom card of a
    shuffled deck of ``pool`` kingdom cards and ``n_events`` Events (negative
    hypergeometric), those beyond ``cap`` skipped."""
    total = math.comb(pool + n_events, pool)
    p = [math.comb(9 + j, 9) * math.comb(pool + n_events - 10 - j, pool - 10) / total
         for j in range(n_events + 1)]
    return p[:cap] + [sum(p[cap:])]


def test_random_events_follow_the_randomiser_method():
    """Over 20000 seeds the number of Events set out matches the exact chances of the
    rulebook's method (deck of 56 kingdom cards + 20 Events; 30 + 20 Adventures only)."""
    n = 20_000
    for pool in (56, 30):
        counts = Counter(len(random_events(s, pool)) for s in range(n))
        assert set(counts) <= {0, 1, 2}
        for k, p in enumerate(randomiser_chances(pool)):
            sd = math.sqrt(n * p * (1 - p))
            assert abs(counts[k] - n * p) < 5 * sd + 1, (pool, k, counts, p)
    # A bigger deck of kingdom cards turns up fewer Events.
    small = sum(len(random_events(s, 10)) for s in range(2000))
    big = sum(len(random_events(s, 500)) for s in range(2000))
    assert big < small


def test_random_events_are_reproducible_distinct_and_cover_every_event():
    for s in (0, 1, 99, 2**64 - 1):
        assert random_events(s, 56) == random_events(s, 56)
    draws = [random_events(s, 56) for s in range(400)]
    assert all(list(d) == sorted(set(d)) and all(CARDS[e].is_type(EVENT) for e in d)
               for d in draws)
    assert len(set(draws)) > 100
    assert set().union(*draws) == set(EVENTS)
    # The cap: Events turned up beyond it are skipped.
    more = [random_events(s, 56, max_events=5) for s in range(400)]
    assert max(map(len, more)) > 2 and all(len(d) <= 5 for d in more)
    assert all(random_events(s, 56, max_events=0) == () for s in range(50))
    with pytest.raises(ConfigError, match="at least 10 kingdom cards"):
        random_events(0, 9)


def test_run_with_random_events_records_them_and_the_seed_decides():
    a = make_config(["big-money", "bmu"], seed=5, kingdom="random:all", events="random")
    b = make_config(["big-money", "bmu"], seed=5, kingdom="random:all", events="random")
    assert a.events == b.events and a == b
    # Each run records the Events its seed drew (names, in id order).
    drawn = [make_config(["big-money", "bmu"], seed=s, events="random").events
             for s in range(100)]
    assert all(list(d) == names(ids(*d)) for d in drawn)
    assert {len(d) for d in drawn} >= {1, 2} and len(set(drawn)) > 30
    # A fixed kingdom (First Game) draws from the kingdom cards of its set and Adventures,
    # the Events' set (config.randomiser_deck): the deck of 56, as before Intrigue.
    assert len(randomiser_deck(FIRST_GAME)) == 56
    assert [len(d) for d in drawn] == [len(random_events(s, 56)) for s in range(100)]
    with_intrigue = randomiser_deck(FIRST_GAME[:9] + (card_id("Courtyard"),))
    assert len(with_intrigue) == 82
    # A random kingdom's pool is the deck: random (26 base cards) turns up more Events.
    base = [make_config(["big-money", "bmu"], seed=s, kingdom="random",
                        events="random").events for s in range(100)]
    assert [len(d) for d in base] == [len(random_events(s, 26)) for s in range(100)]
    assert make_config(["big-money", "bmu"], seed=5, events="random",
                       max_events=0).events == ()


def test_run_events_listed_and_the_game_config():
    cfg = make_config(["big-money", "bmu"], events="Seaway,lost-arts")
    assert cfg.events == ("Seaway", "Lost Arts")
    assert cfg.game_config().events == ids("Seaway", "Lost Arts")
    assert make_config(["big-money", "bmu"]).game_config() == GameConfig()
    three = make_config(["big-money", "bmu"], events="Alms,Ball,Raid", max_events=3)
    assert three.game_config().events == ids("Alms", "Ball", "Raid")
    with pytest.raises(ConfigError, match="3 Events"):
        make_config(["big-money", "bmu"], events="Alms,Ball,Raid")


# -- results files ----------------------------------------------------------------------

def fake_results(cfg: RunConfig) -> Results:
    """Two made-up games of ``cfg`` (no game played): what the file records is the point."""
    score = np.array([[30, 20], [12, 40]])
    turns = np.array([[18, 18], [20, 19]])
    gcols = np.array([[1, 0, 0, 0, 0, 18], [2, 0, 0, 0, 0, 20]])
    df = games_frame(cfg, np.arange(2), score, turns, gcols)
    return Results(df, cfg, frozenset(range(cfg.n_chunks)))


@pytest.mark.parametrize("ext", ["parquet", "csv"])
def test_results_file_records_the_events_and_reads_them_back(tmp_path, ext, capsys):
    cfg = make_config(["big-money", "bmu"], games=2, kingdom="random:all", seed=8,
                      events="Pathfinding,Alms")
    path = tmp_path / f"r.{ext}"
    fake_results(cfg).save(path)
    back = Results.load(path)
    assert back.config == cfg and back.config.events == ("Alms", "Pathfinding")
    assert back.metadata()["config"]["events"] == ["Alms", "Pathfinding"]
    assert back.config.game_config().events == ids("Alms", "Pathfinding")
    assert main(["summary", str(path)]) == 0
    out = capsys.readouterr().out
    assert "kingdom " + ", ".join(cfg.kingdom) + ", events Alms, Pathfinding" in out


def test_files_from_before_events_read_as_none_and_resume_identity():
    cfg = make_config(["big-money", "bmu"], games=2)
    d = cfg.to_dict()
    assert d["events"] == []
    del d["events"]                                  # a file written before Events
    old = RunConfig.from_dict(d)
    assert old == cfg and old.events == () and old.identity() == cfg.identity()
    with_events = dataclasses.replace(cfg, events=("Alms",))
    assert with_events.identity() != cfg.identity()


# -- the command line ---------------------------------------------------------------------

@pytest.mark.parametrize("command", [["match", "a", "b"], ["tournament"], ["play", "a", "b"],
                                     ["optimize", "--out", "x.toml"]])
def test_every_command_with_kingdom_takes_events(command):
    args = build_parser().parse_args([*command, "--kingdom", "random:all", "--events",
                                      "Lost Arts,Seaway", "--max-events", "3"])
    assert (args.kingdom, args.events, args.max_events) == ("random:all", "Lost Arts,Seaway", 3)


def test_cli_events_reach_the_run_config_and_resume_keeps_them(tmp_path):
    from sim.cli import _make_run

    args = build_parser().parse_args(["match", "big-money", "bmu", "--events", "random",
                                      "--kingdom", "random:all", "--seed", "11"])
    cfg = _make_run(args, round_robin=False)
    assert cfg == make_config(["big-money", "bmu"], kingdom="random:all", events="random",
                              seed=11, games=cfg.games, chunk_size=cfg.chunk_size)
    # Resuming a run of 3 Events: they come from the file, allowed as they were.
    three = make_config(["big-money", "bmu"], games=2, events="Alms,Ball,Raid", max_events=3)
    path = tmp_path / "r.parquet"
    fake_results(three).save(path)
    args = build_parser().parse_args(["resume", str(path)])
    from sim.cli import _resume_args
    from sim.runner.execute import load_resume

    prior = load_resume(path)
    again = _make_run(_resume_args(args), round_robin=False, prior=prior)
    assert again.events == ("Alms", "Ball", "Raid") and again.identity() == three.identity()


@pytest.mark.parametrize("argv, message", [
    (["match", "bmu", "big-money", "--events", "Lost,Seaway"], "unknown Event 'Lost'"),
    (["match", "bmu", "big-money", "--events", "Smithy"], "not Events: Smithy"),
    (["tournament", "--no-out", "--events", "Alms,Ball,Raid"], "--max-events 3"),
    (["play", "bmu", "big-money", "--events", "Alms,alms"], "an Event twice: Alms"),
    (["match", "bmu", "big-money", "--max-events", "21"], "must be 0..20"),
    (["match", "bmu", "big-money", "--kingdom", "random:base,Ferry"], "Ferry: an Event"),
    (["optimize", "--out", "x.toml", "--events", "Dragon"], "unknown Event 'Dragon'"),
    (["cards", "--events", "--kingdom-cards"], "give one"),
])
def test_cli_event_errors_are_one_line(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("domsim: error: ") and message in err and err.count("\n") == 1


# -- domsim cards ---------------------------------------------------------------------------

def test_cards_lists_the_events_and_marks_the_upgrades(capsys):
    assert main(["cards"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = {ln.split("  ")[0].strip(): ln for ln in lines[1:]}
    for e in EVENTS:
        card = CARDS[e]
        line = rows[card.name]
        assert f"${card.cost} " in line and " Event " in line and card.text in line
    for u in UPGRADES:
        assert f"${CARDS[u].cost}*" in rows[CARDS[u].name]
    assert "$4*" not in rows["Smithy"] and "$4" in rows["Smithy"]
    assert lines[-1].startswith("* not in the Supply")
    assert " Action-Duration-Reaction " in rows["Caravan Guard"]
    assert " Action-Reserve-Victory " in rows["Distant Lands"]
    assert " Treasure-Attack " in rows["Relic"]


def test_cards_events_option_lists_what_events_takes(capsys):
    assert main(["cards", "--events", "--names"]) == 0
    words = capsys.readouterr().out.split()
    assert len(words) == len(EVENTS) == 20
    assert parse_events(",".join(words), max_events=20) == EVENTS
    assert main(["cards", "--events"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 21 and all(" Event " in ln for ln in lines[1:])
    assert main(["cards", "adventures", "--kingdom-cards", "--names"]) == 0
    assert len(capsys.readouterr().out.split()) == len(ADVENTURES_KINGDOM)
    assert main(["cards", "base", "--names"]) == 0
    assert "lost-arts" not in capsys.readouterr().out.split()
