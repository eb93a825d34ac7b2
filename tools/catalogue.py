"""Extract every message a player can see into gadget/locale/gadget.pot, bring each
language's catalogue up to date with it, and compile the catalogues (`make catalogues`).

Messages are found by Babel in the code: gettext calls (`_`, `gettext`, `ngettext`,
`pgettext`), the errors every layer raises (each GadgetError subclass takes its English
template first) and `Message`/`plural`; plus the words that live in data: the mission map's
city names (context "city") and the colours' names.
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import pkgutil
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

import gadget
from gadget.engine import Colour, GadgetError
from gadget.language import DOMAIN, LOCALE_FOLDER, catalogue_path, codes
from gadget.missions import MissionState

ROOT = Path(gadget.__file__).resolve().parent
TEMPLATE = LOCALE_FOLDER / f"{DOMAIN}.pot"


def _error_classes() -> set[str]:
    """Every GadgetError subclass in the code (importing each module finds them all)."""
    for module in pkgutil.walk_packages([str(ROOT)], "gadget."):
        importlib.import_module(module.name)
    found: set[str] = set()
    stack: list[type] = [GadgetError]
    while stack:
        cls = stack.pop()
        found.add(cls.__name__)
        stack.extend(cls.__subclasses__())
    return found


def template() -> Catalog:
    """The catalogue of every message id, as found in the code and the data today."""
    keywords = dict(DEFAULT_KEYWORDS)
    keywords["Message"] = None
    keywords["plural"] = (1, 2)
    catalog = Catalog(project="Gadget", domain=DOMAIN, charset="utf-8")
    # A second pass without the errors: Babel 2.19 skips a keyword call inside another whose
    # first argument is not a string (a Message in a MapError's list).
    for names in (keywords | dict.fromkeys(_error_classes()), keywords):
        for filename, lineno, message, comments, context in extract_from_dir(
            ROOT,
            method_map=[("**.py", "python")],
            keywords=names,
            comment_tags=("Translators:",),
            strip_comment_tags=True,
        ):
            if message and (message[0] if isinstance(message, tuple) else message):
                catalog.add(
                    message,
                    locations=[(f"gadget/{filename}", lineno)],
                    auto_comments=comments,
                    context=context,
                )
    data = json.loads((ROOT / "missions" / "data" / "mission-map.json").read_text("utf-8"))
    catalog.add(data["name"], context="map", locations=[("mission-map.json", 0)])
    for mission in data["missions"]:
        catalog.add(mission["name"], context="city", locations=[("mission-map.json", 0)])
    for colour in Colour:
        catalog.add(colour.label, locations=[("gadget/engine/keycard.py", 0)])
    for kind in ("agent", "assassin", "bystander"):  # a cell's colour, said on the card
        catalog.add(kind, context="cell", locations=[("gadget/views/parts/keycard.py", 0)])
    for state in MissionState:  # a city's state on the map and its card
        catalog.add(state.value, context="mission", locations=[("gadget/missions/progress.py", 0)])
    # argparse's own words (usage:, the errors it finds): the command line says them through
    # this catalogue too (gadget/cli/io.py), as this Python's argparse spells them.
    with open(argparse.__file__, "rb") as source:
        for lineno, message, _comments, context in extract(
            "python", source, keywords={"_": None, "ngettext": (1, 2)}
        ):
            catalog.add(message, locations=[("argparse.py", lineno)], context=context)
    return catalog


def _write(catalog: Catalog, path: Path) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=False, omit_header=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def compile_all() -> None:
    """Each language's .po compiled to its .mo (what the app loads)."""
    for code in codes()[1:]:
        po = catalogue_path(code)
        with po.open("rb") as source:
            catalog = read_po(source, locale=code, domain=DOMAIN)
        with po.with_suffix(".mo").open("wb") as compiled:
            write_mo(compiled, catalog)


def update(new_language: str | None = None) -> None:
    """The template made again, and each catalogue (and a new one) brought up to it."""
    fresh = template()
    _write(fresh, TEMPLATE)
    wanted = list(codes()[1:]) + ([new_language] if new_language else [])
    for code in wanted:
        po = catalogue_path(code)
        if po.exists():
            with po.open("rb") as source:
                catalog = read_po(source, locale=code, domain=DOMAIN)
        else:
            catalog = Catalog(locale=code, domain=DOMAIN, project="Gadget", charset="utf-8")
        catalog.update(fresh, no_fuzzy_matching=True)
        catalog.fuzzy = False  # the header: a fuzzy header would leave out the plural rule
        catalog.obsolete.clear()
        _write(catalog, po)
    compile_all()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compile", action="store_true", help="only compile the catalogues")
    parser.add_argument("--new", metavar="CODE", help="start a catalogue for a new language")
    arguments = parser.parse_args()
    if arguments.compile:
        compile_all()
    else:
        update(arguments.new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
