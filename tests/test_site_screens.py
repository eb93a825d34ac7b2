"""The static site's screens in plain pytest: Flet's real Session, the site's own app, each
phone alone with its storage (no table, no server)."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable

import flet as ft
import pytest

import gadget.site.play as site_play
from gadget.engine import Deal, Player, ShareCode
from gadget.missions import Result
from gadget.services.backup import import_team
from gadget.services.links import ScanError
from gadget.services.phones import STORAGE_KEY as PHONE_KEY
from gadget.services.table import Table
from gadget.site.dealt import DEALT_KEY, read_deals
from gadget.site.hold import TEAM_KEY, UNREADABLE_KEY
from gadget.site.links import team_link
from gadget.site.play import TIMER_KEY
from gadget.site.scan import route_of_text
from gadget.site.team import new_team, record_result
from gadget.views.parts.boundary import SORRY
from gadget.views.parts.language import STORAGE_KEY as LANGUAGE_KEY
from tests.cards import CODE_TEXT, card_from_sides
from tests.phones import Phone, device_of, new_device, until
from tests.screens import at_the_table
from tests.test_campaign_screens import _picked

A, B = Player.A, Player.B


def alone(scenario: Callable[[], Awaitable[None]]) -> Callable[[], None]:
    """Run a scenario on one event loop, as the browser's Pyodide does."""

    def test() -> None:
        asyncio.run(scenario())

    test.__name__, test.__doc__ = scenario.__name__, scenario.__doc__
    return test


def code_on(phone: Phone) -> ShareCode:
    return next(ShareCode.parse(t) for t in phone.texts() if CODE_TEXT.match(t))


async def dealt() -> tuple[Phone, ShareCode]:
    phone = await Phone("/", site=True).open()
    await phone.tap("New game")
    return phone, code_on(phone)


@alone
async def test_home_deals_for_an_open_city_and_joins_by_code() -> None:
    home = await Phone("/", site=True).open()
    for words in ("New game", "Join", "Prague 9-9", "Our team: mission map", "Language"):
        assert home.says(words)
    assert PHONE_KEY not in home.storage  # no seat to hold here: no identity is made
    assert not home.crashed()


@alone
async def test_a_new_game_shows_side_a_its_code_and_a_qr_link_to_side_b() -> None:
    phone, code = await dealt()
    assert phone.session.page.route == f"/play/{code.text}/a"
    assert (code.tokens, code.mistakes) == (9, 9)  # Prague's time bank
    deal = read_deals(phone.storage[DEALT_KEY])[0]  # the seed stays in this phone's storage
    assert deal.code == code
    assert phone.grid() == deal.key_card().seen_from(A)
    assert not any(str(deal.seed) in t for t in phone.texts())
    assert any(
        t.startswith("QR code of ") and t.endswith(f"#/join/{code.text}") for t in phone.texts()
    )
    assert phone.says("Time bank: 9 tokens, 9 mistakes allowed")


@alone
async def test_phone_b_types_the_code_and_sees_only_its_side_turned() -> None:
    phone_a, code = await dealt()
    phone_b = await Phone("/", site=True).open()
    await phone_b.type("Partner's code", code.text.lower().replace("-", " "))
    await phone_b.tap("Join")
    assert phone_b.session.page.route == f"/play/{code.text}/b"
    assert phone_b.grid() == code.seen_from_b()
    assert card_from_sides(phone_a.grid(), phone_b.grid())  # the two sides make one real card
    assert not phone_b.says(code.text)  # side B shows no code to share
    qr_link = await Phone(f"/join/{code.text}", site=True).open()  # the QR code's link
    assert qr_link.grid() == code.seen_from_b()


@alone
async def test_side_a_is_only_on_the_phone_that_dealt_it_even_after_a_reload() -> None:
    phone_a, code = await dealt()
    again = await Phone(f"/play/{code.text}/a", site=True, storage=phone_a.storage).open()
    assert again.grid() == phone_a.grid()  # a reload on phone A: the same side A
    for route in (f"/play/{code.text}/a", f"/play/{code.text.lower()}/A"):
        third = await Phone(route, site=True).open()  # the code typed into an address
        assert third.says("Side A of this game is only on the phone that dealt it.")
        assert third.texts() and not any(t.startswith("row 1 column") for t in third.texts())
        await third.tap("Side B")
        assert third.grid() == code.seen_from_b()
    spaced = await Phone(f"/join/{code.text.replace('-', '%20')}", site=True).open()
    assert spaced.grid() == code.seen_from_b()  # a space typed into the address
    edited = ShareCode(code.side_b, 11, 3)  # another bank, check character made right
    third = await Phone(f"/play/{edited.text}/a", site=True).open()
    assert third.says("Side A of this game is only on the phone that dealt it.")


@alone
async def test_a_typo_in_the_code_is_refused_on_the_home_screen() -> None:
    home = await Phone("/", site=True).open()
    await home.type("Partner's code", "1ABC-DEFG-HJK8")
    await home.tap("Join")
    assert home.session.page.route == "/"
    assert home.says("is not a valid code: check for a typo")
    for route in ("/play/NOT-A-CODE/a", "/play/1Y6M-N6BX-NMS8/c"):  # no code, no such side
        broken = await Phone(route, site=True).open()
        assert broken.says("This link does not make a card.")
        assert not broken.crashed() and not broken.says(SORRY)


@alone
async def test_the_card_hides_at_once_and_the_code_folds_away() -> None:
    phone, code = await dealt()
    await phone.tap_icon("Hide the card")
    assert phone.says("Card hidden") and not phone.says("row 1 column 1")
    await phone.tap_icon("Show the card")
    await phone.tap("Hide the code")
    assert not phone.says(code.text)
    await phone.tap("Show the code for side B")
    assert phone.says(code.text)


@alone
async def test_the_turn_timer_runs_on_the_phone_alone() -> None:
    phone, _code = await dealt()
    await phone.toggle("Turn timer")
    await phone.tap("Time the clue")
    assert phone.says("2:00 for the clue") or phone.says("1:59 for the clue")
    await phone.tap("Time the guesses")
    assert any(t.endswith("for the guesses") for t in phone.texts())
    await phone.tap_icon("Pause the timer")
    assert phone.says("Resume the timer")
    await phone.choose("Clue time", "60")
    await phone.tap("Time the clue")
    assert phone.says("1:00 for the clue") or phone.says("0:59 for the clue")
    await phone.type("Guess seconds", "2")
    await phone._event(phone._find(ft.TextField, label="Guess seconds"), "submit", "2")
    assert phone.says("The guess time 2 s is outside 5 s..60 min.")
    kept = json.loads(phone.storage[TIMER_KEY])
    assert kept == {"enabled": True, "clue_seconds": 60, "guess_seconds": 120}
    again = await Phone("/play/1Y6M-N6BX-NMS8/b", site=True, storage=phone.storage).open()
    await again.tap("Time the clue")
    assert again.says("1:00 for the clue") or again.says("0:59 for the clue")


@alone
async def test_a_won_prague_on_the_result_form_opens_berlin_cairo_and_moscow() -> None:
    phone, _code = await dealt()
    await phone.tap("The game is over: record the result")
    await phone.type("Tokens left in the time bank", "2")
    await phone.type("Stop tokens", "7")
    await phone.tap("Record the result")
    assert phone.says("Score: 13.")
    assert phone.says("The rule book says: more than 10, you really should give the mission map")
    assert phone.says("Now open: Berlin, Moscow, Cairo.")
    assert not phone.says("Record the result")  # one game, one attempt
    kept = json.loads(phone.storage[TEAM_KEY])
    assert len(kept["attempts"]) == 1
    assert kept["format"] == "gadget-team/1"
    assert [c["mission"] for c in kept["completed"]] == ["prague"]
    assert kept["attempts"][0]["result"] == {"tokens_left": 2, "stops": 7, "sudden_death": False}
    # the same phone later: the map shows it
    again = await Phone("/team", site=True, storage=phone.storage).open()
    assert again.says("Prague 9-9, completed")
    assert again.says("Berlin 11-2, open")
    assert again.says("London 10-2, locked")


@alone
async def test_an_impossible_result_is_refused_and_nothing_is_kept() -> None:
    phone, _code = await dealt()
    await phone.tap("The game is over: record the result")
    await phone.type("Tokens left in the time bank", "12")
    await phone.tap("Record the result")
    assert phone.says("Tokens left: 12 is outside 0..9")
    assert TEAM_KEY not in phone.storage
    await phone.type("Tokens left in the time bank", "two")
    await phone.tap("Record the result")
    assert phone.says("“two” is not a whole number")
    assert not phone.crashed()


@alone
async def test_a_typed_value_is_quoted_as_a_player_reads_it_never_as_python_does() -> None:
    phone, _code = await dealt()
    await phone.tap("The game is over: record the result")
    await phone.type("Stop tokens", 'it\'s\n"x"')
    await phone.tap("Record the result")
    assert phone.says('“it\'s\\n"x"” is not a whole number'), phone.texts()  # \n: seen
    assert TEAM_KEY not in phone.storage


@alone
async def test_a_site_refusal_is_said_in_the_phones_language() -> None:
    phone = await Phone("/", site=True, storage={LANGUAGE_KEY: "fr"}).open()
    await phone.tap("Nouvelle partie")
    await phone.tap("La partie est finie : noter le résultat")
    await phone.type("Jetons Temps restants", "deux")
    await phone.tap("Noter le résultat")
    assert phone.says("«\u00a0deux\u00a0» n'est pas un nombre entier"), phone.texts()


def test_a_bug_in_a_sites_handler_is_the_boundarys_never_its_text_on_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A ValueError that is no refusal (no GadgetError) is a bug: the short message and a way
    home, never its words (which are Python's, in English, and may be anything)."""

    def broken(*_args: object) -> object:
        raise ValueError("invalid literal for int() with base 10: 'secret'")

    monkeypatch.setattr(site_play, "record_result", broken)

    async def scenario() -> None:
        phone, _code = await dealt()
        await phone.tap("The game is over: record the result")
        await phone.tap("Record the result")
        assert phone.says(SORRY) and phone.says("Try again, or start from Home.")
        assert not phone.says("secret") and not phone.says("invalid literal")
        assert TEAM_KEY not in phone.storage and not phone.crashed()

    asyncio.run(scenario())


@alone
async def test_a_teams_qr_link_moves_the_team_to_the_partners_phone_after_asking() -> None:
    theirs = record_result(new_team("Larks"), "prague", Result(True, 1, 6), "2026-11-22T20:00").team
    partner = await Phone("/", site=True).open()
    link = team_link("http://gadget.test/", theirs)
    route = link.split("#", 1)[1]
    phone = await Phone(route, site=True, storage=partner.storage).open()
    assert phone.says("Keep Larks on this phone?")
    await phone.tap("Replace Our team")
    assert json.loads(phone.storage[TEAM_KEY])["team"]["name"] == "Larks"
    assert phone.session.page.route == "/team"
    assert phone.says("Berlin 11-2, open")


@alone
async def test_a_broken_team_link_says_so_and_changes_nothing() -> None:
    phone = await Phone("/import/bm90IGEgdGVhbQ", site=True).open()
    assert phone.says("Not valid JSON at line 1 column 1")
    assert TEAM_KEY not in phone.storage
    assert not phone.crashed()


@alone
async def test_an_unreadable_stored_team_is_set_aside_never_written_over() -> None:
    storage = {TEAM_KEY: '{"format": "gadget-team/1", "team": {"name": ""}}'}
    phone = await Phone("/team", site=True, storage=storage).open()
    said = "The team kept on this phone could not be read and was set aside: a team name cannot"
    assert phone.says(said)
    home = await Phone("/", site=True, storage=storage).open()  # said on the home screen too
    assert home.says(said)
    assert storage[UNREADABLE_KEY] == '{"format": "gadget-team/1", "team": {"name": ""}}'
    assert not phone.crashed()


@alone
async def test_the_team_exports_a_file_and_shows_a_small_team_as_a_qr_code() -> None:
    phone = await Phone("/team", site=True).open()
    await phone.tap("Export a file")
    saved = [args for name, args in phone.method_calls() if name == "save_file"]
    assert saved and saved[-1]["file_name"] == "Our-team.gadget-team.json"
    assert phone.says("Downloaded Our-team.gadget-team.json")
    kept = json.loads(saved[-1]["src_bytes"])
    assert kept["format"] == "gadget-team/1" and kept["team"]["name"] == "Our team"
    await phone.tap("Show as a QR code")
    assert phone.says("QR code of the team")


@alone
async def test_every_screen_of_the_site_in_french_shows_no_english_words() -> None:
    from tests.test_french import _english_on  # noqa: PLC0415  (its list of English words)

    french = {LANGUAGE_KEY: "fr"}
    phone = await Phone("/", site=True, storage=french).open()
    assert phone.says("Nouvelle partie")
    seen = {"/": _english_on(phone)}
    await phone.tap("Nouvelle partie")
    await phone.toggle("Minuteur de tour")
    await phone.tap("Chronométrer l'indice")
    await phone.tap("La partie est finie : noter le résultat")
    await phone.type("Jetons Temps restants", "2")
    await phone.type("Jetons pris pour finir le tour", "7")
    await phone.tap("Noter le résultat")
    assert phone.says("Maintenant ouvertes : Berlin, Moscou, Le Caire.")
    seen["a game won"] = _english_on(phone)
    for route in ("/team", "/team/missions/cairo", "/team/missions/atlantis", "/play/X/a"):
        other = await Phone(route, site=True, storage=french).open()
        seen[route] = _english_on(other)
        assert other.texts(), route
        assert not other.says("Un problème est survenu") and not other.crashed()
    city = await Phone("/team/missions/atlantis", site=True, storage=french).open()
    assert city.says("Pas de telle ville sur cette carte.")
    assert {route: found for route, found in seen.items() if found} == {}


@alone
async def test_a_lost_game_is_kept_with_no_score_and_a_practice_game_is_only_scored() -> None:
    phone, _code = await dealt()
    await phone.tap("The game is over: record the result")
    lost = phone._find(ft.RadioGroup)
    phone.session.apply_patch(lost._i, {"value": "0"})
    await phone._event(lost, "change", "0")
    await phone.type("Stop tokens", "3")
    await phone.tap("Record the result")
    assert phone.says("Lost: no score.")
    kept = json.loads(phone.storage[TEAM_KEY])
    assert [a["won"] for a in kept["attempts"]] == [False] and kept["completed"] == []
    practice = await Phone("/", site=True).open()
    await practice.tap("New game")
    await practice.tap("The game is over: record the result")
    await practice.choose("Mission", "")
    await practice.type("Tokens left in the time bank", "12")
    await practice.tap("Record the result")
    assert practice.says("Tokens left: 12 is outside 0..9 (this game has 9 tokens).")
    await practice.type("Tokens left in the time bank", "1")
    await practice.type("Stop tokens", "5")
    await practice.tap("Record the result")
    assert practice.says("Score: 8.\nThe rule book says: really good.")
    assert TEAM_KEY not in practice.storage


def test_the_sites_timer_warns_and_rings_once_at_zero_and_the_screen_stays_awake(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = [5000.0]
    monkeypatch.setattr(site_play, "now", lambda: clock[0])

    async def scenario() -> None:
        phone, _code = await dealt()
        assert "enable" in {name for name, _ in phone.method_calls()}  # the wake lock
        await phone.toggle("Turn timer")
        await phone.tap("Time the clue")
        assert phone.says("2:00 for the clue")
        clock[0] += 95
        await asyncio.sleep(0.4)
        assert phone.says("0:25 for the clue") and phone.says("30 seconds left!")
        clock[0] += 15
        await asyncio.sleep(0.4)
        assert phone.says("10 seconds left!")
        assert not {"play", "vibrate"} & {name for name, _ in phone.method_calls()}
        clock[0] += 10
        await asyncio.sleep(0.6)
        assert phone.says("Time is up!")
        rung = [name for name, _ in phone.method_calls() if name in ("play", "vibrate")]
        assert rung == ["play", "vibrate"]  # a sound and a vibration, once
        await phone.tap_icon("Reset the timer")
        assert phone.says("2:00 for the clue")

    asyncio.run(scenario())


def test_a_bug_in_a_site_screen_says_so_and_offers_home_never_a_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*_args: object) -> list[object]:
        raise RuntimeError("a bug")

    monkeypatch.setattr(site_play, "playable_for", broken)

    async def scenario() -> None:
        phone, _code = await dealt()
        await phone.tap("The game is over: record the result")
        assert phone.says("Something went wrong on this screen.")
        assert phone.says("Try again, or start from Home.")
        assert not phone.says("server") and not phone.crashed()

    asyncio.run(scenario())


@at_the_table
async def test_a_phones_team_imported_on_a_server_shows_its_map_history_and_cities(
    table: Table,
) -> None:
    on_the_phone = record_result(
        new_team("Larks"), "prague", Result(True, 2, 7), "2026-11-22T20:00"
    )
    on_the_phone = record_result(
        on_the_phone.team, "cairo", Result(False, 0, 3), "2026-11-22T21:00"
    )
    storage = new_device()
    team = import_team(table.store, on_the_phone.team.to_json(), phone=device_of(storage).key)
    for route, words in (
        (f"/teams/{team.id}", "Berlin 11-2, open"),
        (f"/teams/{team.id}/history", "Prague: won, 13"),
        (f"/teams/{team.id}/history", "Cairo: lost"),
        (f"/teams/{team.id}/missions/cairo", "Cairo"),
    ):
        phone = await Phone(route, storage=storage).open()
        assert phone.says(words), (route, phone.texts())
        assert not phone.says("None") and not phone.crashed()


@alone
async def test_the_language_chosen_on_the_sites_home_is_spoken_at_once_and_kept() -> None:
    phone = await Phone("/", site=True, languages=["en-US"]).open()
    assert phone.says("As this phone: English")
    await phone.choose("Language", "fr")
    assert phone.says("Nouvelle partie") and phone.storage[LANGUAGE_KEY] == "fr"
    again = await Phone("/", site=True, storage=phone.storage, languages=["en-US"]).open()
    assert again.says("Rejoindre la partie de votre partenaire")


@alone
async def test_a_team_file_is_imported_only_after_asking_and_a_bad_one_changes_nothing() -> None:
    theirs = record_result(new_team("Larks"), "prague", Result(True, 1, 6), "2026-11-22T20:00")
    ours = record_result(new_team("Owls"), "prague", Result(False, 0, 2), "2026-11-22T19:00")
    storage = {TEAM_KEY: ours.team.to_json()}
    picked = _picked("Larks.gadget-team.json", theirs.team.to_json().encode())
    phone = await Phone("/team", {"pick_files": picked}, site=True, storage=storage).open()
    await phone.tap("Import a file")
    assert phone.says("Keep Larks on this phone?")
    assert phone.says("It replaces Owls and its 1 attempt here; export Owls first to keep it.")
    await phone.tap("Keep Owls")
    assert json.loads(storage[TEAM_KEY])["team"]["name"] == "Owls"
    await phone.tap("Import a file")
    await phone.tap("Replace Owls")
    assert json.loads(storage[TEAM_KEY])["team"]["name"] == "Larks"
    assert phone.says("This phone now keeps Larks.") and phone.says("Berlin 11-2, open")
    broken = _picked("x.json", b'{"format": "gadget-team/1", "team": {"name": "\\u202e"}}')
    other = await Phone("/team", {"pick_files": broken}, site=True, storage=storage).open()
    await other.tap("Import a file")
    assert other.says(  # one sentence, as the served app says it (an outsider's finding)
        "That backup was not imported: a team name contains the control character U+202E."
    )
    assert json.loads(storage[TEAM_KEY])["team"]["name"] == "Larks"
    huge = _picked("x.json", b" " * (1024 * 1024 + 1))
    third = await Phone("/team", {"pick_files": huge}, site=True, storage=storage).open()
    await third.tap("Import a file")
    assert third.says("at most 1024 KiB (1 MiB) are read")


@alone
async def test_a_new_game_may_be_for_an_open_city_or_a_completed_one_played_again() -> None:
    team = record_result(new_team("Owls"), "prague", Result(True, 2, 7), "2026-11-22T20:00").team
    phone = await Phone("/", site=True, storage={TEAM_KEY: team.to_json()}).open()
    for offered in ("Berlin 11-2", "Moscow 8-8", "Cairo 9-5", "Prague 9-9 (completed)"):
        assert phone.says(offered)
    assert not phone.says("London 10-2")  # still locked
    await phone.choose("Mission", "moscow")
    await phone.tap("New game")
    code = code_on(phone)
    assert (code.tokens, code.mistakes) == (8, 8)
    await phone.tap("The game is over: record the result")
    assert phone._find(ft.Dropdown, label="Mission").value == "moscow"  # Moscow's bank


def test_a_qr_code_read_in_the_site_leads_to_side_b_or_to_a_teams_import() -> None:
    code = Deal(42).code
    assert route_of_text(f"https://x.example/gadget/#/join/{code.text}") == f"/play/{code.text}/b"
    assert route_of_text(f" {code.text.lower()} ") == f"/play/{code.text}/b"
    link = team_link("https://x.example/gadget/", new_team("Larks"))
    assert route_of_text(link) == "/import/" + link.split("#/import/", 1)[1]
    with pytest.raises(ScanError, match="not a Gadget team"):
        route_of_text("https://x.example/#/import/../../settings")
    with pytest.raises(ScanError, match="not a Gadget game"):
        route_of_text("https://example.org/")


SIDE_LINK_TEXT = re.compile(r"#(/side/[0-9A-Z-]+\.\d+)$")


def side_link_on(phone: Phone) -> str:
    """The route side A's link carries, as phone A shows it (after the site's "#")."""
    found = [
        m.group(1)
        for t in phone.texts()
        if not t.startswith("QR code of") and (m := SIDE_LINK_TEXT.search(t))
    ]
    assert len(found) == 1, phone.texts()
    return found[0]


@alone
async def test_side_a_s_phone_hands_side_a_to_a_third_phone_by_its_link_only() -> None:
    """The game of more than two on the site (issue 37): side A's link carries its seed (the
    player shows it), and opens side A on any phone, kept there as its own; side B's phones
    join by the code; an edited link opens nothing."""
    phone_a, code = await dealt()
    assert not phone_a.says("Every phone that opens this holds side A")  # shown when asked
    await phone_a.tap("Add a phone to side A")
    assert phone_a.says("Every phone that opens this holds side A: show it only to players")
    route = side_link_on(phone_a)
    assert code.text in route
    second_a = await Phone(route, site=True).open()
    assert await until(lambda: second_a.session.page.route == f"/play/{code.text}/a")
    await second_a.settle()
    assert second_a.grid() == phone_a.grid()
    again = await Phone(f"/play/{code.text}/a", site=True, storage=second_a.storage).open()
    assert again.grid() == phone_a.grid()  # kept: a reload there shows side A again
    phone_b = await Phone(f"/join/{code.text}", site=True).open()
    assert phone_b.grid() == code.seen_from_b()
    assert not phone_b.says("Add a phone to side")  # side B's other phones: the code
    seed = int(route.rsplit(".", 1)[1])
    for edited in (
        route.rsplit(".", 1)[0] + f".{seed ^ 1}",  # another seed: another card
        route.rsplit(".", 1)[0],  # no seed
        route + "0" * 30,  # far too long
        f"/side/{code.text}.{chr(0xFF11) * 3}",  # digits, but not ASCII ones (full-width)
        "/side/garbage",
    ):
        stranger = await Phone(edited, site=True).open()
        assert stranger.says("That link opens no side."), edited
        assert not any(t.startswith("row 1 column") for t in stranger.texts())
