# The checks CI cares about, in one place: `make check`.
.PHONY: check lint test screenshots bench mutate

check: lint test

lint:
	ruff check cardtable tests
	ruff format --check cardtable tests
	mypy
	lint-imports

test:
	python -m pytest -n 2

screenshots:
	cardtable screenshots

bench:
	cardtable bench

# Mutation testing of the rules cores (a developer tool, not part of `test`): one game at a time
# on a small machine, e.g. `make mutate GAME=pazu`; then `mutmut browse` or `mutmut show NAME`.
GAME ?= *
mutate:
	mutmut run --max-children 2 "cardtable.games.$(GAME).*"
	mutmut results
