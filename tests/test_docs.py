"""The documentation site (docs/, mkdocs.yml): every example runs, every card and bot has
its entry, and the hand-written reference pages match the code (issue 31).

Code blocks of each page in docs/ (found as README's are, by tests/markdown_blocks.py),
run in order in one temporary working directory per page, as a reader follows a page:

* ``python``: run in one namespace per page (a tutorial builds on its earlier blocks);
* ``toml``: a bot file: loaded with ``bots.load_bot_file`` and left in the page's folder
  as ``<name>.toml`` (the pages say "save it as ..."), so later commands can play it; a
  Python block that defines a bot of the same name must compile to the same program;
* ``sh``: ``domsim`` command lines, each run in-process, expected to exit 0 and print;
* ``shell``: set-up commands a reader runs in a shell (not here): each must be one of
  the quick start's two (``SETUP``, as in README.md), a ``pip install`` of an extra
  pyproject.toml defines, ``mkdocs build``/``serve``,
  ``python experiments/SCRIPT.py`` naming a script that exists, or
  ``jupyter execute notebooks/NAME.ipynb`` naming a notebook that exists;
* ``text`` (output, usage lines) and snippet includes (``--8<--`` of a file that exists);
* excerpts: a ``python`` block whose first line is a comment naming a file of the
  repository (``# sim/cards/base.py``) quotes that file and is not run; its text must
  be the file's, verbatim (indentation too), a line ``# ...`` separating passages that
  must appear in that order.

Any other language, or none, fails: it would go unchecked.  The generated pages
(docs/gen_pages.py: CLI, conditions, card and bot indexes) are checked here without
building the site; CI also builds it with ``mkdocs build --strict``.
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
from pathlib import Path

import pytest

from tests.markdown_blocks import (
    SETUP,
    Block,
    code_blocks,
    commands,
    exec_python,
    python_bots,
    run_domsim,
)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

pytestmark = pytest.mark.timeout(900)
ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md"))
LANGUAGES = ("python", "toml", "sh", "shell", "text", "yaml")
SNIPPET = re.compile(r'^--8<-- "([^"]+)"$')
EXCERPT = re.compile(r"^# ([\w.-]+(?:/[\w.-]+)+\.\w+)$")   # "# sim/cards/base.py"
ELIDED = re.compile(r"^\s*# \.\.\.$")                        # "# ..." between passages


def _load_gen_pages():
    spec = importlib.util.spec_from_file_location("gen_pages", DOCS / "gen_pages.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


gen = _load_gen_pages()


def page_blocks(page: str) -> list[Block]:
    return code_blocks((DOCS / page).read_text(encoding="utf-8"), f"docs/{page}")


def _snippet_files(block: Block) -> list[str] | None:
    """The files a block includes with pymdownx.snippets, or None when it is not one."""
    lines = commands(block)
    found = [SNIPPET.match(ln) for ln in lines]
    return [m[1] for m in found] if lines and all(found) else None


def excerpt_file(block: Block) -> str | None:
    """The file a python block quotes (its first line ``# path/of/file.py``), or None for
    a block to run."""
    first = block.text.split("\n", 1)[0]
    m = EXCERPT.match(first) if block.lang == "python" else None
    return m[1] if m else None


def excerpt_drift(block: Block) -> str | None:
    """Why an excerpt is not its file's text (the file missing, or the first passage not
    found verbatim after the previous one), or None when it is."""
    name = excerpt_file(block)
    path = ROOT / name
    if not path.is_file():
        return f"{block.where()} quotes {name}, which does not exist"
    source = path.read_text(encoding="utf-8")
    passages, current = [], []
    for line in block.text.splitlines()[1:]:
        if ELIDED.match(line):
            passages.append(current)
            current = []
        else:
            current.append(line)
    passages.append(current)
    at = 0
    for lines in passages:
        text = "\n".join(lines).strip("\n")
        if not text:
            continue
        found = source.find(text, at)
        if found < 0:
            return (f"{block.where()}: not in {name} as quoted (after what comes before): "
                    f"{lines[0].strip()!r}...")
        at = found + len(text)
    return None


def test_pages_exist_and_are_in_the_nav():
    import yaml

    assert "index.md" in PAGES and len(PAGES) >= 20
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))

    def walk(node):
        if isinstance(node, str):
            yield node
        elif isinstance(node, list):
            for x in node:
                yield from walk(x)
        elif isinstance(node, dict):
            for x in node.values():
                yield from walk(x)

    in_nav = set(walk(config["nav"]))
    missing = [p for p in PAGES if p not in in_nav]
    assert not missing, f"pages no reader finds (add them to mkdocs.yml nav): {missing}"


def test_every_tutorial_and_notebook_is_in_the_nav_and_on_the_home_page():
    """A reader finds each tutorial and notebook from the navigation and from the home
    page's "Where to go" (the agents and learned-bot ones were missing from both lists)."""
    import yaml

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    nav = yaml.safe_dump(config["nav"])
    home = (DOCS / "index.md").read_text(encoding="utf-8")
    where_to_go = home[home.index("## Where to go"):]
    targets = [p for p in PAGES if p.startswith("tutorials/")]
    targets += list(gen.notebook_files())           # notebooks/NAME.ipynb
    assert len(targets) >= 12
    not_in_nav = [t for t in targets if f": {t}" not in nav]
    assert not not_in_nav, f"not in mkdocs.yml's nav: {not_in_nav}"
    not_home = [t for t in targets if f"]({t})" not in where_to_go]
    assert not not_home, f"not in the home page's Where to go: {not_home}"


def test_long_code_lines_wrap_on_the_site():
    """Commands of 100+ characters (the training command, the Adventures kingdom lists)
    wrap in the page instead of running past its edge: the stylesheet is configured and
    sets code blocks, and the notebooks' code cells, to wrap."""
    import yaml

    longest = max(len(ln) for p in PAGES for b in page_blocks(p) for ln in b.text.splitlines())
    assert longest > 100          # there is something to wrap (else drop this test)
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    sheets = config.get("extra_css", [])
    assert sheets and all((DOCS / s).is_file() for s in sheets)
    css = re.sub(r"/\*.*?\*/", "", " ".join((DOCS / s).read_text(encoding="utf-8")
                                           for s in sheets), flags=re.S)
    rules = dict(re.findall(r"([^{}]+)\{([^}]*)\}", css))
    wrapping = {sel.strip() for sels, body in rules.items() if "white-space: pre-wrap" in body
                for sel in sels.split(",")}
    assert {".md-typeset pre > code", ".jupyter-wrapper .highlight-ipynb pre"} <= wrapping


def test_readme_links_into_the_site_reach_pages():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\((docs/[^)#]+)\)", readme)
    assert len(links) >= 10, "the README links into the site"
    missing = [link for link in links if not (ROOT / link).is_file()]
    assert not missing, f"README links to pages that do not exist: {missing}"


def test_block_finder_reads_fences_and_names_the_page():
    assert code_blocks("a\n```sh\ndomsim bots\n```\n", "docs/x.md") == [
        Block("sh", "domsim bots\n", 2, "docs/x.md")]
    with pytest.raises(AssertionError, match="docs/x.md:1: code block never closed"):
        code_blocks("```toml\nname = 'x'\n", "docs/x.md")


@pytest.mark.parametrize("page", PAGES)
def test_every_block_has_a_language_this_test_checks(page):
    bad = [b.where() for b in page_blocks(page)
           if b.lang not in LANGUAGES or (b.lang == "yaml" and _snippet_files(b) is None)]
    assert not bad, f"blocks this test cannot check (tag them {LANGUAGES}): {bad}"


def _check_shell(block: Block) -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]
    for cmd in commands(block):
        if cmd in SETUP:
            continue
        if m := re.fullmatch(r'pip install -e "\.\[([a-z,]+)\]"', cmd):
            unknown = [x for x in m[1].split(",") if x not in extras]
            assert not unknown, f"{block.where()}: no extra {unknown} in pyproject.toml"
        elif m := re.fullmatch(r"python (experiments/\S+\.py)( .*)?", cmd):
            assert (ROOT / m[1]).is_file(), f"{block.where()}: no script {m[1]}"
        elif m := re.fullmatch(r"jupyter execute (--inplace )?(notebooks/\S+\.ipynb)", cmd):
            assert (ROOT / m[2]).is_file(), f"{block.where()}: no notebook {m[2]}"
        else:
            assert re.fullmatch(r"mkdocs (build --strict|serve)", cmd), \
                f"{block.where()}: a set-up command this test does not know: {cmd}"


@pytest.mark.parametrize("page", [p for p in PAGES if page_blocks(p)])
def test_page_examples_run(page, tmp_path):
    """Every block of the page, in order, in one folder, as a reader follows it."""
    from bots import load_bot_file
    from bots.rules import programs_equal

    namespace: dict = {}
    toml_bots = []
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        for k, b in enumerate(page_blocks(page)):
            if excerpt_file(b):
                continue                # quoted source: checked below, not run
            if b.lang == "python":
                _, out = exec_python(b, tmp_path / f"block_{k}_line_{b.line}.py", namespace)
                if "print(" in b.text:
                    assert out.strip(), f"{b.where()} printed nothing"
            elif b.lang == "toml":
                name = tomllib.loads(b.text)["name"]
                path = tmp_path / f"{name}.toml"
                path.write_text(b.text, encoding="utf-8")
                toml_bots.append((b, load_bot_file(path)))
            elif b.lang == "sh":
                for cmd in commands(b):
                    rc, out, err = run_domsim(cmd)
                    assert rc == 0, f"{b.where()}: `{cmd}` exited {rc}: {err}"
                    assert out.strip(), f"{b.where()}: `{cmd}` printed nothing"
            elif b.lang == "shell":
                _check_shell(b)
            elif (files := _snippet_files(b)) is not None:
                for f in files:
                    assert (ROOT / f).is_file(), f"{b.where()}: includes {f}, which is missing"
    finally:
        os.chdir(cwd)
    twins = python_bots(namespace)
    for b, bot in toml_bots:
        if bot.name in twins:
            assert programs_equal(bot.program(), twins[bot.name].program()), \
                f"{b.where()}: {bot.name} is not the same bot as the page's Python one"


@pytest.mark.parametrize("page", [p for p in PAGES if any(map(excerpt_file, page_blocks(p)))])
def test_page_excerpts_are_the_files_text(page):
    """Each excerpt of the source a page quotes is that file's text today, so a page that
    shows code cannot drift from it silently."""
    drifts = [d for b in page_blocks(page) if excerpt_file(b) and (d := excerpt_drift(b))]
    assert not drifts, "\n".join(drifts)


def test_an_excerpt_that_drifted_is_found():
    """The check above can fail: a changed line, passages out of order, a missing file;
    a block whose first line is another comment is a block to run."""
    row = '    Card(22, "Moneylender", 4, _A, special=SP_MONEYLENDER,\n'
    same = Block("python", "# sim/cards/base.py\n" + row, 1, "x.md")
    assert excerpt_file(same) == "sim/cards/base.py" and excerpt_drift(same) is None
    changed = Block("python", "# sim/cards/base.py\n" + row.replace("4", "5", 1), 1, "x.md")
    assert "not in sim/cards/base.py" in excerpt_drift(changed)
    ordered = "# sim/cards/base.py\nSP_CHAPEL = 12\n# ...\nSP_MONEYLENDER = 11\n"
    assert "not in" in excerpt_drift(Block("python", ordered, 1, "x.md"))
    missing = Block("python", "# sim/cards/nosuch.py\nx = 1\n", 1, "x.md")
    assert "does not exist" in excerpt_drift(missing)
    assert excerpt_file(Block("python", "# a comment\nx = 1\n", 1, "x.md")) is None


def test_shell_check_refuses_what_it_does_not_know():
    with pytest.raises(AssertionError, match="no extra"):
        _check_shell(Block("shell", 'pip install -e ".[nosuch]"\n', 1, "x.md"))
    with pytest.raises(AssertionError, match="no script"):
        _check_shell(Block("shell", "python experiments/nosuch.py\n", 1, "x.md"))
    with pytest.raises(AssertionError, match="no notebook"):
        _check_shell(Block("shell", "jupyter execute notebooks/nosuch.ipynb\n", 1, "x.md"))
    with pytest.raises(AssertionError, match="does not know"):
        _check_shell(Block("shell", "rm -rf results\n", 1, "x.md"))


# -- the generated pages -----------------------------------------------------------


def cards_without_entry(page: str) -> list[str]:
    """The cards of the card table that the card index has no entry (heading and text) for."""
    from sim.cards import CARDS

    headings = dict(re.findall(r"^### (.+?) \{ #([a-z0-9-]+) \}$", page, flags=re.M))
    return [c.name for c in CARDS if c.name not in headings or f"> {c.text}" not in page]


def test_every_card_has_an_entry_in_the_card_index():
    from sim.cards import CARDS

    page = gen.cards_page([])
    assert not cards_without_entry(page)
    slugs = re.findall(r"^### .+? \{ #([a-z0-9-]+) \}$", page, flags=re.M)
    assert len(slugs) == len(set(slugs)) == len(CARDS), "an entry too many, or a shared anchor"


def test_a_card_left_out_of_the_index_is_found():
    """The check above can fail: the index with Seaway's entry cut out."""
    page = gen.cards_page([])
    start = page.index("### Seaway")
    cut = page[:start] + page[page.index("###", start + 3):]
    assert cards_without_entry(cut) == ["Seaway"]


def test_card_decisions_come_from_the_engine():
    from sim.engine import codes

    decisions = gen.card_decisions()
    assert "D_CELLAR" in decisions["Cellar"] and "D_ATTACK_DISCARD" in decisions["Militia"]
    assert "D_REMODEL_GAIN" in decisions["Remodel"] and "D_SEAWAY" in decisions["Seaway"]
    assert "D_EXCHANGE" in decisions["Page"] and "D_ACTION" not in decisions["Lost Arts"]
    assert decisions["Copper"] == ["D_TREASURE", "D_BUY", "D_MONEYLENDER"]  # trash a Copper
    every = set(gen.decision_codes())       # the table's and the later sets' modules'
    assert {k for k in vars(codes) if k.startswith("D_")} <= every
    unplaced = every - {d for ds in decisions.values() for d in ds}
    assert not unplaced, f"decisions the card index gives no card: {sorted(unplaced)}"


def test_card_status_counts_and_links_the_tests():
    tests = gen.collect_tests()
    assert len(tests) > 500
    page = gen.cards_page(tests)
    militia = page[page.index("### Militia"):page.index("### Remodel")]
    assert "rulings tested" in militia
    assert "(tests/test_rules_cards.md#" in militia
    pages = gen.test_pages(tests)
    for link in set(re.findall(r"\]\(tests/([a-z0-9_]+)\.md#(\w+)\)", page)):
        text = pages[f"reference/tests/{link[0]}.md"]
        assert f"{{ #{link[1]} }}" in text, f"the card index links a missing test: {link}"


def test_every_library_bot_has_an_entry_in_the_bot_index():
    from bots import builtin_bots

    page = gen.bots_page()
    headings = re.findall(r"^## (\S+) \{ #(\S+) \}$", page, flags=re.M)
    assert [h for h, _ in headings] == [b.name for b in builtin_bots()] + ["general"]
    for bot in builtin_bots():
        assert bot.description in page
    # Figures from the committed experiments reach the bots they measured.
    figures = gen.bot_figures()
    assert any("reference round robin, 2 players" in f for f in figures["smithy-bm"])
    assert any("round robin on board K1" in f for f in figures["lost-arts-seaway"])
    assert any("against bmu" in f for f in figures["throne-room-bm"])


def test_cli_reference_lists_every_command_and_option():
    page = gen.cli_page()
    for name, (parser, _) in gen.cli_commands().items():
        assert f"## domsim {name}" in page
        for action in parser._actions:
            for flag in action.option_strings:
                if flag not in ("-h", "--help"):
                    assert f"`{flag}`" in page, f"domsim {name} {flag} is not in the reference"


def test_state_page_lists_every_name_of_the_layout_with_its_value():
    """docs/reference/state.md names every constant sim.engine.layout defines (what it
    imports aside), with the value the engine uses, under its array's heading."""
    import ast

    import sim.engine.layout as L

    tree = ast.parse(Path(L.__file__).read_text(encoding="utf-8"))
    imported = {a.asname or a.name for n in tree.body if isinstance(n, ast.ImportFrom)
                for a in n.names}
    defined = {n for n, v in vars(L).items()
               if n.isupper() and isinstance(v, int) and n not in imported}
    page = gen.state_page()
    missing = [n for n in sorted(defined) if f"`{n}` = {getattr(L, n)}" not in page]
    assert not missing, f"not on the state page: {missing}"
    listed = set(re.findall(r"`([A-Z][A-Z0-9_]*)` = -?\d+", page))
    assert listed == defined
    sections = re.findall(r"^## (.*)$", page, re.M)
    assert sections == ["State `S`", "Card table and setup `T`", "Random streams `R`",
                        "Bot programs `P`", "Conditions `Q`", "Call tables `H`",
                        "State `S` (continued)"]
    s_rows = page.split("## Card table")[0]
    assert "`HAND_N` =" in page and "`SUPPLY` = " in s_rows and "`N_COLS` = " not in s_rows
    # A bracket outside a code span would read as a Markdown link (``H[H_HOOKS][k - 1]``
    # in a comment broke mkdocs --strict): each one on the page is escaped.
    prose = "".join(re.split(r"`[^`]*`", page))
    assert not re.search(r"(?<!\\)[\[\]]", prose), re.search(r".{20}(?<!\\)[\[\]].{20}", prose)


def test_conditions_page_lists_every_term_the_parser_takes():
    from bots.conditions import TERM_SPECS, parse_condition

    page = gen.conditions_page()
    for spec in TERM_SPECS:
        row = next(ln for ln in page.splitlines() if ln.startswith(f"| `{spec.word}` |"))
        example = re.search(r"\| `([^`]+)` \|$", row)[1]
        parse_condition(example)  # each example is a condition the parser takes


def test_bot_language_page_has_a_section_for_every_key():
    from bots import toml_bot

    page = (DOCS / "reference" / "bot-language.md").read_text(encoding="utf-8")
    sections = re.findall(r"^### `([a-z_]+)`$", page, flags=re.M)
    assert sorted(sections) == sorted(toml_bot.TOP_KEYS)
    for key, fields in toml_bot.RULE_KEYS.items():
        body = page.split(f"### `{key}`")[1].split("###")[0]
        for field in fields:
            assert f"`{field}`" in body, f"[[{key}]]'s {field} is not described"


def test_results_page_lists_every_column_of_a_real_run(tmp_path):
    from sim.analysis.io import load_frame
    from sim.runner import Match

    page = (DOCS / "reference" / "results.md").read_text(encoding="utf-8")
    documented = re.findall(r"^\| `([a-z_<>0-9]+)` \|", page, flags=re.M)
    results = Match("smithy-bm", "bmu", games=20, seed=1).play(processes=1)
    results.save(tmp_path / "r.parquet")
    _, meta = load_frame(tmp_path / "r.parquet")

    def general(col: str) -> str:
        return re.sub(r"_\d$", "_<seat>", re.sub(r"seat\d$", "seat<seat>", col))

    for col in [*results.games.columns, *results.summary().columns, *meta]:
        assert general(col) in documented, f"{col} is not on the results page"


def test_notebooks_import_the_installed_package():
    for nb in (ROOT / "notebooks").glob("*.ipynb"):
        assert "sys.path" not in nb.read_text(encoding="utf-8"), \
            f"{nb.name} changes sys.path: the notebooks import domsim as installed"


# -- the API page -------------------------------------------------------------------

RAW_ROLE = re.compile(r":(class|func|meth|data|mod|attr|exc):`")


def _load_docs_module(name: str):
    spec = importlib.util.spec_from_file_location(name, DOCS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_sphinx_roles_become_cross_references():
    """docs/griffe_roles.py: each role a docstring writes is an optional autoref to the
    object it names, showing the name (its last part with ``~``) as code."""
    roles = _load_docs_module("griffe_roles")
    known = {"State": "sim.env.state.State", "Genome.key": "sim.optimize.space.Genome.key"}
    text = ("A :class:`State`, see :meth:`Genome.key` and :func:`~sim.engine.batch.play_batch`"
            " or :mod:`sim.env` (``x``, :data:`NOPE`).")
    out = roles.convert_roles(text, known.get)
    assert not RAW_ROLE.search(out)
    assert ('<autoref identifier="sim.env.state.State" optional><code>State</code></autoref>'
            in out)
    assert '<autoref identifier="sim.optimize.space.Genome.key" optional>' in out
    assert ('<autoref identifier="sim.engine.batch.play_batch" optional>'
            "<code>play_batch</code></autoref>") in out
    assert '<autoref identifier="NOPE" optional><code>NOPE</code></autoref>' in out
    assert "(``x``," in out


def test_api_page_renders_no_raw_roles(tmp_path):
    """The API page built alone (mkdocstrings with mkdocs.yml's options, strict) shows
    no ``:class:``-style role as text, and links the objects it documents."""
    pytest.importorskip("mkdocstrings_handlers.python")
    import yaml
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    plugin = next(p for p in config["plugins"] if isinstance(p, dict) and "mkdocstrings" in p)
    python = plugin["mkdocstrings"]["handlers"]["python"]
    python["paths"] = [str(ROOT)]
    python["options"]["extensions"] = [
        str(ROOT / e) for e in python["options"].get("extensions", [])]
    docs = tmp_path / "docs"
    (docs / "reference").mkdir(parents=True)
    (docs / "reference" / "api.md").write_text(
        (DOCS / "reference" / "api.md").read_text(encoding="utf-8"), encoding="utf-8")
    mini = {"site_name": "api", "docs_dir": str(docs), "site_dir": str(tmp_path / "site"),
            "strict": True, "use_directory_urls": False, "theme": {"name": "material"},
            "plugins": [plugin], "nav": [{"API": "reference/api.md"}],
            "markdown_extensions": config["markdown_extensions"]}
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump(mini), encoding="utf-8")
    build(load_config(str(tmp_path / "mkdocs.yml")))
    page = (tmp_path / "site" / "reference" / "api.html").read_text(encoding="utf-8")
    assert "sim.env.state.State" in page
    # (Markdown makes the role's `X` a <code> element: ":class:<code>X</code>" on the page.)
    raw = re.findall(r":(?:class|func|meth|data|mod|attr|exc):(?:`|<code>)[^`<]*", page)
    assert not raw, f"{len(raw)} roles printed as text on the API page: {raw[:5]}"
    assert page.count('class="autorefs autorefs-internal"') >= 40


def test_agents_pettingzoo_example_prints_each_agents_reward(tmp_path):
    """The tutorial's AEC loop prints what every seat got (a win is 1 point between the
    winners), not the ``{}`` that ``env.rewards`` holds once every agent has left."""
    import ast

    pytest.importorskip("pettingzoo")
    block = next(b for b in page_blocks("tutorials/agents.md")
                 if b.lang == "python" and "aec_env(" in b.text)
    _, out = exec_python(block, tmp_path / "aec_block.py")
    returns = ast.literal_eval(out.strip().splitlines()[-1])
    assert sorted(returns) == ["player_0", "player_1", "player_2"]
    assert sum(returns.values()) == pytest.approx(1.0)
