"""What an in-process test cannot check, where a screen puts its buttons after a move: a
quick second tap (a double tap, or a finger that bounces) lands on the spot of the first,
on the screen the first one's answer drew. Nothing more may happen there: an outsider's
double tap on "Touch WORD" played apart landed on "Stop guessing" and ended the turn. Each
kind of move is tapped twice at a phone's size, in English and in French (longer words
wrap otherwise), and the game as saved, and the questions asked, are what one tap left."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page

from gadget.engine import Colour, ShareCode
from gadget.language import language
from gadget.store import Store
from gadget.views.parts.shield import DEAF_SECONDS
from tests.browsers import GAME_ADDRESS, _phone, _see, _type, taking_taps
from tests.processes import patience_ms
from tests.shared import Served
from tests.test_browser_apart import _reveal
from tests.test_clue_check import APART_CLUES

pytestmark = pytest.mark.browser
PHONE = (360, 740)  # the outsider's
# Each tap the page takes from now on: what took taps under it (a node Flutter marks
# tappable), and whether the spot of the double tap took taps after each change of the page
# since the tap before. On a loaded machine the test's second tap came after the server had
# lifted the buttons' deaf moment (DEAF_SECONDS after drawing the answer), as no finger's
# would; a spot that went deaf and took taps again by the second tap says so, exactly.
FOLLOW_TAPS = """([x, y]) => {
  const under = (x, y) => [...document.querySelectorAll("[flt-tappable]")].filter((node) => {
    const box = node.getBoundingClientRect();
    return box.width > 0 && x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
  }).map((node) => node.getAttribute("aria-label") || node.textContent);
  if (!window.gadgetTaps) {
    new MutationObserver(() => window.gadgetSpot.push(under(...window.gadgetAt).length > 0))
      .observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
    window.addEventListener("pointerdown", (event) => {
      const tapped = {under: under(event.clientX, event.clientY), spot: window.gadgetSpot};
      window.gadgetTaps.push(tapped);
      window.gadgetSpot = [];
    }, true);
  }
  window.gadgetAt = [x, y];
  window.gadgetTaps = [];
  window.gadgetSpot = [];
}"""
LOCALES = {"en": "en-US", "fr": "fr-FR"}
WORDS_CODE = re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}$")
CODE = re.compile(r"^[0-9A-Z]{5}-[0-9A-Z]{5}$")


class Phones:
    """Two phones of one game in one language, and the words they are asked in."""

    def __init__(self, browser: Browser, served: Served, store: Store, code: str, words: bool):
        server = served.url
        self.store = store  # what the phones' taps saved
        self.say = language(code).gettext
        self.agent = language(code).pgettext("cell", "agent")  # a cell's colour, said
        self.a = _phone(browser, server + "/", PHONE, locale=LOCALES[code])
        deal = "Deal with French words" if code == "fr" else "Deal with English words"
        self.a.get_by_role(
            "button", name=self.say(deal if words else "New game"), exact=True
        ).click()
        self.a.wait_for_url(GAME_ADDRESS, timeout=patience_ms())
        self.public_id = self.a.url.rsplit("/", 1)[1]
        shown = self.a.get_by_text(WORDS_CODE if words else CODE).first
        shown.wait_for(timeout=patience_ms())
        self.code = ShareCode.parse(shown.inner_text())
        self.b = _phone(browser, f"{server}/join/{self.code.text}", PHONE, locale=LOCALES[code])
        self.see(self.b, "Either player gives the next clue.")

    def record(self) -> tuple[int, str]:
        """The game as saved: its version and its log."""
        game = self.store.game_by_public_id(self.public_id)
        assert game is not None
        return game.version, game.log

    def asked(self, phone: Page) -> tuple[int, int]:
        """The questions this phone shows: an undo's, a touch's."""
        touch = self.say("Touch {word}").split("{", 1)[0]
        return (
            self.button(phone, "Take it back").count(),
            phone.get_by_role("button", name=re.compile("^" + re.escape(touch))).count(),
        )

    def tapped_twice(self, phone: Page, button: Locator, answered: Callable[[], None]) -> None:
        """Tap the button where it is on the screen and, once the move's answer is drawn, tap
        the same spot again at once, as a double tap does: the second tap makes no move and
        asks no question."""
        box = _reveal(phone, button).bounding_box()
        assert box is not None
        spot = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        phone.evaluate(FOLLOW_TAPS, spot)
        started = time.monotonic()
        button.click()  # once nothing covers it (a menu closing over a clue's button)
        answered()
        answer_ms = 1000 * (time.monotonic() - started)  # a tap's, here and now
        saved = self.record()  # before its answer was drawn (a read of a few ms)
        phone.mouse.click(*spot)  # on the screen the first tap's answer drew
        _first, second = phone.evaluate("window.gadgetTaps")
        if second["under"] and not all(second["spot"]):  # deaf, then lifted before the tap
            pytest.skip(f"this machine tapped again past the deaf moment, on {second['under']}")
        # What the phone asks, read after the second tap (it asks nothing new before the
        # server has heard that tap and drawn again), so that nothing the test reads comes
        # between the answer and the second tap.
        after_one = saved, self.asked(phone)
        # Past the moment its buttons stay deaf, then time for a move to be saved and drawn
        # (a second move comes within that, if it comes at all).
        phone.wait_for_timeout(1000 * DEAF_SECONDS + max(3 * answer_ms, 1_000))
        assert (self.record(), self.asked(phone)) == after_one

    def see(self, phone: Page, text: str, **values: str) -> None:
        _see(phone, self.say(text).format(**values))

    def seen(self, phone: Page, text: str, **values: str) -> Callable[[], None]:
        """The wait until the phone says this, seen at once."""
        return drawn(phone.get_by_text(self.say(text).format(**values)).first)

    def button(self, phone: Page, name: str, **values: str) -> Locator:
        return phone.get_by_role("button", name=self.say(name).format(**values), exact=True)

    def cell(self, phone: Page, where: int) -> Locator:
        """The cell at this place (0..24 from the phone's seat)."""
        row, column = divmod(where, 5)
        label = self.say("row {row} column {column}: {words}").format(
            row=row + 1, column=column + 1, words=""
        )
        return phone.get_by_role("button", name=re.compile("^" + re.escape(label)))

    def cells(self) -> list[list[str]]:
        """What each cell of phone A says after its place (its word, if any, then its
        colour), from A's seat."""
        found = []
        for where in range(25):
            row, column = divmod(where, 5)
            label = self.say("row {row} column {column}: {words}").format(
                row=row + 1, column=column + 1, words=""
            )
            text = self.a.get_by_text(re.compile("^" + re.escape(label))).first
            text.wait_for(state="attached", timeout=patience_ms())
            found.append(text.inner_text().removeprefix(label).split(self.say(", ")))
        return found

    def give(self, phone: Page, word: str, number: int | None) -> Locator:
        """The clue typed (and its number chosen): its button, not yet tapped."""
        field = "Clue (one word)" if number is not None else "Clue"
        _type(phone, _reveal(phone, phone.get_by_role("textbox", name=self.say(field))), word)
        if number is not None:
            _reveal(phone, self.button(phone, "Number of words")).click()
            phone.get_by_role("button", name=str(number), exact=True).click()
        return self.button(phone, "Give clue")


def drawn(answer: Locator, gone: bool = False) -> Callable[[], None]:
    """The wait until this answer is on the phone (or, `gone`, off it), seen within a round
    trip to the browser: Playwright's own waits look every 500 ms once a wait has lasted
    270 ms, and on a loaded machine (CI's) a double tap's second tap came past the buttons'
    deaf moment, as no finger's would, and pressed what the answer drew (a turn ended)."""

    def wait() -> None:
        deadline = time.monotonic() + patience_ms() / 1000
        while (answer.count() == 0) != gone:
            if time.monotonic() > deadline:  # what the phone showed instead says why
                shown = answer.page.locator("body").inner_text()
                raise AssertionError(f"{answer} never {'went' if gone else 'came'}: {shown!r}")
            time.sleep(0.01)  # not a loop of calls that takes the browser's CPU from it

    return wait


@pytest.fixture
def store(served: Served) -> Iterator[Store]:
    """The served app's database, read by the test."""
    opened = Store(f"sqlite:///{served.database}")
    yield opened
    opened.close()


@pytest.fixture(params=list(LOCALES))
def code(request: pytest.FixtureRequest) -> Iterator[str]:
    yield str(request.param)


def test_a_second_tap_at_the_table_changes_nothing(
    served: Served, store: Store, browser: Browser, code: str
) -> None:
    phones = Phones(browser, served, store, code, words=False)
    a, b, seen = phones.a, phones.b, phones.seen
    gave = "You gave the clue: {clue}. {partner} guesses."
    phones.tapped_twice(a, phones.give(a, "tree", None), seen(a, gave, clue="tree", partner="B"))
    # A records B's touch of an agent: the cell is no button once found.
    mine = next(n for n, said in enumerate(phones.cells()) if said[0] == phones.agent)
    phones.tapped_twice(a, phones.cell(a, mine), seen(a, "{player} found an agent.", player="B"))
    # B stops guessing, as A records it: the turn passes.
    stop = phones.button(a, "{partner} stops guessing", partner="B")
    phones.tapped_twice(a, stop, seen(a, "{player} stopped guessing.", player="B"))
    # Undo asks first: the second tap does not answer it; the answer brings back "B stops
    # guessing", and the second tap does not press it.
    take = phones.button(a, "Take it back")
    phones.tapped_twice(a, phones.button(a, "Undo"), drawn(take))
    phones.tapped_twice(a, take, drawn(stop))
    # B's turn to clue, recorded on B's phone; then A's, with Undo offered beside the form.
    stop.click()
    phones.give(b, "river", None).click()
    phones.see(a, "{partner} gave the clue: {clue}. You guess.", partner="B", clue="river")
    theirs = next(n for n in range(25) if phones.code.side_b[n] == Colour.GREEN and n != mine)
    _reveal(b, phones.cell(b, 24 - theirs)).click()
    _reveal(b, taking_taps(phones.button(b, "{partner} stops guessing", partner="A"))).click()
    phones.see(a, "You give the next clue.")
    phones.tapped_twice(a, phones.give(a, "stone", None), seen(a, gave, clue="stone", partner="B"))


def test_a_second_tap_played_apart_changes_nothing(
    served: Served, store: Store, browser: Browser, code: str
) -> None:
    phones = Phones(browser, served, store, code, words=True)
    a, b, seen = phones.a, phones.b, phones.seen
    cells = phones.cells()
    gave = "You gave the clue: {clue}. {partner} guesses."
    phones.tapped_twice(
        a, phones.give(a, APART_CLUES[0], 2), seen(a, gave, clue=f"{APART_CLUES[0]} 2", partner="B")
    )
    phones.see(
        b, "{partner} gave the clue: {clue}. You guess.", partner="A", clue=f"{APART_CLUES[0]} 2"
    )
    first, second = [n for n, said in enumerate(cells) if said[1] == phones.agent][:2]
    # B chooses a word, drops it, chooses it again and touches it: B's seat turns A's frame.
    _reveal(b, phones.cell(b, 24 - first)).click()
    touch = phones.button(b, "Touch {word}", word=cells[first][0])
    phones.tapped_twice(b, phones.button(b, "Not this one"), drawn(touch, gone=True))
    _reveal(b, phones.cell(b, 24 - first)).click()
    phones.tapped_twice(b, touch, seen(b, "You found an agent."))
    # The second touch, then Stop guessing: the turn passes to B's clue.
    _reveal(b, phones.cell(b, 24 - second)).click()
    touch = phones.button(b, "Touch {word}", word=cells[second][0])
    phones.tapped_twice(b, touch, drawn(touch, gone=True))
    phones.tapped_twice(b, phones.button(b, "Stop guessing"), seen(b, "You stopped guessing."))
    # B clues; A touches one of B's bystanders: the turn ends under A's finger.
    phones.tapped_twice(
        b, phones.give(b, APART_CLUES[1], 1), seen(b, gave, clue=f"{APART_CLUES[1]} 1", partner="A")
    )
    covered = (first, second)
    tan = next(n for n in range(25) if phones.code.side_b[n] == Colour.TAN and n not in covered)
    _reveal(a, phones.cell(a, tan)).click()
    touch = phones.button(a, "Touch {word}", word=cells[tan][0])
    phones.tapped_twice(a, touch, seen(a, "You touched a bystander: the turn ends."))


def test_a_second_tap_does_not_give_a_clue_past_its_warning(
    served: Served, store: Store, browser: Browser, code: str
) -> None:
    # An outsider's: with a first warning shown, the clue changed to another word on the
    # table and Give clue tapped twice; the first tap drew the new warning in the old one's
    # place, and the second gave the clue unread.
    phones = Phones(browser, served, store, code, words=True)
    a = phones.a
    first, second = [said[0] for said in phones.cells() if said[0].isalpha()][:2]
    phones.give(a, first.lower(), 1).click()
    phones.see(a, "{word} is on the table", word=first)
    field = a.get_by_role("textbox", name=phones.say("Clue (one word)"))
    _type(a, _reveal(a, field), second.lower())
    give = phones.button(a, "Give clue")
    phones.tapped_twice(a, give, phones.seen(a, "{word} is on the table", word=second))
    # Read (tapped_twice waited past the deaf moment), and tapped again: the players agreed.
    gave = "You gave the clue: {clue}. {partner} guesses."
    give.click()
    phones.see(a, gave, clue=f"{second.lower()} 1", partner="B")
