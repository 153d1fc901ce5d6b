"""The scenario API from a user's side (issue 25 §2): each test builds the exact situation
the issue met and checks what the public methods say, with no state array sliced by hand.

* ``Scenario.log()``: the log as text, Journey tokens with the face the scenario set;
* ``mission_next`` / ``next_player`` / ``play_to_end`` / ``finished`` / ``result``: a game
  continued and finished through the scenario, as a batch plays it;
* zone setters refuse cards that are not in the game, in one line;
* an illegal answer's error names the card, the decision and the legal answers;
* ``View.can_buy`` on a Mission turn, and with Events (issue 26 item 3);
* Pilgrimage's cards in any order;
* ``set_duration_from_last_turn``: one call, the state a real play leaves.
"""

from __future__ import annotations

import numpy as np
import pytest

import bots
from bots.rules import Buy, RuleBot, money
from sim.cards import CARDS, PEASANT, card_id
from sim.engine import layout as L
from sim.engine.batch import play_batch
from sim.engine.codes import END_PILES, END_PROVINCES, END_TURN_CAP
from sim.engine.config import GameConfig
from sim.engine.game import G_END, G_WINNERS
from sim.engine.gamelog import format_log
from sim.engine.rng import game_seeds
from sim.engine.scenario import Scenario
from tests.conftest import Scripted, clear, clear_log, log_rows, make_scenario, nobuy

KINGDOM = ["Port", "Smithy", "Haunted Woods", "Peasant", "Swamp Hag", "Bridge Troll",
           "Amulet", "Dungeon", "Caravan Guard", "Workshop"]


def game(bots_, events=(), kingdom=KINGDOM, n_players=None) -> Scenario:
    """A logging Scenario with these Events, every player's zones empty."""
    sc = Scenario(list(bots_), n_players=n_players, kingdom=kingdom, events=events, log=True)
    for p in range(sc.config.n_players):
        clear(sc, p)
    clear_log(sc)
    return sc


def gains(sc: Scenario, p: int = 0) -> list[str]:
    from sim.engine.codes import EV_GAIN
    return [CARDS[c].name for e, _t, q, c, _k, _x in sc.log_rows() if e == EV_GAIN and q == p]


# ----------------------------------------------------------------------------- the log
def test_log_shows_the_journey_token_face_the_scenario_set():
    """A Journey token set face down turns face UP when Pilgrimage is bought (and the
    copies are gained); the rows alone, read as a game from its start, say "down"."""
    bot = Scripted("me", buy=["Pilgrimage"], pilgrimage_gain=["Silver"])
    sc = game([bot, nobuy("them")], ["Pilgrimage"])
    sc.set_journey(0, face_up=False)
    sc.set_hand(0, ["Silver", "Silver"]).set_deck(0, ["Estate"] * 5)
    sc.play_turn(0)
    text = sc.log()
    assert "P0 me turns their Journey token face up (Pilgrimage)" in text
    assert "P0 me gains Silver (to discard pile)" in text
    assert text.splitlines()[1] == "Turn 1 — P0 me"
    raw = format_log(np.array(sc.log_rows()), ["me", "them"])
    assert "turns their Journey token face down (Pilgrimage)" in raw     # the old reading


def test_log_of_a_token_left_face_up_turns_it_down():
    bot = Scripted("me", buy=["Pilgrimage"], pilgrimage_gain=["Silver"])
    sc = game([bot, nobuy("them")], ["Pilgrimage"])
    sc.set_hand(0, ["Silver", "Silver"]).set_deck(0, ["Estate"] * 5)
    sc.play_turn(0)
    assert "P0 me turns their Journey token face down (Pilgrimage)" in sc.log()
    assert gains(sc) == []


def test_log_needs_a_logging_scenario():
    sc = Scenario(["bmu", "bmu"])
    with pytest.raises(RuntimeError, match="no log: make it with log=True"):
        sc.log()


# ----------------------------------------------------------------------------- turns, end
def test_mission_next_reads_true_after_the_turn_that_bought_mission():
    sc = game([Scripted("me", buy=["Mission"]), nobuy("them")], ["Mission"])
    sc.set_deck(1, ["Estate"] * 5)
    sc.play_turn(1)                                  # the previous turn is not player 0's
    assert sc.next_player == 0 and not sc.mission_next
    sc.set_hand(0, ["Silver", "Silver"]).set_deck(0, ["Estate"] * 10)
    sc.play_turn(0)
    assert sc.mission_next and sc.next_player == 0   # Mission: player 0 again
    sc.play_turn(sc.next_player)                     # the extra turn
    assert "P0 me takes an extra turn (Mission)" in sc.log()
    assert not sc.mission_next and sc.next_player == 1
    assert sc.S[L.TURNS + 0] == 1                    # the Mission turn is not counted
    assert not sc.finished


MISSION_BM = RuleBot("mission-bm", "Big Money buying Mission with $4",
                     buy=[Buy("Province", money() > 15), Buy("Gold"), Buy("Mission"),
                          Buy("Silver")])


@pytest.mark.parametrize("bot, events", [("smithy-bm", ()), (MISSION_BM, ("Mission",))])
def test_play_to_end_finishes_the_games_a_batch_plays(bot, events):
    """A Scenario left as set up and played to the end is the batch's game of its seed:
    same scores, turns, winners and ending (with Mission's extra turns too)."""
    config = GameConfig(kingdom=tuple(card_id(c) for c in KINGDOM), events=events)
    players = [bots.resolve_bot(bot), bots.get_bot("bmu")]
    seeds = game_seeds(5, 0, 4)
    res = play_batch(config, players, np.array([[0, 1]] * 4, np.int32), seeds,
                     np.array([0, 1, 0, 1], np.int8))
    reasons = {END_PROVINCES: "provinces", END_PILES: "piles", END_TURN_CAP: "turn cap"}
    for g in range(4):
        sc = Scenario(players, kingdom=config.kingdom, events=events, seed=int(seeds[g]),
                      log=True)
        out = sc.play_to_end(first=g % 2)
        assert sc.finished and sc.next_player is None
        assert out["scores"] == res.score[g].tolist()
        assert out["turns"] == res.turns[g].tolist()
        mask = int(res.game[g, G_WINNERS])
        assert out["winners"] == [q for q in range(2) if mask >> q & 1]
        assert out["reason"] == reasons[int(res.game[g, G_END])]
        assert sc.log().splitlines()[-3].startswith("Game over after ")
        assert sc.play_to_end() == out                  # finished: nothing more is played


def test_result_before_the_end_says_so():
    sc = Scenario(["bmu", "bmu"])
    sc.play_turn(0)
    with pytest.raises(RuntimeError, match="the game is not over"):
        sc.result()


def test_a_turn_that_empties_the_provinces_finishes_the_game():
    sc = make_scenario([nobuy("me", buy=[Buy("Province")]), nobuy("them")])
    sc.set_supply("Province", 1).set_hand(0, ["Gold", "Gold", "Gold"])
    sc.play_turn(0)
    assert sc.finished and sc.result()["reason"] == "provinces"
    assert sc.result()["winners"] == [0] and sc.result()["scores"] == [6, 0]


# ----------------------------------------------------------------------------- zone setters
@pytest.mark.parametrize("setter", ["set_hand", "set_deck", "set_discard", "set_in_play"])
def test_zone_setters_refuse_a_card_not_in_the_game(setter):
    sc = Scenario(["bmu", "bmu"])                    # the First Game kingdom: no Witch
    with pytest.raises(ValueError) as info:
        getattr(sc, setter)(0, ["Copper", "Witch"])
    text = str(info.value)
    assert text.startswith(f"{setter}: Witch is not in this game (kingdom: Cellar, Moat, ")
    assert "\n" not in text
    getattr(sc, setter)(0, ["Copper", "Smithy", "Curse", "Province"])   # these are


def test_zone_setters_refuse_events_and_cards_of_other_sets():
    sc = game([nobuy(), nobuy()], ["Alms"])
    with pytest.raises(ValueError, match="^set_hand: Alms is an Event, not a card"):
        sc.set_hand(0, ["Alms"])
    with pytest.raises(ValueError, match="^set_mat: Ratcatcher is not in this game"):
        sc.set_mat(0, ["Ratcatcher"])
    sc.set_in_play(0, ["Soldier"])                   # Peasant's upgrade pile is in the game
    assert sc.in_play(0) == {"Soldier": 1}


# ----------------------------------------------------------------------------- errors
def test_an_illegal_answer_names_the_card_the_decision_and_the_legal_answers():
    sc = make_scenario([Scripted("me", workshop_gain=["Gold"]), nobuy("them")])
    sc.set_hand(0, ["Workshop"]).set_deck(0, ["Copper"] * 5)
    with pytest.raises(RuntimeError) as info:
        sc.play_turn(0)
    text = str(info.value)
    head, legal = text.split("; legal answers: ")
    assert head == ("seat 0 ('me') deciding to gain with Workshop: Gold is not a legal "
                    "answer (arg 4)")
    assert set(legal.split(", ")) == {"Copper", "Curse", "Estate", "Silver", "Cellar",
                                      "Moat", "Village", "Merchant", "Workshop", "Smithy",
                                      "Militia", "Remodel"}


def test_an_illegal_none_is_named_and_a_mandatory_choice_offers_no_none():
    sc = game([Scripted("me", amulet_mode=[1], amulet_trash=[None]), nobuy("them")])
    sc.set_hand(0, ["Amulet", "Estate", "Copper"]).set_deck(0, ["Copper"] * 5)
    with pytest.raises(RuntimeError, match=r"deciding to trash with Amulet: None is not a "
                                           r"legal answer \(arg -?\d+\); legal answers: "
                                           r"(Copper, Estate|Estate, Copper)$"):
        sc.play_turn(0)


# ----------------------------------------------------------------------------- can_buy
def test_can_buy_is_false_for_cards_on_a_mission_turn_and_true_for_events():
    seen = []

    def look(view):
        seen.append((view.mission_turn, view.can_buy("Silver"), view.can_buy("Alms")))

    sc = game([Scripted("me", buy=look), nobuy("them")], ["Mission", "Alms"])
    sc.set_hand(0, ["Silver", "Copper"]).set_deck(0, ["Estate"] * 10)    # $3
    sc.set_mission_turn()
    sc.play_turn(0)
    assert seen == [(True, False, True)]
    sc.set_hand(0, ["Silver", "Copper"])
    sc.play_turn(0)                                  # an ordinary turn
    assert seen[1] == (False, True, True)


def test_view_covers_events_as_the_rule_language_does():
    """Issue 26 item 3: with $8 and Pathfinding in the game, can_buy says so; the Event
    keeps its printed cost, can never be gained, and bought() counts it."""
    seen = []

    def look(view):
        seen.append({"can_buy": view.can_buy("Pathfinding"), "cost": view.cost("Pathfinding"),
                     "gain": view.can_gain("Pathfinding", 8), "left": view.left("Pathfinding"),
                     "bought": view.bought("Pathfinding"), "turn": view.bought_this_turn(),
                     "alms": view.can_buy("Alms"), "ball": view.can_buy("Ball")})
        return "Pathfinding" if view.can_buy("Pathfinding") else None

    bot = Scripted("me", buy=look, token_pile=["Smithy"])
    sc = game([bot, nobuy("them")], ["Pathfinding", "Alms"])
    sc.set_hand(0, ["Gold", "Gold", "Copper", "Copper"]).set_deck(0, ["Estate"] * 10)
    sc.play_turn(0)
    assert seen[0] == {"can_buy": True, "cost": 8, "gain": False, "left": 0, "bought": 0,
                       "turn": 0, "alms": True, "ball": False}
    assert len(seen) == 1                           # one Buy: spent on Pathfinding
    assert sc.token_pile(0, "+1 Card") == "Smithy"
    sc.set_hand(0, ["Gold", "Gold", "Copper", "Copper"])
    sc.play_turn(0)
    assert seen[1]["bought"] == 1 and seen[1]["can_buy"]


# ----------------------------------------------------------------------------- Pilgrimage
def test_pilgrimage_takes_different_cards_in_any_order():
    bot = Scripted("me", buy=["Pilgrimage"], pilgrimage_gain=["Peasant", "Copper", "Silver"])
    sc = game([bot, nobuy("them")], ["Pilgrimage"])
    sc.set_journey(0, face_up=False)
    sc.set_hand(0, ["Copper", "Copper", "Silver", "Peasant"]).set_deck(0, ["Estate"] * 5)
    sc.play_turn(0)
    assert gains(sc) == ["Peasant", "Copper", "Silver"]
    # arg: the highest card id named so far (a bot naming in id order takes ids above it)
    assert [v.arg for v in bot.asked("pilgrimage_gain")] == [-1, PEASANT, PEASANT]


def test_pilgrimage_asks_again_while_a_card_not_named_is_left():
    """After Silver, Copper (a lower id) is still there to name: asked, it may stop."""
    bot = Scripted("me", buy=["Pilgrimage"], pilgrimage_gain=["Silver", None])
    sc = game([bot, nobuy("them")], ["Pilgrimage"])
    sc.set_journey(0, face_up=False)
    sc.set_hand(0, ["Copper", "Copper", "Silver"]).set_deck(0, ["Estate"] * 5)
    sc.play_turn(0)
    assert gains(sc) == ["Silver"] and len(bot.asked("pilgrimage_gain")) == 2


def test_pilgrimage_still_refuses_a_card_named_twice():
    bot = Scripted("me", buy=["Pilgrimage"], pilgrimage_gain=["Silver", "Copper", "Silver"])
    sc = game([bot, nobuy("them")], ["Pilgrimage"])
    sc.set_journey(0, face_up=False)
    sc.set_hand(0, ["Copper", "Copper", "Silver", "Peasant"]).set_deck(0, ["Estate"] * 5)
    with pytest.raises(RuntimeError, match=r"deciding to gain with Pilgrimage: Silver is not "
                                           r"a legal answer .*; legal answers: .*Peasant.* "
                                           r"\(each card once\)$"):
        sc.play_turn(0)


# ----------------------------------------------------------------------------- Durations
def _state(sc: Scenario, p: int) -> dict:
    """Everything a Duration from last turn sets, for player ``p`` and against others."""
    n = sc.config.n_players
    return {"in_play": sc.in_play(p), "held": sc.held_in_play(p), "next": sc.next_turn(p),
            "marks": int(sc.S[L.MARKS + p]), "owned": sc.owned(p),
            "woods": [int(sc.S[L.HAND_ONTO_DECK_ON + p * L.MAX_PLAYERS + q]) for q in range(n)],
            "hag": [int(sc.S[L.GAIN_CURSE_ON + p * L.MAX_PLAYERS + q]) for q in range(n)]}


@pytest.mark.parametrize("card", ["Haunted Woods", "Swamp Hag", "Caravan Guard", "Dungeon",
                                  "Amulet"])
def test_set_duration_from_last_turn_is_the_state_a_real_play_leaves(card):
    """Player 0 plays ``card`` for real and ends the turn; a second scenario gets the same
    hand and piles and the Duration in one call.  The states match, and so do the next
    two turns (player 1's, then player 0's with the Duration's effect), row for row."""
    me, them = nobuy("me", play=[card]), nobuy("them")
    played = game([me, them])
    played.set_hand(0, [card, "Copper", "Estate"]).set_deck(0, ["Copper", "Silver"] * 8)
    played.set_deck(1, ["Estate"] * 12)
    played.play_turn(0)
    assert played.held_in_play(0) == {card: 1}

    made = game([me, them])
    made.set_hand(0, played.hand(0)).set_deck(0, played.deck(0))
    made.set_discard(0, played.discard(0)).set_deck(1, played.deck(1))
    made.set_hand(1, played.hand(1)).set_turns(0, 1)
    made.set_duration_from_last_turn(0, card)
    assert _state(made, 0) == _state(played, 0)
    assert made.minus_coin(1) == played.minus_coin(1)

    for sc in (played, made):
        clear_log(sc)
        sc.play_turn(1)
        sc.play_turn(0)
    assert log_rows(made) == log_rows(played)
    assert _state(made, 0) == _state(played, 0) and made.hand(0) == played.hand(0)


def test_set_duration_from_last_turn_spares_the_players_who_revealed_moat():
    sc = game([nobuy("a"), nobuy("b"), nobuy("c")])
    sc.set_duration_from_last_turn(0, "Swamp Hag", victims=[2])
    assert sc.held_in_play(0) == {"Swamp Hag": 1} and sc.next_turn(0) == {"Swamp Hag": 1}
    assert [int(sc.S[L.GAIN_CURSE_ON + q]) for q in range(3)] == [0, 0, 1]
    sc.set_duration_from_last_turn(0, "Swamp Hag", 2)          # replaces: two plays now
    assert sc.held_in_play(0) == {"Swamp Hag": 2} and sc.in_play(0) == {"Swamp Hag": 2}
    assert [int(sc.S[L.GAIN_CURSE_ON + q]) for q in range(3)] == [0, 2, 2]


def test_set_duration_from_last_turn_refuses_what_is_no_such_duration():
    sc = game([nobuy(), nobuy()])
    with pytest.raises(ValueError, match="^set_duration_from_last_turn: Smithy is not a "
                                         "Duration with an effect next turn"):
        sc.set_duration_from_last_turn(0, "Smithy")
    with pytest.raises(ValueError, match="victims= is for Haunted Woods and Swamp Hag"):
        sc.set_duration_from_last_turn(0, "Amulet", victims=[1])


# ----------------------------------------------------------------------------- legal answers
class AnswersFromTheLegalList:
    """A Python bot answering every decision with a random answer of
    sim.engine.batch.legal_answers: the engine must accept each one (the list an illegal
    answer's error shows holds no illegal answer).  Not for Quest's discards (the list
    cannot know the option chosen) nor Pilgrimage's (nor the cards named already)."""

    description = "random answers from legal_answers"

    def __init__(self, table: np.ndarray, seed: int):
        self.name = "legal-lister"
        self.table = table
        self.rng = np.random.default_rng(seed)
        self.asked = 0

    def program(self):
        from sim.engine.program import F_KIND, K_PYTHON

        prog = nobuy(self.name).program()
        prog.flags[F_KIND] = K_PYTHON
        return prog

    def answer(self, view):
        from sim.engine.batch import legal_answers
        from sim.engine.callbacks import METHODS

        d = METHODS.index(view.decision)
        legal = legal_answers(view._state, self.table, view.player, d, view.arg)
        assert legal, f"no legal answer listed for {view.decision}"
        self.asked += 1
        pick = legal[int(self.rng.integers(len(legal)))]
        if pick in ("True", "False"):
            return pick == "True"
        if pick == "None":
            return None
        return int(pick) if pick.isdigit() else pick


def _answering(bot: AnswersFromTheLegalList) -> AnswersFromTheLegalList:
    from sim.engine.callbacks import METHODS

    for m in METHODS:
        setattr(bot, m, bot.answer)
    return bot


@pytest.mark.parametrize("kingdom, events", [
    (["Page", "Peasant", "Coin of the Realm", "Ratcatcher", "Raze", "Gear", "Guide",
      "Duplicate", "Magpie", "Messenger"], ["Alms", "Ball"]),
    (["Miser", "Port", "Ranger", "Transmogrify", "Artificer", "Bridge Troll", "Distant Lands",
      "Giant", "Haunted Woods", "Lost City"], ["Bonfire", "Seaway"]),
    (["Relic", "Royal Carriage", "Storyteller", "Swamp Hag", "Treasure Trove",
      "Wine Merchant", "Hireling", "Caravan Guard", "Amulet", "Dungeon"],
     ["Travelling Fair", "Trade"]),
    (["Harbinger", "Vassal", "Bureaucrat", "Poacher", "Throne Room", "Bandit", "Library",
      "Sentry", "Artisan", "Moat"], []),
])
def test_every_answer_listed_as_legal_is_accepted(kingdom, events):
    from sim.engine.state import make_table

    config = GameConfig(kingdom=tuple(card_id(c) for c in kingdom),
                        events=tuple(card_id(e) for e in events))
    table = make_table(2, config.kingdom, config.events)
    players = [_answering(AnswersFromTheLegalList(table, s)) for s in (1, 2)]
    play_batch(config, players, np.array([[0, 1]] * 6, np.int32), game_seeds(3, 0, 6),
               np.zeros(6, np.int8))                   # a BotError would fail the test
    assert min(b.asked for b in players) > 100
