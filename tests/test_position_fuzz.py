"""Saved games that cannot hurt (issue 46, item 2): a damaged or edited text is refused
in one line or plays to a legal end, never a crash, never a silent game of nonsense.

Real saved texts of every version (1: seed and answers; 2: a position at a turn's
start, from_position; 3: a resampled copy stopped at a question), on base and
Adventures boards of 2 to 4 players, are damaged in every way a text can be: each
region of the position (sim.env.position_check.REGIONS) set to random values and to
extremes, the random streams, the compressed bytes and the text cut short, the header's
fields swapped, retyped or dropped, the version relabelled.  Each is loaded and played
to the end (the game's bots, some random legal answers) in a worker process
(tests/position_fuzz_worker.py), so a text that kills the interpreter is found, by the
progress the worker writes, instead of killing the test run.
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import zlib
from pathlib import Path

import numpy as np
import pytest

import sim
from sim.engine import base_set
from sim.engine import layout as L
from sim.engine.adventures import cards as adv_cards
from sim.env import Game, State
from sim.env.position_check import REGIONS
from sim.env.state import _base_of

sys.path.insert(0, str(Path(__file__).parent))
from turn_starts import RecordedGame  # noqa: E402

WORKER = Path(__file__).parent / "position_fuzz_worker.py"
EXTREMES = (-1, 0, 1, 7, 5000, 100_000, 2**31 - 1, -2**31)
# The plausible scores of a finished game: Curses at worst, every Province, Duchy and
# Distant Lands at best.
SCORE_LOW, SCORE_HIGH = -40, 400


# ----------------------------------------------------------------------------- texts
def _unpack(data: dict) -> tuple[np.ndarray, np.ndarray]:
    raw = zlib.decompress(base64.b64decode(data["position"]))
    n_s = data["sizes"][0]
    return (np.frombuffer(raw[:4 * n_s], "<i4").astype(np.int64),
            np.frombuffer(raw[4 * n_s:], "<u8").copy())


def _pack(S: np.ndarray, R: np.ndarray) -> str:
    raw = (S.astype(np.int64) & 0xFFFFFFFF).astype("<u4").tobytes() + R.astype("<u8").tobytes()
    return base64.b64encode(zlib.compress(raw)).decode("ascii")


def _with_position(data: dict, S: np.ndarray, R: np.ndarray) -> str:
    out = dict(data)
    out["position"] = _pack(S, R)
    return json.dumps(out)


def saved_texts() -> dict[str, str]:
    """Real saved games: versions 1, 2 and 3, base and Adventures, 2 to 4 players."""
    texts = {}
    boards = [
        ("base2", dict(kingdom="first-game", players=2), 3),
        ("adv3", dict(kingdom="Duplicate,Magpie,Messenger,Miser,Port,Ranger,Transmogrify,"
                      "Artificer,Distant Lands,Lost City",
                      events=["Lost Arts", "Training", "Inheritance", "Pathfinding"],
                      players=3), 5),
        ("adv4", dict(kingdom="Moat,Militia,Witch,Bandit,Bureaucrat,Caravan Guard,Swamp Hag,"
                      "Haunted Woods,Giant,Bridge Troll",
                      events=["Quest", "Alms", "Borrow", "Save"], players=4), 7),
    ]
    for name, kw, seed in boards:
        game = Game(bots="bmu", turn_cap=30, **kw)
        rng = np.random.default_rng(seed)
        state = game.new_initial_state(seed)
        rec = RecordedGame(game, seed)
        for _ in range(60 + 20 * seed):
            legal = state.legal_actions()
            a = legal[int(rng.integers(len(legal)))] if rng.random() < 0.3 else \
                state.bot_action()
            state.apply_action(a)
            rec.apply(a)
        texts[f"{name}-v1"] = state.serialize()
        for _k in range(8):         # a copy stopped at a question (version 3)
            copy = state.resample(int(rng.integers(game.num_players)), rng)
            if json.loads(copy.serialize())["domsim_state"] == 3:
                texts[f"{name}-v3"] = copy.serialize()
                break
            state.apply_action(state.bot_action())
            rec.apply(state.history[-1])
        cur = int(rec.S0[L.V + L.V_CUR])
        built = State.from_position(game, _base_of(rec.S0).copy(), rec.R0.copy(), cur)
        texts[f"{name}-v2"] = built.serialize()
    assert {json.loads(t)["domsim_state"] for t in texts.values()} == {1, 2, 3}
    return texts


# ----------------------------------------------------------------------------- mutations
def _region_mutations(data: dict, rng: np.random.Generator, per_region: int) -> list[str]:
    """Each region of the position: entries set to extremes and random values."""
    S0, R0 = _unpack(data)
    out = []
    for _name, first, end, _check in REGIONS:
        for j in range(per_region):
            S = S0.copy()
            for _ in range(1 + int(rng.integers(3))):
                i = int(rng.integers(first, end))
                S[i] = (EXTREMES[int(rng.integers(len(EXTREMES)))] if j % 2 == 0
                        else int(rng.integers(-3, 600)))
            out.append(_with_position(data, S, R0))
    # The player scalars and game scalars one by one (the fields counts and totals live in).
    for i in list(range(L.PS, L.V)) + list(range(L.V, L.V + L.N_V)):
        if rng.random() < 0.5:
            S = S0.copy()
            S[i] = S[i] + int(rng.choice([-1, 1, -100, 100, 5000]))
            out.append(_with_position(data, S, R0))
    R = R0.copy()
    R[:4] = 0
    out.append(_with_position(data, S0, R))
    R = R0.copy()
    R[int(rng.integers(len(R)))] ^= np.uint64(1) << np.uint64(int(rng.integers(64)))
    out.append(_with_position(data, S0, R))     # a stream changed: a legal, other future
    return out


def _byte_mutations(data: dict, rng: np.random.Generator, n: int) -> list[str]:
    """The compressed bytes and the base64 text damaged or cut short."""
    packed = base64.b64decode(data["position"])
    out = []
    for j in range(n):
        b = bytearray(packed)
        kind = j % 4
        if kind == 0:
            b = b[:int(rng.integers(len(b)))]
        elif kind == 1:
            for _ in range(1 + int(rng.integers(4))):
                b[int(rng.integers(len(b)))] ^= 1 << int(rng.integers(8))
        elif kind == 2:
            b += bytes(rng.integers(0, 256, int(rng.integers(1, 20)), dtype=np.uint8))
        d = dict(data)
        d["position"] = (base64.b64encode(bytes(b)).decode("ascii") if kind < 3 else
                         data["position"][:int(rng.integers(len(data["position"])))] + "*")
        out.append(json.dumps(d))
    return out


def _header_mutations(data: dict, texts: dict[str, str], rng: np.random.Generator
                      ) -> list[str]:
    """The header and fields: other players, kingdom, Events, cap, decisions, agents,
    bots; the version relabelled; keys dropped; values retyped; the text cut short."""
    out = []
    game = data["game"]
    others = [json.loads(t)["game"] for t in texts.values()]
    edits = [("players", v) for v in (2, 3, 4, 5, 1, "3", None)]
    edits += [("kingdom", o["kingdom"]) for o in others] + [("events", o["events"])
                                                              for o in others]
    edits += [("turn_cap", v) for v in (10, 29, 31, 1000, -1, 0, "30")]
    edits += [("decisions", "buy"), ("decisions", [0, 1]), ("agents", [0]),
              ("agents", [5]), ("bots", "random"), ("bots", ["bmu"] * 7), ("nope", 1)]
    for key, v in edits:
        d = json.loads(json.dumps(data))
        d["game"] = dict(game, **{key: v})
        out.append(json.dumps(d))
    for key in list(data):
        d = dict(data)
        del d[key]
        out.append(json.dumps(d))
    for key in list(data):
        for v in ("x", 1.5, None, [], {}, [1.5], ["a"], -1, 2**70, True, [10**9], [-1]):
            out.append(json.dumps(dict(data, **{key: v})))
    for v in (1, 2, 3, 4, 0, "3", True):
        out.append(json.dumps(dict(data, domsim_state=v)))
    for k in range(4):
        actions = list(data["actions"])
        if actions:
            actions[int(rng.integers(len(actions)))] = int(rng.integers(0, 100))
        out.append(json.dumps(dict(data, actions=actions + [int(rng.integers(0, 95))] * k)))
    text = json.dumps(data)
    out += [text[:int(rng.integers(len(text)))] for _ in range(6)]
    out += ["", "null", "[]", "{}", "1", '"x"', '{"domsim_state": 2}']
    return out


def mutations(texts: dict[str, str], per_region: int, n_bytes: int, seed: int = 0
              ) -> list[str]:
    rng = np.random.default_rng(seed)
    out = []
    for text in texts.values():
        data = json.loads(text)
        out.append(text)                                   # the text itself plays
        out += _header_mutations(data, texts, rng)
        if data["domsim_state"] > 1:
            out += _region_mutations(data, rng, per_region)
            out += _byte_mutations(data, rng, n_bytes)
    return out


# ----------------------------------------------------------------------------- running
def run_worker(texts: list[str], timeout: float = 600) -> list[dict]:
    """Each text loaded and played in the worker; a text that kills it is reported
    (``outcome`` "signal") and the worker started again after it.  The worker does not
    check resume frames (conftest's DOMSIM_DEBUG_FRAMES off): damaged frames within their
    shape are a legal position (sim.env.position_check), which resumes wherever they
    point; the check is for the frames the engine pushes itself."""
    env = dict(os.environ, DOMSIM_DEBUG_FRAMES="0")
    results: list[dict] = []
    start = 0
    while start < len(texts):
        batch = texts[start:]
        proc = subprocess.run([sys.executable, str(WORKER)],
                              input="".join(json.dumps(t) + "\n" for t in batch),
                              capture_output=True, text=True, timeout=timeout, env=env)
        done = [json.loads(line) for line in proc.stdout.splitlines()
                if line.startswith("{")]
        for r in done:
            r["i"] += start
        results += done
        if proc.returncode == 0 and len(done) == len(batch):
            break
        started = [int(line.split()[1]) for line in proc.stdout.splitlines()
                   if line.startswith("start ")]
        dead = start + (started[-1] if started else 0)
        results.append({"i": dead, "outcome": "signal", "returncode": proc.returncode,
                        "stderr": proc.stderr[-500:]})
        start = dead + 1
    return results


def check_outcomes(texts: list[str], results: list[dict]) -> dict[str, int]:
    """Each text refused in one ValueError line or played to a legal end."""
    counts: dict[str, int] = {}
    bad = []
    assert sorted(r["i"] for r in results) == list(range(len(texts)))
    for r in results:
        counts[r["outcome"]] = counts.get(r["outcome"], 0) + 1
        if r["outcome"] == "refused":
            if "\n" in r["message"] or not r["message"]:
                bad.append(r)
        elif r["outcome"] == "played":
            n = r["players"]
            won = sum(r["returns"])
            if not (r["terminal"] and len(r["scores"]) == n
                    and all(SCORE_LOW <= s <= SCORE_HIGH for s in r["scores"])
                    and (won == 0 or abs(won - 1) < 1e-9)):
                bad.append(r)
        else:
            bad.append(r)
    assert not bad, [(dict(b, text=texts[b["i"]][:300])) for b in bad[:5]]
    return counts


@pytest.fixture(scope="module")
def texts() -> dict[str, str]:
    return saved_texts()


def test_damaged_saved_games_are_refused_in_one_line_or_play_to_a_legal_end(texts):
    """About 2,000 damaged texts of every version: none crashes the process, none raises
    anything but a one-line ValueError, each that loads plays to a legal end."""
    cases = mutations(texts, per_region=4, n_bytes=8)
    assert len(cases) > 1500
    counts = check_outcomes(cases, run_worker(cases))
    assert counts.get("refused", 0) > 0.5 * len(cases) and counts.get("played", 0) > 50, counts


@pytest.mark.slow
def test_many_more_damaged_saved_games(texts):
    """The same at five times the mutations, other seeds."""
    for seed in range(1, 4):
        cases = mutations(texts, per_region=20, n_bytes=40, seed=seed)
        check_outcomes(cases, run_worker(cases))


# ----------------------------------------------------------------------------- the issue's
def _refused(text: str, *words: str) -> str:
    (r,) = run_worker([text])
    assert r["outcome"] == "refused", r
    assert "\n" not in r["message"] and all(w in r["message"] for w in words), r["message"]
    return r["message"]


def _edited(texts: dict[str, str], name: str, index: int, value: int) -> str:
    data = json.loads(texts[name])
    S, R = _unpack(data)
    S[index] = value
    return _with_position(data, S, R)


@pytest.mark.parametrize("size", [100_000, 5_000])
def test_a_huge_draw_pile_is_refused(texts, size):
    """The issue's DECK_N of 100,000 (killed the interpreter) and 5,000 (played on
    silently to scores [0, 0]) in a resampled copy."""
    msg = _refused(_edited(texts, "base2-v3", L.DECK_N + 1, size), "draw pile", str(size))
    assert msg == f"deserialize: position: P1's draw pile holds {size} cards; at most 512"


def test_negative_hand_counts_and_seven_players_are_refused(texts):
    _refused(_edited(texts, "base2-v3", L.HAND_N, -3), "hand size", "-3")
    _refused(_edited(texts, "base2-v3", L.HAND0 + 1, -1), "hand", "-1")
    _refused(_edited(texts, "base2-v3", L.V + L.V_NP, 7), "player count", "7")


def test_a_header_of_three_players_on_a_two_player_position_is_refused(texts):
    data = json.loads(texts["base2-v3"])
    data["game"] = dict(data["game"], players=3, bots=["bmu"] * 3, agents=[0, 1, 2])
    _refused(json.dumps(data), "player count", "3")


def test_a_version_three_text_relabelled_as_two_is_refused(texts):
    data = json.loads(texts["base2-v3"])
    _refused(json.dumps(dict(data, domsim_state=2)), "version-3 text relabelled")
    data = json.loads(texts["adv3-v2"])
    _refused(json.dumps(dict(data, domsim_state=3)), "version-2 text relabelled")


def test_a_replaced_kingdom_is_refused(texts):
    data = json.loads(texts["base2-v3"])
    kingdom = list(data["game"]["kingdom"])
    kingdom[0] = "Chapel" if kingdom[0] != "Chapel" else "Moat"
    data["game"] = dict(data["game"], kingdom=kingdom)
    _refused(json.dumps(data), "another kingdom")


def test_a_position_that_is_not_base64_is_one_line(texts):
    data = json.loads(texts["base2-v3"])
    _refused(json.dumps(dict(data, position="not base64!")), "'position' is not base64")
    data["position"] = base64.b64encode(b"not zlib").decode()
    _refused(json.dumps(data), "'position' is damaged")


def test_fields_of_the_wrong_type_are_one_line(texts):
    data = json.loads(texts["base2-v1"])
    _refused(json.dumps(dict(data, seed="7")), "'seed'")
    _refused(json.dumps(dict(data, actions=[1, "x"])), "'actions'")
    _refused(json.dumps(dict(data, actions=5)), "'actions'")
    _refused(json.dumps(dict(data, first=9)), "'first'")
    _refused(json.dumps({k: v for k, v in data.items() if k != "seed"}), "'seed'")
    _refused(json.dumps(dict(data, game=dict(data["game"], colour="red"))), "'game'")
    _refused("{not json", "not JSON")


def test_a_version_one_text_from_before_0_7_names_its_version(texts):
    """A version-1 text whose answers no longer match the questions (as one saved before
    0.7.0 on a board with Moat: who is asked about reactions changed) is refused in one
    line naming the version and what changed."""
    data = json.loads(texts["adv4-v1"])
    state = State.deserialize(texts["adv4-v1"])
    assert state.history == data["actions"]
    # Drop the padded reaction answers ("no" to a reaction held by nobody): the answers
    # 0.6 recorded.  If the game asked none, drop one answer in the middle instead.
    from sim.env.actions import NO

    replay = Game(**data["game"]).new_initial_state(data["seed"], data["first"])
    old = []
    for a in data["actions"]:
        padded = (replay.decision()[0] in (base_set.D_REVEAL_MOAT, adv_cards.D_CARAVAN_GUARD)
                  and replay.legal_actions() == [NO])
        if not padded:
            old.append(a)
        replay.apply_action(a)
    if old == data["actions"]:
        del old[len(old) // 2]
    # Texts written before 0.11.0 record no writer's version.
    unversioned = {k: v for k, v in data.items() if k != "domsim"}
    msg = _refused(json.dumps(dict(unversioned, actions=old)), "answer", "0.7.0", "Moat",
                   "records no domsim version")
    assert msg.startswith("deserialize: answer ")
    # A text that says which version wrote it is refused naming that version.
    assert data["domsim"] == sim.__version__
    msg = _refused(json.dumps(dict(data, actions=old, domsim="0.6.1")), "answer",
                   "written by domsim 0.6.1", f"this is {sim.__version__}")
    _refused(json.dumps(dict(data, domsim=7)), "'domsim' is 7")
