"""The card's colours read at arm's length: every pair of ink and background it draws meets
WCAG AA contrast, and agents found are told apart from agents to find by far more than a
shade."""

from __future__ import annotations

import pytest

from gadget.services import palette

WHITE = "#FFFFFF"


def _luminance(colour: str) -> float:
    red, green, blue = (int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4))

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.03928 else ((channel + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(first: str, second: str) -> float:
    """WCAG 2's contrast ratio, 1 to 21."""
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_contrast_ratio_is_wcags() -> None:
    assert contrast("#000000", WHITE) == pytest.approx(21)
    assert contrast(WHITE, WHITE) == pytest.approx(1)
    assert contrast("#767676", WHITE) == pytest.approx(4.54, abs=0.01)  # the AA grey


# (ink, background, what is drawn): symbols and words on the card and around it.
CARD_PAIRS = [
    (palette.ON_DARK, palette.AGENT, "an agent's symbol"),
    (palette.ON_DARK, palette.ASSASSIN, "an assassin's symbol"),
    (palette.ON_DARK, palette.RED_AGENT, "a classic card's red agent's symbol"),
    (palette.ON_DARK, palette.BLUE_AGENT, "a classic card's blue agent's symbol"),
    (palette.RED_AGENT, WHITE, "'the red team starts' on a classic card"),
    (palette.BLUE_AGENT, WHITE, "'the blue team starts' on a classic card"),
    (palette.BYSTANDER_INK, palette.BYSTANDER, "a bystander's symbol"),
    (palette.COVERED_INK, palette.COVERED, "the figure on an agent found"),
    (palette.TOKEN_INK, palette.TOKEN, "'you' and 'partner' on a bystander token"),
    (palette.ON_DARK, palette.DANGER, "the assassin that was touched"),
    (palette.ON_DARK, palette.HIDDEN, "'Card hidden'"),
    (palette.GOOD_NEWS, WHITE, "a win, an agent found"),
    (palette.DANGER, WHITE, "a loss, a refusal"),
    (palette.INK, WHITE, "the page's text"),
]


@pytest.mark.parametrize(("ink", "background", "what"), CARD_PAIRS, ids=str)
def test_every_ink_on_the_card_meets_wcag_aa(ink: str, background: str, what: str) -> None:
    assert contrast(ink, background) >= 4.5, what


def test_an_agent_found_stands_apart_from_an_agent_to_find() -> None:
    assert contrast(palette.COVERED, palette.AGENT) >= 3  # not a shade: light against dark


# Off the card: words need 4.5:1, symbols and the shapes that carry them 3:1 (WCAG 1.4.11).
SCREEN_TEXT = [
    (palette.WARNING, WHITE, "'30 seconds left!'"),
    (palette.SETBACK, WHITE, "'You touched a bystander: the turn ends.'"),
    (palette.INK, palette.BACKDROP, "a city's name and T-M on the map"),
    (palette.ON_DARK, palette.AGENT, "a completed city's tick"),
]
SCREEN_SHAPES = [
    (palette.ON_DARK, palette.ATTENTION, "an open city's arrow"),
    (palette.ON_DARK, palette.LOCKED, "a locked city's padlock"),
    (palette.ATTENTION, palette.BACKDROP, "an open city's dot on the map"),
    (palette.LOCKED, palette.BACKDROP, "a locked city's dot on the map"),
    (palette.AGENT, palette.BACKDROP, "a completed city's dot on the map"),
    (palette.ATTENTION, WHITE, "the frame of a request waiting for an answer"),
]


@pytest.mark.parametrize(("ink", "background", "what"), SCREEN_TEXT, ids=str)
def test_words_off_the_card_meet_wcag_aa(ink: str, background: str, what: str) -> None:
    assert contrast(ink, background) >= 4.5, what


@pytest.mark.parametrize(("ink", "background", "what"), SCREEN_SHAPES, ids=str)
def test_symbols_off_the_card_meet_wcag_non_text_contrast(
    ink: str, background: str, what: str
) -> None:
    assert contrast(ink, background) >= 3, what


def test_the_three_states_of_a_city_are_three_different_colours() -> None:
    assert len({palette.AGENT, palette.ATTENTION, palette.LOCKED}) == 3
