"""The classic game's team timer: turns alternate, the first may be longer, pause keeps time."""

from __future__ import annotations

import pytest

from gadget.engine.classic import Team
from gadget.engine.team_timer import TeamTimerSettings, first_turn
from gadget.engine.timing import SettingsError


def test_turns_alternate_and_only_the_first_has_the_first_turns_time() -> None:
    timer = first_turn(TeamTimerSettings(turn_seconds=60, first_turn_seconds=90), Team.BLUE, 100)
    assert (timer.team, timer.turn, timer.seconds_left(130)) == (Team.BLUE, 1, 60)
    timer = timer.next_turn_at(200)
    assert (timer.team, timer.turn, timer.seconds_left(210)) == (Team.RED, 2, 50)
    timer = timer.next_turn_at(300)
    assert (timer.team, timer.seconds_left(300), timer.seconds_left(500)) == (Team.BLUE, 60, 0)


def test_a_pause_keeps_the_time_left_and_a_resume_goes_on_from_it() -> None:
    timer = first_turn(TeamTimerSettings(60, 60), Team.RED, 0).paused_at(20)
    assert (timer.paused, timer.seconds_left(1000)) == (True, 40)
    assert timer.paused_at(500) == timer
    timer = timer.resumed_at(1000)
    assert (timer.paused, timer.seconds_left(1010)) == (False, 30)
    assert timer.resumed_at(1010) == timer
    assert timer.restarted_at(1020).seconds_left(1020) == 60
    assert timer.paused_at(1010).next_turn_at(2000).paused is False


@pytest.mark.parametrize(
    ("turn", "first", "said"),
    [
        (4, 60, "a turn's time 4 s is outside 5 s..60 min"),
        (60, 3601, "the first turn's time 3601 s is outside"),
        (True, 60, "a turn's time true is not a whole number"),
        (60, 1.5, "the first turn's time 1.5 is not a whole number"),
    ],
)
def test_a_time_that_cannot_be_used_is_refused_naming_it(turn: int, first: int, said: str) -> None:
    with pytest.raises(SettingsError, match=said):
        TeamTimerSettings(turn, first)


def test_a_start_in_the_future_never_shows_more_than_the_turns_time() -> None:
    """A kept table with a start ahead of the phone's clock showed "16666:46"."""
    timer = first_turn(TeamTimerSettings(60, 90), Team.RED, 1_000_000)
    assert timer.seconds_left(0) == 90


def test_a_team_timer_gives_2_minutes_a_turn_and_3_for_the_first_unless_set() -> None:
    """The times both spymasters' phones start with (README: "Team timer")."""
    assert (TeamTimerSettings().turn_seconds, TeamTimerSettings().first_turn_seconds) == (120, 180)
    timer = first_turn(TeamTimerSettings(), Team.RED, 0)
    assert (timer.turn, timer.total, timer.next_turn_at(10).total) == (1, 180, 120)
