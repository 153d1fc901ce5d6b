"""A game as one self-contained HTML page that steps through it turn by turn.

    domsim play smithy-bm bmu --seed 7 --html game.html
    domsim play smithy-bm bmu --seed 7 --html game.html --view 1
    domsim play --from results/tournament.parquet --game 12 --html game.html

The page holds the game's data as JSON and a few lines of hand-written JavaScript and CSS:
no server, no network, no library; it opens from disk in any browser.  Each step is one
turn (step 0 is the setup): the turn's log lines (:func:`sim.engine.gamelog.format_log`,
what an agent bot weighed included: the search bot's notes, set apart in the page), the
hand, plays, buys and gains of the player whose turn it is, and after the turn the whole
table: the Supply (with the tokens on its piles and the Traveller upgrade piles), the
Events and who bought them, the trash, and for every player the points, the $ of their
last turn, the cards they own by type, their Tavern mat, the cards they have set aside
(Gear, Save, Inheritance) and their tokens (-1 Card, -$1, Journey, Estate).  Two charts
(inline SVG): each player's points and $ per turn, and each player's cards per turn as
stacked bars of Treasure / Victory / Action / Curse (a card of several of these types
counts once, under the first of Curse, Victory, Treasure, Action it has: Distant Lands
is Victory).  The URL's fragment picks the step (``game.html#turn=12``), as do the
buttons and the arrow keys.

Whose eyes: the page says it.  The default is a spectator's replay that shows every
card; it also holds each seat's view of the game, and a selector switches to it
(``game.html#turn=12&view=1`` opens at seat 1's view).  A seat
sees what that player saw at the table (:func:`sim.engine.gamelog.seen_by`): the others'
hands and draws only as counts, their face-down set-asides as face-down cards, and the
cards they revealed; everything public (plays, gains, trashes, the Supply, mats, tokens,
and so the cards each player owns) as the spectator does.  ``--view P`` writes seat P's
view alone: the file then holds no card the seat did not see (its JSON can be read), and
the notes of other seats' search bots are left out (they weigh their hands).

Everything is read from the game's event log (``BatchResult.log``), row by row, by
:class:`TableTracker`; the Supply starts at the rulebook's piles.  The points follow the
owned cards' victory points (Gardens, Duke and Distant Lands included) and end at the final
scores the log records; the tracked table is checked, turn by turn, against the engine's
own state on random boards over every card and Event (tests/test_viewer.py).
"""

from __future__ import annotations

import html
import json
from collections import Counter
from collections.abc import Mapping, Sequence

import numpy as np

from sim.cards import (
    CARDS,
    CURSE_TYPE,
    GEAR,
    N_CARDS,
    SAVE,
    TREASURE,
    VICTORY,
    VP_PER_CARD,
    VP_PER_CARDS,
    VP_RULE_CARDS,
)
from sim.engine import codes

_DISTANT_LANDS = "Distant Lands"
# The groups of the cards-per-turn chart, in its stacking order (see module docstring).
GROUPS = ("Treasure", "Victory", "Action", "Curse")
_PILE_TOKENS = codes.TOKEN_NAMES[:codes.TOKEN_TRASHING + 1]
_HIDDEN = "face-down card"


def _group(c: int) -> int:
    """The index in :data:`GROUPS` card ``c`` is counted under."""
    card = CARDS[c]
    if card.is_type(CURSE_TYPE):
        return 3
    if card.is_type(VICTORY):
        return 1
    if card.is_type(TREASURE):
        return 0
    return 2


def _name(c: int) -> str:
    return CARDS[c].name if 0 <= c < N_CARDS else "?"


def _starting_piles(n_players: int, kingdom: Sequence[int], events: Sequence[int]
                    ) -> tuple[np.ndarray, np.ndarray]:
    """The Supply piles and the non-Supply (Traveller upgrade) piles at the start."""
    from sim.engine import layout as L
    from sim.engine.state import make_table

    T = make_table(n_players, tuple(kingdom), tuple(events))
    return (T[L.SUPPLY0:L.SUPPLY0 + N_CARDS].astype(np.int64),
            T[L.NON_SUPPLY0:L.NON_SUPPLY0 + N_CARDS].astype(np.int64))


class TableTracker:
    """The table as a game's log rows change it, from the setup on: the piles, the
    trash, and per player the cards owned, the Tavern mat, the set-aside cards, the
    tokens, the Events bought and the $ of their last turn.

    Rows may come from a seat's view (:func:`sim.engine.gamelog.seen_by`), where a card
    the seat did not see is -1: such a card is counted as a face-down one (a Gear's or
    Save's set-aside card); what changes the cards owned (gains, trashes, exchanges,
    Inheritance) is public, so the owned cards are the same in every view, but for a card
    Masquerade passes between two other players: a third seat does not see which, and its
    view leaves the owned cards as they were.
    """

    def __init__(self, n_players: int, kingdom: Sequence[int], events: Sequence[int] = ()):
        self.n = n_players
        supply, non_supply = _starting_piles(n_players, kingdom, events)
        self.piles = supply + non_supply
        self.supply_ids = [c for c in range(N_CARDS) if _in_game(c, kingdom)]
        self.non_supply_ids = [c for c in range(N_CARDS) if non_supply[c] > 0]
        self.event_ids = [int(e) for e in events]
        self.owned = np.zeros((n_players, N_CARDS), np.int64)
        self.owned[:, _card_id("Copper")], self.owned[:, _card_id("Estate")] = 7, 3
        self.mat = np.zeros((n_players, N_CARDS), np.int64)
        self.trash = np.zeros(N_CARDS, np.int64)
        self.aside: list[dict[str, Counter]] = [{"Gear": Counter(), "Save": Counter()}
                                                for _ in range(n_players)]
        self.pile_tokens: list[dict[int, int]] = [{} for _ in range(n_players)]
        self.minus_card = [False] * n_players
        self.minus_coin = [False] * n_players
        self.journey_up = [True] * n_players
        self.estate = [-1] * n_players
        self.events_bought = [Counter() for _ in range(n_players)]
        self.coins = np.zeros(n_players, np.int64)
        self._vp = np.array([c.vp for c in CARDS[:N_CARDS]], np.int64)
        self._lands = _card_id(_DISTANT_LANDS)
        self._groups = np.zeros((N_CARDS, len(GROUPS)), np.int64)
        for c in range(N_CARDS):
            self._groups[c, _group(c)] = 1

    def apply(self, row: Sequence[int]) -> None:
        """Change the table by one log row ``(event, turn, player, card, count, extra)``."""
        ev, _, p, c, count, extra = (int(x) for x in row)
        if ev == codes.EV_GAIN:
            if extra == codes.GAIN_FROM_TRASH:        # Lurker
                self.trash[c] -= 1
            else:
                self.piles[c] -= 1
            self.owned[p, c] += 1
        elif ev == codes.EV_TRASH:
            k = count if count > 0 else 1
            if extra == codes.TRASH_FROM_SUPPLY:    # Lurker: a pile's card, nobody's
                self.piles[c] -= k
            else:
                self.owned[p, c] -= k
            self.trash[c] += k
        elif ev == codes.EV_EXCHANGE:
            self.piles[c] += 1
            self.piles[extra] -= 1
            self.owned[p, c] -= 1
            self.owned[p, extra] += 1
        elif ev == codes.EV_PASS and c >= 0:     # Masquerade: the card changes hands
            self.owned[p, c] -= 1
            self.owned[extra, c] += 1
        elif ev == codes.EV_TO_MAT:
            self.mat[p, c] += 1
        elif ev == codes.EV_CALL:
            self.mat[p, c] -= 1
        elif ev == codes.EV_DISCARD and extra == codes.DISCARD_FROM_MAT:
            self.mat[p, c] -= count if count > 0 else 1
        elif ev == codes.EV_SET_ASIDE and extra in (GEAR, SAVE):
            self.aside[p][_name(extra)][c] += 1
        elif ev == codes.EV_RETURN and extra in (GEAR, -1):
            held = self.aside[p]["Gear" if extra == GEAR else "Save"]
            held[c if held[c] > 0 else -1] -= 1       # a face-down card, in a seat's view
        elif ev == codes.EV_EVENT:
            self.events_bought[p][c] += 1
        elif ev == codes.EV_TOKEN:
            self._token(p, c, count, extra)
        elif ev == codes.EV_COINS:
            self.coins[p] = count

    def _token(self, p: int, c: int, k: int, by: int) -> None:
        """An EV_TOKEN row (sim.engine.gamelog._token_text says what each means)."""
        if 0 <= c and c == by and k <= codes.TOKEN_COIN:
            return                                  # a token's bonus on a play: no move
        if k <= codes.TOKEN_TRASHING:
            self.pile_tokens[p][k] = c
        elif k == codes.TOKEN_MINUS_CARD:
            self.minus_card[p] = by >= 0            # put on by a card; -1: used, off
        elif k == codes.TOKEN_MINUS_COIN:
            self.minus_coin[p] = by >= 0            # taken by a card; -1: used, returned
        elif k == codes.TOKEN_JOURNEY:
            self.journey_up[p] = not self.journey_up[p]
        elif k == codes.TOKEN_ESTATE:
            # Inheritance: the card is set aside from its pile and owned, not gained.
            self.estate[p] = c
            self.piles[c] -= 1
            self.owned[p, c] += 1

    def points(self) -> np.ndarray:
        """Every player's score now (the cards that score by a rule, from their
        declarations: Gardens 1 VP per 10 cards owned, Duke 1 VP per Duchy; Distant Lands:
        4 VP on the Tavern mat, else 0)."""
        o = self.owned
        points = o @ self._vp + 4 * self.mat[:, self._lands]
        for r in VP_RULE_CARDS:
            if VP_PER_CARDS[r]:
                points += o[:, r] * (o.sum(axis=1) // VP_PER_CARDS[r])
            if VP_PER_CARD[r] >= 0:
                points += o[:, r] * o[:, VP_PER_CARD[r]]
        return points

    def deck(self, p: int) -> list[int]:
        """Player ``p``'s cards owned by :data:`GROUPS`."""
        return [int(x) for x in self.owned[p] @ self._groups]

    def snapshot(self) -> dict:
        """The table now, by name, for the page's JSON."""
        tokens_on: dict[str, list[str]] = {}
        for p in range(self.n):
            for k, c in sorted(self.pile_tokens[p].items()):
                tokens_on.setdefault(_name(c), []).append(f"P{p} {_PILE_TOKENS[k]}")
        points = self.points()
        players = []
        for p in range(self.n):
            aside = {}
            for why, held in self.aside[p].items():
                cards = [(_name(c) if c >= 0 else _HIDDEN, k) for c, k in sorted(held.items())
                         if k > 0]
                if cards:
                    aside[why] = {name: int(k) for name, k in cards}
            if self.estate[p] >= 0:
                aside["Inheritance"] = {_name(self.estate[p]): 1}
            players.append({
                "points": int(points[p]), "coins": int(self.coins[p]),
                "owned": _named(self.owned[p]), "deck": self.deck(p),
                "mat": _named(self.mat[p]), "aside": aside,
                "tokens": {"piles": {_PILE_TOKENS[k]: _name(c)
                                     for k, c in sorted(self.pile_tokens[p].items())},
                           "minus_card": self.minus_card[p], "minus_coin": self.minus_coin[p],
                           "journey_up": self.journey_up[p],
                           "estate": _name(self.estate[p]) if self.estate[p] >= 0 else None},
                "events": {_name(e): int(k) for e, k in sorted(self.events_bought[p].items())}})
        return {"supply": {_name(c): int(self.piles[c]) for c in self.supply_ids},
                "non_supply": {_name(c): int(self.piles[c]) for c in self.non_supply_ids},
                "pile_tokens": tokens_on, "trash": _named(self.trash), "players": players}


def _named(counts: np.ndarray) -> dict[str, int]:
    return {_name(c): int(counts[c]) for c in np.flatnonzero(counts)}


def _rows(log: np.ndarray | Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    return [tuple(int(x) for x in r) for r in log]


def seat_rows(log: np.ndarray, seat: int) -> np.ndarray:
    """The log's rows as seat ``seat`` saw them (:func:`sim.engine.gamelog.seen_by`)."""
    from sim.engine.gamelog import seen_by

    return np.asarray(seen_by(log, seat), dtype=np.int64).reshape(-1, 6)


def _log_text(sub: np.ndarray, names: Sequence[str], notes: Mapping[int, Sequence[str]],
              seat: int | None) -> str:
    from sim.engine.gamelog import format_log

    return format_log(sub, names, notes=notes, viewer=seat) if len(sub) else ""


def turn_steps(log: np.ndarray, names: Sequence[str], n_players: int, kingdom: Sequence[int],
               events: Sequence[int] = (), notes: Mapping[int, Sequence[str]] | None = None,
               seat: int | None = None) -> list[dict]:
    """The game in steps (the setup, then one per turn): for each, its title, the player
    whose turn it is (-1 for the setup), its log lines, that player's hand, plays, buys,
    gains and revealed cards, and after it the table (:meth:`TableTracker.snapshot`),
    every player's points and the $ each had to spend in its last turn.

    ``seat``: the steps as that seat saw the game (see module docstring): the log's rows
    through :func:`seat_rows`, and only that seat's notes."""
    log = np.asarray(log, dtype=np.int64).reshape(-1, 6)
    if seat is not None:
        log = seat_rows(log, seat)
        notes = {i: kept for i, v in (notes or {}).items()
                 if (kept := [x for x in v if x.startswith(f"P{seat} ")])}
    rows = _rows(log)
    starts = [i for i, r in enumerate(rows) if r[0] == codes.EV_TURN]
    bounds = [0, *starts, len(rows)]
    table = TableTracker(n_players, kingdom, events)
    steps = []
    for k in range(len(bounds) - 1):
        lo, hi = bounds[k], bounds[k + 1]
        if hi <= lo and k > 0:
            continue
        part = rows[lo:hi]
        player = part[0][2] if part and part[0][0] == codes.EV_TURN else -1
        what: dict[str, list[str]] = {"hand": [], "plays": [], "buys": [], "gains": [],
                                      "revealed": []}
        hidden = 0
        for row in part:
            table.apply(row)
            ev, _, p, c, count, _extra = row
            if p != player:
                continue
            if ev == codes.EV_HAND and c < 0:
                hidden += max(count, 1)
            elif ev == codes.EV_HAND:
                what["hand"].append(f"{count} {_name(c)}" if count > 1 else _name(c))
            elif ev in (codes.EV_PLAY, codes.EV_PLAY_AGAIN):
                what["plays"].append(_name(c))
            elif ev in (codes.EV_BUY, codes.EV_EVENT):
                what["buys"].append(_name(c))
            elif ev == codes.EV_GAIN:
                what["gains"].append(_name(c))
            elif ev == codes.EV_REVEAL_CARD and c >= 0:
                what["revealed"].append(f"{count} {_name(c)}" if count > 1 else _name(c))
        if hidden:
            what["hand"].append(f"{hidden} hidden card{'s' if hidden > 1 else ''}")
        note = {i - lo: v for i, v in (notes or {}).items() if lo <= i < hi}
        lines = _log_text(log[lo:hi], names, note, seat).splitlines()
        if player >= 0 and lines and lines[0].startswith("Setup"):
            lines = lines[1:]               # format_log's first line, for a log's start
        title = "Setup" if player < 0 else next(
            (x for x in lines if x.startswith("Turn")), f"Step {k}")
        snap = table.snapshot()
        steps.append({"title": title, "player": int(player), "lines": lines, **what, **snap,
                      "points": [q["points"] for q in snap["players"]],
                      "coins": [q["coins"] for q in snap["players"]],
                      "turn_coins": int(table.coins[player]) if player >= 0 else 0})
    return steps


def final_scores(log: np.ndarray) -> dict[int, int]:
    """The scores the engine logged at the game's end, by seat (empty before it)."""
    return {int(r[2]): int(r[4]) for r in log if r[0] == codes.EV_SCORE}


def _card_id(name: str) -> int:
    return next(i for i, c in enumerate(CARDS) if c.name == name)


_BASIC = ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse")


def _in_game(c: int, kingdom: Sequence[int]) -> bool:
    return CARDS[c].name in _BASIC or c in kingdom


def _changed(steps: list[dict], base: list[dict]) -> list[dict]:
    """Each step of ``steps`` as the fields that differ from ``base``'s same step (a
    seat's view kept beside the spectator's in one page: the page merges them)."""
    return [{k: v for k, v in s.items() if b.get(k) != v} for s, b in zip(steps, base,
                                                                             strict=True)]


def viewer_html(steps: list[dict], names: Sequence[str], title: str, *,
                events: Sequence[int] = (), seat: int | None = None,
                views: Mapping[int, list[dict]] | None = None) -> str:
    """The page (see module docstring) for ``steps`` (:func:`turn_steps`).

    ``seat``: ``steps`` are that seat's view (``--view``), and the page says so.
    ``views``: each seat's steps (:func:`turn_steps` with ``seat``), for the page's view
    selector; kept as their differences from ``steps`` (a spectator's page only: a seat's
    page holds nothing the seat did not see)."""
    if seat is not None and views:
        raise ValueError("a seat's page holds that seat's view alone, not the others'")
    data = {"names": list(names), "steps": steps, "title": title, "seat": seat,
            "groups": list(GROUPS),
            "events": [{"name": _name(e), "cost": int(CARDS[e].cost)} for e in events],
            "views": {str(s): _changed(v, steps) for s, v in (views or {}).items()}}
    text = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")  # safe in <script>
    return _PAGE.replace("__TITLE__", html.escape(title)).replace("__DATA__", text)


def write_viewer(path: str, result, seat_names: Sequence[str], cfg, seed: int,
                 header: str, view: int | None = None) -> None:
    """Write the viewer page of one played game (``result``: a BatchResult with its log,
    as ``sim.runner.api.play_game`` returns it) to ``path``, atomically: a spectator's
    page with every seat's view to switch to, or with ``view`` seat ``view``'s alone."""
    from sim.outputs import atomic_write_text

    gc = cfg.game_config()
    n = gc.n_players
    if view is not None and not 0 <= view < n:
        raise ValueError(f"--view: a seat of this {n}-player game (0 to {n - 1}), not {view}")
    names = [f"P{s} {nm}" for s, nm in enumerate(seat_names)]
    notes = getattr(result, "notes", None)

    def steps_of(seat: int | None) -> list[dict]:
        return turn_steps(result.log, list(seat_names), n, gc.kingdom, gc.events, notes, seat)

    if view is not None:
        page = viewer_html(steps_of(view), names, header, events=gc.events, seat=view)
    else:
        page = viewer_html(steps_of(None), names, header, events=gc.events,
                           views={s: steps_of(s) for s in range(n)})
    atomic_write_text(path, page)


_PAGE = r"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>domsim: __TITLE__</title>
<style>
body{font-family:system-ui,sans-serif;margin:1em;background:#fafafa;color:#222}
h1{font-size:1.1em;margin:.2em 0} #nav button{font-size:1em;margin-right:.4em}
#kind{margin:.3em 0;padding:.3em .6em;border-radius:4px;background:#e8f0fb;display:inline-block}
#kind.seat{background:#fdf0d8} #step{font-weight:bold;margin:.5em 0}
.cols{display:flex;gap:1em;flex-wrap:wrap;align-items:flex-start;margin-bottom:1em}
.box{background:#fff;border:1px solid #ccc;border-radius:6px;padding:.6em;min-width:14em}
.grow{flex:1 1 30em} pre{font-size:.85em;margin:0;white-space:pre-wrap}
table{border-collapse:collapse} td,th{padding:1px 8px;text-align:left;vertical-align:top}
td.n{text-align:right} .empty{color:#999} .note{color:#1a5fb4;font-style:italic}
#players td,#players th{border-bottom:1px solid #eee} .sw{display:inline-block;width:.8em;
height:.8em;margin:0 .2em 0 .5em;border:1px solid #888;vertical-align:middle}
.sub td{color:#777;font-style:italic;padding-top:.4em} td.own{white-space:nowrap}
#decks{display:flex;flex-wrap:wrap;gap:.5em}
.stack{display:flex;flex-direction:column;gap:1em;align-items:flex-start}
</style></head><body>
<h1>__TITLE__</h1>
<div id="kind"></div>
<div id="nav"><button id="first">&laquo; first</button><button id="prev">&lsaquo; prev</button>
<button id="next">next &rsaquo;</button><button id="last">last &raquo;</button>
<span id="where"></span>
<label id="pick"> &nbsp; view: <select id="view"></select></label></div>
<div id="step"></div>
<div class="cols">
<div class="box"><b>This turn</b><table id="turn"></table></div>
<div class="box grow"><b>Log</b><pre id="log"></pre></div>
</div>
<div class="cols">
<div class="stack">
<div class="box"><b>Players after it</b><table id="players"></table></div>
<div class="box" id="eventbox"><b>Events</b><table id="events"></table></div>
<div class="box"><b>Trash</b><div id="trash"></div></div>
<div class="box"><b>Points (solid) and $ (dashed) per turn</b><div id="chart"></div></div>
</div>
<div class="box"><b>Supply after it</b><table id="supply"></table></div>
</div>
<div class="box"><b>Cards owned per turn</b><div id="legend"></div><div id="decks"></div></div>
<script id="game" type="application/json">__DATA__</script>
<script>
"use strict";
const G = JSON.parse(document.getElementById("game").textContent);
const BASE = G.steps, COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"];
const GROUP_COLORS = ["#e0b31a", "#3f9f3f", "#b8b8b8", "#8e44ad"];
let at = 0, view = "", S = BASE;
function esc(t){return String(t).replace(/[&<>"']/g,c=>({"&":"&amp;","<":"&lt;",">":"&gt;",
  '"':"&quot;","'":"&#39;"}[c]));}
function row(cells){
  return "<tr>"+cells.map((c,i)=>(i?"<td class='n'>":"<td>")+esc(c)+"</td>").join("")+"</tr>";
}
function list(xs){return xs.length?xs.join(", "):"-";}
function named(o){
  const e = Object.entries(o);
  return e.length ? e.map(([n,c])=>c>1?c+" "+n:n).join(", ") : "";
}
function any(f){return BASE.some(s=>s.players.some(f));}
const HAS = {mat: any(q=>Object.keys(q.mat).length>0), aside: any(q=>Object.keys(q.aside).length>0),
  tokens: any(q=>Object.keys(q.tokens.piles).length>0||q.tokens.minus_card||q.tokens.minus_coin||
                 !q.tokens.journey_up||q.tokens.estate),
  journey: any(q=>!q.tokens.journey_up), events: G.events.length>0,
  piles: BASE.some(s=>Object.keys(s.pile_tokens).length>0)};
function tokens(t){
  const xs = Object.entries(t.piles).map(([k,c])=>k+" on "+c);
  if (t.minus_card) xs.push("-1 Card on their deck");
  if (t.minus_coin) xs.push("holds -$1");
  if (HAS.journey) xs.push("Journey face "+(t.journey_up?"up":"down"));
  if (t.estate) xs.push("Estate on "+t.estate);
  return xs.join(", ");
}
function aside(a){return Object.entries(a).map(([why,cs])=>named(cs)+" ("+why+")").join(", ");}
function swatches(d){
  return d.map((k,g)=>k?"<span class='sw' style='background:"+GROUP_COLORS[g]+"'></span>"+k+" "+
    esc(G.groups[g]):"").join("");
}
function stepsOf(v){
  if (!v || !G.views[v]) return BASE;
  return BASE.map((s,i)=>Object.assign({}, s, G.views[v][i]));
}
function kind(){
  const k = document.getElementById("kind");
  if (G.seat !== null) {
    k.className = "seat";
    k.textContent = G.names[G.seat]+"'s view: the game as that seat saw it. The other players' "+
      "hands and draws show as counts and their face-down cards as such; this file holds "+
      "nothing that seat did not see.";
  } else if (view) {
    k.className = "seat";
    k.textContent = "As "+G.names[+view]+" saw it: the other players' hands and draws show as "+
      "counts only (the view selector switches back to the spectator's replay).";
  } else {
    k.className = "";
    k.textContent = "A spectator's replay: every card is shown, every player's hand and draws "+
      "included."+(Object.keys(G.views).length?" The view selector shows the game as one "+
      "player saw it.":"");
  }
}
function show(k){
  at = Math.max(0, Math.min(S.length - 1, k));
  const s = S[at];
  document.getElementById("where").textContent = "step " + at + " of " + (S.length - 1);
  document.getElementById("step").textContent = s.title;
  const who = s.player >= 0 ? G.names[s.player] : "everyone";
  document.getElementById("turn").innerHTML =
    "<tr><th>player</th><td>"+esc(who)+"</td></tr><tr><th>hand</th><td>"+esc(list(s.hand))+
    "</td></tr>"+(s.revealed.length?"<tr><th>revealed</th><td>"+esc(list(s.revealed))+
    "</td></tr>":"")+"<tr><th>plays</th><td>"+esc(list(s.plays))+"</td></tr><tr><th>buys</th><td>"+
    esc(list(s.buys))+"</td></tr><tr><th>gains</th><td>"+esc(list(s.gains))+"</td></tr>"+
    "<tr><th>$</th><td>"+(s.player>=0?s.turn_coins:"-")+"</td></tr>";
  const cols = [["Tavern mat", HAS.mat, q=>named(q.mat)],
    ["set aside", HAS.aside, q=>aside(q.aside)], ["tokens", HAS.tokens, q=>tokens(q.tokens)],
    ["Events bought", HAS.events, q=>named(q.events)]]
    .filter(c=>c[1]);
  document.getElementById("players").innerHTML =
    "<tr><th>player</th><th>points</th><th>$ last turn</th><th>cards owned</th>"+
    cols.map(c=>"<th>"+c[0]+"</th>").join("")+"</tr>"+
    G.names.map((n,p)=>{
      const q = s.players[p], total = q.deck.reduce((a,b)=>a+b,0);
      return "<tr><td>"+esc(n)+"</td><td class=\"n\">"+s.points[p]+"</td><td class=\"n\">"+
        s.coins[p]+"</td><td class='own' title='"+esc(named(q.owned))+"'>"+total+":"+
        swatches(q.deck)+"</td>"+
        cols.map(c=>{const t=c[2](q);return t?"<td>"+esc(t)+"</td>":"<td class='empty'>-</td>";})
          .join("")+"</tr>";
    }).join("");
  const toks = s.pile_tokens;
  document.getElementById("supply").innerHTML = (HAS.piles?"<tr><th>pile</th><th>left</th>"+
    "<th>tokens on it</th></tr>":"")+
    Object.entries(s.supply).map(([n,c])=>"<tr><td>"+esc(n)+"</td><td class='n'>"+c+"</td><td>"+
      esc((toks[n]||[]).join(", "))+"</td></tr>").join("")+
    (Object.keys(s.non_supply).length?"<tr class='sub'><td colspan='3'>not in the Supply</td></tr>"+
      Object.entries(s.non_supply).map(([n,c])=>row([n,c])).join(""):"");
  document.getElementById("eventbox").style.display = HAS.events ? "" : "none";
  document.getElementById("events").innerHTML = G.events.map(e=>{
    const by = G.names.map((n,p)=>[n.split(" ")[0], s.players[p].events[e.name]||0])
      .filter(x=>x[1]).map(x=>x[0]+" \u00d7"+x[1]).join(", ");
    return "<tr><td>"+esc(e.name)+"</td><td class='n'>$"+e.cost+"</td><td>"+
      (by?esc(by):"<span class='empty'>not bought</span>")+"</td></tr>";
  }).join("");
  const trash = named(s.trash);
  document.getElementById("trash").innerHTML =
    trash ? esc(trash) : "<span class='empty'>empty</span>";
  document.getElementById("log").innerHTML = s.lines.map(x=>/^\s*\[/.test(x)?
    "<span class='note'>"+esc(x)+"</span>":esc(x)).join("\n");
  decks();
  const h = "#turn=" + at + (view ? "&view=" + view : "");
  if (location.hash !== h) history.replaceState(null, "", h);
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
  document.getElementById("legend").innerHTML = G.groups.map((g,i)=>
    "<span class='sw' style='background:"+GROUP_COLORS[i]+"'></span>"+esc(g)).join("");
}
function decks(){
  // One small stacked bar chart per player: a bar per turn of theirs (the setup first).
  let top = 1;
  for (const s of S) for (const q of s.players) top = Math.max(top, q.deck.reduce((a,b)=>a+b,0));
  const W = 300, H = 110, P = 22;
  document.getElementById("decks").innerHTML = G.names.map((name, p) => {
    const idx = S.map((s,i)=>i===0||s.player===p?i:-1).filter(i=>i>=0);
    let cur = 0;
    for (const i of idx) if (i <= at) cur = i;
    const bw = Math.max(1, Math.min(10, (W - P - 4) / idx.length));
    let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='"+W+"' height='"+(H+16)+"'>"+
      "<text x='0' y='11' font-size='11' fill='"+COLORS[p]+"'>"+esc(name)+": "+
      S[at].players[p].deck.reduce((a,b)=>a+b,0)+" cards</text>"+
      "<text x='0' y='24' font-size='9'>"+top+"</text>"+
      "<text x='0' y='"+(H+14)+"' font-size='9'>0</text>";
    idx.forEach((i, j) => {
      let y = H + 14;
      const x = P + j * bw;
      S[i].players[p].deck.forEach((k, g) => {
        const h = (H - 10) * k / top;
        y -= h;
        if (k) svg += "<rect x='"+x.toFixed(1)+"' y='"+y.toFixed(1)+"' width='"+
          Math.max(0.5, bw - 1).toFixed(1)+"' height='"+h.toFixed(1)+"' fill='"+
          GROUP_COLORS[g]+"'/>";
      });
      if (i === cur) svg += "<rect x='"+(x-0.5).toFixed(1)+"' y='18' width='"+bw.toFixed(1)+
        "' height='"+(H-4)+"' fill='none' stroke='#333' stroke-width='1'/>";
    });
    return svg + "</svg>";
  }).join("");
}
function fromHash(){
  const h = location.hash + location.search, m = /turn=(\d+)/.exec(h), v = /view=(\d+)/.exec(h);
  return [m ? +m[1] : 0, v && G.views[v[1]] ? v[1] : ""];
}
function go(k){
  show(k);
  const c = document.getElementById("cursor");
  if (c) {
    const X = 30 + 580 * at / Math.max(1, S.length - 1);
    c.setAttribute("x1", X); c.setAttribute("x2", X);
  }
}
function setView(v){
  view = v; S = stepsOf(v); kind();
  document.getElementById("view").value = v;
}
const pick = document.getElementById("view");
pick.innerHTML = "<option value=''>spectator: every card</option>"+
  Object.keys(G.views).map(v=>"<option value='"+v+"'>as "+esc(G.names[+v])+"</option>").join("");
if (!Object.keys(G.views).length) document.getElementById("pick").style.display = "none";
pick.onchange = () => { setView(pick.value); go(at); };
document.getElementById("first").onclick = () => go(0);
document.getElementById("prev").onclick = () => go(at - 1);
document.getElementById("next").onclick = () => go(at + 1);
document.getElementById("last").onclick = () => go(S.length - 1);
document.addEventListener("keydown", e => {
  if (e.target === pick) return;
  if (e.key === "ArrowRight") go(at + 1);
  if (e.key === "ArrowLeft") go(at - 1);
});
window.addEventListener("hashchange", () => { const [k, v] = fromHash(); setView(v); go(k); });
{ const [k, v] = fromHash(); setView(v); chart(); go(k); }
</script></body></html>
"""
