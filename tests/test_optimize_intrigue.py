"""domsim optimize on an Intrigue board: the space varies Intrigue's decisions where a
bot's rules can set them.

The modes (Pawn, Steward, Courtier, Minion, Nobles, Lurker, Torturer, Mining Village) are
choose genes, as every card of bots.rules.CHOICES; Pawn and Courtier choose several
different options one at a time, so their gene also names the option taken next
(``also``: Pawn's +1 Card and +1 Buy).  Masquerade passes the first card of the trash
list in hand, so with it the trash gene also tries the lists that give Copper away before
Estate.  Each test builds the genome it checks, writes its bot, reads it back and plays.
"""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest

from bots import resolve_bot
from bots.rules import Choose, RuleBot, programs_equal
from bots.toml_bot import loads_bot
from sim.optimize import Genome, Space, genome_from_bot
from sim.optimize.space import (
    FIXED,
    MULTI_CHOICE,
    PASS_OPTIONS,
    TRASH_OPTIONS,
    CardGene,
    ChooseGene,
)
from sim.runner import Match

pytestmark = pytest.mark.timeout(600)

BOARD = ("Pawn", "Steward", "Courtier", "Masquerade", "Minion", "Nobles", "Torturer",
         "Lurker", "Baron", "Wishing Well")


def _genome() -> Genome:
    """A bot that buys the cards with modes and Masquerade, and sets each decision."""
    cards = tuple(CardGene(c, FIXED, 1, "mid") for c in
                  ("Pawn", "Courtier", "Masquerade", "Minion", "Steward"))
    return Genome(province_money=16, cards=cards,
                  chooses=(ChooseGene("Pawn", "card", also="buy"),
                           ChooseGene("Courtier", "gold", 10, "coins", also="buy"),
                           ChooseGene("Minion", "coins", 6, "attack"),
                           ChooseGene("Steward", "trash", 5, "coins")),
                  trash="keep_estate")


def test_the_space_of_an_intrigue_board_varies_its_modes_and_the_pass():
    space = Space.for_kingdom(BOARD)
    assert set(space.chooses) == {"Pawn", "Steward", "Courtier", "Minion", "Nobles",
                                  "Torturer", "Lurker"}
    assert set(MULTI_CHOICE) == {"Pawn", "Courtier"}
    assert space.trash_options == TRASH_OPTIONS + PASS_OPTIONS
    # Without Masquerade the order of Copper and Estate gives nothing away: the two lists.
    no_pass = Space.for_kingdom(tuple(c if c != "Masquerade" else "Bridge" for c in BOARD))
    assert no_pass.trash_options == TRASH_OPTIONS
    # Mill and Diplomat count the junk in hand by the list: the trash gene is theirs too.
    assert Space.for_kingdom(("Mill", "Diplomat", "Pawn", "Bridge", "Duke", "Harem",
                              "Conspirator", "Shanty Town", "Patrol", "Nobles")).trash_options
    assert Space.from_dict(json.loads(json.dumps(space.to_dict()))) == space


def test_pawn_and_courtier_take_two_options_and_round_trip_through_their_file():
    space = Space.for_kingdom(BOARD)
    g = space.fit(_genome())
    text = g.to_toml("intrigue-genes")
    for needle in ['card = "Pawn"\noption = "card"', 'card = "Pawn"\noption = "buy"',
                   'card = "Courtier"\noption = "gold"\nif = ["turn <= 10"]',
                   'card = "Courtier"\noption = "coins"\n', 'card = "Courtier"\noption = "buy"',
                   'trash = ["Curse", "Copper"]']:
        assert needle in text, needle
    loaded = loads_bot(text, "intrigue-genes.toml")
    # The rules the engine reads: the next option is a last rule, unconditioned.
    want = RuleBot("x", choose=[Choose("Pawn", "card"), Choose("Pawn", "buy")])
    assert [r for r in loaded.choose if r.card == want.choose[0].card] == want.choose
    assert programs_equal(loaded.program(), g.bot("intrigue-genes").program())
    back = space.fit(genome_from_bot(loaded))
    assert set(back.chooses) == set(g.chooses) and back.trash == "keep_estate"
    assert space.key(back) == space.key(g)
    assert Genome.from_dict(json.loads(json.dumps(g.to_dict()))) == g
    # A gene without ``also`` keeps the dict it had before the field.
    assert "also" not in Genome(chooses=(ChooseGene("Minion", "coins"),)).to_dict()[
        "chooses"][0]
    # ``also`` naming the option always taken first, or on a card choosing once, is no
    # rule: the same bot in effect.
    same = replace(g, chooses=(ChooseGene("Pawn", "card", also="card"),) + g.chooses[1:])
    assert space.key(replace(g, chooses=(ChooseGene("Pawn", "card"),) + g.chooses[1:])) == \
        space.key(same)
    assert ChooseGene("Minion", "coins", also="attack") != ChooseGene("Minion", "coins")
    assert Genome(chooses=(ChooseGene("Minion", "coins", also="attack"),)).choose_rules() == \
        [("Minion", "coins", [])]


def test_mutations_reach_the_next_option_and_the_pass_order_and_make_bots_that_play(
        tmp_path):
    space = Space.for_kingdom(BOARD)
    g0 = space.fit(replace(_genome(), chooses=(ChooseGene("Pawn", "card"),
                                               ChooseGene("Courtier", "gold")), trash=""))
    rng = np.random.default_rng(7)
    also, trash = set(), set()
    g = g0
    for _ in range(600):
        m = space.mutate(g, rng, steps=1)
        assert space.key(m) != space.key(g)
        also |= {(c.card, c.also) for c in m.chooses if c.also}
        trash.add(m.trash)
        m.bot("m")                              # every mutant is a valid bot
        g = m if rng.random() < 0.3 else g0
    assert {c for c, _ in also} == {"Pawn", "Courtier"}
    assert set(PASS_OPTIONS) <= trash
    # Mutants with the new genes play on the board (Pawn and Courtier asking for each
    # option, Masquerade passing by the list).
    path = tmp_path / "m.toml"
    path.write_text(space.fit(_genome()).to_toml("m"))
    df = Match(str(path), "bmu", games=40, seed=3, kingdom=list(BOARD),
               processes=1).play(progress=False).games
    assert len(df) == 40


def test_the_intrigue_library_bots_are_points_of_the_space():
    """The single-card bots of the board's cards read as genomes (the search can start
    from them) and write back the bot they are."""
    space = Space.for_kingdom(BOARD)
    for name in ("pawn-bm", "steward-bm", "courtier-bm", "masquerade-bm", "minion-bm",
                 "nobles-bm", "torturer-bm", "lurker-bm", "baron-bm", "wishing-well-bm"):
        bot = resolve_bot(name)
        g = space.fit(genome_from_bot(bot))
        loaded = loads_bot(g.to_toml(name), f"{name}.toml")
        assert programs_equal(loaded.program(), space.fit(genome_from_bot(loaded)).bot(
            name).program()), name
