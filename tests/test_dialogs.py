"""Every dialog and every confirmation of both apps names its buttons by what they do, in
English and in French: a button that performs the action never says a plain "Cancel",
"Annuler" or "OK" (a French player reads "Annuler" as "close the dialog")."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import flet as ft
import pytest

from gadget.engine import Clue, GameLog, Player, Setup
from gadget.missions import Result
from gadget.services import games
from gadget.services.games import SavedGame
from gadget.services.table import Table
from gadget.site.hold import TEAM_KEY
from gadget.site.links import team_link
from gadget.site.team import new_team, record_result, team_from_json
from tests.cards import TEST_CARD
from tests.games import WINNING_ACTIONS, log_of
from tests.phones import Phone, device_of, new_device
from tests.screens import at_the_table
from tests.test_campaign_screens import _picked
from tests.test_site_screens import alone

A, B = Player.A, Player.B
LANGUAGES = {"en": ["en-GB"], "fr": ["fr-FR"]}
# Words that say nothing of what a button does: "cancel" or "yes" to what, exactly?
PLAIN_WORDS = re.compile(
    r"\b(cancel|annuler|ok|okay|yes|no|oui|non|close|fermer|confirm|confirmer|valider|"
    r"d'accord|dismiss)\b",
    re.IGNORECASE,
)
BUTTONS = (ft.Button, ft.OutlinedButton, ft.TextButton, ft.FilledButton)


@dataclass(frozen=True)
class Tried:
    """One button of a dialog, as the phone showed it, and whether tapping it acted."""

    label: str
    acted: bool


def label_of(button: ft.Control) -> str:
    content = getattr(button, "content", None)
    return content if isinstance(content, str) else str(getattr(content, "value", ""))


def open_dialog(phone: Phone) -> ft.AlertDialog:
    """The dialog open on this phone now (exactly one)."""
    shown = [c for c in phone.controls() if isinstance(c, ft.AlertDialog) and c.open]
    assert len(shown) == 1, f"{len(shown)} dialogs open: {phone.texts()}"
    return shown[0]


def dialog_buttons(phone: Phone) -> list[ft.Control]:
    return [b for b in open_dialog(phone).actions or [] if isinstance(b, BUTTONS)]


def buttons_in(control: object) -> list[ft.Control]:
    """Every button inside a control, in order."""
    found: list[ft.Control] = [control] if isinstance(control, BUTTONS) else []
    content = getattr(control, "content", None)
    for child in getattr(control, "controls", None) or ([content] if content else []):
        found += buttons_in(child)
    return found


def undo_buttons(phone: Phone) -> list[ft.Control]:
    """The buttons of the undo question, asked in place of the game's buttons."""
    asked = [c for c in phone.controls() if getattr(c, "key", None) == "confirm undo"]
    assert len(asked) == 1, f"{len(asked)} undo questions: {phone.texts()}"
    return buttons_in(asked[0])


def buttons_under(phone: Phone, words: str) -> list[ft.Control]:
    """The buttons of the column (a confirmation screen or panel) that says these words."""
    for control in phone.controls():
        if isinstance(control, ft.Column) and any(
            isinstance(c, ft.Text) and words in str(c.value) for c in control.controls
        ):
            return buttons_in(control)
    raise AssertionError(f"nothing says {words!r}: {phone.texts()}")


# Opens the dialog on a fresh phone in a language: the phone and a check of whether the
# dialog's action was done.
Opener = Callable[[str], Awaitable[tuple[Phone, Callable[[], bool]]]]
Finder = Callable[[Phone], list[ft.Control]]


async def try_each_button(opener: Opener, find: Finder, language: str) -> list[Tried]:
    """Every button of the dialog, each tapped on a dialog of its own."""
    phone, _acted = await opener(language)
    count = len(find(phone))
    assert count >= 2, "a confirmation offers a way out"
    tried = []
    for index in range(count):
        phone, acted = await opener(language)
        button = find(phone)[index]
        label = label_of(button)
        assert not acted(), "opening the dialog did nothing yet"
        await phone.session.dispatch_event(button._i, "click", None)
        await phone.settle()
        tried.append(Tried(label, acted()))
        assert not phone.crashed()
    return tried


def check_named_by_what_they_do(tried: list[Tried]) -> None:
    acting = [t for t in tried if t.acted]
    assert len(acting) == 1, f"one button acts: {tried}"
    assert acting[0].label and not PLAIN_WORDS.search(acting[0].label), (
        f"the button that acts says a plain word: {tried}"
    )
    assert len({t.label for t in tried}) == len(tried), f"two buttons say the same: {tried}"


# -- the served app --------------------------------------------------------------------------


async def seated_in(table: Table, game: SavedGame, side: Player, language: str) -> Phone:
    storage = new_device()
    assert table.store.take_seat(game.id, side, device_of(storage).key)
    return await Phone(
        f"/game/{game.public_id}", storage=storage, languages=LANGUAGES[language]
    ).open()


def undo_opener(table: Table, over: bool) -> Opener:
    """Phone A of a game under way (a clue given) or won, its undo dialog open."""

    async def opener(language: str) -> tuple[Phone, Callable[[], bool]]:
        if over:
            team = table.store.add_team(f"Owls {len(table.store.teams())}", ["Ann", "Ben"])
            game = games.start_game(table.store, log_of(WINNING_ACTIONS), team.id, "prague")
        else:
            game = games.start_game(
                table.store, GameLog(TEST_CARD, Setup(9, 9), (Clue(A, "salad"),))
            )
        phone = await seated_in(table, game, A, language)
        before = len(game.log.actions)
        undo = next(
            b
            for b in phone.controls()
            if isinstance(b, ft.OutlinedButton) and b.icon == ft.Icons.UNDO
        )
        await phone.session.dispatch_event(undo._i, "click", None)
        await phone.settle()
        return phone, lambda: len(table.game(game.id).log.actions) < before

    return opener


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("over", [False, True], ids=["under way", "after the end"])
def test_the_undo_dialog_names_its_buttons_by_what_they_do(
    tmp_path: Path, language: str, over: bool
) -> None:
    @at_the_table
    async def scenario(table: Table) -> None:
        tried = await try_each_button(undo_opener(table, over), undo_buttons, language)
        check_named_by_what_they_do(tried)

    scenario(tmp_path)


def test_the_undo_icon_is_the_dialogs_own(tmp_path: Path) -> None:
    """The test above finds the undo button by its icon: one there is, in both languages."""

    @at_the_table
    async def scenario(table: Table) -> None:
        for language in LANGUAGES:
            phone, acted = await undo_opener(table, False)(language)
            assert len(undo_buttons(phone)) == 2 and not acted()

    scenario(tmp_path)


def take_over_opener(table: Table) -> Opener:
    """Phone A of a game, asked by a third phone to take over side B."""

    async def opener(language: str) -> tuple[Phone, Callable[[], bool]]:
        game = games.start_game(table.store, GameLog(TEST_CARD, Setup(9, 9)))
        assert table.store.take_seat(game.id, B, device_of(new_device()).key)
        newcomer = device_of(new_device())
        table.ask_for_seat(game.id, B, newcomer)
        phone = await seated_in(table, game, A, language)

        def allowed() -> bool:
            request = table.store.latest_request(game.id, newcomer.key)
            return request is not None and request.answer == "allowed"

        return phone, allowed

    return opener


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_take_over_request_names_its_buttons_by_what_they_do(
    tmp_path: Path, language: str
) -> None:
    @at_the_table
    async def scenario(table: Table) -> None:
        def panel(phone: Phone) -> list[ft.Control]:
            words = "demande" if language == "fr" else "asks to take over"
            return buttons_under(phone, words)

        tried = await try_each_button(take_over_opener(table), panel, language)
        check_named_by_what_they_do(tried)

    scenario(tmp_path)


# -- the static site -------------------------------------------------------------------------


def _teams() -> tuple[str, str]:
    ours = record_result(new_team("Owls"), "prague", Result(False, 0, 2), "2026-11-22T19:00")
    theirs = record_result(new_team("Larks"), "prague", Result(True, 1, 6), "2026-11-22T20:00")
    return ours.team.to_json(), theirs.team.to_json()


def _kept(storage: dict[str, object]) -> str:
    return str(json.loads(str(storage[TEAM_KEY]))["team"]["name"])


async def replace_dialog(language: str) -> tuple[Phone, Callable[[], bool]]:
    """A team file picked on the site's team screen: the dialog asks before replacing."""
    ours, theirs = _teams()
    storage: dict[str, object] = {TEAM_KEY: ours}
    picked = _picked("Larks.gadget-team.json", theirs.encode())
    phone = await Phone(
        "/team", {"pick_files": picked}, site=True, storage=storage, languages=LANGUAGES[language]
    ).open()
    await phone.tap("Importer un fichier" if language == "fr" else "Import a file")
    return phone, lambda: _kept(storage) == "Larks"


async def team_link_screen(language: str) -> tuple[Phone, Callable[[], bool]]:
    """A team's QR link opened on a phone with a team of its own: the screen asks first."""
    ours, theirs = _teams()
    storage: dict[str, object] = {TEAM_KEY: ours}
    route = team_link("http://gadget.test/", team_from_json(theirs)).split("#", 1)[1]
    phone = await Phone(route, site=True, storage=storage, languages=LANGUAGES[language]).open()
    return phone, lambda: _kept(storage) == "Larks"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sites_replace_dialog_names_its_buttons_by_what_they_do(language: str) -> None:
    @alone
    async def scenario() -> None:
        check_named_by_what_they_do(await try_each_button(replace_dialog, dialog_buttons, language))

    scenario()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sites_team_link_names_its_buttons_by_what_they_do(language: str) -> None:
    @alone
    async def scenario() -> None:
        def asked(phone: Phone) -> list[ft.Control]:
            return [c for c in phone.controls() if isinstance(c, BUTTONS)]

        check_named_by_what_they_do(await try_each_button(team_link_screen, asked, language))

    scenario()


def test_a_plain_word_is_found_wherever_it_stands() -> None:
    """The check itself: a French "Annuler" that acts fails it, a named action passes."""
    with pytest.raises(AssertionError):
        check_named_by_what_they_do([Tried("La garder", False), Tried("Annuler", True)])
    with pytest.raises(AssertionError):
        check_named_by_what_they_do([Tried("Non", False), Tried("Annuler la touche", True)])
    with pytest.raises(AssertionError):
        check_named_by_what_they_do([Tried("Cancel", False), Tried("OK", True)])
    check_named_by_what_they_do([Tried("Ne rien changer", False), Tried("Revenir", True)])
