"""The documentation's generated pages, built from the code at every ``mkdocs build``.

mkdocs-gen-files runs this file (``plugins: gen-files`` in mkdocs.yml); the pages exist
only in the build, never in the repository, so they cannot go stale:

* ``reference/cli.md``: every ``domsim`` command and option, from the argparse parsers
  (``sim.cli.build_parser`` and ``sim.analysis.plot.build_parser``);
* ``reference/conditions.md``: every condition term and operator of the bot language,
  from ``bots.conditions.TERM_SPECS`` and the program's operators;
* ``reference/cards.md``: the card index, one entry per row of the card table
  (``sim.cards.CARDS``): text, types, cost, the decisions a bot takes on it (read from
  the engine's source: the ``D_*`` codes its function asks, and the decisions named after
  it) and its status: the tests that name it, each linked to its source;
* ``reference/bots.md``: the bot index, one entry per library bot (``bots.builtin_bots``)
  with its description, source and the figures the committed experiments measured;
* ``reference/state.md``: the engine's arrays (state ``S``, table ``T``, streams ``R``,
  programs ``P``, conditions ``Q``) and its call tables ``H``: every name
  ``sim.engine.layout`` assigns, with its value and its comment, array by array;
* ``reference/tests/*.md``: each test file's tests with their source (what the card
  index links to);
* the notebooks (committed executed), which mkdocs-jupyter renders;
* the charts of ``experiments/results/`` that the discussion pages show (copied, so the
  figures stay outputs of the experiments' scripts).

Every function here that makes a page returns its text, so the tests
(``tests/test_docs.py``) check the pages without building the site.
"""

from __future__ import annotations

import argparse
import ast
import csv
import json
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "experiments" / "results"

# ----------------------------------------------------------------------------- the CLI


def _option_row(action: argparse.Action) -> str | None:
    if action.help == argparse.SUPPRESS:
        return None
    if action.option_strings:
        flags = ", ".join(f"`{s}`" for s in action.option_strings)
        if action.nargs != 0 and action.metavar is not None:
            flags += f" `{action.metavar}`"
        elif action.nargs != 0:
            flags += f" `{action.dest.upper()}`"
    else:
        flags = f"`{action.metavar or action.dest}`"
    text = (action.help or "").replace("|", "\\|").replace("\n", " ")
    if "%(default)" in text:
        text = text.replace("%(default)s", str(action.default))
    if action.choices and not isinstance(action, argparse._SubParsersAction):
        text += " (one of: " + ", ".join(f"`{c}`" for c in action.choices) + ")"
    return f"| {flags} | {text} |"


def _command_section(name: str, parser: argparse.ArgumentParser, help_line: str) -> list[str]:
    lines = [f"## domsim {name}", ""]
    if help_line:
        lines += [help_line[0].upper() + help_line[1:] + ".", ""]
    if parser.description and parser.description != help_line:
        lines += [parser.description, ""]
    lines += ["```text", parser.format_usage().strip().replace("usage: ", ""), "```", ""]
    rows = [r for a in parser._actions if not isinstance(a, argparse._HelpAction)
            if (r := _option_row(a))]
    if rows:
        lines += ["| argument | meaning |", "|---|---|", *rows, ""]
    return lines


def cli_commands() -> dict[str, tuple[argparse.ArgumentParser, str]]:
    """{command: (its parser, its one-line help)} of every ``domsim`` subcommand."""
    from sim.analysis import plot
    from sim.cli import build_parser

    top = build_parser()
    sub = next(a for a in top._actions if isinstance(a, argparse._SubParsersAction))
    helps = {c.dest: c.help for c in sub._choices_actions}
    out = {}
    for name, parser in sub.choices.items():
        # `domsim plot` owns its options: main() hands its arguments to plot.main.
        out[name] = (plot.build_parser() if name == "plot" else parser, helps.get(name, ""))
    return out


def cli_page() -> str:
    from sim.cli import build_parser

    top = build_parser()
    lines = ["# The `domsim` command", "",
             "Generated from the command's argparse parsers (`sim/cli.py`, and "
             "`sim/analysis/plot.py` for `domsim plot`) at every build of this site, so it "
             "lists exactly what the installed command takes. `domsim COMMAND --help` "
             "prints the same.", "",
             "```text", top.format_usage().strip().replace("usage: ", ""), "```", "",
             top.description or "", "",
             "Errors are one line (`domsim: error: ...`): exit status 2 for bad arguments "
             "(checked before any game is played), 1 when a run stops, 130 on Ctrl-C.", ""]
    commands = cli_commands()
    lines += ["| command | what it does |", "|---|---|"]
    lines += [f"| [`{n}`](#domsim-{n}) | {h} |" for n, (_, h) in commands.items()]
    lines.append("")
    for name, (parser, help_line) in commands.items():
        lines += _command_section(name, parser, help_line)
    return "\n".join(lines)


# ----------------------------------------------------------------------- conditions


def conditions_page() -> str:
    from bots import conditions as C
    from sim.engine import program as P

    arg_text = {C.ARG_NONE: "none", C.ARG_CARD: "a card",
                C.ARG_CARD_OR_TYPE: "a card or a type",
                C.ARG_OPTIONAL_CARD: "optional: a card (a pile)",
                C.ARG_EVENT: "an Event, or `Event` for all"}
    example = {C.ARG_NONE: "{w}", C.ARG_CARD: "{w}(Province)",
               C.ARG_CARD_OR_TYPE: "{w}(Smithy)", C.ARG_OPTIONAL_CARD: "{w}(Village)",
               C.ARG_EVENT: "{w}(Lost Arts)"}
    lines = ["# Condition terms", "",
             "Generated from `bots.conditions.TERM_SPECS` (the table the condition parser "
             "reads) at every build. A condition is `TERM OP VALUE`, where VALUE is a "
             "number or another term, optionally `/ number` and `+ number`: "
             "`count(Smithy) < count(Treasure) / 11`. In TOML it is a string in an `if` "
             "list; in Python the same terms are functions of `bots.rules` "
             "(`count(\"Smithy\") < count(\"Treasure\") / 11`). Every condition of a list "
             "must hold. Terms read only what the deciding player may know.", "",
             "Operators: " + ", ".join(f"`{op}`" for op in P.OPS) + ".", "",
             "Types (for the terms that take a card or a type): "
             + ", ".join(f"`{t}`" for t in __import__("sim.cards").cards.TYPE_BITS) + ".", "",
             "| term | argument | value | example |", "|---|---|---|---|"]
    for spec in C.TERM_SPECS:
        ex = example[spec.arg].format(w=spec.word)
        lines.append(f"| `{spec.word}` | {arg_text[spec.arg]} | {spec.doc} | `{ex} > 0` |")
    return "\n".join(lines) + "\n"


# -------------------------------------------------------------------------- the arrays
ARRAY_HEADING = re.compile(r"^# .*``([STRPQH])(?:``|\[)")
ARRAY_TITLES = {"S": "State `S`", "T": "Card table and setup `T`", "R": "Random streams `R`",
                "P": "Bot programs `P`", "Q": "Conditions `Q`", "H": "Call tables `H`"}


def layout_rows() -> list[tuple[str, str, list[tuple[str, int]], str]]:
    """``(array, intro, [(name, value), ...], note)`` for each statement of
    sim.engine.layout that assigns upper-case names, in source order.  A comment block
    whose first line names an array in double backquotes (``S``, ``T``, ``R``, ``P``,
    ``Q``, ``H``) starts that array's section (``intro``: the block's text, given with
    the section's first row); ``note`` is the comment just above a statement and on it."""
    import sim.engine.layout as L

    src = Path(L.__file__).read_text(encoding="utf-8")
    lines = src.splitlines()
    array, intro, rows, done = "S", "", [], 0
    for node in ast.parse(src).body:
        if not isinstance(node, ast.Assign):
            continue
        names = [n.id for tgt in node.targets for n in ast.walk(tgt)
                 if isinstance(n, ast.Name) and n.id.isupper()]
        if not names:
            continue
        above, i = [], node.lineno - 2
        while i >= done and lines[i].startswith("#"):
            above.insert(0, lines[i])
            i -= 1
        for k in range(done, node.lineno - 1):       # a heading's block, above or apart
            m = ARRAY_HEADING.match(lines[k])
            if m and (k == 0 or not lines[k - 1].startswith("#")):
                array, block = m[1], []
                while k < len(lines) and lines[k].startswith("#"):
                    block.append(lines[k])
                    k += 1
                intro = " ".join(ln[1:].strip() for ln in block)
                above = [ln for ln in above if ln not in block]
        end = node.end_lineno
        on = lines[node.lineno - 1:end]
        while end < len(lines) and lines[end].lstrip().startswith("#") and lines[end][0] == " ":
            on.append(lines[end])
            end += 1
        done = end
        note = [ln[1:].strip() for ln in above] + [ln.split("#", 1)[1].strip()
                                                   for ln in on if "#" in ln]
        rows.append((array, intro, [(n, getattr(L, n)) for n in names], " ".join(note)))
        intro = ""
    return rows


def _markdown_text(text: str) -> str:
    """``text`` with its square brackets escaped outside code spans: a comment such as
    ``H[H_HOOKS][k - 1]`` would otherwise read as a reference link (mkdocs --strict fails)."""
    parts = text.split("`")
    for i in range(0, len(parts), 2):
        parts[i] = parts[i].replace("[", "\\[").replace("]", "\\]")
    return "`".join(parts)


def state_page() -> str:
    """The engine's arrays, from sim.engine.layout (see :func:`layout_rows`)."""
    import sim.engine.layout as L

    intro = " ".join(L.__doc__.split("\n\n")[1].split())
    lines = ["# The engine's arrays", "",
             "Generated from `sim/engine/layout.py` at every build: every name it assigns, "
             "in its order, with its value (an offset into the array, a width or a count) and "
             "the comment that says what it holds. " + _markdown_text(intro.replace("``", "`")), ""]
    current, seen = None, set()
    for array, intro, names, note in layout_rows():
        if array != current:
            title = ARRAY_TITLES[array] + (" (continued)" if array in seen else "")
            current = array
            seen.add(array)
            lines += ["", f"## {title}", "", _markdown_text(intro.replace("``", "`")), "",
                      "| name = value | what |", "|---|---|"]
        cells = ", ".join(f"`{n}` = {v}" for n, v in names)
        what = _markdown_text(note.replace("|", "\\|").replace("``", "`"))
        lines.append(f"| {cells} | {what} |")
    return "\n".join(lines) + "\n"


# -------------------------------------------------------------------------- tests


@dataclass(frozen=True)
class TestFunc:
    file: str            # e.g. "test_rules_cards.py"
    name: str
    source: str


def collect_tests() -> list[TestFunc]:
    """Every test function of tests/ (module level and in classes), with its source
    (decorators included: a parametrised test names its cases there)."""
    out = []
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        tree = ast.parse(text)
        nodes = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
        for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
            nodes += [n for n in cls.body if isinstance(n, ast.FunctionDef)]
        for n in nodes:
            if not n.name.startswith("test"):
                continue
            start = min([n.lineno] + [d.lineno for d in n.decorator_list])
            out.append(TestFunc(path.name, n.name, "\n".join(lines[start - 1:n.end_lineno])))
    return out


def _mention_pattern(name: str) -> re.Pattern:
    const = re.sub(r"\W+", "_", name).upper()
    return re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])|\b{const}\b")


# Test files that build exact situations and check a ruling (the rest play whole games,
# check the language, the runner, ...).
RULING_FILES = re.compile(r"test_(rules_|adv_(core|cards|events|inheritance)|intrigue_|"
                          r"cardcalls|conditioned_lists)")


def tests_mentioning(tests: list[TestFunc]) -> dict[str, list[TestFunc]]:
    from sim.cards import CARDS

    found: dict[str, list[TestFunc]] = {}
    for card in CARDS:
        pat = _mention_pattern(card.name)
        found[card.name] = [t for t in tests if pat.search(t.source)]
    return found


def test_pages(tests: list[TestFunc]) -> dict[str, str]:
    """{reference/tests/FILE.md: page} with each test's source under its own anchor."""
    by_file: dict[str, list[TestFunc]] = defaultdict(list)
    for t in tests:
        by_file[t.file].append(t)
    pages = {}
    for file, funcs in by_file.items():
        lines = [f"# tests/{file}", "",
                 f"The {len(funcs)} tests of `tests/{file}`, each with its source, as "
                 "the card index links to them.", ""]
        for t in funcs:
            lines += [f"## `{t.name}` {{ #{t.name} }}", "", "```python", t.source, "```", ""]
        pages[f"reference/tests/{file[:-3]}.md"] = "\n".join(lines)
    return pages


# -------------------------------------------------------------------- card index

ENGINE_SOURCES = ("sim/engine/base_set.py", "sim/engine/adventures/cards.py",
                  "sim/engine/adventures/events.py", "sim/engine/intrigue/cards.py",
                  "sim/engine/intrigue/gains.py", "sim/engine/intrigue/others.py")
# Decisions asked outside a card's own function (by the turn, the mechanics or the
# decision maker), each with the cards it belongs to. Checked by tests/test_docs.py: every
# decision of sim.engine.codes belongs to some card here or through the engine's source.
TYPE_DECISIONS = {"D_ACTION": "Action", "D_TREASURE": "Treasure", "D_BUY": "*",
                  "D_EXCHANGE": "Traveller"}
ELSEWHERE = {
    "D_START": ("Guide", "Ratcatcher", "Transmogrify", "Teacher", "Amulet", "Caravan Guard",
                "Dungeon", "Gear", "Haunted Woods", "Swamp Hag", "Hireling", "Bridge Troll"),
    "D_AFTER_ACTION": ("Coin of the Realm", "Royal Carriage"),
    "D_REVEAL_MOAT": ("Moat",),
    "D_TOPDECK_ORDER": ("Haunted Woods", "Scouting Party", "Patrol"),
    "D_ATTACK_DISCARD": ("Torturer",),
    "D_TRASHING_TOKEN": ("Plan",),
}


def _names_in(node: ast.AST) -> set[str]:
    names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
    doc = ast.get_docstring(node) or "" if isinstance(node, ast.FunctionDef) else ""
    return names | set(re.findall(r"\bD_[A-Z_]+\b", doc))


def engine_decisions() -> dict[str, set[str]]:
    """{function name: the D_* codes its source asks or names} of every card text."""
    out: dict[str, set[str]] = {}
    for rel in ENGINE_SOURCES:
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        for fn in (n for n in tree.body if isinstance(n, ast.FunctionDef)):
            out[fn.name] = {n for n in _names_in(fn) if n.startswith("D_")}
    return out


def card_decisions() -> dict[str, list[str]]:
    """{card name: the D_* codes a bot answers on it}, in decision order."""
    from sim.cards import CARDS, EVENT, TYPE_BITS
    from sim.engine import codes

    code_of = decision_codes()
    by_function = engine_decisions()
    out = {}
    for card in CARDS:
        found = set(by_function.get(re.sub(r"\W+", "_", card.name).lower(), ()))
        for code, value in code_of.items():
            title = codes.DECISION_NAMES[value]
            if re.search(rf"\b{re.escape(card.name)}\b", title):
                found.add(code)
        for code, type_name in TYPE_DECISIONS.items():
            if type_name == "*" or card.is_type(TYPE_BITS[type_name]):
                found.add(code)
        found |= {code for code, cards in ELSEWHERE.items() if card.name in cards}
        if card.is_type(EVENT):
            found -= {"D_ACTION", "D_TREASURE"}
        out[card.name] = sorted(found & set(code_of), key=code_of.get)
    return out


def decision_codes() -> dict[str, int]:
    """{D_* name: code} of every decision: the table's (the built-in sets') and those a
    later set's modules read from it (sim.cards.SETS' engine modules)."""
    import importlib

    from sim.cards import SETS
    from sim.engine import codes

    modules = [codes] + [importlib.import_module(m) for s in SETS for m in s.engine]
    return {k: v for mod in modules for k, v in vars(mod).items()
            if k.startswith("D_") and isinstance(v, int)}


def _types_text(card) -> str:
    from sim.cards import TYPE_BITS

    return " – ".join(n for n, bit in TYPE_BITS.items() if card.is_type(bit))


def _section(card) -> str:
    from sim.cards import BASIC_CARDS, EVENTS, SET_BASE, SET_INTRIGUE, UPGRADES

    if card.id in EVENTS:
        return "Adventures Events"
    if card.id in UPGRADES:
        return "Adventures Traveller upgrades (not in the Supply)"
    if card.id in BASIC_CARDS:
        return "Basic cards"
    if card.set == SET_INTRIGUE:
        return "Intrigue (2nd edition)"
    return "Base game (2nd edition)" if card.set == SET_BASE else card.set


def card_slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def cards_page(tests: list[TestFunc] | None = None) -> str:
    from sim.cards import CARDS, UPGRADES
    from sim.engine import codes
    from sim.engine.callbacks import METHODS

    tests = collect_tests() if tests is None else tests
    mentions = tests_mentioning(tests)
    decisions = card_decisions()
    code_value = decision_codes()
    sections: dict[str, list] = defaultdict(list)
    for card in CARDS:
        sections[_section(card)].append(card)
    lines = ["# Card index", "",
             f"Every card and Event the engine knows ({len(CARDS)} rows of the card table, "
             "`sim/cards/`), generated at every build of this site. For each: its cost, "
             "types and text as `domsim cards` prints them; the **decisions** a bot takes "
             "on it (the engine's decision, with the `PythonBot` method that answers it; "
             "rule bots answer them through their lists and rules, or take the default); "
             "and its **status**: the tests that name it (by name or by its constant). "
             "*Rulings tested* means at least one test builds an exact situation with it and "
             "checks the outcome (`tests/test_rules_*.py`, `tests/test_adv_*.py`, "
             "`tests/test_intrigue_*.py`); "
             "*played* means it appears only in whole games (random kingdoms, bots) and "
             "language tests. The invariants (cards conserved, games end, same seed same "
             "game) are checked over tens of thousands of random games of every card.", ""]
    for title in ("Basic cards", "Base game (2nd edition)", "Adventures",
                  "Adventures Traveller upgrades (not in the Supply)", "Adventures Events",
                  "Intrigue (2nd edition)"):
        cards = sections[title]
        lines += [f"## {title}", "",
                  " · ".join(f"[{c.name}](#{card_slug(c.name)})" for c in cards), ""]
        for card in cards:
            named = mentions[card.name]
            ruling = [t for t in named if RULING_FILES.match(t.file)]
            status = (f"rulings tested ({len(ruling)} of the {len(named)} tests naming it)"
                      if ruling else f"played ({len(named)} tests name it)")
            cost = f"${card.cost}" + ("*" if card.id in UPGRADES else "")
            lines += [f"### {card.name} {{ #{card_slug(card.name)} }}", "",
                      f"**{cost}** · {_types_text(card)}", "", f"> {card.text}", "",
                      "**Decisions:** " + ", ".join(
                          f"{codes.DECISION_NAMES[code_value[d]]} "
                          f"(`{METHODS[code_value[d]]}`)" for d in decisions[card.name]),
                      "", f"**Status:** {status}. **Known limits:** none recorded for this "
                      "card (those of the whole engine are on the "
                      "[fidelity](../discussion/fidelity.md#known-limits) page).", ""]
            if named:
                by_file: dict[str, list[str]] = defaultdict(list)
                for t in named:
                    by_file[t.file].append(t.name)
                lines.append(f"??? note \"The {len(named)} tests\"")
                for file, names in by_file.items():
                    links = ", ".join(f"[{n}](tests/{file[:-3]}.md#{n})" for n in names)
                    lines.append(f"    - `tests/{file}`: {links}")
                lines.append("")
    return "\n".join(lines)


# --------------------------------------------------------------------- bot index


def _read_csv(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def _pct(x: float, digits: int = 1) -> str:
    return f"{100 * x:.{digits}f}%"


def bot_figures() -> dict[str, list[str]]:
    """{bot: lines of measured figures} from the committed outputs of experiments/."""
    figs: dict[str, list[str]] = defaultdict(list)
    rr = "experiments/round_robin.py"
    for players in (2, 3, 4):
        for row in _read_csv(RESULTS / f"round_robin_{players}p" / "summary.csv"):
            figs[row["bot"]].append(
                f"reference round robin, {players} players, First Game: win rate "
                f"{_pct(float(row['win_rate']), 2)} ({_pct(float(row['ci_low']), 2)}–"
                f"{_pct(float(row['ci_high']), 2)}) in {int(row['games']):,} games (`{rr}`)")
    md = RESULTS / "base_rest_bots.md"
    if md.is_file():
        for m in re.finditer(r"^\| ([a-z-]+) \| ([\d.]+%) \(([^)]*)\) \| ([\d.]+%) \(([^)]*)\) \|$",
                             md.read_text(encoding="utf-8"), flags=re.M):
            figs[m[1]].append(f"10,000 games, `--kingdom auto`: {m[2]} against big-money, "
                              f"{m[4]} against bmu (`experiments/base_rest_bots.py`)")
    single = "experiments/adventures_single_card.py"
    for row in _read_csv(RESULTS / "adventures_bots" / "single_card_vs_bmu.csv"):
        figs[row["bot"]].append(
            f"against bmu, {int(row['games']):,} games on its own board: "
            f"{_pct(float(row['win_rate']))} ({_pct(float(row['ci_low']))}–"
            f"{_pct(float(row['ci_high']))}) (`{single}`)")
    for row in _read_csv(RESULTS / "adventures_bots" / "strategies_vs_bmu.csv"):
        figs[row["bot"]].append(
            f"against bmu on board {row['board']}, {int(row['games']):,} games: "
            f"{_pct(float(row['win_rate']))} ({_pct(float(row['ci_low']))}–"
            f"{_pct(float(row['ci_high']))}) (`{single}`)")
    for board in ("k1", "k2"):
        shares: dict[str, list[float]] = defaultdict(list)
        for row in _read_csv(RESULTS / "adventures_round_robin" / board / "pairs.csv"):
            shares[row["bot"]].append(float(row["share"]))
            shares[row["opponent"]].append(1 - float(row["share"]))
        for bot, s in shares.items():
            figs[bot].append(
                f"Adventures round robin on board {board.upper()}: mean win share "
                f"{_pct(sum(s) / len(s))} against the {len(s)} others, 1,000,000 games each "
                "(`experiments/adventures_round_robin.py`)")
    return figs


def bot_source(bot) -> tuple[str, str, str]:
    """(where the bot is defined, the language of its text, its text)."""
    import inspect

    path = getattr(bot, "path", None) or getattr(bot, "source", None)
    data = ROOT / "bots" / "data"
    for candidate in (data / f"{bot.name}.toml", data / "adventures" / f"{bot.name}.toml"):
        if candidate.is_file():
            return (str(candidate.relative_to(ROOT)), "toml",
                    candidate.read_text(encoding="utf-8"))
    if hasattr(bot, "describe"):
        return "bots/library.py", "text", bot.describe()
    del path
    return "bots/library.py", "python", inspect.getsource(type(bot))


def bots_page() -> str:
    from bots import builtin_bots

    figs = bot_figures()
    bots = builtin_bots()
    lines = ["# Bot index", "",
             f"Every bot of the library ({len(bots)}; `domsim bots` lists them), generated "
             "at every build of this site from the registry (`bots/library.py`, "
             "`bots/data/**/*.toml`): its description, its source, and the figures that "
             "the committed experiments (`experiments/results/`) measured for it. A bot "
             "without figures has not been in a committed experiment yet.", "",
             " · ".join(f"[{b.name}](#{b.name})" for b in bots), ""]
    for bot in bots:
        where, lang, text = bot_source(bot)
        lines += [f"## {bot.name} {{ #{bot.name} }}", "", bot.description, "",
                  f"Source: `{where}`", ""]
        if figs.get(bot.name):
            lines += ["**Measured:**", "", *[f"- {f}" for f in figs[bot.name]], ""]
        lines += ['??? note "Its rules"', "", f"    ```{lang}",
                  *[f"    {ln}" if ln else "" for ln in text.rstrip().splitlines()],
                  "    ```", ""]
    return "\n".join(lines + general_entry())


def general_entry() -> list[str]:
    """The bot index's entry for the learned bot ``general`` (a policy, not a rule list):
    its description, where its weights and its training come from, and the figures of
    ``experiments/general_eval.py``."""
    from bots import GENERAL, GENERAL_POLICY, general_bot

    if not GENERAL_POLICY.is_dir():
        return []
    lines = [f"## {GENERAL} {{ #{GENERAL} }}", "", general_bot(GENERAL).description, "",
             f"Source: `{GENERAL_POLICY.relative_to(ROOT)}` (a network's weights, trained by "
             "`python experiments/general.py`, `general_league.py`, "
             "`general_all_sets.py` and `general_exploiters.py`; how: the learned-bot "
             "tutorial). It plays any "
             "2-player kingdom, with or without Events.", ""]
    # The shipped general's training folder (its experiment's --part ship copied the
    # policy from there), where general_eval.py wrote its figures: the --out of the
    # command recorded in its policy.json.
    import shlex

    meta = json.loads((GENERAL_POLICY / "policy.json").read_text(encoding="utf-8"))
    words = shlex.split(meta.get("command") or "")
    if "--out" not in words[:-1]:
        return lines
    folder = ROOT / words[words.index("--out") + 1]
    figs = []
    for sub, boards in (("eval", "base game and Adventures"),
                        ("eval-all", "every set, Intrigue's cards too")):
        rows = [r for r in _read_csv(folder / sub / "field.csv") if r["kind"] == "library"]
        summary = _read_csv(folder / sub / "field_summary.csv")    # (general_eval's count)
        if not rows or not summary:
            continue
        every = sum(r["every_library_beaten"] == "True" for r in summary)
        mean = sum(float(r["win_rate"]) for r in rows) / len(rows)
        figs.append(f"on {len(summary)} boards with Events it never saw ({boards}), every "
                    f"library bot that can play the board beaten (95% interval above 50%, "
                    f"{int(rows[0]['games']):,} games a pairing) on {every}; mean win rate "
                    f"over the {len(rows)} pairings {_pct(mean)} "
                    "(`experiments/general_eval.py --part field`)")
    found = [r for r in _read_csv(folder / "eval" / "field.csv") if r["kind"] == "found"]
    if found:
        mean = sum(float(r["win_rate"]) for r in found) / len(found)
        figs.append(f"against the bot `domsim optimize` found on each of the first "
                    f"{len(found)} base game and Adventures boards, 400 games each: mean win "
                    f"rate {_pct(mean)}, beaten on "
                    f"{sum(float(r['ci_low']) > 0.5 for r in found)}, lost on "
                    f"{sum(float(r['ci_high']) < 0.5 for r in found)} "
                    "(`experiments/general_eval.py --part field`, found bots of part found)")
    for row in _read_csv(folder / "eval" / "firstgame.csv"):
        figs.append(f"First Game, against {row['opponent']}, {int(row['games']):,} games: "
                    f"{_pct(float(row['win_rate']))} ({_pct(float(row['ci_low']))}–"
                    f"{_pct(float(row['ci_high']))}) (`experiments/general_eval.py`)")
    if figs:
        lines += ["**Measured:**", "", *[f"- {f}" for f in figs], ""]
    return lines


# ---------------------------------------------------------------------- figures

FIGURES = ("round_robin_2p", "round_robin_3p", "round_robin_4p",
           "adventures_round_robin/k1", "adventures_round_robin/k2")


def figure_files() -> dict[str, Path]:
    """{site path: committed chart} of the charts the discussion pages show."""
    out = {}
    for folder in FIGURES:
        for png in sorted((RESULTS / folder).glob("*.png")):
            out[f"figures/{folder}/{png.name}"] = png
    opt = RESULTS / "optimize"
    for png in sorted(opt.glob("*/*.png")):
        out[f"figures/optimize/{png.relative_to(opt)}"] = png
    return out


def round_robin_figures() -> str:
    """The round robins' tables and charts, from the committed outputs of
    experiments/round_robin.py and experiments/adventures_round_robin.py (appended to
    discussion/round-robins.md at build time, so the page cannot drift from them)."""
    lines = ["## The figures", "",
             "Generated at every build from the committed outputs in "
             "`experiments/results/`; rerun the scripts to refresh them.", ""]
    for players in (2, 3, 4):
        folder = RESULTS / f"round_robin_{players}p"
        rows = _read_csv(folder / "summary.csv")
        if not rows:
            continue
        command = (folder / "command.txt").read_text(encoding="utf-8").strip().splitlines()
        seats = [k for k in rows[0] if k.startswith("win_rate_seat")]
        lines += [f"### Reference bots, {players} players", "",
                  f"`{command[0]}` ({command[1].lstrip('# ')}), First Game kingdom, seats "
                  "rotating. From `experiments/results/" + folder.name + "/summary.csv`.", "",
                  "| bot | games | win rate | 95% CI | avg turns | "
                  + " | ".join(f"seat {k[-1]}" for k in seats) + " |",
                  "|---|---|---|---|---|" + "---|" * len(seats)]
        for r in rows:
            lines.append(f"| {r['bot']} | {int(r['games']):,} | "
                         f"{_pct(float(r['win_rate']), 2)} | "
                         f"{_pct(float(r['ci_low']), 2)}–{_pct(float(r['ci_high']), 2)} | "
                         f"{float(r['avg_turns']):.2f} | "
                         + " | ".join(_pct(float(r[k])) for k in seats) + " |")
        lines.append("")
        for stem, what in (("win_rates", "Win rate per bot"),
                           ("pairwise" if players == 2 else "tables",
                            "Pairwise win rates" if players == 2 else "Win rate at each table"),
                           ("seat_win_rates", "Win rate by seat")):
            if (folder / f"{stem}.png").is_file():
                lines += [f"![{what}, {players} players]"
                          f"(../figures/{folder.name}/{stem}.png)", ""]
    for board in ("k1", "k2"):
        folder = RESULTS / "adventures_round_robin" / board
        rows = _read_csv(folder / "scores.csv")
        if not rows:
            continue
        lines += [f"### Adventures board {board.upper()}", "",
                  "Each bot's mean win share against the others (1,000,000 games per "
                  "pairing, seats rotating; `python experiments/adventures_round_robin.py`, "
                  f"`experiments/results/adventures_round_robin/{board}/scores.csv`; the "
                  "kingdom, Events and every pairing are in that folder's `tables.md`).", "",
                  "| rank | bot | mean win share | ± 95% |", "|---|---|---|---|"]
        lines += [f"| {r['rank']} | {r['bot']} | {_pct(float(r['score']))} | "
                  f"{100 * float(r['ci95_half']):.2f} |" for r in rows]
        lines += ["", f"![Win shares, board {board.upper()}]"
                      f"(../figures/adventures_round_robin/{board}/win_rates.png)", ""]
    return "\n".join(lines)


def notebook_files() -> dict[str, Path]:
    """{site path: notebook}: the committed, executed notebooks (mkdocs-jupyter renders
    them with their outputs)."""
    return {f"notebooks/{nb.name}": nb for nb in sorted((ROOT / "notebooks").glob("*.ipynb"))}


def all_pages() -> dict[str, str]:
    tests = collect_tests()
    pages = {"reference/cli.md": cli_page(), "reference/conditions.md": conditions_page(),
             "reference/cards.md": cards_page(tests), "reference/bots.md": bots_page(),
             "reference/state.md": state_page()}
    pages.update(test_pages(tests))
    return pages


def _write_with_mkdocs_gen_files() -> None:
    import mkdocs_gen_files

    for path, text in all_pages().items():
        with mkdocs_gen_files.open(path, "w") as f:
            f.write(text)
    with mkdocs_gen_files.open("discussion/round-robins.md", "a") as f:
        f.write("\n" + round_robin_figures() + "\n")
    for path, src in {**figure_files(), **notebook_files()}.items():
        with mkdocs_gen_files.open(path, "wb") as f:
            f.write(src.read_bytes())


if __name__ in ("__main__", "<run_path>"):
    _write_with_mkdocs_gen_files()
