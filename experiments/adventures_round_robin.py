"""Round robin of the Adventures bots on two fixed Adventures kingdoms with Events (issue 11).

Every pairing of a kingdom's bots plays ``--games`` 2-player games (default 1,000,000),
seats rotating (each deal is played once with each bot moving first), through the
runner (:class:`sim.runner.Match`, one pairing at a time).  Then the first
``--logged-games`` games of each pairing (default 2,000; the very same games, same seeds
and seats) are played again with the game log on, to count the Events each bot buys:
the runner's results hold scores and turns only, not what was bought.

    python experiments/adventures_round_robin.py                    # the full run
    python experiments/adventures_round_robin.py --games 20000      # a quick look
    python experiments/adventures_round_robin.py --kingdom k1 --bots bmu relic-bm

Writes, for each kingdom ``k1`` / ``k2``, under ``experiments/results/adventures_round_robin/``:

* ``matrix.csv``: the row bot's share against the column bot (wins + ties/2; a game
  stopped at the turn cap counts as a tie), ``matrix_ci.csv`` its 95% half-width;
* ``scores.csv``: each bot's overall score (the mean of its row), with its half-width;
* ``pairs.csv``: per pairing: games, sole wins, ties, capped games, the share and its
  half-width, mean and median game length in rounds, games per second;
* ``events.csv``: per bot and Event, buys per game and the share of games with a buy,
  from the logged sample;
* ``tables.md``: the same tables in Markdown; ``win_rates.{png,svg}`` (heat map) and
  ``scores.{png,svg}`` (bar chart);
* ``pairs/<a>__<b>.json``: each finished pairing's numbers.  A rerun skips every pairing
  whose file matches its configuration (bots' hashes, games, seed, kingdom, Events), so
  an interrupted run loses no finished pairing and a new bot only plays its own pairings;
  an unfinished pairing resumes from the runner's checkpoint ``games/<a>__<b>.parquet``
  (saved every minute; deleted once the pairing is done unless ``--keep-games``).

Bots are named in :data:`KINGDOMS`: ``<name>`` is ``bots/data/adventures/<name>.toml``
(``--bots-dir``) when that file exists, else a registered bot (``bmu``); a bot that is
neither, or that names a card the kingdom lacks, is skipped with a warning.

The 95% half-width is 1.96 standard errors of the mean share over deals (the two games
of a deal share their shuffles, so the deal, not the game, is the independent unit);
a bot's overall half-width combines its pairings' as independent (each pairing has its
own seed, derived from ``--seed``, the kingdom and the two bots' names).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import shlex
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # runnable as a plain script from a checkout
    sys.path.insert(0, str(ROOT))

DEFAULT_OUT = ROOT / "experiments" / "results" / "adventures_round_robin"
DEFAULT_BOTS_DIR = ROOT / "bots" / "data" / "adventures"
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Kingdom:
    """One fixed board of the round robin and the bots that play it."""

    key: str
    cards: tuple[str, ...]
    events: tuple[str, ...]
    bots: tuple[str, ...]

    @property
    def label(self) -> str:
        return f"{', '.join(self.cards)}; Events: {', '.join(self.events)}"


#: The two boards and their bots (names, or paths to .toml files).  K1 is a village /
#: draw board with the Travellers and Reserve cards; K2 an attack and Duration board.
KINGDOMS: dict[str, Kingdom] = {
    "k1": Kingdom(
        "k1",
        ("Page", "Peasant", "Lost City", "Royal Carriage", "Coin of the Realm",
         "Distant Lands", "Relic", "Bridge Troll", "Smithy", "Laboratory"),
        ("Lost Arts", "Seaway"),
        ("bmu", "page-champion", "peasant-teacher", "lost-arts-seaway", "distant-lands-bm",
         "royal-carriage-engine", "cotr-engine", "relic-bm", "bridge-troll-bm")),
    "k2": Kingdom(
        "k2",
        ("Swamp Hag", "Haunted Woods", "Amulet", "Dungeon", "Ratcatcher", "Messenger",
         "Magpie", "Caravan Guard", "Duplicate", "Hireling"),
        ("Training", "Pathfinding"),
        ("bmu", "swamp-hag-bm", "haunted-woods-bm", "amulet-bm", "dungeon-bm", "event-money",
         "messenger-bm", "hireling-bm", "ratcatcher-bm")),
}


def warn(msg: str) -> None:
    print(f"warning: {msg}", file=sys.stderr, flush=True)


# -- bots ------------------------------------------------------------------------

def find_bot(name: str | os.PathLike, bots_dir: Path) -> str | os.PathLike | None:
    """The spec to give the runner for ``name``: its file in ``bots_dir``, a ``.toml``
    path, or a registered name; None (with a warning) when there is no such bot."""
    from bots import UnknownBotError, get_bot

    if not isinstance(name, (str, os.PathLike)):
        return name                       # a bot object (tests, notebooks)
    text = os.fspath(name)
    if text.endswith(".toml") or "/" in text or os.sep in text:
        if Path(text).is_file():
            return text
        warn(f"skipping bot {text}: no such file")
        return None
    path = bots_dir / f"{text}.toml"
    if path.is_file():
        return str(path)
    try:
        get_bot(text)
    except UnknownBotError:
        warn(f"skipping bot {text!r}: no {path} and no registered bot of that name")
        return None
    return text


def usable_bots(kingdom: Kingdom, names: Sequence, bots_dir: Path,
                allow_missing_cards: bool) -> dict[str, object]:
    """Display name -> spec of each bot that can play ``kingdom`` (the others are
    skipped with the reason: no file, a bad file, a card the kingdom lacks)."""
    from bots import BotError
    from sim.engine.config import ConfigError
    from sim.runner import make_config

    out: dict[str, object] = {}
    for name in names:
        spec = find_bot(name, bots_dir)
        if spec is None:
            continue
        try:
            cfg = make_config([spec, spec], players=2, games=2, kingdom=list(kingdom.cards),
                              events=list(kingdom.events),
                              allow_missing_cards=allow_missing_cards)
        except (BotError, ConfigError) as exc:
            warn(f"skipping bot {name} on {kingdom.key}: {exc}")
            continue
        bot_name = cfg.names[0]
        if bot_name in out:
            warn(f"skipping bot {name} on {kingdom.key}: a bot named {bot_name!r} is "
                 "already in the list")
            continue
        out[bot_name] = spec
    return out


# -- one pairing -------------------------------------------------------------------

def pair_seed(seed: int, kingdom: str, a: str, b: str) -> int:
    """A pairing's own seed: independent pairings, unchanged when bots are added."""
    digest = hashlib.sha256(f"{seed}|{kingdom}|{a}|{b}".encode()).digest()
    return int.from_bytes(digest[:8], "little")


def pair_stem(a: str, b: str) -> str:
    return f"{a}__{b}"


def identity(cfg, logged: int) -> dict:
    """What a finished pairing's file must match to be reused (bot specs excluded:
    the same bot may be found by another path; its name and hash say what it plays)."""
    d = cfg.identity()
    d.pop("bots")
    d["logged_games"] = logged
    return d


def outcome_stats(df: pd.DataFrame, a: str, b: str) -> dict:
    """Bot ``a``'s results against ``b`` from the runner's per-game frame.

    Share = sole wins + 1/2 per tie (a shared win, or a game stopped at the turn cap,
    which has no winner): in every game ``a``'s and ``b``'s shares add up to 1.
    """
    from sim.analysis.results import seat_outcomes

    names = list(df["bot_0"].cat.categories)
    code_a = names.index(a)
    n = len(df)
    share = np.zeros(n)
    win_a = np.zeros(n, bool)
    win_b = np.zeros(n, bool)
    for o in seat_outcomes(df):
        mine = o.bot == code_a
        credit = o.credit + 0.5 * o.capped
        share[mine] = credit[mine]
        win_a |= mine & o.win
        win_b |= ~mine & o.win
    capped = int(next(seat_outcomes(df)).capped.sum())
    # Deals: consecutive game pairs of the rotation (game index // 2) share a seed.
    deal = df["game"].to_numpy() // 2
    _, inv = np.unique(deal, return_inverse=True)
    per_deal = np.bincount(inv, weights=share) / np.bincount(inv)
    se = float(per_deal.std(ddof=1) / math.sqrt(len(per_deal))) if len(per_deal) > 1 \
        else float("nan")
    rounds = df[["turns_0", "turns_1"]].to_numpy().max(axis=1)
    return {"games": n, "share": float(share.mean()), "half": Z95 * se,
            "wins_a": int(win_a.sum()), "wins_b": int(win_b.sum()),
            "ties": int(n - win_a.sum() - win_b.sum() - capped), "capped": capped,
            "mean_rounds": float(rounds.mean()), "median_rounds": float(np.median(rounds))}


def event_buys(cfg, games: int, batch: int = 16) -> dict:
    """Events bought in the first ``games`` games of ``cfg`` (the runner's own layout:
    the same seeds and seats), counted from the game log's EV_EVENT rows.

    Returns ``{"games": {bot: games played}, "buys": {bot: {event: buys}},
    "games_with": {bot: {event: games with a buy}}, "scores": [[s0, s1], ...]}`` (the
    scores let the caller check these are the run's games).
    """
    from sim.cards import CARDS
    from sim.engine import codes
    from sim.engine.batch import play_batch
    from sim.runner.work import _bots

    games = min(games, cfg.n_games)
    bots = _bots(cfg.bots, cfg.hashes)
    gconf = cfg.game_config()
    played = {n: 0 for n in cfg.names}
    buys = {n: {e: 0 for e in cfg.events} for n in cfg.names}
    with_buy = {n: {e: 0 for e in cfg.events} for n in cfg.names}
    scores = np.zeros((games, cfg.players), np.int64)
    start = 0
    while start < games:
        stop = min(start + batch, games)
        lay = cfg.layout(start, stop)
        res = play_batch(gconf, bots, lay["seat_bots"], lay["seed"], lay["first"], log=True,
                         game_offset=start)
        if res.log_truncated:          # the log holds 65,536 rows: play fewer at once
            if batch == 1:
                raise RuntimeError(f"game {start}'s log does not fit the engine's log")
            batch = max(1, batch // 2)
            continue
        log = res.log
        ev = log[:, 0]
        ends = ev == codes.EV_END
        if int(ends.sum()) != stop - start:
            raise RuntimeError(f"the log of games {start}..{stop - 1} holds "
                               f"{int(ends.sum())} game ends")
        game_of_row = np.cumsum(ends) - ends      # the EV_END row closes its game
        scores[start:stop] = res.score
        for g in range(stop - start):
            for s in range(cfg.players):
                played[cfg.names[lay["seat_bots"][g, s]]] += 1
        rows = np.flatnonzero(ev == codes.EV_EVENT)
        seen: set[tuple[int, int, int]] = set()
        for r in rows:
            g, seat, card = int(game_of_row[r]), int(log[r, 2]), int(log[r, 3])
            bot = cfg.names[lay["seat_bots"][g, seat]]
            event = CARDS[card].name
            buys[bot][event] += int(log[r, 4])
            if (g, seat, card) not in seen:
                seen.add((g, seat, card))
                with_buy[bot][event] += 1
        start = stop
    return {"games": played, "buys": buys, "games_with": with_buy, "scores": scores.tolist()}


def play_pair(kingdom: Kingdom, a: str, b: str, specs: dict, *, games: int, seed: int,
              logged: int, out: Path, processes: int | None, progress: bool | None,
              keep_games: bool, allow_missing_cards: bool) -> tuple[dict, bool]:
    """Play (or reuse) one pairing; returns its record and whether it was played now."""
    from sim.engine.config import ConfigError
    from sim.runner import Match
    from sim.runner.work import warm_up

    pairs_dir, games_dir = out / "pairs", out / "games"
    pairs_dir.mkdir(parents=True, exist_ok=True)
    stem = pair_stem(a, b)
    record_path = pairs_dir / f"{stem}.json"
    match = Match(specs[a], specs[b], games=games, seed=pair_seed(seed, kingdom.key, a, b),
                  kingdom=list(kingdom.cards), events=list(kingdom.events),
                  processes=processes, allow_missing_cards=allow_missing_cards)
    cfg = match.config
    ident = identity(cfg, logged)
    if record_path.is_file():
        record = json.loads(record_path.read_text())
        if record.get("identity") == ident:
            return record, False
        print(f"  {stem}: its saved numbers are for another configuration: playing again",
              flush=True)
    games_dir.mkdir(parents=True, exist_ok=True)
    parquet = games_dir / f"{stem}.parquet"
    resume, done_before = None, 0
    if parquet.is_file():
        from sim.runner.execute import load_resume

        try:
            prior = load_resume(parquet, cfg)
            done_before = sum(int(np.diff(prior.config.chunk_range(c))[0])
                              for c in prior.completed)
            resume = parquet
        except (ConfigError, OSError, ValueError) as exc:
            print(f"  {stem}: not resuming {parquet.name} ({exc})", flush=True)
    warm_up(cfg)                       # compiling is not playing: keep it out of games/s
    t0 = time.perf_counter()
    results = match.play(progress=progress, out=parquet, resume=resume)
    run_s = time.perf_counter() - t0
    stats = outcome_stats(results.games, a, b)
    t1 = time.perf_counter()
    ev = event_buys(cfg, logged) if cfg.events and logged else \
        {"games": {}, "buys": {}, "games_with": {}, "scores": []}
    log_s = time.perf_counter() - t1
    sample = np.asarray(ev.pop("scores"), np.int64).reshape(-1, cfg.players)
    run_scores = results.games[["score_0", "score_1"]].to_numpy()[:len(sample)]
    if not np.array_equal(sample, run_scores):
        raise RuntimeError(f"{stem}: the logged games differ from the run's games")
    played = stats["games"] - done_before
    record = {"identity": ident, "kingdom": kingdom.key, "a": a, "b": b, **stats,
              "played": played, "seconds": run_s,
              "games_per_s": played / run_s if run_s else None,
              "resumed": resume is not None, "log_seconds": log_s, "events": ev}
    tmp = record_path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(record, indent=1))
    tmp.replace(record_path)           # whole or not at all, even if killed here
    if not keep_games:
        parquet.unlink(missing_ok=True)
    return record, True


# -- tables and charts -----------------------------------------------------------------

def tables(records: list[dict], names: list[str], events: Sequence[str]) -> dict[str, pd.DataFrame]:
    """The kingdom's tables from its pairings' records (bots in ``names`` order)."""
    share = pd.DataFrame(np.nan, index=pd.Index(names, name="bot"),
                         columns=pd.Index(names, name="opponent"))
    half = share.copy()
    rows = []
    for r in records:
        a, b, s, wins, losses = r["a"], r["b"], r["share"], r["wins_a"], r["wins_b"]
        if names.index(a) > names.index(b):     # list the pairing in the bots' order
            a, b, s, wins, losses = b, a, 1 - s, losses, wins
        share.loc[a, b], share.loc[b, a] = s, 1 - s
        half.loc[a, b] = half.loc[b, a] = r["half"]
        rows.append({"bot": a, "opponent": b, "games": r["games"], "share": s,
                     "ci95_half": r["half"], "wins": wins, "losses": losses,
                     "ties": r["ties"], "capped": r["capped"],
                     "mean_rounds": r["mean_rounds"], "median_rounds": r["median_rounds"],
                     "games_per_s": r["games_per_s"]})
    pairs = pd.DataFrame(rows, columns=["bot", "opponent", "games", "share", "ci95_half",
                                        "wins", "losses", "ties", "capped", "mean_rounds",
                                        "median_rounds", "games_per_s"])
    opp = share.notna().sum(axis=1)
    scores = pd.DataFrame({
        "score": share.mean(axis=1, skipna=True),
        "ci95_half": np.sqrt((half ** 2).sum(axis=1, min_count=1)) / opp.replace(0, np.nan),
        "opponents": opp,
    })
    scores = scores.sort_values("score", ascending=False, kind="stable")
    scores.insert(0, "rank", np.arange(1, len(scores) + 1))
    ev_rows = []
    for bot in names:
        g = sum(r["events"]["games"].get(bot, 0) for r in records)
        row: dict = {"bot": bot, "logged_games": g}
        for e in events:
            buys = sum(r["events"]["buys"].get(bot, {}).get(e, 0) for r in records)
            with_buy = sum(r["events"]["games_with"].get(bot, {}).get(e, 0) for r in records)
            row[f"{e} per game"] = buys / g if g else np.nan
            row[f"{e} share of games"] = with_buy / g if g else np.nan
        ev_rows.append(row)
    return {"matrix": share, "matrix_ci": half, "scores": scores, "pairs": pairs,
            "events": pd.DataFrame(ev_rows)}


def _md(df: pd.DataFrame, index: bool = True) -> str:
    """A Markdown table (pandas' to_markdown needs tabulate, which we do not ship)."""
    cols = ([df.index.name or ""] if index else []) + [str(c) for c in df.columns]
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for idx, row in df.iterrows():
        cells = ([str(idx)] if index else []) + [str(v) for v in row.to_list()]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _half(h: float) -> str:
    """A 95% half-width in points: two decimals below 1 point (a million games give
    about ±0.1), one above."""
    return f"{100 * h:.2f}" if 100 * h < 1 else f"{100 * h:.1f}"


def _pct(x: float, half: float | None = None) -> str:
    """"53.1" or "53.1 ±0.62" (percent); "—" for a missing value."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    return f"{100 * x:.1f}" + ("" if half is None else f" ±{_half(half)}")


def markdown(kingdom: Kingdom, t: dict[str, pd.DataFrame], games: int, logged: int,
             seed: int) -> str:
    """``tables.md``: the four tables, each headed by what it counts."""
    order = list(t["scores"].index)
    m = t["matrix"].loc[order, order]
    h = t["matrix_ci"].loc[order, order]
    mat = pd.DataFrame([[_pct(m.loc[r, c], h.loc[r, c]) if r != c else "—" for c in order]
                        for r in order], index=pd.Index(order, name="bot \\ opponent"),
                       columns=order)
    sc = t["scores"]
    scores = pd.DataFrame({"rank": sc["rank"], "score %": [_pct(s, c) for s, c in
                                                           zip(sc["score"], sc["ci95_half"],
                                                               strict=True)],
                           "opponents": sc["opponents"]}, index=pd.Index(order, name="bot"))
    p = t["pairs"]
    pairs = pd.DataFrame({
        "pairing": [f"{a} vs {b}" for a, b in zip(p["bot"], p["opponent"], strict=True)],
        "games": [f"{g:,}" for g in p["games"]],
        "first bot's share %": [_pct(s, c) for s, c in zip(p["share"], p["ci95_half"],
                                                              strict=True)],
        "ties": p["ties"], "capped": p["capped"],
        "mean rounds": [f"{x:.2f}" for x in p["mean_rounds"]],
        "median rounds": [f"{x:g}" for x in p["median_rounds"]]})
    ev = t["events"].set_index("bot").loc[order]
    ev_cols = {"logged games": [f"{g:,}" for g in ev["logged_games"]]}
    for e in kingdom.events:
        ev_cols[f"{e} / game"] = [f"{x:.2f}" if not math.isnan(x) else "—"
                                  for x in ev[f"{e} per game"]]
        ev_cols[f"{e}: % of games"] = [_pct(x) for x in ev[f"{e} share of games"]]
    events = pd.DataFrame(ev_cols, index=pd.Index(order, name="bot"))
    return "\n".join([
        f"# Adventures round robin, {kingdom.key.upper()}", "",
        f"Kingdom: {kingdom.label}.", "",
        f"2 players, {games:,} games per pairing (seats rotating: each deal played once "
        f"with each bot first), seed {seed} (each pairing's own seed derived from it).", "",
        "## Win share (row bot against column bot)", "",
        "Percent: sole wins + half of the ties (a game stopped at the 100-turn cap counts "
        "as a tie); ± the 95% half-width over deals. Row + column = 100.", "",
        _md(mat), "",
        "## Overall score", "",
        "The mean of the bot's row (every opponent weighs the same), ± its 95% "
        "half-width.", "",
        _md(scores), "",
        "## Pairings: results and game length", "",
        "Game length in rounds (turns of the player who took more). Ties: shared wins; "
        "capped: games stopped at the turn cap.", "",
        _md(pairs, index=False), "",
        "## Events bought", "",
        f"Not in the runner's results: counted from the game log (EV_EVENT rows) of the "
        f"first {logged:,} games of each pairing (the same games as the run's), summed "
        "over the bot's pairings. \"/ game\": Events bought per game played; \"% of "
        "games\": games in which the bot bought it at least once.", "",
        _md(events), ""])


def charts(kingdom: Kingdom, t: dict[str, pd.DataFrame], games: int, out: Path,
           formats: Sequence[str]) -> list[Path]:
    """The win-share heat map and the overall-score bar chart, in the runner's chart
    style (its colour scale, bot colours and file formats)."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import PercentFormatter

    from sim.analysis import plot

    order = list(t["scores"].index)
    vals = t["matrix"].loc[order, order].to_numpy(float)
    half = t["matrix_ci"].loc[order, order].to_numpy(float)
    sub = f"{kingdom.key.upper()}: Events {', '.join(kingdom.events)} · 2 players · " \
          f"{games:,} games per pairing"
    n = len(order)
    fig = Figure(figsize=(max(6.0, 2.8 + 1.05 * n), max(4.0, 1.9 + 0.6 * n)),
                 layout="constrained")
    ax = fig.add_subplot()
    im = ax.imshow(np.ma.masked_invalid(vals), cmap="RdYlGn", norm=plot.fair_share_norm(2),
                   aspect="auto")
    ax.set_facecolor("0.88")
    for i in range(n):
        for j in range(n):
            v = vals[i, j]
            text = "—" if np.isnan(v) else f"{100 * v:.1f}%\n±{_half(half[i, j])}"
            ax.text(j, i, text, ha="center", va="center", fontsize=8,
                    color="black" if np.isnan(v) or 0.2 < im.norm(v) < 0.8 else "white")
    ax.set_xticks(range(n), order, rotation=30, ha="right")
    ax.set_yticks(range(n), order)
    ax.set_xlabel("opponent")
    ax.set_ylabel("bot")
    cb = fig.colorbar(im, ax=ax, shrink=0.85)
    cb.ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    cb.set_ticks([0, 0.25, 0.5, 0.75, 1])
    cb.set_label("share: wins + ties/2")
    fig.suptitle(f"Win share (row bot against column bot)\n{sub}", fontsize=11)
    paths = plot.save(fig, out / "win_rates", formats)

    sc = t["scores"].iloc[::-1]
    colors = plot.bot_colors(list(sc.index))
    fig = Figure(figsize=(8, 1.4 + 0.45 * len(sc)), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(len(sc))
    ax.barh(y, sc["score"], color=[colors[b] for b in sc.index])
    ax.errorbar(sc["score"], y, xerr=sc["ci95_half"], fmt="none", ecolor="black", capsize=3,
                lw=1, label="95% interval")
    for yi, (s, h) in enumerate(zip(sc["score"], sc["ci95_half"], strict=True)):
        ax.text(s + (0 if np.isnan(h) else h) + 0.015, yi, f"{100 * s:.1f}%", va="center",
                fontsize=9)
    ax.axvline(0.5, color="0.5", ls="--", lw=1, label="even (50%)")
    ax.set_yticks(y, list(sc.index))
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel("overall score: mean share against every other bot")
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(axis="x", alpha=0.3)
    fig.suptitle(f"Overall score per bot\n{sub}", fontsize=11)
    return paths + plot.save(fig, out / "scores", formats)


def write_outputs(kingdom: Kingdom, records: list[dict], names: list[str], out: Path,
                  games: int, logged: int, seed: int, formats: Sequence[str]) -> list[Path]:
    t = tables(records, names, kingdom.events)
    files = []
    for key in ("matrix", "matrix_ci"):
        t[key].to_csv(out / f"{key}.csv", float_format="%.6f")
        files.append(out / f"{key}.csv")
    t["scores"].to_csv(out / "scores.csv", float_format="%.6f")
    t["pairs"].to_csv(out / "pairs.csv", index=False, float_format="%.6f")
    t["events"].to_csv(out / "events.csv", index=False, float_format="%.6f")
    (out / "tables.md").write_text(markdown(kingdom, t, games, logged, seed))
    files += [out / f for f in ("scores.csv", "pairs.csv", "events.csv", "tables.md")]
    return files + charts(kingdom, t, games, out, formats)


# -- driver ----------------------------------------------------------------------

def run_kingdom(kingdom: Kingdom, bot_names: Sequence, *, games: int, seed: int,
                logged: int, out: Path, bots_dir: Path, processes: int | None,
                progress: bool | None, keep_games: bool, allow_missing_cards: bool,
                formats: Sequence[str], command: str = "") -> tuple[int, float]:
    """Play every pairing of ``kingdom`` not already done, write its tables and charts
    and ``command.txt`` (the command, then how long this invocation played); returns
    (games played now, seconds spent playing them)."""
    specs = usable_bots(kingdom, bot_names, bots_dir, allow_missing_cards)
    names = list(specs)
    kout = out / kingdom.key
    if len(names) < 2:
        warn(f"{kingdom.key}: {len(names)} usable bot(s), no pairing to play")
        return 0, 0.0
    kout.mkdir(parents=True, exist_ok=True)
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
    print(f"{kingdom.key}: {len(names)} bots, {len(pairs)} pairings of {games:,} games "
          f"({kingdom.label})", flush=True)
    records, played, seconds = [], 0, 0.0
    for k, (x, y) in enumerate(pairs, 1):
        a, b = sorted((x, y))
        rec, now = play_pair(kingdom, a, b, specs, games=games, seed=seed, logged=logged,
                             out=kout, processes=processes, progress=progress,
                             keep_games=keep_games, allow_missing_cards=allow_missing_cards)
        records.append(rec)
        if now:
            played += rec["played"]
            seconds += rec["seconds"]
            how = f"{rec['seconds']:.1f} s ({rec['games_per_s']:,.0f} games/s)" + \
                (f", resumed: {rec['played']:,} played now" if rec["resumed"] else "") + \
                f"; events logged in {rec['log_seconds']:.1f} s"
        else:
            how = "done before, reused"
        print(f"[{kingdom.key} {k}/{len(pairs)}] {a} vs {b}: {rec['games']:,} games, "
              f"{a} {_pct(rec['share'], rec['half'])}%, {rec['mean_rounds']:.1f} rounds; "
              f"{how}", flush=True)
    files = write_outputs(kingdom, records, names, kout, games, logged, seed, formats)
    rate = f"{played / seconds:,.0f} games/s" if seconds else "nothing new played"
    (kout / "command.txt").write_text(
        f"{command}\n# this invocation: {played:,} games in {seconds:.0f} s ({rate}); "
        f"{len(pairs)} pairings\n")
    print(f"{kingdom.key}: wrote {', '.join(f.name for f in files)} in {kout}", flush=True)
    return played, seconds


def main(argv: Sequence[str] | None = None, *, bots: dict[str, Sequence] | None = None) -> int:
    """Command line entry; ``bots`` (kingdom key -> names, paths or bot objects)
    replaces :data:`KINGDOMS`' lists, for tests and notebooks."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1_000_000, metavar="N",
                   help="games per pairing, rounded up to whole deals (default 1000000)")
    p.add_argument("--kingdom", nargs="+", choices=sorted(KINGDOMS), default=sorted(KINGDOMS),
                   help="kingdoms to play (default: all)")
    p.add_argument("--bots", nargs="+", metavar="BOT",
                   help="play these bots (names or .toml files) instead of the kingdom's list")
    p.add_argument("--bots-dir", type=Path, default=DEFAULT_BOTS_DIR,
                   help="where <name>.toml bots are looked for first "
                        "(default bots/data/adventures)")
    p.add_argument("--logged-games", type=int, default=2000, metavar="N",
                   help="games per pairing replayed with the log on to count Event buys "
                        "(default 2000; 0: none)")
    p.add_argument("--seed", type=int, default=2024, help="master seed (default 2024)")
    p.add_argument("--processes", type=int, default=None,
                   help="worker processes (default: all cores)")
    p.add_argument("--out", type=Path, default=DEFAULT_OUT,
                   help="output folder (default experiments/results/adventures_round_robin)")
    p.add_argument("--format", nargs="+", default=["png", "svg"], choices=("png", "svg", "pdf"))
    p.add_argument("--keep-games", action="store_true",
                   help="keep each pairing's per-game results file (games/*.parquet)")
    p.add_argument("--allow-missing-cards", action="store_true",
                   help="let bots whose rules name cards not in the kingdom play anyway")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="the runner's progress bar (default: when printing to a terminal)")
    args = p.parse_args(argv)
    if args.games < 1:
        p.error("--games must be at least 1")
    if args.logged_games < 0:
        p.error("--logged-games must be 0 or more")
    if not 0 <= args.seed < 2**64:
        p.error("--seed must be in 0 .. 2**64-1")
    args.out.mkdir(parents=True, exist_ok=True)
    command = "python experiments/adventures_round_robin.py " + shlex.join(
        [str(a) for a in (sys.argv[1:] if argv is None else argv)])
    t0 = time.perf_counter()
    played, seconds = 0, 0.0
    from sim.runner import RunError, RunInterrupted

    for key in args.kingdom:
        kingdom = KINGDOMS[key]
        names = args.bots or (bots or {}).get(key) or kingdom.bots
        try:
            g, s = run_kingdom(kingdom, names, games=args.games, seed=args.seed,
                               logged=args.logged_games, out=args.out, bots_dir=args.bots_dir,
                               processes=args.processes, progress=args.progress,
                               keep_games=args.keep_games,
                               allow_missing_cards=args.allow_missing_cards,
                               formats=args.format, command=command.strip())
        except RunInterrupted as exc:
            print(f"interrupted: finished pairings are kept in {args.out / key / 'pairs'}, "
                  f"this one's {exc.results.n_games:,} games in {args.out / key / 'games'}; "
                  "the same command continues", file=sys.stderr)
            return 130
        except RunError as exc:
            print(f"error: {exc} (the games before it are kept in "
                  f"{args.out / key / 'games'})", file=sys.stderr)
            return 1
        played, seconds = played + g, seconds + s
    wall = time.perf_counter() - t0
    rate = f"{played / seconds:,.0f} games/s while playing" if seconds else "no games played"
    summary = f"{played:,} games played in {wall:.0f} s in all; {rate}"
    print(summary, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
