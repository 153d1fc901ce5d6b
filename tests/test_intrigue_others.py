"""Intrigue's cards that reach the other players (sim.engine.intrigue.others and
Diplomat's Reaction in sim.engine.adventures.mechanics.attacked_adv): Torturer, Minion,
Swindler, Replace, Masquerade, Diplomat.

Each ruling of INTRIGUE.md §3 for these cards (and the Official FAQ rulings gathered in
the Intrigue FAQ notes, cited by their wiki page or the rulebook's FAQ text, [RB]) is one
scenario: every zone empty, the cards the test needs, one real turn, the exact outcome.
Then the cards in whole games: random and rule bots keep every invariant; random agents at
every seat meet every question of the cards, and each turn stopped at a question equals the
turn replayed, with the engine taking exactly the masked answers.
"""

from __future__ import annotations

import numpy as np
import pytest

from sim.cards import ACTION, CARDS, N_CARDS, card_id
from sim.engine import codes
from sim.engine.gamelog import HIDDEN, seen_by
from sim.engine.intrigue.others import (
    D_DIPLOMAT_DISCARD,
    D_DIPLOMAT_REVEAL,
    D_MASQUERADE_PASS,
    D_MASQUERADE_TRASH,
    D_MINION_MODE,
    D_REPLACE_GAIN,
    D_REPLACE_TRASH,
    D_SWINDLER_GAIN,
    D_TORTURER_MODE,
)
from tests.conftest import Scripted, events, log_rows, nobuy

K = ["Torturer", "Minion", "Swindler", "Replace", "Masquerade", "Diplomat", "Moat",
     "Caravan Guard", "Militia", "Harem"]
MY_DECISIONS = (D_MASQUERADE_PASS, D_MASQUERADE_TRASH, D_MINION_MODE, D_REPLACE_GAIN,
                D_REPLACE_TRASH, D_SWINDLER_GAIN, D_TORTURER_MODE, D_DIPLOMAT_REVEAL,
                D_DIPLOMAT_DISCARD)


def me(play, **script):
    """The player on turn: plays ``play`` (in order), buys nothing."""
    return Scripted("me", play_action=list(play) + [None], **script)


def them(name="them", **script):
    return Scripted(name, **script)


def played(sc) -> list[str]:
    """The Actions player 0 played, in order."""
    return [name for _p, name, _k, _x in events(sc, codes.EV_PLAY, 0)
            if CARDS[card_id(name)].is_type(ACTION)]


def total(counts: dict) -> int:
    return sum(counts.values())


# ----------------------------------------------------------------------------- Torturer
def test_torturer_victim_may_discard_two(scenario):
    """Torturer: +3 Cards; the other player chooses to discard 2 cards (INTRIGUE.md §3)."""
    t = them(torturer_mode=[0], attack_discard=["Estate", "Copper"])
    sc = scenario([me(["Torturer"]), t], kingdom=K)
    sc.set_hand(0, ["Torturer"]).set_deck(0, ["Copper"] * 3)
    sc.set_hand(1, ["Estate", "Copper", "Silver", "Gold", "Gold"])
    sc.play_turn(0)
    assert sc.hand(1) == {"Silver": 1, "Gold": 2}
    assert sc.discard(1) == {"Estate": 1, "Copper": 1}
    assert [v.arg for v in t.asked("attack_discard")] == [2, 1]
    assert sc.supply("Curse") == 10


def test_torturer_curse_goes_to_the_hand(scenario):
    """The Curse option: the Curse is gained to the victim's hand (INTRIGUE.md §3)."""
    t = them(torturer_mode=[1])
    sc = scenario([me(["Torturer"]), t], kingdom=K)
    sc.set_hand(0, ["Torturer"])
    sc.set_hand(1, ["Silver", "Gold"])
    sc.play_turn(0)
    assert sc.hand(1) == {"Silver": 1, "Gold": 1, "Curse": 1}
    assert sc.supply("Curse") == 9 and t.asked("attack_discard") == []
    assert events(sc, codes.EV_GAIN, 1) == [(1, "Curse", 1, 1)]     # extra 1: to hand


def test_torturer_options_that_do_nothing_may_be_chosen(scenario):
    """Either option may be picked when it can do (almost) nothing: the Curse with none
    left does nothing; discarding with 1 card discards that card ([RB] Torturer FAQ,
    INTRIGUE.md §3)."""
    a, b = them("a", torturer_mode=[1]), them("b", torturer_mode=[0])
    sc = scenario([me(["Torturer"]), a, b], kingdom=K, n_players=3)
    sc.set_supply("Curse", 0)
    sc.set_hand(0, ["Torturer"])
    sc.set_hand(1, ["Gold", "Gold"])
    sc.set_hand(2, ["Silver"])
    sc.play_turn(0)
    assert sc.hand(1) == {"Gold": 2} and sc.owned(1) == {"Gold": 2}
    assert sc.hand(2) == {} and sc.discard(2) == {"Silver": 1}
    assert [v.arg for v in b.asked("attack_discard")] == [1]


def test_torturer_players_choose_and_suffer_in_turn_order(scenario):
    """Each player in turn order from the attacker's left chooses, then suffers it, before
    the next chooses: the last Curse goes to the first player who takes it ([RB])."""
    a, b = them("a", torturer_mode=[1]), them("b", torturer_mode=[1])
    sc = scenario([me(["Torturer"]), a, b], kingdom=K, n_players=3)
    sc.set_supply("Curse", 1)
    sc.set_hand(0, ["Torturer"])
    sc.set_hand(1, ["Gold"])
    sc.set_hand(2, ["Gold"])
    sc.play_turn(0)
    assert sc.hand(1) == {"Gold": 1, "Curse": 1} and sc.hand(2) == {"Gold": 1}
    assert b.asked("torturer_mode")[0].hand == {"Gold": 1}   # asked after a's Curse


def test_torturer_is_blocked_by_moat(scenario):
    """An Attack: a revealed Moat keeps it off its holder (asked nothing more)."""
    t = them(reveal_moat=[True])
    sc = scenario([me(["Torturer"]), t], kingdom=K)
    sc.set_hand(0, ["Torturer"])
    sc.set_hand(1, ["Moat", "Gold"])
    sc.play_turn(0)
    assert t.methods().count("torturer_mode") == 0 and sc.hand(1) == {"Moat": 1, "Gold": 1}


def test_torturer_rule_default(scenario):
    """The rule bot's default (DEF_TORTURER): discard 2 from a hand of 5 (it keeps its
    buy); a hand of 3 good cards takes the Curse; with no Curse left, the Curse (free)."""
    for hand, curses, hand_after in (
            (["Gold", "Gold", "Gold", "Gold", "Gold"], 10, 3),
            (["Gold", "Gold", "Gold"], 10, 4),
            (["Estate", "Estate", "Gold"], 10, 1),
            (["Gold", "Gold", "Gold", "Gold", "Gold"], 0, 5)):
        sc = scenario([me(["Torturer"]), nobuy()], kingdom=K)
        sc.set_supply("Curse", curses)
        sc.set_hand(0, ["Torturer"])
        sc.set_hand(1, hand)
        sc.play_turn(0)
        assert total(sc.hand(1)) == hand_after, (hand, curses, sc.hand(1))


# ----------------------------------------------------------------------------- Minion
def test_minion_coins_option(scenario):
    """Minion: +1 Action, then +$2 (the first option): nobody is attacked."""
    m = me(["Minion"], minion_mode=[0])
    sc = scenario([m, them()], kingdom=K)
    sc.set_hand(0, ["Minion", "Copper"])
    sc.set_hand(1, ["Gold"] * 5)
    assert sc.play_turn(0) == 3
    assert sc.hand(1) == {"Gold": 5}


def test_minion_attack_discards_and_draws_four_for_hands_of_five(scenario):
    """The second option: discard your hand, +4 Cards; each other player with at least 5
    cards in hand discards it and draws 4; one with 4 or fewer is not affected
    (INTRIGUE.md §3)."""
    m = me(["Minion"], minion_mode=[1])
    sc = scenario([m, them("a"), them("b")], kingdom=K, n_players=3)
    sc.set_hand(0, ["Minion", "Estate", "Estate"])
    sc.set_deck(0, ["Silver"] * 4)
    sc.set_hand(1, ["Estate"] * 5)
    sc.set_deck(1, ["Gold"] * 4)
    sc.set_hand(2, ["Estate"] * 4)
    sc.set_deck(2, ["Gold"] * 4)
    assert sc.play_turn(0) == 8
    assert sc.discard(1)["Estate"] == 5 or sc.owned(1)["Estate"] == 5
    assert sc.owned(1) == {"Estate": 5, "Gold": 4}
    assert events(sc, codes.EV_DISCARD, 2) == []      # 4 cards: unaffected


def test_minion_attack_draws_four_from_an_empty_hand(scenario):
    """Choosing the attack with no other card in hand still draws 4 (wiki Minion FAQ)."""
    m = me(["Minion"], minion_mode=[1])
    sc = scenario([m, them()], kingdom=K)
    sc.set_hand(0, ["Minion"])
    sc.set_deck(0, ["Copper"] * 5)
    assert sc.play_turn(0) == 4


def test_minion_reactions_come_before_the_choice(scenario):
    """Players reveal Moat when Minion is played, before its player chooses, even when
    the +$2 is then chosen; a Moated player is not affected by the attack (wiki Minion
    Official FAQ; INTRIGUE.md §3)."""
    m = me(["Minion"], minion_mode=[1])
    t = them(reveal_moat=[True])
    sc = scenario([m, t], kingdom=K)
    sc.set_hand(0, ["Minion"])
    sc.set_deck(0, ["Copper"] * 4)
    sc.set_hand(1, ["Moat", "Gold", "Gold", "Gold", "Gold"])
    sc.play_turn(0)
    assert sc.hand(1) == {"Moat": 1, "Gold": 4}
    assert t.asked("reveal_moat") and m.asked("minion_mode")
    m2 = me(["Minion"], minion_mode=[0])
    t2 = them(reveal_moat=[False])
    sc = scenario([m2, t2], kingdom=K)
    sc.set_hand(0, ["Minion"])
    sc.set_hand(1, ["Moat", "Gold", "Gold", "Gold", "Gold"])
    sc.play_turn(0)
    assert len(t2.asked("reveal_moat")) == 1 and sc.hand(1) == {"Moat": 1, "Gold": 4}


def test_minion_a_diplomat_revealed_first_can_make_a_hand_too_small(scenario):
    """Diplomat is revealed when Minion is played: from 5 cards it leaves 4, and the
    attack then skips that player (wiki Minion Official FAQ)."""
    m = me(["Minion"], minion_mode=[1])
    t = them(diplomat_reveal=[True], diplomat_discard=["Estate", "Estate", "Estate"])
    sc = scenario([m, t], kingdom=K)
    sc.set_hand(0, ["Minion"])
    sc.set_deck(0, ["Copper"] * 4)
    sc.set_hand(1, ["Diplomat", "Estate", "Estate", "Estate", "Gold"])
    sc.set_deck(1, ["Gold", "Gold", "Silver", "Silver", "Silver", "Silver"])
    sc.play_turn(0)
    assert sc.hand(1) == {"Diplomat": 1, "Gold": 3}


# ----------------------------------------------------------------------------- Swindler
def test_swindler_trashes_the_top_card_and_gives_one_of_the_same_cost(scenario):
    """Swindler: +$2; the other player trashes their top card and gains a card costing
    the same that the attacker chooses, from any pile including the trashed card's own
    (INTRIGUE.md §3)."""
    m = me(["Swindler"], swindler_gain=["Masquerade"])
    sc = scenario([m, them()], kingdom=K)
    sc.set_hand(0, ["Swindler"])
    sc.set_deck(1, ["Silver", "Gold"])
    assert sc.play_turn(0) == 2
    assert sc.trash() == {"Silver": 1}
    assert sc.owned(1) == {"Gold": 1, "Masquerade": 1} and sc.discard(1) == {"Masquerade": 1}
    assert m.asked("swindler_gain")[0].arg == 3
    m = me(["Swindler"], swindler_gain=["Silver"])
    sc = scenario([m, them()], kingdom=K)
    sc.set_hand(0, ["Swindler"])
    sc.set_deck(1, ["Silver"])
    sc.play_turn(0)
    assert sc.owned(1) == {"Silver": 1}


def test_swindler_a_trashed_curse_may_become_a_curse(scenario):
    """A trashed $0 card (Curse, Copper) lets the attacker give a Curse ([RB], §3)."""
    m = me(["Swindler"], swindler_gain=["Curse"])
    sc = scenario([m, them()], kingdom=K)
    sc.set_hand(0, ["Swindler"])
    sc.set_deck(1, ["Copper"])
    sc.play_turn(0)
    assert sc.owned(1) == {"Curse": 1} and sc.trash() == {"Copper": 1}


def test_swindler_shuffles_and_a_player_with_no_cards_is_skipped(scenario):
    """An empty deck shuffles first; a player with no card at all trashes and gains
    nothing (INTRIGUE.md §3)."""
    m = me(["Swindler"], swindler_gain=["Duchy"])
    sc = scenario([m, them("a"), them("b")], kingdom=K, n_players=3)
    sc.set_hand(0, ["Swindler"])
    sc.set_discard(1, ["Duchy"])
    sc.play_turn(0)
    assert sc.trash() == {"Duchy": 1} and sc.owned(1) == {"Duchy": 1}
    assert sc.owned(2) == {} and len(m.asked("swindler_gain")) == 1


def test_swindler_without_a_card_at_that_cost_gains_nothing(scenario):
    """If no Supply card costs the same, nothing is gained and nothing is asked ([RB])."""
    m = me(["Swindler"])
    sc = scenario([m, them()], kingdom=K)
    sc.set_supply("Gold", 0).set_supply("Harem", 0)
    sc.set_hand(0, ["Swindler"])
    sc.set_deck(1, ["Gold"])
    sc.play_turn(0)
    assert sc.trash() == {"Gold": 1} and sc.owned(1) == {}
    assert m.asked("swindler_gain") == []


def test_swindler_moat_blocks_revealing_and_trashing(scenario):
    """A player who reveals Moat does not reveal, trash or gain ([RB])."""
    m = me(["Swindler"])
    sc = scenario([m, them(reveal_moat=[True])], kingdom=K)
    sc.set_hand(0, ["Swindler"])
    sc.set_hand(1, ["Moat"])
    sc.set_deck(1, ["Gold"])
    sc.play_turn(0)
    assert sc.trash() == {} and sc.deck(1) == ["Gold"]


def test_swindler_compares_costs_after_reductions(scenario):
    """"The same cost" is the cost now: with the attacker's Bridge Troll in play (-$1),
    a trashed Gold costs $5 and so does Harem, which may be given (INTRIGUE.md §3
    General)."""
    k = [c for c in K if c != "Militia"] + ["Bridge Troll"]
    m = me(["Swindler"], swindler_gain=["Harem"])
    sc = scenario([m, them()], kingdom=k)
    sc.set_hand(0, ["Swindler"]).set_in_play(0, ["Bridge Troll"])
    sc.set_deck(1, ["Gold"])
    sc.play_turn(0)
    assert m.asked("swindler_gain")[0].arg == 5 and sc.owned(1) == {"Harem": 1}


def test_swindler_rule_default_gives_the_worst_card(scenario):
    """DEF_WORST_AT_COST: a Curse for $0, a Victory card for $2 (Estate), Duchy for $5."""
    for top, given in (("Copper", "Curse"), ("Estate", "Estate"), ("Duchy", "Duchy"),
                       ("Gold", "Harem")):
        sc = scenario([me(["Swindler"]), them()], kingdom=K)
        sc.set_hand(0, ["Swindler"])
        sc.set_deck(1, [top])
        sc.play_turn(0)
        assert sc.owned(1) == {given: 1}, (top, sc.owned(1))


# ----------------------------------------------------------------------------- Replace
def test_replace_an_action_or_treasure_goes_onto_the_deck(scenario):
    """Replace: trash a card, gain one costing up to $2 more; an Action or Treasure goes
    onto the deck, and nobody gets a Curse (INTRIGUE.md §3)."""
    m = me(["Replace"], replace_trash=["Estate"], replace_gain=["Silver"])
    sc = scenario([m, them()], kingdom=K)
    sc.set_hand(0, ["Replace", "Estate"])
    sc.play_turn(0)
    assert m.asked("replace_gain")[0].arg == 4
    assert sc.trash() == {"Estate": 1} and sc.owned(1) == {}
    assert sc.owned(0) == {"Replace": 1, "Silver": 1}
    assert events(sc, codes.EV_TOPDECK, 0) == [(0, "Silver", 1, card_id("Replace"))]


def test_replace_a_victory_card_curses_the_others_but_not_a_moat_holder(scenario):
    """A gained Victory card gives each other player a Curse; Moat, revealed when Replace
    is played, keeps it off its holder (INTRIGUE.md §3; wiki Replace FAQ: reactions come
    at play, before the trash)."""
    m = me(["Replace"], replace_trash=["Gold"], replace_gain=["Province"])
    a, b = them("a", reveal_moat=[True]), them("b")
    sc = scenario([m, a, b], kingdom=K, n_players=3)
    sc.set_hand(0, ["Replace", "Gold"])
    sc.set_hand(1, ["Moat"])
    sc.play_turn(0)
    assert sc.owned(1) == {"Moat": 1} and sc.owned(2) == {"Curse": 1}
    assert sc.owned(0) == {"Replace": 1, "Province": 1}
    assert events(sc, codes.EV_TOPDECK, 0) == []
    rows = log_rows(sc)
    reveal = [i for i, r in enumerate(rows) if r[0] == codes.EV_REVEAL]
    trash = [i for i, r in enumerate(rows) if r[0] == codes.EV_TRASH]
    assert reveal and trash and reveal[0] < trash[0]


def test_replace_harem_goes_onto_the_deck_and_curses(scenario):
    """Harem is a Treasure and a Victory card: onto the deck, and each other player gains
    a Curse (INTRIGUE.md §3; wiki Replace FAQ)."""
    m = me(["Replace"], replace_trash=["Gold"], replace_gain=["Harem"])
    sc = scenario([m, them()], kingdom=K)
    sc.set_hand(0, ["Replace", "Gold"])
    sc.play_turn(0)
    assert sc.owned(1) == {"Curse": 1}
    assert events(sc, codes.EV_TOPDECK, 0) == [(0, "Harem", 1, card_id("Replace"))]


def test_replace_with_an_empty_hand_does_nothing(scenario):
    """Trashing is mandatory only with a card in hand: an empty hand trashes and gains
    nothing (the Moat window still opened: the Attack was played)."""
    m = me(["Replace"])
    t = them(reveal_moat=[False])
    sc = scenario([m, t], kingdom=K)
    sc.set_hand(0, ["Replace"])
    sc.set_hand(1, ["Moat"])
    sc.play_turn(0)
    assert sc.trash() == {} and m.asked("replace_trash") == [] and t.asked("reveal_moat")


# ----------------------------------------------------------------------------- Masquerade
def test_masquerade_everyone_passes_left_at_once_then_optional_trash(scenario):
    """+2 Cards; each player with cards passes one to the next such player to the left,
    all chosen first, then moved at once; then the player may trash (INTRIGUE.md §3).
    Passing is not gaining: ownership moves, no gain is logged."""
    m = me(["Masquerade"], masquerade_pass=["Estate"], masquerade_trash=["Curse"])
    a, b = them("a", masquerade_pass=["Copper"]), them("b", masquerade_pass=["Curse"])
    sc = scenario([m, a, b], kingdom=K, n_players=3)
    sc.set_hand(0, ["Masquerade", "Estate"]).set_deck(0, ["Silver", "Silver"])
    sc.set_hand(1, ["Copper", "Gold"])
    sc.set_hand(2, ["Curse", "Duchy"])
    sc.play_turn(0)
    # b chose before receiving a's Copper
    assert b.asked("masquerade_pass")[0].hand == {"Curse": 1, "Duchy": 1}
    assert sc.owned(1) == {"Gold": 1, "Estate": 1}
    assert sc.owned(2) == {"Duchy": 1, "Copper": 1}
    assert sc.trash() == {"Curse": 1}
    assert sc.owned(0) == {"Masquerade": 1, "Silver": 2}
    assert events(sc, codes.EV_GAIN) == []


def test_masquerade_skips_players_without_cards(scenario):
    """A player with no cards in hand neither passes nor receives (INTRIGUE.md §3)."""
    m = me(["Masquerade"], masquerade_pass=["Estate"], masquerade_trash=[None])
    a, b = them("a"), them("b", masquerade_pass=["Gold"])
    sc = scenario([m, a, b], kingdom=K, n_players=3)
    sc.set_hand(0, ["Masquerade", "Estate"])
    sc.set_hand(2, ["Gold"])
    sc.play_turn(0)
    assert a.asked("masquerade_pass") == [] and sc.owned(1) == {}
    assert sc.owned(2) == {"Estate": 1} and sc.owned(0) == {"Masquerade": 1, "Gold": 1}


def test_masquerade_a_lone_player_with_cards_passes_to_themselves(scenario):
    """With only one player holding cards, that player passes to themselves (wiki
    Masquerade "Other rules"; INTRIGUE.md §3)."""
    m = me(["Masquerade"], masquerade_pass=["Estate"], masquerade_trash=[None])
    sc = scenario([m, them()], kingdom=K)
    sc.set_hand(0, ["Masquerade", "Estate"])
    sc.play_turn(0)
    assert sc.owned(0) == {"Masquerade": 1, "Estate": 1} and sc.owned(1) == {}
    assert events(sc, codes.EV_PASS) == [(0, "Estate", 1, 0)]


def test_masquerade_is_no_attack_and_hides_the_passed_card(scenario):
    """Not an Attack: Moat is not asked.  A passed card is seen only by its giver and
    receiver ([RB]; wiki Pass): the third player's view of the log hides it."""
    m = me(["Masquerade"], masquerade_pass=["Estate"], masquerade_trash=[None])
    a = them("a", masquerade_pass=["Moat"])
    b = them("b", masquerade_pass=["Gold"])
    sc = scenario([m, a, b], kingdom=K, n_players=3)
    sc.set_hand(0, ["Masquerade", "Estate"])
    sc.set_hand(1, ["Moat"])
    sc.set_hand(2, ["Gold"])
    sc.play_turn(0)
    assert a.asked("reveal_moat") == []
    rows = [r for r in log_rows(sc) if r[0] == codes.EV_PASS]
    assert len(rows) == 3
    for seat in range(3):
        for r in seen_by(rows, seat).tolist():
            visible = seat in (r[2], r[5])
            assert (r[3] != HIDDEN) == visible, (seat, r)


def test_masquerade_rule_default_passes_junk_and_trashes_junk(scenario):
    """Defaults: pass the card it would trash first (a Curse before a Copper), trash
    junk if any."""
    sc = scenario([me(["Masquerade"]), nobuy()], kingdom=K)
    sc.set_hand(0, ["Masquerade", "Curse", "Gold"])
    sc.set_hand(1, ["Copper", "Gold"])
    sc.play_turn(0)
    assert sc.owned(1) == {"Gold": 1, "Curse": 1}
    assert sc.trash() == {"Copper": 1} and sc.owned(0) == {"Masquerade": 1, "Gold": 1}


# ----------------------------------------------------------------------------- Diplomat
def test_diplomat_counts_the_hand_after_drawing(scenario):
    """+2 Cards, then +2 Actions only with 5 or fewer cards in hand after drawing: from a
    hand of 5 (4 left + 2 = 6) no Actions; from 4 (3 + 2 = 5) +2 Actions (§3)."""
    m = me(["Diplomat", "Village"])
    sc = scenario([m, them()], kingdom=K[:-1] + ["Village"])
    sc.set_hand(0, ["Diplomat", "Village", "Copper", "Copper", "Copper"])
    sc.set_deck(0, ["Copper", "Copper"])
    sc.play_turn(0)
    assert played(sc) == ["Diplomat"]
    m = me(["Diplomat", "Village"])
    sc = scenario([m, them()], kingdom=K[:-1] + ["Village"])
    sc.set_hand(0, ["Diplomat", "Village", "Copper", "Copper"])
    sc.set_deck(0, ["Copper", "Copper"])
    sc.play_turn(0)
    assert played(sc) == ["Diplomat", "Village"]


def test_diplomat_reacts_to_an_attack_drawing_2_then_discarding_3(scenario):
    """Revealed from a hand of 5+, before the Attack resolves: draw 2, then discard 3 (it
    may discard itself); then Militia (§3; wiki Diplomat)."""
    t = them(diplomat_reveal=[True, False], diplomat_discard=["Estate", "Estate", "Diplomat"],
             attack_discard=["Copper"])
    sc = scenario([me(["Militia"]), t], kingdom=K)
    sc.set_hand(0, ["Militia"])
    sc.set_hand(1, ["Diplomat", "Estate", "Estate", "Gold", "Copper"])
    sc.set_deck(1, ["Gold", "Gold"])
    sc.play_turn(0)
    assert [v.arg for v in t.asked("diplomat_discard")] == [3, 2, 1]
    assert sc.hand(1) == {"Gold": 3}
    assert sc.discard(1) == {"Estate": 2, "Diplomat": 1, "Copper": 1}
    assert events(sc, codes.EV_REVEAL_CARD, 1) == [(1, "Diplomat", 1, 1)]


def test_diplomat_may_be_revealed_again_and_a_moat_drawn_may_follow(scenario):
    """While the hand still holds 5+ cards and the Diplomat it may be revealed again;
    Moat may be revealed after, even one just drawn (INTRIGUE.md §3, wiki Diplomat)."""
    t = them(diplomat_reveal=[True, True], reveal_moat=[True],
             diplomat_discard=["Estate", "Estate", "Estate", "Copper", "Copper", "Copper"])
    sc = scenario([me(["Witch"]), t], kingdom=K[:-1] + ["Witch"])
    sc.set_hand(0, ["Witch"])
    sc.set_hand(1, ["Diplomat", "Estate", "Estate", "Estate", "Copper", "Copper"])
    sc.set_deck(1, ["Copper", "Gold", "Moat", "Gold"])
    sc.play_turn(0)
    assert len(t.asked("diplomat_reveal")) == 2 and len(t.asked("diplomat_discard")) == 6
    assert sc.owned(1).get("Curse", 0) == 0
    assert sc.hand(1) == {"Diplomat": 1, "Gold": 2, "Moat": 1}


def test_diplomat_needs_a_hand_of_five(scenario):
    """From a hand of 4 (Diplomat included) it cannot be revealed: not asked."""
    t = them(attack_discard=["Estate"])
    sc = scenario([me(["Militia"]), t], kingdom=K)
    sc.set_hand(0, ["Militia"])
    sc.set_hand(1, ["Diplomat", "Estate", "Gold", "Gold"])
    sc.play_turn(0)
    assert t.asked("diplomat_reveal") == [] and sc.hand(1) == {"Diplomat": 1, "Gold": 2}


def test_diplomat_and_caravan_guard_one_at_a_time_in_the_players_order(scenario):
    """Reactions to one Attack are revealed one at a time in the order the player chooses
    (INTRIGUE.md §3 With Adventures): a Caravan Guard declined first is offered again
    after a Diplomat, and may then be played."""
    t = them(caravan_guard_react=[False, True], diplomat_reveal=[True],
             diplomat_discard=["Estate", "Estate", "Estate"], attack_discard=["Copper"])
    sc = scenario([me(["Militia"]), t], kingdom=K)
    sc.set_hand(0, ["Militia"])
    sc.set_hand(1, ["Diplomat", "Caravan Guard", "Estate", "Estate", "Estate"])
    sc.set_deck(1, ["Gold", "Gold", "Copper"])
    sc.play_turn(0)
    assert len(t.asked("caravan_guard_react")) == 2
    assert events(sc, codes.EV_REACT, 1) == [(1, "Caravan Guard", 1, card_id("Militia"))]
    assert sc.in_play(1) == {"Caravan Guard": 1}
    assert sc.hand(1) == {"Diplomat": 1, "Gold": 2}


def test_diplomat_an_estate_inheriting_it_reacts(scenario):
    """With Inheritance an Estate with Diplomat's abilities reacts like Diplomat
    (INTRIGUE.md §3 With Adventures)."""
    t = them(diplomat_reveal=[True], diplomat_discard=["Copper", "Copper", "Copper"])
    sc = scenario([me(["Witch"]), t], kingdom=K[:-1] + ["Witch"])
    sc.set_hand(0, ["Witch"])
    sc.set_inheritance(1, "Diplomat")
    sc.set_hand(1, ["Estate", "Copper", "Copper", "Copper", "Gold"])
    sc.set_deck(1, ["Gold", "Gold"])
    sc.play_turn(0)
    assert events(sc, codes.EV_REVEAL_CARD, 1) == [(1, "Estate", 1, 1)]
    assert sc.hand(1) == {"Estate": 1, "Gold": 3} and sc.owned(1)["Curse"] == 1


def test_diplomat_rule_default_reveals_on_junk(scenario):
    """DEF_YES_IF_JUNK: revealed when 2+ cards in hand are junk (the discards cost
    little), not from a hand of good cards."""
    for hand, asked_discards in ((["Diplomat", "Estate", "Copper", "Gold", "Gold"], 3),
                                 (["Diplomat", "Gold", "Gold", "Gold", "Silver"], 0)):
        t = them()
        sc = scenario([me(["Witch"]), t], kingdom=K[:-1] + ["Witch"])
        sc.set_hand(0, ["Witch"])
        sc.set_hand(1, hand)
        sc.set_deck(1, ["Silver", "Silver"])
        sc.play_turn(0)
        assert len(t.asked("diplomat_discard")) == asked_discards, hand


def test_minion_rule_default(scenario):
    """DEF_MINION: +$2 with another Minion in hand (they chain); else the attack when the
    hand's $ plus $2 stays below $6; else +$2."""
    for hand, coins in ((["Minion", "Minion", "Copper"], 2 + 4 * 2),   # +$2, then attack
                        (["Minion", "Copper", "Estate"], 4 * 2),        # the attack
                        (["Minion", "Gold", "Copper"], 2 + 3 + 1)):     # +$2
        sc = scenario([Scripted("me", base=nobuy("m")), them()], kingdom=K)
        sc.set_hand(0, hand)
        sc.set_deck(0, ["Silver"] * 4)
        assert sc.play_turn(0) == coins, hand


def test_the_log_says_who_passed_what_to_whom():
    """The log's words for a pass, as each seat sees it (gamelog EV_PASS)."""
    from sim.engine.gamelog import format_log

    rows = np.array([(codes.EV_PASS, 1, 0, card_id("Estate"), 1, 1)], np.int64)
    names = ["a", "b", "c"]
    assert "P0 a passes Estate to P1 b" in format_log(rows, names, viewer=1)
    assert "P0 a passes a card to P1 b" in format_log(rows, names, viewer=2)


# ----------------------------------------------------------------------------- whole games
KINGDOMS = (
    ["Torturer", "Minion", "Swindler", "Replace", "Masquerade", "Diplomat", "Moat",
     "Caravan Guard", "Militia", "Village"],
    ["Torturer", "Masquerade", "Diplomat", "Replace", "Harem", "Witch", "Duplicate",
     "Bridge Troll", "Smithy", "Market"],
)
EVENTS = ("", "Travelling Fair")
MY_CARDS = tuple(card_id(c) for c in ("Torturer", "Minion", "Swindler", "Replace",
                                      "Masquerade", "Diplomat"))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_and_rule_bots_keep_every_invariant(n):
    """tests/test_invariants_adventures' invariants after every turn (every card conserved
    zone by zone: Masquerade's passes move ownership) over random bots and rule bots
    buying these cards: every one of them ends up owned and the games end."""
    from bots import get_bot
    from tests.test_invariants_adventures import card_bot, run_checked

    owned = np.zeros(N_CARDS, np.int64)
    games = 60
    for t, kingdom in enumerate(KINGDOMS):
        ids = tuple(card_id(c) for c in kingdom)
        events_ = tuple(card_id(e) for e in EVENTS[t].split(",") if e)
        rules = [card_bot(a, kingdom[(i + 3) % len(kingdom)]) for i, a in enumerate(kingdom)]
        rng = np.random.default_rng(10 * n + t)
        for bots, seat_bots in (
                ([get_bot("random")], np.zeros((games, n), np.int32)),
                (rules, rng.integers(0, len(rules), size=(games, n)).astype(np.int32))):
            seeds = np.arange(1000 * n + 100 * t, 1000 * n + 100 * t + games, dtype=np.uint64)
            out, fails, _ = run_checked(n, ids, events_, bots, seat_bots, seeds, owned)
            assert not fails[:, 0].any(), fails[fails[:, 0] != 0][:5]
    assert all(owned[c] for c in MY_CARDS), owned[list(MY_CARDS)]


def test_every_question_resumes_as_replayed_and_masked_as_the_engine_takes():
    """Random agents at every seat: every question of these cards is met; each turn
    stopped at a question equals the turn replayed, and at these cards' questions the
    engine takes exactly the masked answers, which the random bot's draws reach."""
    from sim.env import Game
    from tests.test_decision_table import check_engine_and_mask, check_random_bot
    from tests.test_env_resume import _check_resumed_equals_replayed, _play
    from tests.turn_starts import RecordedGame

    met: dict[int, int] = {}
    for t, kingdom in enumerate(KINGDOMS):
        for players in (2, 3):
            game = Game(kingdom=",".join(kingdom),
                        events=[e for e in EVENTS[t].split(",") if e],
                        players=players, turn_cap=30)
            rng = np.random.default_rng(t)
            for seed in range(8):
                state, twin = game.new_initial_state(seed), RecordedGame(game, seed)
                while not state.is_terminal():
                    d = state.decision()[0]
                    if d in MY_DECISIONS or met.get(d, 0) % 3 == 0:
                        _check_resumed_equals_replayed(state, twin)
                    if d in MY_DECISIONS and met.get(d, 0) < 6:
                        check_engine_and_mask(state)
                        check_random_bot(state, rng)
                    met[d] = met.get(d, 0) + 1
                    a = _play(state, rng)
                    state.apply_action(a)
                    twin.apply(a)
    missing = [codes.DECISION_NAMES[d] for d in MY_DECISIONS if met.get(d, 0) == 0]
    assert not missing, missing

