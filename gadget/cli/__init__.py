"""The `gadget` command: one module per group of commands, each parser beside its handlers.

main (the dispatch) -> codes | teams | maps | paper | seats | server (independent) -> io.
"""

from gadget.cli.main import main

__all__ = ["main"]
