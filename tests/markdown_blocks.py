"""Fenced code blocks of Markdown pages, and running them as a reader would.

Shared by tests/test_readme.py (README.md) and tests/test_docs.py (docs/**/*.md), so a
block is found, named in failures and run the same way on every page.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import sys
import types
from dataclasses import dataclass
from pathlib import Path

# The quick start's two set-up commands (README.md, docs/index.md): install and run the main
# job on defaults; install the test tools and run the tests. The only commands not run here.
SETUP = (
    "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/domsim tournament",
    'python3 -m venv .venv && .venv/bin/pip install -e ".[test]" && .venv/bin/python -m pytest',
)


@dataclass(frozen=True)
class Block:
    lang: str
    text: str
    line: int  # page line of the opening fence
    page: str = "README.md"

    def where(self) -> str:
        return f"{self.page}:{self.line} ({self.lang or 'no language'} block)"


def code_blocks(text: str, page: str = "README.md") -> list[Block]:
    """The fenced code blocks of a Markdown text, in order (fences at the line start)."""
    blocks, lines = [], text.splitlines()
    i = 0
    while i < len(lines):
        m = re.match(r"^```(.*)$", lines[i])
        if not m:
            i += 1
            continue
        start = i
        i += 1
        while i < len(lines) and lines[i].rstrip() != "```":
            i += 1
        if i == len(lines):
            raise AssertionError(f"{page}:{start + 1}: code block never closed")
        blocks.append(Block(m.group(1).strip(), "\n".join(lines[start + 1:i]) + "\n",
                            start + 1, page))
        i += 1
    return blocks


def commands(block: Block) -> list[str]:
    """The non-empty lines of a shell block."""
    return [ln.strip() for ln in block.text.splitlines() if ln.strip()]


def run_domsim(command: str) -> tuple[int, str, str]:
    """Run one ``domsim ...`` command line in this process: (exit status, stdout, stderr)."""
    from sim.cli import main

    argv = shlex.split(command, comments=True)
    assert argv and argv[0] == "domsim", f"not a domsim command: {command}"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(argv[1:])
    return rc, out.getvalue(), err.getvalue()


def exec_python(block: Block, path: Path, namespace: dict | None = None) -> tuple[dict, str]:
    """Run a python block from a real file (so numba's ``cache=True`` works) in
    ``namespace`` (a fresh module's when None); return the namespace and what it printed.
    A NameError says the block does not run where it stands."""
    path.write_text(block.text, encoding="utf-8")
    module = types.ModuleType(f"block_{path.stem}")
    module.__file__ = str(path)
    ns = module.__dict__ if namespace is None else namespace
    ns.setdefault("__name__", module.__name__)
    sys.modules[module.__name__] = module
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(block.text, str(path), "exec"), ns)  # noqa: S102
    except NameError as exc:
        raise AssertionError(f"{block.where()} does not run where it stands: {exc}") from None
    finally:
        sys.modules.pop(module.__name__, None)
    return ns, out.getvalue()


def python_bots(namespace: dict) -> dict:
    """{name: bot} of the bot objects a namespace holds (not classes)."""
    return {v.name: v for v in namespace.values()
            if hasattr(v, "program") and isinstance(getattr(v, "name", None), str)
            and not isinstance(v, type)}
