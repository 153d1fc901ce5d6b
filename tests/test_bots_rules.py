"""The rule language: conditions, the text parser, compilation and the bot registry.

These test what bots compile to, not how the engine plays them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import bots
from bots import library
from bots.conditions import Condition
from bots.errors import BotError, ConditionError, RuleError, UnknownBotError
from bots.rules import (
    Buy,
    Gain,
    Mine,
    Remodel,
    RuleBot,
    cards,
    coins,
    count,
    default_discard_order,
    default_play_order,
    gains_to_end,
    in_hand,
    left,
    money,
    opp_count,
    parse_condition,
    programs_equal,
    turn,
)
from sim import cards as C
from sim.engine import program as P

# --- conditions by operators ----------------------------------------------------------


def test_constant_comparison_row():
    c = money() > 15
    assert c.row() == (P.T_MONEY, 0, P.OP_GT, P.T_CONST, 15, 1, 0)


def test_term_over_number_row():
    c = count("Smithy") < count("Treasure") / 11
    assert c.row() == (P.T_OWN, C.SMITHY, P.OP_LT, P.T_OWN_TYPE, C.TREASURE, 11, 0)


def test_term_plus_and_minus():
    assert (count("Village") >= count("Smithy") + 1).row()[5:] == (1, 1)
    assert (count("Village") >= count("Smithy") - 2).row()[5:] == (1, -2)
    # (t + 2) / 4 == t / 4 + 0.5
    assert (cards() < (count("Copper") + 2) / 4).row()[5:] == (4, 0.5)


def test_reflected_comparisons_put_the_term_left():
    assert (5 < count("Gold")) == (count("Gold") > 5)
    assert (count("Treasure") / 11 > count("Smithy")) == (count("Smithy") < count("Treasure") / 11)


def test_type_names_count_types_and_cards_count_cards():
    assert count("Action").code == P.T_OWN_TYPE and count("Action").arg == C.ACTION
    assert count("attack").arg == C.ATTACK
    assert count("Curse").code == P.T_OWN_TYPE  # the type; same number as the card here
    assert count("council room").code == P.T_OWN and count("council room").arg == C.COUNCIL_ROOM


def test_terms_with_card_arguments():
    assert left("Province").code == P.T_SUPPLY and left("Province").arg == C.PROVINCE
    assert opp_count("Militia").code == P.T_OPP_OWN
    assert in_hand("Gold").code == P.T_HAND


def test_condition_is_not_a_bool():
    with pytest.raises(TypeError):
        bool(count("Gold") > 1)


def test_expr_on_the_left_of_a_number_is_an_error():
    with pytest.raises(ConditionError):
        _ = count("Gold") / 2 > 3


def test_bad_numbers():
    with pytest.raises(ConditionError):
        _ = count("Gold") > True
    with pytest.raises(ConditionError):
        _ = count("Gold") > float("inf")
    with pytest.raises(ConditionError):
        _ = count("Gold") < count("Silver") / 0


def test_unknown_card_in_term_names_it():
    with pytest.raises(ConditionError) as e:
        count("Smithee")
    assert e.value.word == "Smithee" and "Smithee" in str(e.value) and "Smithy" in str(e.value)


# --- the text parser ------------------------------------------------------------------

SAME = [
    ("count(Smithy) < count(Treasure) / 11", count("Smithy") < count("Treasure") / 11),
    ("money > 15", money() > 15),
    ("money() > 15", money() > 15),
    ("left(Province) <= 4", left("Province") <= 4),
    ("left( Council Room ) == 0", left("Council Room") == 0),
    ("left(\"Province\") != 2", left("Province") != 2),
    ("gains_to_end>=3", gains_to_end() >= 3),
    ("turn < 3.5", turn() < 3.5),
    ("coins >= -1", coins() >= -1),
    ("count(Village) < count(Smithy) + 1", count("Village") < count("Smithy") + 1),
    ("count(Village) < count(Smithy) / 2 - 1", count("Village") < count("Smithy") / 2 - 1),
    ("opp_count(Militia) > 0", opp_count("Militia") > 0),
    ("in_hand(Gold) >= cards / 10", in_hand("Gold") >= cards() / 10),
]


@pytest.mark.parametrize("text,expected", SAME)
def test_parse_matches_operators(text, expected):
    assert parse_condition(text) == expected


@pytest.mark.parametrize("text,expected", SAME)
def test_str_round_trips(text, expected):
    assert parse_condition(str(expected)) == expected


def test_canonical_text_is_kept():
    for text in ("count(Smithy) < count(Treasure) / 11", "left(Province) <= 4", "money > 15",
                 "count(Village) >= count(Smithy) - 1", "turn < 3.5"):
        assert str(parse_condition(text)) == text


def test_from_row_reads_back():
    c = count("Smithy") < count("Treasure") / 11 + 2
    assert Condition.from_row(np.array(c.row())) == c


@pytest.mark.parametrize("text,word", [
    ("monney > 3", "monney"),
    ("count(Smithee) < 2", "Smithee"),
    ("count(Smithy) = 2", "="),
    ("count(Smithy) => 2", "=>"),
    ("count(Smithy) < count(Gold) / x", "x"),
    ("count(Smithy) < 2 extra", "extra"),
    ("money(Gold) > 2", "Gold"),
    ("left > 2", "left"),
    ("left(Province > 2", "left"),
    ("count(Smithy) < count(Gold) / 0", "0"),
    ("> 2", ">"),
    ("count(Smithy) < count(Gold) * 2", "*"),
])
def test_parse_errors_name_the_word(text, word):
    with pytest.raises(ConditionError) as e:
        parse_condition(text)
    assert e.value.word is not None and word in e.value.word
    assert word in str(e.value)


def test_parse_refuses_non_text():
    with pytest.raises(ConditionError):
        parse_condition(3)


# --- compilation ----------------------------------------------------------------------


def small_bot(**kw) -> RuleBot:
    return RuleBot(
        "small", "test bot",
        buy=[Buy("Province", money() > 15),
             Buy("Smithy", count("Smithy") < count("Treasure") / 11, "turn <= 10")],
        gain=[Gain("Silver")],
        remodel=[Remodel("Estate", "Silver", left("Province") > 4)],
        mine=[Mine("Copper", "Silver")],
        play=["Smithy"], trash=["Estate"], cellar=["Estate", "Duchy"], **kw)


def test_small_bot_exact_arrays():
    p = small_bot().program()
    np.testing.assert_array_equal(
        p.rules, [[C.PROVINCE, -1], [C.SMITHY, -1], [C.SILVER, -1], [C.SILVER, C.ESTATE],
                  [C.SILVER, C.COPPER]])
    assert p.rules.dtype == np.int32
    np.testing.assert_array_equal(p.n_conds, [1, 2, 0, 1, 0])
    # The four Adventures lists (calls, exchange, transmogrify, choose) are empty.
    np.testing.assert_array_equal(p.list_bounds, [[0, 2], [2, 3], [3, 4], [4, 5],
                                                  [5, 5], [5, 5], [5, 5], [5, 5]])
    expected = np.zeros((5, P.MAX_CONDS, P.COND_WIDTH))
    expected[0, 0] = [P.T_MONEY, 0, P.OP_GT, P.T_CONST, 15, 1, 0]
    expected[1, 0] = [P.T_OWN, C.SMITHY, P.OP_LT, P.T_OWN_TYPE, C.TREASURE, 11, 0]
    expected[1, 1] = [P.T_TURN, 0, P.OP_LE, P.T_CONST, 10, 1, 0]
    expected[3, 0] = [P.T_SUPPLY, C.PROVINCE, P.OP_GT, P.T_CONST, 4, 1, 0]
    np.testing.assert_array_equal(p.conds, expected)
    play = np.full(C.N_CARDS, P.NEVER)
    play[C.SMITHY] = 0
    np.testing.assert_array_equal(p.play_rank, play)
    trash = np.full(C.N_CARDS, P.NEVER)
    trash[C.ESTATE] = 0
    np.testing.assert_array_equal(p.trash_rank, trash)
    cellar = np.zeros(C.N_CARDS)
    cellar[[C.ESTATE, C.DUCHY]] = 1
    np.testing.assert_array_equal(p.cellar_discard, cellar)
    np.testing.assert_array_equal(p.flags, [0, 1, 1, 1, P.K_RULES, 1, 0, 0, 0])
    np.testing.assert_array_equal(p.extra_ranks, P.no_extra_ranks())   # no Adventures lists
    p.validate()


def test_flags_follow_arguments():
    p = small_bot(avoid_losing_end=True, excess_terminals_first=False, reveal_moat=False,
                  mine_always=False).program()
    assert p.flags[P.F_AVOID_LOSING_END] == 1
    assert p.flags[P.F_EXCESS_TERMINALS] == 0
    assert p.flags[P.F_REVEAL_MOAT] == 0
    assert p.flags[P.F_MINE_ALWAYS] == 0
    assert p.flags[P.F_PLAY_TREASURES] == 1


def test_flags_must_be_bools():
    with pytest.raises(RuleError):
        RuleBot("x", avoid_losing_end=1)


def test_empty_bot_compiles():
    p = RuleBot("empty").program()
    assert p.rules.shape == (0, 2) and p.conds.shape == (0, P.MAX_CONDS, P.COND_WIDTH)
    np.testing.assert_array_equal(p.list_bounds, np.zeros((P.N_LISTS, 2)))
    from sim.engine.state import pack_programs

    packed, conds = pack_programs([p, small_bot().program()])
    assert packed.shape[0] == 2 and conds.shape[0] == 2


def test_plain_card_names_are_unconditional_buys():
    assert programs_equal(RuleBot("a", buy=["Gold", "Silver"]).program(),
                          RuleBot("a", buy=[Buy("Gold"), Buy("Silver")]).program())


def test_program_returns_a_copy():
    bot = small_bot()
    p = bot.program()
    p.rules[0, 0] = C.CURSE
    p.flags[:] = 7
    assert bot.program().rules[0, 0] == C.PROVINCE
    assert bot.program().flags[P.F_KIND] == P.K_RULES


def test_default_play_order():
    full = default_play_order()
    actions = [c.id for c in C.CARDS if c.is_type(C.ACTION)]
    assert sorted(full) == sorted(actions)
    # Throne Room and Disciple (they play a card twice), Champion (+1 Action for each
    # Action after it), then the deck-top setters; then non-terminals, then terminals.
    assert full[:5] == [C.THRONE_ROOM, C.DISCIPLE, C.CHAMPION, C.SENTRY, C.HARBINGER]
    order = full[5:]
    first_terminal = next(i for i, c in enumerate(order) if C.CARDS[c].actions == 0)
    assert all(C.CARDS[c].actions > 0 for c in order[:first_terminal])
    assert all(C.CARDS[c].actions == 0 for c in order[first_terminal:])
    # Among the base set's cards the order is the one base games have always used
    # (a game's play list keeps only its own cards, in this order).
    base = [c for c in order if C.CARDS[c].set == C.SET_BASE]
    assert base[:2] == [C.VILLAGE, C.FESTIVAL]
    base_non_terminals = [c for c in base if C.CARDS[c].actions > 0]
    assert base_non_terminals[-1] == C.CELLAR
    assert order[:2] == [C.LOST_CITY, C.PORT]          # +2 Actions, then most +Cards
    costs = [C.CARDS[c].cost for c in order[first_terminal:]]
    assert costs == sorted(costs, reverse=True)
    p = RuleBot("x").program()
    assert p.play_rank[C.VILLAGE] < p.play_rank[C.SMITHY]
    for c in C.CARDS:
        assert (p.play_rank[c.id] >= P.NEVER) == (not c.is_type(C.ACTION))


def test_default_discard_order():
    order = default_discard_order()
    assert sorted(order) == list(range(C.N_CARDS))
    # The cards that only score first (Intrigue's Duke too), then Copper.
    assert order[:7] == [C.CURSE, C.PROVINCE, C.DUCHY, C.ESTATE, C.GARDENS, C.DUKE, C.COPPER]
    costs = [C.CARDS[c].cost for c in order[7:]]
    assert costs == sorted(costs)
    np.testing.assert_array_equal(np.argsort(RuleBot("x").program().discard_rank), order)


def test_explicit_discard_list_goes_first_then_default():
    p = RuleBot("x", discard=library.REFERENCE_DISCARD).program()
    listed = [C.card_id(n) for n in library.REFERENCE_DISCARD]
    rest = [c for c in default_discard_order() if c not in listed]
    np.testing.assert_array_equal(np.argsort(p.discard_rank), listed + rest)


def test_default_trash_and_cellar():
    p = RuleBot("x").program()
    assert [p.trash_rank[c] for c in (C.CURSE, C.ESTATE, C.COPPER)] == [0, 1, 2]
    assert (p.trash_rank >= P.NEVER).sum() == C.N_CARDS - 3
    expected = {C.ESTATE, C.DUCHY, C.PROVINCE, C.CURSE, C.GARDENS, C.DUKE}
    assert set(np.flatnonzero(p.cellar_discard)) == expected


def test_too_many_conditions():
    conds = [count("Gold") > i for i in range(P.MAX_CONDS + 1)]
    Buy("Gold", *conds[:-1])
    with pytest.raises(RuleError) as e:
        Buy("Gold", *conds)
    assert str(P.MAX_CONDS) in str(e.value)


def test_too_many_rules():
    RuleBot("long", buy=[Buy("Silver", count("Gold") > i) for i in range(P.MAX_RULES)])
    with pytest.raises(RuleError) as e:
        RuleBot("too-long", buy=[Buy("Silver", count("Gold") > i)
                                 for i in range(P.MAX_RULES + 1)])
    assert "too-long" in str(e.value) and str(P.MAX_RULES) in str(e.value)


@pytest.mark.parametrize("make,word", [
    (lambda: Buy("Provnce"), "Provnce"),
    (lambda: Gain("Workshopp"), "Workshopp"),
    (lambda: Remodel("Estat", "Silver"), "Estat"),
    (lambda: Remodel("Copper", "Gold"), "Gold"),
    (lambda: Mine("Copper", "Duchy"), "Duchy"),
    (lambda: Mine("Copper", "Gold"), "Gold"),
    (lambda: RuleBot("x", play=["Smithy", "Gold"]), "Gold"),
    (lambda: RuleBot("x", play=["Smithy", "smithy"]), "smithy"),
    (lambda: RuleBot("x", discard=["Coppper"]), "Coppper"),
    (lambda: RuleBot("x", trash="Estate"), "Estate"),
    (lambda: RuleBot("Big Money"), "Big Money"),
    (lambda: RuleBot("-x"), "-x"),
    (lambda: RuleBot("x", buy=[Gain("Gold")]), None),
    (lambda: RuleBot("x", buy=[Buy("Gold", count("Gold"))]), None),
])
def test_definition_errors_name_the_word(make, word):
    with pytest.raises(BotError) as e:
        make()
    if word is not None:
        assert e.value.word == word and word in str(e.value)


def test_unknown_card_error_lists_known_cards():
    with pytest.raises(RuleError) as e:
        Buy("Provnce")
    assert "Provnce" in str(e.value) and "Province" in str(e.value)


# --- library --------------------------------------------------------------------------


def test_library_bots_compile_with_unique_valid_names():
    names = [b.name for b in library.BOTS]
    assert len(names) == len(set(names))
    for b in library.BOTS:
        assert b.description
        b.program().validate()


def test_every_base_kingdom_card_has_a_bot_buying_it():
    # (The Adventures bots are the library's next addition: issue 11.)
    bought = {int(c) for b in library.BOTS for c in b.program().rules[:, 0]}
    missing = [C.CARDS[c].name for c in C.BASE_KINGDOM if c not in bought]
    assert not missing


def test_reference_bots_share_flags_and_discard_order():
    listed = [C.card_id(n) for n in
              ("Province", "Duchy", "Estate", "Curse", "Copper", "Silver")]
    for b in library.REFERENCE_BOTS:
        p = b.program()
        assert p.flags[P.F_AVOID_LOSING_END] == 1 and p.flags[P.F_EXCESS_TERMINALS] == 1
        assert list(np.argsort(p.discard_rank)[:6]) == listed


def test_reference_bot_rules_read_as_specified():
    assert [str(r) for r in bots.get_bot("smithy-bm").rules()] == [
        "Buy Province if money > 15",
        "Buy Duchy if left(Province) <= 4",
        "Buy Estate if left(Province) <= 2",
        "Buy Gold",
        "Buy Duchy if left(Province) <= 6",
        "Buy Smithy if count(Smithy) < count(Treasure) / 11",
        "Buy Silver",
    ]
    assert [str(r) for r in bots.get_bot("double-militia").rules()] == [
        "Buy Province",
        "Buy Duchy if gains_to_end <= 5",
        "Buy Militia if count(Militia) < 2",
        "Buy Estate if gains_to_end <= 2",
        "Buy Gold",
        "Buy Silver",
        "Buy Copper if gains_to_end <= 3",
    ]


def test_random_bot_kind():
    p = bots.get_bot("random").program()
    p.validate()
    assert p.flags[P.F_KIND] == P.K_RANDOM and len(p.rules) == 0


# --- registry -------------------------------------------------------------------------


@pytest.fixture
def registry():
    bots._ensure_builtins()
    saved = dict(bots._REGISTRY)
    yield bots
    bots._REGISTRY.clear()
    bots._REGISTRY.update(saved)


def test_get_bot_and_list(registry):
    assert registry.get_bot("smithy-bm") is library.SMITHY_BM
    assert registry.get_bot(" BMU ") is library.BMU
    assert {"big-money", "bmu", "smithy-bm", "militia-bm", "double-militia", "random"} <= set(
        registry.bot_names())
    assert [b.name for b in registry.list_bots()] == registry.bot_names()


def test_unknown_bot_lists_known_names(registry):
    with pytest.raises(UnknownBotError) as e:
        registry.get_bot("smity-bm")
    assert "smity-bm" in str(e.value) and "smithy-bm" in str(e.value)
    assert isinstance(e.value, ValueError)
    with pytest.raises(UnknownBotError):
        registry.resolve_bot("no-such-bot")


def test_register(registry):
    bot = RuleBot("my-bot", "mine", buy=["Gold"])
    registry.register(bot)
    assert registry.get_bot("my-bot") is bot and registry.resolve_bot("my-bot") is bot
    with pytest.raises(BotError):
        registry.register(RuleBot("my-bot", buy=["Silver"]))
    other = RuleBot("my-bot", buy=["Silver"])
    registry.register(other, replace=True)
    assert registry.get_bot("my-bot") is other
    with pytest.raises(BotError):
        registry.register(object())


def test_resolve_bot_path_and_object(registry, tmp_path):
    f = tmp_path / "mine.toml"
    f.write_text('name = "file-bot"\n[[buy]]\ncard = "Gold"\n')
    assert registry.resolve_bot(str(f)).name == "file-bot"
    assert registry.resolve_bot(f).name == "file-bot"
    assert "file-bot" not in registry.bot_names()
    assert registry.resolve_bot(library.BMU) is library.BMU
    with pytest.raises(bots.BotFileError):
        registry.resolve_bot(str(tmp_path / "missing.toml"))


def test_import_bots_does_not_import_numba():
    code = "import sys, bots; assert 'numba' not in sys.modules, 'numba imported'"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[1])
