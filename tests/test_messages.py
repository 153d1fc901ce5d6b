"""Small user-facing messages of issue 26 item 8: a mistyped bot name suggests the
close names instead of listing them all; a TOML bot with no buy rules warns (once,
in one line) unless it says it means it."""

from __future__ import annotations

import warnings

import pytest

from bots import did_you_mean, get_bot
from bots.errors import BotWarning, UnknownBotError
from bots.toml_bot import loads_bot
from sim.cli import main


@pytest.mark.parametrize("typed, suggested", [
    ("smithy-bn", "smithy-bm"),             # a typo
    ("lost-arts", "lost-arts-seaway"),      # the start of a name
    ("BMU2", "bmu"),                        # case is ignored
])
def test_unknown_bot_suggests_the_close_names(typed, suggested):
    with pytest.raises(UnknownBotError) as err:
        get_bot(typed)
    text = str(err.value)
    # Among the (at most three) names suggested; other tests may register close names too.
    offered = text.split("did you mean ", 1)[1].split("?")[0]
    assert suggested in offered.replace(" or ", ", ").split(", "), text
    assert "\n" not in text and len(text) < 220, text   # not a list of every bot
    assert len(offered.replace(" or ", ", ").split(", ")) <= 3


def test_unknown_bot_without_close_names_points_to_the_list():
    with pytest.raises(UnknownBotError) as err:
        get_bot("qqqq")
    text = str(err.value)
    assert "did you mean" not in text and "`domsim bots`" in text


def test_did_you_mean_joins_up_to_three_names():
    assert did_you_mean("abc", ["abd", "xyz"]) == "; did you mean abd?"
    assert did_you_mean("smithy", ["smithy-bm", "village-smithy", "bmu"]) == \
        "; did you mean smithy-bm or village-smithy?"
    assert did_you_mean("zz", ["abc"]) == ""


def test_cli_unknown_bot_is_one_line_with_a_suggestion(capsys):
    assert main(["match", "militia-bn", "bmu", "--games", "2"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("domsim: error: unknown bot 'militia-bn'; did you mean ")
    assert "militia-bm" in err
    assert "\n" not in err


NO_BUY = 'name = "idle"\nplay = ["Smithy"]\n'


def test_toml_bot_without_buy_rules_warns():
    with pytest.warns(BotWarning, match=r"idle.toml: bot 'idle' has no \[\[buy\]\] rules"):
        bot = loads_bot(NO_BUY, "idle.toml")
    assert bot.name == "idle"


def test_toml_bot_that_says_it_buys_nothing_loads_quietly():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        bot = loads_bot(NO_BUY + "buys_nothing = true\n", "idle.toml")
    assert bot.rules() == []
    with pytest.raises(Exception, match="must be true or false"):
        loads_bot(NO_BUY + 'buys_nothing = "yes"\n', "idle.toml")


def test_cli_prints_the_warning_once_in_one_line(capsys, tmp_path):
    path = tmp_path / "idle.toml"
    path.write_text(NO_BUY)
    assert main(["bots", "--names"]) == 0   # library bots: no warning
    assert "warning" not in capsys.readouterr().err
    assert main(["play", str(path), "bmu", "--seed", "1"]) == 0
    err = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if "warning" in ln]
    assert lines == [f"domsim: warning: {path}: bot 'idle' has no [[buy]] rules, so it never "
                     f"buys a card (say buys_nothing = true if that is meant)"]
