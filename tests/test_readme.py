"""Every code block of README.md runs as printed.

The blocks are taken from the README itself (fenced, by language tag), so a
block added or edited later is checked without touching this file:

* ``python`` blocks run in order, each on its own in a fresh namespace (a reader
  copies one block), in a temporary working directory (each block from a real
  file there, so numba's ``cache=True`` works);
* ``toml`` blocks are bot files: each loads with ``bots.load_bot_file``, and
  when a Python block defined a bot of the same name the two must compile to
  the same program (the README calls them "the same bot");
* ``sh`` blocks are ``domsim`` command lines, run in order through
  ``sim.cli.main`` (in-process) in one temporary working directory, each
  expected to exit 0 and print something.

The only block not run is the Quick start's set-up (a venv and ``pip install``):
it must be exactly the two commands in ``SETUP``.  A block with any other
language tag, or none, fails the suite: it would otherwise go unchecked.
"""

from __future__ import annotations

import os
import re
import shlex
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

pytestmark = pytest.mark.timeout(900)
ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
LANGUAGES = ("python", "toml", "sh")


def readme_blocks(text: str) -> list[Block]:
    """The fenced code blocks of a Markdown text, in order."""
    return code_blocks(text, "README.md")


BLOCKS = readme_blocks(README.read_text(encoding="utf-8"))


def _is_setup(block: Block) -> bool:
    return block.lang == "sh" and tuple(commands(block)) == SETUP


def test_blocks_are_found_and_parsed():
    assert readme_blocks("a\n```python\nx = 1\n```\n```toml\n```\n") == [
        Block("python", "x = 1\n", 2), Block("toml", "\n", 5)]
    with pytest.raises(AssertionError, match="never closed"):
        readme_blocks("```sh\ndomsim bots\n")
    langs = [b.lang for b in BLOCKS]
    for lang in LANGUAGES:
        assert lang in langs, f"README has no {lang} block"


def test_every_block_has_a_language_this_test_runs():
    unknown = [b.where() for b in BLOCKS if b.lang not in LANGUAGES]
    assert not unknown, f"blocks this test cannot run (tag them {LANGUAGES}): {unknown}"


def test_only_the_setup_commands_are_exempt():
    """One block is not run: the Quick start's two set-up commands, exactly."""
    setup = [b for b in BLOCKS if _is_setup(b)]
    assert len(setup) == 1, "the Quick start must hold exactly the two set-up commands"
    assert BLOCKS.index(setup[0]) == 0, "the set-up commands come first"
    for b in BLOCKS:
        if b.lang == "sh" and not _is_setup(b):
            for cmd in commands(b):
                assert cmd.startswith("domsim "), f"{b.where()}: not a domsim command: {cmd}"


def test_readme_starts_with_its_title_and_stays_inside_the_repository():
    text = README.read_text(encoding="utf-8")
    assert text.startswith("# domsim\n\n"), "the title comes first"
    assert "../" not in text, "README points outside the repository"
    # Every repository path it names (in backticks) exists; `<...>` marks a placeholder.
    for path in re.findall(r"`((?:sim|bots|tests|experiments|notebooks)/[^`\s<]*)`", text):
        assert list(ROOT.glob(path)), f"README names {path}, which does not exist"
    assert 'pip install -e ".[dask]"' in text


# -- running the blocks ----------------------------------------------------------

@pytest.fixture(scope="module")
def python_namespace(tmp_path_factory):
    """Run every python block on its own, in order, each in a fresh namespace (a reader
    copies one block, not the page: a block that needs an earlier one fails with
    NameError); return the namespaces merged (for the bots they define) and the folder."""
    work = tmp_path_factory.mktemp("readme-python")
    merged: dict = {"_outputs": []}
    cwd = os.getcwd()
    os.chdir(work)
    try:
        for k, b in enumerate(x for x in BLOCKS if x.lang == "python"):
            ns, out = exec_python(b, work / f"readme_block_{k}_line_{b.line}.py")
            merged.update({n: v for n, v in ns.items() if not n.startswith("__")})
            merged["_outputs"].append((b, out))
    finally:
        os.chdir(cwd)
    return merged, work


def test_python_blocks_run(python_namespace):
    ns, work = python_namespace
    assert len(ns["_outputs"]) == sum(b.lang == "python" for b in BLOCKS)
    for b, out in ns["_outputs"]:
        if "print(" in b.text:
            assert out.strip(), f"{b.where()} printed nothing"
    from sim.analysis.results import Results

    saved = [p for p in work.iterdir() if p.suffix == ".parquet"]
    for p in saved:
        assert Results.load(p).complete


def test_toml_blocks_are_the_python_bots(python_namespace, tmp_path):
    from bots import load_bot_file
    from bots.rules import programs_equal

    ns, _ = python_namespace
    bots_defined = python_bots(ns)
    paired = 0
    for b in (x for x in BLOCKS if x.lang == "toml"):
        path = tmp_path / f"line_{b.line}.toml"
        path.write_text(b.text, encoding="utf-8")
        bot = load_bot_file(path)
        twin = bots_defined.get(bot.name)
        if twin is not None:
            assert programs_equal(bot.program(), twin.program()), \
                f"{b.where()}: {bot.name} is not the same bot as the Python one"
            assert [str(r) for r in bot.rules()] == [str(r) for r in twin.rules()]
            paired += 1
    assert paired, "no TOML block names a bot that a python block defines"


def test_programs_equal_sees_a_missing_rule():
    """The comparison above can fail: a TOML bot with one rule fewer differs."""
    from bots.rules import programs_equal
    from bots.toml_bot import loads_bot

    toml = next(b for b in BLOCKS if b.lang == "toml").text
    full = loads_bot(toml)
    cut = loads_bot(toml.replace('[[buy]]\ncard = "Gold"\n', ""))
    assert len(cut.rules()) == len(full.rules()) - 1
    assert not programs_equal(full.program(), cut.program())


def test_cli_blocks_run(tmp_path):
    cwd = os.getcwd()
    os.chdir(tmp_path)
    ran = []
    try:
        for b in BLOCKS:
            if b.lang != "sh" or _is_setup(b):
                continue
            for cmd in commands(b):
                rc, out, err = run_domsim(cmd)
                assert rc == 0, f"{b.where()}: `{cmd}` exited {rc}: {err}"
                assert out.strip(), f"{b.where()}: `{cmd}` printed nothing"
                ran.append(shlex.split(cmd, comments=True))
    finally:
        os.chdir(cwd)
    assert ran
    # The files the README says these commands leave behind.
    if ["domsim", "tournament"] in ran:
        assert (tmp_path / "results" / "tournament.parquet").is_file()
        charts = tmp_path / "results" / "tournament-charts"
        assert (charts / "win_rates.png").is_file() and (charts / "win_rates.svg").is_file()
