"""En français: the catalogue is whole and up to date, every screen in French shows no
English words from it, a French phone and an English one share a table, and the command
line and the paper speak French when asked."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from gadget.cli import main
from gadget.engine import Clue, GadgetError, Guess, Player, ShareCode
from gadget.language import SOURCE, catalogue_path, choose, codes, from_environment, language
from gadget.missions.team_document import read_document
from gadget.services import games
from gadget.services.campaign import record_played_elsewhere
from gadget.services.table import Table
from gadget.views.parts.language import STORAGE_KEY as LANGUAGE_KEY
from tests.cards import CODE_TEXT
from tests.games import ASSASSIN_ACTIONS, WINNING_ACTIONS, log_of
from tests.phones import Phone, device_of, new_device, seated
from tests.screens import at_the_table, card_of, seat_of
from tests.test_paper import _save, _text, poppler  # noqa: F401 (poppler: a fixture)

A, B = Player.A, Player.B
ROOT = Path(__file__).resolve().parents[1]
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:![rsa])?(?::[^{}]*)?\}|%\(\w+\)[rsd]|%[rsd]")


def _catalogue(code: str) -> Catalog:
    with catalogue_path(code).open("rb") as source:
        return read_po(source, locale=code)


def _tool() -> Any:
    """tools/catalogue.py, which extracts the messages from the code (`make catalogues`)."""
    spec = importlib.util.spec_from_file_location("catalogue", ROOT / "tools" / "catalogue.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _ids(catalog: Catalog) -> set[tuple[object, str | None]]:
    return {(m.id, m.context) for m in catalog if m.id}


# -- the catalogue ---------------------------------------------------------------------------


def test_french_is_a_language_of_the_app_and_english_its_source() -> None:
    assert codes() == (SOURCE, "fr")
    assert language("fr").name == "Français" and language("en").name == "English"


@pytest.mark.parametrize("code", codes()[1:])
def test_every_message_in_the_code_has_a_translation_in_every_catalogue(code: str) -> None:
    """A new message on a screen, in an error or on the paper fails here until the
    catalogues are updated (`make catalogues`) and it is translated."""
    in_code = _ids(_tool().template())
    catalogue = _catalogue(code)
    assert in_code - _ids(catalogue) == set(), "run `make catalogues`, then translate"
    untranslated = [
        m.id
        for m in catalogue
        if m.id and (m.fuzzy or not all(m.string if isinstance(m.string, tuple) else (m.string,)))
    ]
    assert untranslated == []
    assert catalogue.num_plurals == 2 and catalogue.plural_expr == "(n > 1)"


@pytest.mark.parametrize("code", codes()[1:])
def test_no_translation_drops_or_invents_a_placeholder(code: str) -> None:
    dropped = []
    for message in _catalogue(code):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = {found for text in ids for found in PLACEHOLDER.findall(text)}
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            if set(PLACEHOLDER.findall(string)) != wanted:
                dropped.append((ids[0], string))
    assert dropped == []


def test_the_placeholder_check_catches_a_dropped_or_renamed_value() -> None:
    assert set(PLACEHOLDER.findall("{count} tokens left ({bystanders!r})")) == {
        "{count}",
        "{bystanders!r}",
    }
    assert PLACEHOLDER.findall('key must be {"a": 1}') == []
    assert PLACEHOLDER.findall("%(prog)s: %s") == ["%(prog)s", "%s"]


def test_the_compiled_catalogue_says_french_and_its_plural_rule() -> None:
    french = language("fr")
    assert french.gettext("New game") == "Nouvelle partie"
    assert french.city("Cairo") == "Le Caire" and french.city("Atlantis") == "Atlantis"
    assert (
        french.ngettext("{count} token left", "{count} tokens left", 1) == "{count} jeton restant"
    )
    assert (
        french.ngettext("{count} token left", "{count} tokens left", 0) == "{count} jeton restant"
    )
    assert (
        french.ngettext("{count} token left", "{count} tokens left", 2) == "{count} jetons restants"
    )


def test_the_french_editions_words_are_the_apps() -> None:
    french = language("fr")
    said = {
        "timer tokens": french.gettext(
            "{turns} timer tokens, {mistakes} of them bystander side up."
        ),
        "bystander": french.pgettext("cell", "bystander"),
        "assassin": french.pgettext("cell", "assassin"),
        "clue": french.gettext("Give clue"),
        "sudden death": french.gettext(
            "Sudden death: touch words one at a time; each phone records its partner's touches."
        ),
        "key cards": french.gettext("Key cards (PDF)"),
        "mission map": french.pgettext("map", "Codenames Duet mission map"),
        "guesser": french.gettext("You gave the clue. {partner} guesses."),
    }
    assert "jetons Temps" in said["timer tokens"] and "passant" in said["timer tokens"]
    assert (said["bystander"], said["assassin"]) == ("passant", "assassin")
    assert "indice" in said["clue"] and "mort subite" in said["sudden death"].lower()
    assert "Cartes Clé" in said["key cards"] and "carte de missions" in said["mission map"].lower()
    assert "agent" in said["guesser"]
    cities = {"Cairo": "Le Caire", "Moscow": "Moscou", "London": "Londres",
              "Vatican City": "Cité du Vatican", "Cape Town": "Le Cap", "Baghdad": "Bagdad",
              "Singapore": "Singapour"}  # fmt: skip
    assert {english: french.city(english) for english in cities} == cities


def test_a_browser_or_an_environment_chooses_a_language_the_app_speaks() -> None:
    assert choose(["fr-CA", "en"]).code == "fr"
    assert choose(["de-DE", "fr"]).code == "fr"
    assert choose(["de", "es"]).code == "en"
    assert choose(["", "x-klingon", "fr_FR.UTF-8"]).code == "fr"
    assert choose([]).code == "en"
    hostile: list[object] = [None, 5, "x" * 100_000, "fr" * 20, *["de"] * 10_000, "fr"]
    assert choose(hostile).code == "en"  # a hostile browser's list: its first few short words
    assert choose([None, "fr-BE"]).code == "fr"
    assert language("de").code == "en"
    assert from_environment({"LANG": "fr_FR.UTF-8"}).code == "fr"
    assert from_environment({"LANGUAGE": "de:fr", "LANG": "en_US.UTF-8"}).code == "fr"
    assert from_environment({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}).code == "en"
    assert from_environment({}).code == "en"


def test_numbers_and_dates_are_written_as_each_language_writes_them() -> None:
    french, english = language("fr"), language("en")
    assert english.number(1234.5) == "1,234.5"
    assert french.number(1234.5) == "1\u202f234,5"
    when = datetime(2026, 11, 22, 18, 5)
    assert english.moment(when) == "Nov 22, 2026, 6:05\u202fPM"  # 18:05 is not 6:05
    assert french.moment(when) == "22 nov. 2026, 18:05"
    assert french.day(when.date()) == "22 nov. 2026"


# -- the screens -----------------------------------------------------------------------------


def _english_patterns() -> list[re.Pattern[str]]:
    """Every English message of the catalogue whose French is other words, as a pattern that
    finds it on a screen (a value may stand where a placeholder is)."""
    patterns = []
    for message in _catalogue("fr"):
        if not message.id or message.context == "city":
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english in ids:
            if english in strings or not re.search(r"[A-Za-z]{3,}", PLACEHOLDER.sub("", english)):
                continue  # the same in French, or no English words of its own ("{a}: {b}")
            parts = PLACEHOLDER.split(english)
            body = ".+?".join(re.escape(part) for part in parts)
            if " " in english.strip():
                patterns.append(re.compile(r"(?<!\w)" + body + r"(?!\w)"))
            else:  # one word: only a whole text (a word may be spelt alike in French)
                patterns.append(re.compile("^" + body + "$"))
    return patterns


ENGLISH_WORDS = _english_patterns()


def _english_on(phone: Phone) -> list[str]:
    return [
        f"{pattern.pattern!r} in {text!r}"
        for text in phone.texts()
        for pattern in ENGLISH_WORDS
        if pattern.search(text)
    ]


def test_the_check_finds_english_words_on_a_screen() -> None:
    class Screen:
        def __init__(self, *texts: str) -> None:
            self._texts = list(texts)

        def texts(self) -> list[str]:
            return self._texts

    assert _english_on(Screen("Nouvelle partie", "Côté A")) == []  # type: ignore[arg-type]
    assert (
        _english_on(Screen("Plus que 10 secondes !", "3 tokens left (1 bystander side up).")) != []
    )  # type: ignore[arg-type]
    assert _english_on(Screen("Home")) != [] and _english_on(Screen("Paris")) == []  # type: ignore[arg-type]


@at_the_table
async def test_every_screen_in_french_shows_no_english_words_from_the_catalogue(
    table: Table,
) -> None:
    store = table.store
    owls = store.add_team("Owls", ["Ann", "Ben"])
    storage = {**new_device(), LANGUAGE_KEY: "fr"}
    store.join_team(owls.id, device_of(storage).key)
    for bank, actions in (((9, 9), ASSASSIN_ACTIONS), ((9, 9), WINNING_ACTIONS)):
        record_played_elsewhere(store, "Owls", "Prague", log_of(actions, *bank).to_json())
    both_missed = (Clue(A), Guess(B, 18), Clue(B), Guess(A, 19))
    playing = games.start_game(store, log_of(both_missed))
    ending = games.start_game(store, log_of(ASSASSIN_ACTIONS[:-1]))
    seen: dict[str, list[str]] = {}
    for route in (
        "/",
        "/settings",
        "/paper",
        "/scan",
        "/history",
        "/teams",
        f"/teams/{owls.id}",
        f"/teams/{owls.id}/missions/berlin",
        f"/teams/{owls.id}/missions/sydney",
        f"/teams/{owls.id}/history",
        "/join/1000-0000-04SK",
        "/join/NOT-A-CODE",
        "/game/0000000000000000000000",
        "/teams/99",
        "/invite/0000000000000000000000",
    ):
        phone = await Phone(route, storage=storage).open()
        seen[route] = _english_on(phone)
        assert phone.texts(), route
        phone.close()
    dealer = await Phone("/", storage={**new_device(), LANGUAGE_KEY: "fr"}).open()
    await dealer.tap("Nouvelle partie")
    assert dealer.says("Votre partenaire scanne ceci, ou tape le code :")
    seen["a new game"] = _english_on(dealer)
    for game, name in ((playing, "tokens on words"), (ending, "the end")):
        french = {**new_device(), LANGUAGE_KEY: "fr"}
        phone_a = await seated(store, game, A, french)
        phone_b = await seated(store, game, B, {**new_device(), LANGUAGE_KEY: "fr"})
        if game is ending:
            await phone_a.tap_cell(*seat_of(A, 10))  # B touched A's assassin; A records it
            assert phone_a.says("Perdu : B a touché l'assassin.")
            assert phone_b.says("Perdu : vous avez touché l'assassin.")
        else:
            await phone_a.type("Indice", "arbre")
            await phone_a.tap("Donner l'indice")
            assert phone_a.says("Vous avez donné l'indice : arbre. B est l'agent.")
        seen[name] = _english_on(phone_a) + _english_on(phone_b)
        request = await Phone(
            f"/game/{game.public_id}", storage={**new_device(), LANGUAGE_KEY: "fr"}
        ).open()
        seen[name + ", another phone"] = _english_on(request)
    assert {route: found for route, found in seen.items() if found} == {}


@at_the_table
async def test_a_french_browser_gets_french_and_its_english_partner_english_at_one_table(
    table: Table,
) -> None:
    phone_a = await Phone("/", languages=["fr-FR", "en"]).open()
    assert phone_a.says("Rejoindre votre partenaire") and not phone_a.says("Join your partner")
    await phone_a.tap("Nouvelle partie")
    code = next(t for t in phone_a.texts() if CODE_TEXT.match(t))
    phone_b = await Phone(f"/join/{code}", languages=["en-GB"]).open()
    assert phone_a.says("Côté A") and phone_b.says("Side B")
    await phone_a.type("Indice", "rivière")
    await phone_a.tap("Donner l'indice")
    assert phone_a.says("Vous avez donné l'indice : rivière. B est l'agent.")
    assert phone_b.says("A gave the clue: rivière. You guess.")
    assert phone_a.says("Quand B touche un mot, touchez-le ici.")
    assert not _english_on(phone_a)
    assert not any(pattern.search(t) for t in phone_b.texts() for pattern in _french_patterns())
    card = card_of(table, ShareCode.parse(code))
    agent = card.a.index("G")  # B touches one of A's agents; A records it in French
    await phone_a.tap_cell(*seat_of(A, agent))
    await phone_b.settle()
    assert phone_a.says("B a trouvé un contact.") and phone_b.says("You found an agent.")
    assert not phone_a.says("You found") and not phone_b.says("contact")


def _french_patterns() -> list[re.Pattern[str]]:
    """The French translations that are other words than their English, as whole phrases."""
    found = []
    for message in _catalogue("fr"):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for french in strings:
            if message.id and " " in french.strip() and french not in ids:
                body = ".+?".join(re.escape(part) for part in PLACEHOLDER.split(french))
                found.append(re.compile(body))
    return found


@at_the_table
async def test_a_phone_chooses_its_language_in_settings_and_keeps_it(table: Table) -> None:
    storage = new_device()
    phone = await Phone("/settings", storage=storage, languages=["en-US"]).open()
    assert phone.says("Settings") and phone.says("As this phone: English")
    await phone.choose("Language", "fr")
    assert phone.says("Réglages") and phone.says("Langue") and not phone.says("Settings")
    assert storage[LANGUAGE_KEY] == "fr"
    phone.close()
    again = await Phone("/", storage=storage, languages=["en-US"]).open()
    assert again.says("Nouvelle partie")  # a reload keeps the choice over the browser's
    await again.go("/settings")
    await again.choose("Langue", "")
    assert again.says("Settings") and storage[LANGUAGE_KEY] == ""


# -- the command line and the paper ------------------------------------------------------------


def _run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str,
         *argv: str) -> tuple[int, str, str]:  # fmt: skip
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setenv("LANG", lang)
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_the_command_line_follows_lang(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _run(monkeypatch, capsys, "fr_FR.UTF-8", "new", "--tokens", "30")
    assert (status, err) == (2, "gadget: --tokens 30 n'est pas entre 1 et 15\n")
    status, _, err = _run(
        monkeypatch, capsys, "fr_FR.UTF-8", "keycard", "1ABC-DEFG-HJKL", "--side", "b"
    )
    assert status == 2 and err.startswith("gadget: ") and "code" in err and "the code" not in err
    status, _, err = _run(monkeypatch, capsys, "fr_FR.UTF-8", "print")
    assert status == 2 and "les arguments suivants sont obligatoires" in err
    status, _, err = _run(monkeypatch, capsys, "en_US.UTF-8", "new", "--tokens", "30")
    assert (status, err) == (2, "gadget: --tokens 30 is outside 1..15\n")


@pytest.mark.process
def test_help_is_french_under_a_french_lang() -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "gadget.cli.main", "print", "booklet", "--help"],
        capture_output=True,
        text=True,
        env={"LANG": "fr_FR.UTF-8", "PATH": "/usr/bin:/bin"},
        check=True,
    ).stdout
    assert shown.startswith("utilisation : gadget print booklet")
    assert "afficher ce message d'aide et quitter" in shown
    assert "la langue du papier" in shown


@pytest.mark.process
@pytest.mark.usefixtures("poppler")
def test_french_paper_is_french_through_poppler(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    map_pdf, booklets, cards = (tmp_path / name for name in ("map.pdf", "b.pdf", "k.pdf"))
    assert _run(monkeypatch, capsys, "en_US.UTF-8", "print", "map", "--lang", "fr", "-o",
                str(map_pdf))[0] == 0  # fmt: skip
    on_map = _text(map_pdf)
    assert "Carte de missions de Codenames Duo" in on_map and "Équipe" in on_map
    for city in ("Le Caire", "Moscou", "Londres", "Cité du Vatican", "Le Cap", "Bagdad"):
        assert city in on_map, city
    assert "Singapour" in on_map and "Cairo" not in on_map and "Team" not in on_map
    assert "jetons Temps" in on_map and "face passant visible" in on_map
    status, out, _ = _run(monkeypatch, capsys, "fr_FR.UTF-8", "print", "booklet", "--games", "2",
                          "--seed", "7", "-o", str(booklets))  # fmt: skip
    assert (status, out) == (0, f"{booklets} écrit (graine 7)\n")
    rules, first = _text(booklets, 1), _text(booklets, 2)
    assert "Jouer sur papier : livret du joueur 1" in rules and "mort subite" in rules
    assert "2 parties, graine 7" in rules and "Play by paper" not in rules
    assert "Partie 1 sur 2" in first and "Joueur 1" in first and "Contacts (15)" in first
    assert set(first.split()).isdisjoint({"Turns", "Targets", "Green", "Game", "Player"})
    english_words = _text(_save(tmp_path, "en.pdf", _english_words_in_a_french_booklet()), 2)
    assert "Partie 1 sur 2" in english_words and english_words != first  # --words en
    assert _run(monkeypatch, capsys, "fr_FR.UTF-8", "print", "keycards", "--games", "1",
                "--seed", "7", "-o", str(cards))[0] == 0  # fmt: skip
    on_cards = _text(cards)
    assert "Cartes Clé, graine 7" in on_cards and "Carte 1" in on_cards and "côté A" in on_cards


def _english_words_in_a_french_booklet() -> bytes:
    from gadget.services.printing.booklets import print_booklets  # noqa: PLC0415

    return print_booklets(7, 2, "en", "fr")


# Words the catalogue tool cannot read in the code, and where it finds them instead.
DATA_WORDS = {
    ("gadget/engine/keycard.py", "pair[0].label"),  # the colours' names: tools/catalogue.py
    ("gadget/engine/keycard.py", "pair[1].label"),
    ("gadget/views/parts/boundary.py", "SORRY"),  # N_() where it is defined
    ("gadget/views/parts/boundary.py", "trouble.next_step"),  # N_() where each app names it
    ("gadget/views/parts/camera.py", "NO_CAMERA"),
    ("gadget/services/printing/booklets.py", "paragraph"),  # RULES, each marked N_()
    ("gadget/views/parts/keycard.py", "CELL_LOOK[colour][3]"),  # context "cell": the tool
    ("gadget/views/parts/mission_map.py", "word"),  # context "mission": a city's state
    ("gadget/views/screens/mission.py", "card.state.value"),
    ("gadget/site/team_screen.py", "state.value"),
    ("gadget/cli/teams.py", "card.state.value"),
    ("gadget/cli/io.py", "message"),
    ("gadget/services/words.py", "template"),  # the score's two sentences, each marked N_()
    ("gadget/views/screens/team.py", "n"),  # context "map": the shipped map's name (the tool)
    ("gadget/cli/teams.py", "view.mission_map.name"),
    (
        "gadget/services/printing/map_pdf.py",
        "mission_map.name",
    ),  # argparse's words, said by argparse through the catalogue
}
# The machinery that says messages (it passes their words on) and the errors that make
# their own message from their arguments (MapError's problems, ReplayError's cause).
SAYERS = {"gadget/language.py", "gadget/views/parts/language.py", "gadget/engine/errors.py"}
OWN_MESSAGE = {"MapError", "ReplayError"}
SAYING = {"_", "gettext", "ngettext", "pgettext", "Message", "plural", "N_"}


def test_every_message_in_the_code_is_written_out_where_the_catalogue_finds_it() -> None:
    """A message made from a variable (or through `Message.of`) is invisible to extraction,
    and would stay English in every language: only the data words above may be."""
    import ast  # noqa: PLC0415

    errors = _tool()._error_classes()
    hidden = []
    allowed: set[tuple[str, str]] = set()
    for path in sorted((ROOT / "gadget").rglob("*.py")):
        source = path.read_text("utf-8")
        where = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.Call):
                continue
            name = (
                node.func.id
                if isinstance(node.func, ast.Name)
                else (node.func.attr if isinstance(node.func, ast.Attribute) else "")
            )
            if name == "of" and isinstance(node.func, ast.Attribute):
                name = f"{ast.unparse(node.func.value)}.of"
            if name not in (SAYING | errors | {"Message.of"}) - OWN_MESSAGE or not node.args:
                continue
            if where in SAYERS or (where == "gadget/cli/io.py" and name in SAYING):
                continue
            first = node.args[1] if name == "pgettext" else node.args[0]
            literal = isinstance(first, ast.Constant) and isinstance(first.value, str)
            city = any(k.arg == "context" for k in node.keywords) or (
                name == "pgettext" and ast.unparse(node.args[0]) == "'city'"
            )
            if literal or city:
                continue
            if (where, ast.unparse(first)) in DATA_WORDS:
                allowed.add((where, ast.unparse(first)))
            else:
                hidden.append(f"{where}:{node.lineno}: {ast.unparse(node)[:80]}")
    assert hidden == [], "\n".join(hidden)
    assert DATA_WORDS - allowed == set()  # no stale exception left to hide a new message


def test_a_third_language_is_one_catalogue_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Drop a catalogue in and the app speaks it: no list of languages to edit anywhere."""
    import gadget.language as languages  # noqa: PLC0415

    folder = tmp_path / "locale"
    for code in ("fr", "de"):
        target = folder / code / "LC_MESSAGES" / "gadget.po"
        target.parent.mkdir(parents=True)
        target.write_bytes(catalogue_path("fr").read_bytes())  # a stand-in German
    monkeypatch.setattr(languages, "LOCALE_FOLDER", folder)
    languages.language.cache_clear()
    languages.codes.cache_clear()
    try:
        assert languages.codes() == ("en", "de", "fr")
        german = choose(["de-AT", "en"])
        assert (german.code, german.name) == ("de", "Deutsch")
        assert german.gettext("New game") == "Nouvelle partie"  # its catalogue's words
        assert german.number(1234.5) == "1.234,5"  # and its own way with numbers
    finally:
        languages.language.cache_clear()
        languages.codes.cache_clear()


def test_a_refused_upload_gives_its_size_in_words_no_language_must_regroup() -> None:
    from gadget.engine.errors import Message  # noqa: PLC0415
    from gadget.services.uploads import MAX_UPLOAD, UploadError, read_upload  # noqa: PLC0415

    with pytest.raises(UploadError) as refused:
        read_upload(b"x" * (MAX_UPLOAD + 1), Message("map"))
    assert str(refused.value) == "the map has 1025 KiB; at most 1024 KiB (1 MiB) are read"
    assert (
        language("fr").say(refused.value) == "carte : 1025 Kio ; 1024 Kio au plus (1 Mio) sont lus"
    )


@pytest.mark.parametrize(
    ("text", "french"),
    [
        ("{", "JSON non valide à la ligne 1, colonne 2 : un nom entre guillemets doubles droits"),
        ('{"a": 1} x', "JSON non valide à la ligne 1, colonne 10 : quelque chose suit la fin"),
        ('"\\q"', "JSON non valide à la ligne 1, colonne 2 : un texte contient un échappement"),
    ],
)
def test_a_broken_file_is_refused_in_french_not_in_pythons_english(text: str, french: str) -> None:
    """Python's JSON parser says what is wrong in English only; a French reader is told in
    French (an outsider's finding)."""
    with pytest.raises(GadgetError) as refused:
        read_document(text)
    said = language("fr").say(refused.value)
    assert said.startswith(french), said
    assert "Expecting" not in said and "Extra data" not in said and "escape" not in said


@pytest.mark.process
@pytest.mark.usefixtures("poppler")
def test_classic_cards_speak_the_french_editions_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Maître-espion, agent, innocent, assassin; rouge, bleu; l'équipe rouge (Codenames, and
    Codenames Images for Pictures, as IELLO says them)."""
    status, out, _ = _run(monkeypatch, capsys, "fr_FR.UTF-8", "keycard", "38N6C-EVTHE")
    assert status == 0
    assert out.splitlines()[2:4] == [
        "Carte Clé de Codenames classique",
        "L'équipe bleue commence : 9 agents bleus, 8 agents rouges.",
    ]
    assert out.splitlines()[-1] == "R agent rouge   B agent bleu   - innocent   X assassin"
    status, _, err = _run(
        monkeypatch, capsys, "fr_FR.UTF-8", "keycard", "4002S-MAYSE", "--side", "b"
    )
    assert (status, err) == (
        2,
        "gadget: un code de Codenames Images fait l'unique carte que voient les deux"
        " maîtres-espions : elle n'a pas de côtés\n",
    )
    cards = tmp_path / "k.pdf"
    assert _run(monkeypatch, capsys, "fr_FR.UTF-8", "print", "keycards", "--game", "classic",
                "--games", "1", "--seed", "7", "-o", str(cards))[0] == 0  # fmt: skip
    on_cards = _text(cards)
    assert "Cartes Clé de Codenames classique, graine 7" in on_cards
    assert "Maîtres-espions seulement" in on_cards and "Carte 1" in on_cards
    for word in ("agent rouge", "agent bleu", "innocent", "assassin"):
        assert word in on_cards.splitlines(), word
    assert "L'équipe bleue commence" in on_cards and "Spymasters" not in on_cards
