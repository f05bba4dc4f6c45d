"""One package per game: cards, state, actions, rules and bots, standard library only."""
