"""TOML bot files: they compile like the Python definitions, and errors point at the word."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from bots import BotFileError, get_bot, library, load_bot_file
from bots.rules import (
    PROGRAM_FIELDS,
    Buy,
    Gain,
    Mine,
    Remodel,
    RuleBot,
    count,
    left,
    money,
    programs_equal,
)
from bots.toml_bot import loads_bot

DATA = Path(__file__).parents[1] / "bots" / "data"
FIELDS = PROGRAM_FIELDS
assert {"topdeck_rank", "sentry_discard", "flags", "play_rank"} <= set(FIELDS)


def assert_same_program(a, b):
    for f in FIELDS:
        x, y = getattr(a, f), getattr(b, f)
        assert x.dtype == y.dtype, f
        np.testing.assert_array_equal(x, y, err_msg=f)
    assert programs_equal(a, b)


@pytest.mark.parametrize("bot", library.REFERENCE_BOTS, ids=lambda b: b.name)
def test_reference_toml_matches_python(bot):
    loaded = load_bot_file(DATA / f"{bot.name}.toml")
    assert loaded.name == bot.name
    assert loaded.description == bot.description
    assert_same_program(loaded.program(), bot.program())


def test_every_toml_file_matches_its_library_bot():
    files = sorted(DATA.glob("*.toml"))
    assert {f.stem for f in files} >= {b.name for b in library.REFERENCE_BOTS}
    for f in files:
        loaded = load_bot_file(f)
        assert loaded.name == f.stem
        assert_same_program(loaded.program(), get_bot(loaded.name).program())


def test_differences_are_detected():
    """The equivalence check is real: one changed number breaks it."""
    text = (DATA / "smithy-bm.toml").read_text().replace("money > 15", "money > 16")
    assert not programs_equal(loads_bot(text).program(), library.SMITHY_BM.program())


FULL = '''
name = "full"
description = "every key"
avoid_losing_end = true
excess_terminals_first = false
reveal_moat = false
mine_always = false
play = ["Village", "Smithy", "Remodel", "Mine", "Workshop"]
discard = ["Estate", "Copper"]
trash = ["Curse", "Estate"]
cellar = ["Estate", "Province"]
topdeck = ["Gold", "Smithy"]
sentry_discard = ["Copper", "Estate"]

[[buy]]
card = "Province"
if = ["money > 15", "count(Gold) >= 1"]

[[buy]]
card = "Council Room"
if = "count(Council Room) < 1"

[[gain]]
card = "Smithy"
if = ["count(Smithy) < count(Action) / 3 + 1"]

[[gain]]
card = "Silver"

[[remodel]]
from = "Gold"
to = "Province"
if = ["left(Province) <= 6"]

[[mine]]
from = "Copper"
to = "Silver"
'''


def test_every_key_compiles_like_python():
    py = RuleBot(
        "full", "every key", avoid_losing_end=True, excess_terminals_first=False,
        reveal_moat=False, mine_always=False,
        play=["Village", "Smithy", "Remodel", "Mine", "Workshop"],
        discard=["Estate", "Copper"], trash=["Curse", "Estate"], cellar=["Estate", "Province"],
        topdeck=["Gold", "Smithy"], sentry_discard=["Copper", "Estate"],
        buy=[Buy("Province", money() > 15, count("Gold") >= 1),
             Buy("Council Room", count("Council Room") < 1)],
        gain=[Gain("Smithy", count("Smithy") < count("Action") / 3 + 1), Gain("Silver")],
        remodel=[Remodel("Gold", "Province", left("Province") <= 6)],
        mine=[Mine("Copper", "Silver")])
    assert_same_program(loads_bot(FULL).program(), py.program())


def test_load_bot_file_reads_a_file(tmp_path):
    f = tmp_path / "b.toml"
    f.write_text(FULL)
    assert load_bot_file(f).name == "full"


def error_for(text: str, tmp_path: Path) -> BotFileError:
    f = tmp_path / "bad.toml"
    f.write_text(text)
    with pytest.raises(BotFileError) as e:
        load_bot_file(f)
    return e.value


BAD = [
    # (text, line, word)
    ('name = "x"\nsmithy = 3\n', 2, "smithy"),
    ('name = "x"\n[extra]\nfoo = 1\n', 2, "extra"),
    ('name = "x"\n\n[[buy]]\ncard = "Gold"\n\n[[buy]]\ncard = "Provnce"\n', 7, "Provnce"),
    ('name = "x"\n[[buy]]\ncard = "Gold"\n[[buy]]\ncard = "Silver"\nif = ["monney > 3"]\n',
     6, "monney"),
    ('name = "x"\n[[buy]]\ncard = "Gold"\nif = [\n  "money > 3",\n  "count(Smithee) < 1",\n]\n',
     6, "Smithee"),
    ('name = "x"\n[[buy]]\ncard = "Gold"\nwhen = ["money > 3"]\n', 4, "when"),
    ('name = "x"\n[[buy]]\nif = ["money > 3"]\n', 2, "buy"),
    ('name = "x"\n[[remodel]]\nfrom = "Copper"\nto = "Gold"\n', 4, "Gold"),
    ('name = "x"\n[[mine]]\nfrom = "Copper"\nto = "Silvr"\n', 4, "Silvr"),
    ('name = "x"\ndescription = "d"\nplay = ["Smithy", "Gold"]\n', 3, "Gold"),
    ('name = "x"\ntrash = ["Estate"]\ndiscard = ["Estate", "Coper"]\n', 3, "Coper"),
    ('name = "x"\navoid_losing_end = "yes"\n', 2, "avoid_losing_end"),
    ('name = "x"\nplay = "Smithy"\n', 2, "play"),
    ('description = "no name"\n', 1, "name"),
    ('name = "Smithy BM"\n', 1, "Smithy BM"),
    ('name = 3\n', 1, "name"),
    ('name = "x"\n[[buy]]\ncard = 5\n', 3, "card"),
    ('name = "x"\n[[buy]]\ncard = "Gold"\nif = ["money = 3"]\n', 4, "="),
    ('name = "x"\ntrash = ["Estate"]\ntopdeck = ["Gold", "Sliver"]\n', 3, "Sliver"),
    ('name = "x"\ntopdeck = "Gold"\n', 2, "topdeck"),
    ('name = "x"\ndiscard = ["Copper"]\nsentry_discard = ["Estate", "Coper"]\n', 3, "Coper"),
    ('name = "x"\nsentry_discard = ["Estate", "estate"]\n', 2, "estate"),
]


@pytest.mark.parametrize("text,line,word", BAD)
def test_errors_name_file_line_and_word(text, line, word, tmp_path):
    e = error_for(text, tmp_path)
    msg = str(e)
    assert isinstance(e, ValueError)
    assert msg.startswith(f"{tmp_path / 'bad.toml'}:{line}: "), msg
    assert e.line == line and e.word == word
    assert word in msg


def test_invalid_toml_reports_its_line(tmp_path):
    e = error_for('name = "x"\n[[buy]\ncard = "Gold"\n', tmp_path)
    assert e.line == 2 and "bad.toml:2:" in str(e)


def test_missing_file(tmp_path):
    with pytest.raises(BotFileError) as e:
        load_bot_file(tmp_path / "nope.toml")
    assert "nope.toml" in str(e.value)


def test_toml_is_data_not_code(tmp_path):
    e = error_for('name = "x"\n[[buy]]\ncard = "Gold"\nif = ["__import__(os) > 1"]\n',
                  tmp_path)
    assert e.word == "__import__"
