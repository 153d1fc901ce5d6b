"""The readable game log (sim.engine.gamelog): each line built from an exact situation.

Every test plays one turn of a Scenario with the log on and reads the text
``domsim play`` would print: cards played by other cards (Throne Room, Vassal),
put onto a deck, set aside, looked at, revealed, discarded or trashed, each naming
the card whose text did it.
"""

from __future__ import annotations

import numpy as np

from sim.engine import codes
from sim.engine.gamelog import _times_played, format_log
from tests.conftest import REST_KINGDOM, Scripted, log_rows, nobuy

NAMES = ("a", "b", "c")
FIRST_PLUS = ["Throne Room", "Vassal", "Library", "Smithy", "Village", "Militia", "Cellar",
              "Council Room", "Moat", "Market"]


def text_lines(sc) -> list[str]:
    n = sc.config.n_players
    return [line.strip() for line in format_log(np.array(log_rows(sc)),
                                                NAMES[:n]).splitlines()]


def between(lines: list[str], first: str, last: str) -> list[str]:
    """The lines from ``first`` to ``last`` (inclusive), each found as a whole line."""
    i = lines.index(first)
    return lines[i:lines.index(last, i) + 1]


def test_throne_room_plays_name_which_time(scenario):
    bot = Scripted("a", play_action=["Throne Room"], throne_room=["Smithy"])
    sc = scenario([bot, nobuy("b")], kingdom=FIRST_PLUS)
    sc.set_hand(0, ["Throne Room", "Smithy"]).set_deck(0, ["Copper"] * 6)
    sc.play_turn(0)
    assert between(text_lines(sc), "P0 a plays Throne Room", "P0 a plays 6 Copper") == [
        "P0 a plays Throne Room",
        "P0 a plays Smithy (Throne Room, 1st time)",
        "draws: Copper, Copper, Copper",
        "P0 a plays Smithy (Throne Room, 2nd time)",
        "draws: Copper, Copper, Copper",
        "P0 a plays 6 Copper"]


def test_throne_room_on_throne_room_counts_each_card_apart(scenario):
    bot = Scripted("a", play_action=["Throne Room"],
                   throne_room=["Throne Room", "Smithy", "Village"])
    sc = scenario([bot, nobuy("b")], kingdom=FIRST_PLUS)
    sc.set_hand(0, ["Throne Room", "Throne Room", "Smithy", "Village"])
    sc.set_deck(0, ["Copper"] * 12)
    sc.play_turn(0)
    plays = [line for line in text_lines(sc) if " plays " in line]
    assert plays[:7] == [
        "P0 a plays Throne Room",
        "P0 a plays Throne Room (Throne Room, 1st time)",
        "P0 a plays Smithy (Throne Room, 1st time)",
        "P0 a plays Smithy (Throne Room, 2nd time)",
        "P0 a plays Throne Room (Throne Room, 2nd time)",
        "P0 a plays Village (Throne Room, 1st time)",
        "P0 a plays Village (Throne Room, 2nd time)"]


def test_vassal_discards_and_plays_once(scenario):
    bot = Scripted("a", vassal_play=[True])
    sc = scenario([bot, nobuy("b")], kingdom=FIRST_PLUS)
    sc.set_hand(0, ["Vassal"]).set_deck(0, ["Smithy", "Copper", "Copper", "Copper"])
    sc.play_turn(0)
    assert between(text_lines(sc), "P0 a plays Vassal", "draws: Copper, Copper, Copper") == [
        "P0 a plays Vassal",
        "P0 a discards Smithy (Vassal)",
        "P0 a plays Smithy (Vassal)",
        "draws: Copper, Copper, Copper"]


def test_vassal_discarding_a_card_that_is_no_action(scenario):
    sc = scenario([nobuy("a"), nobuy("b")], kingdom=FIRST_PLUS)
    sc.set_hand(0, ["Vassal"]).set_deck(0, ["Estate"])
    sc.play_turn(0)
    lines = text_lines(sc)
    i = lines.index("P0 a plays Vassal")
    assert lines[i + 1:i + 3] == ["P0 a discards Estate (Vassal)", "has $2 to spend"]


def test_throne_room_vassal_library(scenario):
    """The three cards of issue 9's by-eye game together: Throne Room plays Vassal twice,
    the second Vassal plays the Library it discarded, Library sets an Action aside."""
    bot = Scripted("a", play_action=["Throne Room"], throne_room=["Vassal"],
                   vassal_play=[True], library_set_aside=[True])
    sc = scenario([bot, nobuy("b")], kingdom=FIRST_PLUS)
    sc.set_hand(0, ["Throne Room", "Vassal", "Copper"])
    sc.set_deck(0, ["Estate", "Library", "Silver", "Smithy", "Gold", "Copper", "Copper",
                    "Copper", "Copper"])
    sc.play_turn(0)
    assert between(text_lines(sc), "P0 a plays Throne Room", "P0 a discards Smithy (Library)"
                   ) == [
        "P0 a plays Throne Room",
        "P0 a plays Vassal (Throne Room, 1st time)",
        "P0 a discards Estate (Vassal)",
        "P0 a plays Vassal (Throne Room, 2nd time)",
        "P0 a discards Library (Vassal)",
        "P0 a plays Library (Vassal)",
        "draws: Silver",
        "P0 a sets aside Smithy (Library)",
        "draws: Gold, Copper, Copper, Copper, Copper",
        "P0 a discards Smithy (Library)"]


def test_library_groups_the_cards_it_sets_aside(scenario):
    bot = Scripted("a", library_set_aside=[True, True])
    sc = scenario([bot, nobuy("b")], kingdom=FIRST_PLUS)
    sc.set_hand(0, ["Library", "Copper", "Copper", "Copper"])
    sc.set_deck(0, ["Smithy", "Village", "Silver", "Gold", "Estate", "Copper"])
    sc.play_turn(0)
    assert between(text_lines(sc), "P0 a plays Library",
                   "P0 a discards Village, Smithy (Library)") == [
        "P0 a plays Library",
        "P0 a sets aside Smithy, Village (Library)",
        "draws: Silver, Gold, Estate, Copper",
        "P0 a discards Village, Smithy (Library)"]


def test_sentry_looks_trashes_discards(scenario):
    bot = Scripted("a", sentry_trash=["Estate", None], sentry_discard=["Silver", None])
    sc = scenario([bot, nobuy("b")], kingdom=REST_KINGDOM)
    sc.set_hand(0, ["Sentry"]).set_deck(0, ["Copper", "Estate", "Silver"])
    sc.play_turn(0)
    assert between(text_lines(sc), "P0 a plays Sentry", "P0 a discards Silver (Sentry)") == [
        "P0 a plays Sentry",
        "draws: Copper",
        "P0 a looks at Estate, Silver (Sentry)",
        "P0 a trashes Estate (Sentry)",
        "P0 a discards Silver (Sentry)"]


def test_sentry_puts_back_in_the_chosen_order(scenario):
    bot = Scripted("a", sentry_trash=[None], sentry_discard=[None], sentry_top=["Gold"])
    sc = scenario([bot, nobuy("b")], kingdom=REST_KINGDOM)
    sc.set_hand(0, ["Sentry"]).set_deck(0, ["Copper", "Gold", "Estate"])
    sc.play_turn(0)
    lines = text_lines(sc)
    i = lines.index("P0 a looks at Gold, Estate (Sentry)")
    assert lines[i + 1:i + 3] == ["P0 a puts Estate onto their deck (Sentry)",
                                  "P0 a puts Gold onto their deck (Sentry)"]


def test_bureaucrat_gain_onto_deck_and_reveals(scenario):
    sc = scenario([nobuy("a"), nobuy("b"), nobuy("c")], kingdom=REST_KINGDOM)
    sc.set_hand(0, ["Bureaucrat"])
    sc.set_hand(1, ["Estate", "Copper", "Copper", "Copper", "Copper"])
    sc.set_hand(2, ["Copper", "Copper", "Copper", "Silver", "Silver"])
    sc.play_turn(0)
    assert between(text_lines(sc), "P0 a plays Bureaucrat",
                   "P2 c reveals 3 Copper, 2 Silver from their hand (Bureaucrat)") == [
        "P0 a plays Bureaucrat",
        "P0 a gains Silver (onto their deck)",
        "P1 b reveals Estate from their hand (Bureaucrat)",
        "P1 b puts Estate onto their deck (Bureaucrat)",
        "P2 c reveals 3 Copper, 2 Silver from their hand (Bureaucrat)"]


def test_bandit_reveals_trashes_discards(scenario):
    sc = scenario([nobuy("a"), nobuy("b")], kingdom=REST_KINGDOM)
    sc.set_hand(0, ["Bandit"]).set_deck(1, ["Gold", "Copper"])
    sc.play_turn(0)
    assert between(text_lines(sc), "P0 a plays Bandit", "P1 b discards Copper (Bandit)") == [
        "P0 a plays Bandit",
        "P0 a gains Gold (to discard pile)",
        "P1 b reveals Gold, Copper (Bandit)",
        "P1 b trashes Gold (Bandit)",
        "P1 b discards Copper (Bandit)"]


def test_harbinger_poacher_artisan(scenario):
    bot = Scripted("a", play_action=["Harbinger", "Poacher", "Artisan"],
                   harbinger_topdeck=["Gold"], poacher_discard=["Estate"],
                   artisan_gain=["Silver"], artisan_topdeck=["Silver"])
    sc = scenario([bot, nobuy("b")], kingdom=REST_KINGDOM)
    sc.set_hand(0, ["Harbinger", "Poacher", "Artisan", "Estate"]).set_discard(0, ["Gold"])
    sc.set_deck(0, ["Copper"]).set_supply("Moat", 0)
    sc.play_turn(0)
    lines = text_lines(sc)
    assert between(lines, "P0 a plays Harbinger", "P0 a puts Silver onto their deck (Artisan)"
                   ) == [
        "P0 a plays Harbinger",
        "draws: Copper",
        "P0 a puts Gold onto their deck (Harbinger)",
        "P0 a plays Poacher",
        "draws: Gold",
        "P0 a discards Estate (Poacher)",
        "P0 a plays Artisan",
        "P0 a gains Silver (to hand)",
        "P0 a puts Silver onto their deck (Artisan)"]


def test_attack_and_cellar_discards_are_grouped(scenario):
    bot = Scripted("a", play_action=["Cellar", "Militia"],
                   cellar_discard=["Estate", "Estate", None])
    sc = scenario([bot, nobuy("b")], kingdom=FIRST_PLUS)
    sc.set_hand(0, ["Cellar", "Militia", "Estate", "Estate"])
    sc.set_deck(0, ["Copper", "Copper"])
    sc.set_hand(1, ["Estate", "Estate", "Copper", "Copper", "Copper"])
    sc.play_turn(0)
    lines = text_lines(sc)
    assert "P0 a discards 2 Estate (Cellar)" in lines
    assert "P1 b discards 2 Estate (Militia)" in lines


def test_other_players_draws_name_the_player(scenario):
    sc = scenario([nobuy("a"), nobuy("b")], kingdom=FIRST_PLUS)
    sc.set_hand(0, ["Council Room"]).set_deck(0, ["Copper"] * 4).set_deck(1, ["Gold"])
    sc.play_turn(0)
    assert between(text_lines(sc), "P0 a plays Council Room", "P1 b draws: Gold") == [
        "P0 a plays Council Room", "draws: Copper, Copper, Copper, Copper", "P1 b draws: Gold"]


def test_times_played_follows_nesting():
    """Queued plays: a Vassal's one play; Throne Rooms nested around the same card."""
    TR, SM, VA = 30, 12, 24       # ids only label the rows here
    rows = [(codes.EV_TURN, 1, 0, -1, 1, 0),
            (codes.EV_PLAY_AGAIN, 1, 0, TR, 1, TR),    # 1: Throne Room by Throne Room
            (codes.EV_PLAY_AGAIN, 1, 0, SM, 1, TR),    # 2: Smithy, 1st
            (codes.EV_PLAY_AGAIN, 1, 0, SM, 2, TR),
            (codes.EV_PLAY_AGAIN, 1, 0, TR, 2, TR),
            (codes.EV_PLAY_AGAIN, 1, 0, SM, 1, TR),    # 5: a second Smithy, 1st
            (codes.EV_PLAY_AGAIN, 1, 0, SM, 1, VA),    # 6: played once by Vassal
            (codes.EV_PLAY_AGAIN, 1, 0, SM, 2, TR)]
    assert _times_played(rows) == {1: 2, 2: 2, 5: 2, 6: 1}


def test_a_hand_is_written_before_the_draws_that_follow_it_even_at_the_logs_end():
    """A hand row followed by draw rows (a log cut there, or a start-of-turn draw) gives
    the hand line first, and keeps it when the log ends there."""
    from sim.cards import card_id

    copper, estate = card_id("Copper"), card_id("Estate")
    rows = np.array([(codes.EV_TURN, 1, 0, -1, 1, 0), (codes.EV_HAND, 1, 0, copper, 4, 0),
                     (codes.EV_HAND, 1, 0, estate, 1, 0), (codes.EV_DRAW, 1, 0, estate, 1, 0)])
    lines = format_log(rows, ["a"]).splitlines()[1:]
    assert lines == ["Turn 1 — P0 a", "    hand: 4 Copper, 1 Estate", "    draws: Estate"]
    assert format_log(rows[:3], ["a"]).splitlines()[-1] == "    hand: 4 Copper, 1 Estate"
