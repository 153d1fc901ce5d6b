"""Bots are identified by what they play, and must find their cards in the kingdom.

* Two different bots under one name in one run are an error naming both sources; the
  same bot twice is a mirror; a resume with a changed bot file is refused.
* A bot whose rules name a kingdom card that is not in the game is an error (it would
  silently play as another bot), unless ``allow_missing_cards``: then the results
  record the rules that can never fire.  ``kingdom="auto"`` builds the kingdom from
  the bots' cards, filled up to 10 from First Game.
* A bot class given for an instance is a clear error, and the process still works.
"""

from __future__ import annotations

import pytest

from bots import BotError, resolve_bot
from bots.identity import bot_hash, kingdom_needs
from bots.python_bot import PythonBot
from bots.rules import Buy, RuleBot
from sim.analysis.io import load_frame
from sim.cards import CARDS, FIRST_GAME, KINGDOM_CARDS
from sim.cli import main
from sim.engine.config import ConfigError, auto_kingdom, parse_kingdom
from sim.runner import Match
from sim.runner.plan import make_config

BM_TOML = """name = "same"
description = "Big Money"
[[buy]]
card = "Province"
[[buy]]
card = "Gold"
[[buy]]
card = "Silver"
"""
COPPER_TOML = """name = "same"
description = "buys only Copper"
[[buy]]
card = "Copper"
"""


def _write(path, text):
    path.write_text(text)
    return str(path)


# -- 12.2: one name, two bots ---------------------------------------------------------------
def test_two_files_with_one_name_are_refused_naming_both(tmp_path):
    a = _write(tmp_path / "a.toml", BM_TOML)
    b = _write(tmp_path / "b.toml", COPPER_TOML)
    with pytest.raises(ConfigError, match="two different bots are named 'same'") as info:
        make_config([a, b], games=2)
    assert a in str(info.value) and b in str(info.value)


def test_cli_match_of_two_files_with_one_name_fails_in_one_line(tmp_path, capsys):
    a = _write(tmp_path / "a.toml", BM_TOML)
    b = _write(tmp_path / "b.toml", COPPER_TOML)
    assert main(["match", a, b, "--games", "2", "--processes", "1", "--no-progress"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "a.toml" in err and "b.toml" in err


def test_two_rule_bots_with_one_name_in_the_api():
    x1 = RuleBot("x-twice", "money", buy=[Buy("Gold"), Buy("Silver")])
    x2 = RuleBot("x-twice", "coppers", buy=[Buy("Copper")])
    with pytest.raises(ConfigError, match="bot 1 .RuleBot object. and bot 2 .RuleBot object"):
        make_config([x1, x2], games=2)


def test_a_redefined_rule_bot_is_not_served_from_the_cache():
    """In one process, a second RuleBot("x") with other rules plays its own rules."""
    gold = RuleBot("x-redefined", "money", buy=[Buy("Province"), Buy("Gold"), Buy("Silver")])
    first = Match(gold, "big-money", games=40, seed=3, processes=1).play(progress=False)
    copper = RuleBot("x-redefined", "coppers", buy=[Buy("Copper")])
    second = Match(copper, "big-money", games=40, seed=3, processes=1).play(progress=False)
    assert first.config.hashes[0] != second.config.hashes[0]
    wins = second.summary()["win_rate"]
    assert wins["x-redefined"] < 0.2 < first.summary()["win_rate"]["x-redefined"]


def test_the_same_bot_twice_is_a_mirror(tmp_path):
    a = _write(tmp_path / "a.toml", BM_TOML)
    b = _write(tmp_path / "b.toml", BM_TOML)          # another file, the same bot
    cfg = make_config([a, b, "bmu"], round_robin=False, players=3, games=3)
    assert cfg.names == ("same", "bmu") and cfg.tables == ((0, 0, 1),)
    assert make_config(["bmu", "bmu"], games=2).tables == ((0, 0),)


def test_a_bot_object_may_not_shadow_a_library_bot():
    with pytest.raises(ConfigError, match="named 'bmu' like the library bot"):
        make_config([RuleBot("bmu", "not bmu", buy=["Copper"]), "big-money"], games=2)


def test_hash_follows_the_program():
    a = RuleBot("h", "", buy=[Buy("Gold")])
    assert bot_hash(a) == bot_hash(RuleBot("h", "other text", buy=[Buy("Gold")]))
    assert bot_hash(a) != bot_hash(RuleBot("h", "", buy=[Buy("Silver")]))
    assert bot_hash(a) != bot_hash(RuleBot("h", "", buy=[Buy("Gold")], reveal_moat=False))


def test_resume_with_a_changed_bot_file_is_refused(tmp_path):
    bot = _write(tmp_path / "mine.toml", BM_TOML)
    out = tmp_path / "r.parquet"
    Match(bot, "bmu", games=20, seed=1, processes=1).play(progress=False, out=out)
    _, meta = load_frame(out)
    assert meta["config"]["hashes"][0] == bot_hash(resolve_bot(bot))
    _write(tmp_path / "mine.toml", BM_TOML.replace('card = "Gold"', 'card = "Duchy"'))
    # Named by its file (issue 26: the message used to show two hashes).
    with pytest.raises(ConfigError, match=r"cannot resume .*r\.parquet: bot .* \(.*mine\.toml\) "
                                          r"plays differently") as info:
        Match(bot, "bmu", games=20, seed=1, processes=1).play(progress=False, resume=out)
    assert "hashes" not in str(info.value)


# -- 12.6: cards not in the kingdom ------------------------------------------------------------
def test_bot_with_cards_not_in_the_kingdom_is_refused():
    with pytest.raises(ConfigError) as info:
        make_config(["witch-bm", "bmu"], games=2)
    assert str(info.value) == (
        "bot 'witch-bm' needs Witch, which is not in the kingdom (Cellar, Market, Merchant, "
        "Militia, Mine, Moat, Remodel, Smithy, Village, Workshop); use --kingdom auto "
        "(kingdom='auto') or a kingdom with that card, or --allow-missing-cards "
        "(allow_missing_cards=True) to play anyway (the rules naming them never fire)")


def test_allowing_missing_cards_records_the_dead_rules(tmp_path):
    res = Match("witch-bm", "bmu", games=10, seed=1, processes=1,
                allow_missing_cards=True).play(progress=False, out=tmp_path / "w.parquet")
    assert res.config.unusable == (("witch-bm", ("buy Witch", "play Witch")),)
    _, meta = load_frame(tmp_path / "w.parquet")
    assert meta["config"]["unusable"] == {"witch-bm": ["buy Witch", "play Witch"]}


def test_auto_kingdom_is_the_bots_cards_filled_from_first_game():
    cfg = make_config(["witch-bm", "lab-bm", "bmu"], round_robin=True, games=2, kingdom="auto")
    first = [CARDS[c].name for c in FIRST_GAME]
    assert set(cfg.kingdom) == {"Witch", "Laboratory", *first[:8]}
    assert auto_kingdom([]) == parse_kingdom("first-game")
    # Bots whose cards are all in First Game get exactly First Game.
    assert set(make_config(["smithy-bm", "bmu"], games=2, kingdom="auto").kingdom) == set(first)


def test_auto_kingdom_refuses_more_than_ten_cards():
    many = RuleBot("eleven", "", buy=[Buy(c) for c in KINGDOM_CARDS[:11]])
    with pytest.raises(ConfigError, match="11 kingdom cards"):
        make_config([many, "bmu"], games=2, kingdom="auto")


def test_kingdom_needs_what_the_rules_name():
    assert kingdom_needs(resolve_bot("bmu")) == {}
    assert kingdom_needs(resolve_bot("random")) == {}
    needs = kingdom_needs(resolve_bot("remodel-bm"))
    assert [CARDS[c].name for c in needs] == ["Remodel"]
    # The default play order (every Action) names no card; conditions name none either.
    assert kingdom_needs(RuleBot("v", "", buy=[Buy("Gold", "count(Witch) < 1")])) == {}


def test_random_bot_plays_on_any_kingdom():
    make_config(["random", "bmu"], games=2,
                kingdom="Festival,Laboratory,Witch,Council Room,Gardens,Moneylender,Chapel,"
                        "Moat,Militia,Smithy")


def test_cli_kingdom_auto_and_the_error(capsys):
    assert main(["match", "witch-bm", "bmu", "--games", "2", "--processes", "1",
                 "--no-progress"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("domsim: error: bot 'witch-bm' needs Witch, which is not in the "
                          "kingdom (Cellar, ") and len(err.splitlines()) == 1
    assert main(["match", "witch-bm", "bmu", "--games", "20", "--processes", "1",
                 "--no-progress", "--kingdom", "auto"]) == 0
    assert "Witch" in capsys.readouterr().out
    assert main(["match", "witch-bm", "bmu", "--games", "2", "--processes", "1",
                 "--no-progress", "--allow-missing-cards"]) == 0
    assert "witch-bm: rules that can never fire on this kingdom: buy Witch; play Witch" in \
        capsys.readouterr().err


# -- 13.5: a class for an instance -----------------------------------------------------------
class GreedyGold(PythonBot):
    name = "greedy-gold-class-test"
    description = "Gold at $6+, Silver only before the first Gold"

    def buy(self, view):
        if view.can_buy("Gold"):
            return "Gold"
        if view.can_buy("Silver") and view.count("Gold") == 0:
            return "Silver"
        return None


def test_a_bot_class_is_a_clear_error_and_the_process_still_works():
    with pytest.raises(BotError, match=r"GreedyGold is a class; pass an instance: GreedyGold\(\)"):
        Match(GreedyGold, "bmu", games=4, processes=1)
    with pytest.raises(BotError, match="GreedyGold is a class"):
        resolve_bot(GreedyGold)
    res = Match(GreedyGold(), "bmu", games=20, seed=2, processes=1).play(progress=False)
    assert res.complete and len(res.games) == 20


def test_per_turn_stats_does_not_merge_two_bots_of_one_name():
    from sim.analysis.turnstats import per_turn_stats

    x1 = RuleBot("x-turns", "money", buy=[Buy("Gold"), Buy("Silver")])
    x2 = RuleBot("x-turns", "coppers", buy=[Buy("Copper")])
    with pytest.raises(ConfigError, match="two different bots are named 'x-turns'"):
        per_turn_stats([x1, x2], games=4)


def test_hash_follows_hook_and_python_code():
    from numba import njit

    from bots.compiled import CompiledBot
    from sim.engine.codes import USE_DEFAULT
    from sim.engine.hooks import HOOK_SIGNATURE

    @njit(HOOK_SIGNATURE)
    def defer(V, d, arg):
        return USE_DEFAULT

    @njit(HOOK_SIGNATURE)
    def nothing(V, d, arg):
        return -1

    rules = RuleBot("hooked", "", buy=[Buy("Gold")])
    a, b = CompiledBot("hooked", "", rules, defer), CompiledBot("hooked", "", rules, nothing)
    assert bot_hash(a) != bot_hash(b) != bot_hash(rules)
    with pytest.raises(ConfigError, match="two different bots are named 'hooked'"):
        make_config([a, b], games=2)

    class One(PythonBot):
        name = "py-same"

        def buy(self, view):
            return "Gold"

    class Two(PythonBot):
        name = "py-same"

        def buy(self, view):
            return "Silver"

    assert bot_hash(One()) == bot_hash(One()) != bot_hash(Two())


def test_a_lone_bot_class_given_to_match_is_the_same_clear_error():
    with pytest.raises(BotError, match="GreedyGold is a class; pass an instance"):
        Match(GreedyGold, games=4, processes=1)
    assert Match(["bmu", "big-money"], games=2, processes=1).config.names == ("bmu", "big-money")


def test_python_bot_parameters_are_part_of_its_identity():
    class Threshold(PythonBot):
        name = "threshold"

        def __init__(self, gold_at, table=None):
            self.gold_at, self.table = gold_at, table or {}

        def buy(self, view):
            return "Gold" if view.coins >= self.gold_at else None

    assert bot_hash(Threshold(6)) == bot_hash(Threshold(6)) != bot_hash(Threshold(7))
    assert bot_hash(Threshold(6, {"a": 1})) != bot_hash(Threshold(6, {"a": 2}))
    with pytest.raises(ConfigError, match="two different bots are named 'threshold'"):
        make_config([Threshold(6), Threshold(7)], games=2)
