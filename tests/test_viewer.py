"""The game viewer (sim.analysis.viewer): `domsim play ... --html FILE`.

The page's data is checked against the game (the points it follows from the log end at
the scores the engine logged; the Supply starts at the rulebook's piles), and the page
itself is opened in a real headless browser (Chromium from the system packages: apt-get
install chromium), stepped to a turn by its URL fragment: the DOM after the JavaScript ran
names that turn's cards and scores, and a screenshot is not blank.

The whole table (Events, tokens, mats, set-aside cards, trash, cards owned by type) is
checked turn by turn against the engine's own state (sim.engine.scenario) on random
boards that hold every kingdom card and Event; a seat's view is checked to depend on
nothing that seat did not see, and a `--view` page to name no card another player drew
unseen.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent
DISTANT_LANDS = ("Duplicate,Magpie,Messenger,Miser,Port,Ranger,Transmogrify,Artificer,"
                 "Distant Lands,Lost City")


def _page_data(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    m = re.search(r'<script id="game" type="application/json">(.*?)</script>', text, re.S)
    return json.loads(m.group(1).replace("<\\/", "</"))


def _play_html(tmp_path: Path, *args: str) -> tuple[Path, subprocess.CompletedProcess]:
    out = tmp_path / "game.html"
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-m", "sim.cli", "play", *args, "--html", str(out)],
                       capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    return out, r


@pytest.mark.parametrize("bots,kingdom", [(("smithy-bm", "bmu"), None),
                                          (("distant-lands-bm", "bmu"), DISTANT_LANDS)])
def test_the_steps_follow_the_game_to_its_logged_scores(bots, kingdom):
    from sim.analysis.viewer import final_scores, turn_steps
    from sim.cards import card_id
    from sim.runner.api import play_game
    from sim.runner.plan import make_config

    cfg = make_config(list(bots), games=1, seed=7, kingdom=kingdom)
    result, names, _ = play_game(cfg, 0, log=True)
    gc = cfg.game_config()
    steps = turn_steps(result.log, names, 2, gc.kingdom, gc.events)
    assert steps[0]["title"] == "Setup" and steps[0]["supply"]["Copper"] == 46
    assert steps[0]["supply"]["Province"] == 8 and steps[0]["points"] == [3, 3]
    assert [s["player"] for s in steps[1:3]] == [0, 1]
    final = final_scores(result.log)
    assert steps[-1]["points"] == [final[0], final[1]]
    assert sum(len(s["buys"]) for s in steps) > 20
    if kingdom:
        owned_lands = int((result.log[:, 0] == 19).sum())    # EV_TO_MAT rows
        assert owned_lands > 0 and card_id("Distant Lands") in gc.kingdom
    assert all(np.isfinite(s["turn_coins"]) for s in steps)


def test_the_search_bots_notes_are_in_the_page(tmp_path):
    out, r = _play_html(tmp_path, "mcts:playouts=30,playout=bmu", "bmu", "--seed", "2")
    assert "game viewer written to" in r.stderr
    data = _page_data(out)
    lines = "\n".join(x for s in data["steps"] for x in s["lines"])
    assert "mcts-playouts-30-playout-bmu:" in lines        # what it weighed, per decision
    assert data["names"] == ["P0 mcts-playouts-30-playout-bmu", "P1 bmu"]


CHROMIUM = next((shutil.which(b) for b in ("chromium", "chromium-browser", "google-chrome")
                 if shutil.which(b)), None)


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium (apt-get install chromium)")
def test_the_page_steps_through_turns_in_a_headless_browser(tmp_path):
    out, _ = _play_html(tmp_path, "smithy-bm", "bmu", "--seed", "7")
    data = _page_data(out)
    step = 5
    url = out.as_uri() + f"#turn={step}"
    flags = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             f"--user-data-dir={tmp_path / 'profile'}"]
    dom = subprocess.run(flags + ["--dump-dom", url], capture_output=True, text=True,
                         timeout=120).stdout
    s = data["steps"][step]
    assert f"step {step} of {len(data['steps']) - 1}" in dom
    assert s["title"] in dom.replace("&nbsp;", " ")
    assert ", ".join(s["hand"]) in dom and "<polyline" in dom
    for name, points in zip(data["names"], s["points"], strict=True):
        assert re.search(rf"{re.escape(name)}</td><td class=\"n\">{points}<", dom)
    shot = tmp_path / "shot.png"
    subprocess.run(flags + [f"--screenshot={shot}", "--window-size=1000,900", url],
                   capture_output=True, timeout=120)
    from PIL import Image

    pixels = np.asarray(Image.open(shot).convert("L"), np.float64)
    assert pixels.shape == (900, 1000)
    assert pixels.std() > 10 and (pixels < 100).mean() > 0.002   # text and lines drawn


# ------------------------------------------------------------------ the whole table
ADVENTURES_TABLE = ("event-money", "gear-bm", "relic-bm", "ratcatcher-bm")


def test_the_table_is_in_the_steps_on_an_adventures_board():
    """Events bought, tokens on piles and held, the Tavern mat, the trash and the cards
    owned by type, after every turn of a 4-player Adventures game of shipped bots."""
    from sim.analysis.viewer import GROUPS, final_scores, turn_steps
    from sim.runner.api import play_game
    from sim.runner.plan import make_config

    cfg = make_config(list(ADVENTURES_TABLE), games=1, seed=3, kingdom="auto", events="auto")
    result, names, _ = play_game(cfg, 0, log=True)
    gc = cfg.game_config()
    steps = turn_steps(result.log, names, gc.n_players, gc.kingdom, gc.events)
    money, troll, relic, rat = range(4)
    assert names == list(ADVENTURES_TABLE)
    last = steps[-1]
    assert last["players"][money]["events"] == {"Training": 1}
    bought = next(i for i, s in enumerate(steps) if "Training" in s["buys"])
    assert steps[bought - 1]["players"][money]["events"] == {}        # bought that turn
    assert last["players"][money]["tokens"]["piles"] == {"+$1": "Magpie"}
    assert last["pile_tokens"] == {"Magpie": ["P0 +$1"]}
    hit = [s for s in steps if any(q["tokens"]["minus_card"] for q in s["players"])]
    assert hit and not any(s["players"][relic]["tokens"]["minus_card"] for s in steps)
    assert all(s["players"][relic]["tokens"]["journey_up"] for s in steps)
    assert any(s["players"][rat]["mat"] == {"Ratcatcher": 1} for s in steps)
    assert last["trash"] and sum(last["trash"].values()) == int((result.log[:, 0] == 5).sum())
    assert steps[0]["players"][0]["deck"] == [7, 3, 0, 0] and len(GROUPS) == 4
    for s in steps:
        for q in s["players"]:
            assert sum(q["deck"]) == sum(q["owned"].values())
    final = final_scores(result.log)
    assert last["points"] == [final[p] for p in range(4)]


def _events_bot(folder: Path) -> Path:
    """A rule bot that buys every Event it can (each twice at most, the dearest first),
    else Gold or Silver: with random bots beside it, a random board's Events are bought,
    their tokens moved (all ten kinds over the boards below)."""
    from sim.cards import CARDS
    from sim.cards.adventures import EVENTS

    rules = "".join(f'[[buy]]\ncard = "{CARDS[e].name}"\nif = ["bought({CARDS[e].name}) < 2"]'
                    "\n\n" for e in sorted(EVENTS, key=lambda e: -CARDS[e].cost))
    path = folder / "events-all.toml"
    path.write_text('name = "events-all"\ndescription = "Buys Events."\n\n' + rules
                    + '[[buy]]\ncard = "Gold"\n\n[[buy]]\ncard = "Silver"\n')
    return path


@pytest.fixture(scope="module")
def random_boards(tmp_path_factory):
    """Nine games on random boards that hold, together, every kingdom card of the three
    sets and every Event (four Events a board, at most), 2, 3 and 4 players: the log's rows
    and, after each turn, the engine's own table (sim.engine.scenario.Scenario), read
    from its state."""
    from sim.cards import KINGDOM_CARDS
    from sim.cards.adventures import EVENTS
    from sim.engine import layout as L
    from sim.engine.scenario import Scenario

    bot = str(_events_bot(tmp_path_factory.mktemp("bots")))
    rng = np.random.default_rng(46)
    cards = [int(c) for c in rng.permutation(KINGDOM_CARDS)]
    events = [int(e) for e in rng.permutation(EVENTS)]
    games = []
    for g in range(-(-len(cards) // 10)):
        kingdom = cards[10 * g:10 * g + 10]
        kingdom += [c for c in cards if c not in kingdom][:10 - len(kingdom)]
        n = 2 + g % 3
        sc = Scenario([bot] + ["random"] * (n - 1), kingdom=kingdom, seed=6 + g, log=True,
                      events=events[4 * g:4 * g + 4] or events[:4], turn_cap=40)
        after, p = [], 0
        while True:
            sc.play_turn(p)
            after.append(_engine_table(sc, n))
            if sc.finished:
                break
            p = sc.next_player
        scores = sc.result()["scores"]
        assert not sc.S[L.V + L.V_LOG_TRUNC]          # the whole game is in the log
        games.append({"n": n, "kingdom": sc.config.kingdom, "events": sc.config.events,
                      "rows": np.array(sc.log_rows(), np.int64), "after": after,
                      "scores": scores})
    return games


def _engine_table(sc, n: int) -> dict:
    """The table the viewer tracks, as the engine holds it now."""
    from sim.cards import CARDS, N_CARDS

    players = []
    for p in range(n):
        piles = {t: sc.token_pile(p, t) for t in sc.TOKENS if sc.token_pile(p, t)}
        players.append({"owned": sc.owned(p), "mat": sc.mat(p), "Gear": sc.gear(p),
                        "Save": sc.saved(p), "piles": piles, "minus_card": sc.minus_card(p),
                        "minus_coin": sc.minus_coin(p), "journey_up": sc.journey_face_up(p),
                        "estate": sc.inherited(p)})
    upgrades = {CARDS[c].name: sc.non_supply(c) for c in range(N_CARDS) if sc.non_supply(c)}
    return {"players": players, "trash": sc.trash(), "upgrades": upgrades,
            "supply": {CARDS[c].name: sc.supply(c) for c in range(N_CARDS)
                       if c < 7 or c in sc.config.kingdom}}


def _viewer_table(step: dict) -> dict:
    """The same fields, as a viewer step holds them."""
    players = []
    for q in step["players"]:
        t, aside = q["tokens"], q["aside"]
        players.append({"owned": q["owned"], "mat": q["mat"], "Gear": aside.get("Gear", {}),
                        "Save": aside.get("Save", {}), "piles": t["piles"],
                        "minus_card": t["minus_card"], "minus_coin": t["minus_coin"],
                        "journey_up": t["journey_up"], "estate": t["estate"]})
    return {"players": players, "trash": step["trash"], "supply": step["supply"],
            "upgrades": {c: k for c, k in step["non_supply"].items() if k}}


def test_the_tracked_table_is_the_engines_after_every_turn(random_boards):
    """On boards of every card and Event, the table the viewer follows from the log rows
    (cards owned, Tavern mats, Gear's and Save's cards, tokens, trash, Supply and
    Traveller piles) is the engine's own after every turn, and the points end at the
    scores; the cards owned by type are the owned cards grouped by their types."""
    from sim.analysis.viewer import GROUPS, turn_steps
    from sim.cards import CARDS, CURSE_TYPE, KINGDOM_CARDS, TREASURE, VICTORY, card_id
    from sim.cards.adventures import EVENTS
    from sim.engine import codes

    seen_cards, seen_events, tokens, asides = set(), set(), set(), set()
    for g in random_boards:
        n = g["n"]
        steps = turn_steps(g["rows"], [f"r{p}" for p in range(n)], n, g["kingdom"],
                           g["events"])
        assert len(steps) == len(g["after"]) + 1
        for k, (step, engine) in enumerate(zip(steps[1:], g["after"], strict=True), 1):
            assert _viewer_table(step) == engine, f"step {k}: {step['title']}"
            for q in step["players"]:
                by_type = [0] * len(GROUPS)
                for name, count in q["owned"].items():
                    c = CARDS[card_id(name)]
                    curse, green, money = (c.is_type(t) for t in (CURSE_TYPE, VICTORY, TREASURE))
                    group = 3 if curse else 1 if green else 0 if money else 2
                    by_type[group] += count
                assert q["deck"] == by_type
        assert steps[-1]["points"] == g["scores"]
        seen_cards.update(g["kingdom"])
        seen_events.update(g["events"])
        rows = g["rows"]
        tokens.update(int(k) for k in rows[rows[:, 0] == codes.EV_TOKEN][:, 4])
        asides.update(int(x) for x in rows[rows[:, 0] == codes.EV_SET_ASIDE][:, 5])
    assert seen_cards == set(KINGDOM_CARDS) and seen_events == set(EVENTS)
    assert tokens == set(range(len(codes.TOKEN_NAMES)))      # every kind of token moved
    assert {card_id("Gear"), card_id("Save"), card_id("Inheritance")} <= asides


# ------------------------------------------------------------------ a seat's view
def test_a_seats_view_depends_only_on_what_it_saw(random_boards):
    """Each seat's steps on the random boards are the same whatever the cards it did not
    see were (those rows' cards swapped for others: another player's draws and hand,
    Gear's and Save's face-down cards, cards looked at): the view reads nothing else.
    The public table (cards owned, points, tokens, mats, trash, Supply) is the
    spectator's; another player's hand is a count, their face-down cards are such."""
    from sim.analysis.viewer import turn_steps
    from sim.engine.gamelog import seen_by

    public = ("supply", "non_supply", "pile_tokens", "trash", "points", "coins", "plays",
              "buys", "gains", "player", "turn_coins")
    for g in random_boards:
        n, rows = g["n"], g["rows"]
        names = [f"r{p}" for p in range(n)]
        full = turn_steps(rows, names, n, g["kingdom"], g["events"])
        for seat in range(n):
            hidden = (seen_by(rows, seat)[:, 3] < 0) & (rows[:, 3] >= 0)
            assert hidden.any()
            swapped = rows.copy()
            swapped[hidden, 3] = (rows[hidden, 3] + 1) % 7      # other basic cards
            view = turn_steps(rows, names, n, g["kingdom"], g["events"], seat=seat)
            assert view == turn_steps(swapped, names, n, g["kingdom"], g["events"], seat=seat)
            assert view != full
            for v, s in zip(view, full, strict=True):
                assert {k: v[k] for k in public} == {k: s[k] for k in public}
                for p, (q, r) in enumerate(zip(v["players"], s["players"], strict=True)):
                    assert {k: v for k, v in q.items() if k != "aside"} == \
                        {k: v for k, v in r.items() if k != "aside"}
                    if p != seat:
                        assert all(set(cards) == {"face-down card"}
                                   for why, cards in q["aside"].items()
                                   if why in ("Gear", "Save"))
                if v["player"] not in (seat, -1):
                    assert all(re.fullmatch(r"\d+ hidden cards?", x) for x in v["hand"])


def _card_words(text: str) -> set[str]:
    from sim.cards import CARDS

    return {c.name for c in CARDS if re.search(rf"\b{re.escape(c.name)}\b", text)}


def test_the_view_option_writes_one_seats_page_with_no_card_it_did_not_see(tmp_path):
    """`--view 1`: the page says whose view it is, holds no other view, and no step of it
    names a card another player drew (or held in hand) that seat 1 did not see: the full
    log's rows say which those are; the spectator's page holds every seat's view."""
    from sim.cards import CARDS
    from sim.engine import codes
    from sim.engine.gamelog import seen_by
    from sim.runner.api import play_game
    from sim.runner.plan import make_config

    bots = ["event-money", "relic-bm"]
    out, r = _play_html(tmp_path, *bots, "--kingdom", "auto", "--events", "auto",
                        "--seed", "3", "--view", "1")
    assert "seat 1's view" in r.stderr
    data = _page_data(out)
    assert data["seat"] == 1 and data["views"] == {}
    cfg = make_config(bots, games=1, seed=3, kingdom="auto", events="auto")
    result, _, _ = play_game(cfg, 0, log=True)
    rows, seen = result.log, seen_by(result.log, 1)
    starts = [i for i, row in enumerate(rows) if row[0] == codes.EV_TURN]
    assert len(data["steps"]) == len(starts) + 1
    secret_steps = 0
    for k, (lo, hi) in enumerate(zip([0, *starts], [*starts, len(rows)], strict=True)):
        drawn = {int(row[3]) for row in rows[lo:hi]
                 if row[0] in (codes.EV_DRAW, codes.EV_HAND) and row[2] != 1}
        shown = {int(c) for c in seen[lo:hi, 3] if c >= 0}
        secret = {CARDS[c].name for c in drawn - shown}
        step = data["steps"][k]
        text = json.dumps([step[f] for f in ("title", "lines", "hand", "revealed", "plays",
                                             "buys", "gains")])
        assert not secret & _card_words(text), (k, secret & _card_words(text))
        secret_steps += bool(secret)
    assert secret_steps > 5
    (tmp_path / "all").mkdir()
    spectator, _ = _play_html(tmp_path / "all", *bots, "--kingdom", "auto", "--events",
                              "auto", "--seed", "3")
    both = _page_data(spectator)
    assert both["seat"] is None and sorted(both["views"]) == ["0", "1"]


@pytest.mark.parametrize("args,message", [(("--view", "1"), "give --html"),
                                          (("--view", "2", "--html", "x.html"), "0 to 1")])
def test_the_view_option_is_checked_before_the_game(tmp_path, args, message):
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-m", "sim.cli", "play", "smithy-bm", "bmu", *args],
                       capture_output=True, text=True, env=env, timeout=300, cwd=tmp_path)
    assert r.returncode != 0 and message in r.stderr and not (tmp_path / "x.html").exists()


def _dom(url: str, profile: Path) -> str:
    flags = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             f"--user-data-dir={profile}"]
    return subprocess.run(flags + ["--dump-dom", url], capture_output=True, text=True,
                          timeout=120).stdout.replace("&nbsp;", " ")


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium (apt-get install chromium)")
def test_the_whole_table_and_a_seats_view_render_in_a_headless_browser(tmp_path):
    """The Adventures page in a browser: the players' table (cards owned by type, Tavern
    mat, tokens, Events bought), the Events, the trash, a cards-per-turn chart per player
    and the line that says whose view it is; at a seat's view another player's hand is a
    count; a screenshot of it is not blank."""
    out, _ = _play_html(tmp_path, *ADVENTURES_TABLE, "--kingdom", "auto", "--events", "auto",
                        "--seed", "3")
    data = _page_data(out)
    step = next(k for k, s in enumerate(data["steps"])
                if s["players"][3]["mat"] and s["trash"] and s["player"] == 0)
    s = data["steps"][step]
    dom = _dom(out.as_uri() + f"#turn={step}", tmp_path / "profile")
    assert "A spectator's replay: every card is shown" in dom
    assert "Players after it" in dom and "cards owned" in dom and "Tavern mat" in dom
    assert "<td>+$1 on Magpie" in dom and "<td>Ratcatcher</td>" in dom
    assert re.search(r"<td>Training</td><td class=\"n\">\$6</td><td>P0 ×1</td>", dom)
    assert ", ".join(f"{k} {n}" if k > 1 else n for n, k in s["trash"].items()) in dom
    total = sum(s["players"][0]["deck"])
    assert f">P0 event-money: {total} cards<" in dom
    assert dom.count('<svg xmlns="http://www.w3.org/2000/svg"') == 5    # points, 4 decks
    assert ", ".join(s["hand"]) in dom
    seat = _dom(out.as_uri() + f"#turn={step}&view=1", tmp_path / "profile")
    assert "As P1 gear-bm saw it" in seat and "5 hidden cards" in seat
    assert ", ".join(s["hand"]) not in seat
    shot = tmp_path / "shot.png"
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                    f"--user-data-dir={tmp_path / 'profile'}", f"--screenshot={shot}",
                    "--window-size=1200,1400", out.as_uri() + f"#turn={step}"],
                   capture_output=True, timeout=120)
    from PIL import Image

    pixels = np.asarray(Image.open(shot).convert("L"), np.float64)
    assert pixels.shape == (1400, 1200) and pixels.std() > 10


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium (apt-get install chromium)")
def test_the_search_bots_notes_show_in_every_turn_of_its_own(tmp_path):
    """The search bot's notes are lines of each of its turns, set apart in the page."""
    out, _ = _play_html(tmp_path, "mcts:playouts=30,playout=bmu", "bmu", "--seed", "2")
    steps = _page_data(out)["steps"]
    own = [k for k, s in enumerate(steps) if s["player"] == 0]
    assert own and all(any(x.lstrip().startswith("[P0 mcts") for x in steps[k]["lines"])
                       for k in own)
    dom = _dom(out.as_uri() + f"#turn={own[2]}", tmp_path / "profile")
    assert "<span class=\"note\">    [P0 mcts-playouts-30-playout-bmu: " in dom
