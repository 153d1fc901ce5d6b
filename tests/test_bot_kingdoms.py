"""Bots and the kingdoms they can play (issue 11): ``bots.requirements``, the refusal of a
kingdom or Events lacking a bot's cards, random kingdoms and Events that take the bots'
cards first, ``domsim bots --kingdom``, and the registry of TOML bots in
``bots/data/adventures/``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import bots
from bots import BotError, BotFileError
from bots.compiled import CompiledBot
from bots.library import BOTS, SMITHY_BM
from bots.python_bot import PythonBot
from bots.requirements import needs, required_cards
from bots.rules import Buy, Gain, Mine, Remodel, RuleBot
from sim.cards import CARDS, card_id
from sim.cli import main
from sim.engine.config import ConfigError, random_events, random_kingdom, random_pool
from sim.runner import Match, Tournament
from sim.runner.plan import make_config

ROOT = Path(__file__).resolve().parents[1]
FIRST_GAME = ("Cellar, Market, Merchant, Militia, Mine, Moat, Remodel, Smithy, Village, "
              "Workshop")
ARTS = RuleBot("arts", "Lost Arts on the Village pile.",
               buy=[Buy("Lost Arts", "count(Witch) < 1"), Buy("Village"), Buy("Silver")])


def ids(*names):
    return [card_id(n) for n in names]


@pytest.fixture
def registry():
    """The registry as the test leaves it is thrown away (bots registered, files loaded)."""
    saved = (dict(bots._REGISTRY), bots._builtins_loaded, list(bots._BUILTINS), bots.DATA_DIRS)
    yield bots
    bots._REGISTRY.clear()
    bots._REGISTRY.update(saved[0])
    bots._builtins_loaded = saved[1]
    bots._BUILTINS[:] = saved[2]
    bots.DATA_DIRS = saved[3]


def only_these(registry, *members):
    """A registry holding exactly ``members`` (so listings do not change as bots are
    added to the library)."""
    registry._ensure_builtins()
    registry._REGISTRY.clear()
    for b in members:
        registry._REGISTRY[b.name] = b


def run_cli(capsys, *argv):
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


# -- bots.requirements ---------------------------------------------------------------------
def test_required_cards_are_the_kingdom_cards_and_events_the_rules_name():
    get = bots.get_bot
    assert required_cards(get("bmu")) == []                 # basic cards only
    assert required_cards(get("random")) == []              # no rules: plays anything
    assert required_cards(get("smithy-bm")) == ids("Smithy")
    assert required_cards(get("remodel-bm")) == ids("Remodel")
    assert required_cards(get("workshop-gardens")) == ids("Workshop", "Gardens")
    # Kingdom cards in rule order, then the Events; a card only in a condition is no need.
    assert required_cards(ARTS) == ids("Village", "Lost Arts")
    assert needs(ARTS) == {card_id("Village"): ["buy Village"],
                           card_id("Lost Arts"): ["buy Lost Arts"]}
    both = RuleBot("b", buy=[Buy("Smithy")], gain=[Gain("Witch")],
                   remodel=[Remodel("Estate", "Village")], mine=[Mine("Copper", "Silver")])
    assert required_cards(both) == ids("Smithy", "Witch", "Village")


def test_python_and_hooked_bots_need_their_rule_bot_or_their_cards_attribute():
    class Plain(PythonBot):
        name = "plain"
        fallback = "smithy-bm"

    class Declared(PythonBot):
        name = "declared"
        fallback = "smithy-bm"
        # Its own buy() buys these: the list replaces the fallback's needs.  Basic cards
        # and Traveller upgrades (never in a kingdom) are dropped.
        cards = ("Witch", "Lost Arts", "Gold", "Champion", "witch")

    assert required_cards(Plain()) == ids("Smithy")
    assert required_cards(Declared()) == ids("Witch", "Lost Arts")
    assert needs(Declared()) == {card_id("Witch"): ["cards Witch"],
                                 card_id("Lost Arts"): ["cards Lost Arts"]}
    hooked = CompiledBot("hooked", "", SMITHY_BM, hook=None)
    assert required_cards(hooked) == ids("Smithy")


def test_a_bad_cards_attribute_is_an_error_naming_the_bot_and_word():
    class Bad(PythonBot):
        name = "bad"
        cards = ("Witch", "Wtich")

    with pytest.raises(BotError, match=r"^bot 'bad': unknown card 'Wtich' in its cards$"):
        required_cards(Bad())

    class NotAList(PythonBot):
        name = "not-a-list"
        cards = "Witch"

    with pytest.raises(BotError, match="cards must be a list of card names, not 'Witch'"):
        required_cards(NotAList())


# -- refusal of a given kingdom / Events -----------------------------------------------------
def test_the_refusal_names_each_bot_and_what_it_lacks():
    with pytest.raises(ConfigError) as e:
        make_config(["smithy-bm", "witch-bm", "lab-bm"], round_robin=True, games=2,
                    kingdom="Cellar,Market,Merchant,Militia,Mine,Moat,Remodel,Workshop,"
                            "Village,Festival")
    assert str(e.value) == (
        "bot 'smithy-bm' needs Smithy, bot 'witch-bm' needs Witch and bot 'lab-bm' needs "
        "Laboratory, which are not in the kingdom (Cellar, Festival, Market, Merchant, "
        "Militia, Mine, Moat, Remodel, Village, Workshop); use --kingdom auto "
        "(kingdom='auto') or a kingdom with those cards, or --allow-missing-cards "
        "(allow_missing_cards=True) to play anyway (the rules naming them never fire)")
    with pytest.raises(ConfigError) as e:
        make_config([ARTS, "witch-bm"], games=2, events="Alms")
    assert str(e.value) == (
        f"bot 'witch-bm' needs Witch, which is not in the kingdom ({FIRST_GAME}); bot 'arts' "
        "needs the Event Lost Arts, which is not among the game's Events (Alms); use "
        "--kingdom auto (kingdom='auto') or a kingdom with that card; --events auto "
        "(events='auto') or Events with it; or --allow-missing-cards "
        "(allow_missing_cards=True) to play anyway (the rules naming them never fire)")


def test_events_are_checked_like_kingdom_cards():
    with pytest.raises(ConfigError, match=r"^bot 'arts' needs the Event Lost Arts, which is "
                                          r"not among the game's Events \(none\); use "
                                          r"--events auto"):
        make_config([ARTS, "bmu"], games=2)
    cfg = make_config([ARTS, "bmu"], games=2, events="Lost Arts,Alms")
    assert cfg.events == ("Alms", "Lost Arts") and cfg.unusable == ()
    # Allowed anyway: the dead rule is recorded like a missing card's.
    cfg = make_config([ARTS, "bmu"], games=2, allow_missing_cards=True)
    assert cfg.unusable == (("arts", ("buy Lost Arts",)),)
    cfg = make_config([ARTS, "bmu"], games=2, allow_missing_cards=True,
                      kingdom="Cellar,Moat,Witch,Merchant,Workshop,Smithy,Militia,Remodel,"
                              "Market,Mine")
    assert cfg.unusable == (("arts", ("buy Village", "buy Lost Arts")),)


def test_events_auto_are_the_events_the_bots_buy():
    cfg = make_config([ARTS, "bmu"], games=2, kingdom="auto", events="auto")
    assert cfg.events == ("Lost Arts",)
    assert make_config(["bmu", "smithy-bm"], games=2, events="AUTO ").events == ()
    greedy = RuleBot("greedy", buy=[Buy("Alms"), Buy("Ball"), Buy("Raid")])
    with pytest.raises(ConfigError, match=r"3 Events \(Alms, Ball, Raid\): a game has at "
                                          r"most 2; ask for more with max_events=3"):
        make_config([greedy, "bmu"], games=2, events="auto")
    assert make_config([greedy, "bmu"], games=2, events="auto", max_events=3).events == (
        "Alms", "Ball", "Raid")


def test_api_refuses_before_any_game_is_played(tmp_path):
    out = tmp_path / "r.parquet"
    for make in (lambda: Match("witch-bm", "bmu", games=2, processes=1),
                 lambda: Tournament(["witch-bm", "bmu", "smithy-bm"], games=2, processes=1),
                 lambda: Match(ARTS, "bmu", games=2, processes=1, kingdom="auto")):
        with pytest.raises(ConfigError, match=r"^bot '(witch-bm|arts)' needs "):
            make().play(progress=False, out=out, backend="dask")
    assert not out.exists()


def test_cli_refuses_before_any_game_is_played(capsys, tmp_path):
    out = tmp_path / "r.parquet"
    arts = tmp_path / "arts.toml"
    arts.write_text('name = "arts"\n[[buy]]\ncard = "Lost Arts"\n[[buy]]\ncard = "Silver"\n')
    for argv in (["match", "witch-bm", "bmu", "--out", str(out), "--dask"],
                 ["tournament", "witch-bm", "bmu", "--out", str(out)],
                 ["play", "witch-bm", "bmu"],
                 ["match", "witch-bm", "bmu"]):
        rc, stdout, err = run_cli(capsys, *argv)
        assert rc == 2 and stdout == "", (argv, err)
        assert err == (f"domsim: error: bot 'witch-bm' needs Witch, which is not in the "
                       f"kingdom ({FIRST_GAME}); use --kingdom auto (kingdom='auto') or a "
                       f"kingdom with that card, or --allow-missing-cards "
                       f"(allow_missing_cards=True) to play anyway (the rules naming them "
                       f"never fire)\n"), argv
    # A random kingdom takes the bots' cards, but Events given are checked.
    rc, stdout, err = run_cli(capsys, "match", str(arts), "bmu", "--kingdom",
                              "random:adventures", "--events", "Alms", "--out", str(out))
    assert rc == 2 and stdout == ""
    assert err == ("domsim: error: bot 'arts' needs the Event Lost Arts, which is not among "
                   "the game's Events (Alms); use --events auto (events='auto') or Events "
                   "with it, or --allow-missing-cards (allow_missing_cards=True) to play "
                   "anyway (the rules naming them never fire)\n")
    assert not out.exists()


# -- random kingdoms and Events --------------------------------------------------------------
def test_random_kingdoms_take_the_bots_cards_first_and_keep_their_old_draws():
    # Bots without kingdom cards draw exactly random_kingdom's kingdom (as before issue 11).
    for seed in range(5):
        for text in ("random", "random:adventures", "random:all"):
            drawn = random_kingdom(seed, random_pool(text))
            cfg = make_config(["bmu", "random"], kingdom=text, seed=seed)
            assert cfg.kingdom == tuple(CARDS[c].name for c in drawn)
    # A bot's cards go in first, even from outside the pool; the rest from the seed.
    cfg = make_config(["smithy-bm", "bmu"], kingdom="random:adventures", seed=5)
    assert cfg.kingdom == ("Smithy", "Dungeon", "Gear", "Guide", "Miser", "Bridge Troll",
                           "Distant Lands", "Royal Carriage", "Swamp Hag", "Wine Merchant")
    assert cfg.kingdom == tuple(CARDS[c].name for c in random_kingdom(
        5, random_pool("random:adventures"), ids("Smithy")))
    assert make_config(["witch-bm", "bmu"], kingdom="random", seed=0).kingdom == (
        "Remodel", "Market", "Mine", "Laboratory", "Witch", "Gardens", "Bureaucrat",
        "Poacher", "Library", "Artisan")


def test_random_events_take_the_bots_events_first():
    deck = len(random_pool("random"))
    for seed in range(30):
        plain = make_config(["bmu", "big-money"], kingdom="random", events="random", seed=seed)
        # No bot buys an Event: the draw of before.
        assert plain.events == tuple(CARDS[e].name for e in random_events(seed, deck, 2))
        cfg = make_config([ARTS, "bmu"], kingdom="random", events="random", seed=seed)
        assert "Lost Arts" in cfg.events and 1 <= len(cfg.events) <= 2
        assert "Village" in cfg.kingdom
        # The kingdom is the one the seed draws for these cards, Events or not.
        assert cfg.kingdom == make_config([ARTS, "bmu"], kingdom="random", events="auto",
                                          seed=seed).kingdom
    assert [make_config([ARTS, "bmu"], kingdom="random", events="random", seed=s).events
            for s in range(4)] == [("Lost Arts", "Inheritance"), ("Borrow", "Lost Arts"),
                                   ("Lost Arts", "Training"), ("Expedition", "Lost Arts")]
    greedy = RuleBot("greedy", buy=[Buy("Alms"), Buy("Ball"), Buy("Raid")])
    with pytest.raises(ConfigError, match=r"^events random: the bots buy 3 Events \(Alms, "
                                          r"Ball, Raid\); a game has at most 2; ask for more "
                                          r"with max_events=3 \(--max-events 3\)$"):
        make_config([greedy, "bmu"], kingdom="random", events="random")
    cfg = make_config([greedy, "bmu"], kingdom="random", events="random", max_events=3)
    assert cfg.events == ("Alms", "Ball", "Raid")


def test_declared_cards_enter_random_kingdoms_and_the_check():
    class Declared(PythonBot):
        name = "declared"
        cards = ("Witch",)

    with pytest.raises(ConfigError, match=r"^bot 'declared' needs Witch, which is not in "):
        make_config([Declared(), "bmu"], games=2)
    for seed in range(5):
        assert "Witch" in make_config([Declared(), "bmu"], kingdom="random", seed=seed).kingdom


# -- domsim bots --kingdom -------------------------------------------------------------------
def test_bots_kingdom_lists_the_bots_that_can_play_it(capsys, registry):
    only_these(registry, bots.get_bot("big-money"), bots.get_bot("smithy-bm"),
               bots.get_bot("witch-bm"), ARTS, bots.get_bot("random"))
    rc, out, err = run_cli(capsys, "bots", "--kingdom", "first-game")
    assert rc == 0
    assert out == (
        "big-money  Buys Province, else Gold, else Silver; nothing else.\n"
        "smithy-bm  Big Money Ultimate plus one Smithy per 11 Treasures.\n"
        "random     Uniformly random legal choices at every decision (baseline).\n")
    assert err == ("domsim: 3 of 5 bots can play this kingdom; --missing lists the others "
                   "with the cards they lack\n")
    rc, out, err = run_cli(capsys, "bots", "--kingdom", "first-game", "--missing")
    assert rc == 0 and err == ""
    assert out == (
        "big-money  Buys Province, else Gold, else Silver; nothing else.\n"
        "smithy-bm  Big Money Ultimate plus one Smithy per 11 Treasures.\n"
        "random     Uniformly random legal choices at every decision (baseline).\n"
        "\n"
        "cannot play it:\n"
        "witch-bm  needs Witch\n"
        "arts      needs the Event Lost Arts\n")
    # Events given: the Lost Arts bot plays; a kingdom without Village stops it again.
    kingdom = "Cellar,Moat,Witch,Merchant,Workshop,Smithy,Militia,Remodel,Market,Mine"
    rc, out, err = run_cli(capsys, "bots", "--kingdom", kingdom, "--events", "Lost Arts",
                           "--missing")
    assert out.endswith("cannot play it:\narts  needs Village\n")
    rc, out, err = run_cli(capsys, "bots", "--kingdom", kingdom, "--names")
    assert out == "big-money\nsmithy-bm\nwitch-bm\nrandom\n"
    assert err == ("domsim: 4 of 5 bots can play this kingdom; --missing lists the others "
                   "with the cards they lack\n")
    rc, out, err = run_cli(capsys, "bots", "--kingdom", kingdom.replace("Moat", "Village"),
                           "--events", "lost-arts,Alms", "--missing")
    assert rc == 0 and "cannot play it" not in out and err == ""
    rc, out, err = run_cli(capsys, "bots", "--kingdom", "Harbinger,Vassal,Bureaucrat,Poacher,"
                           "Throne Room,Bandit,Library,Sentry,Artisan,Moat", "--missing")
    assert out == ("big-money  Buys Province, else Gold, else Silver; nothing else.\n"
                   "random     Uniformly random legal choices at every decision (baseline).\n"
                   "\n"
                   "cannot play it:\n"
                   "smithy-bm  needs Smithy\n"
                   "witch-bm   needs Witch\n"
                   "arts       needs Village and the Event Lost Arts\n")


def test_bots_kingdom_agrees_with_the_runs(capsys):
    """Every registered bot listed as able to play First Game is accepted by a run on it,
    and every other one is refused (the listing and the runs use one check)."""
    rc, out, _ = run_cli(capsys, "bots", "--kingdom", "first-game", "--names")
    playable = set(out.split())
    assert {"big-money", "bmu", "smithy-bm", "random"} <= playable
    for b in bots.list_bots():
        if b.name in playable:
            make_config([b.name, "bmu"], games=2)
        else:
            with pytest.raises(ConfigError, match=f"^bot '{b.name}' needs "):
                make_config([b.name, "bmu"], games=2)


def test_bots_without_kingdom_lists_every_bot(capsys):
    rc, out, err = run_cli(capsys, "bots", "--names")
    assert rc == 0 and err == "" and out.split() == bots.bot_names()


# -- the registry of TOML bots in bots/data/adventures ----------------------------------------
def write(path: Path, name: str, card: str = "Gold") -> Path:
    path.write_text(f'name = "{name}"\ndescription = "test bot {name}"\n'
                    f'[[buy]]\ncard = "{card}"\n')
    return path


def test_data_bots_are_registered_after_the_library_in_file_name_order(registry, tmp_path):
    write(tmp_path / "b-second.toml", "zz-first-by-name")
    write(tmp_path / "a-first.toml", "yy-second-by-name", "Bridge Troll")
    write(tmp_path / "notes.txt", "not-a-bot")
    registry._REGISTRY.clear()
    registry._builtins_loaded = False
    registry.DATA_DIRS = (tmp_path,)
    names = registry.bot_names()
    assert names == [b.name for b in BOTS] + ["yy-second-by-name", "zz-first-by-name"]
    assert [b.name for b in registry.builtin_bots()] == names
    assert registry.get_bot("yy-second-by-name").description == "test bot yy-second-by-name"
    assert required_cards(registry.get_bot("yy-second-by-name")) == ids("Bridge Troll")


def test_the_shipped_adventures_folder_is_registered(registry):
    files = registry.data_bot_files()
    assert (ROOT / "bots/data/adventures/bridge-troll-bm.toml") in files
    assert (ROOT / "bots/data/intrigue/masquerade-bm.toml") in files
    # Folder by folder (registry.DATA_DIRS: Adventures, Intrigue, found), each sorted.
    by_dir = [[f for f in files if f.parent == d] for d in registry.DATA_DIRS]
    assert [f for fs in by_dir for f in fs] == files
    assert all(fs == sorted(fs) for fs in by_dir)
    troll = registry.get_bot("bridge-troll-bm")
    assert registry.bot_names().index("bridge-troll-bm") > registry.bot_names().index(
        BOTS[-1].name)
    assert required_cards(troll) == ids("Bridge Troll")
    # Registered by name, so a run's workers build it like any library bot.
    res = Match("bridge-troll-bm", "bmu", games=20, seed=1, kingdom="auto",
                processes=1).play(progress=False)
    assert res.n_games == 20 and "Bridge Troll" in res.config.kingdom
    assert res.config.bots == ("bridge-troll-bm", "bmu")


def test_a_broken_data_file_is_an_error_naming_file_and_line(registry, tmp_path):
    write(tmp_path / "a-good.toml", "good-one")
    bad = tmp_path / "b-bad.toml"
    bad.write_text('name = "bad-one"\n\n[[buy]]\ncard = "Smithee"\n')
    registry._REGISTRY.clear()
    registry._builtins_loaded = False
    registry.DATA_DIRS = (tmp_path,)
    for _ in range(2):      # the registry stays unloaded: the error comes every time
        with pytest.raises(BotFileError, match=rf"^{bad}:4: Buy rule: unknown card 'Smithee'; "):
            registry.get_bot("bmu")
        assert "good-one" not in registry._REGISTRY
    bad.write_text('name = "bmu"\n\n[[buy]]\ncard = "Gold"\n')
    with pytest.raises(BotFileError) as e:
        registry.bot_names()
    assert str(e.value) == (f"{bad}:1: bot name 'bmu' is already taken by bots.library; "
                            f"give this bot another name")


def test_cli_reports_a_broken_data_file_in_one_line(capsys, registry, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "bad-one"\nplay = "Smithy"\n')
    registry._REGISTRY.clear()
    registry._builtins_loaded = False
    registry.DATA_DIRS = (tmp_path,)
    rc, out, err = run_cli(capsys, "bots")
    assert rc == 2 and out == ""
    assert err == (f"domsim: error: {bad}:2: 'play' must be a list of card names, or "
                   f"tables [[play]] with a card and an optional if, got 'Smithy'\n")


def test_importing_bots_stays_cheap():
    code = ("import sys, bots\n"
            "heavy = [m for m in ('bots.library', 'bots.toml_bot', 'tomllib', 'numpy', "
            "'numba') if m in sys.modules]\n"
            "print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout
    assert out.strip() == "[]"
