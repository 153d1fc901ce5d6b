"""The board report: a search on each of several kingdoms, and the table of their bots.

For each board (a kingdom and its Events) :func:`board_report` runs
:func:`sim.optimize.optimize` against the board's *library field*: every library bot
that can play it (its cards and Events are all in the game; ``domsim bots --kingdom``
lists the same), starting from those of them the search space can express.  The
found bot's held-out win rates against each library bot (fresh deals, Wilson 95%
intervals, :meth:`sim.optimize.evaluate.Evaluator.measure`) go into one row per
board: ``report.csv``, ``report.json``, ``report.md`` and the chart ``report.png``
(per board, the win rate against each library bot, the weakest one marked with its
interval).  Each board's search has its own folder (``<out>/<board>/best.toml`` with
its trace, chart and state), so an interrupted report continues where it stopped:
the finished boards are read back, the unfinished one resumes.

Random boards (:func:`random_boards`) are drawn by the rulebook's randomiser from a
seed per board, derived from the report's seed; ``min_events`` skips the draws with
fewer Events (the next seed of that board is tried).
"""

from __future__ import annotations

import csv
import io
import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from sim.engine.config import ConfigError

#: Columns of report.csv.
COLUMNS = ("board", "kingdom", "events", "library_bots", "field_win_rate", "field_ci_low",
           "field_ci_high", "weakest_opponent", "weakest_win_rate", "weakest_ci_low",
           "weakest_ci_high", "beats_every_library_bot", "games", "wall_s", "bot", "describe")


@dataclass(frozen=True)
class Board:
    """One kingdom and its Events, with the name of its folder in the report."""

    name: str
    kingdom: tuple[str, ...]
    events: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return ", ".join(self.kingdom) + (f"; Events: {', '.join(self.events)}"
                                          if self.events else "")


def _derive(seed: int, *path: int) -> int:
    from sim.optimize.search import _derive as derive

    return derive(seed, *path)


def random_boards(n: int, seed: int, *, kingdom: str = "random:adventures",
                  events: str | None = "random", max_events: int = 2,
                  min_events: int = 0) -> list[Board]:
    """``n`` boards drawn as ``domsim match --kingdom K --events E`` draws them, board
    ``i`` from its own seed; a draw with fewer than ``min_events`` Events is replaced by
    the next seed's (at most 200 tries a board)."""
    from sim.runner import make_config

    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ConfigError(f"the number of boards must be at least 1, not {n!r}")
    if min_events > max_events:
        raise ConfigError(f"min_events ({min_events}) is more than max_events ({max_events})")
    out = []
    for i in range(n):
        for attempt in range(200):
            cfg = make_config(["bmu", "bmu"], players=2, games=2,
                              seed=_derive(seed, 5, i, attempt),
                              kingdom=kingdom, events=events, max_events=max_events)
            if len(cfg.events) >= min_events:
                break
        else:
            raise ConfigError(f"no draw of {kingdom} with --events {events} had {min_events} "
                              f"Events in 200 tries")
        out.append(Board(f"board-{i + 1:02d}", tuple(cfg.kingdom), tuple(cfg.events)))
    return out


def read_boards(path: str | os.PathLike) -> list[Board]:
    """Boards from a text file: one a line, ``card, card, ... | Event, Event`` (the Events
    part optional), ``#`` starts a comment; each line is checked as a kingdom."""
    from sim.runner import make_config

    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ConfigError(f"cannot read the boards file {p}: {e.strerror or e}") from None
    out = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        cards, _, evs = line.partition("|")
        try:
            cfg = make_config(["bmu", "bmu"], players=2, games=2, kingdom=cards.strip(),
                              events=evs.strip() or None,
                              max_events=max(2, len([e for e in evs.split(",") if e.strip()])))
        except ConfigError as e:
            raise ConfigError(f"{p}:{lineno}: {e}") from None
        out.append(Board(f"board-{len(out) + 1:02d}", tuple(cfg.kingdom), tuple(cfg.events)))
    if not out:
        raise ConfigError(f"the boards file {p} names no board")
    return out


def library_field(board: Board) -> list[str]:
    """The library bots that can play ``board`` (every card and Event they need is in
    the game), in the library's order; the random bot is left out
    (bots.requirements.playable_bots)."""
    from bots.requirements import playable_bots
    from sim.cards import card_id

    return playable_bots([card_id(c) for c in board.kingdom],
                         [card_id(e) for e in board.events])


def expressible(names: Sequence[str], board: Board) -> list[str]:
    """Those of ``names`` that are points of the board's search space (start bots)."""
    from bots import resolve_bot
    from bots.errors import BotError
    from sim.optimize.space import Space, genome_from_bot

    space = Space.for_kingdom(board.kingdom, events=board.events)
    out = []
    for n in names:
        try:
            space.fit(genome_from_bot(resolve_bot(n)))
        except BotError:
            continue
        out.append(n)
    return out


@dataclass
class ReportResult:
    """What :func:`board_report` returns: one row per board and the files written."""

    rows: list[dict]
    csv: Path
    json: Path
    markdown: Path
    chart: Path | None
    wall_s: float
    games: int


def board_report(out: str | os.PathLike, boards: Sequence[Board], *, budget: int,
                 seed: int = 0, players: int = 2, population: int = 24, keep: int = 4,
                 against: Sequence[str] | None = None, holdout: int | None = None,
                 processes: int | None = None, backend: str = "local",
                 progress: bool | Callable[[str], None] | None = None,
                 time_limit_s: float | None = None, first_deals: int | None = None,
                 command: str | None = None, chart: bool = True,
                 force: bool = False) -> ReportResult:
    """Search each board (``budget`` games each, seed derived per board from ``seed``)
    against its library field (or ``against``) and write the report into the folder
    ``out`` (see the module docstring).  ``time_limit_s`` applies to each board's
    search.  Running it again continues: finished boards are not played again."""
    from sim.optimize.search import _sayer, optimize

    t0 = time.monotonic()
    root = Path(out)
    if root.suffix == ".toml":
        raise ConfigError(f"with several boards --out names a folder, not a .toml file "
                          f"({root})")
    if not root.parent.exists():
        raise ConfigError(f"cannot write the report: folder {root.parent} does not exist")
    if not boards:
        raise ConfigError("no boards given")
    root.mkdir(exist_ok=True)
    say = _sayer(progress)
    rows = []
    games = 0
    for i, board in enumerate(boards):
        field = list(against) if against is not None else library_field(board)
        if not field:
            raise ConfigError(f"{board.name}: no library bot can play {board.label}")
        starts = expressible(field, board) or ["bmu"]
        folder = root / board.name
        folder.mkdir(exist_ok=True)
        (folder / "board.json").write_text(json.dumps(
            {**asdict(board), "against": field, "start": starts}, indent=1) + "\n",
            encoding="utf-8")
        say(f"{board.name} ({i + 1}/{len(boards)}): {board.label}; {len(field)} library "
            f"bots: {', '.join(field)}")

        def board_say(msg: str, name: str = board.name) -> None:
            say(f"{name}: {msg}")

        res = optimize(out=folder / "best.toml", kingdom=list(board.kingdom),
                       events=list(board.events) or None,
                       max_events=max(2, len(board.events)), players=players,
                       start=starts, against=field, budget=budget,
                       seed=_derive(seed, 6, i), population=population, keep=keep,
                       holdout=holdout, processes=processes, backend=backend,
                       progress=board_say, time_limit_s=time_limit_s,
                       first_deals=first_deals, command=command, chart=chart, force=force)
        games += res.games
        rows.append(_row(board, field, res, root))
    wall = time.monotonic() - t0
    paths = {"csv": root / "report.csv", "json": root / "report.json",
             "markdown": root / "report.md", "chart": root / "report.png"}
    _write(rows, paths, budget=budget, seed=seed, command=command)
    if chart:
        draw_report_chart(rows, paths["chart"])
    say(f"report: {len(rows)} boards, {sum(r['beats_every_library_bot'] for r in rows)} "
        f"found bots beat every library bot of their board; {paths['markdown']}")
    return ReportResult(rows=rows, csv=paths["csv"], json=paths["json"],
                        markdown=paths["markdown"], chart=paths["chart"] if chart else None,
                        wall_s=wall, games=games)


def _row(board: Board, field: list[str], res, root: Path) -> dict:
    rows = {r["opponent"]: r for r in res.heldout}
    vs = [rows[name] for name in rows if name not in ("itself", "field")]
    weakest = min(vs, key=lambda r: r["win_rate"])
    return {"board": board.name, "kingdom": ", ".join(board.kingdom),
            "events": ", ".join(board.events), "library_bots": len(field),
            "field_win_rate": rows["field"]["win_rate"],
            "field_ci_low": rows["field"]["ci_low"], "field_ci_high": rows["field"]["ci_high"],
            "weakest_opponent": weakest["opponent"], "weakest_win_rate": weakest["win_rate"],
            "weakest_ci_low": weakest["ci_low"], "weakest_ci_high": weakest["ci_high"],
            "beats_every_library_bot": all(r["ci_low"] > 0.5 for r in vs),
            "games": res.games, "wall_s": round(res.wall_s, 1),
            "bot": os.path.relpath(res.toml, root), "describe": res.genome.describe(),
            "vs": [{k: r[k] for k in ("opponent", "games", "win_rate", "ci_low", "ci_high")}
                   for r in vs]}


def _pct(x: float) -> str:
    return f"{100 * x:.1f}"


def _write(rows: list[dict], paths: dict[str, Path], *, budget: int, seed: int,
           command: str | None) -> None:
    from sim.outputs import atomic_write_text

    lines = []
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(COLUMNS)
    for r in rows:
        w.writerow([r[c] if not isinstance(r[c], float) else f"{r[c]:.6f}" for c in COLUMNS])
    atomic_write_text(paths["csv"], buf.getvalue())
    atomic_write_text(paths["json"], json.dumps(
        {"budget_per_board": budget, "seed": seed, "command": command or "", "boards": rows},
        indent=1) + "\n")
    lines += ["| board | kingdom; Events | library bots | vs the field [95%] | weakest head to "
              "head [95%] | beats all |", "|---|---|---|---|---|---|"]
    for r in rows:
        ev = f"; **{r['events']}**" if r["events"] else ""
        lines.append(
            f"| [{r['board']}]({r['bot']}) | {r['kingdom']}{ev} | {r['library_bots']} | "
            f"{_pct(r['field_win_rate'])}% [{_pct(r['field_ci_low'])}, "
            f"{_pct(r['field_ci_high'])}] | {r['weakest_opponent']} "
            f"{_pct(r['weakest_win_rate'])}% [{_pct(r['weakest_ci_low'])}, "
            f"{_pct(r['weakest_ci_high'])}] | {'yes' if r['beats_every_library_bot'] else 'no'} |")
    n = sum(r["beats_every_library_bot"] for r in rows)
    lines += ["", f"{n} of {len(rows)} found bots beat every library bot of their board head "
              f"to head (95% interval above 50%); budget {budget:,} games a board, "
              f"{sum(r['games'] for r in rows):,} played."]
    atomic_write_text(paths["markdown"], "\n".join(lines) + "\n")


def draw_report_chart(rows: list[dict], path: str | os.PathLike) -> None:
    """Per board: the found bot's held-out win rate against each library bot (dots), the
    weakest with its 95% interval, and against the field (a bar)."""
    from matplotlib.figure import Figure

    from sim.outputs import atomic_path

    fig = Figure(figsize=(8, 0.42 * len(rows) + 1.4))
    ax = fig.subplots()
    ys = list(range(len(rows)))[::-1]
    for y, r in zip(ys, rows, strict=True):
        ax.barh(y, r["field_win_rate"], color="C0", alpha=0.25, height=0.7)
        xs = [v["win_rate"] for v in r["vs"]]
        ax.scatter(xs, [y] * len(xs), s=10, color="0.45", zorder=3)
        lo, hi = r["weakest_ci_low"], r["weakest_ci_high"]
        ax.errorbar([r["weakest_win_rate"]], [y], xerr=[[r["weakest_win_rate"] - lo],
                                                        [hi - r["weakest_win_rate"]]],
                    fmt="D", color="C3", markersize=4, capsize=2, zorder=4)
    ax.axvline(0.5, color="k", lw=0.8, ls="--")
    ax.set_yticks(ys)
    ax.set_yticklabels([_short(r) for r in rows], fontsize=7)
    ax.set_xlim(0, 1)
    ax.set_xlabel("held-out win rate of the found bot", fontsize=8)
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    ax.legend(handles=[Patch(color="C0", alpha=0.25, label="vs the field"),
                       Line2D([], [], color="0.45", marker="o", ls="", markersize=3,
                              label="vs each library bot"),
                       Line2D([], [], color="C3", marker="D", markersize=4,
                              label="vs the weakest, 95% interval")],
              loc="lower left", fontsize=7, framealpha=0.9)
    ax.set_title("domsim optimize: the best bot found on each board", fontsize=9)
    fig.tight_layout()
    with atomic_path(path) as tmp:
        fig.savefig(tmp, dpi=110, format=Path(path).suffix.lstrip(".") or "png")


def _short(r: dict) -> str:
    """The chart's row label: the board and its Events."""
    return f"{r['board']} ({r['events'] or 'no Events'})"
