"""The Textual app: screens, widgets and one table screen per game."""
