"""A griffe extension for the API page: the docstrings' Sphinx roles become links.

domsim's docstrings name other objects the Sphinx way (``:class:`State```,
``:func:`~sim.engine.batch.play_batch```, ``:meth:`Genome.key```, ``:mod:`sim.env```),
which reads well in the source and in ``help()``; mkdocstrings renders docstrings as
Markdown, where a role is plain text, so the API page printed them raw (issue 35.10).
Rewriting the roles across sim/ and bots/ would touch every module for the sake of one
page, so the conversion happens here, when mkdocstrings loads the code (mkdocs.yml
names this file under the Python handler's ``extensions``).

Each role becomes an *optional* autorefs cross-reference, ``<autoref identifier=...
optional><code>...</code></autoref>``: a link where the target is on the site, plain code
where it is not (a private helper, a module, matplotlib), never a broken link, so
``mkdocs build --strict`` does not fail on a docstring naming something the API page
leaves out.  The target is resolved as Python would read the name where the docstring
is (a member, an import of the module, a parent), then taken to the object's canonical
path, which is the one mkdocstrings files the object's anchor under.  ``~`` shows only
the last part of the name, as in Sphinx.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

ROLE = re.compile(r":(?:py:)?(class|func|meth|data|mod|attr|exc|obj|const):`(~?)([^`<>]+)`")


def convert_roles(text: str, resolve: Callable[[str], str | None]) -> str:
    """``text`` with every Sphinx role replaced by an optional cross-reference.

    ``resolve`` takes the name as written (``State``, ``sim.env.Game``, ``Genome.key``)
    and returns the full path of the object it names, or None when it does not know it
    (the name as written is then used: autorefs links it if something has that id).
    """

    def replace(match: re.Match) -> str:
        _, tilde, name = match.groups()
        name = name.strip()
        shown = name.rsplit(".", 1)[-1] if tilde else name
        target = resolve(name) or name
        return (f'<autoref identifier="{html.escape(target)}" optional>'
                f"<code>{html.escape(shown)}</code></autoref>")

    return ROLE.sub(replace, text)


try:  # griffe is there when the docs are built (the docs extra); the function above is not
    import griffe
except ImportError:  # pragma: no cover - griffe missing: only convert_roles is usable
    griffe = None


if griffe is not None:

    def _resolver(obj: griffe.Object, collection) -> Callable[[str], str | None]:
        """Resolve names as the docstring of ``obj`` reads them."""

        def canonical(path: str) -> str:
            try:
                return collection.get_member(path).canonical_path
            except (KeyError, ValueError, griffe.AliasResolutionError, griffe.CyclicAliasError):
                return path

        def resolve(name: str) -> str | None:
            head, _, rest = name.partition(".")
            scope = obj if obj.is_module or obj.is_class else obj.parent
            try:
                found = scope.resolve(head)
            except (griffe.NameResolutionError, AttributeError):
                found = None
            if found is None:
                if not rest:
                    return None
                found = head              # an absolute dotted path: sim.env.Game
            return canonical(f"{found}.{rest}" if rest else found)

        return resolve

    class SphinxRoles(griffe.Extension):
        """Turn the Sphinx roles of every docstring of a loaded package into links."""

        def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader,
                       **kwargs) -> None:
            """Convert once the package is whole (its imports resolve)."""
            seen: set[int] = set()
            stack: list[griffe.Object] = [pkg]
            while stack:
                obj = stack.pop()
                if id(obj) in seen:
                    continue
                seen.add(id(obj))
                if obj.docstring is not None and ROLE.search(obj.docstring.value):
                    obj.docstring.value = convert_roles(
                        obj.docstring.value, _resolver(obj, loader.modules_collection))
                stack.extend(m for m in obj.members.values() if not m.is_alias)
