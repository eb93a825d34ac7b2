"""The classic Codenames and Codenames Pictures key cards: the rule books' counts over 100,000
deals of each, a uniform deal (chi-square on every cell), codes that make the same card on
every device (golden vectors) and that no other game reads as its own."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gadget.engine import Deal, ShareCode
from gadget.engine.classic import LAYOUTS, ClassicCard, Game, Role, Team, deal
from gadget.engine.errors import KeyCardError, ShareCodeError
from gadget.engine.prng import SplitMix64
from gadget.engine.sharecode import ALPHABET, grouped

DEALS = 100_000
# seed -> (starting team, cells row-major, code): a change here breaks every code in use.
GOLDEN = {
    Game.CLASSIC: [
        (0, "blue", "BRRBBXBB--RB----BR-RBRRRB", "38N6C-EVTHE"),
        (1, "blue", "BBR-B-B-BBRBR-BXR-R-BRRR-", "310W5-Y32SZ"),
        (2**64 - 1, "red", "RR--BR-X-RBBBRB-RRR-BRBB-", "3269J-QRPPP"),
    ],
    Game.PICTURES: [
        (0, "blue", "R-RBR-B-RRRBBBBBXR-B", "400MH-08DVD"),
        (1, "blue", "-B-RBBBR--BRRBBBRRRX", "4002S-MAYSE"),
        (2**64 - 1, "red", "-RRRRBR-BR-BB-BXRRBB", "4008E-QN1JF"),
    ],
}


def _chi_square_limit(freedom: int, z: float = 3.719) -> float:
    """The chi-square value exceeded by chance once in 10,000 (Wilson and Hilferty)."""
    ninth = 2 / (9 * freedom)
    return freedom * (1 - ninth + z * math.sqrt(ninth)) ** 3


@pytest.mark.parametrize("game", list(Game))
def test_100000_deals_have_the_rule_books_counts_and_are_uniform(game: Game) -> None:
    layout = LAYOUTS[game]
    seeds = SplitMix64(2026_11_25 + layout.cells)
    starting = Counter[Team]()
    by_cell = [Counter[str]() for _ in range(layout.cells)]
    for _ in range(DEALS):
        card = deal(game, seeds.next_u64())
        counts = Counter(card.cells)
        assert counts[card.starting.agent] == layout.starting_agents
        assert counts[card.starting.other.agent] == layout.other_agents
        assert counts[Role.BYSTANDER] == layout.bystanders
        assert counts[Role.ASSASSIN] == 1
        starting[card.starting] += 1
        kind = {card.starting.agent: "starting team", card.starting.other.agent: "other team"}
        for cell, role in enumerate(card.cells):
            by_cell[cell][kind.get(Role(role), role)] += 1
    # The starting team: a fair coin, within 4.5 standard deviations.
    assert abs(starting[Team.RED] - DEALS / 2) < 4.5 * math.sqrt(DEALS / 4), starting
    # Each cell: each kind as often as its share of the card (a uniform deal).
    share = {
        "starting team": layout.starting_agents / layout.cells,
        "other team": layout.other_agents / layout.cells,
        Role.BYSTANDER: layout.bystanders / layout.cells,
        Role.ASSASSIN: 1 / layout.cells,
    }
    statistic = sum(
        (counted[kind] - DEALS * part) ** 2 / (DEALS * part)
        for counted in by_cell
        for kind, part in share.items()
    )
    assert statistic < _chi_square_limit(layout.cells * (len(share) - 1)), statistic


@pytest.mark.parametrize("game", list(Game))
def test_the_golden_vectors_make_the_same_cards_and_codes(game: Game) -> None:
    for seed, team, cells, code in GOLDEN[game]:
        card = deal(game, seed)
        assert (card.starting.value, card.cells, card.code) == (team, cells, code)
        assert ClassicCard.from_code(code) == card
        assert ClassicCard.from_code(code.lower().replace("-", " ")) == card


@given(st.sampled_from(list(Game)), st.integers(0, 2**64 - 1))
def test_every_card_is_made_again_from_its_code(game: Game, seed: int) -> None:
    card = deal(game, seed)
    assert ClassicCard.from_code(card.code) == card
    assert len(card.rows()) == card.layout.rows
    assert {len(row) for row in card.rows()} == {card.layout.columns}


@given(st.sampled_from(list(Game)), st.integers(0, 2**64 - 1), st.integers(0, 9), st.data())
def test_a_code_with_one_character_wrong_is_refused(
    game: Game, seed: int, place: int, data: st.DataObject
) -> None:
    text = deal(game, seed).code.replace("-", "")
    wrong = data.draw(st.sampled_from([c for c in ALPHABET if c != text[place]]))
    typo = text[:place] + wrong + text[place + 1 :]
    with pytest.raises(ShareCodeError):
        ClassicCard.from_code(typo)


def test_no_game_reads_another_games_code_as_its_own_card() -> None:
    duet = Deal(seed=7).code.text
    with pytest.raises(ShareCodeError, match="is a code for Codenames: Duet, not for classic"):
        ClassicCard.from_code(duet)
    classic, pictures = deal(Game.CLASSIC, 7).code, deal(Game.PICTURES, 7).code
    with pytest.raises(ShareCodeError, match="is a code for classic Codenames, not for Codenames"):
        ShareCode.parse(classic)
    with pytest.raises(ShareCodeError, match="is a code for Codenames Pictures, not for Codenames"):
        ShareCode.parse(pictures)
    assert ClassicCard.from_code(pictures).game is Game.PICTURES


def test_a_code_past_the_last_card_is_a_typo() -> None:
    assert 2 * LAYOUTS[Game.PICTURES].layouts < (1 << 40)  # every data character 'Z'
    text = grouped([Game.PICTURES.version] + [31] * 8)
    with pytest.raises(ShareCodeError, match="is not a valid code: check for a typo"):
        ClassicCard.from_code(text)


@pytest.mark.parametrize(
    ("cells", "said"),
    [
        ("R" * 24, "a classic Codenames card has 25 cells, not 24"),
        ("Q" + "R" * 24, "“Q” is not a cell of a card"),
        ("R" * 9 + "B" * 9 + "-" * 6 + "X", "has 8 cells B, not 9"),
        ("R" * 9 + "B" * 8 + "-" * 6 + "XX", "has 7 cells -, not 6"),
    ],
)
def test_a_card_that_breaks_the_rule_book_is_refused_naming_the_value(
    cells: str, said: str
) -> None:
    with pytest.raises(KeyCardError, match=said):
        ClassicCard(Game.CLASSIC, Team.RED, cells)


def test_a_classic_code_past_the_last_card_is_refused_and_any_code_finds_its_game() -> None:
    from gadget.engine.classic import _DATA_CHARS, parse_any  # noqa: PLC0415

    cards = LAYOUTS[Game.CLASSIC].layouts * 2  # each layout, either team first

    def typed(payload: int) -> str:
        chars = [(payload >> 5 * shift) & 31 for shift in range(_DATA_CHARS - 1, -1, -1)]
        return grouped([Game.CLASSIC.version, *chars])

    assert ClassicCard.from_code(typed(cards - 1)).game is Game.CLASSIC
    with pytest.raises(ShareCodeError, match="not a valid code"):
        ClassicCard.from_code(typed(cards))
    for seed in range(5):
        for game in (Game.CLASSIC, Game.PICTURES):
            assert parse_any(deal(game, seed).code) == deal(game, seed)
        assert parse_any(Deal(seed).code.text) == Deal(seed).code


@pytest.mark.parametrize("extra", [-1, 1])
def test_a_card_of_one_cell_more_or_less_than_its_layout_is_refused(extra: int) -> None:
    card = deal(Game.CLASSIC, 1)
    cells = card.cells + "N" if extra > 0 else card.cells[:-1]
    with pytest.raises(
        KeyCardError, match=f"a classic Codenames card has 25 cells, not {25 + extra}"
    ):
        ClassicCard(Game.CLASSIC, card.starting, cells)


def test_the_number_of_cards_is_the_rule_books() -> None:
    # Classic: 9 agents of the starting team among 25, 8 of the other among the 16 left, the
    # assassin among the 8 left. Pictures: 8 among 20, 7 among 12, the assassin among 5.
    assert LAYOUTS[Game.CLASSIC].layouts == 210_344_706_000
    assert LAYOUTS[Game.PICTURES].layouts == 498_841_200


def test_a_card_with_strange_cells_names_the_first_of_them_in_order() -> None:
    card = deal(Game.CLASSIC, 1)
    with pytest.raises(KeyCardError, match="“Q” is not a cell of a card"):
        ClassicCard(Game.CLASSIC, card.starting, "Z" + card.cells[1:-1] + "Q")
