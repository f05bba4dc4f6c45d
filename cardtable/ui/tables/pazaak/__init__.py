"""The pazaak table screen and its widgets."""
