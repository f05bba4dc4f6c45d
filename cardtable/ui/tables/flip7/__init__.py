"""The flip7 table screen and its widgets."""
