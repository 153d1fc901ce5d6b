"""Saved artefacts know their card table (issue 47 item 6): a policy folder, a results
file and a saved state record the card and decision tables they were made with
(sim.engine.fingerprint), and a later domsim says what changed.

The shipped policies were made with the table of 0.10-0.12 (the legacy table, before
Intrigue), which this domsim adds 26 cards and their decisions to.  An older table still
is simulated by editing that record (dropping its last card, Pathfinding, and its last
decision: as if made before they existed), a changed one by renaming or re-costing a
card in it.  Policies, results files and saved states of an older table that this domsim
only adds to load (a policy remapped: added cards are zero inputs and actions it never
chooses; a saved state's actions renumbered) and play; anything else is refused in one
line naming the change.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from sim.cards import BY_NAME, N_CARDS
from sim.engine import fingerprint
from sim.engine.config import ConfigError
from sim.env.observation import names_for, observation_names
from sim.learn.bot import META_FILE, POLICY_FILE, PolicyBot, load_policy
from sim.learn.policy import MASKED, UNKNOWN

ROOT = Path(__file__).resolve().parents[1]
# The library's general from 0.11 to 0.18 (made with the table before Intrigue): the
# shipped one is retrained over every set since 0.19.
GENERAL = ROOT / "experiments" / "results" / "learn" / "general-league"
LEGACY = fingerprint.legacy()                 # general's table: 0.10-0.12's
LAST_CARD = len(LEGACY["cards"]) - 1          # Pathfinding, its last card (an Event)
LAST_DECISION = LEGACY["decisions"][-1][0]
# The cards and decisions this domsim adds to the legacy table (Intrigue's).
ADDED = len(fingerprint.record()["cards"]) - len(LEGACY["cards"])
# A kingdom with Events, Pathfinding among them (the card the "older" table lacks).
ADV = "Amulet,Caravan Guard,Dungeon,Gear,Guide,Magpie,Miser,Port,Ranger,Lost City"


def _one_line(excinfo, *words: str) -> str:
    msg = str(excinfo.value)
    assert "\n" not in msg and all(w in msg for w in words), msg
    return msg


def _older(rec: dict = LEGACY) -> dict:
    """``rec`` (general's table) as if made before its last card and its last decision
    existed."""
    return fingerprint.make_record(rec["cards"][:-1], rec["decisions"][:-1])


def _legacy_names() -> list[str]:
    """The observation entries of the legacy table, in order: what general's saved
    columns index."""
    return names_for([c[0] for c in LEGACY["cards"]], [d[0] for d in LEGACY["decisions"]])


def _now(actions: list[int]) -> list[int]:
    """Actions of the legacy table in this domsim's numbers (none, no, yes and the options
    after the cards it adds)."""
    return [a + ADDED if a > LAST_CARD else a for a in actions]


def _edited(rec: dict, card: str | None = None, decision: str | None = None,
            **change) -> dict:
    """``rec`` with one card's (or decision's) entry changed: ``name``, ``cost``,
    ``types``, ``kind``; ``extra_card``: a card this domsim does not have, appended."""
    cards = [list(c) for c in rec["cards"]]
    decisions = [list(d) for d in rec["decisions"]]
    if card is not None:
        entry = next(c for c in cards if c[0] == card)
        for field, at in (("name", 0), ("cost", 1), ("types", 2), ("actions", 4)):
            if field in change:
                entry[at] = change[field]
    if decision is not None:
        entry = next(d for d in decisions if d[0] == decision)
        if "name" in change:
            entry[0] = change["name"]
        if "kind" in change:
            entry[1] = change["kind"]
    if "extra_card" in change:
        cards.append([change["extra_card"], 4, "Action", 0, 0, 0, 0, 0])
    return fingerprint.make_record(cards, decisions)


# Each change of a table that is not an addition, and the words its refusal names.
CHANGES = [
    (dict(card="Amulet", cost=4), "card table where Amulet costs $4; this domsim's costs $3"),
    (dict(card="Amulet", name="Amulette"),
     "card table where card 38 is Amulette; this domsim's card 38 is Amulet"),
    (dict(card="Gear", types="Action"),
     "card table where Gear is Action; this domsim's is Action-Duration"),
    (dict(card="Festival", actions=1),
     "card table where Festival gives +1 Action, +1 Buy, +$2; this domsim's gives "
     "+2 Actions, +1 Buy, +$2"),
    (dict(extra_card="Lighthouse"),
     f"card table where card {N_CARDS} is Lighthouse; this domsim has no card {N_CARDS} "
     f"(its cards end at Nobles, card {N_CARDS - 1})"),
    (dict(decision="reveal Moat", kind="card"),
     "decision table where 'reveal Moat' takes a card; this domsim's takes yes or no"),
    (dict(decision="reveal Moat", name="reveal Lighthouse"),
     "decision table with the decision 'reveal Lighthouse' (code 4); this domsim has no "
     "such decision"),
]


# ----------------------------------------------------------------------------- the record
def test_the_record_names_every_card_and_decision():
    rec = fingerprint.record()
    assert rec["format"] == fingerprint.FORMAT and len(rec["hash"]) == 16
    assert rec["cards"][BY_NAME["amulet"].id] == ["Amulet", 3, "Action-Duration", 0, 0, 0,
                                                  0, 0]
    assert rec["decisions"][4] == ["reveal Moat", "yes/no"]
    assert ["choose with Amulet", "option", ["+$1", "trash a card", "gain a Silver"]] \
        in rec["decisions"]
    assert fingerprint.read_record(json.loads(fingerprint.record_text(rec))) == rec
    assert fingerprint.compare(rec).same


def test_the_legacy_table_is_the_one_of_0_11_and_this_domsim_only_adds_to_it():
    """An artefact without a record reads as made with domsim 0.10/0.11's table (frozen
    in sim/engine/card_table_0.11.json): today's, and later ones only add to it."""
    legacy = fingerprint.legacy()
    assert legacy["hash"] == "ba1953778ecfccfa" == fingerprint.table_hash(
        legacy["cards"], legacy["decisions"])
    check = fingerprint.compare(None)
    assert check.usable and not check.same and check.moved is None
    assert check.added_cards[0] == "Courtyard" and len(check.added_cards) == ADDED == 26


@pytest.mark.parametrize("rec, words", [
    (5, "is int, not an object"),
    ({"format": 2, "cards": [], "decisions": []}, "format 2, newer"),
    ({"format": 1, "cards": [["Copper", 0]], "decisions": [["buy", "card"]]},
     "card 0 is ['Copper', 0]"),
    ({"format": 1, "cards": [["Copper", 0, "Treasure", 0, 0, 0, 1, 0]] * 2,
      "decisions": [["buy", "card"]]}, "names the card 'Copper' twice"),
    ({"format": 1, "cards": [["Copper", 0, "Treasure", 0, 0, 0, 1, 0]],
      "decisions": [["choose", "option"]]}, "decision 0 is ['choose', 'option']"),
])
def test_a_damaged_record_is_one_line(rec, words):
    with pytest.raises(fingerprint.TableRecordError) as e:
        fingerprint.read_record(rec)
    _one_line(e, words)


def test_additions_are_usable_and_named():
    check = fingerprint.compare(_older())
    assert check.usable and not check.same
    assert check.added_cards[:2] == ("Pathfinding", "Courtyard")
    assert len(check.added_cards) == 1 + ADDED
    assert check.added_decisions[0] == LAST_DECISION
    assert check.summary().startswith("adds the cards Pathfinding, Courtyard")
    assert check.strict_change().startswith(
        f"card table of {LAST_CARD} cards (the last Inheritance); this domsim's adds "
        f"Pathfinding")


# ----------------------------------------------------------------------------- policies
def _older_policy(tmp_path: Path, meta_change: dict | None = None) -> Path:
    """A copy of ``general`` as made with the older table (:func:`_older`): its columns
    in that table's observation (the dropped card's and decision's entries gone, with
    their rows of W0), its action head without the dropped card's action."""
    d = tmp_path / "older"
    shutil.copytree(GENERAL, d)
    old = _older()
    with np.load(d / POLICY_FILE) as z:
        arrays = {k: z[k] for k in z.files}
    names = _legacy_names()             # what general's columns index
    old_at = {n: i for i, n in enumerate(names_for([c[0] for c in old["cards"]],
                                                   [x[0] for x in old["decisions"]]))}
    keep = [i for i, c in enumerate(arrays["columns"]) if names[c] in old_at]
    assert len(keep) < len(arrays["columns"])       # Pathfinding's entries were read
    arrays["columns"] = np.asarray([old_at[names[arrays["columns"][i]]] for i in keep],
                                   np.int64)
    arrays["W0"] = arrays["W0"][keep]
    arrays["Wp"] = np.delete(arrays["Wp"], LAST_CARD, axis=1)
    arrays["bp"] = np.delete(arrays["bp"], LAST_CARD)
    with open(d / POLICY_FILE, "wb") as f:
        np.savez(f, **arrays)
    meta = json.loads((d / META_FILE).read_text())
    meta[fingerprint.KEY] = old
    meta.update(meta_change or {})
    (d / META_FILE).write_text(json.dumps(meta))
    return d


def test_an_older_policy_loads_remapped(tmp_path):
    d = _older_policy(tmp_path)
    net, columns, meta, _ = load_policy(d)
    net0, columns0, _, _ = load_policy(GENERAL)
    names = observation_names()
    # Every column it reads is the same entry as general's; Pathfinding's and the dropped
    # decision's are read by none (zero inputs).
    assert [names[c] for c in columns] == [names[c] for c in columns0
                                           if "Pathfinding" not in names[c]
                                           and LAST_DECISION not in names[c]]
    assert net.Wp.shape == net0.Wp.shape and net.bp[LAST_CARD] == UNKNOWN
    assert not net.Wp[:, LAST_CARD].any()
    others = np.arange(net0.Wp.shape[1]) != LAST_CARD
    assert np.array_equal(net.Wp[:, others], net0.Wp[:, others])
    assert np.array_equal(net.bp[others], net0.bp[others])
    assert meta["table_remapped"].startswith("adds the cards Pathfinding, Courtyard")
    # A forced choice among added cards alone still picks a legal one (not an illegal
    # action of equal logit).
    mask = np.zeros((1, net.Wp.shape[1]), np.int8)
    mask[0, LAST_CARD] = 1
    logits, _, _ = net.astype(np.float64).forward(np.zeros((1, len(columns))), mask)
    assert logits[0].argmax() == LAST_CARD
    assert "made with an older card table" in PolicyBot(d).description


def test_an_older_policy_plays_as_general_where_the_added_card_is_absent(tmp_path):
    """Where the game holds no Pathfinding its inputs are zero for general too: the older
    policy's logits (to rounding) and actions are general's, through the Python and compiled forward
    passes, and whole compiled games are the same games."""
    from sim.env import Game
    from sim.runner import Match

    old, general = PolicyBot(_older_policy(tmp_path)), PolicyBot(GENERAL)
    game = Game(kingdom="first-game", players=2, bots=[old.fallback, "bmu"], agents=[0],
                decisions=old.decisions)
    state = game.new_initial_state(3)
    compiled = old.compiled_policy()
    while not state.is_terminal():
        # (Equal to rounding: the Python pass sums over the zero inputs too.)
        assert np.allclose(old.logits(state), general.logits(state), rtol=1e-12, atol=0)
        a = old.act(state)
        assert a == general.act(state) == compiled.act(state)
        state.apply_action(a)
    a = Match(str(tmp_path / "older"), "bmu", games=8, seed=2).play(processes=1,
                                                                    progress=False)
    b = Match(str(GENERAL), "bmu", games=8, seed=2).play(processes=1, progress=False)
    cols = ["score_0", "score_1", "turns_0", "turns_1", "winners"]
    assert a.games[cols].equals(b.games[cols])


def test_an_older_policy_never_chooses_the_added_card(tmp_path):
    """In games with Pathfinding among the Events, the older policy's every answer is
    legal and never Pathfinding (its logit is masked out) while anything else is legal."""
    from sim.env import Game
    from sim.runner import Match

    bot = PolicyBot(_older_policy(tmp_path))
    game = Game(kingdom=ADV, events=("Alms", "Pathfinding"), players=2,
                bots=[bot.fallback, "bmu"], agents=[0], decisions=bot.decisions)
    offered = 0
    for seed in range(3):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            a = bot.act(state)
            assert a in legal
            if LAST_CARD in legal:
                offered += 1
                # Far below any action it knows, above the illegal ones.
                assert MASKED < bot.logits(state)[LAST_CARD] < UNKNOWN / 2
                assert a != LAST_CARD or legal == [LAST_CARD]
            state.apply_action(a)
    assert offered > 0
    res = Match(str(tmp_path / "older"), "bmu", games=6, seed=1, kingdom=ADV,
                events=["Alms", "Pathfinding"]).play(processes=1, progress=False)
    assert len(res.games) == 6 and (res.games["end"] != "turn cap").all()


def test_a_policy_whose_decisions_had_other_codes_reads_them_by_name(tmp_path):
    """Decisions are matched by name: a table where two had each other's codes (a
    decision declared in the middle of the table moves the ones after it) loads with its
    question entries found by name, and answers as general does."""
    from sim.env import Game

    d = tmp_path / "moved"
    shutil.copytree(GENERAL, d)
    rec = LEGACY
    swapped = [list(x) for x in rec["decisions"]]
    swapped[3], swapped[4] = swapped[4], swapped[3]
    old = fingerprint.make_record(rec["cards"], swapped)
    names = _legacy_names()
    old_at = {n: i for i, n in enumerate(names_for([c[0] for c in old["cards"]],
                                                   [x[0] for x in old["decisions"]]))}
    with np.load(d / POLICY_FILE) as z:
        arrays = {k: z[k] for k in z.files}
    arrays["columns"] = np.asarray([old_at[names[c]] for c in arrays["columns"]], np.int64)
    with open(d / POLICY_FILE, "wb") as f:
        np.savez(f, **arrays)
    meta = json.loads((d / META_FILE).read_text())
    meta[fingerprint.KEY] = old
    (d / META_FILE).write_text(json.dumps(meta))
    _, columns, meta, _ = load_policy(d)
    _, columns0, _, _ = load_policy(GENERAL)
    assert np.array_equal(columns, columns0)
    assert fingerprint.compare(old).moved.startswith(
        "decision table where 'reveal Moat' is decision 3")
    bot, general = PolicyBot(d), PolicyBot(GENERAL)
    game = Game(kingdom="first-game", players=2, bots=[bot.fallback, "militia-bm"],
                agents=[0], decisions=bot.decisions)
    state = game.new_initial_state(5)
    while not state.is_terminal():
        a = bot.act(state)
        assert a == general.act(state)
        state.apply_action(a)


def test_a_policy_of_all_decisions_takes_only_the_ones_it_was_made_with(tmp_path):
    d = _older_policy(tmp_path, {"decisions": "all"})
    from sim.env.actions import DECISIONS

    bot = PolicyBot(d)
    assert DECISIONS[LAST_DECISION] not in bot.decisions
    assert len(bot.decisions) == len(LEGACY["decisions"]) - 1   # of general's table


@pytest.mark.parametrize("change, words", CHANGES)
def test_a_policy_of_a_changed_table_is_refused_naming_the_change(tmp_path, change, words):
    d = tmp_path / "changed"
    shutil.copytree(GENERAL, d)
    meta = json.loads((d / META_FILE).read_text())
    meta[fingerprint.KEY] = _edited(fingerprint.record(), **change)
    (d / META_FILE).write_text(json.dumps(meta))
    with pytest.raises(ValueError) as e:
        load_policy(d)
    assert _one_line(e) == f"policy {d}: made for a {words}"


def test_general_records_its_table_and_plays_as_before(tmp_path):
    """The shipped policies record the table (written into policy.json, the weights
    untouched); the first general (its training run's folder: the shipped general is
    now its fine-tuned successor) loads and answers as it did before records existed
    (the actions of two games pinned), and a copy without the record loads the same
    arrays."""
    from sim.env import Game

    shipped = [ROOT / "bots" / "data" / "policies" / "general"] + sorted(
        (ROOT / "experiments" / "results" / "learn").glob("*/policy.json"))
    for p in shipped:
        meta = json.loads((p / META_FILE if p.is_dir() else p).read_text())
        made = tuple(int(x) for x in meta["domsim_version"].split(".")[:2])
        # before Intrigue (0.13): the table of 0.10-0.12; since, this domsim's
        table = LEGACY if made < (0, 13) else fingerprint.record()
        assert meta[fingerprint.KEY]["hash"] == table["hash"], p
        assert fingerprint.compare(meta[fingerprint.KEY]).usable, p
    first = ROOT / "experiments" / "results" / "learn" / "general"
    bare = tmp_path / "bare"
    shutil.copytree(first, bare, ignore=shutil.ignore_patterns("eval", "checkpoint*",
                                                                 "*.png", "*.csv"))
    meta = json.loads((bare / META_FILE).read_text())
    del meta[fingerprint.KEY]
    (bare / META_FILE).write_text(json.dumps(meta))
    net, columns, meta, digest = load_policy(first)
    net0, columns0, meta0, digest0 = load_policy(bare)
    assert digest == digest0 and np.array_equal(columns, columns0)
    assert all(np.array_equal(x, y) for x, y in zip(net.arrays(), net0.arrays(), strict=True))
    assert meta0["table_remapped"] == meta["table_remapped"]     # both before Intrigue
    bot = PolicyBot(first)
    pinned = {
        ("first-game", ()): [13, 1, 13, 91, 13, 2, 7, 13, 2, 13, 2, 7, 2, 13, 2, 13, 2, 13,
                             2, 7, 2, 5, 2, 4, 4, 7, 13, 5, 5, 13, 5, 13, 5],
        (ADV, ("Alms", "Pathfinding")): [44, 1, 44, 91, 44, 44, 44, 44, 44, 2, 44, 44, 44,
                                         44, 44, 44, 44, 44, 44, 44, 5, 44, 44, 44, 40, 44,
                                         44, 44, 44, 44, 44, 40, 44, 5, 44, 44, 44, 44, 44,
                                         44],
    }
    for (kingdom, events), want in pinned.items():
        game = Game(kingdom=kingdom, events=events, players=2, bots=[bot.fallback, "bmu"],
                    agents=[0], decisions=bot.decisions)
        state = game.new_initial_state(3)
        acts: list[int] = []
        while not state.is_terminal() and len(acts) < 40:
            acts.append(bot.act(state))
            state.apply_action(acts[-1])
        assert acts == _now(want), kingdom


def test_save_policy_records_the_table(tmp_path):
    from sim.learn import save_policy
    from sim.learn.policy import Net

    save_policy(tmp_path, Net.new(4, (4,), rng=np.random.default_rng(0)), np.arange(4),
                {"decisions": "buy", "fallback": "bmu"})
    text = (tmp_path / META_FILE).read_text()
    meta = json.loads(text)
    assert meta[fingerprint.KEY] == fingerprint.record() and meta["domsim_policy"] == 1
    assert '\n   ["Amulet", 3, "Action-Duration", 0, 0, 0, 0, 0],\n' in text   # a line each


# ----------------------------------------------------------------------------- results
@pytest.fixture(scope="module")
def results(tmp_path_factory) -> Path:
    from sim.runner import Match

    d = tmp_path_factory.mktemp("results")
    res = Match("bmu", "big-money", games=4, seed=1).play(processes=1, progress=False)
    res.save(d / "r.csv")
    res.save(d / "r.parquet")
    return d


def _results_with(results: Path, tmp_path: Path, kind: str, rec) -> Path:
    """A copy of the results file ``r.<kind>`` whose metadata records ``rec`` (None:
    no record)."""
    import pyarrow.parquet as pq

    from sim.analysis.io import META_KEY, read_metadata, sidecar

    src = results / f"r.{kind}"
    meta = read_metadata(src)
    if rec is None:
        del meta[fingerprint.KEY]
    else:
        meta[fingerprint.KEY] = rec
    out = tmp_path / f"r.{kind}"
    if kind == "csv":
        shutil.copy(src, out)
        sidecar(out).write_text(json.dumps(meta))
    else:
        table = pq.read_table(src)
        table = table.replace_schema_metadata({**table.schema.metadata,
                                               META_KEY: json.dumps(meta).encode()})
        pq.write_table(table, out)
    return out


@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_a_results_file_records_the_table(results, kind):
    from sim.analysis.io import load_frame

    _, meta = load_frame(results / f"r.{kind}")
    assert meta[fingerprint.KEY] == fingerprint.record()


@pytest.mark.parametrize("kind", ["csv", "parquet"])
@pytest.mark.parametrize("older", [True, False])
def test_results_of_an_older_table_read_and_replay(results, tmp_path, capsys, kind, older):
    """A results file of a table this domsim only adds to (or of none: domsim 0.11 and
    older) reads, and ``domsim play --from`` replays its games; the same record with a
    card re-costed is refused."""
    from sim.analysis.io import load_frame
    from sim.analysis.results import Results
    from sim.cli import main

    rec = _older(fingerprint.record()) if older else fingerprint.legacy()
    path = _results_with(results, tmp_path, kind, rec if older else None)
    df, _ = load_frame(path)
    assert len(df) == 4 and len(Results.load(path).games) == 4
    assert main(["play", "--from", str(path), "--game", "1"]) == 0
    assert "game 1 of seed 1" in capsys.readouterr().out
    path = _results_with(results, tmp_path, kind, _edited(rec, card="Silver", cost=4))
    with pytest.raises(ConfigError) as e:
        Results.load(path)
    _one_line(e, "made with a card table where Silver costs $4; this domsim's costs $3")


@pytest.mark.parametrize("kind", ["csv", "parquet"])
@pytest.mark.parametrize("change, words", [CHANGES[0], CHANGES[1], CHANGES[-1]])
def test_results_of_a_changed_table_are_refused_naming_the_change(results, tmp_path, capsys,
                                                                  kind, change, words):
    from sim.analysis.io import load_frame
    from sim.cli import main

    path = _results_with(results, tmp_path, kind, _edited(fingerprint.record(), **change))
    with pytest.raises(ConfigError) as e:
        load_frame(path)
    assert _one_line(e) == f"{path}: made with a {words}"
    assert main(["play", "--from", str(path), "--game", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"domsim: error: {path}: made with a {words}"


# ----------------------------------------------------------------------------- states
def _state():
    from sim.env import new_state

    state = new_state(kingdom="first-game", players=2, seed=7)
    for _ in range(9):
        state.apply_action(state.legal_actions()[0])
    return state


def test_a_saved_state_records_the_table():
    from sim.env import State

    state = _state()
    resampled = state.resample(state.current_player(), np.random.default_rng(0))
    for text in (state.serialize(), resampled.serialize()):     # versions 1 and 3
        # The hash only: saved states are many and small (a policy keeps the record).
        assert json.loads(text)[fingerprint.KEY] == fingerprint.record()["hash"]
        assert len(text) < 2000
        assert State.deserialize(text).legal_actions()


def test_a_saved_state_of_an_unknown_table_is_refused_naming_both_hashes():
    from sim.env import State

    data = json.loads(_state().serialize())
    data[fingerprint.KEY] = "0123456789abcdef"
    with pytest.raises(ValueError) as e:
        State.deserialize(json.dumps(data))
    _one_line(e, "deserialize: the text was made with card table '0123456789abcdef'; this "
                 f"domsim's is {fingerprint.record()['hash']!r}")


@pytest.mark.parametrize("change, words", CHANGES[:2])
def test_a_saved_state_of_another_table_is_refused_naming_the_change(change, words):
    """Any difference but additions: a state's position holds card ids."""
    from sim.env import State

    data = json.loads(_state().serialize())
    data[fingerprint.KEY] = _edited(fingerprint.record(), **change)
    with pytest.raises(ValueError) as e:
        State.deserialize(json.dumps(data))
    assert _one_line(e).startswith(f"deserialize: the text was made with a {words}")


def test_a_saved_state_of_a_table_this_domsim_adds_to_reads_renumbered():
    """A table this domsim appends a card to (and a decision): the text's card actions
    are the same ids, its none/no/yes and options one later here; it reads and plays on
    as the state it was."""
    from sim.env import State, new_state

    state = new_state(kingdom="first-game", players=2, seed=7)
    for i in range(12):             # cards and stops (none: a non-card action)
        legal = state.legal_actions()
        state.apply_action(legal[-1] if i % 2 else legal[0])
    rec = fingerprint.record()
    data = json.loads(state.serialize())
    # What a domsim without the last card wrote: its non-card actions one lower.
    data["actions"] = [a - 1 if a >= N_CARDS else a for a in data["actions"]]
    assert data["actions"] != state.history     # (the test meets a non-card action)
    data[fingerprint.KEY] = _older(rec)
    again = State.deserialize(json.dumps(data))
    assert again.history == state.history and again.legal_actions() == state.legal_actions()
    data = json.loads(state.serialize())
    data[fingerprint.KEY] = fingerprint.make_record(rec["cards"], rec["decisions"][:-1])
    assert State.deserialize(json.dumps(data)).history == state.history


def test_a_saved_state_without_a_record_reads_as_before():
    from sim.env import State

    state = _state()
    data = json.loads(state.serialize())
    del data[fingerprint.KEY]
    again = State.deserialize(json.dumps(data))
    assert again.history == state.history and again.legal_actions() == state.legal_actions()
    data[fingerprint.KEY] = {"format": 1, "cards": "Copper"}
    with pytest.raises(ValueError) as e:
        State.deserialize(json.dumps(data))
    _one_line(e, "deserialize: the card table record has no list of cards")
