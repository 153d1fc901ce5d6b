"""A game as one self-contained HTML page that steps through it turn by turn.

    domsim play smithy-bm bmu --seed 7 --html game.html
    domsim play --from results/tournament.parquet --game 12 --html game.html

The page holds the game's data as JSON and a few lines of hand-written JavaScript and CSS:
no server, no network, no library; it opens from disk in any browser.  Each step is one
turn (step 0 is the setup): the turn's log lines (:func:`sim.engine.gamelog.format_log`,
what an agent bot weighed included: the search bot's notes), the hand, plays, buys and
gains of the player whose turn it is, and after the turn the Supply and every player's
points; a chart (inline SVG) draws each player's points and $ per turn.  The URL's
fragment picks the step (``game.html#turn=12``), as do the buttons and the arrow keys.

Everything is read from the game's event log (``BatchResult.log``).  The Supply counts
follow the log's gains and exchanges from the starting piles; the points, the owned
cards' victory points (Gardens and Distant Lands included) as the log's gains, trashes
and exchanges change them: :func:`turn_steps` checks them against the final scores the
log records (tests/test_viewer.py; :func:`final_scores`).
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence

import numpy as np

from sim.cards import CARDS, N_CARDS
from sim.engine import codes

_GARDENS, _DISTANT_LANDS = "Gardens", "Distant Lands"


def _starting_piles(n_players: int, kingdom: Sequence[int], events: Sequence[int]) -> np.ndarray:
    from sim.engine import layout as L
    from sim.engine.state import make_table

    T = make_table(n_players, tuple(kingdom), tuple(events))
    piles = T[L.SUPPLY0:L.SUPPLY0 + N_CARDS].astype(np.int64)
    return piles + T[L.NON_SUPPLY0:L.NON_SUPPLY0 + N_CARDS]


def turn_steps(log: np.ndarray, names: Sequence[str], n_players: int, kingdom: Sequence[int],
               events: Sequence[int] = (), notes: Mapping[int, Sequence[str]] | None = None
               ) -> list[dict]:
    """The game in steps (the setup, then one per turn): for each, its title, the player
    whose turn it is (-1 for the setup), its log lines, that player's hand, plays, buys
    and gains, and after it the Supply, every player's points and the $ each had to
    spend in its last turn."""
    from sim.engine.gamelog import format_log

    rows = [tuple(int(x) for x in r) for r in log]
    starts = [i for i, r in enumerate(rows) if r[0] == codes.EV_TURN]
    bounds = [0, *starts, len(rows)]
    piles = _starting_piles(n_players, kingdom, events)
    owned = np.zeros((n_players, N_CARDS), np.int64)
    copper, estate = _card_id("Copper"), _card_id("Estate")
    owned[:, copper], owned[:, estate] = 7, 3
    mat_lands = np.zeros(n_players, np.int64)
    coins = np.zeros(n_players, np.int64)
    vp = np.array([c.vp for c in CARDS[:N_CARDS]], np.int64)
    gardens, lands = _card_id(_GARDENS), _card_id(_DISTANT_LANDS)
    steps = []
    for k in range(len(bounds) - 1):
        lo, hi = bounds[k], bounds[k + 1]
        if hi <= lo and k > 0:
            continue
        part = rows[lo:hi]
        player = part[0][2] if part and part[0][0] == codes.EV_TURN else -1
        what = {"hand": [], "plays": [], "buys": [], "gains": []}
        for ev, _, p, c, count, extra in part:
            if ev == codes.EV_GAIN:
                piles[c] -= 1
                owned[p, c] += 1
            elif ev == codes.EV_TRASH:
                owned[p, c] -= count if count > 0 else 1
            elif ev == codes.EV_EXCHANGE:
                piles[c] += 1
                piles[extra] -= 1
                owned[p, c] -= 1
                owned[p, extra] += 1
            elif ev == codes.EV_TO_MAT and c == lands:
                mat_lands[p] += 1
            elif ev == codes.EV_COINS:
                coins[p] = count
            if p != player:
                continue
            if ev == codes.EV_HAND:
                what["hand"].append(f"{count} {CARDS[c].name}" if count > 1 else CARDS[c].name)
            elif ev in (codes.EV_PLAY, codes.EV_PLAY_AGAIN):
                what["plays"].append(CARDS[c].name)
            elif ev in (codes.EV_BUY, codes.EV_EVENT):
                what["buys"].append(CARDS[c].name)
            elif ev == codes.EV_GAIN:
                what["gains"].append(CARDS[c].name)
        points = (owned @ vp + owned[:, gardens] * (owned.sum(axis=1) // 10) + 4 * mat_lands)
        sub = log[lo:hi]
        note = {i - lo: v for i, v in (notes or {}).items() if lo <= i < hi}
        text = format_log(sub, names, notes=note) if len(sub) else ""
        lines = text.splitlines()
        if player >= 0 and lines and lines[0].startswith("Setup"):
            lines = lines[1:]               # format_log's first line, for a log's start
        title = "Setup" if player < 0 else next(
            (x for x in lines if x.startswith("Turn")), f"Step {k}")
        steps.append({"title": title, "player": int(player), "lines": lines,
                      **what, "supply": {CARDS[c].name: int(piles[c]) for c in range(N_CARDS)
                                         if _in_game(c, kingdom, events)},
                      "points": [int(x) for x in points], "coins": [int(x) for x in coins],
                      "turn_coins": int(coins[player]) if player >= 0 else 0})
    return steps


def final_scores(log: np.ndarray) -> dict[int, int]:
    """The scores the engine logged at the game's end, by seat (empty before it)."""
    return {int(r[2]): int(r[4]) for r in log if r[0] == codes.EV_SCORE}


def _card_id(name: str) -> int:
    return next(i for i, c in enumerate(CARDS) if c.name == name)


_BASIC = ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse")


def _in_game(c: int, kingdom: Sequence[int], events: Sequence[int]) -> bool:
    return CARDS[c].name in _BASIC or c in kingdom


def viewer_html(steps: list[dict], names: Sequence[str], title: str) -> str:
    """The page (see module docstring) for ``steps`` (:func:`turn_steps`)."""
    data = json.dumps({"names": list(names), "steps": steps, "title": title})
    data = data.replace("</", "<\\/")          # safe inside <script>
    return _PAGE.replace("__TITLE__", html.escape(title)).replace("__DATA__", data)


def write_viewer(path: str, result, seat_names: Sequence[str], cfg, seed: int,
                 header: str) -> None:
    """Write the viewer page of one played game (``result``: a BatchResult with its log,
    as ``sim.runner.api.play_game`` returns it) to ``path``, atomically."""
    from sim.outputs import atomic_write_text

    gc = cfg.game_config()
    names = [f"P{s} {n}" for s, n in enumerate(seat_names)]
    steps = turn_steps(result.log, list(seat_names), gc.n_players, gc.kingdom, gc.events,
                       getattr(result, "notes", None))
    atomic_write_text(path, viewer_html(steps, names, header))


_PAGE = r"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>domsim: __TITLE__</title>
<style>
body{font-family:system-ui,sans-serif;margin:1em;background:#fafafa;color:#222}
h1{font-size:1.1em} #nav button{font-size:1em;margin-right:.4em}
#step{font-weight:bold;margin:.5em 0} .cols{display:flex;gap:1.5em;flex-wrap:wrap}
.box{background:#fff;border:1px solid #ccc;border-radius:6px;padding:.6em;min-width:16em}
pre{font-size:.85em;margin:0;white-space:pre-wrap} table{border-collapse:collapse}
td,th{padding:1px 8px;text-align:left} td.n{text-align:right} .empty{color:#aaa}
</style></head><body>
<h1>__TITLE__</h1>
<div id="nav"><button id="first">&laquo; first</button><button id="prev">&lsaquo; prev</button>
<button id="next">next &rsaquo;</button><button id="last">last &raquo;</button>
<span id="where"></span></div>
<div id="step"></div>
<div class="cols">
<div class="box"><b>This turn</b><table id="turn"></table></div>
<div class="box"><b>Points and $ after it</b><table id="scores"></table></div>
<div class="box"><b>Supply after it</b><table id="supply"></table></div>
</div>
<div class="box" style="margin-top:1em"><b>Points (solid) and $ (dashed) per turn</b>
<div id="chart"></div></div>
<div class="box" style="margin-top:1em"><b>Log</b><pre id="log"></pre></div>
<script id="game" type="application/json">__DATA__</script>
<script>
"use strict";
const G = JSON.parse(document.getElementById("game").textContent);
const S = G.steps, COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"];
let at = 0;
function esc(t){return String(t).replace(/[&<>]/g,c=>({"&":"&amp;","<":"&lt;",">":"&gt;"}[c]));}
function row(cells){
  return "<tr>"+cells.map((c,i)=>(i?"<td class='n'>":"<td>")+esc(c)+"</td>").join("")+"</tr>";
}
function list(xs){return xs.length?xs.join(", "):"-";}
function show(k){
  at = Math.max(0, Math.min(S.length - 1, k));
  const s = S[at];
  document.getElementById("where").textContent = "step " + at + " of " + (S.length - 1);
  document.getElementById("step").textContent = s.title;
  const who = s.player >= 0 ? G.names[s.player] : "everyone";
  document.getElementById("turn").innerHTML =
    "<tr><th>player</th><td>"+esc(who)+"</td></tr><tr><th>hand</th><td>"+esc(list(s.hand))+
    "</td></tr><tr><th>plays</th><td>"+esc(list(s.plays))+"</td></tr><tr><th>buys</th><td>"+
    esc(list(s.buys))+"</td></tr><tr><th>gains</th><td>"+esc(list(s.gains))+"</td></tr>"+
    "<tr><th>$</th><td>"+(s.player>=0?s.turn_coins:"-")+"</td></tr>";
  document.getElementById("scores").innerHTML =
    "<tr><th>player</th><th>points</th><th>$ last turn</th></tr>"+
    G.names.map((n,p)=>row([n, s.points[p], s.coins[p]])).join("");
  document.getElementById("supply").innerHTML =
    Object.entries(s.supply).map(([n,c])=>row([n,c])).join("");
  document.getElementById("log").textContent = s.lines.join("\n");
  if (location.hash !== "#turn=" + at) history.replaceState(null, "", "#turn=" + at);
}
function chart(){
  const W = 640, H = 220, P = 30, n = S.length;
  let top = 1;
  for (const s of S) for (const v of s.points.concat([s.turn_coins])) top = Math.max(top, v);
  const x = i => P + (W - 2*P) * i / Math.max(1, n - 1), y = v => H - P - (H - 2*P) * v / top;
  let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='"+W+"' height='"+H+"'>";
  svg += "<line x1='"+P+"' y1='"+(H-P)+"' x2='"+(W-P)+"' y2='"+(H-P)+"' stroke='#888'/>";
  svg += "<text x='2' y='"+(P)+"' font-size='10'>"+top+"</text>";
  svg += "<text x='2' y='"+(H-P)+"' font-size='10'>0</text>";
  G.names.forEach((name, p) => {
    const pts = S.map((s,i)=>x(i)+","+y(s.points[p])).join(" ");
    svg += "<polyline fill='none' stroke='"+COLORS[p]+"' stroke-width='2' points='"+pts+"'/>";
    const cs = S.map((s,i)=>s.player===p?x(i)+","+y(s.turn_coins):null).filter(Boolean).join(" ");
    svg += "<polyline fill='none' stroke='"+COLORS[p]+"' stroke-dasharray='4 3' points='"+cs+"'/>";
    svg += "<text x='"+(W-P-150)+"' y='"+(14+14*p)+"' fill='"+COLORS[p]+"' font-size='12'>"+
      esc(name)+"</text>";
  });
  svg += "<line id='cursor' x1='0' y1='"+P+"' x2='0' y2='"+(H-P)+
    "' stroke='#999' stroke-dasharray='2 2'/></svg>";
  document.getElementById("chart").innerHTML = svg;
}
function fromHash(){
  const m = /turn=(\d+)/.exec(location.hash + location.search);
  return m ? +m[1] : 0;
}
function go(k){
  show(k);
  const c = document.getElementById("cursor");
  if (c) {
    const X = 30 + 580 * at / Math.max(1, S.length - 1);
    c.setAttribute("x1", X); c.setAttribute("x2", X);
  }
}
document.getElementById("first").onclick = () => go(0);
document.getElementById("prev").onclick = () => go(at - 1);
document.getElementById("next").onclick = () => go(at + 1);
document.getElementById("last").onclick = () => go(S.length - 1);
document.addEventListener("keydown", e => {
  if (e.key === "ArrowRight") go(at + 1);
  if (e.key === "ArrowLeft") go(at - 1);
});
window.addEventListener("hashchange", () => go(fromHash()));
chart(); go(fromHash());
</script></body></html>
"""
