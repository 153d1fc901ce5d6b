"""The rest of the base set in the bot language: the ``topdeck`` and ``sentry_discard``
lists (rules, TOML, Python), the hooks' known deck top, and the single-card reference bots.

Each decision test builds the exact situation and asks the engine the decision itself
(``Scenario.decide``), so it checks the compiled rule program, not a copy of it.
"""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from bots import get_bot, library
from bots.compiled import CompiledBot
from bots.python_bot import DEFAULT, PythonBot
from bots.rules import RuleBot, default_sentry_discard_set, default_topdeck_order
from bots.toml_bot import loads_bot
from sim.cards import CARDS, COPPER, GOLD, SILVER, card_id
from sim.engine import layout as L
from sim.engine.base_set import (
    D_ARTISAN_TOPDECK,
    D_HARBINGER,
    D_SENTRY_DISCARD,
    D_SENTRY_TOP,
    D_SENTRY_TRASH,
)
from sim.engine.callbacks import METHODS
from sim.engine.codes import D_BUY, EV_TOPDECK, USE_DEFAULT
from sim.engine.hooks import (
    HOOK_SIGNATURE,
    KNOWN_TOP_MAX,
    hook_view,
    known_deck_top,
    known_on_deck,
)
from sim.engine.pointers import ptr
from sim.runner import Match
from tests.conftest import REST_KINGDOM, events, make_scenario, nobuy

pytestmark = pytest.mark.timeout(900)
NEW_CARDS = ["Harbinger", "Vassal", "Bureaucrat", "Poacher", "Throne Room", "Bandit",
             "Library", "Sentry", "Artisan"]


def _scenario(bot, kingdom=REST_KINGDOM):
    return make_scenario([bot, nobuy("other")], kingdom=kingdom)


def _set_aside(sc, p, cards):
    """Put ``cards`` in ``p``'s set-aside zone (what Sentry is looking at)."""
    z = sc._zone(L.ASIDE0, p)
    z[:] = 0
    for name in cards:
        z[card_id(name)] += 1
    sc.S[L.ASIDE_N + p] = int(z.sum())
    sc._recount(p)
    return sc


# -- Harbinger: the topdeck list, and its default --------------------------------------------
def test_harbinger_default_takes_the_costliest_action_or_treasure_but_copper():
    sc = _scenario(nobuy("me"))
    sc.set_discard(0, ["Copper", "Silver", "Poacher", "Estate", "Province"])
    assert sc.decide(0, D_HARBINGER) == "Poacher"         # $4 beats Silver's $3
    sc.set_discard(0, ["Copper", "Copper", "Estate", "Curse"])
    assert sc.decide(0, D_HARBINGER) is None              # nothing worth drawing
    assert default_topdeck_order()[:2] == [card_id("Gold"), card_id("Artisan")]
    assert COPPER not in default_topdeck_order()


def test_harbinger_takes_the_first_listed_card_of_the_discard_pile():
    sc = _scenario(nobuy("me", topdeck=["Silver", "Poacher"]))
    sc.set_discard(0, ["Copper", "Gold", "Poacher", "Silver"])
    assert sc.decide(0, D_HARBINGER) == "Silver"          # listed first, though cheaper
    sc.set_discard(0, ["Copper", "Gold", "Poacher"])
    assert sc.decide(0, D_HARBINGER) == "Poacher"
    sc.set_discard(0, ["Copper", "Gold"])                  # nothing listed there: nothing
    assert sc.decide(0, D_HARBINGER) is None


# -- Artisan's put-back --------------------------------------------------------------------
def test_artisan_puts_back_the_first_listed_card_in_hand_else_its_default():
    sc = _scenario(nobuy("me", topdeck=["Silver", "Gold"]))
    sc.set_hand(0, ["Gold", "Copper", "Silver", "Estate"]).set_counters(actions=0)
    assert sc.decide(0, D_ARTISAN_TOPDECK) == "Silver"
    sc.set_hand(0, ["Copper", "Estate", "Harbinger"])      # none listed: the default
    assert sc.decide(0, D_ARTISAN_TOPDECK) == "Harbinger"  # an Action it cannot play now
    sc.set_counters(actions=1)
    assert sc.decide(0, D_ARTISAN_TOPDECK) == "Copper"    # else the cheapest Treasure
    plain = _scenario(nobuy("me"))                         # no list: the default at once
    plain.set_hand(0, ["Gold", "Copper", "Silver"]).set_counters(actions=1)
    assert plain.decide(0, D_ARTISAN_TOPDECK) == "Copper"


# -- Sentry: trash, discard, order ------------------------------------------------------------
def test_sentry_discards_its_sentry_discard_cards():
    sc = _scenario(nobuy("me", trash=["Curse"]))
    _set_aside(sc, 0, ["Copper", "Estate"])
    assert sc.decide(0, D_SENTRY_TRASH) is None           # neither is in its trash list
    assert sc.decide(0, D_SENTRY_DISCARD) == "Estate"     # default: Victory cards, Curses
    assert sorted(default_sentry_discard_set()) == sorted(
        c.id for c in CARDS
        if c.name in ("Estate", "Duchy", "Province", "Curse", "Gardens", "Duke"))
    sc = _scenario(nobuy("me", trash=["Curse"], sentry_discard=["Copper"]))
    _set_aside(sc, 0, ["Copper", "Estate"])
    assert sc.decide(0, D_SENTRY_DISCARD) == "Copper"
    _set_aside(sc, 0, ["Estate", "Gold"])
    assert sc.decide(0, D_SENTRY_DISCARD) is None         # Estate is not in its list now
    sc = _scenario(nobuy("me", sentry_discard=[]))
    _set_aside(sc, 0, ["Province", "Duchy"])
    assert sc.decide(0, D_SENTRY_DISCARD) is None


def test_sentry_puts_the_first_listed_card_on_top():
    sc = _scenario(nobuy("me"))
    _set_aside(sc, 0, ["Silver", "Gold"])
    assert sc.decide(0, D_SENTRY_TOP) == "Gold"           # default: discarded last on top
    sc = _scenario(nobuy("me", topdeck=["Silver"]))
    _set_aside(sc, 0, ["Silver", "Gold"])
    assert sc.decide(0, D_SENTRY_TOP) == "Silver"
    _set_aside(sc, 0, ["Smithy", "Gold"])                  # neither listed: the default
    assert sc.decide(0, D_SENTRY_TOP) == "Gold"


def test_a_whole_sentry_turn_follows_the_lists():
    """Sentry played in a turn: trashes the trash list, discards sentry_discard, and
    puts the topdeck list's card on top (drawn first by the next hand)."""
    bot = nobuy("me", trash=["Curse"], sentry_discard=["Copper"], topdeck=["Silver"])
    sc = _scenario(bot)
    sc.set_hand(0, ["Sentry"])
    sc.set_deck(0, ["Estate", "Curse", "Copper", "Gold", "Silver"] + ["Estate"] * 5)
    sc.play_turn(0)                                        # draws Estate; sees Curse, Copper
    assert sc.trash() == {"Curse": 1}
    assert sc.discard(0).get("Copper") == 1
    sc = _scenario(bot)
    sc.set_hand(0, ["Sentry"])
    sc.set_deck(0, ["Estate", "Gold", "Silver"] + ["Estate"] * 8)
    sc.play_turn(0)                                        # sees Gold, Silver: Silver on top
    put_back = [card for _p, card, _k, _x in events(sc, EV_TOPDECK, 0)]
    assert put_back == ["Gold", "Silver"]                  # the last one put back is on top
    assert sc.hand(0) == {"Silver": 1, "Gold": 1, "Estate": 3} and sc.trash() == {}


# -- the language: validation, TOML, Python ------------------------------------------------
@pytest.mark.parametrize("kw,word", [({"topdeck": ["Gold", "Gld"]}, "Gld"),
                                     ({"topdeck": ["Gold", "gold"]}, "gold"),
                                     ({"topdeck": "Gold"}, "Gold"),
                                     ({"sentry_discard": ["Estat"]}, "Estat")])
def test_bad_lists_are_refused_naming_the_word(kw, word):
    from bots.errors import RuleError

    with pytest.raises(RuleError) as e:
        RuleBot("x", **kw)
    assert e.value.word == word and word in str(e.value)
    assert list(kw)[0] in str(e.value)


def test_toml_lists_compile_like_python():
    text = ('name = "x"\ntopdeck = ["Gold", "Throne-Room"]\n'
            'sentry_discard = ["Copper", "Estate"]\n')
    want = RuleBot("x", topdeck=["Gold", "Throne Room"], sentry_discard=["Copper", "Estate"])
    got = loads_bot(text).program()
    np.testing.assert_array_equal(got.topdeck_rank, want.program().topdeck_rank)
    np.testing.assert_array_equal(got.sentry_discard, want.program().sentry_discard)
    assert got.flags[7] == 1 and RuleBot("y").program().flags[7] == 0   # F_TOPDECK


def test_python_bots_have_a_method_for_every_decision():
    missing = [m for m in METHODS if not callable(getattr(PythonBot, m, None))]
    assert not missing
    assert all(getattr(PythonBot, m)(PythonBot(), None) is DEFAULT for m in METHODS)


class TopdeckPython(PythonBot):
    """Answers Artisan's put-back itself when it holds an Estate; else its fallback's
    topdeck list decides."""

    name = "topdeck-python"
    fallback = nobuy("fallback", topdeck=["Silver"])

    def artisan_topdeck(self, view):
        return "Estate" if view.hand.get("Estate") else DEFAULT


def test_python_bot_answers_or_hands_on_to_its_fallbacks_lists():
    sc = _scenario(TopdeckPython())
    sc.set_hand(0, ["Gold", "Silver", "Estate"])
    assert sc.decide(0, D_ARTISAN_TOPDECK) == "Estate"
    sc.set_hand(0, ["Gold", "Silver", "Copper"])
    assert sc.decide(0, D_ARTISAN_TOPDECK) == "Silver"


# -- hooks: the known deck top ----------------------------------------------------------------
@njit(cache=True)
def _view(S, p):
    return hook_view(ptr(S), p).copy()


def _known(sc, p, n):
    """Make the top ``n`` cards of ``p``'s draw pile known to ``p``."""
    sc.S[L.UNKNOWN + p] = int(sc.S[L.DECK_N + p]) - n


def test_hook_view_holds_the_known_deck_top_and_nothing_below():
    sc = _scenario(nobuy("me"))
    sc.set_deck(0, ["Gold", "Silver", "Estate", "Copper", "Duchy"])
    sc.set_deck(1, ["Province", "Gold"])
    _known(sc, 0, 2)
    _known(sc, 1, 2)
    V = _view(sc.S, 0)
    assert known_on_deck(V) == 2
    assert [known_deck_top(V, i) for i in range(4)] == [GOLD, SILVER, -1, -1]
    assert known_deck_top(V, -1) == -1
    before = V.copy()
    sc.set_deck(0, ["Gold", "Silver", "Copper", "Duchy", "Estate"])   # the hidden part moves
    _known(sc, 0, 2)
    np.testing.assert_array_equal(_view(sc.S, 0), before)
    V1 = _view(sc.S, 1)                                     # seat 1 sees its own top only
    assert known_on_deck(V1) == 2 and known_deck_top(V1, 0) == card_id("Province")
    sc.set_deck(0, ["Copper"] * 20)
    _known(sc, 0, 20)
    assert known_on_deck(_view(sc.S, 0)) == KNOWN_TOP_MAX
    sc.set_deck(0, ["Gold", "Silver"])                      # shuffled: nothing known
    assert known_on_deck(_view(sc.S, 0)) == 0 and known_deck_top(_view(sc.S, 0), 0) == -1


@njit(HOOK_SIGNATURE, cache=True)
def silver_if_silver_on_top(V, d, arg):
    if d == D_BUY and known_deck_top(V, 0) == SILVER:
        return SILVER
    return USE_DEFAULT


def test_a_hook_reads_its_known_deck_top_in_a_game():
    bot = CompiledBot("top-hook", "buys Silver when it knows a Silver is on top",
                      nobuy("rules"), silver_if_silver_on_top)
    for known, bought in ((1, {"Silver": 1}), (0, {})):
        sc = _scenario(bot)
        sc.set_hand(0, ["Copper"] * 3).set_deck(0, ["Silver"] + ["Estate"] * 6)
        _known(sc, 0, known)
        sc.play_turn(0)
        assert sc.gained_last_turn() == bought


# -- the single-card reference bots -------------------------------------------------------
REST_BOTS = {b.name: b for b in library.BASE_REST_BOTS}


def test_every_new_card_has_its_reference_bot():
    for card in NEW_CARDS:
        name = card.lower().replace(" ", "-") + "-bm"
        bot = get_bot(name)
        bought = {CARDS[int(c)].name for c in bot.program().rules[:, 0]}
        assert card in bought, name


@pytest.mark.parametrize("name", sorted(REST_BOTS))
def test_reference_bot_plays_bmu_on_the_auto_kingdom(name):
    res = Match(name, "bmu", games=60, seed=11, kingdom="auto", processes=1).play(
        progress=False)
    assert res.complete and res.n_games == 60
    card = {n.lower().replace(" ", "-"): n for n in NEW_CARDS}[name.removesuffix("-bm")]
    assert card in res.config.kingdom


def test_throne_room_bm_throne_rooms_its_smithy():
    sc = _scenario(get_bot("throne-room-bm"), kingdom=REST_KINGDOM[:-1] + ["Smithy"])
    sc.set_hand(0, ["Throne Room", "Smithy", "Copper"]).set_deck(0, ["Silver"] * 12)
    sc.set_counters(actions=1)
    coins = sc.play_turn(0)
    assert coins == 1 + 6 * 2                              # six Silvers drawn


# Every reference bot beats plain big-money (which never greens early) on its auto kingdom:
# in 2,000 games, seats rotated, the lower end of the 95% interval is above 50% (measured
# 73-94% in 10,000 games: experiments/base_rest_bots.py).  Against bmu only some of them win
# (bureaucrat 62%, poacher 55%, throne-room 72%, bandit 70%, library 69%, sentry 58%);
# harbinger-bm and vassal-bm are level with it (50%) and artisan-bm loses (36%): those are
# not claimed.
BEATS_BMU = ["bureaucrat-bm", "poacher-bm", "throne-room-bm", "bandit-bm", "library-bm",
             "sentry-bm"]


def _win_rate_low(name: str, opponent: str, games: int) -> tuple[float, float]:
    res = Match(name, opponent, games=games, seed=2024, kingdom="auto", processes=1).play(
        progress=False)
    row = res.summary().loc[name]
    return float(row.win_rate), float(row.ci_low)


@pytest.mark.parametrize("name", sorted(REST_BOTS))
def test_reference_bot_beats_big_money(name):
    rate, low = _win_rate_low(name, "big-money", 2000)
    assert low > 0.5, (name, rate, low)


@pytest.mark.parametrize("name", BEATS_BMU)
def test_reference_bot_beats_bmu(name):
    rate, low = _win_rate_low(name, "bmu", 4000)
    assert low > 0.5, (name, rate, low)
