"""The parts only the served app draws: they reach the live table (its service, its notices,
the seats), which the static site does not have."""
