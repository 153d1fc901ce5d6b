"""domsim optimize on the whole game: the grown space (Events, engines, tokens, Tavern,
Travellers), equality in effect, archetypes, the board report and replays.

Each test builds the exact situation it checks: a genome with the gene under test, the
bot it writes, the games it plays.  The searches here are small (a few hundred thousand
games, seconds warm); the search that must find an engine from Big Money on its own is
in the slow tier.
"""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest

from bots import resolve_bot
from bots.errors import RuleError
from bots.rules import programs_equal
from bots.toml_bot import load_bot_file, loads_bot
from sim.cli import main
from sim.engine.config import ConfigError
from sim.optimize import Genome, Space, genome_from_bot, optimize
from sim.optimize.space import (
    ANY,
    FIXED,
    OFF,
    RATIO,
    REL,
    CallGene,
    CardGene,
    ChooseGene,
    ExchangeGene,
)
from sim.runner import Match

pytestmark = pytest.mark.timeout(600)

K1 = ("Page", "Peasant", "Lost City", "Royal Carriage", "Coin of the Realm", "Distant Lands",
      "Relic", "Bridge Troll", "Smithy", "Laboratory")
K1_EVENTS = ("Lost Arts", "Seaway")
K2 = ("Swamp Hag", "Haunted Woods", "Amulet", "Dungeon", "Ratcatcher", "Messenger", "Magpie",
      "Caravan Guard", "Duplicate", "Hireling")
K2_EVENTS = ("Training", "Pathfinding")
FIRST_GAME = ("Cellar", "Moat", "Village", "Merchant", "Workshop", "Smithy", "Militia",
              "Remodel", "Market", "Mine")


def _games(spec, kingdom, events, games=200, seed=5):
    df = Match(spec, "bmu", games=games, seed=seed, kingdom=list(kingdom), events=list(events),
               processes=1).play(progress=False).games
    return df[["score_0", "score_1", "turns_0", "turns_1", "tiebreak"]].to_numpy()


# -- the library's Event and engine bots are points of the space ----------------------------

@pytest.mark.parametrize("name,kingdom,events", [
    ("lost-arts-seaway", K1, K1_EVENTS), ("event-money", K2, K2_EVENTS),
    ("cotr-engine", K1, K1_EVENTS)])
def test_library_event_and_engine_bots_are_points_that_play_the_same_games(
        tmp_path, name, kingdom, events):
    space = Space.for_kingdom(kingdom, events=events)
    g = space.fit(genome_from_bot(resolve_bot(name)))
    path = tmp_path / "copy.toml"
    path.write_text(g.to_toml("copy"))
    assert np.array_equal(_games(name, kingdom, events), _games(str(path), kingdom, events))


def test_lost_arts_seaway_reads_as_its_genes():
    g = genome_from_bot(resolve_bot("lost-arts-seaway"))
    genes = {(c.card, c.n): c for c in g.cards}
    assert genes[("Lost Arts", 1)] == CardGene("Lost Arts", FIXED, 1, "early", need="Smithy")
    assert genes[("Seaway", 1)] == CardGene("Seaway", FIXED, 1, "gold", need="Smithy")
    assert genes[("Smithy", 4)] == CardGene("Smithy", FIXED, 4, "mid", need="Lost Arts")
    assert genes[("Laboratory", 1)].kind == ANY
    assert dict(g.tokens) == {"+1 Action": "Smithy", "+1 Buy": "Smithy"}
    assert g.gains == (("Seaway", "Smithy"),) and g.play == ("Laboratory", "Smithy")
    assert g.discard_list == "default"


def test_a_start_bot_outside_the_space_is_refused_naming_what_does_not_fit():
    with pytest.raises(RuleError, match="peasant-teacher: its \\+1 Card token has 2 piles"):
        genome_from_bot(resolve_bot("peasant-teacher"))
    with pytest.raises(RuleError, match="count\\(Traveller\\) < 3 is not a condition"):
        genome_from_bot(resolve_bot("page-champion"))
    g = genome_from_bot(resolve_bot("lost-arts-seaway"))
    space = Space.for_kingdom(K1, events=K1_EVENTS)
    with pytest.raises(RuleError, match="the \\+1 Action token on Witch"):
        space.fit(replace(g, tokens=(("+1 Action", "Witch"),)))


# -- every gene is an ordinary TOML bot -----------------------------------------------------

KINGDOM_ALL = ("Page", "Peasant", "Royal Carriage", "Duplicate", "Guide", "Amulet",
               "Messenger", "Smithy", "Village", "Laboratory")
EVENTS_ALL = ("Lost Arts", "Quest")


def _every_gene() -> Genome:
    cards = (CardGene("Lost Arts", FIXED, 1, "early", need="Smithy", phase="coins_le",
                      phase_n=7),
             CardGene("Smithy", REL, 1, "gold", ref="Village", cap=4),
             CardGene("Village", RATIO, 5, "mid", ref="Action", cap=5, phase="prov_ge",
                      phase_n=4),
             CardGene("Laboratory", ANY, 1, "mid", phase="money_ge", phase_n=8),
             CardGene("Smithy", FIXED, 6, "mid", need="Lost Arts"),
             CardGene("Page", FIXED, 2, "late", phase="turn_le", phase_n=6),
             CardGene("Quest", ANY, 1, "late"),
             CardGene("Royal Carriage", FIXED, 1, "mid", need="Laboratory", need_n=2),
             CardGene("Duplicate", FIXED, 1, "mid"), CardGene("Guide", FIXED, 1, "mid"),
             CardGene("Amulet", FIXED, 1, "mid"), CardGene("Peasant", FIXED, 1, "late"))
    return Genome(province_money=16, cards=cards, play=("Village", "Laboratory", "Smithy"),
                  action_discard="before_copper", tokens=(("+1 Action", "Smithy"),
                                                          ("+1 Card", "Laboratory")),
                  gains=(("Hero", "Gold"),),
                  calls=(CallGene("Duplicate", ("Gold", "Laboratory")), CallGene("Guide", (), 2),
                         CallGene("Royal Carriage", ("Smithy", "Laboratory"))),
                  exchanges=(ExchangeGene("Page", 4, 1), ExchangeGene("Peasant", 4, 1)),
                  chooses=(ChooseGene("Amulet", "trash", 6, "coin"), ChooseGene("Quest", "six")),
                  trash="keep_copper", teacher=("+1 Action", "+1 Card", "+$1", "+1 Buy"))


def test_every_gene_round_trips_through_a_readable_toml_file():
    space = Space.for_kingdom(KINGDOM_ALL, events=EVENTS_ALL)
    g = space.fit(_every_gene())
    text = g.to_toml("every-gene")
    for needle in ['"+1 Action" = ["Smithy"]', 'card = "Gold"\nby = "Hero"',
                   'on = ["Gold", "Laboratory"]', 'if = ["hand_coins <= 2"]',
                   'card = "Hero"\nkeep = true\nif = ["count(Champion) >= 1"]',
                   'card = "Disciple"\nkeep = true\nif = ["count(Teacher) >= 1"]',
                   'option = "trash"\nif = ["turn <= 6"]',
                   'trash = ["Curse", "Estate"]', 'teacher_tokens = ["+1 Action"',
                   '"count(Smithy) < count(Village) + 1", "count(Smithy) < 4"',
                   '"count(Village) < count(Action) / 5"', '"bought(Lost Arts) < 1", '
                   '"count(Smithy) >= 1", "coins <= 7"']:
        assert needle in text, needle
    loaded = loads_bot(text, "every-gene.toml")
    assert programs_equal(loaded.program(), g.bot("every-gene").program())
    back = space.fit(genome_from_bot(loaded))
    assert space.key(back) == space.key(g)
    # The genome is a plain value: through its dict and back, the same.
    assert Genome.from_dict(json.loads(json.dumps(g.to_dict()))) == g


def test_genomes_of_the_first_space_keep_their_dicts():
    """A search saved before the space grew still reads (its state holds these dicts)."""
    old = {"province_money": 16, "province_gold": 0, "duchy_late": 4, "estate_late": 2,
           "duchy_mid": 6, "cards": [{"card": "Smithy", "kind": "count", "n": 2,
                                      "slot": "mid"}], "play": [], "action_discard": "last"}
    g = Genome.from_dict(old)
    assert g.to_dict() == old and g.cards == (CardGene("Smithy", FIXED, 2, "mid"),)


# -- two genomes that make the same bot in effect are one candidate -------------------------

def _base(*cards: CardGene, **kw) -> Genome:
    return Genome(province_money=15, cards=cards, **kw)


def test_same_bot_in_effect_same_key():
    space = Space.for_kingdom(K1, events=K1_EVENTS)
    smithy = CardGene("Smithy", FIXED, 2, "mid")

    def same(a: Genome, b: Genome) -> bool:
        return space.key(space.fit(a)) == space.key(space.fit(b))

    # Limits on a card switched off.
    assert same(_base(smithy, CardGene("Relic", OFF, 5, "early")), _base(smithy))
    # A token whose Event is never bought; a Traveller line and a call of cards never owned.
    assert same(_base(smithy, tokens=(("+1 Action", "Smithy"),)), _base(smithy))
    assert same(_base(smithy, exchanges=(ExchangeGene("Page", 1),),
                      calls=(CallGene("Royal Carriage", ("Smithy",)),)), _base(smithy))
    # A rule whose prerequisite is never owned; a rule an earlier rule of its card covers.
    assert same(_base(smithy, CardGene("Laboratory", ANY, 1, "mid", need="Lost Arts")),
                _base(smithy))
    assert same(_base(smithy, CardGene("Smithy", FIXED, 1, "mid")), _base(smithy))
    assert same(_base(CardGene("Laboratory", ANY, 1, "mid"),
                      CardGene("Laboratory", FIXED, 3, "mid", phase="turn_le", phase_n=9)),
                _base(CardGene("Laboratory", ANY, 1, "mid")))
    # "count(X) < count(Y)" with no Y ever owned never fires.
    assert same(_base(smithy, CardGene("Laboratory", REL, 0, "mid", ref="Lost City")),
                _base(smithy))
    # The "gold" slot is the "mid" slot when no Duchy rule stands between them.
    a = _base(smithy, duchy_mid=0)
    assert same(replace(a, cards=(replace(smithy, slot="gold"),)), a)
    assert not same(replace(a, cards=(replace(smithy, slot="gold"),), duchy_mid=6),
                    replace(a, duchy_mid=6))
    # Different bots stay different: the token matters once Lost Arts is bought, and so
    # does the order of two cards bought.
    arts = CardGene("Lost Arts", FIXED, 1, "early")
    assert not same(_base(smithy, arts, tokens=(("+1 Action", "Smithy"),)),
                    _base(smithy, arts, tokens=(("+1 Action", "Laboratory"),)))
    lab = CardGene("Laboratory", ANY, 1, "mid")
    assert not same(_base(smithy, lab), _base(lab, smithy))
    assert not same(_base(smithy, lab, play=("Smithy", "Laboratory")),
                    _base(smithy, lab, play=("Laboratory", "Smithy")))
    # The play order of cards never owned does not count...
    assert same(_base(smithy, play=("Lost City", "Laboratory")),
                _base(smithy, play=("Laboratory", "Lost City")))
    # ...unless the kingdom gives cards (an opponent's Messenger gains us a copy).
    k2 = Space.for_kingdom(K2, events=K2_EVENTS)
    hag = CardGene("Swamp Hag", FIXED, 1, "mid")
    assert k2.wild and k2.key(k2.fit(_base(hag, play=("Magpie", "Ratcatcher")))) != \
        k2.key(k2.fit(_base(hag, play=("Ratcatcher", "Magpie"))))


def test_a_search_races_each_bot_in_effect_once_and_is_reproducible(tmp_path):
    kw = dict(kingdom=list(K1), events=list(K1_EVENTS), against=["bmu"], budget=100_000,
              seed=4, population=8, keep=2, processes=1, progress=False, chart=False,
              first_deals=400)
    a = optimize(out=tmp_path / "a.toml", **kw)
    space = Space.from_dict(a.trace["settings"]["space"])
    genomes = {n: space.fit(Genome.from_dict(c["genome"]))
               for n, c in a.trace["candidates"].items()}
    raced = {r["candidate"] for r in a.trace["rungs"]}
    keys = [space.key(genomes[n]) for n in raced]
    assert len(keys) == len(set(keys)) == len(raced) > 8
    # The first generation races the archetypes: both Events on Smithy among them.
    labels = {c.get("label") for c in a.trace["candidates"].values()}
    assert {"start: bmu", "Seaway and Lost Arts on Smithy", "Seaway gaining Smithy",
            "Lost City/Smithy engine"} <= labels
    assert any(g.tokens for g in genomes.values()) and any(g.gains for g in genomes.values())
    b = optimize(out=tmp_path / "b.toml", **kw)
    assert a.trace["rungs"] == b.trace["rungs"] and a.heldout == b.heldout


# -- the space from the card table ----------------------------------------------------------

def test_for_kingdom_builds_the_genes_from_the_card_table():
    k1 = Space.for_kingdom(K1, events=K1_EVENTS)
    assert set(k1.cards) == set(K1) | set(K1_EVENTS)
    tokens = dict(k1.tokens)
    actions = {"Page", "Peasant", "Lost City", "Royal Carriage", "Distant Lands",
               "Bridge Troll", "Smithy", "Laboratory"}
    # Lost Arts moves +1 Action; Teacher (the end of Peasant's line) the four + tokens.
    assert set(tokens) == {"+1 Card", "+1 Action", "+1 Buy", "+$1"}
    assert set(tokens["+1 Action"]) == actions
    gains = dict(k1.gains)
    assert set(gains["Seaway"]) == {"Page", "Peasant", "Smithy"}       # Actions up to $4
    assert set(gains["Hero"]) == {"Coin of the Realm", "Relic", "Copper", "Silver", "Gold"}
    assert dict(k1.calls)["Royal Carriage"] and set(k1.exchanges) == {"Page", "Peasant"}
    assert not k1.chooses and not k1.trash_options and not k1.wild
    k2 = Space.for_kingdom(K2, events=K2_EVENTS)
    assert set(dict(k2.tokens)) == {"+$1", "+1 Card"}
    assert set(k2.chooses) == {"Amulet", "Messenger"} and k2.trash_options and k2.wild
    assert "Gold" in dict(k2.calls)["Duplicate"]
    fg = Space.for_kingdom(FIRST_GAME)
    assert fg.cards == FIRST_GAME and not fg.tokens
    assert set(dict(fg.gains)) == {"Workshop"} and fg.trash_options      # Remodel trashes
    # A space keeps its genes through its dict (a search's saved settings).
    assert Space.from_dict(json.loads(json.dumps(k2.to_dict()))) == k2


def test_archetypes_are_built_from_the_card_table():
    fg = Space.for_kingdom(FIRST_GAME)
    base = fg.fit(genome_from_bot(resolve_bot("bmu")))
    arche = dict(fg.archetypes(base))
    assert {"Smithy with Big Money", "Militia with Big Money", "Market with Big Money",
            "Village/Smithy engine", "Smithy 1 per 11 Treasures"} <= set(arche)
    engine = arche["Village/Smithy engine"]
    assert engine.bought_play_order()[:1] == ("Village",)
    on = {c.card: c for c in engine.cards if c.kind != OFF}
    assert on["Village"].kind == REL and on["Village"].ref == "Smithy"
    assert on["Smithy"].kind == REL and on["Smithy"].ref == "Village" and on["Smithy"].cap
    assert arche["Market with Big Money"].cards[0] == CardGene("Market", ANY, 1, "mid")
    k1 = Space.for_kingdom(K1, events=K1_EVENTS)
    arche = dict(k1.archetypes(k1.fit(genome_from_bot(resolve_bot("bmu")))))
    arts = arche["Lost Arts on Smithy"]
    assert dict(arts.tokens) == {"+1 Action": "Smithy"}
    assert CardGene("Smithy", FIXED, 4, "mid", need="Lost Arts") in arts.cards
    assert dict(arche["Seaway gaining Smithy"].gains) == {"Seaway": "Smithy"}
    assert "Coin of the Realm/Smithy engine" in arche      # its +2 Actions is card text
    # Without archetypes_on (a bare space) there are none.
    assert Space(cards=("Smithy",)).archetypes(Genome()) == []


def test_mutations_reach_every_gene_and_always_change_the_bot():
    space = Space.for_kingdom(KINGDOM_ALL, events=EVENTS_ALL)
    g = space.fit(_every_gene())
    rng = np.random.default_rng(3)
    touched = set()
    fields = ("province_money", "province_gold", "duchy_late", "estate_late", "duchy_mid",
              "cards", "play", "action_discard", "discard_list", "tokens", "gains", "calls",
              "exchanges", "chooses", "trash", "teacher")
    for _ in range(400):
        m = space.mutate(g, rng, steps=1)
        assert space.key(m) != space.key(g)
        touched |= {f for f in fields if getattr(m, f) != getattr(g, f)}
        m.bot("m")                          # every mutant is a valid bot
        g = m if rng.random() < 0.5 else g  # wander, but stay near the rich genome
    assert touched >= set(fields) - {"province_gold"}


def test_crossover_takes_each_group_of_genes_from_one_parent():
    space = Space.for_kingdom(K1, events=K1_EVENTS)
    a = space.fit(genome_from_bot(resolve_bot("lost-arts-seaway")))
    b = space.fit(genome_from_bot(resolve_bot("cotr-engine")))
    rng = np.random.default_rng(1)
    kids = [space.cross(a, b, rng) for _ in range(40)]
    for k in kids:
        for card in ("Smithy", "Laboratory", "Coin of the Realm"):
            mine = [c for c in k.cards if c.card == card]
            assert mine in ([c for c in a.cards if c.card == card],
                            [c for c in b.cards if c.card == card])
        assert k.duchy_mid in (a.duchy_mid, b.duchy_mid)
    assert len({space.key(k) for k in kids}) > 10


# -- searches -------------------------------------------------------------------------------

def test_on_a_toy_kingdom_the_search_finds_the_lost_arts_engine(tmp_path):
    """Money against an Event engine on K1: Lost Arts and Seaway put +1 Action and +1 Buy
    on the Smithy pile, and four Smithies then draw the deck (with one Laboratory this
    won 88% against Smithy-BM, 10,000 games).  A space of 24 bots (Smithies 0, 1 or 4;
    each Event or not; the +1 Action token's pile), searched whole from one Smithy with
    money: it must find the engine, and the engine must beat Smithy-BM widely."""
    space = Space(cards=("Smithy", "Lost Arts", "Seaway"), province_money=(15,),
                  province_gold=(0,), duchy_late=(4,), estate_late=(2,), duchy_mid=(6,),
                  card_counts=(1, 4), event_counts=(1,), card_kinds=(OFF, FIXED),
                  card_slots=("early",), action_discards=("last",),
                  tokens=(("+1 Action", ("Smithy",)),))
    start = tmp_path / "smithy-money.toml"
    start.write_text(Genome(province_money=15, cards=(CardGene("Smithy", FIXED, 1, "early"),))
                     .to_toml("smithy-money"))
    assert space.size() <= 24
    res = optimize(out=tmp_path / "engine.toml", start=[start], against=["smithy-bm"],
                   kingdom=list(K1), events=list(K1_EVENTS), budget=200_000, seed=2,
                   population=24, keep=4, space=space, processes=1, progress=False,
                   chart=False)
    genes = {c.card: c for c in res.genome.cards}
    assert genes["Lost Arts"].kind == genes["Seaway"].kind == FIXED
    assert genes["Smithy"] == CardGene("Smithy", FIXED, 4, "early")
    assert dict(res.genome.tokens) == {"+1 Action": "Smithy"}
    assert res.trace["stopped"] == "no new candidate left to try (space exhausted)"
    vs = {r["opponent"]: r for r in res.heldout}
    assert vs["smithy-bm"]["ci_low"] > 0.75


@pytest.mark.slow  # 3M games of the default space from Big Money (~1-2 min on 2 cores)
def test_from_big_money_the_search_finds_an_engine_that_beats_money(tmp_path):
    """The default space of K1's draw cards and its two Events, from BMU, against
    Smithy-BM: the search must find a deck whose Smithies stop being terminal (Lost
    Arts' +1 Action token on them), that buys several of them, and that beats Smithy-BM
    by a wide margin on fresh deals."""
    res = optimize(out=tmp_path / "engine.toml", start=["bmu"], against=["smithy-bm"],
                   kingdom=list(K1), events=list(K1_EVENTS),
                   cards=["Smithy", "Laboratory", "Lost City", "Lost Arts", "Seaway"],
                   budget=3_000_000, seed=7, processes=2, progress=False, chart=False)
    g = res.genome
    owned, events, _ = g.owned()
    assert "Lost Arts" in events and dict(g.tokens).get("+1 Action") == "Smithy"
    assert max(c.n for c in g.cards if c.card == "Smithy" and c.kind == FIXED) >= 3 or \
        any(c.card == "Smithy" and c.kind in (ANY, REL, RATIO) for c in g.cards)
    vs = {r["opponent"]: r for r in res.heldout}
    assert vs["smithy-bm"]["ci_low"] > 0.7


def test_a_saved_bot_replays_its_held_out_figures(tmp_path, capsys):
    out = tmp_path / "found.toml"
    rc = main(["optimize", "--out", str(out), "--kingdom", ",".join(K2), "--events",
               ",".join(K2_EVENTS), "--against", "event-money", "--start", "event-money",
               "--budget", "60000", "--population", "4", "--seed", "3", "--processes", "1",
               "--no-progress", "--first-deals", "400"])
    assert rc == 0, capsys.readouterr().err
    assert "# Events: Training, Pathfinding" in out.read_text()
    capsys.readouterr()
    rc = main(["optimize", "--out", str(out), "--replay", "--processes", "1"])
    text = capsys.readouterr().out
    assert rc == 0 and "the same figures as the search's trace" in text
    # The committed results keep their traces gzipped: the same replay.
    import gzip

    trace = tmp_path / "found.trace.json"
    (tmp_path / "found.trace.json.gz").write_bytes(gzip.compress(trace.read_bytes()))
    trace.unlink()
    rc = main(["optimize", "--out", str(out), "--replay", "--processes", "1"])
    assert rc == 0 and "the same figures" in capsys.readouterr().out
    # A bot file edited after the search does not replay them.
    body = out.read_text().replace('[[buy]]\ncard = "Province"',
                                   '[[buy]]\ncard = "Estate"\n\n[[buy]]\ncard = "Province"', 1)
    assert body != out.read_text()
    out.write_text(body)
    rc = main(["optimize", "--out", str(out), "--replay", "--processes", "1"])
    assert rc == 1 and "not the one the search measured" in capsys.readouterr().err


@pytest.mark.parametrize("argv,message", [
    (["--cards", "Lost Arts"], "Lost Arts, not in the kingdom"),
    (["--events", "Lost Arts", "--cards", "Seaway"], "Seaway, not in the kingdom"),
    (["--boards", "0"], "at least 1"),
    (["--boards", "2", "--start", "bmu"], "--start is for one kingdom"),
    (["--min-events", "1"], "--min-events is for --boards N"),
    (["--boards", "{d}/none.txt"], "cannot read the boards file"),
    (["--replay"], "cannot read the trace"),
])
def test_bad_input_is_one_line(tmp_path, capsys, argv, message):
    argv = [a.replace("{d}", str(tmp_path)) for a in argv]
    rc = main(["optimize", "--out", str(tmp_path / "o.toml"), *argv])
    err = capsys.readouterr().err
    assert rc != 0 and message in err and "Traceback" not in err


def test_a_boards_file_with_a_bad_line_names_the_line(tmp_path):
    from sim.optimize.report import read_boards

    f = tmp_path / "boards.txt"
    f.write_text("# two boards\n" + ", ".join(K1) + " | Lost Arts, Seaway\nSmithy, Moat\n")
    with pytest.raises(ConfigError, match="boards.txt:3: "):
        read_boards(f)
    f.write_text(", ".join(K1) + " | Lost Arts, Seaway\n" + ", ".join(FIRST_GAME) + "\n")
    boards = read_boards(f)
    assert [b.events for b in boards] == [K1_EVENTS[::-1], ()] or \
        [set(b.events) for b in boards] == [set(K1_EVENTS), set()]


def test_board_report_writes_a_row_per_board_and_continues(tmp_path):
    from sim.optimize.report import board_report, library_field, random_boards

    boards = random_boards(2, 9, min_events=1)
    assert all(b.events for b in boards) and boards == random_boards(2, 9, min_events=1)
    field = library_field(boards[0])
    assert {"bmu", "big-money"} <= set(field) and "random" not in field
    kw = dict(budget=40_000, seed=1, population=4, keep=1, processes=1, progress=False,
              against=["bmu", "big-money"], holdout=300, first_deals=300)
    res = board_report(tmp_path / "rep", boards, **kw)
    assert [r["board"] for r in res.rows] == ["board-01", "board-02"]
    for r in res.rows:
        assert 0 <= r["weakest_ci_low"] <= r["weakest_win_rate"] <= r["weakest_ci_high"] <= 1
        assert {v["opponent"] for v in r["vs"]} == {"bmu", "big-money"}
        assert load_bot_file(tmp_path / "rep" / r["bot"]).name == "best"
    text = res.markdown.read_text()
    assert "| [board-01](board-01/best.toml) |" in text and "40,000 games a board" in text
    assert res.chart.stat().st_size > 1000 and res.csv.read_text().startswith("board,kingdom")
    # Run again: every board's search is finished, nothing is played.
    again = board_report(tmp_path / "rep", boards, **kw)
    assert again.rows == res.rows


def test_any_legal_kingdom_with_events_gives_bots_that_play(tmp_path):
    """Random kingdoms of both sets with random Events: every archetype and mutant of
    the default space is a bot that compiles, reads back from its file, and plays."""
    from sim.runner import make_config

    rng = np.random.default_rng(11)
    for i in range(4):
        cfg = make_config(["bmu", "bmu"], games=2, seed=100 + i, kingdom="random:all",
                          events="random", max_events=2)
        space = Space.for_kingdom(cfg.kingdom, events=cfg.events)
        base = space.fit(genome_from_bot(resolve_bot("bmu")))
        genomes = [g for _, g in space.archetypes(base)]
        g = base
        for _ in range(25):
            g = space.mutate(g, rng)
            genomes.append(g)
        assert len({space.key(x) for x in genomes}) > 25
        for j, x in enumerate(genomes):
            text = x.to_toml(f"c{j}")
            assert programs_equal(loads_bot(text, "c.toml").program(), x.bot(f"c{j}").program())
        path = tmp_path / f"k{i}.toml"
        path.write_text(genomes[-1].to_toml(f"k{i}"))
        df = Match(str(path), "bmu", games=20, seed=i, kingdom=list(cfg.kingdom),
                   events=list(cfg.events), processes=1).play(progress=False).games
        assert len(df) == 20


def test_a_search_saved_whole_in_state_json_still_continues(tmp_path):
    """Searches saved before the JSON-lines files kept their genomes and rung records in
    state.json: such a state continues, to the same search as one never stopped."""
    from sim.optimize import OptimizeInterrupted

    kw = dict(against=["bmu"], cards=["Smithy"], budget=60_000, seed=3, population=4,
              keep=1, processes=1, progress=False, chart=False)
    whole = optimize(out=tmp_path / "a.toml", **kw)
    with pytest.raises(OptimizeInterrupted):
        optimize(out=tmp_path / "b.toml", _stop_after_rungs=3, **kw)
    folder = tmp_path / "b.search"
    state = json.loads((folder / "state.json").read_text())
    for k in ("genomes", "rungs"):
        lines = (folder / f"{k}.jsonl").read_text().splitlines()[:state.pop(f"n_{k}")]
        recs = [json.loads(x) for x in lines]
        state[k] = {r["name"]: r["genome"] for r in recs} if k == "genomes" else recs
        (folder / f"{k}.jsonl").unlink()
    (folder / "state.json").write_text(json.dumps(state, indent=1))
    resumed = optimize(out=tmp_path / "b.toml", **kw)
    assert resumed.trace["rungs"] == whole.trace["rungs"] and resumed.heldout == whole.heldout
