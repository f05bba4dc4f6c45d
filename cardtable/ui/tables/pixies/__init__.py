"""The pixies table screen and its widgets."""
