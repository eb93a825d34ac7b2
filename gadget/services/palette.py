"""Every colour the app and its paper use, named by what it means (one place to change one)."""

from typing import Final

# The key card: green, black and tan are told apart by a symbol too, for colour-blind players.
AGENT: Final = "#2E7D32"
ASSASSIN: Final = "#212121"
BYSTANDER: Final = "#D7C4A3"
BYSTANDER_INK: Final = "#4E3B1F"  # text and symbols on a bystander
ON_DARK: Final = "#FFFFFF"  # text and symbols on an agent, an assassin or a hidden card
COVERED: Final = "#E8F5E9"  # an agent card on the word: pale, unlike the dark agents to find
COVERED_INK: Final = "#1B5E20"  # the agent's figure on it
CHOSEN: Final = "#FFB300"  # a word chosen, waiting for its touch to be confirmed
HIDDEN: Final = "#37474F"  # the card hidden from someone walking by

# The classic and Pictures key cards: the two teams' agents (and the starting team's border);
# a bystander and the assassin are drawn as Duet's; symbols in ON_DARK tell them apart.
RED_AGENT: Final = "#C62828"
BLUE_AGENT: Final = "#1565C0"

# Timer tokens: on a word, and in the bank by the side they show.
TOKEN: Final = "#F2C14E"
TOKEN_INK: Final = "#3B2A00"
TOKEN_BYSTANDER: Final = "#B8860B"
TOKEN_CHECKMARK: Final = "#546E7A"

# What happened.
WIN: Final = AGENT
GOOD_NEWS: Final = "#1B5E20"
DANGER: Final = "#B71C1C"  # a refusal, a loss, time up, the assassin
WARNING: Final = "#BF360C"  # the timer's warnings (text: AA on white)
SETBACK: Final = WARNING  # a bystander touched, a token discarded: not good news, not a loss
ATTENTION: Final = "#C43E00"  # an open mission; a request waiting for an answer

# Ink, lines and backgrounds.
INK: Final = "#263238"
FAINT: Final = "#90A4AE"  # the paper's quiet lines (never text on a screen)
LOCKED: Final = "#546E7A"  # a locked mission's dot
OUTLINE: Final = "#B0BEC5"  # panels; the map's reconstructed lines
ROAD: Final = "#455A64"  # the map's rule-book lines
BACKDROP: Final = "#ECEFF1"  # behind the drawn map
