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

Adventures keys (see :class:`bots.rules.RuleBot`)::

    [[buy]]
    card = "Lost Arts"               # an Event, in the same list as cards
    [[gain]]
    card = "Gold"
    by = "Ball"                      # only for gains Ball makes
    [[call]]
    card = "Royal Carriage"
    on = ["Laboratory", "Market"]    # the Action just resolved (Duplicate: the card gained)
    if = ["actions == 0"]
    [[exchange]]
    card = "Page"                    # exchange it; keep = true: do not
    [[transmogrify]]
    from = "Estate"
    to = "Silver"
    [[choose]]
    card = "Miser"
    option = "coins"
    if = ["turn <= 8"]
    teacher_tokens = ["+1 Card", "+1 Action"]
    gear = ["Gold"]                  # also save, trade, start, disciple
    [tokens]
    "+1 Action" = ["Lost City"]

A file with no ``[[buy]]`` rules loads with a :class:`BotWarning` (the bot would never
buy a card) unless it says ``buys_nothing = true``.

``play``, ``gear`` and ``disciple`` entries may carry conditions (``bots.rules.When``):
the list is then written as tables, one per entry in order, ``if`` optional::

    [[play]]
    card = "Ranger"
    if = ["journey_up == 0"]         # played only when its Journey token is face down
    [[play]]
    card = "Smithy"

Every mistake (unknown key, card or condition word, wrong value type) raises
:class:`BotFileError` whose message is ``file:line: ...`` and names the word.
TOML does not keep line numbers, so the line is found by searching the raw text
for the word, starting at the table it belongs to: approximate, but close.
"""

from __future__ import annotations

import re
import warnings
from os import PathLike
from pathlib import Path

import tomllib

from bots.errors import BotError, BotFileError, BotWarning
from bots.rules import (
    Buy,
    Call,
    Choose,
    Exchange,
    Gain,
    Keep,
    Mine,
    Remodel,
    RuleBot,
    Transmogrify,
    When,
    entry_list,
    parse_condition,
)

FLAG_KEYS = ("avoid_losing_end", "end_only_when_winning", "excess_terminals_first",
             "reveal_moat", "mine_always")
CARD_LIST_KEYS = ("play", "discard", "trash", "cellar", "topdeck", "sentry_discard",
                  "gear", "save", "trade", "start", "disciple")
# Card lists whose entries may be tables {card, if} (bots.rules.When).
ENTRY_LIST_KEYS = ("play", "gear", "disciple")
ENTRY_KEYS = ("card", "if")
# Each rule table: its keys (all but "if" and the optional ones are required).
RULE_KEYS = {"buy": ("card", "if"), "gain": ("card", "by", "if"),
             "remodel": ("from", "to", "if"), "mine": ("from", "to", "if"),
             "call": ("card", "on", "if"), "exchange": ("card", "keep", "if"),
             "transmogrify": ("from", "to", "if"), "choose": ("card", "option", "if")}
OPTIONAL_KEYS = {"by", "on", "keep", "if"}
# The RuleBot argument each rule table fills.
RULE_ARGS = {"buy": "buy", "gain": "gain", "remodel": "remodel", "mine": "mine",
             "call": "calls", "exchange": "exchange", "transmogrify": "transmogrify",
             "choose": "choose"}
OTHER_KEYS = ("tokens", "teacher_tokens")
# Says that a bot without [[buy]] rules is meant (it never buys a card); without it
# such a file loads with a BotWarning: a forgotten or misnamed buy list is a likely slip.
NO_BUY_KEY = "buys_nothing"
# A search bot's file (sim.env.mcts): its name, description and a [search] table of
# settings, nothing else (its playout bot plays the rest: ``playout = "..."``).
SEARCH_KEY = "search"
TOP_KEYS = ("name", "description", *FLAG_KEYS, *CARD_LIST_KEYS, *RULE_KEYS, *OTHER_KEYS,
            NO_BUY_KEY, SEARCH_KEY)


def _make_rule(key: str, table: dict, conds: list):
    """The rule (or, for ``call`` with a list ``on``, rules) one TOML table means."""
    if key == "buy":
        return Buy(table["card"], *conds)
    if key == "gain":
        return Gain(table["card"], *conds, by=table.get("by"))
    if key == "remodel":
        return Remodel(table["from"], table["to"], *conds)
    if key == "mine":
        return Mine(table["from"], table["to"], *conds)
    if key == "transmogrify":
        return Transmogrify(table["from"], table["to"], *conds)
    if key == "call":
        return Call(table["card"], *conds, on=table.get("on"))
    if key == "exchange":
        return (Keep if table.get("keep", False) else Exchange)(table["card"], *conds)
    return Choose(table["card"], table["option"], *conds)


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


def _conditions(src: _Source, table: dict, start: int) -> list:
    """The parsed ``if`` list of a rule or list-entry table starting at line ``start``."""
    texts = _check_str_list(src, "if", table.get("if", []), src.key("if", start))
    conds = []
    for text in texts:
        try:
            conds.append(parse_condition(text))
        except BotError as e:
            # The condition's own line first: its word may also occur earlier.
            line = src.find(text, start) or src.find(e.word, start)
            raise src.error(str(e), e.word, line) from None
    return conds


def _entries(src: _Source, key: str, value: object) -> list:
    """A ``play`` / ``gear`` / ``disciple`` list: card names, or tables ``{card, if}``
    (``[[play]]``, or inline) for entries with conditions."""
    key_line = src.key(key)
    if not isinstance(value, list) or not all(isinstance(v, (str, dict)) for v in value):
        raise src.error(f"{key!r} must be a list of card names, or tables [[{key}]] with a "
                        f"card and an optional if, got {value!r}", key, key_line)
    headers = src.tables(key)
    out: list = []
    n_table = 0
    for i, item in enumerate(value):
        if isinstance(item, str):
            out.append(item)
            _check_entries(src, key, out, key_line or 1)
            continue
        start = headers[n_table] if n_table < len(headers) else (key_line or 1)
        n_table += 1
        for k in item:
            if k not in ENTRY_KEYS:
                raise src.error(f"unknown key {k!r} in [[{key}]] (known: "
                                f"{', '.join(ENTRY_KEYS)})", k, src.key(k, start))
        if "card" not in item:
            raise src.error(f"[[{key}]] entry #{i + 1} has no 'card'", key, start)
        if not isinstance(item["card"], str):
            raise src.error(f"'card' must be a card name, got {item['card']!r}", "card",
                            src.key("card", start))
        conds = _conditions(src, item, start)
        try:
            out.append(When(item["card"], *conds))
        except BotError as e:
            raise src.error(str(e), e.word, src.find(e.word, start)) from None
        _check_entries(src, key, out, start)
    return out


def _check_entries(src: _Source, key: str, entries: list, start: int) -> None:
    """The list so far is valid (a card listed again after an entry without conditions
    is not): checked as each entry is added, so the error names the entry's line."""
    try:
        entry_list(entries, key)
    except BotError as e:
        raise src.error(str(e), e.word, src.find(e.word, start)) from None


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
        for name in RULE_KEYS[key]:
            if name == "if":
                continue
            if name not in table:
                if name in OPTIONAL_KEYS:
                    continue
                raise src.error(f"[[{key}]] rule #{i + 1} has no {name!r}", key, start)
            value = table[name]
            if name == "keep":
                if not isinstance(value, bool):
                    raise src.error(f"'keep' must be true or false, got {value!r}", name,
                                    src.key(name, start))
            elif name == "on":
                if not (isinstance(value, str) or (isinstance(value, list) and value and all(
                        isinstance(v, str) for v in value))):
                    raise src.error(f"'on' must be a card name or a list of card names, got "
                                    f"{value!r}", name, src.key(name, start))
            elif not isinstance(value, str):
                what = "an option name" if name == "option" else "a card name"
                raise src.error(f"{name!r} must be {what}, got {value!r}", name,
                                src.key(name, start))
        conds = _conditions(src, table, start)
        try:
            made = _make_rule(key, table, conds)
        except BotError as e:
            raise src.error(str(e), e.word, src.find(e.word, start)) from None
        rules.extend(made if isinstance(made, list) else [made])
    return rules


def _tokens(src: _Source, value: object) -> dict:
    """The ``[tokens]`` table: token name -> list of piles."""
    line = src.key("tokens")
    if not isinstance(value, dict):
        raise src.error(f"'tokens' must be a table [tokens] of token = [piles], got {value!r}",
                        "tokens", line)
    for name, piles in value.items():
        where = src.find(name, line or 1)
        if not isinstance(piles, list) or not all(isinstance(v, str) for v in piles):
            raise src.error(f"tokens: {name!r} must be a list of pile names, got {piles!r}",
                            name, where)
    return value


def _search_bot(src: _Source, data: dict):
    """The search bot (sim.env.mcts.MCTSBot) of a file with a [search] table."""
    from bots.providers import provided

    (MCTSBot,) = provided("search", "bot")
    others = [k for k in data if k not in ("name", "description", SEARCH_KEY)]
    if others:
        raise src.error(f"a search bot file takes only name, description and [search] (its "
                        f"playout bot plays the rest: search.playout), not {others[0]!r}",
                        others[0], src.key(others[0]))
    table = data[SEARCH_KEY]
    line = src.key(SEARCH_KEY) or src.find("[search]")
    if not isinstance(table, dict):
        raise src.error("'search' must be a table ([search] with key = value lines)",
                        SEARCH_KEY, line)
    if "prior" in table:    # the search on a learned policy (sim.learn.puct)
        (MCTSBot,) = provided("puct", "bot")
    try:
        return MCTSBot(data["name"], data.get("description") or None, **table)
    except (ValueError, TypeError) as e:
        word = next((k for k in table if repr(k) in str(e)), None)
        raise src.error(str(e), word, src.find(word, line or 1) if word else line) from None


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
    if SEARCH_KEY in data:
        return _search_bot(src, data)
    for k in (*FLAG_KEYS, NO_BUY_KEY):
        if k in data:
            if not isinstance(data[k], bool):
                raise src.error(f"{k!r} must be true or false, got {data[k]!r}", k, src.key(k))
            if k != NO_BUY_KEY:
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
            elif k in ENTRY_LIST_KEYS:
                kwargs[k] = _entries(src, k, data[k])
            else:
                kwargs[k] = _check_str_list(src, k, data[k], src.key(k))
    for k in RULE_KEYS:
        kwargs[RULE_ARGS[k]] = _rules(src, data, k)
    if "teacher_tokens" in data:
        kwargs["teacher_tokens"] = _check_str_list(src, "teacher_tokens", data["teacher_tokens"],
                                                   src.key("teacher_tokens"))
    if "tokens" in data:
        kwargs["tokens"] = _tokens(src, data["tokens"])
    if not kwargs["buy"] and not data.get(NO_BUY_KEY, False):
        warnings.warn(BotWarning(f"{path}: bot {data['name']!r} has no [[buy]] rules, so it "
                                 f"never buys a card (say {NO_BUY_KEY} = true if that is "
                                 f"meant)"), stacklevel=2)
    try:
        return RuleBot(data["name"], data.get("description", ""), **kwargs)
    except BotError as e:
        # A card in a list, or the name: search from the key that holds it.
        start = next((src.key(k) for k in (*CARD_LIST_KEYS, *OTHER_KEYS, "name")
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
