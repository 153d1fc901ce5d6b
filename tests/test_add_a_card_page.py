"""The "Add a card" how-to (docs/how-to/add-a-card.md, issue 36 item 5) against the code.

Its excerpts of the source are checked verbatim by tests/test_docs.py (every page's are).
Here: its lists of the files each card touches are the files that name the card today,
and the derivations that keep those lists short hold for a decision added to the table.

"Names the card": the file's code (parsed, so comments and docstrings do not count) holds
an identifier or a string in which the card's name stands as a word, any case, ``_`` or
``-`` for a space: ``"Moneylender"``, ``SP_MONEYLENDER``, ``D_MONEYLENDER``,
``moneylender_trash``.  Looked at: the Python files of ``sim/`` and ``bots/`` (the
library's TOML bots in ``bots/data/`` are data; the tests are the page's step 5).
``OPTIONAL`` below are the files that may name a card without the card needing them to be
played right by every bot; every other file that names it is one it needs.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import re
from collections.abc import Iterator
from pathlib import Path

from sim.engine import codes

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "how-to" / "add-a-card.md"

#: The files that may name a card and are not needed for it to play, and why.
OPTIONAL = {
    "sim/cards/__init__.py": "re-exports each card's id, read from the expansions' "
                             "modules (it names none)",
    "bots/python_bot.py": "a method written out to document a decision; one not written "
                          "is made from the table's record",
    "bots/rules.py": "the rule language's words for a card's calls, choices and gains",
    "bots/library.py": "a library bot that plays the card",
    "sim/optimize/space.py": "the strategy search's categories of cards",
}
LINE = re.compile(r"^- \*\*(?P<card>[^*]+)\*\* \([^)]*\) — needed: (?P<needed>.*?); "
                  r"optional: (?P<optional>.*?)\.$")


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                out.add(id(first.value))
    return out


def code_words(source: str) -> Iterator[str]:
    """The identifiers and the strings (docstrings aside) of a module's code."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            yield node.id
        elif isinstance(node, ast.Attribute):
            yield node.attr
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node.name
        elif isinstance(node, ast.alias):
            yield node.asname or node.name
        elif isinstance(node, (ast.arg, ast.keyword)) and node.arg:
            yield node.arg
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in docs):
            yield node.value


@functools.cache
def _sources(root: Path) -> dict[str, frozenset[str]]:
    """{path: its code's words} of the Python files of ``sim/`` and ``bots/`` (read once)."""
    out = {}
    for top in ("sim", "bots"):
        for path in (root / top).rglob("*.py"):
            if "__pycache__" not in path.parts:
                words = code_words(path.read_text(encoding="utf-8"))
                out[path.relative_to(root).as_posix()] = frozenset(words)
    return out


def files_naming(card: str, root: Path = ROOT) -> set[str]:
    """The Python files of ``sim/`` and ``bots/`` under ``root`` whose code names ``card``."""
    words = [re.escape(w) for w in card.lower().split()]
    name = re.compile(r"(?<![a-z0-9])" + "[ _-]".join(words) + r"(?![a-z0-9])", re.I)
    return {f for f, code in _sources(root).items() if any(map(name.search, code))}


def page_lists(text: str) -> dict[str, tuple[list[str], list[str]]]:
    """{card: (needed files, optional files)} of the page's "The files, card by card"
    (each item one paragraph, its lines joined)."""
    section = text.split("## The files, card by card", 1)[1].split("\n## ", 1)[0]
    items = re.sub(r"\n  +", " ", section).splitlines()
    out = {}
    for m in filter(None, map(LINE.match, items)):
        out[m["card"]] = (re.findall(r"`([^`]+)`", m["needed"]),
                          re.findall(r"`([^`]+)`", m["optional"]))
    return out


def list_errors(text: str, root: Path = ROOT) -> list[str]:
    """Where the page's lists and the code disagree."""
    errors = []
    for card, (needed, optional) in page_lists(text).items():
        named = files_naming(card, root)
        want_needed = named - set(OPTIONAL)
        want_optional = named & set(OPTIONAL)
        if set(needed) != want_needed or len(needed) != len(set(needed)):
            errors.append(f"{card}: needed {sorted(needed)}, the code: {sorted(want_needed)}")
        if set(optional) != want_optional:
            errors.append(f"{card}: optional {sorted(optional)}, "
                          f"the code: {sorted(want_optional)}")
    return errors


def test_the_pages_file_lists_are_the_files_that_name_each_card():
    text = PAGE.read_text(encoding="utf-8")
    lists = page_lists(text)
    assert list(lists) == ["Festival", "Moneylender", "Raze", "Amulet", "Ratcatcher", "Alms"]
    assert not list_errors(text)
    # The worked example is two files (issue 36 made it four, issue 47's table of defaults
    # three: its default answer is a pattern its record names; then two: the set lists its
    # questions, the table numbers them, its function reads the code with code_of).
    assert lists["Moneylender"][0] == ["sim/cards/base.py", "sim/engine/base_set.py"]
    assert lists["Festival"][0] == ["sim/cards/base.py"]


def test_a_stale_list_is_found(tmp_path):
    """The check above can fail: a file dropped from a list, and a file that starts naming
    the card."""
    text = PAGE.read_text(encoding="utf-8")
    dropped = text.replace("`sim/engine/base_set.py`; optional", "; optional", 1)
    assert any(e.startswith("Moneylender: needed") for e in list_errors(dropped))
    for top in ("sim", "bots"):
        (tmp_path / top).mkdir()
    (tmp_path / "sim" / "festival.py").write_text("FESTIVAL_BONUS = 2\n", encoding="utf-8")
    only = text.split("## The files, card by card")[0] + (
        "## The files, card by card\n\n- **Festival** (x) — needed: `sim/cards/base.py`; "
        "optional: `bots/library.py`.\n")
    assert list_errors(only, tmp_path) == [
        "Festival: needed ['sim/cards/base.py'], the code: ['sim/festival.py']",
        "Festival: optional ['bots/library.py'], the code: []"]


def test_the_name_finder_reads_code_not_comments(tmp_path):
    for top in ("sim", "bots"):
        (tmp_path / top).mkdir()
    files = {
        "sim/a.py": '"""Caravan Guard in a docstring."""\n# Caravan Guard in a comment\nx = 1\n',
        "sim/b.py": "def f():\n    return CARAVAN_GUARD\n",
        "sim/c.py": 'NAMES = ("caravan-guard",)\n',
        "bots/d.py": "def caravan_guard_react(self, view):\n    return None\n",
        "bots/e.py": "CARAVAN_GUARDS = 2  # another word\n",
    }
    for rel, source in files.items():
        (tmp_path / rel).write_text(source, encoding="utf-8")
    assert files_naming("Caravan Guard", tmp_path) == {"sim/b.py", "sim/c.py", "bots/d.py"}


# -- the derivations that keep the lists short --------------------------------------


def test_a_new_decision_gets_its_python_bot_method():
    """A record added to the table gives PythonBot its method (DEFAULT, the record's
    question as docstring, skipped by the engine's bridge): bots/python_bot.py is not a
    file a new card must touch."""
    n = len(codes.DECISIONS)
    try:
        codes.decision("trash with a new card", "new_card_trash", asked=codes.ASK_TURN,
                       answer=codes.ANS_CARD, domain=codes.DOM_HAND,
                       none=codes.NONE_ALWAYS, default=codes.DEF_TRASH_JUNK,
                       text="Which card do you trash, if any?")
        spec = importlib.util.spec_from_file_location("fresh_python_bot",
                                                      ROOT / "bots" / "python_bot.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        del codes.DECISIONS[n:]
    method = module.PythonBot.new_card_trash
    assert method(module.PythonBot(), None) is module.DEFAULT
    assert method.defers_to_fallback
    assert method.__doc__ == "Which card do you trash, if any? Answer: a card name or None."
    # The methods written out keep their own docstrings; one not written (Moneylender's)
    # takes its question from the record.
    assert "(at most 4)" in module.PythonBot.chapel_trash.__doc__
    assert module.PythonBot.moneylender_trash.__doc__.startswith(
        "Do you trash a Copper from your hand for +$3?")


def test_the_search_reads_each_answer_as_the_table_says():
    """The search's answer-to-action (compiled) is the table's: each decision's kind of
    answer, so sim/env/search.py is not a file a new decision must touch."""
    from sim.env.actions import action_of_answer as from_table
    from sim.env.search import action_of_answer

    for d in range(codes.N_DECISIONS):
        for r in (-1, 0, 1, 2, 3, 40):
            assert action_of_answer(r, d) == from_table(r, d), (codes.DECISION_NAMES[d], r)


def test_every_special_code_has_its_function():
    """A row's special code with no function in the engine's table would be a card with
    no text, silently; and two expansions' tables sharing a code would hide one function.
    The cards without a function are those whose text the engine applies elsewhere: Moat's
    reaction (attacks), Gardens (scoring), Page and Peasant (exchanged in Cleanup), Port
    (on buy), Lost City (on gain)."""
    import importlib

    from sim.cards import CARDS, SETS
    from sim.engine import cardcalls

    tables = [importlib.import_module(m).CARD_TEXT for s in SETS for m in s.engine]
    assert len(cardcalls.CARD_TEXT) == sum(map(len, tables)), "a special code used twice"
    without = [c.name for c in CARDS if c.special and c.special not in cardcalls.CARD_TEXT]
    assert without == ["Moat", "Gardens", "Page", "Peasant", "Port", "Lost City"]
    assert all(any(c.special == code for c in CARDS) for code in cardcalls.CARD_TEXT)



def test_the_made_up_set_touches_no_file_of_domsim():
    """Issue 47, item 7: the test-only set (tests/cardset_proof) is the places the page's
    "A new set" names, its module of rows and its module of functions: no file of
    ``sim/`` or ``bots/`` names any of its cards or questions, and the page shows its
    CardSet."""
    for name in ("Proof Peddler", "Proof Lender", "Proof Almanac", "Proof"):
        assert files_naming(name) == set(), name
    proof = ROOT / "tests" / "cardset_proof"
    assert {p.name for p in proof.glob("*.py")} == {
        "__init__.py", "conftest.py", "cards.py", "texts.py", "test_proof_set.py"}
    text = PAGE.read_text(encoding="utf-8")
    section = text.split("## A new set", 1)[1].split("\n## ", 1)[0]
    assert "# tests/cardset_proof/cards.py\nCARD_SET = CardSet(" in section
    assert "`BUILT_IN` (`sim/cards/sets.py`)" in section
