"""Readable controls, as Chromium shows them at a phone's size (390x844), in English and in
French, in both apps: every dropdown is named by its label (a bare Dropdown is announced as
a nameless "button"), and no dropdown's choice or label and no text field's label is cut
by its control's box, measured from the semantics tree."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from gadget.language import language
from tests.browsers import GAME_ADDRESS, Browser, Page, _open, _phone, _type, shared_chromium
from tests.processes import _free_port, patience_ms, stop
from tests.test_browser_site import BOOT, CODE, static_server
from tests.test_browser_site import _phone as _site_phone

# One worker makes the module's screens for both tests (each worker would make its own).
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("readable")]
PHONE = (390, 844)
LOCALES = {"en": "en-US", "fr": "fr-FR"}
# A Material 3 outlined field: 16 px of padding each side of its text, and a dropdown's
# arrow takes 48 px where the padding after its text would be; a label floating above a
# field's text is drawn at 3/4 of the text's size.
FIELD_INSETS, DROPDOWN_INSETS, FLOATING = 32, 64, 0.75

# What each screen shows, as English messages (said in the phone's language): each dropdown
# by its accessible name and its label on screen, and each text field by its label.
DROPDOWNS = {
    "home": [("Team", "Team"), ("Mission", "Mission")],
    "paper": [("Words", "Words"), ("Key cards for", "Key cards for")],
    "settings": [
        ("Clue time", "Clue time"),
        ("Guess time", "Guess time"),
        ("Language", "Language"),
    ],
    "team": [("Map", "Map")],
    "history": [("Mission", "Mission"), ("Result", "Result")],
    "game": [("Number of words", "No."), ("Phones the link adds", "Phones")],
    "site home": [("Mission", "Mission"), ("Language", "Language")],
    "site game": [("Clue time", "Clue time"), ("Guess time", "Guess time"), ("Mission", "Mission")],
}
FIELDS = {
    "home": ["Partner's code"],
    "paper": ["Games"],
    "settings": ["Clue seconds", "Guess seconds"],
    "team": ["Rename", "Players"],
    "history": [],
    "game": ["Clue"],
    "site home": ["Partner's code"],
    "site game": ["Clue seconds", "Guess seconds", "Tokens left in the time bank", "Stop tokens"],
}

CONTROLS = """() => {
  const width = e => e.getBoundingClientRect().width;
  const named = e => (e.getAttribute('aria-label') || e.textContent || '').trim();
  return Array.from(document.querySelectorAll('flt-semantics[role="button"][aria-expanded]'))
      .map(e => ['dropdown', named(e), width(e)])
    .concat(Array.from(document.querySelectorAll('flt-semantics input, flt-semantics textarea'))
      .map(e => ['field', named(e), width(e)]));
}"""
DROPDOWNS_DRAWN = """(count) =>
  document.querySelectorAll('flt-semantics[role="button"][aria-expanded]').length >= count"""
# Text as the phones draw it: in the app's own font (Roboto), 16 px, letters 0.5 px apart.
WIDTHS = """async (texts) => {
  const face = new FontFace('ShippedRoboto',
                            `url(${new URL('assets/fonts/roboto.woff2', document.baseURI)})`);
  await face.load();
  document.fonts.add(face);
  const canvas = document.createElement('canvas').getContext('2d');
  canvas.font = '16px ShippedRoboto';
  canvas.letterSpacing = '0.5px';
  return texts.map(t => canvas.measureText(t).width);
}"""


@dataclass(frozen=True)
class Shown:
    """A control as the semantics tree shows it, with its texts' widths as drawn."""

    screen: str
    kind: str  # "dropdown" or "field"
    name: str  # what a screen reader says
    label: str  # the label drawn on it
    choice: str  # a dropdown's choice shown
    width: float
    label_width: float
    choice_width: float


def _said(code: str, message: str) -> str:
    """A message as the phone says it: the catalogue's words, or the English while the
    catalogue has none (the page then shows the English too)."""
    return language(code).gettext(message)


def _look(page: Page, code: str, screen: str) -> list[Shown]:
    """This screen's dropdowns and text fields, once every one it must show is there."""
    for label in FIELDS[screen]:
        page.get_by_role("textbox", name=_said(code, label)).first.wait_for(timeout=patience_ms())
    names = {_said(code, name): _said(code, label) for name, label in DROPDOWNS[screen]}
    page.wait_for_function(DROPDOWNS_DRAWN, arg=len(names), timeout=patience_ms())
    found = []
    for kind, name, width in page.evaluate(CONTROLS):
        said = next((n for n in names if kind == "dropdown" and name.startswith(n)), "")
        label = names[said] if said else name if kind == "field" else ""
        found.append((kind, name, label, name[len(said) :].strip() if said else "", width))
    texts = sorted({text for _, _, label, choice, _ in found for text in (label, choice)})
    widths = dict(zip(texts, page.evaluate(WIDTHS, texts), strict=True))
    return [
        Shown(screen, kind, name, label, choice, width, widths[label], widths[choice])
        for kind, name, label, choice, width in found
    ]


def _served(browser: Browser, server: str, code: str) -> list[Shown]:
    """The served app's screens with a dropdown, on a phone with a team of its own."""
    phone = _phone(browser, server + "/teams", PHONE, locale=LOCALES[code])
    _type(
        phone, phone.get_by_role("textbox", name=_said(code, "New team")), f"Readable larks {code}"
    )
    phone.get_by_role("button", name=_said(code, "Add team"), exact=True).click()
    phone.get_by_role("button", name=re.compile(rf"^Readable larks {code}")).first.click()
    phone.wait_for_url(re.compile(r"/teams/\d+$"), timeout=patience_ms())
    team = phone.url
    shown = _look(phone, code, "team")
    for screen, url in (
        ("history", team + "/history"),
        ("home", server + "/"),
        ("paper", server + "/paper"),
        ("settings", server + "/settings"),
    ):
        _open(phone, url)
        shown += _look(phone, code, screen)
    _open(phone, server + "/")
    phone.get_by_role("button", name=_said(code, "New game"), exact=True).click()
    phone.wait_for_url(GAME_ADDRESS, timeout=patience_ms())
    return shown + _look(phone, code, "game")


def _static(browser: Browser, site: Path, code: str) -> list[Shown]:
    """The static site's home, and a game with its timer on and its result form open."""
    port = _free_port()
    host = static_server(site, port)
    try:
        phone, _refused = _site_phone(browser, f"http://127.0.0.1:{port}/", locale=LOCALES[code])
        # The site speaks the browser's language (it spoke English before issue 23's fix).
        phone.get_by_role("button", name=_said(code, "New game"), exact=True).wait_for(timeout=BOOT)
        shown = _look(phone, code, "site home")
        phone.get_by_role("button", name=_said(code, "New game"), exact=True).click()
        phone.get_by_text(CODE).first.wait_for(state="attached", timeout=patience_ms())
        phone.get_by_role("switch", name=_said(code, "Turn timer")).click()
        # The timer's fields push the buttons below them down: a tap before they are drawn
        # can land where the next button was (CI, idle: the result form never opened).
        clue_seconds = phone.get_by_role("textbox", name=_said(code, "Clue seconds"))
        clue_seconds.first.wait_for(timeout=patience_ms())
        over = _said(code, "The game is over: record the result")
        phone.get_by_role("button", name=over, exact=True).click()
        return shown + _look(phone, code, "site game")
    finally:
        stop(host)


@pytest.fixture(scope="module", params=list(LOCALES))
def shown(request: pytest.FixtureRequest, server: str, site: Path) -> Iterator[
    tuple[str, list[Shown]]
]:  # fmt: skip
    code, browser = str(request.param), shared_chromium()  # the shared one: a module's fixture
    yield code, _served(browser, server, code) + _static(browser, site, code)


def test_every_dropdown_is_named_by_its_label(shown: tuple[str, list[Shown]]) -> None:
    code, controls = shown
    for screen, wanted in DROPDOWNS.items():
        names = [c.name for c in controls if c.screen == screen and c.kind == "dropdown"]
        assert len(names) == len(wanted) and all(names), (screen, names)  # none nameless
        for name, _label in wanted:
            said = _said(code, name)
            assert any(n.startswith(said) for n in names), (screen, said, names)


def test_no_label_or_choice_is_cut_by_its_control(shown: tuple[str, list[Shown]]) -> None:
    code, controls = shown
    unseen = [  # a dropdown whose choice the semantics tree does not show cannot be measured
        (screen, name)
        for screen, wanted in DROPDOWNS.items()
        for name, label in wanted
        if not any(c.screen == screen and c.label == _said(code, label) for c in controls)
    ]
    assert not unseen, unseen
    cut = []
    for c in controls:
        inside = c.width - (DROPDOWN_INSETS if c.kind == "dropdown" else FIELD_INSETS)
        if c.choice_width > inside:
            cut.append(f"{c.screen}: {c.kind} {c.label!r} shows {c.choice!r}, {c.width:.0f} px")
        # a field's empty label is drawn at full size; above a choice, at 3/4 of it
        drawn = c.label_width * (FLOATING if c.kind == "dropdown" else 1)
        if drawn > c.width - FIELD_INSETS:
            cut.append(f"{c.screen}: {c.kind}'s label {c.label!r} in {c.width:.0f} px")
    assert not cut, cut
