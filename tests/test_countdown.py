"""One countdown for both timers (engine/countdown.py): the Duet turn timer and the classic
team timer pause, resume, restart and bound their time alike (they had drifted: a start in
the future showed hours on the Duet timer only)."""

from __future__ import annotations

import pytest

from gadget.engine import countdown
from gadget.engine.classic import Team
from gadget.engine.team_timer import TeamTimerSettings, first_turn
from gadget.engine.timing import SettingsError, Stretch, TimerSettings, TimerState


def test_the_time_left_runs_down_to_zero_and_never_below() -> None:
    assert countdown.seconds_left(60, 100, None, 100) == 60
    assert countdown.seconds_left(60, 100, None, 130.5) == 29.5
    assert countdown.seconds_left(60, 100, None, 160) == 0
    assert countdown.seconds_left(60, 100, None, 1000) == 0


def test_a_start_in_the_future_shows_the_whole_time_not_more() -> None:
    assert countdown.seconds_left(60, 1_000_000, None, 0) == 60


def test_a_paused_stretch_keeps_its_time_and_resumes_from_it() -> None:
    assert countdown.seconds_left(60, 0, 25, 1000) == 25
    started = countdown.resumed_start(60, 25, 1000)
    assert started == 965
    assert countdown.seconds_left(60, started, None, 1000) == 25
    assert countdown.seconds_left(60, started, None, 1010) == 15


def _both(seconds: int, started_at: float) -> tuple[TimerState, object]:
    duet = TimerState(TimerSettings(True, seconds, seconds), Stretch.CLUE, 0, started_at)
    classic = first_turn(TeamTimerSettings(seconds, seconds), Team.RED, started_at)
    return duet, classic


@pytest.mark.parametrize(("started_at", "now"), [(0, 0), (0, 20), (0, 999), (5_000, 0)])
def test_both_timers_count_alike(started_at: float, now: float) -> None:
    duet, classic = _both(60, started_at)
    assert duet.seconds_left(now) == classic.seconds_left(now)  # type: ignore[attr-defined]
    paused = duet.paused_at(now), classic.paused_at(now)  # type: ignore[attr-defined]
    assert paused[0].seconds_left(now + 500) == paused[1].seconds_left(now + 500)
    resumed = paused[0].resumed_at(now + 500), paused[1].resumed_at(now + 500)
    assert resumed[0].seconds_left(now + 510) == resumed[1].seconds_left(now + 510)
    again = resumed[0].restarted_at(now + 600), resumed[1].restarted_at(now + 600)
    assert again[0].seconds_left(now + 630) == again[1].seconds_left(now + 630) == 30


def test_the_duet_timer_times_each_stretch_with_its_own_time() -> None:
    settings = TimerSettings(True, 30, 90)
    assert settings.seconds_for(Stretch.CLUE) == 30
    assert settings.seconds_for(Stretch.GUESS) == 90
    guess = TimerState(settings, Stretch.GUESS, 2, 100)
    assert guess.seconds_left(110) == 80
    assert not guess.paused and guess.paused_at(110).paused
    assert guess.paused_at(110).paused_at(500) == guess.paused_at(110)
    assert guess.resumed_at(110) == guess  # running: nothing to resume


@pytest.mark.parametrize(
    ("clue", "guess", "said"),
    [(4, 60, "the clue time 4 s is outside"), (60, 3601, "the guess time 3601 s is outside")],
)
def test_a_time_outside_5_s_to_60_min_is_refused(clue: int, guess: int, said: str) -> None:
    with pytest.raises(SettingsError, match=said):
        TimerSettings(True, clue, guess)
    TimerSettings(True, 5, 3600)  # both ends allowed


def test_the_duet_timer_is_off_with_2_minutes_a_stretch_until_a_player_sets_it() -> None:
    assert TimerSettings() == TimerSettings(enabled=False, clue_seconds=120, guess_seconds=120)
    assert (TimerSettings().enabled, TimerSettings().seconds_for(Stretch.GUESS)) == (False, 120)
