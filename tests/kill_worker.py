"""Plays games into a database as fast as it can, saying each committed version: killed by tests."""

import sys

from gadget.engine import Deal, GameLog, legal_actions
from gadget.engine.prng import SplitMix64
from gadget.services import games
from gadget.store import Store


def main() -> None:
    store = Store(sys.argv[1])
    chooser = SplitMix64(int(sys.argv[2]))
    game = games.start_game(store, GameLog.dealt(Deal(chooser.below(64))))
    while True:
        legal = legal_actions(game.state)
        if not legal:
            game = games.start_game(store, GameLog.dealt(Deal(chooser.below(64))))
            continue
        game = games.record_action(store, game.id, legal[chooser.below(len(legal))], game.version)
        print(game.id, game.version, flush=True)


if __name__ == "__main__":
    main()
