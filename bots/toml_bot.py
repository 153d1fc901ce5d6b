"""Load a rule bot from a TOML file.

The file is parsed as data (``tomllib``) and compiled through :class:`RuleBot`, so
a TOML bot and the same bot written in Python give the same program.  Format::

    name = "smithy-bm"
    description = "Big Money with one Smithy per 11 treasures"
    avoid_losing_end = true          # or end_only_when_winning (see RuleBot)
    play = ["Smithy"]
    discard = ["Province", ["Duchy", "Estate"], "Copper"]   # [..]: cards that tie
    topdeck = ["Gold", "Silver"]     # Harbinger takes back, Artisan puts back, Sentry's top
    sentry_discard = ["Estate", "Copper"]   # Sentry discards these (default: Victory, Curse)
    [[buy]]
    card = "Province"
    if = ["money > 15"]
    [[remodel]]
    from = "Estate"
    to = "Silver"

Every mistake (unknown key, card or condition word, wrong value type) raises
:class:`BotFileError` whose message is ``file:line: ...`` and names the word.
TOML does not keep line numbers, so the line is found by searching the raw text
for the word, starting at the table it belongs to: approximate, but close.
"""

from __future__ import annotations

import re
from os import PathLike
from pathlib import Path

import tomllib

from bots.errors import BotError, BotFileError
from bots.rules import Buy, Gain, Mine, Remodel, RuleBot, parse_condition

FLAG_KEYS = ("avoid_losing_end", "end_only_when_winning", "excess_terminals_first",
             "reveal_moat", "mine_always")
CARD_LIST_KEYS = ("play", "discard", "trash", "cellar", "topdeck", "sentry_discard")
RULE_KEYS = {"buy": ("card", "if"), "gain": ("card", "if"),
             "remodel": ("from", "to", "if"), "mine": ("from", "to", "if")}
TOP_KEYS = ("name", "description", *FLAG_KEYS, *CARD_LIST_KEYS, *RULE_KEYS)
_MAKERS = {"buy": Buy, "gain": Gain, "remodel": Remodel, "mine": Mine}


class _Source:
    """The raw text, for finding the line a key or word is on."""

    def __init__(self, text: str, path: str) -> None:
        self.lines = text.splitlines()
        self.path = path

    def find(self, word: str | None, start: int = 1) -> int | None:
        """First line (1-based, from ``start``) holding ``word``; exact case first."""
        if not word:
            return None
        for fold in (False, True):
            w = word.lower() if fold else word
            for i in range(max(start, 1) - 1, len(self.lines)):
                line = self.lines[i].lower() if fold else self.lines[i]
                if w in line:
                    return i + 1
        return None if start <= 1 else self.find(word, 1)

    def key(self, key: str, start: int = 1) -> int | None:
        """Line of ``key = ...`` or a ``[key]`` / ``[[key]]`` header."""
        k = re.escape(key)
        pat = re.compile(rf'^\s*(("{k}"|\'{k}\'|{k})\s*=|\[\[?\s*{k}\s*\]\]?)')
        for i in range(max(start, 1) - 1, len(self.lines)):
            if pat.match(self.lines[i]):
                return i + 1
        return None

    def tables(self, key: str) -> list[int]:
        """Header lines of each ``[[key]]`` table, in order."""
        pat = re.compile(rf"^\s*\[\[\s*{re.escape(key)}\s*\]\]")
        return [i + 1 for i, line in enumerate(self.lines) if pat.match(line)]

    def error(self, message: str, word: str | None, line: int | None) -> BotFileError:
        where = f"{self.path}:{line}" if line else self.path
        return BotFileError(f"{where}: {message}", word=word, path=self.path, line=line)


def _check_str_list(src: _Source, key: str, value: object, line: int | None) -> list[str]:
    if isinstance(value, str):
        value = [value] if key == "if" else value
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise src.error(f"{key!r} must be a list of strings, got {value!r}", key, line)
    return value


def _rules(src: _Source, data: dict, key: str) -> list:
    tables = data.get(key, [])
    headers = src.tables(key)
    key_line = src.key(key)
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise src.error(f"{key!r} must be tables written [[{key}]]", key, key_line)
    rules = []
    for i, table in enumerate(tables):
        start = headers[i] if i < len(headers) else (key_line or 1)
        for k in table:
            if k not in RULE_KEYS[key]:
                raise src.error(f"unknown key {k!r} in [[{key}]] (known: "
                                f"{', '.join(RULE_KEYS[key])})", k, src.key(k, start))
        cards = [name for name in RULE_KEYS[key] if name != "if"]
        for name in cards:
            if name not in table:
                raise src.error(f"[[{key}]] rule #{i + 1} has no {name!r}", key, start)
            if not isinstance(table[name], str):
                raise src.error(f"{name!r} must be a card name, got {table[name]!r}", name,
                                src.key(name, start))
        texts = _check_str_list(src, "if", table.get("if", []), src.key("if", start))
        conds = []
        for text in texts:
            try:
                conds.append(parse_condition(text))
            except BotError as e:
                # The condition's own line first: its word may also occur earlier.
                line = src.find(text, start) or src.find(e.word, start)
                raise src.error(str(e), e.word, line) from None
        try:
            rules.append(_MAKERS[key](*(table[name] for name in cards), *conds))
        except BotError as e:
            raise src.error(str(e), e.word, src.find(e.word, start)) from None
    return rules


def loads_bot(text: str, path: str = "<string>") -> RuleBot:
    """Build a :class:`RuleBot` from TOML text; ``path`` is only used in messages."""
    src = _Source(text, path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        raise src.error(f"invalid TOML: {e}", None, int(m.group(1)) if m else None) from None
    for k in data:
        if k not in TOP_KEYS:
            raise src.error(f"unknown key {k!r} (known keys: {', '.join(TOP_KEYS)})", k,
                            src.key(k) or src.find(k))
    kwargs: dict = {}
    for k in ("name", "description"):
        if k in data and not isinstance(data[k], str):
            raise src.error(f"{k!r} must be a string, got {data[k]!r}", k, src.key(k))
    if "name" not in data:
        raise src.error("missing 'name' (a lower-case bot name like \"smithy-bm\")", "name", 1)
    for k in FLAG_KEYS:
        if k in data:
            if not isinstance(data[k], bool):
                raise src.error(f"{k!r} must be true or false, got {data[k]!r}", k, src.key(k))
            kwargs[k] = data[k]
    for k in CARD_LIST_KEYS:
        if k in data:
            if k == "discard":   # items may be lists of cards that tie
                value = data[k]
                ok = isinstance(value, list) and all(
                    isinstance(v, str) or (isinstance(v, list) and
                                           all(isinstance(x, str) for x in v))
                    for v in value)
                if not ok:
                    raise src.error(f"'discard' must be a list of card names or lists of "
                                    f"card names that tie, got {value!r}", k, src.key(k))
                kwargs[k] = value
            else:
                kwargs[k] = _check_str_list(src, k, data[k], src.key(k))
    for k in RULE_KEYS:
        kwargs[k] = _rules(src, data, k)
    try:
        return RuleBot(data["name"], data.get("description", ""), **kwargs)
    except BotError as e:
        # A card in a list, or the name: search from the key that holds it.
        start = next((src.key(k) for k in (*CARD_LIST_KEYS, "name")
                      if k in data and src.key(k) and e.word and e.word in str(data[k])), 1)
        raise src.error(str(e), e.word, src.find(e.word, start or 1)) from None


def load_bot_file(path: str | PathLike) -> RuleBot:
    """Load a bot from a ``.toml`` file; errors are :class:`BotFileError`."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise BotFileError(f"{p}: cannot read bot file: {e}", word=str(p), path=str(p)) from None
    return loads_bot(text, str(p))
