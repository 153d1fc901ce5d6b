"""Charts of a run, drawn from the per-game DataFrame of a results file.

Every chart is a function ``(df, meta) -> matplotlib.figure.Figure``.  Figures
are built with :class:`~matplotlib.figure.Figure` directly, never through
pyplot, so drawing thousands of them leaks nothing, needs no display (saving
uses the Agg renderer) and still shows inline in a notebook.  ``meta`` is the
metadata of the results file (:func:`sim.analysis.io.load_frame`) or None; it only
feeds the titles, which always name the configuration (players, kingdom, seat
mode) and the number of games, so a chart lifted out of context still says
what it shows.

How games are scored (sole win, shared win credit 1/k, capped games) is
:mod:`sim.analysis.results`'s; the charts only draw its numbers.

    domsim plot results/tournament.parquet --out charts --format png svg
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.colors import TwoSlopeNorm
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator, PercentFormatter

from sim.analysis.results import n_players_of, pair_matrix, seat_outcomes, tally, wilson
from sim.engine.codes import END_NAMES, END_TURN_CAP

FORMATS = ("png", "svg")
#: What ``domsim tournament`` draws after its games: PNG only, the quick look (the SVGs
#: took a third of the charts' time; ``domsim plot FILE --format svg`` adds them).
TOURNAMENT_FORMATS = ("png",)
DPI = 150
# Keyed by sim.engine.codes.END_NAMES, in code order (the frame's "end" categories).
END_COLORS = dict(zip(END_NAMES, ("#4c72b0", "#dd8452", "#c44e52"), strict=True))
OUTCOME_COLORS = {"sole winner": "#55a868", "won on tie-break": "#8172b3",
                  "shared win": "#ccb974", "no winner (capped)": "#c44e52"}
ORDINAL = ("1st", "2nd", "3rd", "4th")


# -- titles and colours -----------------------------------------------------------

def _config(meta: dict | None) -> dict:
    if not meta:
        return {}
    return meta.get("config", meta)


def kingdom_label(kingdom: str | Sequence[str] | None) -> str:
    """A short name for a kingdom: "First Game", or its first cards.  A kingdom given as
    its spec, one string (a general training run's ``"random:all"``, a comma list), is
    shown as that spec: iterating it would name its letters as cards."""
    from sim.cards import CARDS, FIRST_GAME

    if not kingdom:
        return "First Game kingdom"
    if isinstance(kingdom, str):
        spec = kingdom.strip()
        if spec.lower() in ("first-game", "first game", "firstgame", "default"):
            return "First Game kingdom"
        if "," not in spec or spec.lower().startswith("random"):
            return f"kingdom {spec}"
        kingdom = [k.strip() for k in spec.split(",") if k.strip()]
    if sorted(kingdom) == sorted(CARDS[c].name for c in FIRST_GAME):
        return "First Game kingdom"
    names = list(kingdom)
    head = ", ".join(names[:3])
    return f"kingdom {head}" + (f" +{len(names) - 3}" if len(names) > 3 else "")


def events_label(events: str | Sequence[str]) -> str:
    """Events as a title names them: a list joined, a spec string (``"random"``) as it is."""
    return events.strip() if isinstance(events, str) else ", ".join(map(str, events))


def describe(df: pd.DataFrame | None, meta: dict | None, n_games: int | None = None) -> str:
    """"2 players · First Game kingdom · seats rotate · 20,000 games"."""
    cfg = _config(meta)
    players = cfg.get("players") or (n_players_of(df) if df is not None else None)
    n = n_games if n_games is not None else (len(df) if df is not None else 0)
    parts = []
    if players:
        parts.append(f"{players} players")
    parts.append(kingdom_label(cfg.get("kingdom")))
    if cfg.get("events"):
        parts.append(f"Events {events_label(cfg['events'])}")
    if cfg.get("seats"):
        parts.append(f"seats {cfg['seats']}")
    parts.append(f"{n:,} games")
    return " · ".join(parts)


def _title(fig: Figure, what: str, df: pd.DataFrame | None, meta: dict | None,
           n_games: int | None = None) -> None:
    fig.suptitle(f"{what}\n{describe(df, meta, n_games)}", fontsize=11)


def _bots(df: pd.DataFrame) -> list[str]:
    return [str(c) for c in df["bot_0"].cat.categories]


# Fixed colours for the reference bots, so the usual yardsticks look the same in
# every chart of every run; the other bots draw theirs from PALETTE by a hash of
# the name (see bot_colors).  No palette colour repeats a pinned one.
PINNED_COLORS = {"big-money": "#1f77b4", "bmu": "#ff7f0e", "smithy-bm": "#2ca02c",
                 "militia-bm": "#d62728", "double-militia": "#9467bd", "random": "#7f7f7f"}
PALETTE = ("#8c564b", "#e377c2", "#bcbd22", "#17becf", "#393b79", "#637939", "#8c6d31",
           "#843c39", "#7b4173", "#c49c94", "#f7b6d2", "#dbdb8d", "#9edae5", "#aec7e8",
           "#ffbb78", "#98df8a", "#ff9896", "#c5b0d5", "#c7c7c7")


def _name_slot(name: str) -> int:
    """A palette index from the name alone (md5: the same in every process and run,
    unlike Python's salted ``hash``)."""
    digest = hashlib.md5(name.encode(), usedforsecurity=False).digest()
    return int.from_bytes(digest[:4], "little") % len(PALETTE)


def bot_colors(names: Sequence[str]) -> dict[str, str]:
    """One colour per bot that depends on the bot's name, not on its place in a run,
    so a bot keeps its colour across charts, runs and notebooks.

    Reference bots have fixed colours (:data:`PINNED_COLORS`); any other bot takes
    the :data:`PALETTE` colour its name hashes to.  When two bots of the same chart
    hash to the same colour, the later name in sorted order moves to the next free
    colour (so the set of names, not their order, decides); only with more bots than
    colours do two bots share one.
    """
    out: dict[str, str] = {}
    used: set[str] = set()
    for n in dict.fromkeys(names):
        if n in PINNED_COLORS:
            out[n] = PINNED_COLORS[n]
            used.add(out[n])
    for n in sorted(set(names) - set(out)):
        slot = _name_slot(n)
        for k in range(len(PALETTE)):
            c = PALETTE[(slot + k) % len(PALETTE)]
            if c not in used:
                break
        else:
            c = PALETTE[slot]
        out[n] = c
        used.add(c)
    return {n: out[n] for n in names}


def _new(width: float, height: float) -> Figure:
    return Figure(figsize=(width, height), layout="constrained")


def _table_labels(df: pd.DataFrame, meta: dict | None) -> dict[int, str]:
    """Table index -> "a / b" (from the config, else from the first game of each table)."""
    cfg = _config(meta)
    if cfg.get("tables") and cfg.get("names"):
        return {t: " / ".join(cfg["names"][b] for b in tab) for t, tab in
                enumerate(cfg["tables"])}
    n = n_players_of(df)
    first = df.drop_duplicates("table")
    return {int(r["table"]): " / ".join(sorted(str(r[f"bot_{s}"]) for s in range(n)))
            for _, r in first.iterrows()}


# -- charts --------------------------------------------------------------------

def win_rates(df: pd.DataFrame, meta: dict | None = None) -> Figure:
    """Win rate per bot with a Wilson 95% interval; shared wins (ties) drawn apart.

    The bar is sole wins plus the hatched shared-win credit (1/k per k-way tie);
    the interval is on that total, which is the win rate of the summaries.
    """
    names_all = _bots(df)
    nb = len(names_all)
    totals = np.zeros((4, nb))
    for o in seat_outcomes(df):
        totals += [tally(o.bot, nb), tally(o.bot, nb, o.credit), tally(o.bot, nb, o.win),
                   tally(o.bot, nb, o.shared_win)]
    t = pd.DataFrame(totals.T, index=names_all, columns=["games", "credit", "wins", "shared"])
    t = t[t["games"] > 0]
    t["sole"] = t["wins"] / t["games"]
    t["share"] = (t["credit"] - t["wins"]) / t["games"]
    t["rate"] = t["credit"] / t["games"]
    t["lo"], t["hi"] = wilson(t["credit"].to_numpy(), t["games"].to_numpy())
    t = t.sort_values("rate")
    colors = bot_colors(_bots(df))
    fig = _new(8, 1.2 + 0.5 * len(t))
    ax = fig.add_subplot()
    y = np.arange(len(t))
    names = [str(b) for b in t.index]
    ax.barh(y, t["sole"], color=[colors[b] for b in names], label="sole wins")
    ax.barh(y, t["share"], left=t["sole"], color=[colors[b] for b in names], alpha=0.45,
            hatch="//", edgecolor="0.3", linewidth=0, label="shared wins (credit 1/k)")
    ax.errorbar(t["rate"], y, xerr=[t["rate"] - t["lo"], t["hi"] - t["rate"]], fmt="none",
                ecolor="black", capsize=3, lw=1, label="95% interval")
    for yi, (_, r) in zip(y, t.iterrows(), strict=True):
        text = f"{100 * r.rate:.1f}%"
        if r.shared:
            text += f"  ({_pct(r.share)} shared)"
        ax.text(r.hi + 0.01, yi, text, va="center", fontsize=9)
    players = n_players_of(df)
    ax.axvline(1 / players, color="0.5", ls="--", lw=1, label=f"even share (1/{players})")
    ax.set_yticks(y, names)
    ax.set_xlim(0, min(1.0, float(t["hi"].max()) + 0.25))
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel("win rate (sole wins + shared-win credit)")
    # Neutral swatches: the bars carry each bot's own colour, so a coloured swatch
    # would read as one bot's.
    handles, labels = ax.get_legend_handles_labels()
    swatch = {"sole wins": Patch(facecolor="0.45"),
              "shared wins (credit 1/k)": Patch(facecolor="0.45", alpha=0.45, hatch="//",
                                                edgecolor="0.3", linewidth=0)}
    ax.legend([swatch.get(lab, h) for h, lab in zip(handles, labels, strict=True)], labels,
              loc="lower right", fontsize=8)
    ax.grid(axis="x", alpha=0.3)
    _title(fig, "Win rate per bot", df, meta)
    return fig


def fair_share_norm(players: int) -> TwoSlopeNorm:
    """The heatmaps' colour scale: the whole range 0..100%, with the middle colour
    at the fair share 1/players.  Red below the fair share, green above, so a
    3- or 4-player table reads like a 2-player one and nothing saturates before
    100% (a 4-player bot at 90% is greener than one at 60%)."""
    return TwoSlopeNorm(vmin=0.0, vcenter=1 / players, vmax=1.0)


def pairwise_heatmap(df: pd.DataFrame, meta: dict | None = None) -> Figure:
    """2 players: row bot's win rate against the column bot.  More players: each
    bot's win rate at each table (rows: tables, blank where the bot does not sit).
    Colours: :func:`fair_share_norm`."""
    players = n_players_of(df)
    if players == 2:
        m = pair_matrix(df)
        what, xlabel, ylabel = "Pairwise win rate (row bot against column bot)", \
            "opponent", "bot"
    else:
        labels = _table_labels(df, meta)
        order = _bots(df)
        nb = len(order)
        table = df["table"].to_numpy().astype(np.int64)
        tables = np.unique(table)
        size = (int(tables.max()) + 1) * nb
        games, credit = np.zeros(size), np.zeros(size)
        for o in seat_outcomes(df):
            games += tally(table * nb + o.bot, size)
            credit += tally(table * nb + o.bot, size, o.credit)
        with np.errstate(invalid="ignore"):
            rate = (credit / games).reshape(-1, nb)[tables]
        seated = games.reshape(-1, nb)[tables].sum(axis=0) > 0
        m = pd.DataFrame(rate[:, seated], columns=[b for b, k in zip(order, seated,
                                                                      strict=True) if k],
                         index=[labels.get(int(t), str(t)) for t in tables])
        what, xlabel, ylabel = f"Win rate of each bot at each {players}-player table", \
            "bot", "table"
    vals = m.to_numpy(float)
    nr, nc = vals.shape
    width = max(5.5, 2.5 + 1.25 * nc + (0.06 * max(len(str(i)) for i in m.index)))
    fig = _new(width, max(3.5, 1.8 + 0.55 * nr))
    ax = fig.add_subplot()
    masked = np.ma.masked_invalid(vals)
    im = ax.imshow(masked, cmap="RdYlGn", norm=fair_share_norm(players), aspect="auto")
    ax.set_facecolor("0.88")
    for i in range(nr):
        for j in range(nc):
            v = vals[i, j]
            text = "—" if np.isnan(v) else f"{100 * v:.1f}%"
            ax.text(j, i, text, ha="center", va="center", fontsize=9,
                    color="black" if np.isnan(v) or 0.2 < im.norm(v) < 0.8 else "white")
    ax.set_xticks(range(nc), [str(c) for c in m.columns], rotation=30, ha="right")
    ax.set_yticks(range(nr), [str(i) for i in m.index])
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    cb = fig.colorbar(im, ax=ax, shrink=0.85)
    cb.ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    cb.set_ticks(sorted({0, 1 / players, 0.25, 0.5, 0.75, 1}))
    cb.set_label(f"win rate (yellow: the fair share, 1/{players})")
    _title(fig, what, df, meta)
    return fig


def _rounds(df: pd.DataFrame) -> np.ndarray:
    n = n_players_of(df)
    return df[[f"turns_{s}" for s in range(n)]].to_numpy().max(axis=1)


def game_length(df: pd.DataFrame, meta: dict | None = None) -> Figure:
    """Distribution of game length in rounds (turns of the player who took most),
    and, for several tables, the median and quartiles at each table."""
    rounds = _rounds(df)
    labels = _table_labels(df, meta)
    tables = sorted(df["table"].unique())
    many = len(tables) > 1
    fig = _new(12 if many else 7.5, max(4.0, 1.5 + 0.35 * len(tables)) if many else 4.2)
    axes = fig.subplots(1, 2, width_ratios=[1.4, 1]) if many else [fig.add_subplot()]
    ax = axes[0]
    bins = np.arange(rounds.min() - 0.5, rounds.max() + 1.5)
    ax.hist(rounds, bins=bins, color="#4c72b0", alpha=0.85, weights=np.full(len(rounds),
                                                                             1 / len(rounds)))
    mean, med = rounds.mean(), np.median(rounds)
    ax.axvline(mean, color="black", lw=1.2, label=f"mean {mean:.1f}")
    ax.axvline(med, color="black", lw=1.2, ls="--", label=f"median {med:.0f}")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("game length (rounds)")
    ax.set_ylabel("share of games")
    ax.legend(fontsize=9)
    ax.grid(axis="y", alpha=0.3)
    if many:
        ax2 = axes[1]
        t = pd.DataFrame({"table": df["table"].to_numpy(), "rounds": rounds})
        g = t.groupby("table")["rounds"]
        med, q1, q3 = g.median(), g.quantile(0.25), g.quantile(0.75)
        y = np.arange(len(med))
        ax2.barh(y, med, color="#4c72b0", alpha=0.85)
        ax2.errorbar(med, y, xerr=[med - q1, q3 - med], fmt="none", ecolor="black",
                     capsize=3, lw=1)
        ax2.set_yticks(y, [labels.get(int(i), str(i)) for i in med.index], fontsize=8)
        ax2.invert_yaxis()
        ax2.set_xlabel("median rounds per table (whiskers: quartiles)")
        ax2.grid(axis="x", alpha=0.3)
    _title(fig, "Game length", df, meta)
    return fig


def seat_win_rates(df: pd.DataFrame, meta: dict | None = None) -> Figure:
    """Win rate by position in turn order (1st to move, 2nd, ...), per bot and over
    all games, with Wilson 95% intervals: the first-player advantage."""
    n = n_players_of(df)
    first = df["first"].to_numpy().astype(np.int64)
    nb = len(_bots(df))
    games, credit = np.zeros((n, nb)), np.zeros((n, nb))
    for o in seat_outcomes(df):
        key = ((o.seat - first) % n) * nb + o.bot
        games += tally(key, n * nb).reshape(n, nb)
        credit += tally(key, n * nb, o.credit).reshape(n, nb)
    groups = _bots(df) + ["all bots"]
    fig = _new(max(7.0, 1.6 + 0.45 * n * len(groups)), 4.6)
    ax = fig.add_subplot()
    width = 0.8 / n
    from matplotlib import colormaps

    cmap = colormaps["viridis"]
    annotate = n * len(groups) <= 16
    for p in range(n):
        c = np.append(credit[p], credit[p].sum())
        g = np.append(games[p], games[p].sum())
        with np.errstate(invalid="ignore", divide="ignore"):
            rate = c / g
        lo, hi = wilson(c, g)
        x = np.arange(len(groups)) + (p - (n - 1) / 2) * width
        ax.bar(x, rate, width * 0.95, color=cmap(p / max(1, n - 1) * 0.85),
               label=f"{ORDINAL[p]} to move")
        ax.errorbar(x, rate, yerr=[rate - lo, hi - rate], fmt="none", ecolor="black",
                    capsize=2, lw=0.8)
        if annotate:
            for xi, r, h in zip(x, rate, hi, strict=True):
                if not np.isnan(r):
                    ax.text(xi, h + 0.01, f"{100 * r:.0f}%", ha="center", fontsize=7.5)
    ax.axhline(1 / n, color="0.5", ls="--", lw=1)
    ax.set_xticks(np.arange(len(groups)), groups, rotation=20 if len(groups) > 4 else 0,
                  ha="right" if len(groups) > 4 else "center")
    ax.axvline(len(groups) - 1.5, color="0.7", lw=0.8)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("win rate")
    ax.legend(fontsize=9, ncols=n, loc="upper right")
    ax.grid(axis="y", alpha=0.3)
    _title(fig, "Win rate by seat (position in turn order; dashed: even share)", df, meta)
    return fig


def _stacked(ax, shares: pd.DataFrame, colors: dict[str, str], title: str) -> None:
    left = np.zeros(len(shares))
    y = np.arange(len(shares))
    for col in shares.columns:
        v = shares[col].to_numpy(float)
        ax.barh(y, v, left=left, color=colors[col], label=f"{col} ({_pct(v[0])} of all)")
        for yi, (l0, w) in enumerate(zip(left, v, strict=True)):
            if w >= 0.06:
                ax.text(l0 + w / 2, yi, f"{100 * w:.0f}%", ha="center", va="center",
                        fontsize=8, color="white")
        left += v
    ax.set_xlim(0, 1)
    ax.set_ylim(len(shares) - 0.5, -0.5)   # first row on top
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.legend(fontsize=8, loc="lower center", bbox_to_anchor=(0.5, 1.0), title=title,
              title_fontsize=9, ncols=2, frameon=False)


def _pct(x: float) -> str:
    """A share that stays honest at the extremes: 0%, <0.1%, 12.3%, >99.9%, 100%."""
    if x == 0 or x == 1:
        return f"{100 * x:.0f}%"
    if x < 0.001:
        return "<0.1%"
    if x > 0.999:
        return ">99.9%"
    return f"{100 * x:.1f}%"


def end_reasons(df: pd.DataFrame, meta: dict | None = None) -> Figure:
    """How games ended (Provinces gone, three piles, turn cap) and how the winner
    was decided (on points, on the tie-break of fewer turns, shared, none), for all
    games and per table."""
    labels = _table_labels(df, meta)
    table = df["table"].to_numpy().astype(np.int64)
    tables = np.unique(table)
    end = df["end"].cat.codes.to_numpy().astype(np.int64)      # END_NAMES order
    outcome = np.where(end == END_TURN_CAP, 3, np.where(df["n_winners"].to_numpy() > 1, 2,
                                           np.where(df["tiebreak"].to_numpy(), 1, 0)))

    def shares(codes: np.ndarray, cols: list[str]) -> pd.DataFrame:
        k = len(cols)
        rows = [np.bincount(codes, minlength=k)[:k]]
        if len(tables) > 1:
            per = np.bincount(table * k + codes, minlength=(tables.max() + 1) * k)
            rows += [per.reshape(-1, k)[t] for t in tables]
        counts = np.array(rows, float)
        return pd.DataFrame(counts / counts.sum(axis=1, keepdims=True).clip(1), columns=cols)

    rows = ["all games"] + ([labels.get(int(t), str(t)) for t in tables] if len(tables) > 1
                            else [])
    ends = shares(end, list(END_COLORS))
    outs = shares(outcome, list(OUTCOME_COLORS))
    fig = _new(12, 2.2 + 0.32 * len(rows))
    ax1, ax2 = fig.subplots(1, 2, sharey=True)
    _stacked(ax1, ends.fillna(0), END_COLORS, "game ended by")
    _stacked(ax2, outs.fillna(0), OUTCOME_COLORS, "winner decided by")
    ax1.set_yticks(range(len(rows)), rows, fontsize=8)
    _title(fig, "How games ended", df, meta)
    return fig


def per_turn(stats: pd.DataFrame, meta: dict | None = None, min_share: float = 0.05) -> Figure:
    """Mean $ produced per turn and mean score after each turn, per bot
    (:func:`sim.analysis.turnstats.per_turn_stats`).  Turns reached by fewer than
    ``min_share`` of a bot's games are cut: their means rest on a few long games."""
    info = dict(stats.attrs)
    if meta:
        info = {**_config(meta), **info}
    names = [str(c) for c in stats["bot"].cat.categories] if hasattr(stats["bot"], "cat") \
        else list(dict.fromkeys(map(str, stats["bot"])))
    colors = bot_colors(names)
    fig = _new(12, 4.6)
    ax1, ax2 = fig.subplots(1, 2)
    for name in names:
        s = stats[stats["bot"] == name].sort_values("turn")
        if s.empty:
            continue
        keep = s["n"] >= max(10, min_share * s["n"].iloc[0])
        s = s[keep]
        ax1.plot(s["turn"], s["coins"], color=colors[name], lw=1.6, label=name)
        ax2.plot(s["turn"], s["score"], color=colors[name], lw=1.6, label=name)
    ax1.set_ylabel("mean $ produced in the turn")
    ax2.set_ylabel("mean score after the turn")
    for ax in (ax1, ax2):
        ax.set_xlabel(f"turn (of that player; shown while ≥{100 * min_share:.0f}% "
                      "of games last)")
        ax.grid(alpha=0.3)
        ax.set_xlim(left=1)
    ax2.legend(fontsize=9, loc="upper left")
    fig.suptitle("Average $ and score per turn\n"
                 + describe(None, {"config": info}, int(info.get("games", 0))), fontsize=11)
    return fig


# -- saving ---------------------------------------------------------------------

#: The file stems :func:`figures` may draw, whatever the run (see :func:`chart_paths`).
CHART_STEMS = ("win_rates", "pairwise", "tables", "game_length", "seat_win_rates",
               "end_reasons", "per_turn")


def chart_paths(directory: str | os.PathLike,
                formats: Sequence[str] = ("png", "svg", "pdf")) -> list[Path]:
    """Every file a run's charts may be written to in ``directory``."""
    return [Path(directory) / f"{stem}.{fmt}" for stem in CHART_STEMS for fmt in formats]


def refuse_existing_charts(directory: str | os.PathLike, formats: Sequence[str] = FORMATS, *,
                           force: bool) -> None:
    """Refuse (:class:`sim.outputs.OutputExists`, one line) to draw charts in ``formats``
    into a folder that already holds such charts, unless ``force``: a run never
    replaces files unasked."""
    from sim.outputs import refuse_existing

    refuse_existing(chart_paths(directory, formats), force=force, what="chart",
                    hint="or choose another folder")


def save(fig: Figure, path: str | os.PathLike, formats: Sequence[str] = FORMATS) -> list[Path]:
    """Write ``fig`` as ``path.<fmt>`` for each format, each file atomically (a temporary
    name renamed when complete); returns the files.

    The layout is computed once, for the first format, and kept for the others (the
    figure's size in inches is the same, so the constrained layout would come out the
    same: it was a third of the time of each further format).  PNGs are compressed at
    zlib level 1: a tenth larger than level 6, written in a third of the time.
    """
    from sim.outputs import atomic_path

    out = []
    base = Path(path)
    base.parent.mkdir(parents=True, exist_ok=True)
    engine = fig.get_layout_engine()
    try:
        for k, fmt in enumerate(formats):
            p = base.with_name(f"{base.name}.{fmt}")
            with atomic_path(p) as tmp:
                fig.savefig(tmp, dpi=DPI, format=fmt, **SAVE_OPTIONS.get(fmt, {}))
            out.append(p)
            if k == 0 and engine is not None:
                fig.set_layout_engine("none")   # keep the positions just computed
    finally:
        if engine is not None:
            fig.set_layout_engine(engine)
    return out


#: Extra ``savefig`` options per format (see :func:`save`).
SAVE_OPTIONS = {"png": {"pil_kwargs": {"compress_level": 1}}}


def chart_stems(df: pd.DataFrame, per_turn: bool = False) -> list[str]:
    """The charts :func:`figures` draws for ``df``, in order (``per_turn``: with the
    per-turn curves)."""
    stems = ["win_rates"]
    if df["table"].nunique() > 1:
        stems.append("pairwise" if n_players_of(df) == 2 else "tables")
    stems += ["game_length", "seat_win_rates", "end_reasons"]
    return stems + (["per_turn"] if per_turn else [])


def figure(stem: str, df: pd.DataFrame, meta: dict | None = None,
           turn_stats: pd.DataFrame | None = None) -> Figure:
    """One chart of a run by its file stem (see :func:`chart_stems`)."""
    if stem == "per_turn":
        return per_turn(turn_stats, meta)
    draw = {"win_rates": win_rates, "pairwise": pairwise_heatmap, "tables": pairwise_heatmap,
            "game_length": game_length, "seat_win_rates": seat_win_rates,
            "end_reasons": end_reasons}[stem]
    return draw(df, meta)


def figures(df: pd.DataFrame, meta: dict | None = None,
            turn_stats: pd.DataFrame | None = None) -> dict[str, Figure]:
    """Every chart of a run, by file stem."""
    with_turns = turn_stats is not None and len(turn_stats) > 0
    return {stem: figure(stem, df, meta, turn_stats) for stem in chart_stems(df, with_turns)}


def plot_all(df: pd.DataFrame, meta: dict | None, outdir: str | os.PathLike,
             formats: Sequence[str] = FORMATS,
             turn_stats: pd.DataFrame | None = None, processes: int = 1,
             per_turn_games: int = 0) -> list[Path]:
    """Draw every chart of a run into ``outdir`` (one file per chart and format).

    ``per_turn_games``: play that many new games for the per-turn curves (as
    :func:`run_turn_stats`) instead of taking ``turn_stats``.  ``processes`` > 1 draws
    the charts in that many forked processes at once (drawing is single-threaded
    Python and C: on two idle cores the charts of a tournament take about half the
    time); where ``fork`` is not available they are drawn here, one after another.
    """
    with_turns = per_turn_games > 0 or (turn_stats is not None and len(turn_stats) > 0)
    stems = chart_stems(df, with_turns)
    job = _ChartJob(df, meta, Path(outdir), tuple(formats), turn_stats, per_turn_games)
    import multiprocessing as mp

    workers = min(processes, len(stems))
    if workers > 1 and "fork" in mp.get_all_start_methods():
        global _JOB
        _JOB = job           # inherited by the forked workers: nothing to pickle
        try:
            with mp.get_context("fork").Pool(workers) as pool:
                # The slowest charts first, so that no worker is left with two of them.
                order = sorted(stems, key=lambda s: -_COST.get(s, 1))
                done = dict(zip(order, pool.map(_draw_job, order, chunksize=1), strict=True))
        finally:
            _JOB = None
        return [p for s in stems for p in done[s]]
    return [p for s in stems for p in job.draw(s)]


#: Relative drawing cost of each chart (measured), to hand out the slow ones first.
_COST = {"per_turn": 3, "end_reasons": 2.5, "pairwise": 2, "tables": 2, "game_length": 2}


class _ChartJob:
    """What a chart-drawing process needs: the run, where to write, in which formats."""

    def __init__(self, df, meta, outdir: Path, formats: tuple[str, ...], turn_stats,
                 per_turn_games: int):
        self.df, self.meta, self.outdir, self.formats = df, meta, outdir, formats
        self.turn_stats, self.per_turn_games = turn_stats, per_turn_games

    def draw(self, stem: str) -> list[Path]:
        stats = self.turn_stats
        if stem == "per_turn" and self.per_turn_games > 0:
            stats = run_turn_stats(self.meta, self.per_turn_games)
        fig = figure(stem, self.df, self.meta, stats)
        return save(fig, self.outdir / stem, self.formats)


_JOB: _ChartJob | None = None


def _draw_job(stem: str) -> list[Path]:
    return _JOB.draw(stem)


def run_turn_stats(meta: dict, games: int) -> pd.DataFrame:
    """Per-turn curves for the bots and configuration of a results file (new games:
    result files hold only final scores)."""
    from sim.analysis.turnstats import per_turn_stats

    cfg = _config(meta)
    return per_turn_stats(cfg["bots"], games=games, players=cfg["players"],
                          seed=cfg.get("seed", 0), kingdom=cfg.get("kingdom") or None,
                          events=cfg.get("events") or None)


def tournament_figures(results, directory: str | os.PathLike,
                       formats: Sequence[str] = TOURNAMENT_FORMATS,
                       per_turn_games: int = 4000,
                       processes: int | None = None) -> list[Path]:
    """Charts of a :class:`sim.analysis.results.Results` (the CLI's ``tournament --plot``),
    drawn in ``processes`` processes at once (default: up to 2 on a machine with 2
    cores or more; see :func:`plot_all`)."""
    if processes is None:
        processes = min(2, os.cpu_count() or 1)
    return plot_all(results.games, results.metadata(), directory, formats,
                    processes=processes, per_turn_games=per_turn_games)


# -- command line ---------------------------------------------------------------

TRAINING_STEM = "training-curve"


def is_training_run(path: str | os.PathLike) -> bool:
    """A ``domsim train --out`` folder: it holds the training curve (sim.learn.train.CURVE)."""
    from sim.learn.train import CURVE

    return Path(path).is_dir() and (Path(path) / CURVE).is_file()


def training_curve(curve: pd.DataFrame, meta: dict | None = None) -> Figure:
    """A training run's curve (``curve.csv``, sim.learn.train): the greedy policy's win
    rate against each league bot (95% Wilson band, the eval games of each point) and
    the policy's entropy, against the games trained.  ``meta``: the run's policy.json
    (its kingdom, Events, players and decisions name the title)."""
    fig = _new(8, 6)
    top, low = fig.subplots(2, 1, sharex=True, height_ratios=(2.2, 1))
    colors = bot_colors(list(dict.fromkeys(curve["opponent"])))
    for name, part in curve.groupby("opponent", sort=False):
        x = part["games"].to_numpy()
        n = part["eval_games"].to_numpy()
        rate = part["win_rate"].to_numpy()
        lo, hi = wilson(rate * n, n)
        top.plot(x, rate, color=colors[name], marker="o", ms=3, label=name)
        top.fill_between(x, lo, hi, color=colors[name], alpha=0.15, lw=0)
    top.axhline(0.5, color="grey", lw=0.8, ls="--")
    top.set_ylim(0, 1)
    top.yaxis.set_major_formatter(PercentFormatter(1.0))
    top.set_ylabel("greedy win rate")
    top.legend(title="against", fontsize=8)
    first = curve.drop_duplicates("iteration")
    low.plot(first["games"], first["entropy"], color="#555555", marker=".")
    low.set_ylabel("policy entropy")
    low.set_xlabel("games trained")
    m = meta or {}
    table = kingdom_label(m.get("kingdom"))
    events = f" + Events {events_label(m['events'])}" if m.get("events") else ""
    points = int(curve["eval_games"].iloc[0]) if len(curve) else 0
    fig.suptitle(f"Training curve: {m.get('decisions', 'buy')} decisions, {table}{events}, "
                 f"{m.get('players', 2)} players\n({points:,} evaluation games a point, "
                 f"95% band; {int(curve['games'].max()):,} games trained)", fontsize=10)
    return fig


def plot_training(run_dir: str | os.PathLike, outdir: str | os.PathLike | None = None,
                  formats: Sequence[str] = FORMATS, *, force: bool = False) -> list[Path]:
    """Draw a training run's curve (:func:`training_curve`) as
    ``training-curve.<fmt>`` in ``outdir`` (default: the run's folder); refuses to
    replace those files unless ``force``."""
    import json

    from sim.learn.bot import META_FILE
    from sim.learn.train import CURVE
    from sim.outputs import refuse_existing

    run = Path(run_dir)
    curve = pd.read_csv(run / CURVE)
    if curve.empty:
        raise ValueError(f"{run / CURVE} holds no evaluation yet: nothing to draw")
    meta_path = run / META_FILE
    meta = json.loads(meta_path.read_text(encoding="utf-8")) if meta_path.is_file() else None
    out = Path(outdir) if outdir is not None else run
    target = out / TRAINING_STEM
    refuse_existing([target.with_name(f"{TRAINING_STEM}.{f}") for f in formats], force=force,
                    what="chart", hint="or choose another folder")
    return save(training_curve(curve, meta), target, formats)


def default_chart_dir(results_path: str | os.PathLike) -> Path:
    """Where the charts of a results file go unless told: ``NAME-charts`` beside
    ``NAME.parquet``.  ``domsim tournament`` and ``domsim plot`` both use it, so
    plotting a tournament's file again lands in the folder the tournament used."""
    path = Path(results_path)
    return path.with_name(path.stem + "-charts")


class _UsageError(Exception):
    """A bad ``domsim plot`` argument: one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, no usage dump (as the rest of domsim)
        raise _UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="domsim plot", description="Draw the charts of a results file, or the "
                                                "training curve of a `domsim train --out` "
                                                "folder (win rate against each league bot, "
                                                "entropy).")
    p.add_argument("results", help="results file (.parquet or .csv), or a training run's "
                                   "folder (its charts go into it unless --out)")
    p.add_argument("--out", default=None, metavar="DIR",
                   help="directory for the charts (default: NAME-charts beside NAME.parquet, "
                        "the folder domsim tournament draws into)")
    p.add_argument("--format", nargs="+", default=list(FORMATS), choices=("png", "svg", "pdf"),
                   help="file formats (default: png svg)")
    p.add_argument("--force", action="store_true",
                   help="replace charts already in the folder (without it they are refused)")
    p.add_argument("--per-turn", type=int, default=4000, metavar="GAMES",
                   help="play GAMES new games of the file's bots to draw $ and score per turn "
                        "(result files hold final scores only); 0 skips (default 4000)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """``domsim plot RESULTS [--out DIR] [--format png svg] [--per-turn GAMES]``, or
    ``domsim plot RUN_DIR`` for a training run (:func:`plot_training`).

    Returns the exit status: 0 (also for ``--help``), 2 for bad arguments or an
    unreadable file, each reported in one line.
    """
    from sim.analysis.io import check_output, load_frame
    from sim.engine.config import ConfigError

    try:
        args = build_parser().parse_args(argv)
    except _UsageError as exc:
        print(f"domsim: error: {exc}", file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help has been printed
        return int(exc.code or 0)
    if args.per_turn < 0:
        print(f"domsim: error: --per-turn must be 0 or more, not {args.per_turn}",
              file=sys.stderr)
        return 2
    if is_training_run(args.results):      # a `domsim train --out` folder: its curve
        try:
            if args.out:
                check_output(args.out, "dir")
            paths = plot_training(args.results, args.out, args.format, force=args.force)
        except (ConfigError, OSError, ValueError) as exc:
            print(f"domsim: error: {exc}", file=sys.stderr)
            return 2
        for p in paths:
            print(p)
        return 0
    try:
        df, meta = load_frame(args.results)
    except (ConfigError, OSError) as exc:
        print(f"domsim: error: {exc}", file=sys.stderr)
        return 2
    if len(df) == 0:
        print(f"domsim: error: {args.results} holds no games", file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else default_chart_dir(args.results)
    try:
        check_output(out, "dir")      # the rule every domsim output follows (sim.analysis.io)
        refuse_existing_charts(out, args.format, force=args.force)
    except (ConfigError, OSError) as exc:
        print(f"domsim: error: {exc}", file=sys.stderr)
        return 2
    per_turn_games = args.per_turn
    if per_turn_games > 0:
        try:  # the bots must be rebuilt to play the per-turn games: check before forking
            from bots import resolve_bot

            for spec in _config(meta)["bots"]:
                resolve_bot(spec)
        except Exception as exc:  # a bot that is not a name or file cannot be rebuilt
            print(f"domsim: per-turn chart skipped: {exc}", file=sys.stderr)
            per_turn_games = 0
    for p in plot_all(df, meta, out, args.format, processes=min(2, os.cpu_count() or 1),
                      per_turn_games=per_turn_games):
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
