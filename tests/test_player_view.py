"""A table that keeps its secrets: a player's view of the game log (sim.engine.gamelog
seen_by / format_log(viewer=...)) and the human seat that shows it.

The one table of who sees what (gamelog.VISIBILITY) has an entry for every event; each of
its rules is checked on a log row or a played turn (another player's draws and hand are
counted, not named; Sentry's look, Gear's and Save's face-down cards, cards put onto a
deck from hand or discard pile stay their owner's; what the rules show everyone stays
named).  Then whole human-seat games, fed empty lines, on boards that together hold every
kingdom card and Event of the base set, Adventures and Intrigue, 2 and 3 players: no line
the seat is shown names a card another player drew, held, looked at, set aside face down,
put into their deck from hand or passed between two others (Masquerade), while the
spectator's log of the same games does (so the check can fail).
"""

from __future__ import annotations

import io
import re

import numpy as np
import pytest

from sim.cards import BASE_KINGDOM, CARDS, EVENTS, KINGDOM_CARDS, card_id
from sim.engine import codes
from sim.engine.gamelog import (
    EVERYONE,
    HIDDEN,
    OWNER,
    RECEIVER,
    VISIBILITY,
    card_visible,
    format_log,
    seen_by,
)
from tests.conftest import REST_KINGDOM, Scripted, log_rows, nobuy

NAMES = ("a", "b", "c")
c = card_id


def _rows(*rows: tuple) -> np.ndarray:
    return np.array(rows, np.int32).reshape(-1, 6)


def _lines(rows, viewer: int | None, names=NAMES[:2]) -> list[str]:
    return [line.strip() for line in format_log(np.asarray(rows), names,
                                                viewer=viewer).splitlines()][1:]


# --------------------------------------------------------------------------- the table
def test_every_event_has_an_entry_in_the_table():
    """A new event code cannot be forgotten: each EV_* says who sees its card."""
    events = {v for k, v in vars(codes).items() if k.startswith("EV_")}
    assert events and events == set(VISIBILITY)
    for who in VISIBILITY.values():
        values = [who] if isinstance(who, str) else list(who.values())
        assert set(values) <= {EVERYONE, OWNER, RECEIVER}
        if not isinstance(who, str):
            assert all(k == -1 or 0 <= k < len(CARDS) for k in who)


def test_a_card_the_table_does_not_list_is_hidden():
    """An event whose visibility depends on the card whose text did it hides the card
    of a card it does not list (a new card is private until declared)."""
    assert not card_visible(codes.EV_LOOK, 1, c("Smithy"), 0)
    assert not card_visible(codes.EV_SET_ASIDE, 1, c("Village"), 0)
    assert card_visible(codes.EV_LOOK, 1, c("Smithy"), 1)       # the owner sees it


@pytest.mark.parametrize(("zone", "event"), [("deck", codes.EV_TOPDECK),
                                             ("aside", codes.EV_SET_ASIDE),
                                             ("hand", codes.EV_RETURN)])
def test_face_up_moves_are_the_cards_declarations(zone, event):
    """Who sees a card put onto a deck, set aside or into a hand by another card's text
    is that card's declaration (Card.face_up), nothing else: every card declaring the
    zone is seen by all, every other card (but Travelling Fair's just-gained -1 onto a
    deck) is its owner's alone."""
    declared = {card.id for card in CARDS if zone in card.face_up}
    assert declared, zone
    for card in CARDS:
        assert card_visible(event, 1, card.id, 0) == (card.id in declared), card.name
    assert card_visible(event, 1, -1, 0) == (zone == "deck")
    assert {card.name for card in CARDS if card.face_up} == {
        "Bureaucrat", "Library", "Magpie", "Inheritance", "Wishing Well", "Patrol", "Replace"}


def test_a_face_up_word_outside_the_zones_is_refused():
    from sim.cards.types import Card

    with pytest.raises(ValueError, match="face_up"):
        Card(900, "Odd", 3, 1, face_up=("discard",))


def test_seen_by_keeps_everything_but_the_hidden_cards():
    rows = _rows((codes.EV_DRAW, 1, 1, c("Gold"), 1, 0),
                 (codes.EV_PLAY, 1, 1, c("Gold"), 1, 0),
                 (codes.EV_HAND, 1, 1, c("Copper"), 4, 0))
    seen = seen_by(rows, 0)
    assert seen.tolist() == [[codes.EV_DRAW, 1, 1, HIDDEN, 1, 0],
                             [codes.EV_PLAY, 1, 1, c("Gold"), 1, 0],
                             [codes.EV_HAND, 1, 1, HIDDEN, 4, 0]]
    assert seen_by(rows, 1).tolist() == rows.tolist()          # the owner's own view
    assert rows[0, 3] == c("Gold")                             # the input is not changed


# ------------------------------------------------------------------ each rule, on rows
def test_another_players_draws_and_hand_are_counted_not_named():
    rows = _rows((codes.EV_SHUFFLE, 0, 1, -1, 10, 0),
                 *[(codes.EV_DRAW, 0, 1, c(n), 1, 0) for n in ("Estate", "Copper", "Copper")],
                 (codes.EV_TURN, 1, 1, -1, 1, 0),
                 (codes.EV_HAND, 1, 1, c("Copper"), 2, 0),
                 (codes.EV_HAND, 1, 1, c("Estate"), 1, 0),
                 (codes.EV_PLAY, 1, 1, c("Smithy"), 1, 0),
                 (codes.EV_DRAW, 1, 1, c("Gold"), 1, 0))
    assert _lines(rows, 0) == ["P1 b shuffles 10 cards into a new draw pile",
                               "P1 b draws 3 cards", "Turn 1 — P1 b", "hand: 3 cards",
                               "P1 b plays Smithy", "draws a card"]
    assert _lines(rows, 1) == _lines(rows, None) == [
        "P1 b shuffles 10 cards into a new draw pile", "P1 b draws: Estate, Copper, Copper",
        "Turn 1 — P1 b", "hand: 2 Copper, 1 Estate", "P1 b plays Smithy", "draws: Gold"]


def test_a_spectator_sees_every_card_unchanged():
    rows = _rows((codes.EV_TURN, 1, 0, -1, 1, 0), (codes.EV_HAND, 1, 0, c("Copper"), 5, 0),
                 (codes.EV_PLAY, 1, 0, c("Council Room"), 1, 0),
                 (codes.EV_DRAW, 1, 1, c("Gold"), 1, 0))
    text = format_log(rows, NAMES[:2])
    assert format_log(rows, NAMES[:2], viewer=None) == text
    assert "hand: 5 Copper" in text and "P1 b draws: Gold" in text


def test_public_rows_stay_named_for_everyone():
    """Plays, buys, gains, trashes, discards, reveals, the Tavern mat, calls, Events,
    reactions, exchanges: every player sees the card."""
    rows = _rows((codes.EV_TURN, 1, 1, -1, 1, 0),
                 (codes.EV_PLAY, 1, 1, c("Cellar"), 1, 0),
                 (codes.EV_DISCARD, 1, 1, c("Estate"), 2, codes.DISCARD_CELLAR),
                 (codes.EV_TRASH, 1, 1, c("Curse"), 1, 0),
                 (codes.EV_REVEAL_CARD, 1, 1, c("Gold"), 1, 0),
                 (codes.EV_TO_MAT, 1, 1, c("Ratcatcher"), 1, c("Ratcatcher")),
                 (codes.EV_CALL, 1, 1, c("Ratcatcher"), 1, -1),
                 (codes.EV_EVENT, 1, 1, c("Alms"), 1, 0),
                 (codes.EV_GAIN, 1, 1, c("Silver"), 1, 0),
                 (codes.EV_EXCHANGE, 1, 1, c("Page"), 1, c("Treasure Hunter")),
                 (codes.EV_REACT, 1, 0, c("Caravan Guard"), 1, c("Militia")))
    assert _lines(rows, 0) == _lines(rows, None)


@pytest.mark.parametrize(("extra", "visible"), [
    ("Harbinger", False), ("Sentry", False), ("Artisan", False), ("Haunted Woods", False),
    ("Scouting Party", False), ("Courtyard", False), ("Bureaucrat", True), ("Replace", True),
    ("Patrol", True), ("Wishing Well", True), (-1, True)])
def test_onto_the_deck_by_card(extra, visible):
    """Put onto a deck: from a hand, a look or the discard pile (below its top) only the
    owner knows which; Bureaucrat's Victory card was revealed, Travelling Fair's card was
    just gained in view of all."""
    by = extra if extra == -1 else c(extra)
    rows = _rows((codes.EV_TOPDECK, 1, 1, c("Gold"), 1, by))
    why = "Travelling Fair" if extra == -1 else extra
    assert _lines(rows, 0) == [f"P1 b puts {'Gold' if visible else 'a card'} onto their "
                               f"deck ({why})"]
    assert _lines(rows, 1) == [f"P1 b puts Gold onto their deck ({why})"]


@pytest.mark.parametrize(("by", "visible"), [("Library", True), ("Gear", False),
                                             ("Save", False), ("Inheritance", True)])
def test_set_aside_by_card(by, visible):
    """Set aside face up (Library; Inheritance's card, from the Supply) or face down
    (Gear, Save)."""
    rows = _rows((codes.EV_SET_ASIDE, 1, 1, c("Smithy"), 1, c(by)),
                 (codes.EV_SET_ASIDE, 1, 1, c("Village"), 1, c(by)))
    what = "Smithy, Village" if visible else "2 cards"
    assert _lines(rows, 0) == [f"P1 b sets aside {what} ({by})"]


@pytest.mark.parametrize("by", ["Sentry", "Raze", "Scouting Party"])
def test_a_look_at_your_own_deck_is_private(by):
    rows = _rows((codes.EV_LOOK, 1, 1, c("Gold"), 1, c(by)),
                 (codes.EV_LOOK, 1, 1, c("Estate"), 1, c(by)))
    assert _lines(rows, 0) == [f"P1 b looks at 2 cards ({by})"]
    assert _lines(rows, 1) == [f"P1 b looks at Gold, Estate ({by})"]


@pytest.mark.parametrize(("by", "visible"), [("Gear", False), (-1, False), ("Raze", False),
                                             ("Magpie", True)])
def test_back_into_the_hand_by_card(by, visible):
    """Gear's and Save's face-down cards and the card Raze keeps stay private; Magpie's
    Treasure was revealed."""
    extra = by if by == -1 else c(by)
    rows = _rows((codes.EV_RETURN, 1, 1, c("Gold"), 1, extra))
    why = "Save" if by == -1 else by
    assert _lines(rows, 0) == [f"P1 b puts {'Gold' if visible else 'a card'} into their "
                               f"hand ({why})"]


def test_a_passed_card_is_seen_by_its_giver_and_receiver_only():
    """Masquerade: with 3 players the third does not see the card passed."""
    rows = _rows((codes.EV_PASS, 1, 1, c("Gold"), 1, 2))
    assert _lines(rows, 0, NAMES) == ["P1 b passes a card to P2 c"]
    assert _lines(rows, 1, NAMES) == _lines(rows, 2, NAMES) == ["P1 b passes Gold to P2 c"]


def test_secret_passage_shows_where_not_which():
    rows = _rows((codes.EV_INSERT, 1, 1, c("Gold"), 3, c("Secret Passage")),
                 (codes.EV_INSERT, 1, 1, c("Estate"), 0, c("Secret Passage")))
    assert _lines(rows, 0) == ["P1 b puts a card 3 cards down in their deck (Secret Passage)",
                               "P1 b puts a card on top of their deck (Secret Passage)"]
    assert _lines(rows, 1) == ["P1 b puts Gold 3 cards down in their deck (Secret Passage)",
                               "P1 b puts Estate on top of their deck (Secret Passage)"]


# ------------------------------------------------------------ each rule, on a real turn
def _view(sc, viewer: int) -> list[str]:
    n = sc.config.n_players
    return [line.strip() for line in format_log(np.array(log_rows(sc)), NAMES[:n],
                                                viewer=viewer).splitlines()]


def test_sentry_look_and_put_back_seen_by_the_others(scenario):
    bot = Scripted("a", sentry_trash=[None], sentry_discard=[None], sentry_top=["Gold"])
    sc = scenario([bot, nobuy("b")], kingdom=REST_KINGDOM)
    sc.set_hand(0, ["Sentry"]).set_deck(0, ["Copper", "Gold", "Estate"])
    sc.play_turn(0)
    theirs, mine = _view(sc, 1), _view(sc, 0)
    i = theirs.index("P0 a plays Sentry")
    assert theirs[i + 1:i + 5] == ["draws a card", "P0 a looks at 2 cards (Sentry)",
                                   "P0 a puts a card onto their deck (Sentry)",
                                   "P0 a puts a card onto their deck (Sentry)"]
    assert "P0 a looks at Gold, Estate (Sentry)" in mine
    assert not any("Gold" in line or "Estate" in line for line in theirs[i:])


def test_artisan_and_harbinger_hide_the_card_bureaucrat_shows_it(scenario):
    bot = Scripted("a", play_action=["Harbinger", "Artisan"], harbinger_topdeck=["Gold"],
                   artisan_gain=["Silver"], artisan_topdeck=["Estate"])
    sc = scenario([bot, nobuy("b")], kingdom=REST_KINGDOM)
    sc.set_hand(0, ["Harbinger", "Artisan", "Estate"]).set_discard(0, ["Gold"])
    sc.set_deck(0, ["Copper"])
    sc.play_turn(0)
    theirs = _view(sc, 1)
    assert "P0 a puts a card onto their deck (Harbinger)" in theirs
    assert "P0 a gains Silver (to hand)" in theirs                 # a gain is public
    assert "P0 a puts a card onto their deck (Artisan)" in theirs
    assert "P0 a puts Estate onto their deck (Artisan)" in _view(sc, 0)

    sc = scenario([nobuy("a"), nobuy("b")], kingdom=REST_KINGDOM)
    sc.set_hand(0, ["Bureaucrat"]).set_hand(1, ["Estate", "Copper", "Copper"])
    sc.play_turn(0)
    assert "P1 b puts Estate onto their deck (Bureaucrat)" in _view(sc, 0)


def test_library_set_aside_is_seen_the_draws_are_not(scenario):
    bot = Scripted("a", library_set_aside=[True])
    sc = scenario([bot, nobuy("b")], kingdom=REST_KINGDOM)
    sc.set_hand(0, ["Library", "Copper", "Copper", "Copper"])
    sc.set_deck(0, ["Silver", "Sentry", "Gold", "Copper"])
    sc.play_turn(0)
    theirs = _view(sc, 1)
    assert "P0 a sets aside Sentry (Library)" in theirs
    i = theirs.index("P0 a plays Library")
    assert theirs[i + 1] == "draws a card"           # Silver, before the set-aside
    assert not any("Silver" in line or "Gold" in line for line in theirs[i:i + 4])


def test_gear_sets_aside_face_down(scenario):
    bot = Scripted("me", play_treasure=[None], gear_set_aside=["Estate", "Silver", None])
    sc = scenario([bot, nobuy("b")], kingdom=["Gear", "Village", "Smithy", "Moat", "Cellar",
                                              "Market", "Militia", "Mine", "Remodel",
                                              "Workshop"])
    sc.set_hand(0, ["Gear", "Estate", "Silver"]).set_deck(0, ["Copper"] * 2 + ["Curse"] * 5)
    sc.play_turn(0)
    assert "P0 a sets aside 2 cards (Gear)" in _view(sc, 1)
    assert "P0 a sets aside Estate, Silver (Gear)" in _view(sc, 0)


def test_state_log_takes_a_viewer():
    """State.log(viewer=s): the game so far as seat s saw it."""
    from sim.env import Game

    state = Game(players=2).new_initial_state(seed=5)
    for _ in range(30):
        state.apply_action(state.bot_action())
    full, mine = state.log(), state.log(viewer=0)
    assert "P1 bmu draws: " in full and "P1 bmu draws 5 cards" in mine
    assert "hand: 5 cards" in mine and "P0 bmu draws: " in mine
    assert state.log(viewer=None) == full


# ------------------------------------------------------------- whole human-seat games
# The bots that play the cards and Events whose rows only their owner sees (or that show
# another player's cards), in the order they take the opponents' seats.
# (Gear's and Save's face-down cards come from random bots.)
# (Masquerade's bot makes its board one of 3 players: a card passed between the two others
# is hidden from the human seat.)
_PRIVATE_BOTS = {"Sentry": "sentry-bm", "Artisan": "artisan-bm", "Harbinger": "harbinger-bm",
                 "Raze": "raze-bm", "Haunted Woods": "haunted-woods-bm",
                 "Bureaucrat": "bureaucrat-bm", "Library": "library-bm",
                 "Masquerade": "masquerade-bm"}
_PRIVATE_EVENTS = ("Save", "Scouting Party", "Inheritance")     # bought by random bots
# Each board's game seed, and the rows of its opponents that the human seat may not see,
# besides draws and hands, by (event, the card whose text did it; Masquerade for a pass,
# whose row names its receiver): so each rule is met.
_GAMES = ((40, {(codes.EV_SET_ASIDE, "Save"), (codes.EV_RETURN, -1)}),
          (41, {(codes.EV_TOPDECK, "Harbinger")}),
          (42, {(codes.EV_LOOK, "Sentry"), (codes.EV_TOPDECK, "Sentry"),
                (codes.EV_TOPDECK, "Artisan")}),
          (47, {(codes.EV_LOOK, "Raze"), (codes.EV_RETURN, "Raze"),
                (codes.EV_SET_ASIDE, "Gear")}),
          (44, {(codes.EV_TOPDECK, "Haunted Woods")}),
          (40, {(codes.EV_TOPDECK, "Courtyard"), (codes.EV_PASS, "Masquerade")}),
          (46, {(codes.EV_LOOK, "Scouting Party"), (codes.EV_TOPDECK, "Scouting Party")}),
          (42, {(codes.EV_INSERT, "Secret Passage")}),
          (48, {(codes.EV_LOOK, "Raze"), (codes.EV_RETURN, "Raze")}))


def _boards() -> list[tuple[list[str], list[str], list[str]]]:
    """Boards (kingdom, Events, opponents) that together hold every kingdom card and
    Event of the base set, Adventures and Intrigue: 2 players, or 3 where two bots play
    cards whose rows are private (Sentry, Artisan...), with a random bot beside one;
    random bots, which buy and play every kind of card and Event, on the boards with the
    private Events."""
    base = [CARDS[k].name for k in BASE_KINGDOM]
    adv = [CARDS[k].name for k in KINGDOM_CARDS if k not in BASE_KINGDOM]
    cards = base + adv
    kingdoms, opponents = [], []
    for i in range(0, len(cards), 10):
        kingdom = cards[i:i + 10]
        kingdom += [x for x in adv if x not in kingdom][:10 - len(kingdom)]
        kingdoms.append(kingdom)
        bots = [b for card, b in _PRIVATE_BOTS.items() if card in kingdom][:2]
        opponents.append(bots + ["random"] if len(bots) == 1 else bots or ["random"])
    events: list[list[str]] = [[] for _ in kingdoms]
    randoms = [i for i, o in enumerate(opponents) if o == ["random"]]
    for k, e in enumerate(_PRIVATE_EVENTS):
        events[randoms[k % len(randoms)]].append(e)
    rest = [CARDS[e].name for e in EVENTS if CARDS[e].name not in _PRIVATE_EVENTS]
    for board in events:
        while len(board) < 4 and rest:
            board.append(rest.pop(0))
    boards = list(zip(kingdoms, events, opponents, strict=True))
    assert {x for b in boards for x in b[0]} == set(cards)
    assert {x for b in boards for x in b[1]} == {CARDS[e].name for e in EVENTS}
    assert {len(b[2]) for b in boards} == {1, 2}               # 2 and 3 players
    return boards


# A line of the log naming cards that only their owner may see, by the words before them
# (another player's draws, hand, private look, face-down set-aside, topdeck from hand...).
_PRIVATE = [re.compile(p) for p in (
    r"^    (?P<who>P\d \S+ )?draws(?::| )(?P<cards>.*)$",
    r"^    hand: (?P<cards>.*)$",
    r"^    (?P<who>P\d \S+ )looks at (?P<cards>.*) \((Sentry|Raze|Scouting Party)\)$",
    r"^    (?P<who>P\d \S+ )sets aside (?P<cards>.*) \((Gear|Save)\)$",
    r"^    (?P<who>P\d \S+ )puts (?P<cards>.*) onto their deck "
    r"\((Harbinger|Sentry|Artisan|Haunted Woods|Scouting Party)\)$",
    r"^    (?P<who>P\d \S+ )puts (?P<cards>.*) into their hand \((Gear|Save|Raze)\)$",
    r"^    (?P<who>P\d \S+ )puts (?P<cards>.*) onto their deck \((Courtyard)\)$",
    r"^    (?P<who>P\d \S+ )puts (?P<cards>.*) (on top of|\d+ cards? down in) their deck "
    r"\((Secret Passage)\)$",
    r"^    (?P<who>P\d \S+ )passes (?P<cards>.*) to P(?P<to>\d) \S+$")]
_COUNTED = re.compile(r"^ ?(a card|\d+ cards)$")


def _leaks(text: str, seat: int, hidden: set[str]) -> list[str]:
    """The lines of ``text`` (a log, or a transcript of news blocks: lines in the log's
    order) that name a card of another player than ``seat`` where only its owner may
    see it: a card name among ``hidden`` (the names of the cards the full rows show were
    hidden from the seat) or anything but a count."""
    found, turn = [], -1
    for line in text.splitlines():
        m = re.match(r"^Turn \d+ — P(\d) ", line)
        if m:
            turn = int(m.group(1))
            continue
        for pat in _PRIVATE:
            m = pat.match(line)
            if not m:
                continue
            who = m.groupdict().get("who")
            owner = int(who[1]) if who else turn
            cards = m.group("cards")
            to = m.groupdict().get("to")               # a pass: its receiver sees it too
            if owner == seat or (to is not None and int(to) == seat):
                continue
            if any(n in cards for n in hidden) or not _COUNTED.match(cards):
                found.append(line)
    return found


def _play_human_game(kingdom, events, opponents, seed):
    """A human seat fed empty lines (its fallback: the random bot, which buys and plays
    every kind of card) against ``opponents``: (seat, transcript, result, names)."""
    from sim.env.human import HumanSeat
    from sim.runner.api import play_game, run_bots
    from sim.runner.plan import make_config

    cfg = make_config(["human:random", *opponents], players=1 + len(opponents),
                      games=1, seed=seed, kingdom=",".join(kingdom),
                      events=",".join(events), max_events=4, turn_cap=30)
    seat = next(b for b in run_bots(cfg) if isinstance(b, HumanSeat))
    seat._in, seat._out = io.StringIO("\n" * 100_000), io.StringIO()
    result, names, _ = play_game(cfg, 0, log=True)
    assert not result.log_truncated
    return seat.seat, seat._out.getvalue(), result, names


def _why(row) -> str | int:
    """The card whose text made a log row (its ``extra``; -1: none), Masquerade for a pass
    (whose ``extra`` is the receiver's seat)."""
    if row[0] == codes.EV_PASS:
        return "Masquerade"
    return CARDS[row[5]].name if row[5] >= 0 else -1


@pytest.mark.parametrize("board", range(len(_boards())))
def test_a_human_seat_is_never_shown_another_players_hidden_cards(board):
    kingdom, events, opponents = _boards()[board]
    seed, private = _GAMES[board]
    seat, transcript, result, names = _play_human_game(kingdom, events, opponents, seed)
    rows = np.asarray(result.log)
    unseen = [r for r in rows.tolist()
              if r[3] >= 0 and not card_visible(r[0], r[2], r[5], seat)]
    hidden = {CARDS[r[3]].name for r in unseen}
    assert {"Copper", "Estate"} <= hidden          # the others' opening hands, at least
    met = {(r[0], _why(r)) for r in unseen if r[0] not in (codes.EV_DRAW, codes.EV_HAND)}
    assert private <= met, met
    assert "-- since your last answer --" in transcript
    assert _leaks(transcript, seat, hidden) == []
    # The same check finds the hidden cards in the spectator's log of the game: it
    # would catch a seat shown the unfiltered log.
    assert _leaks(format_log(rows, names), seat, hidden)
    # The player's view is the spectator's log with only those cards left out.
    mine = format_log(rows, names, viewer=seat)
    assert _leaks(mine, seat, hidden) == []
    assert len(mine.splitlines()) == len(format_log(rows, names).splitlines())


def test_a_players_view_says_one_card_one_turn():
    rows = _rows((codes.EV_SHUFFLE, 0, 1, -1, 1, 0), (codes.EV_END, 1, 0, -1, 0, 1),
                 (codes.EV_SCORE, 1, 1, -1, 3, 1))
    assert _lines(rows, 0) == ["P1 b shuffles 1 card into a new draw pile",
                               "Game over after 1 turn: the Province pile is empty.",
                               "P1 b: 3 VP in 1 turn"]
