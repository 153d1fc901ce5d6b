"""One table of decisions (issue 36, item 1): what the engine accepts, the State API's
mask and the random bot's draws agree, for every decision of random games that hold
every kingdom card and Event.

The table (sim.engine.codes.DECISIONS) declares each decision once; the one compiled
legality source (sim.engine.legality) derives the random bot's draw, the mask and the
error words from it.  Here, at every decision an agent seat is asked (agents take
"all"):

* every action is tried on the engine itself, past the mask (the answer written into
  the turn's script, the turn replayed): the engine accepts it <=> the mask holds it,
  except for the table's listed narrowings (sim.engine.legality's docstring), where
  the engine accepts more and every such answer is in the table's ``wide`` answers;
* the random bot's draw (legality.random_answer) over many streams lands only on
  masked answers and reaches each of them.
"""

from __future__ import annotations

import numpy as np
import pytest

from sim.cards import N_CARDS
from sim.engine import base_set, codes, legality
from sim.engine.adventures import cards as adv_cards
from sim.engine.adventures import events as adv_events
from sim.env import Game, core, scenario_state
from sim.env.actions import MODE0, N_ACTIONS, NO, NONE, YES, action_name
from tests.test_env_conformance import TABLES, TURN_CAP, _situations, random_action

#: Decisions where the engine accepts more than the table (the random bot's narrowings,
#: sim.engine.legality): each still reaches every outcome.
NARROWED = frozenset({codes.D_START, adv_events.D_QUEST, adv_events.D_QUEST_DISCARD,
                      adv_events.D_PILGRIMAGE, base_set.D_THRONE_ROOM, adv_cards.D_DISCIPLE})
FULL_CHECKS = 3         # decisions of each code (per table) whose every action is tried
DRAWS = 24              # random-bot draws per legal answer


def engine_answer(a: int, d: int) -> int:
    """The engine's answer for action ``a`` to decision ``d`` (what the agent seat hands
    the engine: sim.engine.agent_seat.agent_answer)."""
    if a == NONE:
        return -1
    if a in (NO, YES):
        return int(a == YES)
    if a >= MODE0:
        return a - MODE0
    return a


def engine_accepts(state, a: int) -> bool:
    """The engine, not the mask, takes action ``a`` now: written into a clone's turn
    script unchecked and the turn replayed, no illegal-answer error."""
    c = state.clone()
    c._unshare()
    core.add_answer(c.S, a)
    g = c.game
    try:
        c._stepped(core.go_on(c.S, c.R, g.T, g.P, g.P, g.Q, g.H, c._out_score, c._out_turns,
                              c._out_game, c.mask))
    except RuntimeError as e:
        assert "not a legal answer" in str(e) or "illegal" in str(e), e
        return False
    return True


def check_engine_and_mask(state) -> bool:
    """Every action: engine accepts <=> mask (outside NARROWED); inside, mask within
    what the engine accepts, which is within the table's wide answers.  Returns whether
    the engine accepted more than the mask here."""
    d, arg = state.decision()
    p = state.current_player()
    g = state.game
    mask = state.legal_actions_mask()
    accepted = np.array([engine_accepts(state, a) for a in range(N_ACTIONS)])
    where = f"{codes.DECISION_NAMES[d]} (arg {arg})"
    refused = [action_name(a, d) for a in np.flatnonzero(mask & ~accepted)]
    assert not refused, f"{where}: the engine refuses masked {refused}"
    extra = [a for a in np.flatnonzero(accepted & (mask == 0))]
    if d in NARROWED:
        for a in extra:
            assert legality.legal_answer(state.D, g.T, p, d, arg, engine_answer(a, d), True), \
                f"{where}: the engine accepts {action_name(a, d)}, not in the wide answers"
    else:
        words = [action_name(a, d) for a in extra]
        assert not extra, f"{where}: the engine accepts unmasked {words}"
    return bool(extra)


def check_random_bot(state, rng: np.random.Generator) -> None:
    """The random bot's draws from many streams: only masked answers, and every one."""
    d, arg = state.decision()
    p = state.current_player()
    g = state.game
    mask = state.legal_actions_mask()
    out = np.empty(legality.N_OUT, np.int64)
    n, drawn = legality.answers(state.D, g.T, p, d, arg, out, False)
    listed = {int(legality.action_of(d, a)) for a in out[:n]}
    masked = set(np.flatnonzero(mask).tolist())
    padded = core.padded_reaction(state.D, p, d) and masked == {NO}
    assert listed == masked or (padded and listed == {NO, YES}), codes.DECISION_NAMES[d]
    seen = set()
    for _ in range(DRAWS * n if drawn else 1):
        R = rng.integers(1, 2**63, size=state.R.size, dtype=np.uint64)
        D = state.D.copy()
        seen.add(int(legality.action_of(d, legality.random_answer(D, R, g.T, p, d, arg))))
    assert seen <= listed, codes.DECISION_NAMES[d]
    if drawn:
        assert seen == listed, (codes.DECISION_NAMES[d], seen, listed)


def sweep(seeds: range, full: int) -> tuple[dict[int, int], set[int]]:
    """Random games of every table (and the built situations of the rarest decisions):
    each decision checked; returns the codes met (code -> times) and those where the
    engine accepted more than the mask."""
    rng = np.random.default_rng(0)
    met: dict[int, int] = {}
    wider: set[int] = set()

    def visit(state) -> None:
        d = state.decision()[0]
        met[d] = met.get(d, 0) + 1
        seen[d] = seen.get(d, 0) + 1
        if (seen[d] <= full or d in NARROWED) and check_engine_and_mask(state):
            wider.add(d)
        check_random_bot(state, rng)

    for kingdom, events, players in TABLES:
        game = Game(kingdom=kingdom, events=events.split(","), players=players,
                    turn_cap=TURN_CAP)
        seen: dict[int, int] = {}
        for seed in seeds:
            play = np.random.default_rng(seed)
            state = game.new_initial_state(seed)
            while not state.is_terminal():
                visit(state)
                state.apply_action(random_action(state, play))
    seen = {}
    for k, (sc, prefer, target) in enumerate(_situations() + _more_situations()):
        state = scenario_state(sc, 0)
        play = np.random.default_rng(k)
        while not state.is_terminal() and state.decision()[0] != target:
            state.apply_action(random_action(state, play, prefer))
        visit(state)
    return met, wider


def _more_situations() -> list:
    """Built situations for decisions two seeds of random play may miss: Artisan (gain,
    then put back), Disciple with an Action in hand, Throne Room with an Estate
    inheriting an Action (the narrowing: the engine takes the Estate too), Baron with an
    Estate in hand, Diplomat revealed from a hand of 5 against Militia (its discards)."""
    from sim.cards import card_id
    from sim.engine.intrigue.cards import D_BARON
    from sim.engine.intrigue.others import D_DIPLOMAT_DISCARD
    from sim.engine.scenario import Scenario

    out = []
    sc = Scenario(["bmu", "bmu"], kingdom=TABLES[3][0].split(","))
    sc.set_hand(0, ["Artisan", "Copper", "Estate", "Silver", "Copper"])
    out.append((sc, frozenset({card_id("Artisan")}), base_set.D_ARTISAN_GAIN))
    sc = Scenario(["bmu", "bmu"], kingdom=TABLES[3][0].split(","))
    sc.set_hand(0, ["Artisan", "Copper", "Estate", "Silver", "Copper"])
    out.append((sc, frozenset({card_id("Artisan"), card_id("Silver")}),
                base_set.D_ARTISAN_TOPDECK))
    sc = Scenario(["bmu", "bmu"], kingdom=TABLES[3][0].split(","))
    sc.set_hand(0, ["Disciple", "Page", "Copper", "Estate", "Copper"])
    out.append((sc, frozenset({card_id("Disciple")}), adv_cards.D_DISCIPLE))
    sc = Scenario(["bmu", "bmu"], kingdom=TABLES[2][0].split(","),
                  events=["Inheritance"])
    sc.set_inheritance(0, "Moneylender").set_hand(0, ["Throne Room", "Estate", "Copper", "Copper"])
    out.append((sc, frozenset({card_id("Throne Room")}), base_set.D_THRONE_ROOM))
    sc = Scenario(["bmu", "bmu"], kingdom=TABLES[6][0].split(","))
    sc.set_hand(0, ["Baron", "Estate", "Copper", "Copper", "Copper"])
    out.append((sc, frozenset({card_id("Baron")}), D_BARON))
    sc = Scenario(["bmu", "bmu"], kingdom=TABLES[7][0].split(","))
    sc.set_hand(0, ["Militia", "Copper", "Copper", "Copper", "Copper"])
    sc.set_hand(1, ["Diplomat", "Copper", "Copper", "Estate", "Estate"])
    out.append((sc, frozenset({card_id("Militia"), YES}), D_DIPLOMAT_DISCARD))
    return out


def test_engine_mask_and_random_bot_agree_at_every_decision():
    met, wider = sweep(range(2), FULL_CHECKS)
    missing = [codes.DECISION_NAMES[d] for d in range(codes.N_DECISIONS) if d not in met]
    assert not missing, f"decisions never met: {missing}"
    print("wider:", sorted(codes.DECISION_NAMES[d] for d in wider))
    assert wider <= NARROWED
    assert base_set.D_THRONE_ROOM in wider     # the built situation: an inheriting Estate


@pytest.mark.slow
def test_engine_mask_and_random_bot_agree_on_many_seeds():
    sweep(range(2, 24), 12)


def test_every_decision_has_one_record_and_the_names_come_from_it():
    assert [d.code for d in codes.DECISIONS] == list(range(codes.N_DECISIONS))
    assert codes.DECISION_NAMES == tuple(d.name for d in codes.DECISIONS)
    assert len(set(codes.DECISION_NAMES)) == codes.N_DECISIONS
    # Each code has its D_* name: in the table (the built-in sets') or in the module of
    # the set's functions that asks it (a set registered later reads its codes there).
    import importlib

    from sim.cards import SETS
    modules = [codes] + [importlib.import_module(m) for s in SETS for m in s.engine]
    d_names = {v for mod in modules for k, v in vars(mod).items()
               if k.startswith("D_") and isinstance(v, int)}
    assert sorted(d_names) == list(range(codes.N_DECISIONS))
    for d in codes.DECISIONS:
        assert d.text.endswith(("?", ".")), d.name
        assert len(d.text) < 160, d.name


def test_the_option_words_are_the_actions_words():
    for d in codes.DECISIONS:
        for k, word in enumerate(d.options):
            assert action_name(MODE0 + k, d.code) == f"option {k} ({word})"
    assert N_ACTIONS - MODE0 == max(len(d.options) for d in codes.DECISIONS)


def test_the_table_refuses_a_malformed_record():
    with pytest.raises(ValueError, match="yes/no"):
        _declare_bad(answer=codes.ANS_YES_NO, none=codes.NONE_ALWAYS)
    with pytest.raises(ValueError, match="option words"):
        _declare_bad(answer=codes.ANS_MODE)


def _declare_bad(**kw) -> None:
    """Declare a malformed decision and drop it again (the table stays as it was)."""
    n = len(codes.DECISIONS)
    try:
        codes.decision("bad", "bad", asked=codes.ASK_TURN, text="?", **kw)
    finally:
        del codes.DECISIONS[n:]


def test_the_tables_arrays_follow_the_records():
    for d in codes.DECISIONS:
        assert codes.DEC_DOMAIN[d.code] == d.domain
        assert codes.DEC_NONE[d.code] == d.none
        assert codes.DEC_OPTIONS[d.code] == len(d.options)
    assert (codes.DEC_EXCLUDE < N_CARDS).all()


def test_the_rule_languages_choose_words_cover_the_tables_options():
    """bots.rules.CHOICES keeps its own words (the rule language's), one per option of the
    decision the card asks (Messenger's is yes/no: two)."""
    from bots.rules import CHOICES
    from sim.cards import card_id
    from sim.engine.intrigue import cards as intrigue
    from sim.engine.intrigue import gains, others

    asks = {"Amulet": adv_cards.D_AMULET, "Miser": adv_cards.D_MISER, "Quest": adv_events.D_QUEST,
            "Messenger": adv_cards.D_MESSENGER_DECK, "Lurker": gains.D_LURKER_MODE,
            "Pawn": intrigue.D_PAWN, "Steward": intrigue.D_STEWARD,
            "Courtier": gains.D_COURTIER_MODE, "Minion": others.D_MINION_MODE,
            "Torturer": others.D_TORTURER_MODE, "Nobles": intrigue.D_NOBLES,
            "Mining Village": intrigue.D_MINING_VILLAGE}
    assert set(CHOICES) == {card_id(n) for n in asks}
    for name, d in asks.items():
        rec = codes.DECISIONS[d]
        n = len(rec.options) if rec.answer == codes.ANS_MODE else 2
        assert len(CHOICES[card_id(name)]) == n, name


def test_the_python_bots_methods_come_from_the_table():
    from sim.engine import callbacks

    assert callbacks.METHODS == tuple(d.method for d in codes.DECISIONS)
    assert len(set(callbacks.METHODS)) == codes.N_DECISIONS
    assert all(m.isidentifier() for m in callbacks.METHODS)
    assert callbacks.MODES == {"amulet_mode": 3, "teacher_token": 4, "miser_mode": 2,
                               "quest_mode": 3, "lurker_mode": 2, "pawn_mode": 4,
                               "steward_mode": 3, "courtier_mode": 4, "minion_mode": 2,
                               "torturer_mode": 2, "nobles_mode": 2}
