"""The pydantic boundary: options, settings, saves, replays and theme files."""
