"""Names and notes a player types, checked by one rule on a server and on a phone: spaces
tidied, lengths capped, characters that could make two names look alike refused."""

from __future__ import annotations

import pytest

from gadget.missions.names import (
    MAX_NAME,
    MAX_NOTES,
    MAX_PLAYERS,
    PLAYER_NAME,
    TextError,
    clean_name,
    clean_notes,
    clean_players,
    name_key,
    sort_key,
)


def test_a_name_keeps_its_words_with_single_spaces() -> None:
    assert clean_name("  Night \t Owls\n") == "Night Owls"
    assert clean_name("x" * MAX_NAME) == "x" * MAX_NAME
    assert clean_name("Zoë\u200dBand") == "Zoë\u200dBand"  # a joiner, as names and emoji use


@pytest.mark.parametrize(
    ("raw", "named"),
    [
        (None, r"^a team name must be text$"),
        (7, r"^a team name must be text$"),
        ("", r"^a team name cannot be empty$"),
        (" \t\n", r"^a team name cannot be empty$"),
        ("x" * (MAX_NAME + 1), r"^a team name has 41 characters; at most 40$"),
        ("Owls\u202e", r"^a team name contains the control character U\+202E$"),
        ("O\u200bwls", r"^a team name contains the control character U\+200B$"),
        ("O\x00wls", r"^a team name contains the control character U\+0000$"),
    ],
)
def test_a_name_that_cannot_be_kept_is_refused_saying_why(raw: object, named: str) -> None:
    with pytest.raises(TextError, match=named):
        clean_name(raw)


def test_a_players_name_is_said_as_one() -> None:
    with pytest.raises(TextError, match=r"^a player's name cannot be empty$"):
        clean_name(" ", PLAYER_NAME)


def test_players_are_names_without_the_empty_ones_and_at_most_a_few() -> None:
    assert clean_players(["Ann", " ", " Ben "]) == ("Ann", "Ben")
    assert clean_players(("Ann",)) == ("Ann",)
    assert clean_players([]) == ()
    assert len(clean_players([f"P{n}" for n in range(MAX_PLAYERS)])) == MAX_PLAYERS
    with pytest.raises(TextError, match=r"^9 players named; a team has at most 8$"):
        clean_players([f"P{n}" for n in range(MAX_PLAYERS + 1)])
    for wrong in ("Ann", None, [1], ["Ann", 2]):
        with pytest.raises(TextError, match=r"^players must be a list of names$"):
            clean_players(wrong)
    with pytest.raises(TextError, match=r"^a player's name has 41 characters"):
        clean_players(["x" * 41])


def test_notes_keep_lines_and_tabs_but_no_other_control_character() -> None:
    assert clean_notes("first\n\tsecond ") == "first\n\tsecond "
    assert clean_notes("x" * MAX_NOTES) == "x" * MAX_NOTES
    with pytest.raises(TextError, match=r"^the notes have 2001 characters; at most 2000$"):
        clean_notes("x" * (MAX_NOTES + 1))
    with pytest.raises(TextError, match=r"^notes must be text$"):
        clean_notes(["a"])
    with pytest.raises(TextError, match=r"^the notes contain the control character U\+0007$"):
        clean_notes("ring\x07")


def test_names_differing_only_in_case_or_form_are_one_name() -> None:
    assert name_key("Équipe") == name_key("ÉQUIPE") == name_key("équipe")
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key("ﬁsh") == name_key("fish")  # a ligature, in its compatibility form
    assert name_key("Owls") != name_key("Larks")


def test_names_sort_with_accents_set_aside() -> None:
    names = ["Zèbres", "Équipe", "Autruches", "emus"]
    assert sorted(names, key=sort_key) == ["Autruches", "emus", "Équipe", "Zèbres"]
    assert sort_key("Élan") == "elan"


def test_a_kept_name_keeps_what_shows_nothing_that_an_older_gadget_let_in() -> None:
    """A phone's storage or a backup written before the rule: refused, the whole team is
    lost to its phone; a new name is refused."""
    assert clean_name("Owls\u200d", kept=True) == "Owls\u200d"
    with pytest.raises(TextError, match=r"contains U\+200D, which shows nothing there"):
        clean_name("Owls\u200d")
