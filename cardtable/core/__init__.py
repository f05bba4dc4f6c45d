"""The game protocol every game implements; standard library only, no UI."""
