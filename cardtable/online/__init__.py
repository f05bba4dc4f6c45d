"""Online play: a server that holds every table, and sessions that see one seat of it."""
