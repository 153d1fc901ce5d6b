"""The Intrigue bot library (``bots/data/intrigue/*.toml``): every file is a bot that
loads, is named after its file, says what it does in one line, names only real kingdom
cards, and plays whole games on a kingdom holding its cards without an engine error; one
single-card bot per Intrigue kingdom card (Harem's is farm-bm, Duke's duke-duchy).  Their
strength is measured, not asserted, by experiments/intrigue_bots.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from bots.requirements import required_cards, split
from bots.toml_bot import load_bot_file
from sim.cards import CARDS, SET_KINGDOMS, kingdom_word
from sim.runner import Match

pytestmark = pytest.mark.timeout(900)

BOT_DIR = Path(__file__).resolve().parent.parent / "bots" / "data" / "intrigue"
FILES = sorted(BOT_DIR.glob("*.toml"))
OWN_NAME = {"Harem": "farm-bm", "Duke": "duke-duchy"}


def test_there_is_a_bot_for_every_intrigue_card():
    names = {f.stem for f in FILES}
    missing = [CARDS[c].name for c in SET_KINGDOMS["intrigue"]
               if OWN_NAME.get(CARDS[c].name, f"{kingdom_word(CARDS[c].name)}-bm") not in names]
    assert not missing, missing


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_bot_loads_says_what_it_does_and_plays_its_board(path):
    bot = load_bot_file(path)
    assert bot.name == path.stem
    assert bot.description and "\n" not in bot.description and len(bot.description) < 140
    cards, events = split(required_cards(bot))
    assert not events and all(CARDS[c].name for c in cards)
    res = Match(bot, "bmu", games=24, seed=5, kingdom="auto", processes=1).play(progress=False)
    assert res.complete and res.error is None and res.n_games == 24
