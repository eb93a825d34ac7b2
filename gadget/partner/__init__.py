"""The app as a Duet partner: it gives clues for its own side's words and guesses from a
player's clues, knowing only its own side (docs/partner.md)."""
